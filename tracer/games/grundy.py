"""Grundy's game ("Giochi a due giocatori"; "Esercizio NIM" of "Giochi a Due Avversari").

The players start from one pile of coins.  A move splits one pile into two piles of
*different* sizes; the game ends when every pile has 1 or 2 coins, and the player who
cannot move loses ("Giochi a due giocatori": "vince chi arriva a questa configurazione").  The notes
play it with 7 coins and Meno (MIN) moving first, and show that Più (MAX) wins.

A state is ``(piles, mover)`` with the piles as a tuple sorted from the largest down, so
positions that differ only in the order of their piles are one state.  A move is
``(pile, larger part)`` and is named ``7->6+1``; splits of equal piles are the same move
and are generated once.  Moves come pile by pile from the largest pile, each pile's
splits from the most uneven: from 7, (6, 1), (5, 2), (4, 3) as in the notes.

The game's theory is Sprague-Grundy's (Grundy 1939): the values of single piles are
OEIS A002188.  The notes give no static evaluation, so :meth:`Grundy.evaluate` scores
every undecided position 0, halfway between a loss (-1) and a win (+1).
"""

from __future__ import annotations

from tracer.errors import UsageError
from tracer.games.base import (
    Capabilities,
    Player,
    first_not_max_or_min,
    no_chance_nodes,
    nodes_by_move_paths,
)
from tracer.games.params import check_bound, check_least
from tracer.said import said

__all__ = ["MAX_COINS", "Grundy", "GrundyState"]

MAX_COINS = 200
"""The most coins: a node has up to coins/2 moves and a game lasts up to coins - 2 moves,
each named in the id of every node below it, so one expansion's event grows as coins
squared (about 60 KB at 200)."""

GrundyState = tuple[tuple[int, ...], Player]
"""The piles (largest first) and the player to move."""


class Grundy:
    """Grundy's game from one pile of ``coins``; ``first`` (default MIN) moves first."""

    capabilities = Capabilities(evaluation=True)

    def __init__(self, coins: int = 7, *, first: Player | str = Player.MIN) -> None:
        check_least("grundy", "coins", coins, 1)
        check_bound("grundy", "coins", coins, MAX_COINS,
                    said("a node has up to coins/2 moves and a path up to coins - 2"))
        if first not in (Player.MAX, Player.MIN):
            raise UsageError(first_not_max_or_min("grundy", first))
        self.name = "grundy"
        self.coins = coins
        self.first = Player(first)

    def initial_state(self) -> GrundyState:
        """One pile of ``coins``."""
        return (self.coins,), self.first

    def to_move(self, state: GrundyState) -> Player:
        """The player to move."""
        return state[1]

    def actions(self, state: GrundyState) -> list[tuple[int, int]]:
        """``(pile, larger part)`` for each distinct pile of 3 or more, most uneven first."""
        out: list[tuple[int, int]] = []
        last = 0
        for pile in state[0]:
            if pile < 3:
                break  # sorted: the rest are 1s and 2s
            if pile != last:
                out.extend((pile, big) for big in range(pile - 1, pile // 2, -1))
                last = pile
        return out

    def result(self, state: GrundyState, action: tuple[int, int]) -> GrundyState:
        """Split one pile of size ``action[0]`` into ``action[1]`` and the rest."""
        pile, big = action
        piles = list(state[0])
        piles.remove(pile)
        piles += (big, pile - big)
        piles.sort(reverse=True)
        return tuple(piles), state[1].opponent

    def is_terminal(self, state: GrundyState) -> bool:
        """True when no pile has 3 coins or more."""
        return state[0][0] < 3

    def utility(self, state: GrundyState) -> float:
        """The player who cannot move loses: -1 when it is MAX, +1 when it is MIN."""
        return -state[1].sign

    def evaluate(self, state: GrundyState) -> float:
        """0: the notes give no heuristic for this game."""
        return 0

    def probability(self, state: GrundyState, action: tuple[int, int]) -> float:
        """Grundy's game has no chance nodes."""
        raise UsageError(no_chance_nodes("grundy"))

    def move_name(self, state: GrundyState, action: tuple[int, int]) -> str:
        """``pile->larger+smaller``, e.g. ``7->6+1``."""
        pile, big = action
        return f"{pile}->{big}+{pile - big}"

    def node_id(self, state: GrundyState) -> str:
        """Unused: node ids of generated games are move paths."""
        raise UsageError(nodes_by_move_paths("grundy"))

    def describe(self, state: GrundyState) -> str:
        """The piles, e.g. ``(6, 1)``."""
        return "(" + ", ".join(map(str, state[0])) + ")"
