"""Each job of the service in a process of its own: limited, killable, always reaped.

A search, a drawing, a check, a worksheet or an exercise is a closure over the parsed
request (the routes in :mod:`.searching`, :mod:`.teaching`, ...).  :func:`run_isolated`
runs one in a child process: the pool thread that took the job (a thread with a large
stack, :func:`..web.job_pool`) forks; the child sets its own limits, runs the closure and
sends the pickled outcome back through a pipe; the thread waits for it within the
wall-clock limit, kills the child's process group when it passes that limit, and reaps
the child in every case, so no zombie is left.

Limits, and what becomes of a job that passes one (each answer names the limit):

* CPU: ``RLIMIT_CPU`` -- the kernel sends ``SIGXCPU`` at the limit and ``SIGKILL`` a
  second later: 422 ``CPU limit``.
* Memory: ``RLIMIT_AS``, the address space the child inherited plus the job's
  allowance -- an allocation past it fails (``MemoryError``): 422 ``Memory limit``.
* Wall clock: the waiting thread kills the child (and the Graphviz process it may have
  started, in the same process group): 503 ``Time limit``, with ``Retry-After``, since a
  busy machine, not only the request, can make a job slow.
* Answer size: the child measures its pickled answer and sends only its size when it is
  over the cap; the thread never reads more than the cap: 422 ``Answer too large``.

A job still running after :data:`NICE_AFTER` seconds is given a lower CPU priority
(:data:`NICE`), so the short requests of a class go ahead of one long one; the event
loop itself never runs a job, so ``/healthz`` answers while every slot is busy.

Why ``fork`` and not a pool of worker processes.  The routes' closures capture the
request and the service and are not picklable, so a pool (``multiprocessing``,
``forkserver``) would need every route rewritten as a picklable function of plain data;
a fork runs the closure as it is, and a fresh child per job means a job that was killed
leaves nothing behind (a pool must notice the death and start a replacement).  Forking a
process that has threads is safe only if the child needs no lock another thread may hold
at the moment of the fork.  Here the child, which has only the forking thread:

* imports nothing new: :func:`warm_up` imports, in the server before the first job, every
  module a job imports (a module half-imported by another thread keeps its import lock
  held in the child);
* writes nothing to the server's streams (their buffer locks may be held): its standard
  streams, Python's and the file descriptors, go to ``/dev/null``; a job that fails
  unexpectedly sends its traceback to the server, which logs it;
* opens its own SQLite connection when it reads or writes the store (at the fork the
  store's pool is replaced by an empty one, and the server's connections are left alone:
  :func:`..storage.store.connect_engine`);
* leaves the event loop alone: it resets the signal handlers and the wake-up pipe the
  server installed, and leaves with ``os._exit`` (no ``atexit``, no finalizers);
* dies with the server (``PR_SET_PDEATHSIG`` on Linux), and is killed at the wall-clock
  limit even if it waits for a lock that is never released (the one lock the server's
  other threads take outside Python is SQLite's, in the routes' reads and writes of the
  store on the thread pool: a child that forked just then and reads the store could wait
  for it -- it then answers 503 like any slow job).

Forking costs a copy of the server's page tables (a few milliseconds); the memory itself
is shared copy-on-write.
"""

from __future__ import annotations

import contextlib
import faulthandler
import gc
import logging
import math
import os
import pickle
import resource
import select
import signal
import struct
import sys
import time
import traceback
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, cast

from ...errors import TracerError
from ...said import Said, said
from ..models.problem_details import Problem, from_library

__all__ = ["NICE", "NICE_AFTER", "JobLimits", "run_isolated"]

log = logging.getLogger("gametrace.serve")

T = TypeVar("T")

Outcome = tuple[object, ...]
"""What a job's process sends back, pickled: ``("value", v)``, ``("problem", status,
title, detail, where, file)`` (the detail a sentence to word),
``("memory",)``, ``("large", size)`` or ``("bug", traceback)``."""

NICE_AFTER = 1.0
"""Seconds after which a job still running gets the lower CPU priority :data:`NICE`."""
NICE = 15
"""The niceness of a long job (the server runs at its own; higher is lower priority)."""

RECURSION_LIMIT = 30_000
"""The recursion limit of a job's process: deep trees recurse once per level, on the
large stack of the pool thread that forked it (:func:`..web.job_pool`)."""

