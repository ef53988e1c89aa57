"""Fixtures of the LTI tests: the tool (:mod:`lti_tool`, served on 127.0.0.1 and
registered with the test platform, :mod:`lti_platform`), its store on each database
(``[sqlite]``, ``[postgresql]``; ``GAMETRACE_TEST_DB`` picks one, as in tests/service),
and browsers that keep cookies.  One platform and one tool per module: each test makes
the courses, assignments and people it needs, with ids of its own.
"""

from __future__ import annotations

import itertools
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("pylti1p3")  # the LTI tests are skipped whole without it

SERVICE_TESTS = Path(__file__).resolve().parent.parent / "service"
# loopback, pg_server: the helpers tests/service has; test_classroom_api's courses and
# joins (test_lti_pages), in its classroom/ folder
for _folder in (SERVICE_TESTS, SERVICE_TESTS / "classroom"):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))

# after the path above, which lti_tool's own imports (loopback) need, and after the skip
import httpx  # noqa: E402
from lti_tool import Tool, lti_platform, serving  # noqa: E402

BACKENDS = ("sqlite", "postgresql")
_databases = itertools.count()


def backends() -> tuple[str, ...]:
    chosen = os.environ.get("GAMETRACE_TEST_DB")
    if chosen is not None:
        if chosen not in BACKENDS:
            pytest.fail(f"GAMETRACE_TEST_DB={chosen!r}: choose {' or '.join(BACKENDS)}",
                        pytrace=False)
        return (chosen,)
    return BACKENDS


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "tool" in metafunc.fixturenames:
        metafunc.parametrize("tool_db", backends(), indirect=True, scope="module")


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A real PostgreSQL server for the session (tests/service/pg_server.py): its URL."""
    import time

    import psycopg
    from pg_server import postgres_server

    with postgres_server() as url:
        for _ in range(600):  # 60 s: only to stop a hang
            try:
                with psycopg.connect(url, connect_timeout=10):
                    break
            except psycopg.OperationalError as exc:
                if "starting up" not in str(exc):
                    raise
            time.sleep(0.1)
        yield url


@pytest.fixture(scope="module")
def tool_db(request: pytest.FixtureRequest,
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The tool's store: a SQLite file, or a new database on the session's server."""
    backend = getattr(request, "param", BACKENDS[0])
    if backend != "postgresql":
        yield str(tmp_path_factory.mktemp("lti") / "t.db")
        return
    import psycopg
    from pg_server import fresh_database

    server = request.getfixturevalue("postgres")
    name = f"lti{os.getpid()}x{next(_databases)}"
    yield fresh_database(server, name)
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="module")
def tool(tool_db: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Tool]:
    yield from serving(tool_db, tmp_path_factory.mktemp("tool"))


@pytest.fixture
def lms_browser() -> Iterator[httpx.Client]:
    """One browser (its own cookies): not Playwright's, an HTTP client that keeps
    cookies as one does."""
    with lti_platform.browser() as client:
        yield client


@pytest.fixture
def other_lms_browser() -> Iterator[httpx.Client]:
    """Another browser."""
    with lti_platform.browser() as client:
        yield client
