"""Drawing: a recorded trace into a diagram, frames or a strip (``gametrace render``,
``POST /v1/render``), and the blank worksheet of a tree (``POST /v1/worksheet``)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import LimitExceeded, UsageError
from ..limits import NO_LIMITS, Limits
from ..render.model.render_options import RenderOptions
from ..said import Said, said, said_n
from ..sources import resolve_content
from ..spec import SearchSpec
from ..stdin import input_path
from ..trace import Trace
from .reading import Content

__all__ = ["MAX_SHEET_LEAVES", "DrawnOutputs", "FramePictures", "draw_outputs",
           "draw_trace_file", "frame_pictures", "lecture_of", "worksheet_svg"]

MAX_SHEET_LEAVES = 729
"""The most leaves a worksheet draws: a worksheet is a sheet of paper, and 3^6 leaves is
the largest exercise (:data:`tracer.analysis.check.exercise.MAX_LEAVES`)."""


@dataclass(frozen=True)
class DrawnOutputs:
    """What :func:`draw_outputs` wrote, for the lines ``gametrace render`` prints."""

    out: str | None = None
    preamble: str | None = None
    """The TikZ preamble file written beside a ``.tex`` diagram."""
    strip: str | None = None
    panels: int = 0
    frames_dir: str | None = None
    frames: int = 0
    extras: tuple[str, ...] = ()
    """The files made from the frames (the PDF, the player)."""
    warning: str | None = None
    """Said once: the canvas (--size) drew text under its least size."""

    def to_lines(self, lang: str = "en") -> list[str]:
        """The notes of what was written, in ``lang``."""
        lines: list[Said | str] = [] if self.warning is None else [
            said("warning: {warning}", warning=self.warning)]
        if self.out is not None and self.preamble is not None:
            lines.append(said("diagram written to {file} (\\input{{{preamble}}} in the "
                              "preamble)", file=self.out, preamble=Path(self.preamble).stem))
        elif self.out not in (None, "-"):
            lines.append(said("diagram written to {file}", file=self.out))
        if self.strip is not None:
            lines.append(said_n("{n} panel written to {file}", "{n} panels written to {file}",
                                self.panels, file=self.strip))
        if self.frames_dir is not None:
            lines.append(said_n("{n} frame written to {folder} (with {extras}, and frames.tex "
                                "for Beamer: pdflatex deck.tex)",
                                "{n} frames written to {folder} (with {extras}, and frames.tex "
                                "for Beamer: pdflatex deck.tex)", self.frames,
                                folder=self.frames_dir, extras=", ".join(self.extras)))
        return [line.worded(lang) if isinstance(line, Said) else line for line in lines]


def lecture_of(source: Mapping[str, Any]) -> str | None:
    """The lecture a trace's source is drawn in, by its own title and section (as
    ``gametrace examples`` cites it): for a built-in lecture tree, else None.  The Beamer
    frame's title (:func:`tracer.render.files.beamer.frame_title`)."""
    from ..examples import EXAMPLES

    example = EXAMPLES.get(str(source.get("name") or ""))
    tree = source.get("tree")
    description = tree.get("description") if isinstance(tree, dict) else None
    if source.get("kind") == "tree" and example is not None and description == example.title:
        return example.lecture
    return None


