"""``gametrace stats``: the statistics of a search per depth, from a full trace (read as a
stream) or from the document ``gametrace run --record counters -o F.json`` writes."""

from __future__ import annotations

from typing import Any

import click

from .options import existing_file, json_option, max_ply_option, quiet_option

__all__ = ["stats_command"]


@click.command("stats")
@click.argument("trace")
@json_option(help="Print the statistics as JSON (the document --record counters writes).")
@click.option("--plot", default=None, metavar="FILE",
              help="Plot nodes and the fail-high-first rate per depth (.svg, .png, .pdf or "
                   ".dot).")
@click.option("--minimal", is_flag=True,
              help="Search the same tree again, perfectly ordered (order best), and show the "
                   "minimal tree's nodes and the nodes beyond it per depth (trees and "
                   "built-in games; costs a full minimax of the tree).")
@click.option("--by-class", "by_class", is_flag=True,
              help="Also count the moves searched and the cuts by move class: the game's "
                   "own (chess: promotion, capture, check, quiet; other games: move) or, "
                   "for a move the enhanced search put early, pv move, tt move, killer. "
                   "The game is made again from the trace's header; for an engine's "
                   "trace, the classes its header declares.")
@click.option("--class-plot", "class_plot", default=None, metavar="FILE",
              help="Plot the moves by class (implies --by-class): per class, the fail-high "
                   "rate and the cuts by the rank of the cutting move (.svg, .png, .pdf or "
                   ".dot).")
@max_ply_option(help="Deepest tree the --minimal search may recurse into.")
@quiet_option(help="No notes on stderr (the plot written).")
def stats_command(trace: str, as_json: bool, plot: str | None, minimal: bool,
                  by_class: bool, class_plot: str | None, max_ply: int, quiet: bool) -> None:
    """Per depth statistics of the search recorded in TRACE: nodes, inner nodes, cut
    nodes, fail-high rate (cut nodes / inner nodes), fail-high-first rate (cuts by the
    first child / all cuts), the rank of the child that cut (1:n 2:n 3:n 4+:n), the
    effective branching factor N(d)/N(d-1) (and in the last row the d-th root of all
    nodes), transposition-table hits and cutoffs where the trace has them, and the
    Knuth-Moore count for a uniform tree.  With --by-class, per depth and move class:
    the moves searched, the cuts they made, the fail-high rate (cuts / moves searched),
    the fail-high-first rate and the rank of the cutting move.  See docs/ordering.md.

    An engine's trace (format version 2, written by gametrace.h or tracer.TraceWriter)
    is counted once per search of a node, a cutoff by any move is a fail-high, and the
    re-searches (pvs, lmr, aspiration) and each iteration are counted too; --by-class
    takes the classes its header declares (docs/engines.md).

    TRACE is a trace (.json, .jsonl, .jsonl.gz), read event by event, the statistics
    that gametrace run --record counters -o F.json wrote, or the index gametrace index
    wrote of a trace (which holds its statistics: read at once).

    \b
    Examples:
      gametrace run othello --depth 5 -o othello.jsonl && gametrace stats othello.jsonl
      gametrace stats othello.jsonl --json
      gametrace stats othello.jsonl --plot othello-stats.svg
      gametrace run chess --depth 3 -o chess.jsonl && gametrace stats chess.jsonl --by-class
      gametrace stats chess.jsonl --class-plot chess-classes.svg
      gametrace run aima -a alphabeta -o aima.jsonl && gametrace stats aima.jsonl --minimal
      gametrace run othello --depth 5 --record counters -o counts.json
      gametrace stats counts.json
      gametrace index othello.jsonl && gametrace stats othello.jsonl.index
      python docs/examples/engine/pvs.py && gametrace stats engine-py.jsonl
    """
    from .options import refuse_inapplicable

    refuse_inapplicable(click.get_current_context(),
                        minimal="with" if minimal else "without")
    from ..analysis.stats import minimal_tree, read_stats_and_header
    from ..errors import UsageError
    from ..jsonio import dumps_json
    from ..outputs import check_outputs
    from ..recursion import run_deep
    from ..render.model.render_options import output_format
    from ..said import said

    check_outputs(("--plot", plot, "diagram"), ("--class-plot", class_plot, "diagram"),
                  json_flag=as_json, inputs=[("TRACE", trace)])
    for out in (plot, class_plot):
        if out is not None:
            output_format(out)
    by_class = by_class or class_plot is not None
    existing_file(trace)
    from .options import stage
    from .progress import file_bar

    engine = None
    if _is_index(trace):
        stats, header = _of_index(trace, by_class=by_class)
    elif _is_engine(trace):
        from ..analysis.stats import engine_stats

        with file_bar(trace, "reading", quiet=quiet), stage("reading the trace"):
            engine, header = engine_stats(trace, by_class=by_class)
        if minimal:
            raise UsageError(said("{trace}: --minimal searches the tree again with the "
                                  "tool's evaluation, and this engine's trace has its own "
                                  "({eval}): the minimal tree would be another tree's",
                                  trace=trace, eval=engine.eval or said("not named")))
        stats = engine.whole
    else:
        with file_bar(trace, "reading", quiet=quiet), stage("reading the trace"):
            stats, header = read_stats_and_header(trace, by_class=by_class)
    if minimal:
        if header is None:
            raise UsageError(said("{trace}: --minimal searches the tree of a trace again, and "
                                  "a statistics document (counters name no tree) has none",
                                  trace=trace))
        tree = header
        stats = stats.with_minimal(run_deep(lambda: minimal_tree(tree, file=trace),
                                            max_ply=max_ply))
    if plot is not None:
        from ..figures.stats_plot import render_stats_plot
        from ..writing import write_output_bytes

        write_output_bytes(plot, render_stats_plot(stats, output_format(plot)))
    if class_plot is not None:
        from ..figures.class_plot import render_class_plot
        from ..writing import write_output_bytes

        write_output_bytes(class_plot, render_class_plot(stats, output_format(class_plot)))
    shown = stats if engine is None else engine
    if as_json:
        click.echo(dumps_json(shown.to_json()))
    elif "-" not in (plot, class_plot):
        click.echo(shown.to_text())
    for out in (plot, class_plot):
        if out not in (None, "-") and not quiet:
            click.echo(f"plot written to {out}", err=True)


