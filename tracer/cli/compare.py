"""``gametrace compare``: what an ordering of the children, or a move-ordering technique,
saves on one tree or game: a table (text, CSV or JSON), a plot, a side-by-side picture.

The command runs the searches through :func:`tracer.search.run_search`; the counting
is :mod:`tracer.analysis.ordering`'s (from the events), the technique comparison
:mod:`tracer.search.enh_compare`'s, the pictures :mod:`tracer.analysis.ordering_plot`'s
and :mod:`tracer.analysis.sidebyside`'s.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from .analysis.ordering import DEFAULT_ORDERS
from .cli_render import given_options, preset_option
from .errors import UsageError
from .numbers import format_number
from .render.draw.presets import preset_options

if TYPE_CHECKING:
    from .analysis.ordering import OrderingReport
    from .render import RenderOptions
    from .search.enh_compare import Config
    from .trace import Trace

__all__ = ["compare_command", "ordering_csv", "ordering_table"]

TraceOf = Callable[[str], "tuple[Trace, str]"]
"""Runs one of the compared searches again, recorded: (trace, its name in the picture)."""


@click.command("compare")
@click.argument("source")
@click.option("--orders", default=None, metavar="LIST",
              help="Orderings to compare: natural, reverse, best, worst, random:N "
                   f"[default: {DEFAULT_ORDERS}].")
@click.option("--techniques", default=None, metavar="LIST",
              help="Compare move-ordering techniques instead: comma-separated "
                   "configurations of + joined tokens among fail-soft, pvs, mtdf, id, killer, "
                   "history, tt, aspiration[:W] (e.g. pvs+id+tt), or 'standard'.")
@click.option("-a", "--algorithm", default="alphabeta", show_default=True,
              type=click.Choice(("alphabeta", "enhanced", "minimax")),
              help="The search whose orderings are compared.")
@click.option("--variant", default=None, metavar="V", help="Its variant (see `run --help`).")
@click.option("--technique", default="", metavar="LIST",
              help="-a enhanced: its techniques, while orderings are compared.")
@click.option("--depth", type=click.IntRange(min=0), default=None,
              help="Depth limit: nodes at this ply are scored by their static value.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the first random ordering (then seed + 1, ...).")
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
@click.option("--theme", type=click.Choice(("colour", "print")), default="colour",
              show_default=True, help="print: grayscale pictures.")
@preset_option
@click.option("-p", "--param", "params", multiple=True, metavar="KEY=VALUE",
              help="A parameter of a generated game (repeatable); see `gametrace games`.")
@click.option("--root-player", default=None, type=click.Choice(("max", "min")),
              help="Who moves at the root of a tree file [default: max].")
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
    from .api import parse_params
    from .deep import DEFAULT_MAX_PLY, run_deep
    from .render import output_format

    if orders is not None and techniques is not None:
        raise UsageError("give --orders or --techniques, not both")
    if plot is not None and techniques is not None:
        raise UsageError("--plot shows random orderings: it goes with --orders")
    from .outputs import check_outputs

    # Every output is checked before any search; the table goes to stdout without -o.
    check_outputs(("-o", "-" if output is None else output, "table"),
                  ("--plot", plot, "diagram"), ("--picture", picture, "diagram"))
    for path in (plot, picture):
        if path is not None:
            output_format(path)
    suffix = os.path.splitext(output or "")[1].lower()
    fmt = fmt or (suffix[1:] if suffix in (".csv", ".json") else "table")
    if techniques is not None:
        from .search.enh_compare import parse_configs

        configs = parse_configs(techniques)
        names = [c.name for c in configs]
    else:
        from .analysis.ordering import parse_orders

        fixed, randoms = parse_orders(orders or DEFAULT_ORDERS)
        oracle = [o for o in fixed if o in ("best", "worst")]
        if algorithm == "enhanced" and oracle:
            raise UsageError(f"-a enhanced orders moves itself: compare it under natural, "
                             f"reverse and random orderings, not {' and '.join(oracle)}")
        names = [*fixed, *(["random"] if randoms else [])]
    chosen = _pair(pair, names, techniques is not None) if picture is not None else []
    from .sources import resolve

    resolved = resolve(source, root_player=root_player, params=parse_params(params))
    game, state, block = resolved.game()
    name = resolved.name
    where = name + ("" if depth is None else f", depth {depth}")

    def search(recorder: Any, **options: Any) -> Any:
        from .search import run_search

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
        from .jsonio import atomic_writer

        with atomic_writer(output) as out:
            out.write(text)
        click.echo(f"{fmt} written to {output}", err=True)
    if plot not in (None, "-"):
        click.echo(f"plot written to {plot}", err=True)
    if picture is not None:
        # --theme given on the command line wins over the preset's theme.
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
    from .analysis.ordering import compare_orderings
    from .jsonio import dumps_json
    from .search import ALGORITHMS

    shown = f"{how['algorithm']} ({how['variant'] or ALGORITHMS[how['algorithm']][0]}" + (
        f"; {how['techniques']})" if how["techniques"] else ")")
    from .outputs import stderr_is_terminal

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
        from .analysis.ordering_plot import render_plot
        from .render import output_format
        from .render.files.output import write_output

        write_output(plot, render_plot(report, output_format(plot)))
    if fmt == "json":
        text = dumps_json(report.to_json()) + "\n"
    else:
        text = ordering_csv(report) if fmt == "csv" else ordering_table(report)

    def trace_of(item: str) -> tuple[Trace, str]:
        from .record import MemoryRecorder

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
    from .jsonio import dumps_json
    from .record import NULL
    from .search.enh_compare import compare_techniques

    report = compare_techniques(lambda c: search(NULL, **c.options()), configs, repeat=repeat,
                                title=f"techniques on {where}")
    if fmt == "json":
        out = dumps_json(report.to_json()) + "\n"
    elif fmt == "csv":
        ref = report.runs[0].result
        out = _csv([{**r.to_json(ref), "techniques": "+".join(r.config.techniques)}
                    for r in report.runs])
    else:
        out = report.table()
    by_name = {c.name: c for c in configs}

    def trace_of(item: str) -> tuple[Trace, str]:
        from .record import MemoryRecorder

        rec = MemoryRecorder()
        search(rec, **by_name[item].options())
        return rec.trace, item

    return out, trace_of, f"alpha-beta on {where}"


def _picture(path: str, chosen: list[str], trace_of: TraceOf, options: RenderOptions,
             title: str) -> None:
    from .analysis.sidebyside import side_by_side
    from .render import output_format
    from .render.files.output import write_output

    (trace_a, name_a), (trace_b, name_b) = trace_of(chosen[0]), trace_of(chosen[1])
    drawing = side_by_side(trace_a, trace_b, names=(name_a, name_b), title=title,
                           options=options)
    write_output(path, drawing.render(output_format(path)))
    for line in drawing.summary():
        click.echo(line, err=True)
    click.echo(f"picture written to {path}", err=True)


# the ordering table -------------------------------------------------------------------


def ordering_table(report: OrderingReport) -> str:
    """The terminal table: one row per ordering, the random ones summarised."""
    shape = report.shape
    d, all_leaves = shape.height, shape.leaves
    kind = (f"uniform tree, b = {shape.branching}, d = {d}" if shape.branching is not None
            else f"height d = {d}, not uniform")
    rows: list[tuple[str, ...]] = [
        (run.name, str(run.tally.leaves), f"{run.tally.leaves / all_leaves:.1%}",
         str(run.tally.expanded), str(run.tally.cuts),
         _share(run.tally.first_child_cuts, run.tally.cuts), _f(run.tally.ebf(d)))
        for run in (report.minimax, *report.runs)]
    spread = report.spread("leaves")
    if spread is not None:
        means = {a: report.spread(a) for a in ("expanded", "cuts")}
        cuts = sum(r.tally.cuts for r in report.random)
        first = sum(r.tally.first_child_cuts for r in report.random)
        rows.append((f"random ({spread.n}), mean", f"{spread.mean:.1f}",
                     f"{spread.mean / all_leaves:.1%}", _mean(means["expanded"]),
                     _mean(means["cuts"]), _share(first, cuts),
                     _f(spread.mean ** (1 / d) if d > 0 else None)))
    head = ("", "leaves", "of minimax", "expanded", "cuts", "1st-child cuts", "EBF")
    widths = [max(len(r[i]) for r in (head, *rows)) for i in range(len(head))]
    widths[0] = max(widths[0], len("critical tree"))

    def line(cells: tuple[str, ...]) -> str:
        first, *rest = cells
        return f"{first:<{widths[0]}}" + "".join(
            f"  {c:>{w}}" for c, w in zip(rest, widths[1:], strict=True))

    lines = [f"{report.title}: value {format_number(shape.value)}; {kind}", line(head),
             *(line(r) for r in rows)]
    if spread is not None:
        lines.append(f"{'':<{widths[0]}}  leaves: min {format_number(spread.min)}, "
                     f"q1 {format_number(spread.q1)}, median {format_number(spread.median)}, "
                     f"q3 {format_number(spread.q3)}, max {format_number(spread.max)}")

    def bound(name: str, leaves: int, note: str) -> str:
        return (f"{name:<{widths[0]}}  {leaves:>{widths[1]}}  "
                f"{leaves / all_leaves:>{widths[2]}.1%}  {note}")

    km = shape.knuth_moore
    if km is not None:
        b = shape.branching
        lines.append(bound("Knuth-Moore", km, f"b^ceil(d/2) + b^floor(d/2) - 1 = "
                                              f"{b}^{-(-d // 2)} + {b}^{d // 2} - 1"))
    lines.append(bound("critical tree", shape.critical,
                       f"the fewest leaves that prove the value {format_number(shape.value)}"))
    lines.append(f"EBF = leaves^(1/d) with d = {d}, the height of the tree minimax searched;")
    lines.append("1st-child cuts: cuts made by the first child searched at the node cut.")
    return "\n".join(lines) + "\n"


def ordering_csv(report: OrderingReport) -> str:
    """One row per search (minimax, each ordering, each random seed), then the bounds."""
    d, n = report.shape.height, report.shape.leaves
    rows = [{"kind": "minimax" if r is report.minimax else "ordering", **r.to_json(d, n)}
            for r in (report.minimax, *report.runs, *report.random)]
    blank = dict.fromkeys(rows[0], None)
    for name, leaves in (("knuth-moore", report.shape.knuth_moore),
                         ("critical-tree", report.shape.critical)):
        if leaves is not None:
            rows.append({**blank, "kind": "bound", "ordering": name, "leaves": leaves,
                         "ebf": leaves ** (1 / d) if d > 0 else None,
                         "share_of_minimax": leaves / n, "value": report.shape.value})
    return _csv(rows)


def _share(first: int, cuts: int) -> str:
    return f"{first}/{cuts} ({first / cuts:.0%})" if cuts else "-"


def _mean(spread: Any) -> str:
    return "-" if spread is None else f"{spread.mean:.1f}"


def _f(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def _csv(rows: list[dict[str, Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()