def draw_outputs(trace: str | os.PathLike[str], *, out: str | None = None,
                 frames_dir: str | None = None, strip: str | None = None,
                 strip_columns: int = 3, frame_format: str | None = None,
                 preset: str | None = None, strip_leaf_steps: bool = True,
                 options: Mapping[str, Any] | None = None) -> DrawnOutputs:
    """``gametrace render``: draw the trace file ``trace`` into ``out`` (a diagram, TikZ
    for ``.tex``), ``frames_dir`` (frames, PDF, player, Beamer) and ``strip`` (AIMA Fig.
    5.5 panels, one per leaf unless ``strip_leaf_steps`` is False), with ``options``
    (:class:`~tracer.RenderOptions` fields) on top of ``preset``.  Every output is
    checked before anything is read; drawing runs in a thread deep enough for any trace."""
    from dataclasses import replace

    from ..choices import check_frame_options
    from ..jsonio import check_input_file
    from ..outputs import check_folder, check_output
    from ..recursion import DEFAULT_MAX_PLY, run_deep
    from ..render._entry import render_trace, write_frames
    from ..render.draw.presets import preset_options
    from ..render.files.strip import strip_format, write_strip
    from ..render.files.tikz import is_tex
    from ..render.model.render_options import output_format
    from ..render.pipeline import Drawing

    if out is None and frames_dir is None and strip is None:
        raise UsageError(said("nothing to draw into: give -o OUT, --frames DIR or "
                              "--strip OUT"))
    if strip is not None:
        strip_format(strip)  # a bad extension fails before any drawing
    if strip_columns < 1:
        raise UsageError(said("--strip-columns must be at least 1, got {columns}",
                              columns=strip_columns))
    check_frame_options(frames=frames_dir is not None, frame_format=frame_format)
    if out is not None:
        check_output(out, role="diagram")
    if strip is not None:
        check_output(strip, role="strip", option="--strip")
    if out is not None and not is_tex(out):
        output_format(out)  # an unknown extension fails before anything is read
    if frames_dir is not None:
        check_folder(frames_dir, option="--frames")
    trace = check_input_file(input_path(trace))  # - is standard input
    given = dict(options or {})
    if frame_format is not None:
        given["frame_format"] = frame_format
    chosen = preset_options(preset, **given)

    def deep(fn: Any) -> Any:  # the readers and the replay recurse once per level
        return run_deep(fn, max_ply=DEFAULT_MAX_PLY)

    drawing = deep(lambda: Drawing(trace, chosen))
    done: dict[str, Any] = {"out": out}
    if out is not None:
        pre = deep(lambda: render_trace(drawing, out))
        if pre is not None:
            done["preamble"] = str(pre)
    if strip is not None:
        panels = drawing
        if strip_leaf_steps and chosen.step != "leaf":  # a panel a leaf, as AIMA Fig. 5.5
            panels = Drawing(trace, replace(chosen, step="leaf"))
        if chosen.size is not None:  # the panels keep their own size: the strip has the canvas
            panels = Drawing(trace, replace(panels.options, size=None))
        done.update(strip=strip, panels=write_strip(panels, strip, columns=strip_columns,
                                                    size=chosen.size))
    if frames_dir is not None:
        written = deep(lambda: write_frames(drawing, frames_dir, lecture=lecture_of))
        done.update(frames_dir=frames_dir, frames=len(written.frames),
                    extras=(written.pdf.name, written.html.name))
    return DrawnOutputs(**done, warning=drawing.canvas_note())


def draw_trace_file(trace_path: Trace | str | os.PathLike[str],
                    out: str | os.PathLike[str], *, preset: str | None = None,
                    **options: Any) -> None:
    """Draw the trace at ``trace_path`` (or a trace read) into ``out`` (``.svg``,
    ``.png``, ``.pdf``, ``.tex``, ``.dot``/``.gv``, or ``-`` for DOT on stdout);
    ``options`` are
    :class:`~tracer.RenderOptions` fields (``lang="it"``, ``theme="print"``...)
    on top of the ``preset`` (see :mod:`tracer.render.draw.presets`)."""
    from ..render._entry import render_trace
    from ..render.draw.presets import preset_options

    render_trace(trace_path, out, preset_options(preset, **options))



@dataclass(frozen=True)
class FramePictures:
    """Frames of a trace as SVG, each with its caption beside it (not drawn in)."""

    caption: str
    """The caption of the whole sequence (the result: the last frame's)."""
    frames: tuple[tuple[bytes, str], ...]
    """Each frame's SVG and its caption."""
    title: str = ""
    """What was searched, without what the search found (a heading that spoils nothing)."""
    total: int = 0
    """Frames of the whole sequence (``frames`` may be a page of them)."""
    first: int = 0
    """The index (0-based) of ``frames[0]`` in the whole sequence."""


