"""Replay a trace: fold its events, one at a time, into what each node went through.

The replay never re-runs a search; it reads events only, so a trace written by any
program in the trace format replays the same way.  Memory stays bounded on long
streams: once more than ``memory_nodes`` nodes are known, the deepest levels are
folded into per-node :class:`Summary` counts (events arrive depth-first, so the node
on the current path at the kept depth is the one a deeper event belongs to).

A node searched again (the next iteration of iterative deepening, a re-search) starts
afresh, with its subtree: the replay ends with the latest search of every node, which
is what the diagram draws.  A transposition-table hit counts as a visit that found the
table's value.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable

from ...events import (
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
    Select,
    Status,
    Transposition,
)
from ...trace import Header, Result
from .skeleton import Skeleton
from .state import NodeState, Summary

__all__ = ["NodeState", "Replay", "Summary"]


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
        self.iterations: list[Iteration] = []
        """Iterative deepening, aspiration, MTD(f): one event per search of the root."""
        self.numbers = False
        """True once a proof-number event was seen."""
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
        self._forget(ev.node)
        self._visit(ev.node, ev.parent, ev.depth)
        if not self._kept(ev.depth):
            return
        self.skeleton.learn_expand(ev, keep_children=self._kept(ev.depth + 1), file=self.file)
        st = self._get(ev.node)
        st.value, st.alpha0, st.beta0 = ev.value, ev.alpha, ev.beta
        st.alpha, st.beta = ev.alpha, ev.beta
        self._check_memory()

    def _evaluate(self, ev: Evaluate) -> None:
        self._forget(ev.node)
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
            child.returned = True

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
            st = self._get(ev.node)
            st.proof, st.disproof = ev.proof, ev.disproof
            self.numbers = True
        elif isinstance(ev, Transposition):
            if ev.kind == "hit":
                self._hit(ev)
        elif isinstance(ev, Iteration):
            self.iterations.append(ev)

    def _hit(self, ev: Transposition) -> None:
        """The table answers the node: it counts as visited, with the value (or bound) found."""
        if ev.node not in self.skeleton:
            self.visits += 1
            self._anchor_summary().nodes += 1
            return
        self._forget(ev.node)
        self.visits += 1
        st = self._get(ev.node)
        st.visited = st.searched = True
        st.order, st.value, st.tt = self.visits, ev.value, ev

    def _forget(self, nid: str) -> None:
        """A node searched again (the next iteration of iterative deepening, an aspiration
        or PVS re-search, MTD(f)'s next test) starts afresh: what the previous search did
        in its subtree no longer holds, so the picture shows the latest search."""
        st = self.states.get(nid)
        if st is None or not st.searched:
            return
        for below in self.skeleton.preorder(nid):
            self.states.pop(below, None)
            self.summaries.pop(below, None)
        if nid == self.skeleton.root:
            self.visits = 0
            self.summaries.clear()

    def _visit(self, nid: str, parent: str | None, depth: int) -> None:
        self.visits += 1
        path = self._path
        for done in path[depth:]:  # depth-first: the search has left these nodes
            st = self.states.get(done)
            if st is not None:
                st.returned = True
        del path[depth:]
        while len(path) < depth:  # an event skipped a level: keep the path's shape
            path.append(parent or "")
        path.append(nid)
        if self._kept(depth):
            st = self._get(nid)
            st.visited = st.searched = True
            st.order = self.visits
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
