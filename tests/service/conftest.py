"""Fixtures of the service tests: an app on a fresh store, in-process or on loopback.

The app's store is a SQLite file; with ``GAMETRACE_TEST_DB=postgresql`` in the
environment, the apps of ``client``, ``live_server`` and ``live_prefixed`` keep theirs
in a new database of a real PostgreSQL server instead (``postgres``).  The ``store``
fixture runs a test on both, always."""

from __future__ import annotations

import itertools
import os
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

SERVICE_DB = os.environ.get("GAMETRACE_TEST_DB", "sqlite")
"""Where the apps of the shared fixtures keep their store: ``sqlite`` or ``postgresql``."""

_databases = itertools.count()


def _service_db(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
                name: str) -> str:
    if SERVICE_DB == "postgresql":
        from pg_server import fresh_database

        return fresh_database(request.getfixturevalue("postgres"), f"{name}{next(_databases)}")
    if SERVICE_DB != "sqlite":
        pytest.fail(f"GAMETRACE_TEST_DB={SERVICE_DB!r}: choose sqlite or postgresql",
                    pytrace=False)
    return str(tmp_path_factory.mktemp(name) / "traces.db")


@pytest.fixture(scope="module")
def app_settings(request: pytest.FixtureRequest,
                 tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return Settings(db=_service_db(request, tmp_path_factory, "store"))


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
def live_server(request: pytest.FixtureRequest,
                tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The service on 127.0.0.1, for the browser."""
    db = _service_db(request, tmp_path_factory, "live")
    yield from _serve(create_app(Settings(db=db)))


@pytest.fixture(scope="session")
def live_prefixed(request: pytest.FixtureRequest,
                  tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The service under /gametrace (as behind a proxy that forwards a sub-path): the
    URL of its page."""
    from starlette.applications import Starlette
    from starlette.routing import Mount

    db = _service_db(request, tmp_path_factory, "prefixed")
    outer = Starlette(routes=[Mount("/gametrace", app=create_app(Settings(db=db)))])
    for url in _serve(outer):
        yield f"{url}/gametrace/"


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A real PostgreSQL server for the session (tests/service/pg_server.py): its URL."""
    from pg_server import postgres_server

    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def store_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a fresh store is kept, on each database the store runs on: a SQLite file, or
    a new database on the session's PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "traces.db")
    from pg_server import fresh_database

    server = request.getfixturevalue("postgres")
    return fresh_database(server, f"one{next(_databases)}")


@pytest.fixture
def store(store_db: str) -> Iterator[SqlStore]:
    """A fresh store on each database (:func:`store_db`)."""
    made = SqlStore(store_db)
    yield made
    made.engine.dispose()
