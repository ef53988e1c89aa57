"""Fixtures of the service tests: an app on a fresh store, in-process or on loopback."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from tracer.service import Settings, create_app
from tracer.service.store import SqlStore


@pytest.fixture(scope="module")
def app_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return Settings(db=str(tmp_path_factory.mktemp("store") / "traces.db"))


@pytest.fixture(scope="module")
def client(app_settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(app_settings)) as c:
        yield c


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(app: Any) -> Iterator[str]:
    """``app`` on 127.0.0.1 (a uvicorn server in a thread) until the generator closes."""
    import uvicorn

    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The service on 127.0.0.1, for the browser."""
    db = Path(tmp_path_factory.mktemp("live")) / "traces.db"
    yield from _serve(create_app(Settings(db=str(db))))


@pytest.fixture(scope="session")
def live_prefixed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The service under /gametrace (as behind a proxy that forwards a sub-path): the
    URL of its page."""
    from starlette.applications import Starlette
    from starlette.routing import Mount

    db = Path(tmp_path_factory.mktemp("prefixed")) / "traces.db"
    outer = Starlette(routes=[Mount("/gametrace", app=create_app(Settings(db=str(db))))])
    for url in _serve(outer):
        yield f"{url}/gametrace/"


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A real PostgreSQL server for the session (tests/service/pg_server.py): its URL."""
    from pg_server import postgres_server

    with postgres_server() as url:
        yield url


_databases = iter(range(1_000_000))


@pytest.fixture(params=["sqlite", "postgresql"])
def store_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a fresh store is kept, on each database the store runs on: a SQLite file, or
    a new database on the session's PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "traces.db")
    from pg_server import fresh_database

    server = request.getfixturevalue("postgres")
    return fresh_database(server, f"store{next(_databases)}")


@pytest.fixture
def store(store_db: str) -> Iterator[SqlStore]:
    """A fresh store on each database (:func:`store_db`)."""
    made = SqlStore(store_db)
    yield made
    made.engine.dispose()
