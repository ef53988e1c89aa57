"""The comparison of orderings on one tree: each ordering's counts beside plain minimax
and the bounds (:mod:`.counting` counts them), as a table, CSV rows or JSON.

The searches themselves are run by the caller, which hands in a function that runs one
(:mod:`.searches` does, for ``gametrace compare``); nothing here imports
:mod:`tracer.search`.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...choices import unknown_choice
from ...errors import UsageError
from ...jsonio import csv_text
from ...numbers import Number, format_number
from ...ranges import MAX_RANDOM_ORDERINGS
from ...said import said
from ...trace import Result
from .counting import Counter, Shape, Tally

__all__ = [
    "COMPARED_ALGORITHMS",
    "DEFAULT_ORDERS",
    "OrderingReport",
    "Run",
    "Spread",
    "compare_orderings",
    "parse_orders",
]

FIXED_ORDERS = ("natural", "reverse", "best", "worst")


@dataclass(frozen=True)
class Run:
    """One search of the comparison."""

    name: str
    """``minimax``, ``natural``, ``reverse``, ``best``, ``worst`` or ``random``."""
    seed: int | None
    tally: Tally
    value: Number | None
    move: str | None

    def to_json(self, depth: int, minimax_leaves: int) -> dict[str, Any]:
        t = self.tally
        return {"ordering": self.name, "seed": self.seed, "leaves": t.leaves,
                "expanded": t.expanded, "cuts": t.cuts, "pruned": t.pruned,
                "first_child_cuts": t.first_child_cuts, "first_share": t.first_share,
                "ebf": t.ebf(depth), "share_of_minimax": t.leaves / minimax_leaves,
                "value": self.value, "move": self.move}


@dataclass(frozen=True)
class Spread:
    """The distribution of a count over random orderings (quartiles: the inclusive
    method of :func:`statistics.quantiles`, i.e. linear interpolation)."""

    n: int
    mean: float
    min: float
    q1: float
    median: float
    q3: float
    max: float

    @classmethod
    def of(cls, xs: Sequence[float]) -> Spread:
        if len(xs) == 1:
            x = float(xs[0])
            return cls(1, x, x, x, x, x, x)
        q1, median, q3 = statistics.quantiles(xs, n=4, method="inclusive")
        return cls(len(xs), statistics.fmean(xs), min(xs), q1, median, q3, max(xs))

    def to_json(self) -> dict[str, float]:
        return {"n": self.n, "mean": self.mean, "min": self.min, "q1": self.q1,
                "median": self.median, "q3": self.q3, "max": self.max}


@dataclass(frozen=True)
class OrderingReport:
    """Orderings compared on one tree, with plain minimax and the bounds beside them."""

    title: str
    shape: Shape
    minimax: Run
    runs: tuple[Run, ...]
    """The fixed orderings, in the order asked."""
    random: tuple[Run, ...] = field(default=())
    """One search per seed."""

    def spread(self, attr: str = "leaves") -> Spread | None:
        """Mean, min, quartiles and max of a :class:`Tally` field over the random runs."""
        if not self.random:
            return None
        return Spread.of([float(getattr(r.tally, attr)) for r in self.random])

    def to_table(self) -> str:
        """The terminal table ``gametrace compare`` prints: one row per ordering, the
        random ones summarised, the bounds under them."""
        return _table(self)

    def to_csv(self) -> str:
        """One CSV row per search (minimax, each ordering, each random seed), then the
        bounds: ``gametrace compare --format csv``."""
        return _csv(self)

    def to_json(self) -> dict[str, Any]:
        d, n = self.shape.height, self.shape.leaves
        out: dict[str, Any] = {
            "title": self.title, "value": self.shape.value, "height": d,
            "branching": self.shape.branching, "knuth_moore": self.shape.knuth_moore,
            "critical_tree": self.shape.critical, "minimax": self.minimax.to_json(d, n),
            "orderings": [r.to_json(d, n) for r in self.runs],
        }
        if self.random:
            out["random"] = {
                "seeds": [r.seed for r in self.random],
                **{attr: spread.to_json() for attr in ("leaves", "expanded", "cuts")
                   if (spread := self.spread(attr)) is not None},
                "runs": [r.to_json(d, n) for r in self.random],
            }
        return out


COMPARED_ALGORITHMS = ("alphabeta", "enhanced", "minimax")
"""The searches whose orderings are compared (``gametrace compare -a``)."""

DEFAULT_ORDERS = "natural,reverse,best,worst,random:100"
"""The orderings compared when none are named (``gametrace compare``, ``POST /v1/compare``)."""


def parse_orders(text: str) -> tuple[tuple[str, ...], int]:
    """``"natural,reverse,random:200"`` -> (("natural", "reverse"), 200)."""
    fixed: list[str] = []
    randoms = 0
    for raw in text.split(","):
        item = raw.strip().lower()
        if not item:
            continue
        name, sep, count = item.partition(":")
        if name == "random":
            if sep and not (count.isascii() and count.isdigit()
                            and (len(count) > 9 or int(count) > 0)):
                raise UsageError(said("expected random:N with N a positive number of "
                                      "orderings, got {item!r}", item=item))
            randoms += (int(count) if len(count) <= 9 else MAX_RANDOM_ORDERINGS + 1) if sep else 1
            if randoms > MAX_RANDOM_ORDERINGS:
                raise UsageError(said("at most {most:,} random orderings, got {item!r}: each "
                                      "is a whole search (see docs/errors.md)",
                                      most=MAX_RANDOM_ORDERINGS, item=item))
        elif name in FIXED_ORDERS and not sep:
            if name not in fixed:
                fixed.append(name)
        else:
            raise UsageError(unknown_choice(said("ordering"), item,
                                            [*FIXED_ORDERS, "random", "random:N"],
                                            suggest=False))
    if not fixed and not randoms:
        raise UsageError(said("no ordering to compare: give e.g. --orders "
                              "natural,reverse,random:50"))
    return tuple(fixed), randoms


SearchFn = Callable[[str, int | None, Counter], Result]
"""Runs the search under comparison with an ordering (and a seed, for ``random``),
reporting its events to the counter."""


def compare_orderings(search: SearchFn, minimax: Callable[[Counter], Result],
                      orders: Sequence[str], *, randoms: int = 0, seed: int = 0,
                      title: str = "") -> OrderingReport:
    """Run plain minimax once (for the tree's shape and the critical tree), then
    ``search`` under each ordering and under ``randoms`` random ones (seeds ``seed``,
    ``seed + 1``, ...)."""
    counter = Counter(structure=True)
    result = minimax(counter)
    shape = counter.shape()

    def one(name: str, s: int | None) -> Run:
        c = Counter()
        r = search(name, s, c)
        return Run(name, s, c.tally(), r.value, r.move)

    return OrderingReport(
        title=title, shape=shape,
        minimax=Run("minimax", None, counter.tally(), result.value, result.move),
        runs=tuple(one(name, None) for name in orders),
        random=tuple(one("random", seed + i) for i in range(randoms)))


# -- the comparison as text: the terminal table and the CSV rows of ``gametrace compare``


def _table(report: OrderingReport) -> str:
    """The terminal table: one row per ordering, the random ones summarised."""
    shape = report.shape
    d, all_leaves = shape.height, shape.leaves
    kind = (f"uniform tree, b = {shape.branching}, d = {d}" if shape.branching is not None
            else f"height d = {d}, not uniform")
    rows: list[tuple[str, ...]] = [
        (run.name, str(run.tally.leaves), f"{run.tally.leaves / all_leaves:.1%}",
         str(run.tally.expanded), str(run.tally.cuts),
         _share(run.tally.first_child_cuts, run.tally.cuts), _f(run.tally.ebf(d)))
        for run in (report.minimax, *report.runs)]
    spread = report.spread("leaves")
    if spread is not None:
        means = {a: report.spread(a) for a in ("expanded", "cuts")}
        cuts = sum(r.tally.cuts for r in report.random)
        first = sum(r.tally.first_child_cuts for r in report.random)
        rows.append((f"random ({spread.n}), mean", f"{spread.mean:.1f}",
                     f"{spread.mean / all_leaves:.1%}", _mean(means["expanded"]),
                     _mean(means["cuts"]), _share(first, cuts),
                     _f(spread.mean ** (1 / d) if d > 0 else None)))
    head = ("", "leaves", "of minimax", "expanded", "cuts", "1st-child cuts", "EBF")
    widths = [max(len(r[i]) for r in (head, *rows)) for i in range(len(head))]
    widths[0] = max(widths[0], len("critical tree"))

    def line(cells: tuple[str, ...]) -> str:
        first, *rest = cells
        return f"{first:<{widths[0]}}" + "".join(
            f"  {c:>{w}}" for c, w in zip(rest, widths[1:], strict=True))

    lines = [f"{report.title}: value {format_number(shape.value)}; {kind}", line(head),
             *(line(r) for r in rows)]
    if spread is not None:
        lines.append(f"{'':<{widths[0]}}  leaves: min {format_number(spread.min)}, "
                     f"q1 {format_number(spread.q1)}, median {format_number(spread.median)}, "
                     f"q3 {format_number(spread.q3)}, max {format_number(spread.max)}")

    def bound(name: str, leaves: int, note: str) -> str:
        return (f"{name:<{widths[0]}}  {leaves:>{widths[1]}}  "
                f"{leaves / all_leaves:>{widths[2]}.1%}  {note}")

    km = shape.knuth_moore
    if km is not None:
        b = shape.branching
        lines.append(bound("Knuth-Moore", km, f"b^ceil(d/2) + b^floor(d/2) - 1 = "
                                              f"{b}^{-(-d // 2)} + {b}^{d // 2} - 1"))
    lines.append(bound("critical tree", shape.critical,
                       f"the fewest leaves that prove the value {format_number(shape.value)}"))
    lines.append(f"EBF = leaves^(1/d) with d = {d}, the height of the tree minimax searched;")
    lines.append("1st-child cuts: cuts made by the first child searched at the node cut.")
    return "\n".join(lines) + "\n"


def _csv(report: OrderingReport) -> str:
    """One row per search (minimax, each ordering, each random seed), then the bounds."""
    d, n = report.shape.height, report.shape.leaves
    rows = [{"kind": "minimax" if r is report.minimax else "ordering", **r.to_json(d, n)}
            for r in (report.minimax, *report.runs, *report.random)]
    blank = dict.fromkeys(rows[0], None)
    for name, leaves in (("knuth-moore", report.shape.knuth_moore),
                         ("critical-tree", report.shape.critical)):
        if leaves is not None:
            rows.append({**blank, "kind": "bound", "ordering": name, "leaves": leaves,
                         "ebf": leaves ** (1 / d) if d > 0 else None,
                         "share_of_minimax": leaves / n, "value": report.shape.value})
    return csv_text(rows)


def _share(first: int, cuts: int) -> str:
    return f"{first}/{cuts} ({first / cuts:.0%})" if cuts else "-"


def _mean(spread: Any) -> str:
    return "-" if spread is None else f"{spread.mean:.1f}"


def _f(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"