_SQLITE = b"SQLite format 3\x00"
"""How an index (a SQLite file) starts."""


def _is_index(path: str) -> bool:
    try:
        with open(path, "rb") as handle:
            return handle.read(len(_SQLITE)) == _SQLITE
    except OSError:
        return False  # the reader says why


def _is_engine(path: str) -> bool:
    """Whether ``path`` is an engine's trace (version 2), read by its own reader."""
    from ..analysis.stats import is_engine_stream
    from ..compress import is_stream
    from ..stdin import input_path

    file = input_path(path)  # - is standard input, kept in a file
    return is_stream(file) and is_engine_stream(file)


def _of_index(path: str, *, by_class: bool) -> tuple[Any, Any]:
    """The statistics an index holds (those of ``gametrace stats`` of its trace, stored
    when it was built) and its trace's header."""
    from ..analysis.index import open_index
    from ..analysis.stats import SearchStats
    from ..errors import InputError, UsageError
    from ..header import Header
    from ..said import said

    with open_index(path) as index:
        if by_class:
            raise UsageError(said("{file}: an index holds the statistics without move "
                                  "classes: count by move class from the trace itself",
                                  file=path))
        if index.stats is None and index.header.get("version") == 2:
            raise InputError(said("an index of an engine stream keeps no statistics (the "
                                  "stream's result has the engine's own counts): run "
                                  "gametrace stats on the stream itself"), file=path)
        if index.stats is None:
            raise InputError(said("the index holds no statistics: build it again with "
                                  "gametrace index"), file=path)
        return (SearchStats.from_json(index.stats, file=path),
                Header.from_json(index.header, file=path, where="meta.header"))
