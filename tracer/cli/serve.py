"""``gametrace serve``: the web service (JSON API and browser UI) over the same library."""

from __future__ import annotations

from pathlib import Path

import click

__all__ = ["serve"]


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (loopback by default; see docs/service.md to "
                   "put it behind a reverse proxy).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on.")
@click.option("--db", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The SQLite store of recorded traces [default: "
                   "$XDG_DATA_HOME/gametrace/traces.db]; created with traces/ in it.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Server processes sharing the store.")
@click.option("--max-body", type=click.IntRange(min=1_000), default=2_000_000,
              show_default=True, help="Largest request body, in bytes.")
@click.option("--max-nodes", type=click.IntRange(min=1), default=200_000, show_default=True,
              help="Node budget of one search (a request may ask for less).")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=5.0,
              show_default=True,
              help="Time budget of one search, in seconds (a request may ask for less).")
@click.option("--max-jobs", type=click.IntRange(min=1), default=4, show_default=True,
              help="Searches, drawings and checks running at once in each worker.")
@click.option("--root-path", default="", metavar="PREFIX",
              help="The sub-path a reverse proxy serves the app under (e.g. /gametrace); "
                   "the proxy strips it (docs/service.md).")
def serve(host: str, port: int, db: Path | None, workers: int, max_body: int,
          max_nodes: int, time_limit: float, max_jobs: int, root_path: str) -> None:
    """Start the web service: the JSON API under /v1 and the browser UI at /.

    \b
    Examples:
      gametrace serve
      gametrace serve --port 8080 --db class.db --workers 4
      gametrace serve --max-nodes 50000 --time-limit 2 --max-jobs 2
      gametrace serve --root-path /gametrace   # behind nginx at /gametrace/
    """
    from ..service.run import serve as run_server

    if root_path and (not root_path.startswith("/") or root_path.endswith("/")):
        raise click.BadParameter(f"a path like /gametrace, got {root_path!r}",
                                 param_hint="'--root-path'")
    run_server(host=host, port=port, db=db, workers=workers, root_path=root_path,
               limits={"max_body": max_body, "max_nodes": max_nodes,
                       "time_limit": time_limit, "max_jobs": max_jobs})
