"""Start uvicorn on the app (the ``gametrace serve`` command calls :func:`serve`).

Before anything is created, the start-up is checked (:func:`check_start`): the store is
a SQLite database or absent, in a folder that can be written (not a folder, a device or
some other file), or a ``postgresql://`` URL, and the port can be listened on; the LTI
tool configuration, when given, is read and its keys checked
(:func:`.lti.config.load_tool_config`).  The store is then opened once, its tables made
or upgraded (:func:`.storage.store.upgrade`), before the workers start.  A failure is one line: a
:class:`~tracer.errors.UsageError` for a bad option (exit 2), a
:class:`~tracer.errors.TracerError` when the port is taken (exit 1).
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import stat
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TypedDict

from ..errors import TracerError, UsageError
from ..said import said
from .storage.places import default_db

__all__ = ["ServeLimits", "check_database", "check_port", "check_start", "default_db",
           "open_store", "serve"]


class ServeLimits(TypedDict, total=False):
    """The :class:`~tracer.service.Settings` fields ``gametrace serve`` may set (the store
    apart), each as that class types it: the command line's options, typed across the
    one import between the two faces."""

    max_body: int
    max_nodes: int
    time_limit: float
    max_jobs: int
    queue: int
    queue_wait: float
    cpu_limit: float
    memory_limit: int
    wall_limit: float
    max_answer: int
    max_frames: int
    max_compare_leaves: int
    seed_dir: Path | None
    cors_origins: tuple[str, ...]
    frame_ancestors: tuple[str, ...]
    rate_limit: float
    rate_burst: int
    trusted_proxies: tuple[str, ...]
    answer_rate: float
    max_exercise_work: int
    admin_token: str
    lti_retry_base: float
    lti: str

_SQLITE_MAGIC = b"SQLite format 3\x00"


def check_database(path: Path) -> None:
    """A :class:`UsageError` unless ``path`` is a SQLite database that can be written, an
    empty file, or absent in a folder that can be made or written."""
    shown = f"--db {str(path)!r}"
    try:
        st = os.stat(path)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise UsageError(said("{db}: cannot use it: {reason}", db=shown,
                              reason=str(exc.strerror or exc))) from None
    if st is not None:
        if stat.S_ISDIR(st.st_mode):
            raise UsageError(said("{db}: is a folder, not a SQLite database (give a file "
                                  "name in it)", db=shown))
        if not stat.S_ISREG(st.st_mode):
            raise UsageError(said("{db}: is a device, a pipe or a socket, not a SQLite "
                                  "database", db=shown))
        try:
            with open(path, "rb") as handle:
                start = handle.read(len(_SQLITE_MAGIC))
        except OSError as exc:
            raise UsageError(said("{db}: cannot read it: {reason}", db=shown,
                                  reason=str(exc.strerror or exc))) from None
        if start and start != _SQLITE_MAGIC:
            raise UsageError(said("{db}: is not a SQLite database (give a new file name, or "
                                  "the store gametrace serve made)", db=shown))
        if not os.access(path, os.W_OK):
            raise UsageError(said("{db}: cannot write it: permission denied", db=shown))
        folder = path.parent
    else:
        folder = path.parent
        while not folder.exists():  # the store's folders are made when missing
            if folder.parent == folder:
                break
            folder = folder.parent
    _check_folder(folder, shown)


def _check_folder(folder: Path, shown: str) -> None:
    """SQLite writes a journal beside the database: its folder must take a new file."""
    from ..outputs import probe_folder

    if not folder.is_dir():
        raise UsageError(said("{db}: cannot make its folder: {folder!r} is not a folder",
                              db=shown, folder=str(folder)))
    try:
        probe_folder(folder)
    except OSError as exc:
        raise UsageError(said("{db}: cannot write in the folder {folder!r}: {reason}",
                              db=shown, folder=str(folder), reason=str(exc.strerror or exc))
                         ) from None


def check_port(host: str, port: int) -> None:
    """Bind a socket to ``host``:``port`` as the server will, then close it: a
    :class:`TracerError` when the port is taken or not ours to take, a
    :class:`UsageError` when ``host`` is no address of this machine."""
    import socket

    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError, OSError) as exc:
        raise UsageError(said("--host {host!r}: not an address to listen on ({reason})",
                              host=host, reason=str(getattr(exc, "strerror", None) or exc))
                         ) from None
    family, kind, proto, _, address = found[0]
    with socket.socket(family, kind, proto) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        try:
            sock.bind(address)
        except OSError as exc:
            where = f"{host}:{port}"
            if exc.errno == errno.EADDRINUSE:
                raise TracerError(said("cannot listen on {where}: the port is in use "
                                       "(another server? choose another --port)",
                                       where=where)) from None
            if exc.errno == errno.EACCES:
                raise TracerError(said("cannot listen on {where}: permission denied (ports "
                                       "below {port} need root; choose another --port)",
                                       where=where, port=1024)) from None
            raise UsageError(said("--host {host!r}: cannot listen on {where}: {reason}",
                                  host=host, where=where, reason=str(exc.strerror or exc))
                             ) from None


def check_start(*, host: str, port: int, db: Path | str) -> None:
    """Everything :func:`serve` needs, checked before it creates anything (a database
    URL is checked by opening it: :func:`open_store`)."""
    if isinstance(db, Path):
        check_database(db)
    check_port(host, port)


def open_store(db: Path | str) -> None:
    """Open the store once, making or upgrading its tables, before the workers race to;
    a one-line error when it cannot be used."""
    from .storage.store import SqlStore, database_url, shown_url

    if isinstance(db, str):
        database_url(db)  # a UsageError for a URL of another database
        shown = shown_url(db)
        try:
            import psycopg  # the driver SQLAlchemy loads
        except ImportError:
            raise TracerError(said("--db postgresql://... needs the PostgreSQL driver: pip "
                                   "install 'gametree-tracer[postgres]'")) from None
        try:
            SqlStore(db)
        except psycopg.Error as exc:
            reason = " ".join(str(exc).split()) or type(exc).__name__
            raise TracerError(said("--db {db!r}: cannot use the database: {reason}",
                                   db=shown, reason=reason)) from None
        return
    import sqlite3

    try:
        SqlStore(db)
    except sqlite3.DatabaseError as exc:  # a damaged file that starts like a database
        raise UsageError(said("--db {db!r}: not a usable SQLite database: {reason}",
                              db=str(db), reason=str(exc))) from None


def _on_sigterm(signum: int, frame: object) -> None:
    """SIGTERM outside uvicorn's own handler: before it listens (nothing in flight), or
    after it drained the requests and shut down (it raises the signal again).  The
    process ends at once with exit code 0: an exception raised here could land inside
    the making of uvicorn's event loop, whose half-made loop then prints a traceback as
    it is collected."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(0)


