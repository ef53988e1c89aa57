"""Fixtures of the service tests: an app on a fresh store, in-process or on loopback, on
each database the store runs on.

Every test that takes the shared apps (``client``, ``app_settings``, ``live_server``,
``live_prefixed``) runs twice in a plain ``pytest`` run: once with the app's store in a
SQLite file, once in a database of a real PostgreSQL server (``postgres``: one server
for the session, started when the first test needs it; one new database per module's
app and per live server, which the app migrates as it starts).  The ``store`` fixture
runs a test on both too.  The test ids say which: ``[sqlite]``, ``[postgresql]``.

Tests that never touch the store run on SQLite only, by module (:data:`ONE_BACKEND`):
their app is there to run searches under limits, and the store is only read at start-up
(seeding), the same on both.

- ``test_service_isolation.py``: each job's process limits, its queue, ``/healthz``;
- ``test_service_fair_share.py``: how jobs of several clients share the CPUs;
- ``test_service_budgets.py``: the sizes a search, a worksheet or an exercise may take;
- ``test_pages_step.py``, ``test_pages_quiz.py``, ``test_pages_compare.py``: the pages'
  words, sizes, accessibility and keys at three sizes in two languages: the browser's
  side.  What they store goes through the routes that the API tests, and the browser
  tests of ``test_service_browser.py`` and ``test_classroom_browser.py``, run on both.

A test that builds its own app (its own limits, rate limits, seeds, admin token, ...)
takes ``db_url`` for the app's store when the app stores, lists or reads traces or
classroom records: it runs on both databases as the shared apps do (and, like them, on
SQLite only in a module of :data:`ONE_BACKEND`).  The tests that build their own app
on a SQLite file and stay there:

- the ones whose app never touches the store beyond start-up: in
  ``test_service_requests.py`` the CORS, the gate's language and the forwarded-for
  tests and the settings handed to the workers; in ``test_service_api.py`` the node
  budget and body-size caps; in ``test_service_limits.py`` the time budget and the 503
  of busy slots; every app of ``test_service_hostile.py`` (a posted trace there is
  refused before the store), of ``test_service_stats.py`` (searches under a node
  budget or an answer cap) and of ``test_service_sources.py`` (the limits the workers
  get);
- the ones about a SQLite file itself: ``test_no_get_changes_the_store`` of
  ``test_service_requests.py`` and ``test_no_classroom_get_changes_the_store`` of
  ``test_classroom_api.py`` compare the file's bytes; ``test_store_migration.py`` and
  ``test_service_provenance.py``'s store made before origins start from a store written
  by ``sqlite3``; ``test_service_api.py``'s whole-or-nothing write and
  ``test_service_limits.py``'s process killed inside a write are about SQLite's own
  transactions and file;
- ``test_service_schemathesis.py``: its fuzzing app stores what it is sent, but the
  fuzzing is most of the module's time and would double; what it stores goes through
  the routes the API tests run on both.

``GAMETRACE_TEST_DB=sqlite`` (or ``postgresql``) in the environment runs the shared apps,
and ``db_url``, on that one database only: a quicker run while working on something
else.
"""

from __future__ import annotations

import itertools
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from loopback import served
from starlette.testclient import TestClient

from tracer.service import Settings, create_app
from tracer.service.storage.store import SqlStore

FOLDERS = ("routes", "classroom", "storage", "jobs", "models", "static")
"""The folders of the service's tests, as tracer/service's sub-packages (and the page's
tests in static/).  Each is on the path, as this folder is, for the test modules that
use another's helpers: the courses and joins of ``test_classroom_api``, the class data
of ``test_classroom_browser``."""

for _folder in FOLDERS:
    if str(Path(__file__).parent / _folder) not in sys.path:
        sys.path.append(str(Path(__file__).parent / _folder))

BACKENDS = ("sqlite", "postgresql")
"""The databases the store runs on, each a parameter of the shared apps."""

ONE_BACKEND = frozenset({"test_service_isolation", "test_service_fair_share",
                         "test_service_budgets", "test_pages_step", "test_pages_quiz",
                         "test_pages_compare"})
"""The modules whose tests never touch the store (see above): SQLite only."""

SHARED_APPS = {"app_settings": "module", "live_server": "session",
               "live_prefixed": "session"}
