"""Events for the core's tests: one full example of every event class, and a hypothesis
strategy that builds any event from its fields' annotations (so a new event class or
field is covered without touching the tests)."""

from __future__ import annotations

import math
from dataclasses import MISSING, Field, fields
from typing import Any

from hypothesis import strategies as st

from tracer.events import (
    EVENT_TYPES,
    Backup,
    Cut,
    Discard,
    Evaluate,
    Event,
    Expand,
    Generate,
    Goal,
    Iteration,
    Numbers,
    Reorder,
    Select,
    Status,
    Transposition,
)

INF = math.inf

FULL: dict[str, Event] = {e.type: e for e in (
    Expand(1, "A", None, 0, "max", ("B", "C"), value=-INF, alpha=-INF, beta=INF,
           label="start", moves=("b", "c"), probs=(0.25, 0.75)),
    Evaluate(2, "B", "A", 1, "min", 3, "terminal", score=-3, label="leaf \"B\""),
    Backup(3, "A", "B", 3, 3, "B", alpha=3, beta=INF, score=3.5, prob=0.25, exact="3/1"),
    Cut(4, "C", "alpha", "F", 3, 2, 2, ("G", "H")),
    Status(5, "A", "solved", ("B",), kind="or"),
    Numbers(6, "A", 1, INF),
    Select(7, "s0", 1, g=0, h=2.5, f=2.5, label="start"),
    Generate(8, "s1", "s0", 1, 1, 1.5, 2.5, action="left", label="é/ü"),
    Discard(9, "s2", "s1", "repeated", g=4),
    Goal(10, "s1", 2.5, ("s0", "s1")),
    Iteration(11, "A", 2, "aspiration", 3, "lower", ("A", "B"), 17, alpha=2, beta=4),
    Transposition(12, "D", "hit", "exact", -INF, None, stored_at="C", move="m"),
    Reorder(13, "A", ("C", "B"), ("pv", ""), history=(4, 0)),
)}
"""One event of every class with every field set (infinities, non-ASCII and quotes in
labels, a required field that is None) where the class has it."""


def minimal(event: Event) -> Event:
    """``event`` with every optional field left at its default (None)."""
    kwargs = {f.name: getattr(event, f.name) for f in fields(event) if f.default is MISSING}
    return type(event)(**kwargs)


_TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=8)
_FLOAT = st.floats(allow_nan=False, allow_infinity=False)
_VALUE = st.one_of(st.integers(-10**20, 10**20), _FLOAT, st.sampled_from([INF, -INF]))


def _base(cls: type[Event], f: Field[Any]) -> st.SearchStrategy[Any]:
    annotation = str(f.type).removesuffix(" | None")
    if f.name in cls._numbers:
        return _VALUE
    if annotation == "tuple[str, ...]":
        return st.lists(_TEXT, max_size=4).map(tuple)
    if annotation == "tuple[float, ...]":
        return st.lists(_FLOAT, max_size=4).map(tuple)
    if annotation == "tuple[int, ...]":
        return st.lists(st.integers(), max_size=4).map(tuple)
    if annotation == "int":
        return st.integers(1 if f.name == "seq" else -10**6, 10**6)
    if annotation == "float":
        return _FLOAT
    assert annotation == "str", f"{cls.__name__}.{f.name}: no strategy for {f.type}"
    return _TEXT


def events_of(cls: type[Event]) -> st.SearchStrategy[Event]:
    """Any event of class ``cls``: each field drawn from its annotation, None where the
    annotation allows it."""
    parts: dict[str, st.SearchStrategy[Any]] = {}
    for f in fields(cls):
        base = _base(cls, f)
        parts[f.name] = st.one_of(st.none(), base) if "None" in str(f.type) else base
    return st.fixed_dictionaries(parts).map(lambda kwargs: cls(**kwargs))


any_event = st.sampled_from(sorted(EVENT_TYPES.values(), key=lambda c: c.type)).flatmap(events_of)
