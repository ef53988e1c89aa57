"""``gametrace serve``: the web service (JSON API and browser UI) over the same library."""

from __future__ import annotations

import os
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .number_types import RealRange, WholeRange

if TYPE_CHECKING:
    from ..service.run import ServeLimits

__all__ = ["SERVE_PACKAGES", "read_admin_token", "require_serve_extra", "serve"]

SERVE_PACKAGES = ("starlette", "uvicorn", "sqlalchemy", "alembic", "pylti1p3")
"""The ``serve`` extra (pyproject.toml): the ASGI app, its server and its store, which
only ``gametrace serve`` needs."""

def require_serve_extra(command: str, *, also: tuple[str, ...] = ()) -> None:
    """A :class:`~tracer.games.extras.MissingExtra` (``gametrace: error: ...``, exit code
    1) unless the ``serve`` extra's packages (and ``also``) are installed: asked first,
    before a command that needs them writes or prints anything."""
    if any(find_spec(name) is None for name in (*SERVE_PACKAGES, *also)):  # not imported
        from ..games.extras import MissingExtra
        from ..said import said

        raise MissingExtra(said("gametrace {command} needs the service's packages: "
                                "pip install 'gametree-tracer[serve]'", command=command))


def _cores() -> int:
    """The CPUs this process may run on: the default of ``--max-jobs`` (as
    ``tracer.service.core.cores``, without importing the ASGI stack for ``--help``)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (loopback by default; see docs/service.md to "
                   "put it behind a reverse proxy).")
@click.option("--port", type=WholeRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on.")
@click.option("--db", default=None, metavar="FILE|URL",
              help="The store of recorded traces: a SQLite file [default: "
                   "$XDG_DATA_HOME/gametrace/traces.db], or a PostgreSQL database "
                   "(postgresql://user@host/name) that several servers may share; created "
                   "or upgraded at start, with traces/ in it.")
@click.option("--workers", type=WholeRange(min=1), default=1, show_default=True,
              help="Server processes sharing the store.")
@click.option("--max-body", type=WholeRange(min=1_000), default=2_000_000,
              show_default=True, help="Largest request body, in bytes.")
@click.option("--max-nodes", type=WholeRange(min=1), default=200_000, show_default=True,
              help="Node budget of one search (a request may ask for less).")
@click.option("--time-limit", type=RealRange(min=0, min_open=True), default=5.0,
              show_default=True,
              help="Time budget of one search, in seconds (a request may ask for less).")
@click.option("--max-jobs", type=WholeRange(min=1), default=_cores(), show_default=True,
              help="Jobs (searches, drawings, checks, ...) running at once in each worker, "
                   "each in a process of its own; one per CPU unless given.")
@click.option("--queue", type=WholeRange(min=0), default=32, show_default=True,
              help="Jobs waiting for a slot, at most; a request beyond them gets 503 with "
                   "Retry-After at once.")
@click.option("--queue-wait", type=RealRange(min=0, min_open=True), default=20.0,
              show_default=True, help="Seconds a job waits for a slot before a 503.")
@click.option("--cpu-limit", type=RealRange(min=0, min_open=True), default=5.0,
              show_default=True,
              help="CPU seconds of one job (rounded up to whole seconds); 422 past it.")
@click.option("--memory-limit", type=WholeRange(min=16), default=1024, show_default=True,
              metavar="MB", help="Memory one job may allocate, in MB; 422 past it.")
@click.option("--wall-limit", type=RealRange(min=0, min_open=True), default=10.0,
              show_default=True,
              help="Wall-clock seconds of one job once started; killed past it (503).")
@click.option("--max-answer", type=WholeRange(min=1_000), default=20_000_000,
              show_default=True, metavar="BYTES",
              help="Largest answer of one job, in bytes; 422 past it.")
@click.option("--answer-rate", type=RealRange(min=0), default=1.0, show_default=True,
              metavar="MB_PER_S",
              help="Megabytes of answers a second one client may sustain after twice "
                   "--max-answer (0: no limit); 429 past it.")
@click.option("--root-path", default="", metavar="PREFIX",
              help="The sub-path a reverse proxy serves the app under (e.g. /gametrace); "
                   "the proxy strips it (docs/service.md).")
@click.option("--cors-origin", "cors_origins", multiple=True, metavar="ORIGIN",
              help="An origin (https://site.example) whose pages may call the API from the "
                   "browser; repeat for several [default: none, only this service's page].")
@click.option("--frame-ancestor", "frame_ancestors", multiple=True, metavar="ORIGIN",
              help="An origin (https://canvas.example.edu) whose pages may show this "
                   "service's in a frame, as an LMS shows a tool; repeat for several "
                   "[default: none, no site may].")
@click.option("--rate-limit", type=RealRange(min=0), default=None,
              metavar="PER_SECOND",
              help="Job requests a second one client may sustain (0: no limit) "
                   "[default: 20].")
@click.option("--rate-burst", type=WholeRange(min=1), default=None, metavar="N",
              help="Job requests one client may send at once (a class behind one address "
                   "shares it: docs/security.md) [default: 200].")
@click.option("--trusted-proxy", "trusted_proxies", multiple=True, metavar="ADDRESS",
              help="A reverse proxy (address or network) whose X-Forwarded-For names the "
                   "client; repeat for several [default: none].")
@click.option("--admin-token-file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, metavar="FILE",
              help="A file whose first line is the admin token: only it may then create "
                   "a course (docs/service.md) [default: anyone may].")
@click.option("--lti", "lti", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="FILE",
              help="Be an LTI 1.3 tool of Moodle, Canvas, ...: the tool configuration, "
                   "pylti1p3's JSON of the platforms and the tool's keys (make them with "
                   "gametrace lti keys; docs/lti.md) [default: no LTI].")
def serve(host: str, port: int, db: str | None, workers: int, max_body: int,
          max_nodes: int, time_limit: float, max_jobs: int, queue: int, queue_wait: float,
          cpu_limit: float, memory_limit: int, wall_limit: float, max_answer: int,
          answer_rate: float, root_path: str, cors_origins: tuple[str, ...],
          frame_ancestors: tuple[str, ...],
          rate_limit: float | None,
          rate_burst: int | None, trusted_proxies: tuple[str, ...],
          admin_token_file: Path | None, lti: Path | None) -> None:
    """Start the web service: the JSON API under /v1 and the browser UI at /.

    \b
    Examples:
      gametrace serve
      gametrace serve --port 8080 --db class.db --workers 4
      gametrace serve --db postgresql://gametrace@db.example/gametrace --workers 4
      gametrace serve --max-nodes 50000 --time-limit 2 --max-jobs 2
      gametrace serve --cpu-limit 3 --wall-limit 6 --memory-limit 512 --queue 16
      gametrace serve --root-path /gametrace   # behind nginx at /gametrace/
      gametrace serve --trusted-proxy 127.0.0.1 --rate-limit 5 --rate-burst 50
      gametrace serve --admin-token-file /etc/gametrace/admin-token
      gametrace serve --lti /etc/gametrace/lti/tool.json --db postgresql://gametrace@db/gt
    """
    require_serve_extra("serve")
    from ..service.run import serve as run_server

    if root_path and (not root_path.startswith("/") or root_path.endswith("/")):
        raise click.BadParameter(f"a path like /gametrace, got {root_path!r}",
                                 param_hint="'--root-path'")
    for origin in cors_origins:
        _check_origin(origin, "--cors-origin")
    for origin in frame_ancestors:
        _check_origin(origin, "--frame-ancestor")
    for proxy in trusted_proxies:
        _check_proxy(proxy)
    limits: ServeLimits = {
        "max_body": max_body, "max_nodes": max_nodes, "time_limit": time_limit,
        "max_jobs": max_jobs, "queue": queue, "queue_wait": queue_wait,
        "cpu_limit": cpu_limit, "memory_limit": memory_limit, "wall_limit": wall_limit,
        "max_answer": max_answer, "answer_rate": answer_rate * 1e6}
    # who may ask: given only when set (the Settings' defaults apply otherwise)
    if cors_origins:
        limits["cors_origins"] = cors_origins
    if frame_ancestors:
        limits["frame_ancestors"] = frame_ancestors
    if rate_limit is not None:
        limits["rate_limit"] = rate_limit
    if rate_burst is not None:
        limits["rate_burst"] = rate_burst
    if trusted_proxies:
        limits["trusted_proxies"] = trusted_proxies
    if admin_token_file is not None:
        limits["admin_token"] = read_admin_token(admin_token_file)
    if lti is not None:
        limits["lti"] = str(lti.absolute())  # the workers read it too, wherever they run
    store: Path | str | None = db if db is None or "://" in db else Path(db)
    if db == "":
        raise click.BadParameter("a SQLite file or a postgresql:// URL, got ''",
                                 param_hint="'--db'")
    run_server(host=host, port=port, db=store, workers=workers, root_path=root_path,
               limits=limits)


MIN_ADMIN_TOKEN = 16
"""The shortest admin token taken (``openssl rand -base64 32`` gives 44 characters)."""


def read_admin_token(path: Path) -> str:
    """The first line of ``path``: a usage error when the file cannot be read, anyone
    may read it, or its first line is empty or short."""
    hint = "'--admin-token-file'"
    try:
        mode = path.stat().st_mode
        with path.open(encoding="utf-8") as f:
            token = f.readline().strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise click.BadParameter(f"{path}: cannot read it: "
                                 f"{getattr(exc, 'strerror', None) or exc}",
                                 param_hint=hint) from None
    if mode & 0o004:
        raise click.BadParameter(f"{path}: anyone may read it: chmod o-r {path}",
                                 param_hint=hint)
    if len(token) < MIN_ADMIN_TOKEN:
        raise click.BadParameter(f"{path}: its first line is {'empty' if not token else 'short'}"
                                 f" (give a token of at least {MIN_ADMIN_TOKEN} characters, "
                                 "e.g. openssl rand -base64 32)", param_hint=hint)
    if not (token.isascii() and token.isprintable()) or any(c.isspace() for c in token):
        # the token comes in an Authorization header, which carries visible ASCII only: a
        # token with "è" or a space would be taken at start-up and never match a request
        raise click.BadParameter(f"{path}: its first line holds a character other than "
                                 "visible ASCII (letters a-z, A-Z, digits, punctuation): no "
                                 "request could send it in its Authorization header (give "
                                 "e.g. openssl rand -base64 32)", param_hint=hint)
    return token


def _check_origin(origin: str, option: str) -> None:
    """An origin as a browser sends it: scheme, host and port, nothing else."""
    from urllib.parse import urlsplit

    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path \
            or parts.query or parts.fragment or "*" in origin:
        raise click.BadParameter(f"an origin like https://site.example, got {origin!r}",
                                 param_hint=f"'{option}'")


def _check_proxy(proxy: str) -> None:
    import ipaddress

    try:
        ipaddress.ip_network(proxy, strict=False)
    except ValueError:
        raise click.BadParameter(f"an address or a network like 10.0.0.0/8, got {proxy!r}",
                                 param_hint="'--trusted-proxy'") from None
