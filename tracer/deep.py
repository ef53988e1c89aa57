"""Run work that recurses once per tree level (searches, the JSON decoder) safely."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["DEFAULT_MAX_PLY", "run_deep"]

T = TypeVar("T")

DEFAULT_MAX_PLY = 100_000
"""The deepest tree the command line searches unless --max-ply says otherwise."""
STACK_BYTES = 512 * 1024 * 1024


def run_deep(fn: Callable[[], T], *, max_ply: int) -> T:
    """Run ``fn`` in a thread with a large stack and a recursion limit fit for ``max_ply``.

    Searches and the JSON decoder recurse once per tree level; a thread is the only
    way to get a bigger C stack for them."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # handed to the calling thread
            box["error"] = exc

    old_limit = sys.getrecursionlimit()
    old_stack = threading.stack_size()
    sys.setrecursionlimit(max(old_limit, max_ply * 2 + 1000))
    try:
        threading.stack_size(STACK_BYTES)
        worker = threading.Thread(target=target, name="gametrace-search", daemon=True)
        worker.start()
    finally:
        threading.stack_size(old_stack)
    try:
        worker.join()
    finally:
        sys.setrecursionlimit(old_limit)
    if "error" in box:
        raise box["error"]
    return box["value"]  # type: ignore[no-any-return]
