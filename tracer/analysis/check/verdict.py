"""The verdict types every checker shares: :class:`Item` (the verdict on one item of an
answer), :data:`Reason`, and how verdicts write numbers and lists.

:mod:`~tracer.analysis.check.items` (minimax and alpha-beta items) and
:mod:`~tracer.analysis.check.astar_items` (A* items) both build their items from here, so
neither imports the other's private helpers.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...numbers import Number, format_number

__all__ = ["Item", "Reason", "format_list", "format_optional", "lcs", "make_item"]

Reason = tuple[str | None, int | None]
"""A wrong item's reason and the seq of the event deciding it."""


@dataclass(frozen=True)
class Item:
    """The verdict on one item of an answer."""

    key: str
    """``value``, ``move``, ``values.C``, ``pruned``, ``evaluated``, ``alphabeta.C.alpha``,
    ``expanded``, ``nodes.n3.g``, ``discarded``, ``path`` or ``cost``."""
    right: bool
    expected: str
    given: str
    score: float
    """1 when right; lists earn partial credit (overlap or longest common run)."""
    why: str | None = None
    """Wrong items: the reason, in terms of the expected trace."""
    seq: int | None = None
    """The expected trace's event that decides the item (orders the mistakes)."""
    marks: tuple[tuple[str, str], ...] = ()
    """Wrong items: (node, what you did there), for the marked diagram."""
    note: str | None = None
    """Right items: a remark, e.g. that a value is only a bound."""
    hint: str | None = None
    """Wrong items graded for a classroom: what is wrong and the lecture's rule it
    breaks, without the expected value (:mod:`tracer.classroom.hints`)."""

    @property
    def answered(self) -> bool:
        """False for an item asked and left blank (:attr:`given` is empty)."""
        return self.given != ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"item": self.key, "right": self.right,
                               "expected": self.expected, "given": self.given,
                               "score": round(self.score, 4)}
        if not self.answered:
            out["answered"] = False
        for name in ("why", "seq", "note", "hint"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        if self.marks:
            out["marks"] = {node: text for node, text in self.marks}
        return out


def make_item(key: str, right: bool, expected: str, given: str, score: float, why: Reason,
          **more: Any) -> Item:
    """An :class:`Item` with its reason and deciding event taken from ``why``."""
    return Item(key, right, expected, given, score, why=why[0], seq=why[1], **more)


def format_optional(x: Number | None) -> str:
    """A number, or ``(none)`` where the expected trace has none."""
    return "(none)" if x is None else format_number(x)


def lcs(a: Sequence[Any], b: Sequence[Any]) -> int:
    """Length of the longest common subsequence (partial credit for an ordered list).

    Hunt & Szymanski (1977): each item of ``b`` is matched with its places in ``a``
    (latest first), and the longest strictly increasing run of places is the answer;
    O((n + r) log n) for r matching pairs, n log n when the items of ``a`` are distinct
    (a search's leaves, an A* expansion order), instead of the table's n * m."""
    if len(set(a)) < len(a) and len(set(b)) == len(b):
        a, b = b, a  # places looked up in the list without repeats: r <= len(b)
    places: dict[Any, list[int]] = {}
    for i in range(len(a) - 1, -1, -1):
        places.setdefault(a[i], []).append(i)
    tails: list[int] = []  # tails[k]: the least last place of a common run of k + 1 items
    for y in b:
        for p in places.get(y, ()):
            k = bisect_left(tails, p)
            if k == len(tails):
                tails.append(p)
            else:
                tails[k] = p
    return len(tails)


def format_list(xs: Sequence[str]) -> str:
    """A list of node names as verdicts write it: space separated, ``(none)`` when empty."""
    return " ".join(xs) if xs else "(none)"
