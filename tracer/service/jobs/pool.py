"""The service's jobs in pre-started worker processes, each job within its limits.

:func:`.isolation.run_isolated` forks the server for every job: a fork of a server with
threads copies its page tables and, on Python 3.12, warns.  A :class:`WorkerPool` keeps
worker processes ready instead.  They are started by ``multiprocessing``'s forkserver: a
process started (fork and exec) once, which imports and warms every module a job uses
(:mod:`.warm`) while it has a single thread, then forks each worker from itself -- so no
process with threads ever forks, and a new worker costs a fork of a small warm process.

A job is sent to a worker as a ``cloudpickle`` of its closure (the routes' closures
capture the parsed request, which pickles; one that captures what does not, the service
or its store, runs as before, in a fork of its own: :func:`.isolation.run_isolated`).
The worker answers as a forked child does, so the outcomes are the same.  Limits, per job:

* CPU: the worker's ``RLIMIT_CPU`` is set, before each job, to the CPU it has used plus
  the job's allowance: ``SIGXCPU`` ends it there -- 422 ``CPU limit``;
* memory: ``RLIMIT_AS`` is what the worker had when it started plus the job's allowance;
  a worker left larger than that by half its allowance after a job is retired;
* wall clock and answer size: watched by the waiting thread as for a forked job.

A worker that passes a limit, dies, or runs out of memory is killed (with its process
group) and a new one takes its place on the next job; so is one whose CPU priority was
lowered (an unprivileged process cannot raise it back), and every worker after
``recycle`` jobs, so that what a job leaves behind (a cache grown, a leak) does not last.
"""

from __future__ import annotations

import contextlib
import gc
import math
import multiprocessing
import os
import pickle
import resource
import signal
import sys
import threading
import time
import traceback
import weakref
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import TypeVar, cast

from ...said import said
from ..models.problem_details import Problem
from .isolation import (
    _HEADER,
    NICE_AFTER,
    RECURSION_LIMIT,
    JobLimits,
    _address_space,
    _collect,
    _kill,
    _outcome,
    _run,
    _send,
    _send_quietly,
    _signal_name,
    log,
    run_isolated,
)

__all__ = ["RECYCLE", "RECYCLE_RANGE", "WorkerPool"]

T = TypeVar("T")

RECYCLE = 500
"""Jobs a worker runs before it is replaced (the default of :class:`WorkerPool`)."""
RECYCLE_RANGE = (1, 100_000)
"""The bounds of ``recycle``."""

STACK_BYTES = 256 * 1024 * 1024
"""The stack of the thread that runs a worker's jobs (deep trees recurse once per level),
as the server's job threads have (:data:`..web.STACK_BYTES`)."""

_CONTEXT = multiprocessing.get_context("forkserver")
_CONTEXT.set_forkserver_preload(["tracer.service.jobs.preload"])

LINGER = 2.0
"""Seconds a killed or retiring worker may take to be gone."""


class _Worker:
    """A worker process and the server's end of its pipe."""

    def __init__(self) -> None:
        here, there = _CONTEXT.Pipe(duplex=True)
        self.process: BaseProcess = _CONTEXT.Process(
            target=_serve, args=(there,), daemon=True, name="gametrace-worker")
        self.process.start()
        there.close()
        self.conn: Connection = here
        self.jobs = 0
        self.exitcode: int | None = None
        """How the process ended, once :meth:`stop` has reaped it."""
        pid = self.process.pid
        assert pid is not None
        self.pid = pid

    def stop(self) -> None:
        """Kill the worker and its process group, and wait for it to be gone."""
        _kill(self.pid)
        self.process.join(LINGER)
        self.exitcode = self.process.exitcode
        with contextlib.suppress(OSError):
            self.conn.close()
        with contextlib.suppress(ValueError):
            self.process.close()


