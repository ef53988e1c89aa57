"""``gametrace render``: draw a trace as a diagram, frames, a PDF for slides, a player.

The command only parses options and calls :mod:`tracer.render`; library errors go up
to the ``gametrace`` group, which turns them into one line and an exit code.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click

from .errors import UsageError
from .render.options import ENGINES, FRAME_FORMATS, LANGS, STEPS, RenderOptions

__all__ = ["render_command", "render_trace_file"]


def render_trace_file(trace_path: str | os.PathLike[str], out: str | os.PathLike[str],
                      **options: Any) -> None:
    """Draw the trace at ``trace_path`` into ``out`` (``.svg``, ``.png``, ``.pdf``,
    ``.dot``/``.gv``, or ``-`` for DOT on stdout); ``options`` are
    :class:`~tracer.render.RenderOptions` fields (``lang="it"``, ``theme="print"``...)."""
    from .render import render_trace

    render_trace(trace_path, out, RenderOptions.from_kwargs(**options))


@click.command("render")
@click.argument("trace", type=click.Path(dir_okay=True, path_type=Path))
@click.option("-o", "--output", "out", metavar="OUT",
              help="Diagram file: .svg, .png, .pdf or .dot (- writes DOT to stdout).")
@click.option("--frames", "frames_dir", metavar="DIR", type=click.Path(path_type=Path),
              help="Write one frame per step into DIR, plus frames.pdf and player.html.")
@click.option("--step", type=click.Choice(STEPS), default="event", show_default=True,
              help="What one frame is: each event, each node visited, each leaf evaluated.")
@click.option("--frame-format", type=click.Choice(FRAME_FORMATS), default="svg",
              show_default=True, help="Format of the frame files.")
@click.option("--lang", type=click.Choice(LANGS), default="en", show_default=True,
              help="Wording of labels and captions (it: taglio alfa, potato, ...).")
@click.option("--theme", type=click.Choice(["colour", "color", "print"]), default="colour",
              show_default=True, help="print: grayscale, for paper and photocopies.")
@click.option("--values/--no-values", default=True, show_default=True,
              help="Backed-up values (>= 3 / <= 2 where only a bound is known).")
@click.option("--ids/--no-ids", default=True, show_default=True,
              help="Node names (trees) and move names (generated games).")
@click.option("--window/--no-window", default=False, show_default=True,
              help="The alpha/beta window beside each node.")
@click.option("--visit-order/--no-visit-order", default=False, show_default=True,
              help="Number nodes in the order the search visited them.")
@click.option("--pv/--no-pv", default=True, show_default=True,
              help="The principal variation in bold.")
@click.option("--cuts/--no-cuts", default=True, show_default=True,
              help="Mark each cut: alpha cut / beta cut and the comparison.")
@click.option("--ghosts/--no-ghosts", default=True, show_default=True,
              help="Draw pruned subtrees as dashed ghosts (else one box per cut).")
@click.option("--ghost-values/--no-ghost-values", default=True, show_default=True,
              help="Leaf values inside ghosts (hide them to make an exercise).")
@click.option("--legend/--no-legend", default=True, show_default=True,
              help="The result line and a legend under the tree.")
@click.option("--positions/--no-positions", default=None,
              help="Positions (boards, piles) under the nodes of generated games "
                   "[default: on for drawings of at most 60 nodes; boards taller than "
                   "4 lines only at the root and along the principal variation].")
@click.option("--numbers/--no-numbers", default=True, show_default=True,
              help="Proof-number search: proof and disproof numbers under each node.")
@click.option("--title", help="A title above the tree.")
@click.option("--ascii", "ascii_", is_flag=True, help="Write >=, <=, alpha, beta, inf.")
@click.option("--max-nodes", type=int, default=400, show_default=True,
              help="Collapse pruned and deep subtrees into boxes above this many nodes.")
@click.option("--max-width", type=int,
              help="At most this many nodes side by side [default: max-nodes / 10].")
@click.option("--depth", type=int, help="Draw nodes down to this depth (the rest is boxed).")
@click.option("--focus", metavar="NODE", help="Draw the subtree of NODE (and the path to it).")
@click.option("--dpi", type=int, default=144, show_default=True, help="PNG resolution.")
@click.option("--engine", type=click.Choice(ENGINES), default="bundled", show_default=True,
              help="bundled: the Graphviz inside pygraphviz; system: a dot on PATH.")
@click.option("--max-frames", type=int, default=500, show_default=True,
              help="Refuse to write more frames than this.")
def render_command(trace: Path, out: str | None, frames_dir: Path | None, step: str,
                   frame_format: str, lang: str, theme: str, values: bool, ids: bool,
                   window: bool, visit_order: bool, pv: bool, cuts: bool, ghosts: bool,
                   ghost_values: bool, legend: bool, positions: bool | None, numbers: bool,
                   title: str | None, ascii_: bool,
                   max_nodes: int, max_width: int | None, depth: int | None,
                   focus: str | None, dpi: int,
                   engine: str, max_frames: int) -> None:
    """Draw TRACE (a .json, .jsonl or .jsonl.gz trace) as a diagram and/or step-by-step frames.

    \b
    Examples:
      gametrace render aima.json -o aima.svg
      gametrace render aima.json -o aima.png --theme print --lang it
      gametrace render aima.json --frames frames/ --step leaf
      gametrace render ttt.jsonl.gz -o ttt.svg
    """
    from .render import Drawing, output_format, write_frames
    from .render.output import write_output

    if out is None and frames_dir is None:
        raise UsageError("nothing to draw into: give -o OUT, --frames DIR, or both")
    fmt = output_format(out) if out is not None else None
    options = RenderOptions(
        lang=lang, theme=theme, values=values, ids=ids, window=window,
        visit_order=visit_order, pv=pv, cuts=cuts, ghosts=ghosts, ghost_values=ghost_values,
        legend=legend, positions=positions, numbers=numbers, title=title, ascii=ascii_,
        max_nodes=max_nodes, max_width=max_width, depth=depth, focus=focus, dpi=dpi,
        engine=engine, step=step, frame_format=frame_format, max_frames=max_frames)
    drawing = Drawing(trace, options)
    if out is not None and fmt is not None:
        write_output(out, drawing.render(fmt))
        if out != "-":
            click.echo(f"diagram written to {out}", err=True)
    if frames_dir is not None:
        written = write_frames(drawing, frames_dir)
        click.echo(f"{len(written.frames)} frames written to {frames_dir} "
                   f"(with {written.pdf.name} and {written.html.name})", err=True)
