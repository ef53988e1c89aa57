"""The Game protocol that every search algorithm works on.

A game is a small object that answers questions about states; it never stores the
search's answer.  What a game can do beyond the basics (chance nodes, a static
evaluation) is declared in :class:`Capabilities`, never probed with ``hasattr``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar

from tracer.errors import UsageError
from tracer.players import Player
from tracer.said import Said, said

__all__ = ["Capabilities", "Game", "Player", "check_search_bounds", "first_not_max_or_min",
           "no_chance_nodes", "nodes_by_move_paths", "unknown_first_player"]


@dataclass(frozen=True)
class Capabilities:
    """What a game offers beyond moves and terminal utilities."""

    chance: bool = False
    """Some states are chance nodes (``to_move`` returns ``Player.CHANCE``)."""
    evaluation: bool = False
    """``evaluate`` gives a static evaluation of non-terminal states (for ``--depth``)."""
    named_nodes: bool = False
    """``node_id`` names nodes itself (explicit trees); otherwise ids are move paths."""
    needs_limit: bool = False
    """A full search of it never ends (chess): a search is refused unless it has a depth
    limit or a node budget."""
    depth_refused: Said | str = ""
    """When not empty, a depth limit is refused before the search, with this sentence
    saying what to do instead (a game with no static evaluation, e.g. OpenSpiel's): a
    :func:`~tracer.said.said` sentence, so that it is worded in the user's language."""
    unknown_leaves: tuple[str, ...] = ()
    """Leaves whose value the source leaves unknown (an explicit tree's ``?a``): a search
    that reads one fails naming it, and minimax, which reads every leaf, is refused
    before it starts."""
    move_classes: tuple[str, ...] = ()
    """The classes the game's ``move_class(state, action)`` names (chess: promotion,
    capture, check, quiet), which ``gametrace stats --by-class`` counts; empty: the game
    names none."""


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


def check_search_bounds(game: Game[Any, Any], *, depth: int | None,
                        max_nodes: int | None) -> None:
    """A :class:`~tracer.errors.UsageError` when ``game``'s capabilities refuse a search
    with this ``depth`` limit and node budget (``None``: not given): one whose full search
    never ends (``needs_limit``, chess) without either, one that cannot score the
    positions a depth limit cuts (``depth_refused``) with a depth.  The search calls it
    before anything is searched or written, so no trace is left half made."""
    caps = game.capabilities
    if caps.needs_limit and depth is None and max_nodes is None:
        raise UsageError(said("a full search of {game} never ends: give a depth limit "
                              "(--depth N) or a node budget (--max-nodes N)", game=game.name))
    if depth is not None and caps.depth_refused:
        raise UsageError(said("{game} has no static evaluation to score the positions "
                              "--depth cuts: {remedy}", game=game.name,
                              remedy=caps.depth_refused))


# What the lecture games say when they refuse something: each sentence built once here.

def first_not_max_or_min(game: str, first: str) -> Said:
    """``nim first player must be max or min, got 'chance'``."""
    return said("{game} first player must be max or min, got {first!r}", game=game, first=first)


def unknown_first_player(game: str, first: str, allowed: str) -> Said:
    """``unknown othello first player 'red' (choose from: black, white)``."""
    return said("unknown {game} first player {first!r} (choose from: {allowed})",
                game=game, first=first, allowed=allowed)


def no_chance_nodes(game: str) -> Said:
    """What ``probability`` says in a game without chance nodes (never called by a search,
    which reads the game's capabilities)."""
    return said("{game} has no chance nodes", game=game)


def nodes_by_move_paths(game: str) -> Said:
    """What ``node_id`` says in a game whose node ids are move paths (never called by a
    search, which reads the game's capabilities)."""
    return said("{game} names nodes by move paths", game=game)
