"""``gametrace run`` (search a tree or a game, print and record it) and ``gametrace
validate`` (check a file against its schema)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..outputs import stderr_is_terminal
from ..recursion import run_deep
from ..said import Said, said
from ..writing import prints_to_stderr
from .number_types import WholeRange
from .options import (
    algorithm_option,
    bounds_option,
    cut_on_option,
    depth_option,
    json_option,
    lang_option,
    max_nodes_option,
    max_ply_option,
    max_trace_mb_option,
    order_option,
    params_option,
    preset_option,
    prover_option,
    quiet_option,
    render_option,
    root_player_option,
    seed_option,
    source_file,
    technique_option,
    time_limit_option,
    trace_output_option,
    variant_option,
)

if TYPE_CHECKING:
    from ..spec import SearchSpec
    from ..trace import Result

__all__ = ["run", "validate"]


@click.command()
@click.argument("source")
@algorithm_option()
@variant_option()
@order_option()
@seed_option()
@depth_option()
@cut_on_option()
@bounds_option()
@technique_option()
@prover_option()
@root_player_option()
@trace_output_option(example="ttt.jsonl.gz")
@json_option(help="Print the result as JSON (keys value, move, pv, stats; and exact, "
                  "as \"11/3\", for a value computed exactly from fractions).")
@render_option()
@preset_option
@params_option()
@max_nodes_option()
@time_limit_option()
@max_trace_mb_option()
@quiet_option()
@max_ply_option()
@click.option("--record", type=click.Choice(("full", "counters")), default="full",
              show_default=True,
              help="full: every event in the trace (-o). counters: no events, only the "
                   "search statistics per depth, counted by the search (minimax, "
                   "alpha-beta fail-soft or fail-hard, natural or reverse order); -o writes "
                   "them as JSON for gametrace stats, --json adds them to the summary as "
                   "\"counters\".")
@click.option("--capture", "capture_path", metavar="PATH", default=None,
              help="Record only the subtree under the node this move path reaches "
                   "(moves as the game names them, separated by /: e4/e5/Nf3, B/E); "
                   "the rest of the search is counted. -o FILE gets the subtree as a "
                   "trace (its header's capture block says where it was cut from).")
@click.option("--capture-when", "capture_when", metavar="COND", default=None,
              help="Record the subtree of every node where COND holds (e.g. "
                   "\"cut.rank > 3 and depth <= 4\"; fields: depth, player, children, "
                   "alpha, beta, class, nodes, value, pruned, cut.rank, cut.kind, "
                   "cut.class); -o DIR gets capture-001.json, ... (see docs/ordering.md).")
@click.option("--captures", type=WholeRange(1, 1000), default=None, metavar="N",
              help="--capture-when: write the first N captures  [default: 5]")
@lang_option(help="Language of the summary, the notes and the drawing (it: valore, "
                  "mossa migliore, taglio alfa, ...).")
def run(source: str, algorithm: str, variant: str | None, order: str, seed: int | None,
        depth: int | None, cut_on: str | None, root_player: str | None, output: str | None,
        as_json: bool, render_out: str | None, params: tuple[str, ...], max_nodes: int | None,
        time_limit: float | None, quiet: bool, max_ply: int,
        bounds: tuple[float, float] | None, prover: str | None, techniques: str,
        preset: str | None, max_trace_mb: int | None, record: str, capture_path: str | None,
        capture_when: str | None, captures: int | None, lang: str) -> None:
    """Search SOURCE and print the value, best move, principal variation and counts.

    SOURCE is a tree file (.json, or the text notation in any other file), the
    name of a built-in lecture tree (see `gametrace examples`), a generated game
    (see `gametrace games`) or your own game as path/to/file.py:ClassName.

    \b
    Examples:
      gametrace run aima
      gametrace run aima -a alphabeta --variant fail-hard -o aima.json
      gametrace run aima -a alphabeta --lang it
      gametrace run aima --order reverse --cut-on gt --json
      gametrace run aima -a alphabeta --render aima.svg --preset slides
      gametrace run tictactoe -p board=x...o.... --depth 2
      echo 'A(B(3 12 8) C(2 4 6) D(14 5 2))' > t.tree && gametrace run t.tree -a minimax
      gametrace run coin -a expectiminimax --variant star1 --bounds -2 7
      gametrace run grundy -p coins=7 -p first=min -a andor
      gametrace run grundy -p coins=7 -p first=min -a pns --prover min
      gametrace run othello --depth 5 -a enhanced --variant pvs --technique id,tt,killer
      gametrace run othello --depth 5 --record counters -o othello-stats.json
      gametrace run othello --depth 6 --capture d3/c5/f6 -o f6.json
      gametrace run othello --depth 5 --capture-when "cut.rank > 3" -o late-cuts
    """
    from .options import refuse_inapplicable

    refuse_inapplicable(click.get_current_context(),
                        drawing="with" if render_out is not None else "without")
    from .._api import Limits, SearchSpec, parse_params, run_source
    from ..outputs import check_distinct

    check_distinct([("-o", output), ("--render", render_out)],
                   inputs=[("SOURCE", source_file(source))])

    show_progress = not quiet and not as_json and stderr_is_terminal()
    limits = Limits(max_nodes=max_nodes, time_limit=time_limit,
                    progress=_print_progress if show_progress else None,
                    max_trace_bytes=None if max_trace_mb is None else max_trace_mb * 10**6)
    spec = SearchSpec.make(algorithm=algorithm, variant=variant, order=order, seed=seed,
                           depth=depth, cut_on=cut_on, bounds=bounds, prover=prover,
                           techniques=techniques, root_player=root_player, limits=limits)
    if capture_path is not None or capture_when is not None or captures is not None:
        _run_capture(source, spec, params=parse_params(params), output=output,
                     capture_path=capture_path, capture_when=capture_when,
                     captures=captures, render_out=render_out, record=record,
                     as_json=as_json, quiet=quiet, max_ply=max_ply,
                     show_progress=show_progress, lang=lang)
        return
    if record == "counters":
        _run_counters(source, spec, params=parse_params(params), output=output,
                      render_out=render_out, as_json=as_json, quiet=quiet, max_ply=max_ply,
                      show_progress=show_progress, lang=lang)
        return
    try:
        with prints_to_stderr():  # a game's own print() never mixes with the data
            outcome = run_source(source, spec=spec, params=parse_params(params),
                                 output=output, render_out=render_out, preset=preset,
                                 as_json=as_json, max_ply=max_ply, lang=lang)
    finally:
        if show_progress:
            click.echo("\r\033[K", err=True, nl=False)
    result = outcome.result
    if as_json:
        from ..jsonio import dumps_json

        click.echo(dumps_json(outcome.summary.to_json()))
    else:
        # When a trace or a drawing goes to stdout, the summary goes to stderr (a note,
        # which -q silences).
        if not (quiet and outcome.stdout_taken):
            click.echo(outcome.summary.to_text(lang), err=outcome.stdout_taken)
    if not result.complete and not quiet:
        click.echo(_stopped(result, said("gametrace: search stopped by {option} after {n} "
                                         "nodes: the result is incomplete")), err=True)
    if output not in (None, "-") and not quiet:
        click.echo(said("trace written to {file}", file=output).worded(lang), err=True)
    if render_out not in (None, "-") and not quiet:
        click.echo(said("diagram written to {file}", file=render_out).worded(lang), err=True)


def _stopped(result: Result, line: Said) -> str:
    """A search stopped by a budget, in the command's language: ``line`` with the
    budget's option and the nodes searched."""
    from ..limits import STOPPED_BY
    from ..stderr_channel import language

    option: Said | str = STOPPED_BY.get(result.stopped or "", "") or said("a budget")
    return Said(line.template, (("option", option), ("n", result.stats.nodes_visited))
                ).worded(language())