_LIBC = None
if sys.platform == "linux":  # loaded here: the child must not import (ctypes takes ~10 ms)
    import ctypes

    with contextlib.suppress(OSError):
        _LIBC = ctypes.CDLL(None, use_errno=True)

# Python 3.12 warns at every fork of a process with threads; why it is safe here is
# the module's docstring
warnings.filterwarnings("ignore", message=r"This process \(pid=\d+\) is multi-threaded",
                        category=DeprecationWarning)

LINGER = 2.0
"""Seconds a child may take to exit once it has answered (or been killed)."""

_HEADER = struct.Struct("!Q")
_READ = 1 << 20
_SLACK = 1 << 16
"""Room beyond the answer cap for what wraps the answer (a traceback, the pickle's own)."""


@dataclass(frozen=True)
class JobLimits:
    """What one job may use (the :class:`~tracer.service.Settings` of the same names)."""

    cpu: float
    """CPU seconds (rounded up to a whole second: ``RLIMIT_CPU`` counts seconds)."""
    memory: int
    """Memory in MB the job may allocate beyond what the server had when it forked."""
    wall: float
    """Wall-clock seconds from the job's start (its wait for a slot not counted)."""
    answer: int
    """Largest answer, in bytes (the pickled value handed back to the server)."""

    def to_json(self) -> dict[str, float | int]:
        return {"cpu_limit": self.cpu, "memory_limit": self.memory,
                "wall_limit": self.wall, "max_answer": self.answer}

    def cpu_problem(self) -> Problem:
        return Problem(422, "CPU limit", said("this request used more than {cpu:g} s of CPU "
                                              "(the service's limit): ask for less (a "
                                              "smaller tree or game, a depth limit, fewer "
                                              "nodes)", cpu=self.cpu))

    def memory_problem(self) -> Problem:
        return Problem(422, "Memory limit", said("this request needed more than {memory} MB "
                                                 "of memory (the service's limit): ask for "
                                                 "less (a smaller tree or game, a depth "
                                                 "limit, fewer nodes)", memory=self.memory))

    def wall_problem(self) -> Problem:
        return Problem(503, "Time limit", said("this request ran for more than {wall:g} s "
                                               "(the service's limit) and was stopped: ask for "
                                               "less, or retry when the service is less busy",
                                               wall=self.wall))

    def answer_problem(self, size: int) -> Problem:
        return Problem(422, "Answer too large", said("the answer would be {n} bytes, more "
                                                     "than the service's limit of {most}: ask "
                                                     "for less (a depth limit, fewer nodes)",
                                                     n=size, most=self.answer))


def run_isolated(fn: Callable[[], T], limits: JobLimits, *, nice: int = 0,
                 used: list[float] | None = None) -> T:
    """``fn()`` run in a child process within ``limits``; its value, or the problem it
    raised (a library error, a limit passed) raised here.  Blocks the calling thread.
    ``nice``: the child's CPU priority from its start (0: the server's); ``used`` gets the
    CPU seconds the child spent appended, whatever its outcome."""
    read_end, write_end = os.pipe()
    start = time.monotonic()
    server = os.getpid()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read_end)
        _child(fn, limits, write_end, server)
    os.close(write_end)
    killed = False
    message: bytes | None = None
    too_large: int | None = None
    try:
        with contextlib.suppress(OSError):
            os.setpgid(pid, pid)  # as the child does: no race over who is first
        if nice:
            with contextlib.suppress(OSError):
                os.setpriority(os.PRIO_PROCESS, pid, nice)
        message, too_large, killed = _collect(pid, read_end, limits, start)
    except BaseException:
        _kill(pid)
        raise
    finally:
        os.close(read_end)
        status, cpu = _reap(pid)
        if used is not None:
            used.append(cpu)
    if too_large is not None:
        raise limits.answer_problem(too_large)
    if message is not None:
        # the value fn returned, pickled: a T, which the pickle does not say
        return cast(T, _outcome(pickle.loads(message), limits))
    if killed:
        raise limits.wall_problem()
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        if sig == signal.SIGXCPU or (sig == signal.SIGKILL and cpu >= math.ceil(limits.cpu)):
            raise limits.cpu_problem()
        name = _signal_name(sig)
        log.error("a job ended with signal %s", name)
        raise Problem(503, "Worker failed", said("the process running this request ended "
                                                 "with {signal} (limits: {cpu:g} s of CPU, "
                                                 "{memory} MB of memory)", signal=name,
                                                 cpu=limits.cpu, memory=limits.memory))
    log.error("a job ended with exit code %s and no answer", os.waitstatus_to_exitcode(status))
    raise Problem(503, "Worker failed", said("the process running this request ended "
                                             "without an answer"))


