"""``gametrace index``: build the index of a big trace once, for ``gametrace browse``."""

from __future__ import annotations

import os

import click

from .options import existing_file, json_option, quiet_option

__all__ = ["default_index_path", "index_command"]


def default_index_path(trace: str) -> str:
    """Where ``gametrace index TRACE`` writes without ``-o``: beside the trace."""
    return f"{trace}.index"


@click.command("index")
@click.argument("trace")
@click.option("-o", "--output", "out", default=None, metavar="INDEX",
              help="Where to write the index (default: TRACE.index beside the trace).")
@click.option("--parquet", default=None, metavar="DIR",
              help="Also export the index's rows to DIR/nodes.parquet (pyarrow, the "
                   "analysis extra), for DuckDB and the like, e.g. --parquet export/.")
@json_option(help="Print the counts (events, nodes) as JSON.")
@quiet_option(help="No note on stderr (the index written).")
def index_command(trace: str, out: str | None, parquet: str | None, as_json: bool,
                  quiet: bool) -> None:
    """Index the trace TRACE (.jsonl, .jsonl.gz or .json, or an engine's stream of version
    2) for browsing: one pass over its events, with memory bounded by the depth of the
    tree, writing per search of a node (a node searched again has a row per search) its id,
    parent, depth, move, value, window, cut, the ordinals of its first and last events
    and the size of its subtree, with the trace's header, result and statistics (those
    of gametrace stats).  gametrace browse then opens the index, not the trace.  The
    index records the trace's size and the hash of its head: an index of another trace,
    or of this one rewritten, is refused.  See docs/service.md, "Browsing a big trace",
    and docs/engines.md for engine streams.

    \b
    Examples:
      gametrace run othello --depth 6 -a alphabeta -o othello.jsonl.gz
      gametrace index othello.jsonl.gz
      gametrace index othello.jsonl.gz -o othello.index --json
      gametrace index othello.jsonl.gz --parquet export/
    """
    from ..analysis.index import build_index
    from ..analysis.stats import Tally
    from ..errors import UsageError
    from ..jsonio import dumps_json
    from ..outputs import check_distinct, target_of
    from ..said import said

    target = out if out is not None else default_index_path(trace)
    if target in ("", "-"):
        raise UsageError(said("-o: an index is a file (give a file name)"))
    checked = target_of(target, option="-o")
    if checked.kind != "file":
        raise UsageError(said("-o {target}: an index is a regular file, not a device or a "
                              "pipe", target=target))
    check_distinct([("-o", target)], inputs=[("TRACE", trace)])
    if parquet is not None:
        from importlib.util import find_spec

        from ..outputs import check_folder

        check_folder(parquet, option="--parquet")
        if find_spec("pyarrow") is None:  # asked before the index is written
            from ..games.extras import MissingExtra

            raise MissingExtra(said("--parquet needs pyarrow: pip install "
                                    "'gametree-tracer[analysis]'"))
    existing_file(trace)
    tally = Tally(file=trace)
    from .options import stage
    from .progress import file_bar

    with file_bar(trace, "indexing", quiet=quiet), stage("indexing"):
        counts = build_index(trace, checked.real, counter=tally,
                             summary=lambda: tally.stats().to_json())
    if parquet is not None:  # before anything is printed: a failure prints no counts
        from ..analysis.index.export import export_parquet

        with stage("exporting"):
            export_parquet(checked.real, parquet)
    if as_json:
        click.echo(dumps_json(counts))
    if not quiet:
        click.echo(f"index of {counts['events']} events and {counts['nodes']} nodes written "
                   f"to {target}", err=True)
    if parquet is not None and not quiet:
        from ..analysis.index.export import NODES_FILE

        click.echo(f"{counts['nodes']} rows written to {os.path.join(parquet, NODES_FILE)}",
                   err=True)
