"""Replay a trace: fold its events, one at a time, into what each node went through.

The replay never re-runs a search; it reads events only, so a trace written by any
program in the trace format replays the same way.  Memory stays bounded on long
streams: once more than ``memory_nodes`` nodes are known, the deepest levels are
folded into per-node :class:`Summary` counts (events arrive depth-first, so the node
on the current path at the kept depth is the one a deeper event belongs to).
"""

from __future__ import annotations

import gc
from collections.abc import Iterable
from dataclasses import dataclass

from ..events import (
    Backup,
    Cut,
    Discard,
    Evaluate,
    Event,
    Expand,
    Generate,
    Goal,
    Numbers,
    Select,
    Status,
)
from ..trace import Header, Result
from .skeleton import Skeleton

__all__ = ["NodeState", "Replay", "Summary"]

Number = float | int


@dataclass(slots=True)
class NodeState:
    """What the search did at one node, as far as the events replayed so far tell."""

    visited: bool = False
    """Expanded or evaluated."""
    order: int = 0
    """Visit number (1 for the root), in the order of expand / evaluate events."""
    value: Number | None = None
    """The latest value reported: provisional while open, then what the node returned."""
    alpha0: Number | None = None
    """Alpha on entry."""
    beta0: Number | None = None
    """Beta on entry."""
    alpha: Number | None = None
    """Alpha after the latest update."""
    beta: Number | None = None
    """Beta after the latest update."""
    reason: str | None = None
    """For evaluated nodes: ``terminal`` or ``depth-limit``."""
    cut: Cut | None = None
    """The cut made at this node, if any."""
    pruned_by: str | None = None
    """Id of the parent whose cut skipped this node."""
    best: str | None = None
    """The child giving the provisional value."""
    g: Number | None = None
    """A*: cost of the path from the start (the node's value is f = g + h)."""
    h: Number | None = None
    """A*: heuristic estimate of the cost still to pay."""
    solved: str | None = None
    """AND/OR: ``solved`` or ``unsolvable``; proof-number search: ``proof/disproof``."""
    because: tuple[str, ...] = ()
    """AND/OR: the children that decide the node's status."""


@dataclass(slots=True)
class Summary:
    """Counts of what happened below a node whose deeper levels were folded away."""

    nodes: int = 0
    """Nodes visited (expanded or evaluated)."""
    cuts: int = 0
    pruned: int = 0
    """Children skipped by those cuts."""

    def add(self, other: Summary) -> None:
        self.nodes += other.nodes
        self.cuts += other.cuts
        self.pruned += other.pruned


