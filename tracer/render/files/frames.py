"""Step-by-step frames written as files: one picture per event, per node visited or per
leaf evaluated (``frame-NNN.svg|png``), the pages of ``frames.pdf`` and ``player.html``.

The frames themselves are :meth:`tracer.render.pipeline.Drawing.frames`: the current
node is highlighted, provisional values read ``≥ 3`` / ``≤ 2``, and the last frame is
the final diagram itself.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import InputError
from ...said import said
from ..model.captions import summary_line
from ..model.view import View

if TYPE_CHECKING:
    # The pipeline sits above files/ (it uses every stage) and never imports this module:
    # the drawing is handed in by the caller (tracer._api, tracer.render).
    from ..pipeline import Drawing

__all__ = ["FramesWritten", "write_frames"]

@dataclass(frozen=True)
class FramesWritten:
    """What :func:`write_frames` wrote."""

    frames: tuple[Path, ...]
    pdf: Path
    html: Path


def write_frames(drawing: Drawing, directory: str | os.PathLike[str], *,
                 also: Callable[[str], object] | None = None,
                 progress: Callable[[int, int], None] | None = None) -> FramesWritten:
    """Write ``frame-NNN.svg|png``, ``frames.pdf`` and ``player.html`` into ``directory``;
    ``also(folder)`` writes more files beside them (the Beamer overlays), in the same
    all-or-nothing staging folder; ``progress(done, total)`` is told each frame drawn."""
    from ...writing import staged_folder
    from .html import player_html
    from .pdf import merge_pdfs

    folder = Path(directory)
    if folder.exists() and not folder.is_dir():
        raise InputError(said("exists and is not a folder"), file=str(folder))
    fmt = drawing.options.frame_format
    frames = list(drawing.frames())
    bare_views = [_uncaptioned(f.view) for f in frames]
    # SVG frames are joined from pieces Graphviz draws in one run (tracer.render.draw.compose);
    # PNG frames and the PDF's pages are drawn by Graphviz one by one.
    if fmt == "svg":
        drawing.prepare(f.view for f in frames)
    drawing.prepare(bare_views)
    width = max(3, len(str(len(frames))))
    paths: list[Path] = []
    pdf_pages: list[bytes] = []
    player: list[tuple[str, str]] = []
    # All or nothing: an error or an interrupt halfway leaves the folder as it was.
    with staged_folder(folder, stale=_stale_frame) as staging:
        for i, (frame, bare_view) in enumerate(zip(frames, bare_views, strict=True), start=1):
            name = f"frame-{i:0{width}d}.{fmt}"
            Path(staging, name).write_bytes(drawing.render(fmt, frame.view))
            paths.append(folder / name)
            pdf_pages.append(drawing.render("pdf", frame.view))
            bare = drawing.render("svg", bare_view).decode()
            player.append((bare, frame.caption))
            if progress is not None:
                progress(i, len(frames))
        Path(staging, "frames.pdf").write_bytes(merge_pdfs(pdf_pages))
        # Not the result line: the page shows from step 1 on, and must not tell the value.
        title = drawing.options.title or summary_line(drawing.header, None, drawing.words)
        Path(staging, "player.html").write_bytes(
            player_html(player, title=title, lang=drawing.options.lang).encode())
        if also is not None:
            also(staging)
    return FramesWritten(tuple(paths), folder / "frames.pdf", folder / "player.html")


def _stale_frame(name: str) -> bool:
    """A frame (or its Beamer overlay) left by an earlier run with more frames."""
    return name.startswith("frame-") and name.endswith((".svg", ".png", ".tex"))


def _uncaptioned(view: View) -> View:
    """The player writes each caption in the page, so its pictures go without."""
    return replace(view, caption=None)