def _run_counters(source: str, spec: SearchSpec, *, params: Mapping[str, str],
                  output: str | None, render_out: str | None, as_json: bool, quiet: bool,
                  max_ply: int, show_progress: bool, lang: str) -> None:
    """``--record counters``: search counting, print the summary and the statistics
    table (or, with ``--json``, both as JSON), write the statistics to ``-o``."""
    from .._api import SearchSummary, summary_title
    from ..analysis.stats import count_source
    from ..errors import UsageError
    from ..jsonio import dumps_json
    from ..outputs import check_outputs
    from ..writing import open_text_output

    if render_out is not None:
        raise UsageError(said("--render draws a trace, and --record counters keeps none: "
                              "use --record full"))
    check_outputs(("-o", output, "trace"), json_flag=as_json)
    if output is not None and output != "-" and not output.endswith(".json"):
        raise UsageError(said("-o {output}: --record counters writes a .json document",
                              output=output))
    limits = spec.limits
    try:
        with prints_to_stderr():
            stats, result = run_deep(lambda: count_source(source, spec=spec, params=params),
                                     max_ply=max_ply,
                                     deadline=None if limits is None else limits.time_limit)
    finally:
        if show_progress:
            click.echo("\r\033[K", err=True, nl=False)
    summary = SearchSummary(summary_title(spec, stats.source), spec.algorithm, result)
    if output is not None:
        with open_text_output(output) as out:
            out.write(dumps_json(stats.to_json()) + "\n")
    if as_json:
        click.echo(dumps_json({**summary.to_json(), "counters": stats.to_json()}))
    elif output != "-":
        click.echo(summary.to_text(lang))
        click.echo(stats.to_text())
    elif not quiet:
        click.echo(summary.to_text(lang), err=True)
    if not result.complete and not quiet:
        click.echo(_stopped(result, said("gametrace: search stopped by {option} after {n} "
                                         "nodes: the counts are partial")), err=True)
    if output not in (None, "-") and not quiet:
        click.echo(said("statistics written to {file}", file=output).worded(lang), err=True)


