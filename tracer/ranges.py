"""The range of every number a user gives: counts, sizes, seconds, resolutions.

One place for the CLI, the library and the service: each check raises a
:class:`~tracer.errors.UsageError` naming the option, the value and the range.  The
upper bounds keep one request from running for minutes or filling the memory;
``docs/errors.md`` lists each with the way to go past it.
"""

from __future__ import annotations

import math

from .errors import UsageError

__all__ = [
    "parse_range",
    "MAX_DPI",
    "MAX_PLY",
    "MAX_RANDOM_ORDERINGS",
    "MAX_SECONDS",
    "MAX_RENDER_EVENTS",
    "check_count",
    "check_seconds",
    "max_render_events",
]

MAX_DPI = 1200
"""``--dpi``: a print-quality PNG; beyond it Graphviz draws for minutes."""

MAX_PLY = 1_000_000
"""``--max-ply``: the deepest tree a search may recurse into (the recursion limit and
the thread's stack are sized from it)."""

MAX_RANDOM_ORDERINGS = 10_000
"""``compare --orders random:N``: each ordering is one full search."""

MAX_SECONDS = 7 * 24 * 3600.0
"""``--time-limit``: a week; a longer run has no limit worth the name."""

MAX_RENDER_EVENTS = 2_000_000
"""The most events ``render`` reads (the environment variable ``GAMETRACE_MAX_EVENTS``
raises it): drawing reads a million events in a minute or two."""


def max_render_events() -> int:
    """:data:`MAX_RENDER_EVENTS`, or ``GAMETRACE_MAX_EVENTS`` when it is set."""
    import os

    text = os.environ.get("GAMETRACE_MAX_EVENTS", "").strip()
    if not text:
        return MAX_RENDER_EVENTS
    if not text.isdigit() or len(text) > 12 or int(text) < 1:
        raise UsageError(f"GAMETRACE_MAX_EVENTS must be a positive whole number, got {text!r}")
    return int(text)


def check_count(option: str, value: int | None, *, low: int = 0,
                high: int | None = None) -> int | None:
    """``value`` if it is a whole number in ``low..high`` (``None`` passes)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise UsageError(f"{option} must be a whole number, got {value!r}")
    if value < low or (high is not None and value > high):
        shown = f"{low}..{high}" if high is not None else f"at least {low}"
        raise UsageError(f"{option} must be {shown}, got {value}")
    return value


def check_seconds(option: str, value: float | None) -> float | None:
    """``value`` if it is a finite number of seconds above 0 and at most a week."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise UsageError(f"{option} must be a number of seconds, got {value!r}")
    if not math.isfinite(value) or not 0 < value <= MAX_SECONDS:
        raise UsageError(f"{option} must be a number of seconds above 0 and at most "
                         f"{MAX_SECONDS:.0f} (a week), got {value}")
    return float(value)


def parse_range(text: str | None, what: str) -> tuple[int, int] | None:
    """``2..4`` -> (2, 4); ``3`` -> (3, 3); ``None`` -> None (not given)."""
    if text is None:
        return None
    low, sep, high = text.partition("..")
    try:
        lo = int(low)
        hi = int(high) if sep else lo
    except ValueError:
        raise UsageError(f"{what}: expected MIN..MAX or a number, got {text!r}") from None
    if lo > hi:
        raise UsageError(f"{what}: {lo}..{hi} is empty (MIN must not exceed MAX)")
    return lo, hi
