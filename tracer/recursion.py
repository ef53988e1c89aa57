"""Run work that recurses once per tree level (searches, the JSON decoder) safely."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from .errors import Deadline
from .said import said

__all__ = ["DEFAULT_MAX_PLY", "Deadline", "run_deep"]

T = TypeVar("T")

DEFAULT_MAX_PLY = 100_000
"""The deepest tree the command line searches unless --max-ply says otherwise."""
STACK_BYTES = 512 * 1024 * 1024
GRACE_SECONDS = 2.0
"""How long past its deadline work may run before it is stopped from outside."""


def _raise_in(thread: threading.Thread, exc: type[BaseException]) -> None:
    """Raise ``exc`` in ``thread`` at its next Python instruction."""
    import ctypes

    if thread.ident is not None:
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread.ident),
                                                   ctypes.py_object(exc))


def run_deep(fn: Callable[[], T], *, max_ply: int, deadline: float | None = None) -> T:
    """Run ``fn`` in a thread with a large stack and a recursion limit fit for ``max_ply``.

    Searches and the JSON decoder recurse once per tree level; a thread is the only
    way to get a bigger C stack for them.  The thread can also be stopped: at
    ``deadline`` seconds (plus a grace period) :class:`Deadline` is raised inside it,
    and an interrupt of the main thread (Ctrl-C, SIGTERM) is raised inside it too, so
    that its writers delete their temporary files before the interrupt goes on."""
    from .ranges import MAX_PLY, check_count

    check_count("--max-ply", max_ply, low=1, high=MAX_PLY)
    box: dict[str, Any] = {}
    done = threading.Event()

    def target() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # handed to the calling thread
            box["error"] = exc
        finally:
            done.set()

    old_limit = sys.getrecursionlimit()
    old_stack = threading.stack_size()
    # Exactly this limit, not the larger of it and the process's: --max-ply is a bound the
    # user chose, and must hold even where something else (a server) raised the limit.
    sys.setrecursionlimit(max_ply * 2 + 1000)
    try:
        threading.stack_size(STACK_BYTES)
        worker = threading.Thread(target=target, name="gametrace-search", daemon=True)
        # the compiled search loops recurse in C only on threads whose stack they know
        worker.stack_bytes = STACK_BYTES  # type: ignore[attr-defined]
        worker.start()
    finally:
        threading.stack_size(old_stack)
    try:
        _wait(worker, done, deadline)
    finally:
        sys.setrecursionlimit(old_limit)
    if isinstance(box.get("error"), Deadline):
        from .errors import LimitExceeded

        raise LimitExceeded(said("still running {grace:g} s after --time-limit ({deadline:g} "
                                 "s) ran out, so it was stopped: a game method that does not "
                                 "return?", grace=GRACE_SECONDS, deadline=deadline)) from None
    if "error" in box:
        raise box["error"]
    return box["value"]  # type: ignore[no-any-return]


def _wait(worker: threading.Thread, done: threading.Event, deadline: float | None) -> None:
    # An Event, not Thread.join: in Python 3.11 an interrupt inside join() marks a thread
    # that is still running as stopped (bpo-45274's fix), and the process would exit
    # under it before it cleans up.
    import time

    stop_at = None if deadline is None else time.monotonic() + deadline + GRACE_SECONDS
    try:
        while not done.wait(None if stop_at is None else max(0.0, stop_at - time.monotonic())):
            _raise_in(worker, Deadline)
            stop_at = None
    except BaseException as exc:  # an interrupt: stop the worker the same way, then go on
        _raise_in(worker, type(exc))
        done.wait(5.0)
        raise