def _run_capture(source: str, spec: SearchSpec, *, params: Mapping[str, str],
                 output: str | None, capture_path: str | None, capture_when: str | None,
                 captures: int | None, render_out: str | None, record: str, as_json: bool,
                 quiet: bool, max_ply: int, show_progress: bool, lang: str) -> None:
    """``--capture PATH`` or ``--capture-when COND``: search, write the captures, print
    the whole search's summary and a line per capture (or, with ``--json``, both)."""
    from .._api.capturing import CaptureOutcome
    from .._api.capturing import capture_path as by_path
    from .._api.capturing import capture_when as by_when
    from ..errors import UsageError
    from ..jsonio import dumps_json

    option = "--capture" if capture_path is not None else "--capture-when"
    if capture_path is not None and capture_when is not None:
        raise UsageError(said("--capture and --capture-when: give one (a move path, or a "
                              "condition)"))
    if capture_when is None and captures is not None:
        raise UsageError(said("--captures applies to --capture-when"))
    if render_out is not None:
        raise UsageError(said("--render draws a whole trace: draw the capture with "
                              "gametrace render, not with {option}", option=option))
    if record != "full":
        raise UsageError(said("{option} records subtrees: not with --record {record}",
                              option=option, record=record))
    if output is None or output == "-":
        what = said("FILE (the subtree's trace)") if capture_path is not None else \
            said("DIR (a folder for the captures)")
        raise UsageError(said("{option} writes to a file: give -o {what}", option=option,
                              what=what))
    limits = spec.limits

    def work() -> CaptureOutcome:
        if capture_path is not None:
            return by_path(source, spec=spec, path=capture_path, params=params,
                           output=output)
        assert capture_when is not None
        return by_when(source, spec=spec, condition=capture_when, output=output,
                       captures=5 if captures is None else captures, params=params)

    try:
        with prints_to_stderr():
            outcome = run_deep(work, max_ply=max_ply,
                               deadline=None if limits is None else limits.time_limit)
    finally:
        if show_progress:
            click.echo("\r\033[K", err=True, nl=False)
    click.echo(dumps_json(outcome.to_json()) if as_json else outcome.to_text(lang))
    result = outcome.summary.result
    if not result.complete and not quiet:
        click.echo(_stopped(result, said("gametrace: search stopped by {option} after {n} "
                                         "nodes: the capture is partial")), err=True)


def _print_progress(nodes: int, seconds: float) -> None:
    from ..stderr_channel import language

    rate = nodes / seconds if seconds > 0 else 0.0
    line = said("searching: {nodes:,} nodes, {rate:,.0f} nodes/s, {seconds:.1f} s",
                nodes=nodes, rate=rate, seconds=seconds)
    click.echo("\r\033[K" + line.worded(language()), err=True, nl=False)


@click.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True,
                                       path_type=Path))
@click.option("--kind", type=click.Choice(("tree", "trace", "solution", "payoff", "graph")),
              default=None, help="What FILE is [default: guessed from its content].")
@max_ply_option(help="Deepest nesting the reader accepts.")
def validate(file: Path, kind: str | None, max_ply: int) -> None:
    """Check a tree, trace, solution, payoff or graph FILE against its schema.

    A .jsonl file is a trace stream; a JSON file with "format": "gametree-trace" is a
    trace, one with rows/columns/payoffs a payoff matrix, one with edges/start/goal a
    graph for A*, one with solution items (values, evaluated, pruned, ...) a solution,
    anything else a tree; a .graph file is a graph in the text form, a file of another
    extension a tree in the text notation.  Prints what the file is when
    it is valid; exits 1 with the first error (file, JSON path, what was expected).

    \b
    Examples:
      gametrace validate traces/aima.alphabeta.fail-soft.json
      gametrace validate tests/data/trees/aima.json
      gametrace validate docs/examples/student-wrong.json
      gametrace validate my-answer.json --kind solution
      gametrace validate mymap.graph
    """
    from .._api import validate_file
    from ..stdin import shown_name

    what = run_deep(lambda: validate_file(file, kind=kind), max_ply=max_ply)
    click.echo(f"{shown_name(str(file))}: valid {what}")
