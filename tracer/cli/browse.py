"""``gametrace browse``: index a big trace if need be, then serve it to the page
``#/browse``."""

from __future__ import annotations

import click

from .number_types import WholeRange
from .options import existing_file, quiet_option

__all__ = ["INDEXES_ENV", "browse_command"]

INDEXES_ENV = "GAMETRACE_INDEXES"
"""What the service reads the index files from (``tracer.service.routes.indexes.INDEXES_ENV``;
the command line does not import the service, so the name is written twice and a test
keeps the two equal)."""


def _is_index(path: str) -> bool:
    with open(path, "rb") as handle:
        return handle.read(16) == b"SQLite format 3\x00"


@click.command("browse")
@click.argument("source", metavar="TRACE|INDEX")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on.")
@click.option("--port", type=WholeRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on.")
@click.option("--db", default=None, metavar="FILE|URL",
              help="The service's store, as for gametrace serve.")
@quiet_option(help="No notes on stderr.")
@click.pass_context
def browse_command(ctx: click.Context, source: str, host: str, port: int, db: str | None,
                   quiet: bool) -> None:
    """Browse a big trace in the page: TRACE (.jsonl, .jsonl.gz, .json) is indexed first
    (into TRACE.index beside it, unless an index of this very trace is already there),
    INDEX (what gametrace index wrote) is opened as it is; then the service starts and the
    page at /#/browse shows the header, the statistics per depth and the root's
    children, expands any node, finds a node by its path of moves and draws any subtree
    (within a depth and a node budget).  See docs/service.md, "Browsing a big trace".

    \b
    Examples:
      gametrace run othello --depth 9 -a alphabeta -o othello.jsonl.gz
      gametrace browse othello.jsonl.gz
      gametrace index othello.jsonl.gz -o othello.index && gametrace browse othello.index
    """
    import os

    from ..analysis.index import build_index, open_index
    from ..analysis.stats import Tally
    from ..errors import InputError
    from .index import default_index_path
    from .serve import require_serve_extra, serve

    require_serve_extra("browse")  # before the index is written or the address printed
    existing_file(source)
    if _is_index(source):
        open_index(source).close()  # refused here, before the service starts
        index = source
    else:
        index = default_index_path(source)
        try:
            open_index(index, trace=source).close()
        except InputError:  # none yet, or stale, or not one: build it
            tally = Tally(file=source)
            from .progress import file_bar

            with file_bar(source, "indexing", quiet=quiet):
                counts = build_index(source, index, counter=tally,
                                     summary=lambda: tally.stats().to_json())
            if not quiet:
                click.echo(f"index of {counts['events']} events written to {index}",
                           err=True)
    os.environ[INDEXES_ENV] = os.path.abspath(index)
    name = os.path.basename(index).removesuffix(".index")
    if not quiet:
        click.echo(f"browse it at http://{host}:{port}/#/browse?index={name}", err=True)
    ctx.invoke(serve, host=host, port=port, db=db)
