"""Fixtures of the LTI tests: a platform (:mod:`platform`, loaded by path as
``lti_platform``: its name is also the standard library's) and the tool, a real server
on 127.0.0.1 whose ``--lti`` file registers that platform, its store on each database
(``[sqlite]``, ``[postgresql]``; ``GAMETRACE_TEST_DB`` picks one, as in tests/service).

The tool is served over HTTP because the two sides fetch each other: pylti1p3 the
platform's key set, the platform the tool's (to check a client assertion or a
deep-linking answer).  One platform and one tool per module: each test makes the
courses, assignments and people it needs, with ids of its own.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import itertools
import json
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pylti1p3")

SERVICE_TESTS = Path(__file__).resolve().parent.parent / "service"
if str(SERVICE_TESTS) not in sys.path:
    sys.path.insert(0, str(SERVICE_TESTS))  # loopback, pg_server: as tests/service has them


def _platform_module() -> Any:
    loaded = sys.modules.get("lti_platform")
    if loaded is not None:
        return loaded
    spec = importlib.util.spec_from_file_location("lti_platform",
                                                  Path(__file__).with_name("platform.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["lti_platform"] = module
    spec.loader.exec_module(module)
    return module


lti_platform = _platform_module()

import httpx  # noqa: E402
from loopback import served  # noqa: E402

from tracer.service import Settings, create_app  # noqa: E402
from tracer.service.store import SqlStore  # noqa: E402

BACKENDS = ("sqlite", "postgresql")
_databases = itertools.count()

AIMA: dict[str, Any] = {
    "title": "Alpha-beta on the AIMA tree", "source": {"example": "aima"},
    "spec": {"algorithm": "alphabeta", "variant": "fail-soft"},
    "items": ["value", "move", {"values": ["B", "C", "D"]}, "pruned"],
    "attempts": 2, "feedback": "first-mistake", "solution": "never"}
"""An assignment of docs/classroom.md: six marks (value, move, three values, pruned)."""


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


def tool_conf(path: Path) -> Any:
    """The pylti1p3 configuration of the ``--lti`` file ``path``: the service's own
    reading of it when the service has one, else pylti1p3's dictionary with the keys
    read from the files it names."""
    try:
        from tracer.service.lti import config
    except ImportError:
        config = None
    if config is not None and hasattr(config, "load_tool_config"):
        loaded = config.load_tool_config(str(path))
        return getattr(loaded, "conf", loaded)
    from pylti1p3.tool_config import ToolConfDict

    data = json.loads(path.read_text())
    conf = ToolConfDict(data)
    for issuer, registrations in data.items():
        for reg in registrations:
            folder = path.parent
            conf.set_private_key(issuer, (folder / reg["private_key_file"]).read_text(),
                                 client_id=reg["client_id"])
            conf.set_public_key(issuer, (folder / reg["public_key_file"]).read_text(),
                                client_id=reg["client_id"])
    return conf


@dataclass
class Tool:
    """The tool served on loopback, the platform it is registered with, its app."""

    base: str
    platform: Any
    app: Any
    config_file: Path
    tokens: dict[str, str] = dataclasses.field(default_factory=dict)
    """The teacher token of each course made by :meth:`course`."""

    @property
    def service(self) -> Any:
        return self.app.state.service

    def api(self) -> httpx.Client:
        """A script's client of the tool's API (no browser headers)."""
        return httpx.Client(base_url=self.base, timeout=60)

    def course(self, title: str = "Intelligenza Artificiale") -> tuple[str, str]:
        with self.api() as c:
            r = c.post("/v1/courses", json={"title": title})
        assert r.status_code == 201, r.text
        ident, token = str(r.json()["id"]), str(r.json()["teacher_token"])
        self.tokens[ident] = token
        return ident, token

    def course_token(self, course: str) -> str:
        return self.tokens[course]

    def assignment(self, course: str, teacher: str,
                   document: dict[str, Any] | None = None) -> str:
        with self.api() as c:
            r = c.post(f"/v1/courses/{course}/assignments", json=document or AIMA,
                       headers={"Authorization": f"Bearer {teacher}"})
        assert r.status_code == 201, r.text
        return str(r.json()["id"])


def _app(settings: Settings, conf: Any) -> Any:
    app = create_app(settings)
    service = app.state.service
    if getattr(service, "lti", None) is None:  # a service without --lti of its own yet
        service.lti = conf
    if not any(getattr(r, "path", None) == "/lti/launch" for r in app.router.routes):
        from tracer.service.lti import launch

        app.router.routes[:0] = launch.ROUTES
    return app


def serving(db: str, folder: Path) -> Iterator[Tool]:
    """A platform and the tool registered with it, its store ``db``, until closed."""
    platform = lti_platform.Platform.start()
    private, public = lti_platform.tool_keys(folder / "keys")
    config_file = folder / "lti.json"
    config_file.write_text(json.dumps(platform.registration(private, public)))
    seeds = folder / "no-traces"
    seeds.mkdir()
    settings = Settings(db=db, seed_dir=seeds)
    if "lti" in {f.name for f in dataclasses.fields(Settings)}:
        settings = dataclasses.replace(settings, lti=str(config_file))
    app = _app(settings, tool_conf(config_file))
    try:
        for base in served(app):
            platform.know_tool(base)
            yield Tool(base, platform, app, config_file)
    finally:
        platform.stop()
        store = app.state.service.store
        if isinstance(store, SqlStore):
            store.engine.dispose()


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
