"""Pictures of searches: trace -> replay -> view model -> DOT -> SVG / PNG / PDF / frames.

Renderers read traces only (never ``tracer.search``), so a trace written by any program
in the trace format draws the same way.  Layout and rendering use the Graphviz bundled
in the pygraphviz wheel, in-process: no system install.

>>> from tracer.render import render_trace
>>> render_trace("traces/aima.json", "aima.svg")                     # doctest: +SKIP
>>> write_frames("traces/aima.json", "frames/", RenderOptions(lang="it"))  # doctest: +SKIP
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._entry import render_bytes, render_trace, trace_dot, write_frames
from .model.render_options import (
    FORMATS,
    FRAME_FORMATS,
    LANGS,
    STEPS,
    THEMES,
    RenderOptions,
    output_format,
)

# For type checkers only: at run time these are imported on first use (_WHERE).
if TYPE_CHECKING:
    from .files.frames import FramesWritten
    from .notebook import Frames
    from .pipeline import Drawing, TraceSource

_WHERE = {"Drawing": "pipeline", "TraceSource": "pipeline", "Frames": "notebook",
          "FramesWritten": "files.frames"}
"""Names loaded on first use (PEP 562): the command line imports this package for its
option lists, and ``gametrace --help`` should not wait for the whole renderer."""


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'tracer.render' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value

__all__ = [
    "FORMATS",
    "FRAME_FORMATS",
    "LANGS",
    "STEPS",
    "THEMES",
    "Drawing",
    "Frames",
    "FramesWritten",
    "RenderOptions",
    "TraceSource",
    "output_format",
    "render_bytes",
    "render_trace",
    "trace_dot",
    "write_frames",
]
