"""Nim: the matchsticks game of "Teoria dei giochi" is Nim with two piles of 2.

A move takes one or more sticks from one pile.  The notes' text does not say whether
the player who takes the last stick wins or loses (the figure with the leaves was lost);
for their game, piles (2, 2), both rules give the same answer, "vince sempre B" (the
second player always wins).  The default is the usual rule (Bouton 1901): whoever takes
the last stick wins; ``misere=True`` plays the other rule (whoever takes it loses).

A state is ``(piles, mover)`` with the piles in their given order; a move ``(i, k)``
takes ``k`` sticks from pile ``i`` and is named ``p{i+1}-{k}`` (``p1-2``: two from the
first pile).  Moves come pile by pile, taking 1, 2, ...  With ``symmetry=True`` moves
that leave the same piles up to their order are merged (the first is kept), which gives
the notes' tree: from "2 2" only "1 2" and "0 2".

The notes give no static evaluation; :meth:`Nim.evaluate` scores every undecided
position 0, halfway between a loss (-1) and a win (+1).
"""

from __future__ import annotations

from collections.abc import Sequence

from tracer.errors import UsageError
from tracer.games.base import (
    Capabilities,
    Player,
    first_not_max_or_min,
    no_chance_nodes,
    nodes_by_move_paths,
)
from tracer.games.params import MAX_GAME_INTS, check_bound
from tracer.said import said

__all__ = ["MAX_STICKS", "Nim", "NimState"]

MAX_STICKS = 200
"""The most sticks in all the piles: a node has one move per stick left, and a game
lasts up to that many moves."""

NimState = tuple[tuple[int, ...], Player]
"""The piles, in order, and the player to move."""


class Nim:
    """Nim on ``piles`` (default (2, 2)); ``first`` (default MAX) moves first."""

    capabilities = Capabilities(evaluation=True)

    def __init__(self, piles: Sequence[int] = (2, 2), *, first: Player | str = Player.MAX,
                 misere: bool = False, symmetry: bool = False) -> None:
        if not piles or any(p < 0 for p in piles):
            raise UsageError(said("nim piles must be one or more numbers >= 0, got {piles}",
                                  piles=str(list(piles))))
        check_bound("nim", said("piles (their number)"), len(piles), MAX_GAME_INTS,
                    said("each pile is in every state"))
        check_bound("nim", said("piles (sticks in all)"), sum(piles), MAX_STICKS,
                    said("a node has one move per stick left"))
        if first not in (Player.MAX, Player.MIN):
            raise UsageError(first_not_max_or_min("nim", first))
        self.name = "nim"
        self.piles = tuple(piles)
        self.first = Player(first)
        self.misere = misere
        self.symmetry = symmetry

    def initial_state(self) -> NimState:
        """The given piles."""
        return self.piles, self.first

    def to_move(self, state: NimState) -> Player:
        """The player to move."""
        return state[1]

    def actions(self, state: NimState) -> list[tuple[int, int]]:
        """``(pile index, sticks taken)``: pile by pile, taking 1, 2, ..."""
        piles = state[0]
        moves = [(i, k) for i, p in enumerate(piles) for k in range(1, p + 1)]
        if not self.symmetry:
            return moves
        seen: set[tuple[int, ...]] = set()
        kept = []
        for i, k in moves:
            key = tuple(sorted((*piles[:i], piles[i] - k, *piles[i + 1:])))
            if key not in seen:
                seen.add(key)
                kept.append((i, k))
        return kept

    def result(self, state: NimState, action: tuple[int, int]) -> NimState:
        """The piles with ``action[1]`` sticks taken from pile ``action[0]``."""
        piles, mover = state
        i, k = action
        return (*piles[:i], piles[i] - k, *piles[i + 1:]), mover.opponent

    def is_terminal(self, state: NimState) -> bool:
        """True when every pile is empty."""
        return not any(state[0])

    def utility(self, state: NimState) -> float:
        """+1 if MAX won: the player to move at the end lost (won, with ``misere``)."""
        sign = state[1].sign
        return sign if self.misere else -sign

    def evaluate(self, state: NimState) -> float:
        """0: the notes give no heuristic for this game."""
        return 0

    def probability(self, state: NimState, action: tuple[int, int]) -> float:
        """Nim has no chance nodes."""
        raise UsageError(no_chance_nodes("nim"))

    def move_name(self, state: NimState, action: tuple[int, int]) -> str:
        """``p{pile}-{sticks}`` with piles counted from 1, e.g. ``p1-2``."""
        return f"p{action[0] + 1}-{action[1]}"

    def node_id(self, state: NimState) -> str:
        """Unused: node ids of generated games are move paths."""
        raise UsageError(nodes_by_move_paths("nim"))

    def describe(self, state: NimState) -> str:
        """The piles as the notes write them, e.g. ``1 2``."""
        return " ".join(map(str, state[0]))
