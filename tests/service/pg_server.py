"""A real PostgreSQL server for the store's tests: Debian's ``postgresql`` package (``make
sysdeps-postgres``), started by pytest-postgresql's executor (``pg_ctl initdb``, ``pg_ctl
start``) in a temporary folder.

PostgreSQL refuses to run as root.  When the tests run as root, ``pg_ctl`` runs as the
``postgres`` user Debian's package makes (else ``nobody``) through ``runuser``, in a
folder that user owns; otherwise it runs as whoever runs the tests.  Nothing here skips:
a server that cannot start fails the tests that need it, saying why.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

INSTALL = "install it with `make sysdeps-postgres` (Debian's postgresql package)"


def pg_ctl() -> str:
    """The newest ``pg_ctl`` Debian installed (it is not on PATH there), else PATH's."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                   key=lambda p: int(Path(p).parts[4]) if Path(p).parts[4].isdigit() else 0)
    if found:
        return found[-1]
    on_path = shutil.which("pg_ctl")
    if on_path is None:
        pytest.fail(f"PostgreSQL's pg_ctl is not installed: {INSTALL}", pytrace=False)
    return on_path


def server_user() -> str | None:
    """Who runs the server: None for the current user, a user name when that is root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    pytest.fail("the tests run as root, and PostgreSQL refuses root: no `postgres` or "
                "`nobody` user to run it as", pytrace=False)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def postgres_server() -> Iterator[str]:
    """A PostgreSQL server on 127.0.0.1 until the block ends: the URL of its ``postgres``
    database (superuser ``postgres``, trust authentication, loopback only)."""
    from pytest_postgresql.executors import PostgreSQLExecutor

    executable, user = pg_ctl(), server_user()
    folder = Path(tempfile.mkdtemp(prefix="gametrace-pg-"))
    try:
        if user is not None:
            entry = pwd.getpwnam(user)
            os.chown(folder, entry.pw_uid, entry.pw_gid)
            wrapper = folder / "pg_ctl"
            # the executor calls pg_ctl by this path: run as the server's user instead
            wrapper.write_text(f'#!/bin/sh\nexec runuser -u {user} -- "{executable}" "$@"\n')
            wrapper.chmod(0o755)
            executable = str(wrapper)
        port = _free_port()
        server = PostgreSQLExecutor(
            executable=executable, host="127.0.0.1", port=port,
            datadir=str(folder / "data"), unixsocketdir=str(folder),
            logfile=str(folder / "server.log"), startparams="-w", dbname="postgres",
            user="postgres", timeout=120)
        try:
            server.start()
        except Exception as exc:  # the log says why; the test must fail, not skip
            log = folder / "server.log"
            said = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            pytest.fail(f"PostgreSQL ({executable}) did not start: {exc}\n{said}",
                        pytrace=False)
        url = f"postgresql://postgres@127.0.0.1:{port}/postgres"
        try:
            _wait_ready(url)
            yield url
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _wait_ready(url: str, tries: int = 600) -> None:
    """Wait until the server takes connections: its port opens while it is still "starting
    up" (the executor waits for the port only), and on a busy machine a first connection
    then fails.  Bounded by a count of tries, 0.1 s apart."""
    import time

    import psycopg

    for _ in range(tries):
        try:
            with psycopg.connect(url, connect_timeout=5):
                return
        except psycopg.OperationalError as exc:
            if "starting up" not in str(exc):
                raise
            time.sleep(0.1)
    pytest.fail(f"PostgreSQL at {url} was still starting up after {tries} tries",
                pytrace=False)


def fresh_database(server: str, name: str) -> str:
    """A new empty database on ``server`` (the URL :func:`postgres_server` gives): its URL."""
    import psycopg

    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return server.rsplit("/", 1)[0] + f"/{name}"
