"""The Game protocol that every search algorithm works on.

A game is a small object that answers questions about states; it never stores the
search's answer.  What a game can do beyond the basics (chance nodes, a static
evaluation) is declared in :class:`Capabilities`, never probed with ``hasattr``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, Protocol, TypeVar

from tracer.players import Player

__all__ = ["Capabilities", "Game", "Player"]


@dataclass(frozen=True)
class Capabilities:
    """What a game offers beyond moves and terminal utilities."""

    chance: bool = False
    """Some states are chance nodes (``to_move`` returns ``Player.CHANCE``)."""
    evaluation: bool = False
    """``evaluate`` gives a static evaluation of non-terminal states (for ``--depth``)."""
    named_nodes: bool = False
    """``node_id`` names nodes itself (explicit trees); otherwise ids are move paths."""


S = TypeVar("S")
A = TypeVar("A")


class Game(Protocol, Generic[S, A]):
    """A two-player zero-sum game of perfect information (optionally with chance).

    Values are always from MAX's point of view.
    """

    name: str
    capabilities: Capabilities

    def initial_state(self) -> S:
        """The state a search starts from by default."""
        ...

    def to_move(self, state: S) -> Player:
        """The player who chooses at ``state``."""
        ...

    def actions(self, state: S) -> Sequence[A]:
        """The moves at ``state`` in the game's natural order (empty when terminal)."""
        ...

    def result(self, state: S, action: A) -> S:
        """The state reached by playing ``action`` (a new state; ``state`` is unchanged)."""
        ...

    def is_terminal(self, state: S) -> bool:
        """True when the game is over at ``state``."""
        ...

    def utility(self, state: S) -> float:
        """The value of a terminal state, from MAX's point of view."""
        ...

    def evaluate(self, state: S) -> float:
        """Static evaluation of a non-terminal state (MAX's view), used at a depth cut-off."""
        ...

    def probability(self, state: S, action: A) -> float | Fraction:
        """The probability of ``action`` at a chance node (a :class:`~fractions.Fraction`
        keeps expectiminimax's weighted sums exact)."""
        ...

    def move_name(self, state: S, action: A) -> str:
        """A short, stable, readable name of ``action`` (used in node ids and diagrams)."""
        ...

    def node_id(self, state: S) -> str:
        """The node's own id when ``capabilities.named_nodes``; unused otherwise."""
        ...

    def describe(self, state: S) -> str:
        """A readable picture of ``state`` for labels (a small board, the piles)."""
        ...
