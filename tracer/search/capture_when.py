"""``gametrace run --capture-when COND``: the subtree of every node where a condition holds,
each a trace of its own (see :mod:`tracer.search.capture` for ``--capture PATH``).

Whether a node matches is known only when it is left, so :class:`WhenCapture` records
every event and keeps those of the open nodes that may still match (a node that cannot,
from what is known when it is entered, is never kept), within a byte budget: past it the
outermost of them are given up, and counted if they match.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..events import Backup, Cut, Evaluate, Event, Expand, Reorder
from ..header import Header, Number, Result
from ..jsonio import encode_number
from ..trace import Trace
from ..visit import EventVisitor
from .subtree import captured_trace, clamped, event_size, owner

if TYPE_CHECKING:  # the condition is an annotation here
    from .condition import Condition

__all__ = ["Classify", "SourceOf", "Tally", "WhenCapture"]

SourceOf = Callable[[str, Sequence[str]], dict[str, Any]]
"""The header's ``source`` of a capture rooted at a node id reached by a move path (a
tree's subtree, or the game's block and the path)."""

Classify = Callable[[str], str]
"""The class of a move, from its name (chess: capture, check, promotion, quiet)."""


class _Frame:
    """A node open in a :class:`WhenCapture`."""

    __slots__ = ("candidate", "children", "cutting", "dropped", "fields", "node", "nodes",
                 "parent", "size", "start", "value", "window")

    def __init__(self, node: str, parent: str | None, start: int, size: int, nodes: int,
                 children: tuple[str, ...], fields: dict[str, Any]) -> None:
        self.node, self.parent, self.start, self.size, self.nodes = (node, parent, start,
                                                                     size, nodes)
        self.children = children
        self.fields = fields
        self.candidate = False
        """May still match and its events are all kept."""
        self.dropped = False
        """Was a candidate, until the budget dropped its events."""
        self.cutting: Cut | None = None
        """Its cut event, when it cut."""
        self.value: Number | None = None
        self.window: Expand | None = None
        """Its expand, when it has a window."""


Sink = Callable[[Trace], None]


@dataclass
class Tally:
    """What a :class:`WhenCapture` found."""

    matched: int = 0
    """Nodes where the condition held."""
    written: int = 0
    """Captures handed to the sink (the first ``captures``)."""
    beyond: int = 0
    """Matches past the first ``captures``, not written."""
    over_budget: int = 0
    """Matches whose subtree outgrew the budget, dropped."""


class WhenCapture(EventVisitor[None]):
    """Records every event, keeps those of open nodes that may match, and hands each
    matching subtree to ``sink`` when its node is left (the first ``captures`` of them,
    in the order their nodes are left: children before parents)."""

    enabled = True

    def __init__(self, condition: Condition, *, sink: Sink, captures: int, max_bytes: int,
                 named: bool, classify: Classify | None = None,
                 source_of: SourceOf | None = None) -> None:
        self.condition = condition
        self.sink = sink
        self.captures = captures
        self.max_bytes = max_bytes
        self.named = named
        self.classify = classify
        self.source_of = source_of
        self.tally = Tally()
        self.header: Header | None = None
        self._stack: list[_Frame] = []
        self._open: set[str] = set()
        self._buf: list[Event] = []
        self._base = 0
        """The index (in the whole search's events) of ``_buf[0]``."""
        self._count = 0
        self._bytes = 0
        """The size of every event kept so far."""
        self._base_bytes = 0
        self._nodes = 0
        self._candidates = 0
        self._hard = False
        self._pending: list[Event] = []
        """The order events (``Reorder``) just before the next expand: those of the
        node it opens are the first of its subtree."""
        self._table = self.handlers()

    def start(self, header: Header) -> None:
        self.header = header
        self._hard = (header.algorithm, header.variant) == ("alphabeta", "fail-hard")

    def _move(self, parent: str | None, node: str) -> str:
        if self.named or parent is None or parent == "root":
            return node
        return node[len(parent) + 1:]

    def _class(self, parent: str | None, node: str) -> str | None:
        if self.classify is None or parent is None:
            return None
        return self.classify(self._move(parent, node))

    def _open_node(self, ev: Expand | Evaluate, children: tuple[str, ...],
                   window: Expand | None, value: Number | None) -> None:
        stack = self._stack
        if ev.node in self._open:  # searched again (iterative deepening): a new search
            while stack[-1].node != ev.node:
                self._close(stack[-1])
            self._close(stack[-1])
        while stack and stack[-1].node != ev.parent:  # left without a backup
            self._close(stack[-1])
        fields: dict[str, Any] = {
            "depth": ev.depth, "player": ev.player, "children": len(children),
            "alpha": None if window is None else window.alpha,
            "beta": None if window is None else window.beta,
            "class": self._class(ev.parent, ev.node)}
        # the order of its children, given just before its expand, is the first event
        # of its subtree, as in a path capture
        lead: list[Event] = []
        for earlier in reversed(self._pending):
            if owner(earlier) != ev.node:
                break
            lead.append(earlier)
        lead.reverse()
        self._pending.clear()
        start = self._count - len(lead)
        lead_size = sum(event_size(e) for e in lead)
        frame = _Frame(ev.node, ev.parent, start, self._bytes - lead_size, self._nodes,
                       children, fields)
        if self.condition.decided(fields) is not False:
            frame.candidate = True
            if self._candidates == 0:  # nothing kept before: keep from the lead on
                self._buf[:] = lead
                self._base, self._base_bytes = start, self._bytes - lead_size
            self._candidates += 1
        frame.value, frame.window = value, window
        self._nodes += 1
        stack.append(frame)
        self._open.add(ev.node)

    def visit_expand(self, ev: Expand) -> None:
        self._open_node(ev, ev.children, ev if ev.alpha is not None else None, None)

    def visit_evaluate(self, ev: Evaluate) -> None:
        self._open_node(ev, (), None, ev.value)

    def visit_backup(self, ev: Backup) -> None:
        self._pending.clear()
        stack = self._stack
        if ev.child in self._open:
            while stack[-1].node != ev.child:
                self._close(stack[-1])
            self._close(stack[-1])
        if stack and stack[-1].node == ev.node:
            stack[-1].value = ev.value

    def visit_cut(self, ev: Cut) -> None:
        self._pending.clear()
        if self._stack and self._stack[-1].node == ev.node:
            self._stack[-1].cutting = ev
            self._stack[-1].value = ev.value

    def visit_reorder(self, ev: Reorder) -> None:
        self._pending.append(ev)

    def visit_event(self, ev: Event) -> None:
        self._pending.clear()  # a table's answer or store, an iteration's end

    def _close(self, frame: _Frame) -> None:
        popped = self._stack.pop()
        assert popped is frame
        self._open.discard(frame.node)
        cut = frame.cutting
        fields = dict(frame.fields)
        value = frame.value
        if self._hard and value is not None and frame.window is not None:
            value = clamped(value, frame.window)
        fields.update({
            "nodes": self._nodes - frame.nodes, "value": value,
            "pruned": 0 if cut is None else len(cut.pruned),
            "cut.rank": None if cut is None else frame.children.index(cut.after) + 1,
            "cut.kind": None if cut is None else cut.kind,
            "cut.class": None if cut is None else self._class(frame.node, cut.after)})
        if self.condition.holds(fields):
            self.tally.matched += 1
            if frame.candidate:
                if self.tally.written < self.captures:
                    self._write(frame, fields)
                else:
                    self.tally.beyond += 1
            elif frame.dropped:
                self.tally.over_budget += 1
        if frame.candidate:
            self._candidates -= 1
            if self._candidates == 0:
                self._buf.clear()
                self._base, self._base_bytes = self._count, self._bytes

    def _write(self, frame: _Frame, fields: dict[str, Any]) -> None:
        assert self.header is not None
        events = self._buf[frame.start - self._base:]
        path = [self._move(f.parent, f.node) for f in self._stack[1:]]
        if frame.parent is not None:
            path.append(self._move(frame.parent, frame.node))
        shown = {k: v if type(v) is str else encode_number(v)
                 for k, v in fields.items() if v is not None}
        source = None if self.source_of is None else self.source_of(frame.node, path)
        self.tally.written += 1
        self.sink(captured_trace(self.header, events, node=frame.node,
                                 ply=int(fields["depth"]), path=path, source=source,
                                 when=self.condition.text, fields=shown))

    def emit(self, event: Event) -> None:
        self._table[event.__class__](event)
        self._count += 1
        if self._candidates:
            self._buf.append(event)
            self._bytes += event_size(event)
            if self._bytes - self._base_bytes > self.max_bytes:
                self._drop()

    def _drop(self) -> None:
        """Drop the outermost candidates until the kept events fit the budget."""
        while self._candidates and self._bytes - self._base_bytes > self.max_bytes:
            outer = next(f for f in self._stack if f.candidate)
            outer.candidate, outer.dropped = False, True
            self._candidates -= 1
            nxt = next((f for f in self._stack if f.candidate), None)
            start, size = (self._count, self._bytes) if nxt is None else (nxt.start, nxt.size)
            del self._buf[:start - self._base]
            self._base, self._base_bytes = start, size

    def finish(self, result: Result) -> None:
        if result.complete:
            while self._stack:
                self._close(self._stack[-1])
        self._stack.clear()
        self._buf.clear()