"""The shared app fixtures, each parametrized by database, at its own scope."""

_databases = itertools.count()


def backends(module: str) -> tuple[str, ...]:
    """The databases the shared apps of ``module`` run on."""
    chosen = os.environ.get("GAMETRACE_TEST_DB")
    if chosen is not None:
        if chosen not in BACKENDS:
            pytest.fail(f"GAMETRACE_TEST_DB={chosen!r}: choose {' or '.join(BACKENDS)}",
                        pytrace=False)
        return (chosen,)
    return BACKENDS[:1] if module in ONE_BACKEND else BACKENDS


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    module = metafunc.module.__name__.rsplit(".", 1)[-1]
    for name, scope in SHARED_APPS.items():
        if name in metafunc.fixturenames:
            metafunc.parametrize(name, backends(module), indirect=True, scope=scope)
    if "db_url" in metafunc.fixturenames:
        metafunc.parametrize("db_url", backends(module), indirect=True)


def _service_db(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
                name: str) -> str:
    """Where a shared app keeps its store: a new SQLite file or PostgreSQL database."""
    backend = getattr(request, "param", BACKENDS[0])
    if backend == "postgresql":
        from pg_server import fresh_database

        return fresh_database(request.getfixturevalue("postgres"), f"{name}{next(_databases)}")
    return str(tmp_path_factory.mktemp(name) / "traces.db")


def _disposed(app: Any) -> None:
    """Close the pool of ``app``'s store (a PostgreSQL server takes 100 connections)."""
    service = getattr(app.state, "service", None)
    if service is not None and isinstance(service.store, SqlStore):
        service.store.engine.dispose()


@pytest.fixture
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The store of a test that builds its own app (its own limits, seeds, CORS, ...): a
    new SQLite file, or a new PostgreSQL database that is dropped when the test ends, with
    every connection the test's apps left open to it (so the server's 100 connections
    are never used up, whatever the test did with its apps)."""
    backend = getattr(request, "param", BACKENDS[0])
    if backend != "postgresql":
        yield str(tmp_path / "t.db")
        return
    import psycopg
    from pg_server import fresh_database

    server = request.getfixturevalue("postgres")
    name = f"own{next(_databases)}"
    yield fresh_database(server, name)
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="module")
def app_settings(request: pytest.FixtureRequest,
                 tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """The settings of a module's app: its store on the test's database."""
    return Settings(db=_service_db(request, tmp_path_factory, "store"))


@pytest.fixture(scope="module")
def client(app_settings: Settings) -> Iterator[TestClient]:
    app = create_app(app_settings)
    with TestClient(app) as c:
        yield c
    _disposed(app)


@pytest.fixture(scope="session")
def live_server(request: pytest.FixtureRequest,
                tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The service on 127.0.0.1, for the browser."""
    app = create_app(Settings(db=_service_db(request, tmp_path_factory, "live")))
    yield from served(app)
    _disposed(app)


@pytest.fixture(scope="session")
def live_prefixed(request: pytest.FixtureRequest,
                  tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The service under /gametrace (as behind a proxy that forwards a sub-path): the
    URL of its page."""
    from starlette.applications import Starlette
    from starlette.routing import Mount

    app = create_app(Settings(db=_service_db(request, tmp_path_factory, "prefixed")))
    outer = Starlette(routes=[Mount("/gametrace", app=app)])
    for url in served(outer):
        yield f"{url}/gametrace/"
    _disposed(app)


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A real PostgreSQL server for the session (tests/service/pg_server.py): its URL."""
    from pg_server import postgres_server

    with postgres_server() as url:
        _accepting(url)
        yield url


def _accepting(url: str) -> None:
    """Wait until the server takes connections: on a busy machine ``pg_ctl start -w``
    has returned while the server still answered "the database system is starting up"."""
    import psycopg

    for _ in range(600):  # 60 s: only to stop a hang
        try:
            with psycopg.connect(url, connect_timeout=10):
                return
        except psycopg.OperationalError as exc:
            if "starting up" not in str(exc):
                raise
        time.sleep(0.1)
    pytest.fail(f"PostgreSQL at {url} was still starting up after a minute", pytrace=False)


@pytest.fixture(params=BACKENDS)
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
