"""``gametrace compare``: what an ordering of the children, or a move-ordering technique,
saves on one tree or game: a table (text, CSV or JSON), a plot, a side-by-side picture.

The comparison is :func:`tracer.analysis.comparison.compare_source`'s; the pictures
are :mod:`tracer.figures.ordering_plot`'s and :mod:`tracer.figures.sidebyside`'s.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import click

from ..errors import UsageError
from .options import (
    LibraryChoice,
    algorithm_option,
    depth_option,
    params_option,
    preset_option,
    root_player_option,
    seed_option,
    source_file,
    technique_option,
    variant_option,
)
from .render import given_options

if TYPE_CHECKING:
    from ..analysis.comparison import Comparison
    from ..render import RenderOptions

__all__ = ["compare_command"]


@click.command("compare")
@click.argument("source")
@click.option("--orders", default=None, metavar="LIST",
              help="Orderings to compare: natural, reverse, best, worst, random:N "
                   "[default: natural,reverse,best,worst,random:100].")
@click.option("--techniques", default=None, metavar="LIST",
              help="Compare move-ordering techniques instead: comma-separated "
                   "configurations of + joined tokens among fail-soft, pvs, mtdf, id, killer, "
                   "history, tt, aspiration[:W] (e.g. pvs+id+tt), or 'standard'.")
@algorithm_option(choices="tracer.analysis.ordering:COMPARED_ALGORITHMS",
                  help="The search whose orderings are compared.")
@variant_option(help="Its variant (see `run --help`).")
@technique_option(dest="technique", help="-a enhanced: its techniques, while orderings are "
                                         "compared, e.g. --technique id,tt.")
@depth_option()
@seed_option(default=0, help="Seed of the first random ordering (then seed + 1, ...).")
@click.option("--repeat", type=click.IntRange(min=1), default=3, show_default=True,
              help="--techniques: time each search this many times and keep the best.")
@click.option("--format", "fmt", type=click.Choice(("table", "csv", "json")), default=None,
              help="Output [default: from the extension of -o, else table].")
@click.option("-o", "--output", metavar="FILE", default=None,
              help="Write the table (.txt), CSV (.csv) or JSON (.json) here instead of "
                   "standard output.")
@click.option("--plot", default=None, metavar="FILE",
              help="Plot leaves evaluated over the random orderings, the bounds and the "
                   "fixed orderings marked (.svg, .png, .pdf or .dot).")
@click.option("--picture", default=None, metavar="FILE",
              help="Draw two searches side by side (.svg, .png, .pdf or .dot).")
@click.option("--side-by-side", "pair", default=None, metavar="A,B",
              help="Which two orderings (or techniques) --picture draws "
                   "[default: the first two compared].")
@click.option("--theme", type=LibraryChoice("tracer.render.model.options:THEMES"),
              default="colour", show_default=True, help="print: grayscale pictures.")
@preset_option
@params_option()
@root_player_option()
def compare_command(source: str, orders: str | None, techniques: str | None, algorithm: str,
                    variant: str | None, technique: str, depth: int | None, seed: int,
                    repeat: int, fmt: str | None, output: str | None, plot: str | None,
                    picture: str | None, pair: str | None, theme: str, preset: str | None,
                    params: tuple[str, ...], root_player: str | None) -> None:
    """How much an ordering of the children, or a move-ordering technique, saves on
    SOURCE (a tree file, a lecture tree or a game), and where.

    For each ordering: leaves evaluated, nodes expanded, cuts, the share of cuts made by
    the first child searched, and the effective branching factor, beside plain minimax,
    the Knuth-Moore count (uniform trees) and the critical tree (the fewest leaves that
    prove the value).  With --techniques: the nodes and time of each technique to the
    same answer.  See docs/ordering.md.

    \b
    Examples:
      gametrace compare aima
      gametrace compare aima --orders natural,reverse,best,worst,random:200 --plot aima.svg
      gametrace compare aima --picture pair.png --side-by-side natural,reverse
      gametrace compare aima --picture pair.png --preset slides
      gametrace compare three-mins --format csv -o three-mins.csv
      gametrace compare othello --depth 5 --techniques standard
      gametrace compare tictactoe --techniques alphabeta,id+tt,pvs+tt,mtdf --repeat 1
    """
    from ..analysis.comparison import compare_source, plan_comparison
    from ..analysis.ordering import OrderingReport
    from ..api import parse_params
    from ..deep import DEFAULT_MAX_PLY, run_deep
    from ..outputs import check_outputs, prints_to_stderr, stderr_is_terminal
    from ..render import output_format

    if orders is not None and techniques is not None:
        raise UsageError("give --orders or --techniques, not both")
    if plot is not None and techniques is not None:
        raise UsageError("--plot shows random orderings: it goes with --orders")
    # Every output is checked before any search; the table goes to stdout without -o.
    check_outputs(("-o", "-" if output is None else output, "table"),
                  ("--plot", plot, "diagram"), ("--picture", picture, "diagram"),
                  inputs=[("SOURCE", source_file(source))])
    for path in (plot, picture):
        if path is not None:
            output_format(path)
    suffix = os.path.splitext(output or "")[1].lower()
    fmt = fmt or (suffix[1:] if suffix in (".csv", ".json") else "table")
    plan = plan_comparison(orders=orders, techniques=techniques, algorithm=algorithm)
    chosen = plan.pair(pair) if picture is not None else None
    show = plan.randoms >= 20 and stderr_is_terminal()
    try:
        with prints_to_stderr():  # a game's own print() never mixes with the table
            comparison = run_deep(lambda: compare_source(
                source, plan, algorithm=algorithm, variant=variant, technique=technique,
                depth=depth, seed=seed, repeat=repeat, params=parse_params(params),
                root_player=root_player, progress=_print_progress if show else None),
                max_ply=DEFAULT_MAX_PLY)
    finally:
        if show:
            click.echo("\r\033[K", err=True, nl=False)
    if plot is not None and isinstance(comparison.report, OrderingReport):  # not techniques
        from ..figures.ordering_plot import render_plot
        from ..render.files.output import write_output

        write_output(plot, render_plot(comparison.report, output_format(plot)))
    text = comparison.to_text(fmt)
    if output in (None, "-"):
        click.echo(text, nl=False)
    else:
        from ..jsonio import atomic_writer

        with atomic_writer(output) as out:
            out.write(text)
        click.echo(f"{fmt} written to {output}", err=True)
    if plot not in (None, "-"):
        click.echo(f"plot written to {plot}", err=True)
    if picture is not None and chosen is not None:
        from ..render.draw.presets import preset_options

        # --theme given on the command line wins over the preset's theme.
        options = preset_options(preset, legend=False, visit_order=True,
                                 **given_options(click.get_current_context(),
                                                 {"theme": theme}))
        run_deep(lambda: _picture(picture, chosen, comparison, options),
                 max_ply=DEFAULT_MAX_PLY)


def _print_progress(done: int, total: int) -> None:
    click.echo(f"\r\033[Kcomparing: random ordering {done:,} of {total:,}", err=True,
               nl=False)


def _picture(path: str, chosen: tuple[str, str], comparison: Comparison,
             options: RenderOptions) -> None:
    from ..figures.sidebyside import side_by_side
    from ..render import output_format
    from ..render.files.output import write_output

    (trace_a, name_a), (trace_b, name_b) = (comparison.trace_of(chosen[0]),
                                            comparison.trace_of(chosen[1]))
    drawing = side_by_side(trace_a, trace_b, names=(name_a, name_b), title=comparison.title,
                           options=options)
    write_output(path, drawing.render(output_format(path)))
    for line in drawing.summary():
        click.echo(line, err=True)
    click.echo(f"picture written to {path}", err=True)
