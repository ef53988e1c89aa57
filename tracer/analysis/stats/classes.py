"""Move classes: the hook that sorts each cut by the kind of move that made it (capture,
quiet, check, ...), as engine authors count fail-high-first by move class.

A classifier is a function ``(game, state, action) -> class name``.  The built-in games
name no classes, so :func:`plain` (every move is a ``"move"``) is the default; a game
adapter that knows its moves (a chess adapter: capture, promotion, check, quiet) passes
its own, and ``gametrace stats`` will take it from the game when the Game protocol
declares one.  Counting by class needs the positions, so the trace is replayed through
the game: each node's state is its parent's with the node's move played, the move found
by its name (the expand event's ``moves``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # analysis reads games through the search layer, never imports them
    from ...games.base import Game

__all__ = ["MoveClass", "MoveClasses", "plain"]

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
