"""The nodes a search wasted through its move ordering, read from its trace in one pass.

**The ideal tree.**  Knuth & Moore (1975) show that alpha-beta with the best move first at
every node visits the *minimal tree*: the principal variation (PV) node searches all its
children, the best first; every other node is searched against one bound, the root's
value ``t``: a *cut* node needs one child that refutes it (one whose value passes the
cut test against ``t``), an *all* node needs every child.  A node below a MAX node of the
PV is searched with the window ``(t, +inf)`` (``lo``), one below a MIN node with
``(-inf, t)`` (``hi``); the bound passes down unchanged.

The ideal tree here is that minimal tree cut out of the *recorded* tree: the roles come
from the recorded values (each child's value as its parent backed it up, the PV child
being the recorded best child, ``t`` the recorded root value), a cut node keeps its
cheapest recorded refuter, an all node and a PV node keep every recorded child, and
every subtree below is taken as recorded.  It needs nothing but the trace.

* ``ideal(n)``: the nodes of the ideal tree under ``n`` (``n`` included) in its role;
* ``waste(n) = searched(n) - ideal(n)``: the nodes under ``n`` a best-first ordering would
  not have searched, *the nodes wasted under n*; never negative, since the ideal tree is
  a part of the recorded one;
* ``local(n)``: the nodes under the children ``n`` searched but the ideal tree drops (all
  of them but the refuter at a cut node): the waste of ``n``'s own ordering.  The sum
  rule: ``waste(n) = local(n) + sum(waste(c) for c kept)``, so ``waste(root)`` is the sum
  of ``local`` over the ideal tree.

What the trace cannot say is not counted: a child the recorded search pruned is in no
tree here, and a subtree is taken at its recorded size although a different window
would have cut it differently.  With the best ordering the ideal tree is the recorded
tree (no waste); with the worst ordering of a uniform tree with distinct leaves the
waste is minimax's nodes less the Knuth-Moore minimal tree's.

The reading keeps, per open node, its children's summaries (one stack frame per ply) and
the ``worst`` nodes so far in each role; the picture's nodes (``keep_depth``) are the
only part of the tree kept whole.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...errors import InputError
from ...events import Backup, Cut, Evaluate, Event, Expand, Iteration, Reorder, Transposition
from ...header import Header
from ...numbers import Number
from ...said import said
from ...visit import EventVisitor
from .. import not_open, opened_without_parent

__all__ = ["ROLES", "Child", "Kept", "Summary", "WasteReader", "Worst"]

ROLES = ("pv", "lo", "hi")
"""A node's role in the ideal tree: on the principal variation, or off it searched
against the root's value from below (``lo``: window (t, +inf)) or above (``hi``)."""

WORST = 10
"""How many worst nodes a reading lists."""


@dataclass(frozen=True)
class Child:
    """One child of a worst node, as its diagram shows it."""

    move: str
    """The move to it (its name in the trace)."""
    rank: int
    """Its place in the recorded search order, from 1."""
    nodes: int
    """The nodes searched under it, itself included."""
    value: Number
    """The value it backed up to its parent."""
    kept: bool
    """Whether the ideal tree keeps it."""

    def to_json(self) -> dict[str, Any]:
        from ...jsonio import encode_number

        return {"move": self.move, "rank": self.rank, "nodes": self.nodes,
                "value": encode_number(self.value), "kept": self.kept}


@dataclass(frozen=True)
class Worst:
    """A node whose own ordering wasted nodes (``local > 0``)."""

    node: str
    """Its id in the trace."""
    path: tuple[str, ...]
    """The moves from the root to it."""
    player: str
    """``max`` or ``min``."""
    role: str
    """Its role in the ideal tree (``pv``, ``lo``, ``hi``; a node that wastes is a cut
    node, so never ``pv``)."""
    nodes: int
    """The nodes searched under it, itself included."""
    local: int
    """The nodes under the children its ordering should not have searched."""
    refuter: str
    """The move the ideal tree keeps: the cheapest child that refutes it."""
    refuter_rank: int
    """That move's place in the recorded order, from 1."""
    cut: str | None
    """The move after which the recorded search cut here (``None``: it did not cut)."""
    cut_rank: int | None
    """That move's place in the recorded order."""
    children: tuple[Child, ...]
    """Its children in the recorded order."""
    order: int
    """The node's place in the trace (breaks ties between equal waste: earlier first)."""

    def to_json(self) -> dict[str, Any]:
        return {"node": self.node, "path": list(self.path), "player": self.player,
                "role": self.role, "nodes": self.nodes, "wasted": self.local,
                "refuter": self.refuter, "refuter_rank": self.refuter_rank,
                "cut_by": self.cut, "cut_rank": self.cut_rank,
                "children": [c.to_json() for c in self.children]}


@dataclass
class Summary:
    """A closed node, as its parent sees it."""

    node: str
    move: str
    searched: int
    """Nodes searched under it, itself included."""
    ideal: tuple[int, int, int]
    """The ideal tree's nodes under it in each of :data:`ROLES`."""
    worst: tuple[tuple[Worst, ...], ...]
    """Its subtree's worst nodes, in each role (at most :data:`WORST`)."""
    value: Number = 0
    """The value it backed up to its parent (set at the parent's backup event)."""