def _signal_name(sig: int) -> str:
    try:
        return signal.Signals(sig).name
    except ValueError:
        return f"signal {sig}"


def _collect(pid: int, fd: int, limits: JobLimits,
             start: float) -> tuple[bytes | None, int | None, bool]:
    """The child's message (or the size it would have had), or ``killed`` when the wall
    limit passed first.  Watches the pipe and the child itself: a child that dies without
    a word is noticed at once, even if another job's child holds a copy of the pipe."""
    deadline = start + limits.wall
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    pidfd = _pidfd(pid)
    if pidfd is not None:
        poller.register(pidfd, select.POLLIN)
    buffer = bytearray()
    expected: int | None = None
    reniced = False
    try:
        while True:
            now = time.monotonic()
            if now >= deadline:
                _kill(pid)
                return None, None, True
            if not reniced and now - start >= NICE_AFTER:
                reniced = True
                with contextlib.suppress(OSError):
                    os.setpriority(os.PRIO_PGRP, pid, NICE)
            wait = deadline - now if reniced else min(deadline, start + NICE_AFTER) - now
            if pidfd is None:
                wait = min(wait, 0.05)  # no pidfd: look at the child now and then
            events = dict(poller.poll(max(1, math.ceil(wait * 1000))))
            if events.get(fd):
                left = _READ if expected is None else expected + _HEADER.size - len(buffer)
                chunk = os.read(fd, max(1, min(_READ, left)))
                buffer += chunk
                if expected is None and len(buffer) >= _HEADER.size:
                    (expected,) = _HEADER.unpack_from(buffer)
                    if expected > limits.answer + _SLACK:  # the child measures; still check
                        _kill(pid)
                        return None, expected, False
                if expected is not None and len(buffer) >= _HEADER.size + expected:
                    return bytes(buffer[_HEADER.size:_HEADER.size + expected]), None, False
                if chunk:
                    continue
            if (pidfd is not None and events.get(pidfd)) or (pidfd is None and _ended(pid)):
                return _drain(fd, buffer, expected), None, False
    finally:
        if pidfd is not None:
            os.close(pidfd)


def _drain(fd: int, buffer: bytearray, expected: int | None) -> bytes | None:
    """What is left in the pipe of a child that has ended: its whole message, or None."""
    os.set_blocking(fd, False)
    with contextlib.suppress(BlockingIOError):
        while chunk := os.read(fd, _READ):
            buffer += chunk
    if expected is None and len(buffer) >= _HEADER.size:
        (expected,) = _HEADER.unpack_from(buffer)
    if expected is not None and len(buffer) >= _HEADER.size + expected:
        return bytes(buffer[_HEADER.size:_HEADER.size + expected])
    return None


def _pidfd(pid: int) -> int | None:
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


def _ended(pid: int) -> bool:
    try:
        info = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return True
    return info is not None


