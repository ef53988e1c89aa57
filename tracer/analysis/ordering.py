"""What an ordering of the children saves: counts from traces, the bounds to measure
them against, and the comparison of orderings on one tree.

Every count is folded from the events of a search (:class:`Counter` is a recorder, so
it counts as the search runs, keeping nothing), so the numbers read the same for a
trace written by any engine.  The searches themselves are run by the caller, which
hands in a function that runs one (``gametrace compare`` does); nothing here imports
:mod:`tracer.search`.

The yardsticks:

* **plain minimax**: every leaf;
* **Knuth-Moore** (Knuth & Moore 1975): on a uniform tree (every inner node has b
  children, every leaf is at depth d) with the best child always first, alpha-beta
  evaluates b^ceil(d/2) + b^floor(d/2) - 1 leaves;
* **the critical (minimal) tree**: the fewest leaves whose values prove the root's value
  (a set holding a proof that the value is at least v and one that it is at most v,
  Knuth & Moore's node types 1, 2 and 3).  It is computed directly from plain minimax's
  trace, not by running ``--order best``: no ordering can make alpha-beta evaluate
  fewer leaves.  On a uniform tree with distinct leaf values it equals the Knuth-Moore
  count; with ties or uneven branching it can be smaller than what the best-first
  ordering achieves, because "best first" picks the best child, not the cheapest
  refutation.
* **effective branching factor**: N^(1/d) for N leaves evaluated, with d the height of
  the tree searched (the deepest leaf plain minimax reaches, or the depth limit), the
  same d for every ordering so that the figures compare.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import UsageError
from ..events import Cut, Evaluate, Event, Expand, Transposition
from ..jsonio import csv_text
from ..numbers import format_number
from ..ranges import MAX_RANDOM_ORDERINGS
from ..trace import Header, Result, Stats
from ..visit import EventVisitor

__all__ = [
    "COMPARED_ALGORITHMS",
    "DEFAULT_ORDERS",
    "Counter",
    "OrderingReport",
    "Run",
    "Shape",
    "Spread",
    "Tally",
    "compare_orderings",
    "knuth_moore",
    "parse_orders",
]

Number = float | int
FIXED_ORDERS = ("natural", "reverse", "best", "worst")


@dataclass(frozen=True)
class Tally:
    """What one search did, counted from its events: the trace's own :class:`Stats`, and
    the two counts that only move ordering needs."""

    stats: Stats
    """Leaves evaluated, nodes expanded (a node expanded again counts again), cuts,
    children pruned, deepest leaf: the same counts a trace's result carries."""
    first_child_cuts: int = 0
    """Cuts made by the first child searched (the child named first in the node's expand)."""
    tt_hits: int = 0
    """Transposition-table hits (``transposition`` events of kind ``hit``)."""

    @property
    def leaves(self) -> int:
        """Leaves evaluated (``evaluate`` events)."""
        return self.stats.leaves_evaluated

    @property
    def expanded(self) -> int:
        """Nodes expanded (``expand`` events)."""
        return self.stats.nodes_expanded

    @property
    def cuts(self) -> int:
        return self.stats.cuts

    @property
    def pruned(self) -> int:
        """Children skipped by the cuts."""
        return self.stats.children_pruned

    @property
    def first_share(self) -> float | None:
        """The share of cuts made by the first child searched (1.0 with perfect ordering)."""
        return self.first_child_cuts / self.cuts if self.cuts else None

    def ebf(self, depth: int) -> float | None:
        """Effective branching factor N^(1/d) for N leaves at height ``depth``."""
        return self.leaves ** (1 / depth) if depth > 0 and self.leaves > 0 else None


class Counter(EventVisitor[None]):
    """A recorder that folds a search's events into a :class:`Tally` as they arrive.

    With ``structure=True`` it also keeps the shape of the tree (children, players, leaf
    values): give it plain minimax's search to get :meth:`shape`."""

    enabled = True

    def __init__(self, *, structure: bool = False) -> None:
        self._structure = structure
        self._path: list[tuple[str, str | None]] = []
        self._counts = [0, 0, 0, 0, 0, 0]
        self.root: str | None = None
        self.children: dict[str, tuple[str, ...]] = {}
        self.players: dict[str, str] = {}
        self.values: dict[str, Number] = {}
        self.height = 0
        self.result: Result | None = None
        self._table = self.handlers()

    def start(self, header: Header) -> None:
        self.root = header.root

    def emit(self, event: Event) -> None:
        self._table[event.__class__](event)

    def visit_expand(self, event: Expand) -> None:
        self._counts[1] += 1
        path = self._path
        del path[event.depth:]
        path.append((event.node, event.children[0] if event.children else None))
        if self._structure:
            self.children[event.node] = event.children
            self.players[event.node] = event.player

    def visit_evaluate(self, event: Evaluate) -> None:
        self._counts[0] += 1
        self.height = max(self.height, event.depth)
        if self._structure:
            self.values[event.node] = event.value

    def visit_cut(self, event: Cut) -> None:
        c = self._counts
        c[2] += 1
        c[3] += len(event.pruned)
        # The node cut is on the path of open nodes: its children are being searched.
        first = next((f for nid, f in reversed(self._path) if nid == event.node), None)
        if first == event.after:
            c[4] += 1

    def visit_transposition(self, event: Transposition) -> None:
        if event.kind == "hit":
            self._counts[5] += 1

    def visit_event(self, event: Event) -> None:
        pass

    def finish(self, result: Result) -> None:
        self.result = result

    def tally(self) -> Tally:
        leaves, expanded, cuts, pruned, first, hits = self._counts
        stats = Stats(nodes_expanded=expanded, leaves_evaluated=leaves, cuts=cuts,
                      children_pruned=pruned, max_depth=self.height)
        return Tally(stats, first, hits)

    def shape(self) -> Shape:
        """The tree plain minimax searched: value, leaves, height, uniformity, critical tree."""
        if self.root is None:
            raise RuntimeError("nothing recorded yet: run a search with this recorder first")
        return _shape(self.root, self.children, self.players, self.values)


