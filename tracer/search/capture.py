"""Triggered capture: record one subtree of a search, or every subtree where a condition
holds, as ordinary traces (``gametrace run --capture PATH``, ``--capture-when COND``).

:class:`PathCapture` gates a run: the search builds no event until it enters the node
the move path reaches, records that node's subtree, and stops building events when it
leaves it; elsewhere it only counts (nodes per ply, and the run's own totals).  A node
searched more than once (iterative deepening, a PVS re-search) is captured as its last
search.  :class:`WhenCapture` records every event but keeps only those of the open nodes
that may still match, within a byte budget, and hands each subtree that matches, when
its node is left, to a sink.

A capture is re-rooted (:func:`reroot`): its first event is its node's, whose parent
becomes none and whose ply becomes 0 (every ply below shifted alike), and its events are
numbered from 1; its header's ``capture`` block says where it was cut from: the move
path, the node's id and ply in the whole search, and the window it was searched with.
:func:`cut_subtree` cuts the same subtree out of a full trace, which is how the tests
check a capture.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..errors import UsageError
from ..events import Backup, Cut, Evaluate, Event, Expand, Reorder
from ..header import Header, Number, Result, Stats
from ..jsonio import encode_number
from ..record import FULL, Stopped
from ..trace import Trace
from ..visit import EventVisitor
from .switch import Switch

if TYPE_CHECKING:  # the run and the game are annotations here
    from ..games.base import Game
    from .common import Run
    from .condition import Condition

__all__ = ["CAPTURED", "PathCapture", "Target", "WhenCapture", "cut_subtree",
           "resolve_path", "reroot", "subtree_result"]

CAPTURED = {"minimax": ("two-function", "negamax"),
            "alphabeta": ("fail-soft", "fail-hard", "negamax", "slide-002"),
            "expectiminimax": ("plain", "star1"),
            "enhanced": ("fail-soft", "pvs", "mtdf")}
"""The searches a capture gates: those that search depth first, one node at a time (the
list procedures and the proof searches do not)."""

SourceOf = Callable[[str, Sequence[str]], dict[str, Any]]
"""The header's ``source`` of a capture rooted at a node id reached by a move path (a
tree's subtree, or the game's block and the path)."""

Classify = Callable[[str], str]
"""The class of a move, from its name (chess: capture, check, promotion, quiet)."""


def check_captured(algorithm: str, variant: str, *, option: str) -> None:
    """Refuse a search a capture cannot gate, naming those it can."""
    if variant not in CAPTURED.get(algorithm, ()):
        known = "; ".join(f"{a} {', '.join(v)}" for a, v in CAPTURED.items())
        raise UsageError(f"{option} captures a depth-first search ({known}), not "
                         f"{algorithm} {variant}")


@dataclass(frozen=True)
class Target:
    """The node a move path reaches from the root."""

    path: tuple[str, ...]
    """The moves, as the game names them."""
    node: str
    """Its node id in the search (a tree's node name, or the move path)."""
    ply: int
    """Its ply (the number of moves)."""
    state: Any
    """Its position."""


def resolve_path(game: Game[Any, Any], state: Any, text: str) -> Target:
    """The node the move path ``text`` reaches from ``state``: moves separated by ``/``
    (``e4/e5/Nf3``, ``B/E``), each as ``move_name`` names it."""
    moves = tuple(m.strip() for m in text.strip().strip("/").split("/"))
    if not text.strip().strip("/") or any(not m for m in moves):
        raise UsageError(f"--capture {text!r}: expected moves separated by '/' (e.g. "
                         "e4/e5 or B/E), at least one")
    named = game.capabilities.named_nodes
    node = str(game.node_id(state)) if named else "root"
    for i, move in enumerate(moves):
        where = "the root" if i == 0 else f"{'/'.join(moves[:i])}"
        if game.is_terminal(state):
            raise UsageError(f"--capture {text!r}: {where} is a leaf: there is no move "
                             f"{move!r}")
        actions = list(game.actions(state))
        names = [str(game.move_name(state, a)) for a in actions]
        if move not in names:
            from ..choices import nearest

            guess = nearest(move, names)
            hint = "" if guess is None else f"; did you mean {guess!r}?"
            raise UsageError(f"--capture {text!r}: no move {move!r} at {where} (moves "
                             f"there: {', '.join(names) or 'none'}){hint}")
        child = game.result(state, actions[names.index(move)])
        node = str(game.node_id(child)) if named else (
            move if node == "root" else f"{node}/{move}")
        state = child
    return Target(moves, node, len(moves), state)


# Re-rooting ----------------------------------------------------------------------------

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


def _clamped(value: Number, window: Expand) -> Number:
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
        value[root] = _clamped(value[root], fold.window)
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


class _Opens(EventVisitor[bool]):
    """Whether an event opens ``node`` (its expand or its evaluation)."""

    def __init__(self, node: str) -> None:
        self.node = node

    def visit_expand(self, ev: Expand) -> bool:
        return ev.node == self.node

    def visit_evaluate(self, ev: Evaluate) -> bool:
        return ev.node == self.node

    def visit_event(self, ev: Event) -> bool:
        return False


class _Leads(EventVisitor[bool]):
    """Whether an event is ``node``'s own before its expand: the order of its children."""

    def __init__(self, node: str) -> None:
        self.node = node

    def visit_reorder(self, ev: Reorder) -> bool:
        return ev.node == self.node

    def visit_event(self, ev: Event) -> bool:
        return False


class _Members(EventVisitor[None]):
    """The nodes of a subtree, as its expands list them."""

    def __init__(self, node: str) -> None:
        self.nodes = {node}

    def visit_expand(self, ev: Expand) -> None:
        self.nodes.update(ev.children)

    def visit_event(self, ev: Event) -> None:
        pass


def _owner(event: Event) -> str:
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
    members = _Members(node)
    table = members.handlers()
    out: list[Event] = []
    for ev in events[start:]:
        if _owner(ev) not in members.nodes:
            break
        table[ev.__class__](ev)
        out.append(ev)
    return out


def _size(event: Event) -> int:
    text = event.to_line()
    return (len(text) if text.isascii() else len(text.encode("utf-8"))) + 1


# --capture PATH ------------------------------------------------------------------------

class PathCapture(Switch):
    """Records the subtree of one node (its last search), counting everywhere else."""

    def __init__(self, target: Target, *, max_bytes: int | None = None) -> None:
        self.target = target
        self.max_bytes = max_bytes
        self.header: Header | None = None
        self.result: Result | None = None
        self.events: list[Event] = []
        """The subtree's events, as the search numbered them."""
        self.searched = 0
        """How many times the node was searched (the capture is the last)."""
        self.inner: list[int] = []
        """Inner nodes per ply, over the whole search."""
        self.leaves: list[int] = []
        """Leaves per ply, over the whole search."""
        self.stopped: str | None = None
        """Why the capture is incomplete (the search stopped inside it, or it outgrew
        its budget)."""
        self._members = _Members(target.node)
        self._grow = self._members.handlers()
        self._inside = False
        self._left = 0
        self._run: Run | None = None

    def attach(self, run: Run) -> None:
        self._run = run
        leaf, opened, scored = run.leaf, run.opened, run.scored
        node, ply0 = self.target.node, self.target.ply
        inner, leaves = self.inner, self.leaves

        def gated_leaf(state: Any, node_id: Any, parent: Any, ply: int, *,
                       negamax: bool = False) -> float | None:
            if ply <= ply0:
                if self._inside:
                    self._leave()
                if ply == ply0 and node_id == node:
                    self._enter()
            return leaf(state, node_id, parent, ply, negamax=negamax)

        def counted_opened(ply: int) -> None:
            opened(ply)
            if ply >= len(inner):
                inner.extend([0] * (ply + 1 - len(inner)))
            inner[ply] += 1

        def counted_scored(ply: int) -> None:
            scored(ply)
            if ply >= len(leaves):
                leaves.extend([0] * (ply + 1 - len(leaves)))
            leaves[ply] += 1

        run.leaf = gated_leaf  # type: ignore[method-assign]
        run.opened = counted_opened  # type: ignore[method-assign]
        run.scored = counted_scored  # type: ignore[method-assign]

    def _enter(self) -> None:
        assert self._run is not None
        self.searched += 1
        self.events = []
        self.stopped = None
        self._members = _Members(self.target.node)
        self._grow = self._members.handlers()
        self._left = self.max_bytes if self.max_bytes is not None else -1
        self._inside = True
        self._run.on = True

    def _leave(self) -> None:
        assert self._run is not None
        self._inside = False
        self._run.on = False

    def start(self, header: Header) -> None:
        assert self._run is not None, "a capture records a search's run (attach first)"
        self.header = header
        self._run.on = False

    def emit(self, event: Event) -> None:
        if not self._inside or _owner(event) not in self._members.nodes:
            self._leave()  # the node's parent goes on: its subtree is done
            return
        self._grow[event.__class__](event)
        if self.max_bytes is not None:
            self._left -= _size(event)
            if self._left < 0:
                self.stopped = FULL
                self._leave()
                raise Stopped(FULL)
        self.events.append(event)

    def finish(self, result: Result) -> None:
        if self._inside:
            self._leave()
            if result.stopped is not None:
                self.stopped = result.stopped
        self.result = result

    def counts(self) -> dict[str, Any]:
        """What the whole search did: its result and the nodes at each ply."""
        assert self.result is not None
        plies = max(len(self.inner), len(self.leaves))
        inner = self.inner + [0] * (plies - len(self.inner))
        leaves = self.leaves + [0] * (plies - len(self.leaves))
        return {**self.result.to_json(),
                "depths": [{"depth": d, "inner": i, "leaves": n}
                           for d, (i, n) in enumerate(zip(inner, leaves, strict=True))]}

    def trace(self, source: dict[str, Any] | None) -> Trace:
        """The captured subtree as a trace; ``source``: the header's (None: the whole
        search's)."""
        if self.header is None or self.result is None:
            raise RuntimeError("nothing captured yet: run a search with this recorder")
        target = self.target
        if self.searched == 0:
            from ..errors import TracerError

            raise TracerError(f"the search never reached node {target.node}: nothing "
                              "captured")
        return captured_trace(self.header, self.events, node=target.node, ply=target.ply,
                              path=target.path, source=source, stopped=self.stopped,
                              searched=self.searched, search=self.counts())


# --capture-when COND --------------------------------------------------------------------

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
            if _owner(earlier) != ev.node:
                break
            lead.append(earlier)
        lead.reverse()
        self._pending.clear()
        start = self._count - len(lead)
        lead_size = sum(_size(e) for e in lead)
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
            value = _clamped(value, frame.window)
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
            self._bytes += _size(event)
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
