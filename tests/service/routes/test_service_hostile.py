"""A hostile student's second pass over the service: each test is a case that once took
the service away from the rest of the class (or answered what it should not)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tracer.service import Settings, create_app
from tracer.service.jobs.slots import CLIENT, FairSlots
from tracer.service.models.problem_details import Problem


def _settings(tmp_path: Path, **limits: object) -> Settings:
    return Settings(db=str(tmp_path / "t.db"), seed_dir=tmp_path, **limits)


async def _as(client: str, job: asyncio.Future[object] | object) -> object:
    CLIENT.set(client)  # a task's own context: what the gate does for a request
    return await job


def test_a_student_queueing_many_jobs_does_not_make_another_wait_behind_them_all(
        tmp_path: Path) -> None:
    service = create_app(_settings(tmp_path, max_jobs=1, queue=32)).state.service
    gate = threading.Event()
    order: list[str] = []

    def work(name: str) -> str:
        gate.wait(60)
        order.append(name)
        return name

    async def scenario() -> list[str]:
        def job(who: str, name: str) -> asyncio.Task[object]:
            return asyncio.create_task(
                _as(who, service.job(lambda: work(name), isolate=False)))

        tasks = [job("10.0.0.1", f"abuser-{i}") for i in range(6)]
        for _ in range(3000):
            if service.queued == 5:
                break
            await asyncio.sleep(0.01)
        tasks.append(job("10.0.0.2", "student"))
        for _ in range(3000):
            if service.queued == 6:
                break
            await asyncio.sleep(0.01)
        gate.set()
        await asyncio.gather(*tasks)
        return order

    order = asyncio.run(scenario())
    # first come first served ran the student's search seventh, after every abusive one
    assert order[:2] == ["abuser-0", "student"]
    assert sorted(order) == sorted([f"abuser-{i}" for i in range(6)] + ["student"])


def test_one_client_may_keep_only_a_share_of_the_queue_waiting(tmp_path: Path) -> None:
    service = create_app(_settings(tmp_path, max_jobs=1, queue=8)).state.service
    gate = threading.Event()

    async def scenario() -> tuple[list[int], str]:
        def job(who: str) -> asyncio.Task[object]:
            return asyncio.create_task(
                _as(who, service.job(lambda: gate.wait(60), isolate=False)))

        # 1 running, 4 waiting (half the queue), then refused past its share of 2
        abuser = [job("10.0.0.1") for _ in range(7)]
        student = job("10.0.0.2")  # the queue still has room for others
        await asyncio.sleep(0)
        for _ in range(3000):
            if sum(t.done() for t in abuser) == 2 and service.queued == 5:
                break
            await asyncio.sleep(0.01)
        gate.set()
        outcomes = await asyncio.gather(*abuser, student, return_exceptions=True)
        statuses = [o.status if isinstance(o, Problem) else 200 for o in outcomes]
        refused = next(o for o in outcomes if isinstance(o, Problem))
        assert refused.response().headers["retry-after"] == "1"
        return statuses, refused.detail

    statuses, detail = asyncio.run(scenario())
    assert sorted(statuses) == [200] * 6 + [429] * 2
    assert statuses[-1] == 200
    assert detail == "this client has 2 jobs waiting already: retry when one has answered"


def test_a_waiter_that_gives_up_leaves_the_line_and_its_slot_goes_on() -> None:
    async def scenario() -> list[object]:
        slots = FairSlots(1)
        await slots.acquire("a")
        gone = asyncio.create_task(slots.acquire("b"))
        kept = asyncio.create_task(slots.acquire("c"))
        await asyncio.sleep(0)
        gone.cancel()
        slots.release("a")  # before the cancelled task has run: the slot skips it
        await kept
        with pytest.raises(asyncio.CancelledError):
            await gone
        seen: list[object] = [dict(slots.held), slots.waiting, slots.free]
        slots.release("c")
        seen.append(slots.free)
        return seen

    assert asyncio.run(scenario()) == [{"c": 1}, {}, 0, 1]


def test_the_gate_names_the_client_of_each_job(tmp_path: Path) -> None:
    app = create_app(_settings(tmp_path))
    seen: list[str] = []
    real = app.state.service.job

    async def spying(fn, **kw):
        seen.append(CLIENT.get())
        return await real(fn, **kw)

    app.state.service.job = spying
    with TestClient(app) as c:
        got = c.post("/v1/search", json={"example": "aima"})
    assert got.status_code == 200
    assert seen == ["testclient"]


def test_a_problem_quoting_a_huge_or_broken_value_stays_short_and_one_line(
        tmp_path: Path) -> None:
    app = create_app(_settings(tmp_path))
    with TestClient(app) as c:
        long_name = c.post("/v1/search", json={"example": "a" * 1_000_000})
        long_key = c.post("/v1/search", json={"tree": {"k" * 1_000_000: 1}})
        breaks = c.post("/v1/search", json={"tree": {"a\rb\u2028c\x1b[2J": 1}})
    from tracer.errors import MESSAGE_CHARS

    for got in (long_name, long_key, breaks):
        assert got.status_code == 422
        assert got.headers["content-type"] == "application/problem+json"
        assert len(got.content) < MESSAGE_CHARS * 2 + 500  # once 1 MB or 2 MB: the value
        assert got.json()["detail"].isprintable()
    assert "characters] ..." in long_name.json()["detail"]


def _wide_trace(children: int) -> dict[str, Any]:
    kids = [f"n{i}" for i in range(children)]
    events: list[dict[str, Any]] = [
        {"seq": 1, "type": "expand", "node": "r", "parent": None, "depth": 0,
         "player": "max", "children": kids, "value": "-inf"}]
    for i, kid in enumerate(kids):
        events.append({"seq": 2 + 2 * i, "type": "evaluate", "node": kid, "parent": "r",
                       "depth": 1, "player": "min", "value": i, "reason": "terminal"})
        events.append({"seq": 3 + 2 * i, "type": "backup", "node": "r", "child": kid,
                       "child_value": i, "value": i, "best": kid})
    return {"format": "gametree-trace", "version": 1,
            "header": {"algorithm": "minimax", "variant": "plain", "root": "r",
                       "options": {"order": "natural", "seed": None, "depth": None,
                                   "cut_on": "ge", "root_player": "max"},
                       "source": {"kind": "game", "name": "student"}},
            "events": events,
            "result": {"value": children - 1, "move": kids[-1], "pv": ["r", kids[-1]],
                       "complete": True,
                       "stats": {"nodes_expanded": 1, "leaves_evaluated": children,
                                 "nodes_visited": children + 1, "cuts": 0,
                                 "children_pruned": 0, "max_depth": 1}}}


def test_a_posted_trace_has_each_event_checked_against_its_own_definition_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the request schema's oneOf tried all thirteen event definitions on each event,
    # building an error for each that failed: a 1.2 MB trace (5,000 leaves) passed the
    # CPU limit before it was read, though the body limit is 2 MB
    import jsonschema.exceptions

    from tracer.service.models.bodies import check_schema

    built = []
    real = jsonschema.exceptions._Error.__init__

    def counting(self: Any, *args: Any, **kwargs: Any) -> None:
        built.append(1)
        real(self, *args, **kwargs)

    trace = _wide_trace(300)
    monkeypatch.setattr(jsonschema.exceptions._Error, "__init__", counting)
    for component, body in (("StoreRequest", {"trace": trace}),
                            ("RenderRequest", {"trace": trace, "format": "svg"}),
                            ("DiffRequest", {"a": trace, "b": trace})):
        check_schema(body, component)
    # 601 events in each of four traces: an error or three each from the small oneOfs of
    # their fields, no longer the 13 failed event definitions (54,072 errors)
    assert len(built) < 8_000


def test_an_invalid_event_in_a_posted_trace_is_named_as_before(tmp_path: Path) -> None:
    trace = _wide_trace(3)
    trace["events"][2]["value"] = "3"
    with TestClient(create_app(_settings(tmp_path))) as c:
        got = c.post("/v1/traces", json={"trace": trace})
        again = c.post("/v1/render", json={"trace": trace, "format": "svg"})
    assert got.status_code == again.status_code == 422
    assert got.json()["where"] == again.json()["where"] == "$.trace.events[2]"


def test_a_job_runs_when_the_server_holds_more_than_a_thousand_descriptors() -> None:
    # a slow client's open connection is a descriptor: with 1,100 of them the job's
    # pidfd came past 1023, select() refused it, and every job answered 500
    import os
    import resource

    from tracer.service.jobs.isolation import JobLimits, run_isolated

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 1_200
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))
    held: list[int] = []
    try:
        while not held or held[-1] < 1_100:
            held.append(os.open(os.devnull, os.O_RDONLY))
        answer = run_isolated(lambda: 7, JobLimits(cpu=5, memory=1024, wall=10,
                                                   answer=1_000_000))
    finally:
        for fd in held:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert answer == 7


def test_a_client_gone_in_the_middle_of_its_body_is_not_an_internal_error(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    app = create_app(_settings(tmp_path))
    incoming: list[MutableMapping[str, Any]] = [
        {"type": "http.request", "body": b'{"exam', "more_body": True},
        {"type": "http.disconnect"}]
    sent: list[MutableMapping[str, Any]] = []

    async def receive() -> MutableMapping[str, Any]:
        return incoming.pop(0) if incoming else {"type": "http.disconnect"}

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": "/v1/search", "raw_path": b"",
             "root_path": "", "query_string": b"", "client": ("127.0.0.1", 5000),
             "server": ("127.0.0.1", 8000),
             "headers": [(b"content-type", b"application/json"),
                         (b"content-length", b"100")]}
    asyncio.run(app(scope, receive, send))
    assert sent[0]["status"] == 400
    assert "internal error" not in caplog.text


def test_a_client_that_does_not_read_its_answers_gets_no_more_until_it_does() -> None:
    # each answer waits in the server's memory until read: sixty unread 19 MB searches
    # held 640 MB, and more would have held more
    from tracer.service.routes.gate import RequestGate

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"x" * 3_000})

    gate = RequestGate(app, unread=2_000)

    def scope(client: str) -> dict[str, Any]:
        return {"type": "http", "method": "POST", "path": "/v1/search", "headers": [],
                "client": (client, 5000), "root_path": ""}

    async def receive() -> MutableMapping[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def scenario() -> list[int]:
        unread = asyncio.Event()

        async def stuck(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.body":
                await unread.wait()  # a reader that does not read

        first = asyncio.create_task(gate(scope("10.0.0.1"), receive, stuck))
        await asyncio.sleep(0.05)
        statuses = []
        for client in ("10.0.0.1", "10.0.0.2"):
            sent: list[MutableMapping[str, Any]] = []

            async def keep(message: MutableMapping[str, Any], sent: Any = sent) -> None:
                sent.append(message)

            await gate(scope(client), receive, keep)
            statuses.append(sent[0]["status"])
        unread.set()
        await first
        sent = []
        await gate(scope("10.0.0.1"), receive, lambda m: _append(sent, m))
        statuses.append(sent[0]["status"])
        assert gate.sending == {}
        return statuses

    assert asyncio.run(scenario()) == [429, 200, 200]


async def _append(into: list[Any], message: Any) -> None:
    into.append(message)