def frame_pictures(trace: Trace | str | os.PathLike[str], options: RenderOptions, *,
                   first: int = 0, count: int | None = None, max_total: int | None = None,
                   max_bytes: int | None = None) -> FramePictures:
    """The step-by-step frames of ``trace`` as SVG (``POST /v1/frames``); the captions
    are given apart, as the HTML player writes them beside the picture.

    ``count``: only the frames ``first .. first + count - 1`` (a page; every page is
    drawn on the positions of the final diagram, so pages join without a jump) and no
    ``options.max_frames`` bound; ``max_total``: the most frames the whole sequence may
    have (:class:`~tracer.errors.LimitExceeded` past it, naming both); ``max_bytes``: the
    page ends before its SVG passes this many bytes (one frame at least)."""
    from dataclasses import replace
    from itertools import islice

    from ..render.model.captions import summary_line
    from ..render.pipeline import Drawing

    drawing = Drawing(trace, options)
    total = drawing.count_steps()
    if max_total is not None and total > max_total:
        raise LimitExceeded(said("the trace has {total:,} steps and the service steps "
                                 "through at most {most:,}: choose a coarser step (node, "
                                 "leaf) or search with a depth limit",
                                 total=total, most=max_total))
    title = summary_line(drawing.header, None, drawing.words)
    if count is None:
        frames = list(drawing.frames())
        views = [replace(f.view, caption=None) for f in frames]
        drawing.prepare(views)
        return FramePictures(drawing.caption, tuple(
            (drawing.render("svg", view), f.caption)
            for f, view in zip(frames, views, strict=True)), title=title, total=total)
    # the final diagram is the template of every frame's layout, drawn in this page or not
    diagram = replace(drawing.view, caption=None)
    steps = drawing.frames(page=range(first, first + count))
    out: list[tuple[bytes, str]] = []
    size, batch = 0, 1  # the first frame alone: its size says how many more fit
    while True:
        frames = list(islice(steps, batch))
        if not frames:
            break
        views = [replace(f.view, caption=None) for f in frames]
        drawing.prepare([*views, diagram])
        for f, view in zip(frames, views, strict=True):
            svg = drawing.render("svg", view)
            size += len(svg)
            if out and max_bytes is not None and size > max_bytes:
                return FramePictures(drawing.caption, tuple(out), title=title, total=total,
                                     first=first)
            out.append((svg, f.caption))
        batch = count if max_bytes is None else max(1, (max_bytes - size) // (size // len(out)))
    return FramePictures(drawing.caption, tuple(out), title=title, total=total, first=first)


def worksheet_svg(source: Content, *, limits: Limits = NO_LIMITS,
                  root_player: str | None = None, lang: str = "en", theme: str = "colour",
                  fmt: str = "svg") -> bytes:
    """The blank worksheet of a tree or a lecture example as SVG (or ``fmt``: ``png``,
    ``pdf``) in ``lang`` and ``theme``: its minimax tree with the leaf values only.  Its
    size is known before anything is searched or drawn: a game is refused (its tree is
    known only once searched), and so is a tree of more than :data:`MAX_SHEET_LEAVES`
    leaves, in one line naming the count and the bound."""
    from ..figures.check_render import worksheet_dot
    from ..record import MemoryRecorder
    from ..render.files.engine import render
    from ..search import run_search

    named = resolve_content(source, root_player=root_player)
    if named.tree is None:
        raise UsageError(said("worksheets are drawn for trees and examples, not games: "
                              "{game} has more nodes than a sheet (search it with a depth "
                              "limit instead)", game=named.text))
    leaves = named.tree.leaf_count
    if leaves > MAX_SHEET_LEAVES:
        raise LimitExceeded(said("the tree has {leaves:,} leaves: a worksheet draws at "
                                 "most {most} (a sheet of paper)",
                                 leaves=leaves, most=MAX_SHEET_LEAVES))
    rec = MemoryRecorder()
    game, state, block = named.game()
    result = run_search(game, state, spec=SearchSpec(algorithm="minimax", limits=limits),
                        recorder=rec, source=block)
    if not result.complete:
        raise LimitExceeded(said("the search of the tree stopped ({stopped}) before its "
                                 "end: draw a worksheet of a smaller tree",
                                 stopped=result.stopped))
    return render(worksheet_dot(rec.trace, lang=lang, theme=theme), fmt, pinned=False)
