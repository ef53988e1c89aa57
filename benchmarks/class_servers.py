"""The servers of benchmarks/class.py: ``gametrace serve`` on SQLite (one server, two
worker processes) or on PostgreSQL (Debian's server, started as tests/service/pg_server.py
starts it; two servers of one process each on one database), each in a temporary folder
and stopped when its block ends, with the CPU time each has used."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

HOST = "127.0.0.1"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True)
class Server:
    """A server started here: its base URL and its process group."""

    url: str
    group: int

    def cpu_seconds(self) -> float:
        """CPU time of the server, its workers and their jobs so far (Linux: /proc; a
        job's own group is counted once its worker has reaped it)."""
        tick = os.sysconf("SC_CLK_TCK")
        total = 0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rpartition(")")[2].split()
            except OSError:
                continue  # ended meanwhile: counted in its parent's cutime
            if int(fields[2]) == self.group:  # pgrp
                total += sum(int(f) for f in fields[11:15])  # utime stime cutime cstime
        return total / tick


@contextmanager
def _serving(db: str, folder: Path, name: str, workers: int) -> Iterator[Server]:
    """``gametrace serve`` on ``db`` until the block ends: its base URL.  What it says
    on stderr goes to a log; lines other than its access log are shown at the end."""
    port = _free_port()
    log_path = folder / f"{name}.log"
    command = [sys.executable, "-m", "tracer", "serve", "--host", HOST, "--port", str(port),
               "--db", db, "--workers", str(workers), "--trusted-proxy", HOST]
    with open(log_path, "wb") as log:
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log,
                                  start_new_session=True)
        base = Server(f"http://{HOST}:{port}", server.pid)
        try:
            _wait_ready(base.url, server)
            yield base
        finally:
            os.killpg(server.pid, signal.SIGTERM)  # the server and its workers, started here
            server.wait(60)
            for line in log_path.read_text(errors="replace").splitlines():
                if "INFO:" not in line and line != "gametrace: error: terminated":
                    print(f"class: {name}: {line}", file=sys.stderr)


def _wait_ready(base: str, server: subprocess.Popen[bytes], timeout: float = 180) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if server.poll() is not None:
            raise SystemExit(f"class: the server exited with code {server.returncode}")
        try:
            if httpx.get(f"{base}/healthz", timeout=5).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise SystemExit(f"class: the server did not answer within {timeout} s")


@contextmanager
def sqlite_setup(folder: Path) -> Iterator[list[Server]]:
    with _serving(str(folder / "class.db"), folder, "sqlite", 2) as base:
        yield [base]


def _wait_postgres(url: str, timeout: float = 180) -> None:
    """Until the server takes connections: on a busy machine ``pg_ctl start -w`` may
    give up waiting (after 60 s) while the server is still starting."""
    import psycopg

    end = time.monotonic() + timeout
    while True:
        try:
            psycopg.connect(url, connect_timeout=5).close()
            return
        except psycopg.OperationalError:
            if time.monotonic() > end:
                raise
            time.sleep(0.5)


@contextmanager
def postgresql_setup(folder: Path) -> Iterator[list[Server]]:
    from tests.service.pg_server import fresh_database, postgres_server

    with postgres_server() as server, ExitStack() as stack:
        _wait_postgres(server)
        db = fresh_database(server, "gametrace_class")
        yield [stack.enter_context(_serving(db, folder, f"postgresql-{n}", 1))
               for n in (1, 2)]


SETUPS: dict[str, tuple[str, Callable[[Path], AbstractContextManager[list[Server]]]]] = {
    "sqlite": ("SQLite, one server of 2 worker processes (--workers 2)", sqlite_setup),
    "postgresql": ("PostgreSQL, 2 servers of one process each on one database",
                   postgresql_setup),
}