@dataclass(frozen=True)
class Shape:
    """The tree being searched, as plain minimax saw it."""

    value: Number
    leaves: int
    height: int
    """Deepest ply of a leaf (the d of the effective branching factor)."""
    branching: int | None
    """b when the tree is uniform (every inner node b children, every leaf at ``height``)."""
    critical: int
    """Leaves of the critical tree: the fewest that prove the root's value."""

    @property
    def knuth_moore(self) -> int | None:
        """b^ceil(d/2) + b^floor(d/2) - 1 on a uniform tree; None otherwise."""
        return None if self.branching is None else knuth_moore(self.branching, self.height)


def knuth_moore(b: int, d: int) -> int:
    """Leaves alpha-beta evaluates on a uniform tree with perfect ordering (Knuth & Moore
    1975): b^ceil(d/2) + b^floor(d/2) - 1."""
    return int(b ** math.ceil(d / 2) + b ** (d // 2) - 1)


def _shape(root: str, children: dict[str, tuple[str, ...]], players: dict[str, str],
           values: dict[str, Number]) -> Shape:
    if any(p == "chance" for p in players.values()):
        raise UsageError("the ordering comparison needs a tree without chance nodes")
    # Children before parents, without recursion (trees may be deep).
    order: list[tuple[str, int]] = []
    stack = [(root, 0)]
    while stack:
        nid, depth = stack.pop()
        order.append((nid, depth))
        stack.extend((c, depth + 1) for c in children.get(nid, ()))
    order.reverse()
    value: dict[str, Number] = {}
    leaf_depths: set[int] = set()
    widths: set[int] = set()
    for nid, depth in order:
        kids = children.get(nid)
        if kids is None:
            value[nid] = values[nid]
            leaf_depths.add(depth)
        else:
            widths.add(len(kids))
            pick = max if players[nid] == "max" else min
            value[nid] = pick(value[c] for c in kids)
    v = value[root]
    critical = _critical(order, children, players, value, v)
    height = max(leaf_depths)
    uniform = len(widths) == 1 and len(leaf_depths) == 1
    return Shape(v, sum(1 for nid, _ in order if nid not in children), height,
                 next(iter(widths)) if uniform else None, critical)


def _critical(order: list[tuple[str, int]], children: dict[str, tuple[str, ...]],
              players: dict[str, str], value: dict[str, Number], v: Number) -> int:
    """The fewest leaves proving the root's value v.  lo(n): leaves proving value(n) >= v
    (MAX: one child suffices, MIN: all); hi(n): proving value(n) <= v (MAX: all, MIN:
    one); both(n): proving value(n) = v, where the two proofs share one path."""
    inf = math.inf
    lo: dict[str, float] = {}
    hi: dict[str, float] = {}
    both: dict[str, float] = {}
    for nid, _ in order:
        kids = children.get(nid)
        if kids is None:
            lo[nid] = 1 if value[nid] >= v else inf
            hi[nid] = 1 if value[nid] <= v else inf
            both[nid] = 1 if value[nid] == v else inf
            continue
        is_max = players[nid] == "max"
        one, every = (lo, hi) if is_max else (hi, lo)
        total = sum(every[c] for c in kids)
        one[nid] = min(one[c] for c in kids)
        every[nid] = total
        both[nid] = min((both[c] + total - every[c] for c in kids if value[c] == v),
                        default=inf)
    return int(both[order[-1][0]])


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
            if sep and not (count.isdigit() and (len(count) > 9 or int(count) > 0)):
                raise UsageError(f"expected random:N with N a positive number of orderings, "
                                 f"got {item!r}")
            randoms += (int(count) if len(count) <= 9 else MAX_RANDOM_ORDERINGS + 1) if sep else 1
            if randoms > MAX_RANDOM_ORDERINGS:
                raise UsageError(f"at most {MAX_RANDOM_ORDERINGS:,} random orderings, got "
                                 f"{item!r}: each is a whole search (see docs/errors.md)")
        elif name in FIXED_ORDERS and not sep:
            if name not in fixed:
                fixed.append(name)
        else:
            raise UsageError(f"unknown ordering {item!r} (choose from: "
                             f"{', '.join(FIXED_ORDERS)}, random, random:N)")
    if not fixed and not randoms:
        raise UsageError("no ordering to compare: give e.g. --orders natural,reverse,random:50")
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
