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

import sys
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from functools import partial
from typing import NoReturn

from ...errors import InputError
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
from ...memory import paused_gc
from ...ranges import MAX_PLY
from ...reading_numbers import BadNumber, fraction_number
from ...said import said
from ...trace import Header, Result
from ...visit import EventVisitor
from ...wellformed import WellFormed
from .reader import Chunk, LineFeeder, LineHandlers, Record, event_of
from .skeleton import Skeleton
from .state import NodeState, Summary

__all__ = ["NodeState", "Record", "Replay", "Summary"]

Number = float | int


def _as_event(method: Callable[[Event], None], rec: Record) -> None:
    """A line read as a dictionary, made into its event for the visitor's method."""
    method(event_of(rec))


class Replay(EventVisitor[None]):
    """Per-node state after the events fed so far.

    Events reach it through the visitor's table (:mod:`tracer.visit`): as objects
    (:meth:`feed`, :meth:`feed_all`), or as the lines of a ``.jsonl`` trace
    (:meth:`feed_chunks`), whose expand, evaluate and backup lines are read without
    making event objects (their fields go straight to :meth:`_expand`, :meth:`_evaluate`
    and :meth:`_backup`); all go to the same code."""

    def __init__(self, header: Header, *, file: str = "<trace>",
                 memory_nodes: int | None = None) -> None:
        self.header = header
        self.file = file
        self.skeleton = Skeleton.from_header(header, file=file)
        skel = self.skeleton
        self._rules = WellFormed(header, file=file, tree={
            n.id: n.parent for n in skel.nodes.values()} if skel.from_tree else None)
        """The trace's rules (:mod:`tracer.wellformed`), checked as the events arrive."""
        self._check_expand = self._rules.expand
        self._check_evaluate = self._rules.evaluate
        self._check_backup = self._rules.backup
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
        self.compiled = False
        """The lines were read by the compiled scanner (:meth:`feed_chunks`)."""
        self._path: list[str] = []
        self._table = self.handlers_by_type()

    # feeding ----------------------------------------------------------------------------

    def feed_all(self, items: Iterable[Event | Result]) -> Replay:
        with paused_gc():
            table = self._table
            rules = self._rules
            for item in items:
                if isinstance(item, Result):
                    rules.result(item)
                    self.result = item
                else:
                    self.events += 1
                    rules.values(item)
                    table[item.type](item)
        return self

    def feed(self, ev: Event) -> None:
        self.events += 1
        self._rules.values(ev)
        self._table[ev.type](ev)

    def feed_chunks(self, chunks: Iterable[Chunk], *, limit: int | None = None,
                    too_long: Callable[[], NoReturn] | None = None,
                    compiled: bool | None = None) -> Replay:
        """Replay the lines of a ``.jsonl`` trace as read by
        :func:`tracer.render.read.reader.read_chunks`: the expand, evaluate and backup
        lines without a dictionary each when the compiled scanner is there (``compiled``
        None: unless ``GAMETRACE_PURE=1``), the others as :data:`Record` dictionaries.
        ``too_long`` is called when there are more than ``limit`` lines (the result's
        line counts), after the first ``limit`` were replayed."""
        feeder = LineFeeder(self.record_handlers(), self.line_handlers(), self.file,
                            compiled=compiled)
        self.compiled = feeder.compiled
        left = sys.maxsize if limit is None else limit
        with paused_gc():
            for chunk in chunks:
                got = feeder.feed(chunk, left)
                if got > left:
                    self.events += left
                    if too_long is not None:
                        too_long()
                    return self
                self.events += got  # the result's line takes itself off
                left -= got
        return self

    def line_handlers(self) -> LineHandlers:
        """The handlers of the events a big trace is made of, taking the fields as
        positional arguments (:class:`tracer.render.read.reader.LineFeeder`)."""
        return {Expand.type: self._expand, Evaluate.type: self._evaluate,
                Backup.type: self._backup}

    def record_handlers(self) -> dict[str, Callable[[Record], None]]:
        """The visitor's table by type name, for lines read as dictionaries: the events a
        big trace is made of (expand, evaluate, backup) are read from their fields; the
        others become event objects and go to their ``visit_`` method."""
        table: dict[str, Callable[[Record], None]] = {
            name: partial(_as_event, method)
            for name, method in self._table.items()}
        table.update(expand=self._expand_record, evaluate=self._evaluate_record,
                     backup=self._backup_record, result=self._result_record)
        return table

    def _result_record(self, rec: Record) -> None:
        self._rules.result(rec["result"])
        self.events -= 1
        self.result = rec["result"]

    def _expand_record(self, rec: Record) -> None:
        get = rec.get
        self._expand(rec["seq"], rec["node"], rec["parent"], rec["depth"], rec["player"],
                     rec["children"], get("value"), get("alpha"), get("beta"), get("label"),
                     get("moves"))

    def _evaluate_record(self, rec: Record) -> None:
        self._evaluate(rec["seq"], rec["node"], rec["parent"], rec["depth"], rec["player"],
                       rec["value"], rec["reason"], None, rec.get("label"))

    def _backup_record(self, rec: Record) -> None:
        get = rec.get
        self._backup(rec["seq"], rec["node"], rec["child"], rec["child_value"], rec["value"],
                     rec["best"], get("alpha"), get("beta"), exact=get("exact"))

    def _evaluate(self, seq: int, node: str, parent: str | None, depth: int, player: str,
                  value: Number, reason: str, score: Number | None = None,
                  label: str | None = None) -> None:
        """An evaluate event's fields, in the order of :class:`Evaluate`'s."""
        self._check_evaluate(seq, node, parent, depth)
        if self._enter(node, parent, depth, seq):
            self.skeleton.learn_evaluate(node, parent, depth, player, label, file=self.file)
            st = self.states[node]
            st.value, st.reason = value, reason

    def _backup(self, seq: int, node: str, child: str, child_value: Number, value: Number,
                best: str | None, alpha: Number | None = None, beta: Number | None = None,
                score: Number | None = None, prob: float | None = None,
                exact: str | None = None) -> None:
        """A backup event's fields, in the order of :class:`Backup`'s."""
        self._check_backup(seq, node, child, best)
        states = self.states
        st = states.get(node)
        if st is None:
            return
        # an exact value ("11/3") is drawn as the fraction it is
        st.value, st.best = (value if exact is None else _exact(exact, value)), best
        if alpha is not None:
            st.alpha = alpha
        if beta is not None:
            st.beta = beta
        kid = states.get(child)
        if kid is not None:
            # what the child returned is its value (its own exact value, when it has one)
            if not (type(kid.value) is Fraction and float(kid.value) == child_value):
                kid.value = child_value
            kid.returned = True

    # the events -------------------------------------------------------------------------

    def visit_expand(self, ev: Expand) -> None:
        self._expand(ev.seq, ev.node, ev.parent, ev.depth, ev.player, ev.children, ev.value,
                     ev.alpha, ev.beta, ev.label, ev.moves)

    def visit_evaluate(self, ev: Evaluate) -> None:
        self._evaluate(ev.seq, ev.node, ev.parent, ev.depth, ev.player, ev.value, ev.reason,
                       None, ev.label)

    def visit_backup(self, ev: Backup) -> None:
        self._backup(ev.seq, ev.node, ev.child, ev.child_value, ev.value, ev.best, ev.alpha,
                     ev.beta, exact=ev.exact)

    def _expand(self, seq: int, node: str, parent: str | None, depth: int, player: str,
                children: Sequence[str], value: Number | None = None,
                alpha: Number | None = None, beta: Number | None = None,
                label: str | None = None, moves: Sequence[str] | None = None,
                probs: object = None) -> None:
        """An expand event's fields, in the order of :class:`Expand`'s."""
        self._check_expand(seq, node, parent, depth, children)
        nid = node
        if not self._enter(nid, parent, depth, seq):
            return
        cap = self.cap
        self.skeleton.learn_expand(nid, parent, depth, player, children, label, moves, seq=seq,
                                   keep_children=cap is None or depth < cap, file=self.file)
        st = self.states[nid]
        st.value, st.alpha0, st.beta0 = value, alpha, beta
        st.alpha, st.beta = alpha, beta
        if self.memory_nodes is not None:
            self._check_memory()

    def visit_cut(self, ev: Cut) -> None:
        self._rules.event(ev)
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

    def visit_generate(self, ev: Generate) -> None:
        """A*: a node hangs under the node it was generated from."""
        self._rules.event(ev)
        self.skeleton.learn_generate(ev)
        st = self._get(ev.node)
        st.value, st.g, st.h = ev.f, ev.g, ev.h

    def visit_select(self, ev: Select) -> None:
        self._rules.event(ev)
        self.visits += 1
        st = self._get(ev.node)
        st.visited, st.order = True, ev.number
        if ev.f is not None:
            st.value = ev.f

    def visit_discard(self, ev: Discard) -> None:
        self._rules.event(ev)
        self._get(ev.node).pruned_by = ev.existing

    def visit_goal(self, ev: Goal) -> None:
        self._rules.event(ev)
        self.goal = ev.path

    def visit_status(self, ev: Status) -> None:
        """AND/OR labels."""
        self._rules.event(ev)
        st = self._get(ev.node)
        st.solved, st.because = ev.status, ev.because

    def visit_numbers(self, ev: Numbers) -> None:
        self._rules.event(ev)
        st = self._get(ev.node)
        st.proof, st.disproof = ev.proof, ev.disproof
        self.numbers = True

    def visit_transposition(self, ev: Transposition) -> None:
        self._rules.event(ev)
        if ev.kind == "hit":
            self._hit(ev)

    def visit_iteration(self, ev: Iteration) -> None:
        self._rules.event(ev)
        self.iterations.append(ev)

    def visit_event(self, ev: Event) -> None:
        """Move-ordering events change nothing drawn: the expand that follows lists the
        children in their new order."""
        self._rules.event(ev)

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

    def _enter(self, nid: str, parent: str | None, depth: int, seq: int) -> bool:
        """A node is expanded or evaluated; True when its level is kept in memory."""
        if depth > MAX_PLY:  # the path below would hold that many entries
            raise InputError(said("node {node!r} is at depth {depth:,}, deeper than any search "
                                  "goes (at most {most:,} plies)", node=nid, depth=depth,
                                  most=MAX_PLY), file=self.file, where=f"event {seq}")
        if depth < 0:
            raise InputError(said("node {node!r} is at depth {depth:,}: expected 0 (the root) "
                                  "or more", node=nid, depth=depth), file=self.file,
                             where=f"event {seq}")
        states = self.states
        st = states.get(nid)
        if st is not None and st.searched:
            self._forget(nid)
            st = states.get(nid)
        self.visits += 1
        path = self._path
        kept = len(path)
        if kept == depth + 1:  # the next sibling: the search has left the previous one
            left = states.get(path[depth])
            if left is not None:
                left.returned = True
            path[depth] = nid
        elif kept > depth:  # depth-first: the search has left these nodes
            for done in path[depth:]:
                left = states.get(done)
                if left is not None:
                    left.returned = True
            del path[depth:]
            path.append(nid)
        else:
            while len(path) < depth:  # an event skipped a level: keep the path's shape
                path.append(parent or "")
            path.append(nid)
        cap = self.cap
        if cap is None or depth <= cap:
            if st is None:
                st = states[nid] = NodeState()
            st.visited = st.searched = True
            st.order = self.visits
            return True
        anchor = path[cap]  # the node on the path at the deepest kept level
        summary = self.summaries.get(anchor)
        if summary is None:
            summary = self.summaries[anchor] = Summary()
        summary.nodes += 1
        return False

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

    def _anchor_summary(self) -> Summary:
        cap = self.cap if self.cap is not None else len(self._path) - 1
        path = self._path
        anchor = path[min(cap, len(path) - 1)] if path else self.skeleton.root
        found = self.summaries.get(anchor)
        if found is None:
            found = self.summaries[anchor] = Summary()
        return found

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


def _exact(text: str, value: Number) -> Number | Fraction:
    """The fraction ``text`` stands for, when ``value`` is its float; else ``value`` (a
    trace written by hand may disagree with itself: the number wins)."""
    if len(text) > 700:  # the schema's longest; a megabyte of digits is no value
        return value
    try:
        exact = fraction_number(text)  # as every number is read: "٣/٤" is no fraction
    except BadNumber:
        return value
    return exact if float(exact) == value else value