class Replay:
    """Per-node state after the events fed so far."""

    def __init__(self, header: Header, *, file: str = "<trace>",
                 memory_nodes: int | None = None) -> None:
        self.header = header
        self.file = file
        self.skeleton = Skeleton.from_header(header, file=file)
        self.states: dict[str, NodeState] = {}
        self.summaries: dict[str, Summary] = {}
        self.result: Result | None = None
        self.cap: int | None = None
        """Deepest level kept in memory; None while everything is."""
        self.memory_nodes = memory_nodes
        self.visits = 0
        self.events = 0
        self.cuts = 0
        self.goal: tuple[str, ...] = ()
        """A*: the path to the goal, once reached."""
        self._path: list[str] = []

    # feeding ----------------------------------------------------------------------------

    def feed_all(self, items: Iterable[Event | Result]) -> Replay:
        # Millions of short-lived events and no reference cycles: the cyclic garbage
        # collector would only rescan the (large) tree over and over.
        enabled = gc.isenabled()
        gc.disable()
        try:
            for item in items:
                if isinstance(item, Result):
                    self.result = item
                else:
                    self.feed(item)
        finally:
            if enabled:
                gc.enable()
        return self

    def feed(self, ev: Event) -> None:
        self.events += 1
        if isinstance(ev, Expand):
            self._expand(ev)
        elif isinstance(ev, Evaluate):
            self._evaluate(ev)
        elif isinstance(ev, Backup):
            self._backup(ev)
        elif isinstance(ev, Cut):
            self._cut(ev)
        else:
            self._other(ev)

    def _expand(self, ev: Expand) -> None:
        self._visit(ev.node, ev.parent, ev.depth)
        if not self._kept(ev.depth):
            return
        self.skeleton.learn_expand(ev, keep_children=self._kept(ev.depth + 1), file=self.file)
        st = self._get(ev.node)
        st.value, st.alpha0, st.beta0 = ev.value, ev.alpha, ev.beta
        st.alpha, st.beta = ev.alpha, ev.beta
        self._check_memory()

    def _evaluate(self, ev: Evaluate) -> None:
        self._visit(ev.node, ev.parent, ev.depth)
        if self._kept(ev.depth):
            self.skeleton.learn_evaluate(ev, file=self.file)
            st = self._get(ev.node)
            st.value, st.reason = ev.value, ev.reason

    def _backup(self, ev: Backup) -> None:
        st = self.states.get(ev.node)
        if st is None:
            return
        st.value, st.best = ev.value, ev.best
        if ev.alpha is not None:
            st.alpha = ev.alpha
        if ev.beta is not None:
            st.beta = ev.beta
        child = self.states.get(ev.child)
        if child is not None:
            child.value = ev.child_value  # what the child returned is its value

    def _cut(self, ev: Cut) -> None:
        self.cuts += 1
        st = self.states.get(ev.node)
        if st is not None and ev.node in self.skeleton:
            st.cut, st.value = ev, ev.value
            for cid in ev.pruned:
                if cid in self.skeleton:
                    self._get(cid).pruned_by = ev.node
        else:
            summary = self._anchor_summary()
            summary.cuts += 1
            summary.pruned += len(ev.pruned)

    def _other(self, ev: Event) -> None:
        """AND/OR labels, proof numbers, and A*'s generate / select / discard / goal."""
        if isinstance(ev, Generate):
            self.skeleton.learn_generate(ev)
            st = self._get(ev.node)
            st.value, st.g, st.h = ev.f, ev.g, ev.h
        elif isinstance(ev, Select):
            self.visits += 1
            st = self._get(ev.node)
            st.visited, st.order = True, ev.number
            if ev.f is not None:
                st.value = ev.f
        elif isinstance(ev, Discard):
            self._get(ev.node).pruned_by = ev.existing
        elif isinstance(ev, Goal):
            self.goal = ev.path
        elif isinstance(ev, Status):
            st = self._get(ev.node)
            st.solved, st.because = ev.status, ev.because
        elif isinstance(ev, Numbers):
            self._get(ev.node).solved = f"{ev.proof}/{ev.disproof}"

    def _visit(self, nid: str, parent: str | None, depth: int) -> None:
        self.visits += 1
        path = self._path
        del path[depth:]
        while len(path) < depth:  # an event skipped a level: keep the path's shape
            path.append(parent or "")
        path.append(nid)
        if self._kept(depth):
            st = self._get(nid)
            st.visited, st.order = True, self.visits
        else:
            self._anchor_summary().nodes += 1

    def _kept(self, depth: int) -> bool:
        return self.cap is None or depth <= self.cap

    def _anchor_summary(self) -> Summary:
        cap = self.cap if self.cap is not None else len(self._path) - 1
        path = self._path
        anchor = path[min(cap, len(path) - 1)] if path else self.skeleton.root
        return self.summaries.setdefault(anchor, Summary())

    def _get(self, nid: str) -> NodeState:
        found = self.states.get(nid)
        if found is None:
            found = self.states[nid] = NodeState()
        return found

    def _check_memory(self) -> None:
        limit = self.memory_nodes
        skel = self.skeleton
        if limit is None or skel.from_tree:
            return
        while len(skel.nodes) > limit:
            deepest = max(n.depth for n in skel.nodes.values())
            if deepest == 0:
                return
            self._fold(deepest - 1)

    def _fold(self, cap: int) -> None:
        """Keep levels 0..cap; fold everything deeper into summaries."""
        self.cap = cap
        for node, anchor in self.skeleton.drop_below(cap):
            summary = self.summaries.setdefault(anchor, Summary())
            st = self.states.pop(node.id, None)
            if st is not None:
                if st.visited:
                    summary.nodes += 1
                if st.cut is not None:
                    summary.cuts += 1
                    summary.pruned += len(st.cut.pruned)
            below = self.summaries.pop(node.id, None)
            if below is not None:
                summary.add(below)

    # questions ------------------------------------------------------------------------

    def state(self, nid: str) -> NodeState | None:
        return self.states.get(nid)

    @property
    def complete(self) -> bool:
        return self.result is None or self.result.complete
