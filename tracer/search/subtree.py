"""A subtree of a search as a trace of its own: re-rooted, with its result and a header
that says where it was cut from (what :mod:`tracer.search.capture` writes), and the
same subtree cut out of a full trace (what the tests compare a capture with).

A capture is re-rooted (:func:`reroot`): its first event is its node's, whose parent
becomes none and whose ply becomes 0 (every ply below shifted alike), and its events are
numbered from 1; its header's ``capture`` block says where it was cut from: the move
path, the node's id and ply in the whole search, and the window it was searched with.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..events import Backup, Cut, Evaluate, Event, Expand, Reorder
from ..header import Header, Number, Result, Stats
from ..jsonio import encode_number
from ..record import FULL
from ..trace import Trace
from ..visit import EventVisitor

__all__ = ["Members", "captured_trace", "clamped", "cut_subtree", "event_size", "owner", "reroot",
           "subtree_result"]


class _Reroot(EventVisitor[Event]):
    """Each event renumbered (``seq``), the root's parent none, plies less ``ply``."""

    def __init__(self, node: str, ply: int) -> None:
        self.node, self.ply, self.seq = node, ply, 0

    def visit_expand(self, ev: Expand) -> Event:
        return replace(ev, seq=self.seq, depth=ev.depth - self.ply,
                       parent=None if ev.node == self.node else ev.parent)

    def visit_evaluate(self, ev: Evaluate) -> Event:
        return replace(ev, seq=self.seq, depth=ev.depth - self.ply,
                       parent=None if ev.node == self.node else ev.parent)

    def visit_event(self, ev: Event) -> Event:
        return replace(ev, seq=self.seq)


def reroot(events: Sequence[Event], node: str, ply: int) -> list[Event]:
    """The events of ``node``'s subtree as a trace of their own: numbered from 1, the
    node's parent none, every ply less ``ply``."""
    visitor = _Reroot(node, ply)
    table = visitor.handlers()
    out: list[Event] = []
    for i, ev in enumerate(events, 1):
        visitor.seq = i
        out.append(table[ev.__class__](ev))
    return out


def clamped(value: Number, window: Expand) -> Number:
    """Fail-hard's value of a node (Pearl 1984, p. 234): its last backed-up bound,
    within the window it was searched with.  A cut by its last child leaves no cut
    event, and the node then returns the window's edge."""
    low, high = window.alpha, window.beta
    assert low is not None and high is not None
    return min(max(value, low), high)


class _Fold(EventVisitor[None]):
    """What a subtree's events add up to: each node's last value and best child, the
    counts, and the root's window."""

    def __init__(self, root: str) -> None:
        self.root = root
        self.value: dict[str, Number] = {}
        self.best: dict[str, str | None] = {}
        self.expanded = self.evaluated = self.cuts = self.pruned = self.deepest = 0
        self.opened = False
        self.window: Expand | None = None
        """The root's expand, when it is the subtree's first node event with a window."""

    def visit_expand(self, ev: Expand) -> None:
        if not self.opened and ev.node == self.root and ev.alpha is not None:
            self.window = ev
        self.opened = True
        self.expanded += 1
        self.deepest = max(self.deepest, ev.depth)

    def visit_evaluate(self, ev: Evaluate) -> None:
        self.opened = True
        self.evaluated += 1
        self.deepest = max(self.deepest, ev.depth)
        self.value[ev.node] = ev.value

    def visit_backup(self, ev: Backup) -> None:
        self.value[ev.node], self.best[ev.node] = ev.value, ev.best

    def visit_cut(self, ev: Cut) -> None:
        self.cuts += 1
        self.pruned += len(ev.pruned)
        self.value[ev.node] = ev.value

    def visit_event(self, ev: Event) -> None:
        pass


def _fold(events: Sequence[Event], root: str) -> _Fold:
    fold = _Fold(root)
    fold.walk(events)
    return fold


