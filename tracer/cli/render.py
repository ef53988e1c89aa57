"""``gametrace render``: draw a trace as a diagram, frames, a PDF for slides, a player.

The command only parses options and calls :mod:`tracer.render`; library errors go up
to the ``gametrace`` group, which turns them into one line and an exit code.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from ..windows import WINDOW_DEFAULT, WINDOWS
from .number_types import WHOLE
from .options import (
    LANG_DEFAULT,
    LibraryChoice,
    keep_language,
    preset_option,
    quiet_option,
)

__all__ = ["render_command"]

_VIEW = "tracer.render.model.render_options"
"""Where the drawing options' choices are listed."""


def given_options(ctx: click.Context, values: dict[str, Any]) -> dict[str, Any]:
    """The options typed on the command line (not left at their default), so that a
    preset fills in only the others."""
    names = {"ascii": "ascii_"}
    return {key: value for key, value in values.items()
            if ctx.get_parameter_source(names.get(key, key)) not in (ParameterSource.DEFAULT,
                                                                     None)}


@click.command("render")
@click.argument("trace", type=click.Path(dir_okay=True, path_type=Path))
@click.option("-o", "--output", "out", metavar="OUT",
              help="Diagram file: .svg, .png, .pdf, .dot (- writes DOT to stdout) or .tex "
                   "(TikZ, with NAME-preamble.tex). Example: -o aima.tex.")
@click.option("--frames", "frames_dir", metavar="DIR",
              help="Write one frame per step into DIR, plus frames.pdf, player.html and "
                   "frames.tex (a Beamer frame, one overlay per frame; deck.tex around it).")
@click.option("--step", type=LibraryChoice(f"{_VIEW}:STEPS"), default="event",
              show_default=True,
              help="What one frame is: each event, each node visited, each leaf evaluated.")
@click.option("--frame-format", type=LibraryChoice(f"{_VIEW}:FRAME_FORMATS"),
              default=None,
              help="With --frames: format of the frame files [default: svg], "
                   "e.g. --frame-format png.")
@click.option("--lang", type=LibraryChoice(f"{_VIEW}:LANGS"), default=None,
              callback=keep_language,
              help="Wording of labels and captions (it: taglio alfa, potato, ...).  "
                   + LANG_DEFAULT)
@click.option("--theme", type=click.Choice(["colour", "color", "print"]), default="colour",
              show_default=True, help="print: grayscale, for paper and photocopies.")
@click.option("--values/--no-values", default=True, show_default=True,
              help="Backed-up values (>= 3 / <= 2 where only a bound is known).")
@click.option("--ids/--no-ids", default=True, show_default=True,
              help="Node names (trees) and move names (generated games).")
@click.option("--window", type=LibraryChoice(WINDOWS), is_flag=False,
              flag_value=WINDOW_DEFAULT, default=None,
              help=f"The alpha/beta window beside each node: entry (as the parent passed it "
                   f"down) or final (after the node's children, as the lecture notes write "
                   f"it); a bare --window is --window {WINDOW_DEFAULT} [default: none]. "
                   f"Example: --window entry.")
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
              help="The result line and a legend under the tree; --no-legend drops both "
                   "(frames keep their step captions), e.g. for a slide.")
@click.option("--positions/--no-positions", default=None,
              help="Positions (boards, piles) under the nodes of generated games "
                   "[default: on for drawings of at most 60 nodes; boards taller than "
                   "4 lines only at the root and along the principal variation].")
@click.option("--numbers/--no-numbers", default=True, show_default=True,
              help="Proof-number search: proof and disproof numbers under each node.")
@click.option("--title", help="A title above the tree.")
@click.option("--ascii", "ascii_", is_flag=True, help="Write >=, <=, alpha, beta, inf.")
@click.option("--max-nodes", type=WHOLE, default=400, show_default=True,
              help="Collapse pruned and deep subtrees into boxes above this many nodes.")
@click.option("--max-width", type=WHOLE,
              help="At most this many nodes side by side [default: max-nodes / 10; an "
                   "explicit tree of at most max-nodes nodes is drawn whole], e.g. "
                   "--max-width 12.")
@click.option("--depth", type=WHOLE, help="Draw nodes down to this depth (the rest is boxed); "
              "on a --size canvas also fewer nodes side by side when the text would be "
              "too small.")
@click.option("--focus", metavar="NODE", help="Draw the subtree of NODE (and the path to it).")
@click.option("--dpi", type=WHOLE, default=144, show_default=True, help="PNG resolution.")
@click.option("--engine", type=LibraryChoice(f"{_VIEW}:ENGINES"), default="bundled",
              show_default=True,
              help="bundled: the Graphviz inside pygraphviz; system: a dot on PATH.")
@click.option("--max-frames", type=WHOLE, default=500, show_default=True,
              help="Refuse to write more frames than this.")
@preset_option
@click.option("--caption/--no-caption", default=None,
              help="The result line under the diagram (a frame's step under the frame) "
                   "[default: the result line with the legend; a frame's step always]. "
                   "Example: --preset slides --caption.")
