"""What one search did, counted from its events, and the yardsticks to measure it against.

Every count is folded from the events of a search (:class:`Counter` is a recorder, so
it counts as the search runs, keeping nothing), so the numbers read the same for a
trace written by any engine.

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
from dataclasses import dataclass

from ...errors import UsageError
from ...events import Cut, Evaluate, Event, Expand, Transposition
from ...numbers import Number
from ...said import said
from ...trace import Header, Result, Stats
from ...visit import EventVisitor

__all__ = ["Counter", "Shape", "Tally", "knuth_moore"]


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
        raise UsageError(said("the ordering comparison needs a tree without chance nodes"))
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
