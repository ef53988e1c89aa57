"""Each job in a worker process: its limits, its answers, the queue, /healthz, no zombie."""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from tests.service.hostile import children
from tracer.cli import main
from tracer.errors import InputError, LimitExceeded
from tracer.said import said
from tracer.service import Settings, create_app
from tracer.service.jobs.isolation import JobLimits, run_isolated
from tracer.service.models.problem_details import Problem

LIMITS = JobLimits(cpu=1, memory=200, wall=120, answer=10_000)

_BEFORE: set[int] = set()
"""The test process's children before the test (a session fixture's server, if any)."""


@pytest.fixture(autouse=True)
def _children_before() -> None:
    _BEFORE.clear()
    _BEFORE.update(pid for pid, _ in children(os.getpid()))


def left_behind() -> list[tuple[int, str]]:
    """The children of the test process that the test made and did not reap."""
    return [(pid, state) for pid, state in children(os.getpid()) if pid not in _BEFORE]
"""Wall limit: long enough that only a hang reaches it on a loaded machine."""


def _problem(fn: object, limits: JobLimits = LIMITS) -> Problem:
    with pytest.raises(Problem) as caught:
        run_isolated(fn, limits)
    return caught.value


def test_a_job_answers_its_value_from_another_process() -> None:
    assert run_isolated(lambda: (os.getpid(), [1, "two", {"three": 3.0}]), LIMITS)[1] == [
        1, "two", {"three": 3.0}]
    assert run_isolated(os.getpid, LIMITS) != os.getpid()
    assert left_behind() == []


def test_a_job_past_its_cpu_limit_is_stopped_and_named() -> None:
    def spin() -> None:
        while True:
            pass

    p = _problem(spin)
    assert (p.status, p.title) == (422, "CPU limit")
    assert p.detail.startswith("this request used more than 1 s of CPU (the service's limit)")
    assert left_behind() == []


def test_a_job_past_its_wall_limit_is_killed_with_what_it_started() -> None:
    import subprocess

    marker = f"gametrace-test-{os.getpid()}-{threading.get_ident()}"

    def sleep() -> None:  # a grandchild too: the whole process group goes
        subprocess.run([sys.executable, "-c", "import time; time.sleep(60)", marker],
                       check=False)

    p = _problem(sleep, JobLimits(cpu=5, memory=200, wall=1, answer=10_000))
    assert (p.status, p.title) == (503, "Time limit")
    assert "more than 1 s (the service's limit)" in p.detail
    assert p.response().headers["retry-after"] == "1"
    assert left_behind() == []
    for _ in range(100):  # SIGKILL is delivered at once, the reaping by init may lag
        left = subprocess.run(["pgrep", "-f", marker], capture_output=True, text=True,
                              check=False).stdout.split()
        if not left:
            break
        time.sleep(0.05)
    assert left == []


def test_a_job_past_its_memory_limit_gets_a_problem_naming_it() -> None:
    p = _problem(lambda: bytearray(400 * 1024 * 1024))
    assert (p.status, p.title) == (422, "Memory limit")
    assert "more than 200 MB of memory (the service's limit)" in p.detail


def test_an_answer_over_the_cap_is_refused_with_its_size() -> None:
    p = _problem(lambda: b"x" * 50_000)
    assert (p.status, p.title) == (422, "Answer too large")
    assert p.detail.startswith("the answer would be 500")
    assert "bytes, more than the service's limit of 10000: ask for less" in p.detail


def test_library_errors_and_problems_come_back_as_the_routes_map_them() -> None:
    def bad_input() -> None:
        raise InputError("expected a value", file="tree", where="$.children[0]")

    def too_much() -> None:
        raise LimitExceeded("too many leaves (--max-leaves)")

    def not_found() -> None:
        raise Problem(404, "Not found", said("no stored trace {id}", id="abc"), where="$.trace")

    p = _problem(bad_input)
    assert (p.status, p.detail, p.where, p.file) == (422, "expected a value", "$.children[0]",
                                                     "tree")
    assert (_problem(too_much).status, _problem(too_much).title) == (422, "Limit reached")
    p = _problem(not_found)
    assert (p.status, p.detail, p.where) == (404, "no stored trace abc", "$.trace")
    # the sentence crossed back whole, so the answer can still be worded in Italian
    assert p.said.worded("it") == "nessuna traccia salvata con id abc"


def test_a_bug_in_a_job_is_an_error_here_with_the_child_traceback_logged(
        caplog: pytest.LogCaptureFixture) -> None:
    def bug() -> None:
        raise KeyError("lost")

    with pytest.raises(RuntimeError, match="KeyError: 'lost'"):
        run_isolated(bug, LIMITS)
    assert "Traceback" in caplog.text and "raise KeyError" in caplog.text


def test_a_job_that_dies_without_a_word_is_noticed_at_once() -> None:
    import signal

    p = _problem(lambda: os.kill(os.getpid(), signal.SIGSEGV))
    assert (p.status, p.title) == (503, "Worker failed")
    assert "SIGSEGV" in p.detail
    assert left_behind() == []