class WorkerPool:
    """Up to ``size`` worker processes; :meth:`run` runs a job in one of them (blocking the
    calling thread, as :func:`.isolation.run_isolated` does)."""

    def __init__(self, size: int, *, recycle: int = RECYCLE) -> None:
        low, high = RECYCLE_RANGE
        if not low <= recycle <= high:
            raise ValueError(f"recycle must be from {low} to {high} jobs, not {recycle}")
        self.size = size
        self.recycle = recycle
        self._idle: list[_Worker] = []
        self._lock = threading.Lock()
        self.started = 0
        """Workers started so far (the first ones and their replacements)."""
        self._finalizer = weakref.finalize(self, _stop_all, self._idle)

    def close(self) -> None:
        """Stop the idle workers (a busy one is stopped when its job ends)."""
        self._finalizer()

    def prestart(self) -> None:
        """Start the workers now, not on the first jobs."""
        workers = [self._new() for _ in range(self.size)]
        with self._lock:
            self._idle.extend(workers)

    def run(self, fn: Callable[[], T], limits: JobLimits, *, nice: int = 0,
            used: list[float] | None = None) -> T:
        """``fn()`` in a worker within ``limits``: its value, or the problem it raised (a
        library error, a limit passed) raised here.  ``nice`` and ``used`` as for
        :func:`.isolation.run_isolated`, which runs a job whose closure does not pickle."""
        import cloudpickle

        try:
            job = cloudpickle.dumps((fn, limits, nice), pickle.HIGHEST_PROTOCOL)
        except Exception:  # anything unpicklable: a fork runs it as it is
            return run_isolated(fn, limits, nice=nice, used=used)
        worker = self._take()
        keep = False
        start = time.monotonic()
        cpu_before = _cpu_seconds(worker.pid)
        cpu_after: float | None = None
        message: bytes | None = None
        outcome: tuple[object, ...] | None = None
        too_large: int | None = None
        killed = False
        try:
            with contextlib.suppress(OSError):  # the worker is gone: _collect sees it
                _send(worker.conn.fileno(), _HEADER.pack(len(job)) + job)
            try:
                message, too_large, killed = _collect(worker.pid, worker.conn.fileno(),
                                                      limits, start)
            except ConnectionError:  # the worker died as it was read: its end says how
                worker.process.join(LINGER)
            cpu_after = _cpu_seconds(worker.pid)
            worker.jobs += 1
            outcome = pickle.loads(message) if message is not None else None
            keep = (outcome is not None and outcome[0] not in ("memory", "large", "retire")
                    and not nice and worker.jobs < self.recycle
                    and time.monotonic() - start < NICE_AFTER)
        finally:
            if keep:
                with self._lock:
                    self._idle.append(worker)
            else:
                worker.stop()
        exitcode = None if keep else worker.exitcode
        if used is not None:
            used.append(_used(cpu_before, cpu_after, exitcode, limits))
        if too_large is not None:
            raise limits.answer_problem(too_large)
        if outcome is not None:
            if outcome[0] == "retire":  # the worker grew too large: its answer stands
                outcome = outcome[1:]
            return cast(T, _outcome(outcome, limits))
        if killed:
            raise limits.wall_problem()
        if exitcode is not None and exitcode < 0:
            sig = -exitcode
            if sig == signal.SIGXCPU:
                raise limits.cpu_problem()
            name = _signal_name(sig)
            log.error("a job ended with signal %s", name)
            raise Problem(503, "Worker failed", said("the process running this request ended "
                                                     "with {signal} (limits: {cpu:g} s of CPU, "
                                                     "{memory} MB of memory)", signal=name,
                                                     cpu=limits.cpu, memory=limits.memory))
        log.error("a job ended with exit code %s and no answer", exitcode)
        raise Problem(503, "Worker failed", said("the process running this request ended "
                                                 "without an answer"))

    def _take(self) -> _Worker:
        with self._lock:
            while self._idle:
                worker = self._idle.pop()
                if worker.process.is_alive():
                    return worker
                worker.stop()  # died while idle (killed from outside): replaced
        return self._new()

    def _new(self) -> _Worker:
        with self._lock:
            self.started += 1
        return _Worker()


