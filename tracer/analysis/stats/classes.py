"""Move classes: the hook that sorts each cut by the kind of move that made it (capture,
quiet, check, ...), as engine authors count fail-high-first by move class.

A classifier is a function ``(game, state, action) -> class name``.  The built-in games
name no classes, so :func:`plain` (every move is a ``"move"``) is the default; a game
that knows its moves declares its classes (``capabilities.move_classes``, the chess
adapter: promotion, capture, check, quiet) and names them with ``move_class(state,
action)``, which :func:`of_game` takes.  Counting by class needs the positions, so the
trace is replayed through the game: each node's state is its parent's with the node's
move played, the move found by its name (the expand event's ``moves``).  The classes a
move takes from the search's ordering (``pv move``, ``tt move``, ``killer``: the trace's
``order`` events) come first and need no replay.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast

if TYPE_CHECKING:  # analysis reads games through the search layer, never imports them
    from ...games.base import Game

__all__ = ["MoveClass", "MoveClasses", "of_game", "plain"]

MoveClass = Callable[["Game[Any, Any]", Any, Any], str]
"""The class of ``action`` played in ``state`` of ``game``."""


def plain(game: Game[Any, Any], state: Any, action: Any) -> str:
    """Every move is of one class, ``"move"``."""
    return "move"


@dataclass(frozen=True)
class MoveClasses:
    """What a trace's cuts are classified with: the game searched, its root position,
    and the classifier."""

    game: Game[Any, Any]
    root: Any
    classify: MoveClass = plain


class _Classifying(Protocol):
    """A game whose capabilities declare move classes: it names them."""

    def move_class(self, state: Any, action: Any) -> str: ...


def _game_class(game: Game[Any, Any], state: Any, action: Any) -> str:
    return cast(_Classifying, game).move_class(state, action)


def of_game(game: Game[Any, Any], root: Any) -> MoveClasses:
    """The classes ``game`` names (its ``move_class``) where its capabilities declare
    some, else :func:`plain`."""
    return MoveClasses(game, root, _game_class if game.capabilities.move_classes else plain)