def test_without_pidfds_the_child_is_watched_by_polling(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import signal

    from tracer.service.jobs import isolation

    monkeypatch.setattr(isolation, "_pidfd", lambda pid: None)  # as before Linux 5.3
    assert run_isolated(lambda: "answer", LIMITS) == "answer"
    assert _problem(lambda: os.kill(os.getpid(), signal.SIGSEGV)).title == "Worker failed"
    assert _problem(lambda: time.sleep(60),
                    JobLimits(cpu=5, memory=200, wall=1, answer=10_000)).title == "Time limit"
    assert left_behind() == []


def test_many_jobs_at_once_leave_no_zombie() -> None:
    results: list[object] = []

    def one(i: int) -> None:
        try:
            results.append(run_isolated(lambda: i * i, LIMITS))
        except Problem as p:
            results.append(p.title)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(results) == sorted(i * i for i in range(16))
    assert left_behind() == []


def _settings(tmp_path: Path, **limits: object) -> Settings:
    return Settings(db=str(tmp_path / "t.db"), seed_dir=tmp_path, **limits)


def test_a_search_past_the_cpu_limit_answers_a_problem_and_the_next_search_works(
        tmp_path: Path) -> None:
    app = create_app(_settings(tmp_path, cpu_limit=1, max_nodes=10**9, time_limit=60,
                               max_answer=10**9, wall_limit=120))
    with TestClient(app) as c:
        got = c.post("/v1/search", json={"game": "othello", "depth": 12})
        assert got.status_code == 422, got.text
        assert got.headers["content-type"] == "application/problem+json"
        assert got.json()["title"] == "CPU limit"
        assert c.post("/v1/search", json={"example": "aima"}).json()["value"] == 3
    assert left_behind() == []


def test_deep_trees_recurse_in_the_job_while_a_deep_body_is_refused_by_the_server(
        tmp_path: Path) -> None:
    # the job's process has the raised recursion limit, the server keeps Python's own
    deep = "A" + "(" * 5_000 + "1 2" + ")" * 5_000
    with TestClient(create_app(_settings(tmp_path))) as c:
        searched = c.post("/v1/search", json={"tree": deep, "algorithm": "minimax"})
        nested = c.post("/v1/parse", content=b'{"tree": ' + b"[" * 3_000 + b"]" * 3_000
                        + b"}", headers={"content-type": "application/json"})
        after = c.post("/v1/search", json={"example": "aima"})
    # (its trace holds the tree, too deep for this process's json.loads)
    assert searched.status_code == 200, searched.text[:300]
    assert searched.text.startswith('{"id":null,"complete":true,"stopped":null,"value":1,')
    assert nested.status_code == 400
    assert nested.headers["content-type"] == "application/problem+json"
    assert after.json()["value"] == 3
    assert sys.getrecursionlimit() < 5_000


def test_a_request_beyond_the_queue_gets_503_at_once_and_healthz_still_answers(
        tmp_path: Path) -> None:
    app = create_app(_settings(tmp_path, max_jobs=1, queue=1, queue_wait=120))
    service = app.state.service
    release = threading.Event()
    started = threading.Event()

    def hold() -> int:
        started.set()
        release.wait(60)
        return 1

    with TestClient(app) as c:
        # two jobs in this process, outside the worker processes: one running, one queued
        holders = [threading.Thread(target=lambda: c.portal.call(
            lambda: service.job(hold, isolate=False))) for _ in range(2)]
        for t in holders:
            t.start()
        assert started.wait(30)
        for _ in range(600):
            if (service.running, service.queued) == (1, 1):
                break
            time.sleep(0.05)
        health = c.get("/healthz")
        got = c.post("/v1/search", json={"example": "aima"})
        release.set()
        for t in holders:
            t.join(60)
        after = c.get("/healthz").json()
    assert health.status_code == 200
    assert health.json()["running"] == 1 and health.json()["queued"] == 1
    assert health.json()["limits"]["cpu_limit"] == 5.0
    assert health.json()["limits"]["max_jobs"] == 1
    assert (got.status_code, got.headers["retry-after"]) == (503, "1")
    assert got.json()["detail"] == "1 jobs are running and 1 are waiting: retry in a moment"
    assert (after["running"], after["queued"], after["status"]) == (0, 0, "ok")


def test_a_slot_stays_taken_until_the_job_ends_even_when_its_client_is_gone(
        tmp_path: Path) -> None:
    import asyncio

    service = create_app(_settings(tmp_path, max_jobs=1)).state.service
    release = threading.Event()

    async def scenario() -> list[int]:
        seen = []
        task = asyncio.create_task(service.job(lambda: release.wait(60), isolate=False))
        for _ in range(3000):
            if service.running == 1:
                break
            await asyncio.sleep(0.01)
        task.cancel()  # the client went away
        with pytest.raises(asyncio.CancelledError):
            await task
        seen.append(service.running)  # the work goes on: its slot is still taken
        release.set()
        for _ in range(3000):
            if service.running == 0:
                break
            await asyncio.sleep(0.01)
        seen.append(service.running)
        seen.append(await service.job(lambda: 7))  # and the slot is free again
        return seen

    assert asyncio.run(scenario()) == [1, 0, 7]


def test_the_limits_are_serve_options(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, object] = {}
    monkeypatch.setattr("tracer.service.run.serve", lambda **kw: seen.update(kw))
    result = CliRunner().invoke(main, ["serve", "--cpu-limit", "3", "--memory-limit", "512",
                                       "--wall-limit", "6", "--max-answer", "5000000",
                                       "--queue", "8", "--queue-wait", "4"])
    assert result.exit_code == 0, result.output
    limits = seen["limits"]
    assert isinstance(limits, dict)
    assert {k: limits[k] for k in ("cpu_limit", "memory_limit", "wall_limit", "max_answer",
                                   "queue", "queue_wait")} == {
        "cpu_limit": 3.0, "memory_limit": 512, "wall_limit": 6.0, "max_answer": 5_000_000,
        "queue": 8, "queue_wait": 4.0}
    Settings(db="x", **limits)  # every option is a field
