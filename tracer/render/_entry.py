"""The renderer's entry points for the library's own callers: a trace's diagram as bytes
or DOT, written to a file, or as frames.

Private: a script or a notebook draws through :mod:`tracer` (:func:`tracer.draw`,
:func:`tracer.frames`, :func:`tracer.trace_dot`, :class:`tracer.Frames`); the front door,
the command line and the service call these.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from .model.render_options import RenderOptions, output_format

# For type checkers only: the pipeline and the files are loaded when a drawing is made.
if TYPE_CHECKING:
    from .files.beamer import Lecture
    from .files.frames import FramesWritten
    from .pipeline import Drawing, TraceSource

__all__ = ["drawing_progress", "render_bytes", "render_trace", "trace_dot", "write_frames"]

_progress: list[Callable[[int, int], None]] = []
"""Who is told each frame :func:`write_frames` draws (a command's bar): one at most."""


@contextlib.contextmanager
def drawing_progress(step: Callable[[int, int], None] | None) -> Iterator[None]:
    """While the block runs, ``step(done, total)`` is told each frame drawn (``None``:
    no one is)."""
    if step is None:
        yield
        return
    _progress.append(step)
    try:
        yield
    finally:
        _progress.remove(step)


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
                 options: RenderOptions | None = None, *,
                 lecture: Lecture | None = None) -> FramesWritten:
    """Write one frame per step into ``directory`` (``frame-001.svg`` ...), plus
    ``frames.pdf`` (one page per frame), ``player.html`` (a self-contained player) and
    ``frames.tex`` (a Beamer frame, one overlay per frame; :mod:`tracer.render.files.beamer`),
    titled by the lecture ``lecture`` finds for the trace's source."""
    from .files.beamer import write_beamer
    from .files.frames import write_frames as _write
    from .pipeline import Drawing

    drawing = source if isinstance(source, Drawing) else Drawing(source, options)
    return _write(drawing, directory,
                  also=lambda folder: write_beamer(drawing, folder, lecture=lecture),
                  progress=_progress[-1] if _progress else None)
