"""Counting a game's tree through the Game protocol, to check a game's move generation
against published counts: :func:`perft` (the chess programmers' "performance test",
Chess Programming Wiki, "Perft") and :func:`tree_size` (every node and every terminal
leaf of a whole game).

Both generate moves with ``actions`` and ``result`` only, so they check an adapter
(chess over python-chess, a game of OpenSpiel) exactly as a search sees it.
"""

from __future__ import annotations

from typing import Any

from tracer.games.base import Game

__all__ = ["perft", "tree_size"]


def perft(game: Game[Any, Any], state: Any, depth: int) -> int:
    """The number of move paths of exactly ``depth`` plies from ``state`` (a position
    where the game ends earlier counts for none), as the published perft tables count."""
    if depth == 0:
        return 1
    moves = game.actions(state)
    if depth == 1:
        return len(moves)
    return sum(perft(game, game.result(state, move), depth - 1) for move in moves)


def tree_size(game: Game[Any, Any], state: Any) -> tuple[int, int]:
    """The whole game tree under ``state``: (nodes, the root and chance nodes included;
    terminal leaves).  Only for games whose tree is finite and small."""
    if game.is_terminal(state):
        return 1, 1
    nodes, leaves = 1, 0
    for move in game.actions(state):
        n, k = tree_size(game, game.result(state, move))
        nodes += n
        leaves += k
    return nodes, leaves