@click.option("--size", metavar="SIZE",
              help="Draw on a canvas of exactly this size, the tree scaled to fit and "
                   "centred: slides (1280x720), slides-4:3 (1024x768), a4, a4-landscape, "
                   "WxH in pixels or WxHmm (PNG in pixels, SVG in px or mm, PDF pages in "
                   "points) [default: the drawing's own size; --preset slides: slides]. "
                   "Text under 14 px (8 pt on paper) is noted on the canvas. "
                   "Example: --size 1280x720.")
@click.option("--pruned", type=LibraryChoice(f"{_VIEW}:PRUNED"), default="ghost",
              show_default=True,
              help="Pruned subtrees: ghost (dashed, with values), cross (a cross on the cut "
                   "edge, values hidden, as the lecture draws them), hide (only the crossed "
                   "cut edge). Example: --pruned cross.")
@click.option("--direction", type=LibraryChoice(f"{_VIEW}:DIRECTIONS"),
              help="Which way the tree grows: down (root on top) or right (root at the "
                   "left) [default: down; with --preset slides, whichever draws the tree "
                   "larger on a 16:9 slide]. Example: --direction right.")
@click.option("--strip", metavar="OUT",
              help="Also write every step side by side in one picture (.svg, .png, .pdf or "
                   ".dot), panels (a), (b), ... as in AIMA Fig. 5.5 (one per leaf unless "
                   "--step is given). Example: --strip aima-strip.png.")
@click.option("--strip-columns", type=WHOLE, default=3, show_default=True,
              help="Panels to a row in --strip. Example: --strip s.svg --strip-columns 4.")
@quiet_option(help="No notes on stderr (the files written).")
@click.pass_context
def render_command(ctx: click.Context, trace: Path, out: str | None,
                   frames_dir: str | None, step: str, frame_format: str | None, lang: str,
                   theme: str, values: bool, ids: bool,
                   window: str | None, visit_order: bool, pv: bool, cuts: bool, ghosts: bool,
                   ghost_values: bool, legend: bool, positions: bool | None, numbers: bool,
                   title: str | None, ascii_: bool,
                   max_nodes: int, max_width: int | None, depth: int | None,
                   focus: str | None, dpi: int,
                   engine: str, max_frames: int, preset: str | None, caption: bool | None,
                   size: str | None, pruned: str, direction: str | None, strip: str | None,
                   strip_columns: int, quiet: bool) -> None:
    """Draw TRACE (a .json, .jsonl or .jsonl.gz trace) as a diagram and/or step-by-step frames.

    \b
    Examples:
      gametrace render aima.json -o aima.svg
      gametrace render aima.json -o aima.png --theme print --lang it
      gametrace render aima.json --frames frames/ --step leaf
      gametrace render aima.json -o aima.png --preset slides --pruned cross
      gametrace render chomp.json -o chomp.png --preset slides --depth 2
      gametrace render aima.json -o aima.pdf --size a4 --caption
      gametrace render aima.json -o aima.tex --preset slides
      gametrace render aima.json --strip aima-strip.svg --pruned hide --no-legend
      gametrace render ttt.jsonl.gz -o ttt.svg
    """
    from .options import refuse_inapplicable

    steps = {(False, False): "one", (True, False): "frames", (False, True): "strip",
             (True, True): "both"}[(frames_dir is not None, strip is not None)]
    png = any(p is not None and p.lower().endswith(".png") for p in (out, strip)) or (
        frames_dir is not None and frame_format == "png")
    refuse_inapplicable(ctx, steps=steps, png="with" if png else "without")
    from .._api import draw_outputs
    from ..outputs import check_distinct

    preamble = None  # written beside a .tex diagram
    if out is not None and out.lower().endswith(".tex"):
        preamble = str(Path(out).with_name(Path(out).stem + "-preamble.tex"))
    check_distinct([("-o", out), ("-o (its TikZ preamble)", preamble), ("--strip", strip)],
                   inputs=[("TRACE", trace)], folders=[("--frames", frames_dir)])
    from ..render._entry import drawing_progress
    from .options import stage
    from .progress import file_bar

    # one bar over the reading, then (--frames) one over the frames drawn
    with file_bar(trace, "reading", quiet=quiet, then="drawing") as frame_drawn, \
            stage("drawing"), drawing_progress(frame_drawn):
        drawn = draw_outputs(
            trace, out=out, frames_dir=frames_dir, strip=strip, strip_columns=strip_columns,
            frame_format=frame_format, preset=preset,
            strip_leaf_steps=ctx.get_parameter_source("step") in (ParameterSource.DEFAULT,
                                                                  None),
            # the language always: no preset sets it, and its default is the environment's
            options={"lang": lang, **given_options(ctx, dict(
                theme=theme, values=values, ids=ids, window=window,
                visit_order=visit_order, pv=pv, cuts=cuts, ghosts=ghosts,
                ghost_values=ghost_values, legend=legend, positions=positions,
                numbers=numbers, title=title, ascii=ascii_, max_nodes=max_nodes,
                max_width=max_width, depth=depth,
                focus=focus, dpi=dpi, engine=engine, step=step, max_frames=max_frames,
                caption=caption, size=size, pruned=pruned, direction=direction))})
    for line in () if quiet else drawn.to_lines(lang):
        click.echo(line, err=True)