@dataclass
class Kept:
    """A node of the picture (depth at most ``keep_depth``): enough to colour it once
    the roles are known, after the whole trace."""

    node: str
    parent: str | None
    move: str
    player: str
    depth: int
    searched: int
    ideal: tuple[int, int, int]
    children: tuple[str, ...] = ()
    """Its searched children, in the recorded order."""
    keeps: tuple[frozenset[str], frozenset[str], frozenset[str]] = (
        frozenset(), frozenset(), frozenset())
    """The children the ideal tree keeps, in each role."""
    best: str | None = None
    """The recorded best child (the PV child when it is on the PV)."""
    leaf: bool = True


@dataclass
class _Frame:
    node: str
    depth: int
    player: str
    path: tuple[str, ...]
    children: tuple[str, ...]
    moves: tuple[str, ...]
    order: int
    kids: list[Summary] = field(default_factory=list)
    best: str | None = None
    cut: str | None = None


class WasteReader(EventVisitor[None]):
    """Reads a trace's events (see the module's docstring); ``t`` is the root's value
    (the result's), ``cut_on`` the search's cut test (``ge`` or ``gt``)."""

    def __init__(self, header: Header, t: Number, *, file: str = "<trace>",
                 keep_depth: int = -1) -> None:
        self.header = header
        self.t = t
        self.file = file
        self.strict = header.options.get("cut_on") == "gt"
        self.keep_depth = keep_depth
        self.kept: dict[str, Kept] = {}
        self.stack: list[_Frame] = []
        self.pending: Summary | None = None
        """The child closed last, waiting for its parent's backup event."""
        self.root: Summary | None = None
        self.count = 0
        self.again: dict[str, int] = {}
        """A node searched again (PVS, an aspiration window at the root) before any backup
        took its earlier search: the nodes of its earlier searches, added to the last."""

    # events -------------------------------------------------------------------------

    def visit_expand(self, ev: Expand) -> None:
        self._close_to(ev.depth)
        self._searched_again(ev.node)
        if len(self.stack) != ev.depth or (self.stack and ev.parent != self.stack[-1].node):
            raise InputError(opened_without_parent(ev.node, ev.depth, expanded=True),
                             file=self.file, where=f"event {ev.seq}")
        if ev.player not in ("max", "min"):
            raise InputError(said("node {node} is a {player} node: the regret map reads "
                                  "two-player searches", node=ev.node, player=ev.player),
                             file=self.file, where=f"event {ev.seq}")
        moves = ev.moves or tuple(c.rsplit("/", 1)[-1] for c in ev.children)
        self.count += 1
        self.stack.append(_Frame(ev.node, ev.depth, ev.player, self._path(ev.node),
                                 ev.children, moves, self.count))

    def visit_evaluate(self, ev: Evaluate) -> None:
        self._close_to(ev.depth)
        self._searched_again(ev.node)
        self.count += 1
        path = self._path(ev.node)
        self._closed(Summary(ev.node, path[-1] if path else ev.node, 1, (1, 1, 1),
                             ((), (), ())), ev.depth, ev.player, ev.parent)

    def visit_backup(self, ev: Backup) -> None:
        frame = self._open(ev.node, ev.seq)
        child = self.pending
        self.pending = None
        if child is None or child.node != ev.child:
            # a child settled without events of its own (a table hit): one node
            child = Summary(ev.child, self._move(frame, ev.child), 1, (1, 1, 1), ((), (), ()))
        child.value = ev.child_value
        for i, kid in enumerate(frame.kids):
            if kid.node == child.node:  # searched again (a re-search): sizes add up
                child.searched += kid.searched
                frame.kids[i] = child
                break
        else:
            frame.kids.append(child)
        frame.best = ev.best

    def visit_cut(self, ev: Cut) -> None:
        self._open(ev.node, ev.seq).cut = ev.after

    def visit_transposition(self, ev: Transposition) -> None:
        pass  # a hit is a child with no events of its own: counted at its backup

    def visit_reorder(self, ev: Reorder) -> None:
        pass  # the expand event that follows lists the children in the new order

    def visit_iteration(self, ev: Iteration) -> None:
        raise InputError(said("the trace has iterations (iterative deepening): the regret map "
                              "reads one search to one depth"), file=self.file,
                         where=f"event {ev.seq}")

    def visit_event(self, ev: Event) -> None:
        raise InputError(said("a {type} event: the regret map reads minimax and alpha-beta "
                              "traces", type=ev.type), file=self.file, where=f"event {ev.seq}")

    def end(self) -> Summary:
        """Close the nodes still open; the root's summary."""
        self._close_to(0)
        if self.root is None:
            raise InputError(said("the trace has no events"), file=self.file)
        return self.root

    # the stack ------------------------------------------------------------------------

    def _path(self, node: str) -> tuple[str, ...]:
        if not self.stack:
            return ()
        parent = self.stack[-1]
        return (*parent.path, self._move(parent, node))

    @staticmethod
    def _move(frame: _Frame, node: str) -> str:
        try:
            return frame.moves[frame.children.index(node)]
        except ValueError:
            return node.rsplit("/", 1)[-1]

    def _open(self, node: str, seq: int) -> _Frame:
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.stack[depth].node == node:
                self._close_to(depth + 1)
                return self.stack[depth]
        raise InputError(not_open(node), file=self.file, where=f"event {seq}")

    def _searched_again(self, node: str) -> None:
        """``node`` is opened again right after it closed, no backup between: its earlier
        search counts too (one count: every search of a node)."""
        pending = self.pending
        if pending is not None and pending.node == node:
            self.again[node] = pending.searched
            self.pending = None

    def _close_to(self, depth: int) -> None:
        while len(self.stack) > depth:
            frame = self.stack.pop()
            self._closed(self._summary(frame), frame.depth, frame.player,
                         self.stack[-1].node if self.stack else None, frame)

    def _closed(self, summary: Summary, depth: int, player: str, parent: str | None,
                frame: _Frame | None = None) -> None:
        summary.searched += self.again.pop(summary.node, 0)
        if depth <= self.keep_depth:
            self.kept[summary.node] = self._kept(summary, depth, player, parent, frame)
        if depth == 0:
            self.root = summary
        self.pending = summary

    def _kept(self, summary: Summary, depth: int, player: str, parent: str | None,
              frame: _Frame | None) -> Kept:
        kept = Kept(summary.node, parent, summary.move, player, depth, summary.searched,
                    summary.ideal)
        if frame is not None and frame.kids:
            kept.leaf = False
            kept.children = tuple(k.node for k in frame.kids)
            pv, lo, hi = (frozenset(k.node for k in kids) for kids in self._keeps(frame))
            kept.keeps = (pv, lo, hi)
            kept.best = self._best(frame).node
        return kept

    # the ideal tree -------------------------------------------------------------------

    def _refutes(self, value: Number, role: int) -> bool:
        if role == 1:  # window (t, +inf): a MIN node cuts on a child at most t
            return value < self.t if self.strict else value <= self.t
        return value > self.t if self.strict else value >= self.t

    def _best(self, frame: _Frame) -> Summary:
        for kid in frame.kids:
            if kid.node == frame.best:
                return kid
        return frame.kids[0]

    def _keeps(self, frame: _Frame) -> tuple[list[Summary], list[Summary], list[Summary]]:
        """The children the ideal tree keeps under ``frame`` in each role."""
        kids = frame.kids
        out: list[list[Summary]] = [list(kids)]
        for role in (1, 2):
            cutting = (role == 1) == (frame.player == "min")
            refuters = [k for k in kids if cutting and self._refutes(k.value, role)]
            out.append([min(refuters, key=lambda k: k.ideal[role])] if refuters else list(kids))
        return out[0], out[1], out[2]

    def _summary(self, frame: _Frame) -> Summary:
        kids = frame.kids
        if not kids:
            return Summary(frame.node, frame.path[-1] if frame.path else frame.node, 1,
                           (1, 1, 1), ((), (), ()))
        searched = 1 + sum(k.searched for k in kids)
        best = self._best(frame)
        side = 1 if frame.player == "max" else 2
        keeps = self._keeps(frame)
        ideal = [1 + best.ideal[0] + sum(k.ideal[side] for k in kids if k is not best)]
        worst: list[tuple[Worst, ...]] = [self._merge(None, [(best, 0)] + [
            (k, side) for k in kids if k is not best])]
        for role in (1, 2):
            keep = keeps[role]
            ideal.append(1 + sum(k.ideal[role] for k in keep))
            local = searched - 1 - sum(k.searched for k in keep)
            own = self._worst(frame, role, keep[0], local, searched) if local > 0 else None
            worst.append(self._merge(own, [(k, role) for k in keep]))
        return Summary(frame.node, frame.path[-1] if frame.path else frame.node, searched,
                       (ideal[0], ideal[1], ideal[2]), (worst[0], worst[1], worst[2]))

    def _worst(self, frame: _Frame, role: int, refuter: Summary, local: int,
               searched: int) -> Worst:
        ranks = {k.node: i for i, k in enumerate(frame.kids, 1)}
        children = tuple(Child(k.move, ranks[k.node], k.searched, k.value, k is refuter)
                         for k in frame.kids)
        return Worst(frame.node, frame.path, frame.player, ROLES[role], searched, local,
                     refuter.move, ranks[refuter.node],
                     self._move(frame, frame.cut) if frame.cut else None,
                     ranks.get(frame.cut) if frame.cut else None, children, frame.order)

    @staticmethod
    def _merge(own: Worst | None, parts: list[tuple[Summary, int]]) -> tuple[Worst, ...]:
        found = [w for kid, role in parts for w in kid.worst[role]]
        if own is not None:
            found.append(own)
        if len(found) <= 1:
            return tuple(found)
        found.sort(key=lambda w: (-w.local, w.order))
        return tuple(found[:WORST])
