"""No classroom route reads or writes the database on the event loop's thread: every
token lookup, read and write runs in the thread pool, so one slow query never stalls the
other requests of the process.

Every connection the app's engines open is watched (SQLAlchemy's ``engine_connect``, on
every engine): one opened in a thread that runs an event loop is noted with where it
was opened.  Each classroom route is then asked as in ``test_classroom_roles.py``, by
whoever may not (no token, a token of no one, another course's teacher, another
assignment's student) and by the right caller, and the deletes last; the world is made
through the routes too (a course, assignments, students joining, a submission, a trace
kept in the course's library)."""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from starlette.testclient import TestClient
from test_classroom_roles import CALLERS, ROUTES, World, ask, make_world

from tracer.service import Settings, create_app
from tracer.service.storage.store import SqlStore


def _on_a_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


@pytest.fixture(scope="module")
def on_loop() -> Iterator[list[str]]:
    """Where each connection opened on an event loop's thread was opened."""
    seen: list[str] = []

    def connected(_conn: Connection) -> None:
        if _on_a_loop():
            seen.append("".join(traceback.format_stack(limit=12)))

    event.listen(Engine, "engine_connect", connected)
    yield seen
    event.remove(Engine, "engine_connect", connected)


@pytest.fixture(scope="module")
def world(app_settings: Settings, on_loop: list[str]) -> Iterator[World]:
    with TestClient(create_app(app_settings)) as c:
        on_loop.clear()  # the app's start (migrating, seeding) is no request's
        yield make_world(c, "loop")


def test_making_the_world_never_connects_on_the_loop(world: World,
                                                     on_loop: list[str]) -> None:
    # courses made, assignments made, students joined, a submission, a trace kept
    assert on_loop == []


@pytest.mark.parametrize("route", ROUTES, ids=[r[0] for r in ROUTES])
def test_no_route_connects_on_the_loop(world: World, on_loop: list[str],
                                       route: Any) -> None:
    _, method, path, body, expected, who, status = route
    on_loop.clear()
    answered = [ask(world, method, path, body, caller).status_code for caller in CALLERS]
    assert answered == list(expected)  # each refused where the roles say
    if who:
        assert ask(world, method, path, body, who).status_code == status
    assert on_loop == [], on_loop[0]


TRACE_ROUTES = ("/v1/traces", "/v1/traces?text=loop&tag=x", "/v1/traces/{T}",
                "/v1/traces/{T}/diagram.dot", "/v1/traces/{T}/frames?count=2",
                "/v1/traces/" + "0" * 64, "/v1/traces/" + "0" * 64 + "/diagram.dot")


@pytest.mark.parametrize("path", TRACE_ROUTES)
def test_no_trace_route_connects_on_the_loop(world: World, on_loop: list[str],
                                             path: str) -> None:
    on_loop.clear()
    status = ask(world, "GET", path, None, "none").status_code
    assert status == (404 if "0" * 64 in path else 200)
    assert on_loop == [], on_loop[0]


def test_no_delete_connects_on_the_loop(world: World, on_loop: list[str]) -> None:
    deletes = [r for r in ROUTES if r[1] == "DELETE"]
    assert len(deletes) == 3
    on_loop.clear()
    for _, method, path, body, _, _, _ in deletes:  # the owner teacher, for real
        assert ask(world, method, path, body, "ta").status_code == 204
    assert ask(world, "GET", "/v1/courses/{A}/gradebook", None, "ta").status_code == 200
    assert on_loop == [], on_loop[0]


def test_the_watch_sees_a_connection_on_the_loop(world: World,
                                                 on_loop: list[str]) -> None:
    """The check itself: a connection opened by a coroutine is seen."""
    store = world.client.app.state.service.store
    assert isinstance(store, SqlStore)
    engine = store.engine

    async def connect() -> None:
        with engine.connect():
            pass

    on_loop.clear()
    asyncio.run(connect())
    assert len(on_loop) == 1 and "connect" in on_loop[0]
    on_loop.clear()