def _kill(pid: int) -> None:
    """SIGKILL the child and whatever it started (its process group)."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _reap(pid: int) -> tuple[int, float]:
    """Wait for the child (killing it if it lingers after its answer): its status and the
    CPU seconds it used."""
    pidfd = _pidfd(pid)
    if pidfd is not None:
        try:
            # poll, not select: select refuses a descriptor past 1023, and a server
            # holding a thousand connections (slow clients) failed every job with a 500
            poller = select.poll()
            poller.register(pidfd, select.POLLIN)
            poller.poll(math.ceil(LINGER * 1000))
        finally:
            os.close(pidfd)
    else:
        end = time.monotonic() + LINGER
        while not _ended(pid) and time.monotonic() < end:
            time.sleep(0.002)
    done, status, usage = os.wait4(pid, os.WNOHANG)
    if not done:
        _kill(pid)
        _, status, usage = os.wait4(pid, 0)
    return status, usage.ru_utime + usage.ru_stime


def _outcome(outcome: Outcome, limits: JobLimits) -> object:
    kind = outcome[0]
    if kind == "value":
        return outcome[1]
    if kind == "problem":
        status, title, detail, where, file = outcome[1:]
        assert isinstance(status, int) and isinstance(title, str) and isinstance(detail, Said)
        assert (where is None or isinstance(where, str)) and (file is None
                                                              or isinstance(file, str))
        raise Problem(status, title, detail, where=where, file=file)
    if kind == "memory":
        raise limits.memory_problem()
    if kind == "large":
        size = outcome[1]
        assert isinstance(size, int)
        raise limits.answer_problem(size)
    trace = str(outcome[1])
    log.error("a job failed:\n%s", trace)
    raise RuntimeError(f"a job failed in its worker process: {trace.splitlines()[-1]}")


# --- the child ----------------------------------------------------------------------

def _child(fn: Callable[[], object], limits: JobLimits, fd: int, server: int) -> None:
    """Set the limits, run ``fn``, send the outcome, exit.  Never returns, never raises."""
    code = 0
    try:
        gc.freeze()  # a collection would touch, so copy, every page of the server's heap
        _detach(server)
        _limit(limits)
        sys.setrecursionlimit(max(sys.getrecursionlimit(), RECURSION_LIMIT))
        data = pickle.dumps(_run(fn, limits), pickle.HIGHEST_PROTOCOL)
        if len(data) > limits.answer:
            data = pickle.dumps(("large", len(data)))
        _send(fd, _HEADER.pack(len(data)) + data)
    except MemoryError:
        code = _send_quietly(fd, ("memory",))
    except BaseException:  # the child must reach os._exit whatever happens
        code = _send_quietly(fd, ("bug", traceback.format_exc()))
    os._exit(code)


def _detach(server: int) -> None:
    """Leave the server's process group, signals and wake-up pipe; die with the server."""
    with contextlib.suppress(OSError):
        os.setpgid(0, 0)
    if _LIBC is not None:
        pr_set_pdeathsig = 1
        with contextlib.suppress(Exception):
            _LIBC.prctl(pr_set_pdeathsig, int(signal.SIGKILL))
    if os.getppid() != server:  # the server died before the line above
        os._exit(1)
    signal.set_wakeup_fd(-1)
    faulthandler.disable()  # a crash is reported by the server, not on its stderr
    # fresh streams to nowhere: the server's may be locked by a thread that is not here,
    # and what a job prints (a warning, Graphviz on fd 2) is no part of the server's log
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    sys.stdin = sys.stdout = sys.stderr = open(os.devnull, "r+")  # noqa: SIM115
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGXCPU):
        with contextlib.suppress(OSError, ValueError):
            signal.signal(sig, signal.SIG_DFL)


def _limit(limits: JobLimits) -> None:
    def lower(which: int, soft: int, hard: int) -> None:
        _, old = resource.getrlimit(which)
        if old != resource.RLIM_INFINITY:
            soft, hard = min(soft, old), min(hard, old)
        resource.setrlimit(which, (soft, hard))

    lower(resource.RLIMIT_CORE, 0, 0)  # SIGXCPU would dump core otherwise
    cpu = max(1, math.ceil(limits.cpu))
    lower(resource.RLIMIT_CPU, cpu, cpu + 1)  # SIGXCPU at the limit, SIGKILL a second on
    size = _address_space()
    if size is not None:
        allowed = size + limits.memory * 1024 * 1024
        lower(resource.RLIMIT_AS, allowed, allowed)


def _address_space() -> int | None:
    """The address space this process has now, in bytes (Linux: /proc/self/statm)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            pages = int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE")


def _run(fn: Callable[[], object], limits: JobLimits) -> Outcome:
    """The outcome of ``fn`` as plain data: a Problem's fields, never the object (it
    does not pickle), a library error mapped as the routes map it."""
    try:
        return ("value", fn())
    except Problem as problem:
        return _fields(problem)
    except (TracerError, RecursionError) as exc:
        return _fields(from_library(exc))


def _fields(p: Problem) -> Outcome:
    return ("problem", p.status, p.title, p.said, p.where, p.file)


def _send(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _send_quietly(fd: int, outcome: Outcome) -> int:
    try:
        data = pickle.dumps(outcome)
        _send(fd, _HEADER.pack(len(data)) + data)
        return 0
    except BaseException:  # nothing more to say: the exit code says it
        return 1
