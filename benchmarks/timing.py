"""Small helpers shared by the benchmarks."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def best_of(fn: Callable[[], Any], repeat: int = 3,
            clock: Callable[[], float] = time.perf_counter) -> tuple[float, Any]:
    """The shortest of ``repeat`` runs (the least disturbed by the shared machine), in
    wall-clock seconds or by ``clock`` (``time.process_time``: CPU seconds)."""
    best = float("inf")
    out: Any = None
    for _ in range(repeat):
        start = clock()
        out = fn()
        best = min(best, clock() - start)
    return best, out


def row(name: str, seconds: float | None, reference: float | None, note: str = "") -> str:
    if seconds is None:
        return f"  {name:<44} {'n/a':>9}  {note}"
    ratio = "" if reference is None else f"{seconds / reference:6.2f}x"
    return f"  {name:<44} {seconds:8.3f}s {ratio:>8}  {note}"