@contextlib.contextmanager
def _stopped_by_sigterm() -> Iterator[None]:
    """SIGTERM ends the server quietly.  uvicorn catches it while it serves, drains the
    requests in flight, restores the handler it found and raises the signal again: the
    handler found is then this one (not the command line's, which says "terminated"
    and exits 143), as it is before uvicorn starts listening."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread takes signals (a test's server in a thread)
        return
    previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def serve(*, host: str, port: int, db: Path | str | None, workers: int,
          root_path: str = "", limits: ServeLimits | None = None) -> None:
    """Run the service until interrupted; ``workers`` processes share the store (a
    SQLite file, or a ``postgresql://`` URL given as a string); ``limits`` are
    :class:`~tracer.service.Settings` fields (``max_nodes``...)."""
    where: Path | str = db if isinstance(db, str) else (db or default_db()).resolve()
    check_start(host=host, port=port, db=where)
    if limits and limits.get("lti"):
        from .lti.config import load_tool_config

        load_tool_config(limits["lti"])  # refused in one line here, not in each worker

    import uvicorn

    from .app import SETTINGS_ENV, settings_to_environment
    from .core import Settings
    from .storage.store import shown_url

    open_store(where)
    os.environ[SETTINGS_ENV] = settings_to_environment(Settings(db=str(where),
                                                                **(limits or {})))
    shown = shown_url(where) if isinstance(where, str) else where
    proxied = f", for a proxy at {root_path}/" if root_path else ""
    try:
        with _stopped_by_sigterm():  # before the line: a manager may stop it once it reads it
            print(f"gametrace: serving http://{host}:{port}/ (store: {shown}{proxied})",
                  flush=True)
            uvicorn.run("tracer.service.app:app_from_environment", factory=True, host=host,
                        port=port, workers=workers, log_level="warning", server_header=False,
                        root_path=root_path)
    except SystemExit as exc:  # uvicorn exits when it cannot start (it logged why)
        if exc.code not in (0, None):
            raise TracerError(said("the server stopped: it could not listen on {where} or "
                                   "start its workers", where=f"{host}:{port}")) from None
