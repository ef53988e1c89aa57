"""``gametrace compare``: what an ordering of the children, or a move-ordering technique,
saves on one tree or game: a table (text, CSV or JSON), a plot, a side-by-side picture.

The command runs the searches through :func:`tracer.search.run_search`; the counting
is :mod:`tracer.analysis.ordering`'s (from the events), the technique comparison
:mod:`tracer.search.enh_compare`'s, the pictures :mod:`tracer.analysis.ordering_plot`'s
and :mod:`tracer.analysis.sidebyside`'s.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

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
    technique_option,
    variant_option,
)
from .render import given_options

if TYPE_CHECKING:
    from ..render import RenderOptions
    from ..search.enh_compare import Config
    from ..trace import Trace

__all__ = ["compare_command"]

TraceOf = Callable[[str], "tuple[Trace, str]"]
"""Runs one of the compared searches again, recorded: (trace, its name in the picture)."""


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
    from ..api import parse_params
    from ..deep import DEFAULT_MAX_PLY, run_deep
    from ..render import output_format

    if orders is not None and techniques is not None:
        raise UsageError("give --orders or --techniques, not both")
    if plot is not None and techniques is not None:
        raise UsageError("--plot shows random orderings: it goes with --orders")
    from ..outputs import check_outputs

    # Every output is checked before any search; the table goes to stdout without -o.
    check_outputs(("-o", "-" if output is None else output, "table"),
                  ("--plot", plot, "diagram"), ("--picture", picture, "diagram"))
    for path in (plot, picture):
        if path is not None:
            output_format(path)
    suffix = os.path.splitext(output or "")[1].lower()
    fmt = fmt or (suffix[1:] if suffix in (".csv", ".json") else "table")
    if techniques is not None:
        from ..search.enh_compare import parse_configs

        configs = parse_configs(techniques)
        names = [c.name for c in configs]
    else:
        from ..analysis.ordering import DEFAULT_ORDERS, parse_orders

        fixed, randoms = parse_orders(orders or DEFAULT_ORDERS)
        oracle = [o for o in fixed if o in ("best", "worst")]
        if algorithm == "enhanced" and oracle:
            raise UsageError(f"-a enhanced orders moves itself: compare it under natural, "
                             f"reverse and random orderings, not {' and '.join(oracle)}")
        names = [*fixed, *(["random"] if randoms else [])]
    chosen = _pair(pair, names, techniques is not None) if picture is not None else []
    from ..sources import resolve

    resolved = resolve(source, root_player=root_player, params=parse_params(params))
    game, state, block = resolved.game()
    name = resolved.name
    where = name + ("" if depth is None else f", depth {depth}")

    def search(recorder: Any, **options: Any) -> Any:
        from ..search import run_search

        return run_search(game, state, depth=depth, recorder=recorder, source=block,
                          **options)

    def work() -> tuple[str, TraceOf, str]:
        if techniques is not None:
            return _techniques(configs, search, where, repeat, fmt)
        return _orderings(fixed, randoms, search, where, fmt, plot,
                          dict(algorithm=algorithm, variant=variant, techniques=technique),
                          seed)

    text, trace_of, title = run_deep(work, max_ply=DEFAULT_MAX_PLY)
    if output in (None, "-"):
        click.echo(text, nl=False)
    else:
        from ..jsonio import atomic_writer

        with atomic_writer(output) as out:
            out.write(text)
        click.echo(f"{fmt} written to {output}", err=True)
    if plot not in (None, "-"):
        click.echo(f"plot written to {plot}", err=True)
    if picture is not None:
        # --theme given on the command line wins over the preset's theme.
        from ..render.draw.presets import preset_options

        options = preset_options(preset, legend=False, visit_order=True,
                                 **given_options(click.get_current_context(),
                                                 {"theme": theme}))
        run_deep(lambda: _picture(picture, chosen, trace_of, options, title),
                 max_ply=DEFAULT_MAX_PLY)


def _pair(pair: str | None, names: list[str], techniques: bool) -> list[str]:
    """The two searches ``--picture`` draws, checked before any search runs."""
    chosen = [p.strip().lower() for p in pair.split(",")] if pair else names[:2]
    if len(chosen) != 2 or not all(chosen):
        raise UsageError(f"--side-by-side takes two names separated by a comma, got {pair!r}")
    for item in chosen:
        order, _, seed = item.partition(":")
        known = item in names if techniques else (
            order in ("minimax", *names) and (not seed or (order == "random" and
                                                           seed.isdigit())))
        if not known:
            what = "techniques" if techniques else "orderings"
            extra = "" if techniques else ", minimax, random:SEED"
            raise UsageError(f"--side-by-side: {item!r} is not among the {what} compared "
                             f"(choose from: {', '.join(names)}{extra})")
    return chosen


def _orderings(fixed: tuple[str, ...], randoms: int, search: Callable[..., Any], where: str,
               fmt: str, plot: str | None, how: dict[str, Any],
               seed: int) -> tuple[str, TraceOf, str]:
    from ..analysis.ordering import compare_orderings
    from ..jsonio import dumps_json
    from ..search import ALGORITHMS

    shown = f"{how['algorithm']} ({how['variant'] or ALGORITHMS[how['algorithm']][0]}" + (
        f"; {how['techniques']})" if how["techniques"] else ")")
    from ..outputs import stderr_is_terminal

    done = [0]
    show = randoms >= 20 and stderr_is_terminal()

    def one(order: str, s: int | None, counter: Any) -> Any:
        result = search(counter, order=order, seed=s, **how)
        if order == "random" and show:
            done[0] += 1
            click.echo(f"\r\033[Kcomparing: random ordering {done[0]:,} of {randoms:,}",
                       err=True, nl=False)
        return result

    try:
        report = compare_orderings(one, lambda counter: search(counter, algorithm="minimax"),
                                   fixed, randoms=randoms, seed=seed,
                                   title=f"{shown} on {where}")
    finally:
        if show:
            click.echo("\r\033[K", err=True, nl=False)
    if plot is not None:
        from ..analysis.ordering_plot import render_plot
        from ..render import output_format
        from ..render.files.output import write_output

        write_output(plot, render_plot(report, output_format(plot)))
    if fmt == "json":
        text = dumps_json(report.to_json()) + "\n"
    else:
        text = report.to_csv() if fmt == "csv" else report.to_table()

    def trace_of(item: str) -> tuple[Trace, str]:
        from ..record import MemoryRecorder

        order, _, n = item.partition(":")
        rec = MemoryRecorder()
        s = int(n) if n.isdigit() else seed
        if order == "minimax":
            search(rec, algorithm="minimax")
        else:
            search(rec, order=order, seed=s if order == "random" else None, **how)
        return rec.trace, f"random (seed {s})" if order == "random" else order

    return text, trace_of, report.title


def _techniques(configs: list[Config], search: Callable[..., Any], where: str, repeat: int,
                fmt: str) -> tuple[str, TraceOf, str]:
    from ..jsonio import dumps_json
    from ..record import NULL
    from ..search.enh_compare import compare_techniques

    report = compare_techniques(lambda c: search(NULL, **c.options()), configs, repeat=repeat,
                                title=f"techniques on {where}")
    if fmt == "json":
        out = dumps_json(report.to_json()) + "\n"
    else:
        out = report.to_csv() if fmt == "csv" else report.to_text()
    by_name = {c.name: c for c in configs}

    def trace_of(item: str) -> tuple[Trace, str]:
        from ..record import MemoryRecorder

        rec = MemoryRecorder()
        search(rec, **by_name[item].options())
        return rec.trace, item

    return out, trace_of, f"alpha-beta on {where}"


def _picture(path: str, chosen: list[str], trace_of: TraceOf, options: RenderOptions,
             title: str) -> None:
    from ..analysis.sidebyside import side_by_side
    from ..render import output_format
    from ..render.files.output import write_output

    (trace_a, name_a), (trace_b, name_b) = trace_of(chosen[0]), trace_of(chosen[1])
    drawing = side_by_side(trace_a, trace_b, names=(name_a, name_b), title=title,
                           options=options)
    write_output(path, drawing.render(output_format(path)))
    for line in drawing.summary():
        click.echo(line, err=True)
    click.echo(f"picture written to {path}", err=True)
