"""The worker pool: a job in a pre-started worker, the worker replaced after a breach of
any limit, after a death, and after its recycle count; the answers as a forked job's."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from tracer.service.jobs.isolation import JobLimits, run_isolated
from tracer.service.jobs.pool import RECYCLE_RANGE, WorkerPool
from tracer.service.models.problem_details import Problem

LIMITS = JobLimits(cpu=1, memory=200, wall=120, answer=10_000)
"""Wall limit: long enough that only a hang reaches it on a loaded machine."""


@pytest.fixture
def pool() -> Iterator[WorkerPool]:
    workers = WorkerPool(1)
    yield workers
    workers.close()


def _spin() -> None:
    while True:
        pass


def _sleep() -> None:
    time.sleep(60)


BREACHES: list[tuple[str, Callable[[], object], JobLimits, int, str]] = [
    ("cpu", _spin, LIMITS, 422, "CPU limit"),
    ("memory", lambda: bytearray(400 * 1024 * 1024), LIMITS, 422, "Memory limit"),
    ("wall", _sleep, JobLimits(cpu=5, memory=200, wall=1, answer=10_000), 503, "Time limit"),
    ("answer", lambda: b"x" * 50_000, LIMITS, 422, "Answer too large"),
]


def test_jobs_run_in_one_warm_worker_not_in_this_process(pool: WorkerPool) -> None:
    pids = {pool.run(os.getpid, LIMITS) for _ in range(5)}
    assert len(pids) == 1 and os.getpid() not in pids
    assert pool.run(lambda: [1, "two", {"three": 3.0}], LIMITS) == [1, "two", {"three": 3.0}]
    assert pool.started == 1


@pytest.mark.parametrize(("name", "job", "limits", "status", "title"), BREACHES,
                         ids=[b[0] for b in BREACHES])
def test_a_worker_past_a_limit_is_replaced_and_the_next_job_succeeds(
        pool: WorkerPool, name: str, job: Callable[[], object], limits: JobLimits,
        status: int, title: str) -> None:
    first = pool.run(os.getpid, LIMITS)
    with pytest.raises(Problem) as caught:
        pool.run(job, limits)
    assert (caught.value.status, caught.value.title) == (status, title)
    after = pool.run(os.getpid, LIMITS)
    assert after != first and pool.started == 2
    assert not os.path.exists(f"/proc/{first}")  # killed and reaped, not left running


def test_a_worker_is_replaced_after_its_recycle_count() -> None:
    workers = WorkerPool(1, recycle=3)
    try:
        pids = [workers.run(os.getpid, LIMITS) for _ in range(7)]
    finally:
        workers.close()
    assert pids[0] == pids[1] == pids[2] != pids[3]
    assert pids[3] == pids[4] == pids[5] != pids[6]
    assert workers.started == 3


@pytest.mark.parametrize("recycle", [RECYCLE_RANGE[0] - 1, RECYCLE_RANGE[1] + 1])
def test_the_recycle_count_is_bounded(recycle: int) -> None:
    with pytest.raises(ValueError, match="recycle must be from 1 to 100000 jobs"):
        WorkerPool(1, recycle=recycle)


def test_a_worker_that_dies_in_a_job_gives_the_error_a_forked_job_gives(
        pool: WorkerPool) -> None:
    def die() -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    with pytest.raises(Problem) as in_pool:
        pool.run(die, LIMITS)
    with pytest.raises(Problem) as forked:
        run_isolated(die, LIMITS)
    assert (in_pool.value.status, in_pool.value.title, in_pool.value.detail) == (
        forked.value.status, forked.value.title, forked.value.detail)
    assert in_pool.value.title == "Worker failed" and "SIGKILL" in in_pool.value.detail
    assert pool.run(lambda: "next", LIMITS) == "next"


def test_a_worker_killed_while_idle_is_replaced_on_the_next_job(pool: WorkerPool) -> None:
    first = pool.run(os.getpid, LIMITS)
    os.kill(first, signal.SIGKILL)
    for _ in range(200):  # the forkserver reaps it
        if not os.path.exists(f"/proc/{first}"):
            break
        time.sleep(0.01)
    assert pool.run(os.getpid, LIMITS) not in (first, os.getpid())


def test_problems_and_bugs_come_back_as_from_a_forked_job(pool: WorkerPool) -> None:
    from tracer.errors import InputError

    def bad_input() -> None:
        raise InputError("expected a value", file="tree", where="$.children[0]")

    def bug() -> None:
        raise KeyError("lost")

    with pytest.raises(Problem) as caught:
        pool.run(bad_input, LIMITS)
    assert (caught.value.status, caught.value.detail, caught.value.where) == (
        422, "expected a value", "$.children[0]")
    with pytest.raises(RuntimeError, match="KeyError: 'lost'"):
        pool.run(bug, LIMITS)
    assert pool.run(lambda: "after a bug", LIMITS) == "after a bug"
    assert pool.started == 1  # a job's error is answered; its worker goes on


def test_a_closure_that_does_not_pickle_runs_in_a_fork_of_its_own(pool: WorkerPool) -> None:
    lock = threading.Lock()  # captured: no pickle takes a lock
    assert pool.run(lambda: (lock is not None, os.getpid()), LIMITS)[1] != os.getpid()
    assert pool.started == 0


def test_a_lowered_priority_lasts_one_job_only(pool: WorkerPool) -> None:
    def niceness() -> int:
        return os.getpriority(os.PRIO_PROCESS, 0)

    base = os.getpriority(os.PRIO_PROCESS, 0)
    assert pool.run(niceness, LIMITS, nice=5) == min(base + 5, 19)
    assert pool.run(niceness, LIMITS) == base  # a worker can't be raised back: replaced


def test_each_job_reports_the_cpu_it_used(pool: WorkerPool) -> None:
    def burn() -> int:
        end = time.process_time() + 0.3
        while time.process_time() < end:
            pass
        return 1

    used: list[float] = []
    pool.run(burn, LIMITS, used=used)
    pool.run(lambda: 2, LIMITS, used=used)
    assert len(used) == 2 and used[0] >= 0.2 and used[1] < used[0]