def _stop_all(idle: list[_Worker]) -> None:
    while idle:
        idle.pop().stop()


def _cpu_seconds(pid: int) -> float | None:
    """The CPU seconds process ``pid`` has used (Linux: /proc), or None."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _used(before: float | None, after: float | None, exitcode: int | None,
          limits: JobLimits) -> float:
    if before is not None and after is not None:
        return max(0.0, after - before)
    if exitcode == -signal.SIGXCPU:
        return float(math.ceil(limits.cpu))
    return 0.0


# --- the worker ---------------------------------------------------------------------

def _serve(conn: Connection) -> None:
    """A worker's life: its own process group, quiet streams, then jobs until told to
    stop (its pipe closed) or retired."""
    with contextlib.suppress(OSError):
        os.setpgid(0, 0)
    from .isolation import _LIBC

    if _LIBC is not None:  # die with the forkserver, which dies with the server
        with contextlib.suppress(Exception):
            _LIBC.prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    sys.stdin = sys.stdout = sys.stderr = open(os.devnull, "r+")  # noqa: SIM115
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGXCPU):
        with contextlib.suppress(OSError, ValueError):
            signal.signal(sig, signal.SIG_DFL)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    sys.setrecursionlimit(max(sys.getrecursionlimit(), RECURSION_LIMIT))
    gc.freeze()
    threading.stack_size(STACK_BYTES)
    runner = threading.Thread(target=_jobs, args=(conn.fileno(),), name="gametrace-job")
    runner.start()  # before the size is taken: its stack is the worker's, not a job's
    runner.join()
    os._exit(0)


def _jobs(fd: int) -> None:
    base = _address_space()
    while True:
        job = _receive(fd)
        if job is None:
            return
        code = 0
        try:
            fn, limits, nice = pickle.loads(job)
            _limit(limits, base)
            if nice:  # this thread's priority: on Linux a thread has its own
                with contextlib.suppress(OSError):
                    os.setpriority(os.PRIO_PROCESS, 0, nice)
            data = pickle.dumps(_run(fn, limits), pickle.HIGHEST_PROTOCOL)
            if len(data) > limits.answer:
                data = pickle.dumps(("large", len(data)))
            grown = base is not None and (_address_space() or 0) > \
                base + limits.memory * 1024 * 1024 // 2
            if grown:
                data = pickle.dumps(("retire", *pickle.loads(data)))
            _send(fd, _HEADER.pack(len(data)) + data)
            if grown:
                os._exit(0)
        except MemoryError:
            code = _send_quietly(fd, ("memory",))
            os._exit(code)  # what ran out of memory may be left half done
        except BaseException:  # a job's bug is answered; the worker goes on
            if _send_quietly(fd, ("bug", traceback.format_exc())):
                os._exit(1)


def _receive(fd: int) -> bytes | None:
    """The next job's bytes, or None when the server closed the pipe."""
    head = _read_exactly(fd, _HEADER.size)
    if head is None:
        return None
    (size,) = _HEADER.unpack(head)
    return _read_exactly(fd, size)


def _read_exactly(fd: int, n: int) -> bytes | None:
    buffer = bytearray()
    while len(buffer) < n:
        chunk = os.read(fd, min(n - len(buffer), 1 << 20))
        if not chunk:
            return None
        buffer += chunk
    return bytes(buffer)


def _limit(limits: JobLimits, base: int | None) -> None:
    """This job's CPU and memory: the CPU used so far plus its allowance, the address
    space the worker started with plus its allowance (soft limits, set again each job)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu = math.ceil(usage.ru_utime + usage.ru_stime + max(1, math.ceil(limits.cpu)))
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    resource.setrlimit(resource.RLIMIT_CPU, (cpu if hard == resource.RLIM_INFINITY
                                             else min(cpu, hard), hard))
    if base is not None:
        allowed = base + limits.memory * 1024 * 1024
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        resource.setrlimit(resource.RLIMIT_AS, (allowed if hard == resource.RLIM_INFINITY
                                                else min(allowed, hard), hard))
