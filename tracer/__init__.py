"""gametree-tracer: make adversarial search visible.

Search a game or an explicit tree with any minimax / alpha-beta variant, record
every step as one event vocabulary, read and write traces, draw them, judge answers::

    >>> import tracer
    >>> tree = tracer.parse_tree_text("A(B(3 12 8) C(2 4 6) D(14 5 2))")
    >>> rec = tracer.MemoryRecorder()
    >>> result = tracer.search_tree(tree, algorithm="alphabeta", recorder=rec)
    >>> result.value, result.move
    (3, 'B')

This package is the one front door: a function for each thing the command line does
(:func:`run`, :func:`search_tree`, :func:`draw`, :func:`frames`, :func:`check`,
:func:`diff`, :func:`compare`, :func:`stats`, :func:`regret`, :func:`bisect`), each with
its options as typed keyword parameters, and the types they take and give; for
pictures also :class:`RenderOptions`, :class:`Frames` (a notebook's stepper) and
:func:`trace_dot` (the DOT source as text).  The modules behind it (``tracer._api``,
``tracer.render``'s) are the library's own: a name not listed here may move.

The names below are imported on first use (PEP 562), so that ``gametrace --help``
and small scripts do not pay for modules they never touch.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from . import display as _display

# For type checkers only: at run time each name is imported on first use (_WHERE).
if TYPE_CHECKING:
    from ._api.front import (
        bisect,
        check,
        compare,
        diff,
        draw,
        frames,
        regret,
        run,
        search_tree,
        stats,
    )
    from .errors import GraphvizMissing, InputError, LimitExceeded, TracerError, UsageError
    from .events import Backup, Cut, Evaluate, Event, Expand
    from .examples import example_tree
    from .families import ALGORITHMS
    from .games.base import Capabilities, Game, Player
    from .limits import Limits
    from .record import (
        NULL,
        FileRecorder,
        MemoryRecorder,
        NullRecorder,
        Recorder,
        StreamRecorder,
    )
    from .render._entry import trace_dot
    from .render.model.render_options import RenderOptions
    from .render.notebook import Frames
    from .sdk import TraceWriter
    from .search import alpha_beta, run_search
    from .search.minimax import minimax
    from .trace import Header, Result, Stats, Trace, iter_trace, load_trace
    from .trees import (
        Node,
        Tree,
        TreeGame,
        format_tree_text,
        load_tree,
        parse_tree_json,
        parse_tree_text,
    )

_WHERE = {
    **dict.fromkeys(("bisect", "check", "compare", "diff", "draw", "frames", "regret", "run",
                     "search_tree", "stats"), "_api.front"),
    **dict.fromkeys(
        ("GraphvizMissing", "InputError", "LimitExceeded", "TracerError", "UsageError"),
        "errors"),
    **dict.fromkeys(("Backup", "Cut", "Evaluate", "Event", "Expand"), "events"),
    **dict.fromkeys(("Capabilities", "Game", "Player"), "games.base"),
    **dict.fromkeys(("Node", "Tree", "TreeGame", "format_tree_text", "load_tree",
                     "parse_tree_json", "parse_tree_text"), "trees"),
    **dict.fromkeys(("NULL", "FileRecorder", "MemoryRecorder", "NullRecorder", "Recorder",
                     "StreamRecorder"), "record"),
    **dict.fromkeys(("alpha_beta", "minimax", "run_search"), "search"),
    "ALGORITHMS": "families",
    "TraceWriter": "sdk",
    "example_tree": "examples",
    "Limits": "limits",
    "Frames": "render.notebook",
    "RenderOptions": "render.model.render_options",
    "trace_dot": "render._entry",
    **dict.fromkeys(("Header", "Result", "Stats", "Trace", "iter_trace", "load_trace"),
                    "trace"),
}

__all__ = [
    "ALGORITHMS",
    "Backup",
    "Capabilities",
    "Cut",
    "Evaluate",
    "Event",
    "Expand",
    "FileRecorder",
    "Frames",
    "Game",
    "GraphvizMissing",
    "Header",
    "InputError",
    "LimitExceeded",
    "Limits",
    "MemoryRecorder",
    "NULL",
    "Node",
    "NullRecorder",
    "Player",
    "Recorder",
    "RenderOptions",
    "Result",
    "Stats",
    "StreamRecorder",
    "Trace",
    "TraceWriter",
    "TracerError",
    "Tree",
    "TreeGame",
    "UsageError",
    "alpha_beta",
    "bisect",
    "check",
    "compare",
    "diff",
    "draw",
    "example_tree",
    "format_tree_text",
    "frames",
    "iter_trace",
    "load_trace",
    "load_tree",
    "minimax",
    "parse_tree_json",
    "parse_tree_text",
    "regret",
    "run",
    "run_search",
    "search_tree",
    "stats",
    "trace_dot",
]

__version__ = "0.1.0"


def _load_displays() -> None:
    """Jupyter's first look at a trace or a tree loads the notebook layer, which
    registers how each is drawn (:mod:`tracer.display`); by name, as every name above
    is loaded, so that no module importing the package (or a compiled module of it)
    seems to import the notebook layer."""
    importlib.import_module(".notebook", __name__)


_display.load_with(_load_displays)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'tracer' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    # The public names once each, loaded or not; not the helpers this module imports.
    return sorted({*__all__, "__version__"})
