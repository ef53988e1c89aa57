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
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

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


def render_bytes(source: TraceSource, fmt: str, options: RenderOptions | None = None) -> bytes:
    """The final diagram of ``source`` as ``svg``, ``png``, ``pdf`` or ``dot`` bytes."""
    from .pipeline import Drawing

    return Drawing(source, options).render(fmt)


def trace_dot(source: TraceSource, options: RenderOptions | None = None) -> str:
    """The DOT source of the final diagram (for ``dot``; no positions)."""
    from .pipeline import Drawing

    return Drawing(source, options).dot()


def render_trace(source: TraceSource | Drawing, out: str | os.PathLike[str],
                 options: RenderOptions | None = None) -> Path | None:
    """Write the diagram to ``out``: ``.svg``, ``.png``, ``.pdf``, ``.dot``/``.gv``, or ``-``
    for DOT on standard output.  The file is replaced only once it is complete.
    ``.tex`` writes a ``tikzpicture`` and ``NAME-preamble.tex`` beside it
    (:mod:`tracer.render.files.tikz`), whose path it returns (else ``None``).
    ``source`` may be a :class:`Drawing` already made (``options`` are then its own)."""
    from ..writing import write_output_bytes
    from .files.tikz import is_tex
    from .pipeline import Drawing

    drawing = source if isinstance(source, Drawing) else Drawing(source, options)
    if is_tex(out):
        from .files.tikz import write_tikz

        return write_tikz(drawing, out)[1]
    write_output_bytes(out, drawing.render(output_format(out)))
    return None


def write_frames(source: TraceSource | Drawing, directory: str | os.PathLike[str],
                 options: RenderOptions | None = None) -> FramesWritten:
    """Write one frame per step into ``directory`` (``frame-001.svg`` ...), plus
    ``frames.pdf`` (one page per frame), ``player.html`` (a self-contained player) and
    ``frames.tex`` (a Beamer frame, one overlay per frame; :mod:`tracer.render.files.beamer`)."""
    from .files.beamer import write_beamer
    from .files.frames import write_frames as _write
    from .pipeline import Drawing

    drawing = source if isinstance(source, Drawing) else Drawing(source, options)
    return _write(drawing, directory, also=lambda folder: write_beamer(drawing, folder))
