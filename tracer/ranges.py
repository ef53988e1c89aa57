"""The range of every number a user gives: counts, sizes, seconds, resolutions.

One place for the CLI, the library and the service: each check raises a
:class:`~tracer.errors.UsageError` naming the option, the value and the range.  The
upper bounds keep one request from running for minutes or filling the memory;
``docs/errors.md`` lists each with the way to go past it.
"""

from __future__ import annotations

import math

from .errors import UsageError
from .said import Said, said

__all__ = [
    "parse_range",
    "MAX_DPI",
    "MAX_PLY",
    "MAX_RANDOM_ORDERINGS",
    "MAX_SECONDS",
    "MAX_RENDER_EVENTS",
    "check_count",
    "check_depth",
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

    from .reading_numbers import whole_option

    text = os.environ.get("GAMETRACE_MAX_EVENTS", "").strip(" \t")
    if not text:
        return MAX_RENDER_EVENTS
    return whole_option(text, "GAMETRACE_MAX_EVENTS", low=1)


def check_count(option: Said | str, value: int | None, *, low: int = 0,
                high: int | None = None) -> int | None:
    """``value`` if it is a whole number in ``low..high`` (``None`` passes).  ``option``
    is an option's name (``--max-ply``) or a phrase the catalogs word."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise UsageError(said("{option} must be a whole number, got {value!r}",
                              option=option, value=value))
    if high is not None and not low <= value <= high:
        raise UsageError(said("{option} must be {low}..{high}, got {value}",
                              option=option, low=low, high=high, value=value))
    if value < low:
        raise UsageError(said("{option} must be at least {low}, got {value}",
                              option=option, low=low, value=value))
    return value


def check_depth(depth: int | None) -> None:
    """A :class:`UsageError` for a negative depth (``None``: no limit): the one rule of
    a search's depth limit and of a drawing's."""
    if depth is not None and depth < 0:
        raise UsageError(said("depth must be 0 or more, got {depth}", depth=depth))


def check_seconds(option: str, value: float | None) -> float | None:
    """``value`` if it is a finite number of seconds above 0 and at most a week."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise UsageError(said("{option} must be a number of seconds, got {value!r}",
                              option=option, value=value))
    if not math.isfinite(value) or not 0 < value <= MAX_SECONDS:
        raise UsageError(said("{option} must be a number of seconds above 0 and at most "
                              "{most:.0f} (a week), got {value}",
                              option=option, most=MAX_SECONDS, value=value))
    return float(value)


def parse_range(text: str | None, what: str) -> tuple[int, int] | None:
    """``2..4`` -> (2, 4); ``3`` -> (3, 3); ``None`` -> None (not given)."""
    if text is None:
        return None
    from .reading_numbers import BadNumber, whole_number

    low, sep, high = text.partition("..")
    try:
        lo = whole_number(low)
        hi = whole_number(high) if sep else lo
    except BadNumber:
        raise UsageError(said("{what}: expected MIN..MAX or a number, each written with the "
                              "digits 0-9, got {text!r}", what=what, text=text[:40])) from None
    if lo > hi:
        raise UsageError(said("{what}: {low}..{high} is empty (MIN must not exceed MAX)",
                              what=what, low=lo, high=hi))
    return lo, hi