def subtree_result(events: Sequence[Event], root: str, *, hard: bool = False,
                   stopped: str | None = None) -> Result:
    """The result of a re-rooted subtree's events: the root's last value, the best
    children from it down, and the counts; ``hard``: fail-hard, the value within the
    root's window."""
    fold = _fold(events, root)
    value, best = fold.value, fold.best
    pv = [root]
    while (nxt := best.get(pv[-1])) is not None and len(pv) <= len(best):
        pv.append(nxt)
    stats = Stats(nodes_expanded=fold.expanded, leaves_evaluated=fold.evaluated,
                  cuts=fold.cuts, children_pruned=fold.pruned, max_depth=fold.deepest)
    done = stopped is None and root in value
    if done and hard and fold.window is not None:
        value[root] = clamped(value[root], fold.window)
    return Result(value=value.get(root) if done else None,
                  move=pv[1] if done and len(pv) > 1 else None,
                  pv=tuple(pv) if done else (), stats=stats, complete=done,
                  stopped=stopped if stopped is not None or done else FULL)


def captured_trace(header: Header, events: Sequence[Event], *, node: str, ply: int,
                   path: Sequence[str], source: dict[str, Any] | None,
                   stopped: str | None = None, **block: Any) -> Trace:
    """A capture as a trace: ``events`` (not yet re-rooted) under the whole search's
    ``header``, with the ``capture`` block (``block`` adds to it)."""
    rooted = reroot(events, node, ply)
    options = dict(header.options)
    if isinstance(options.get("depth"), int):
        options["depth"] = max(0, options["depth"] - ply)
    window = _fold(rooted, node).window
    capture = {"path": list(path), "node": node, "depth": ply,
               "window": None if window is None else {
                   "alpha": encode_number(window.alpha),  # type: ignore[arg-type]
                   "beta": encode_number(window.beta)},  # type: ignore[arg-type]
               **block}
    head = Header(header.algorithm, header.variant, node, options,
                  header.source if source is None else source, capture=capture)
    hard = (header.algorithm, header.variant) == ("alphabeta", "fail-hard")
    return Trace(head, rooted, subtree_result(rooted, node, hard=hard, stopped=stopped))


class _Of(EventVisitor[bool]):
    """Whether an event is one of ``node``'s own (no event is, unless a subclass says)."""

    def __init__(self, node: str) -> None:
        self.node = node

    def visit_event(self, ev: Event) -> bool:
        return False


class _Opens(_Of):
    """Whether an event opens ``node`` (its expand or its evaluation)."""

    def visit_expand(self, ev: Expand) -> bool:
        return ev.node == self.node

    def visit_evaluate(self, ev: Evaluate) -> bool:
        return ev.node == self.node


class _Leads(_Of):
    """Whether an event is ``node``'s own before its expand: the order of its children."""

    def visit_reorder(self, ev: Reorder) -> bool:
        return ev.node == self.node


class Members(EventVisitor[None]):
    """The nodes of a subtree, as its expands list them."""

    def __init__(self, node: str) -> None:
        self.nodes = {node}

    def visit_expand(self, ev: Expand) -> None:
        self.nodes.update(ev.children)

    def visit_event(self, ev: Event) -> None:
        pass


def owner(event: Event) -> str:
    """The node an event is about (every event type but the base names one)."""
    node: str = event.node  # type: ignore[attr-defined]
    return node


def cut_subtree(trace: Trace, node: str) -> list[Event]:
    """The events of ``node``'s last search in a full trace (not re-rooted): from its
    expand or evaluate to the last event of its subtree."""
    events = trace.events
    opens = _Opens(node).handlers()
    start = None
    for i, ev in enumerate(events):
        if opens[ev.__class__](ev):
            start = i
    if start is None:
        return []
    leads = _Leads(node).handlers()
    while start > 0 and leads[events[start - 1].__class__](events[start - 1]):
        start -= 1  # the order of the node's children, given before its expand
    members = Members(node)
    table = members.handlers()
    out: list[Event] = []
    for ev in events[start:]:
        if owner(ev) not in members.nodes:
            break
        table[ev.__class__](ev)
        out.append(ev)
    return out


def event_size(event: Event) -> int:
    text = event.to_line()
    return (len(text) if text.isascii() else len(text.encode("utf-8"))) + 1
