"""Choose what a large drawing shows: the rest collapses into summary boxes.

Hidden subtrees become one box per parent and kind ("+1,234 nodes, 3 cuts", "40
pruned").  The order of sacrifice keeps what a reader needs longest: first the inside
of pruned and unsearched subtrees, then those subtrees themselves, then the deepest
explored levels; the principal variation is never hidden, nor are the paths to
transposition hits (they are what a picture of a search with a table is about).
An explicit tree of at most ``max_nodes`` nodes is never folded for its width.
``focus`` keeps one
subtree and the path down to it; ``depth`` hides what lies deeper below the root (or
the focus).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Collection
from dataclasses import dataclass, field
from itertools import accumulate

from ...errors import LimitExceeded, UsageError
from ...memory import paused_gc
from ...said import said
from ..read.replay import NodeState, Summary
from ..read.skeleton import Skeleton, SNode

__all__ = ["Box", "Visible", "choose_visible", "node_status"]

KINDS = ("explored", "pruned", "unvisited")
GAME_GHOSTS = 3
FEW_SEARCHED = 4
"""The top of a drawing (its root, or the --focus node) with at most this many children
searched keeps every one of them drawn, however narrow the drawing is asked to be: only
its ghosts fold."""


@dataclass(frozen=True)
class Box:
    """A summary box standing for hidden subtrees under one parent."""

    key: str
    parent: str
    kind: str
    """``explored``, ``pruned`` or ``unvisited``: what the hidden nodes are."""
    nodes: int
    """Nodes it stands for (visited ones for an explored box)."""
    cuts: int
    members: tuple[str, ...] = ()
    """The hidden nodes themselves (a frame tells from them what is known so far)."""


@dataclass
class Visible:
    """The nodes drawn, in preorder, and the boxes hanging under them."""

    order: list[str]
    status: dict[str, str]
    """Final status of each drawn node: explored, pruned or unvisited."""
    boxes: dict[str, list[Box]] = field(default_factory=dict)
    """Boxes by parent id."""

    @property
    def size(self) -> int:
        return len(self.order) + sum(len(b) for b in self.boxes.values())


def node_status(skel: Skeleton, states: dict[str, NodeState], order: list[str]) -> dict[str, str]:
    """explored (visited), pruned (skipped by a cut, or below such a node) or unvisited."""
    out: dict[str, str] = {}
    nodes = skel.nodes
    for nid in order:
        node = nodes.get(nid)
        inherited = out.get(node.parent) if node is not None and node.parent else None
        if inherited in ("pruned", "unvisited"):
            out[nid] = inherited
            continue
        st = states.get(nid)
        if st is not None and st.visited:
            out[nid] = "explored"
        elif st is not None and st.pruned_by is not None:
            out[nid] = "pruned"
        else:
            out[nid] = "unvisited"
    return out


def choose_visible(skel: Skeleton, states: dict[str, NodeState], summaries: dict[str, Summary],
                   *, max_nodes: int, max_width: int | None = None, depth: int | None = None,
                   focus: str | None = None, ghosts: bool = True,
                   pv: Collection[str] = (), keep: Collection[str] = ()) -> Visible:
    """Decide which nodes are drawn; see the module docstring for the order of sacrifice.

    The principal variation ``pv`` is never hidden, nor are the nodes in ``keep`` and
    the paths down to them (unless ``depth`` or ``focus`` leave them out)."""
    with paused_gc():
        return _choose(skel, states, summaries, max_nodes=max_nodes, max_width=max_width,
                       depth=depth, focus=focus, ghosts=ghosts, pv=pv, keep=keep)


def _choose(skel: Skeleton, states: dict[str, NodeState], summaries: dict[str, Summary],
            *, max_nodes: int, max_width: int | None, depth: int | None, focus: str | None,
            ghosts: bool, pv: Collection[str], keep: Collection[str]) -> Visible:
    order = skel.preorder()
    status = node_status(skel, states, order)
    nodes = skel.nodes
    keep = set(pv) | {a for n in keep if n in nodes for a in _chain(skel, n)}
    hidden: set[str] = set()
    base = 0
    chain: list[str] = []
    if focus is not None:
        if focus not in nodes:
            raise UsageError(said("--focus: no node {node!r} in this trace (the root is "
                                  "{root!r})", node=focus, root=skel.root))
        chain = _chain(skel, focus)
        keep = set(chain) | {n for n in keep if _below(skel, n, focus)}
        base = nodes[focus].depth
        for a in chain[:-1]:
            hidden.update(c for c in nodes[a].children if c not in keep)
    if not ghosts:
        hidden.update(n for n in order if status[n] != "explored"
                      and status.get(nodes[n].parent or "") == "explored")
    elif not skel.from_tree and nodes[skel.root].player != "state":
        # A generated game's pruned children are only names: three or more under one
        # node read better as one "N pruned" box than as a row of empty ghosts.
        for n in order:
            ghost_kids = [c for c in nodes[n].children if status.get(c) != "explored"]
            if status[n] == "explored" and len(ghost_kids) >= GAME_GHOSTS:
                hidden.update(c for c in ghost_kids if c not in keep)

    width = max_width if max_width is not None else max(10, max_nodes // 10)
    if max_width is None and skel.from_tree and len(nodes) <= max_nodes:
        # An explicit tree of lecture size is drawn whole however wide (a 3x4 uniform
        # tree has 81 leaves): its cut labels refer to values the reader must see.
        width = max_nodes
    if depth is None and len(keep) > max_nodes:
        # What must be drawn does not fit: say so, rather than try every level in turn.
        raise LimitExceeded(said("the nodes always drawn (the principal variation or the "
                                 "solution tree) number {count:,}, more than --max-nodes "
                                 "{most}: draw the top with --depth N, a part with --focus "
                                 "NODE, or raise --max-nodes", count=len(keep), most=max_nodes))

    split = _Splitter(skel, order, status, states, summaries)

    def fits() -> bool:
        got = split.within(hidden, max_nodes)
        return got is not None and _fits(got[0], got[1], nodes, max_nodes, width)

    if depth is not None:  # asked for: even the principal variation stops there
        hidden.update(n for n in order if nodes[n].depth - base == depth + 1
                      and n not in chain)
    if not fits():  # 1: the inside of ghost subtrees
        hidden.update(n for n in order if status[n] != "explored" and n not in keep
                      and status.get(nodes[n].parent or "") not in (None, "explored"))
    if not fits():  # 2: the ghost subtrees themselves
        hidden.update(n for n in order if status[n] != "explored" and n not in keep)
    if not fits():  # 3: the deepest explored levels
        shown, tally, _ = split.all(hidden)
        level = _deepest_level(shown, tally, nodes, base, max_nodes, width)
        while True:
            hidden.update(n for n in order if nodes[n].depth - base == level + 1
                          and n not in keep)
            if level <= 1 or fits():
                break
            level -= 1
    room = width
    settled = set(hidden)
    top = focus if focus is not None else skel.root
    while not fits() and room > 2:  # 4: very wide nodes keep their first children
        room = max(2, room * 2 // 3)
        hidden = set(settled)
        for n in order:
            kids = [c for c in nodes[n].children if c not in hidden]
            if len(kids) > room:
                # Ghosts fold first; the first choice, when only a few of its moves
                # were searched, keeps each of them, its value and its cut (Othello's
                # four first moves are the picture's point), and only a crowd of them
                # (Chomp's sixteen) folds.  Below it the few fold as well: spared at
                # every level, an 8-puzzle's four moves would draw the whole search.
                searched = [c for c in kids if status[c] == "explored"]
                few = n == top and len(searched) <= FEW_SEARCHED
                ranked = searched + [c for c in kids if status[c] != "explored"]
                hidden.update(c for c in ranked[room - 1:] if c not in keep
                              and not (few and status[c] == "explored"))
    shown, tally, members = split.all(hidden)
    visible = Visible(shown, {n: status[n] for n in shown})
    for parent in shown:
        boxes = [Box(_box_key(skel, parent, kind), parent, kind, tally[(parent, kind)][0],
                     tally[(parent, kind)][1], tuple(members.get((parent, kind), ())))
                 for kind in KINDS if (parent, kind) in tally]
        if boxes:
            visible.boxes[parent] = boxes
    return visible


def _fits(shown: list[str], tally: dict[tuple[str, str], list[int]], nodes: dict[str, SNode],
          max_nodes: int, width: int) -> bool:
    """At most ``max_nodes`` drawn (boxes count) and at most ``width`` side by side."""
    if len(shown) + len(tally) > max_nodes:
        return False
    parents = {nodes[n].parent for n in shown} | {p for p, _ in tally}
    return sum(1 for n in shown if n not in parents) + len(tally) <= width


def _deepest_level(shown: list[str], tally: dict[tuple[str, str], list[int]],
                   nodes: dict[str, SNode], base: int, max_nodes: int, width: int) -> int:
    """An estimate of the deepest level to keep: the rest goes into boxes."""
    depth = {n: nodes[n].depth - base for n in shown}
    deepest = max(depth.values(), default=0)
    per_level = [0] * (deepest + 2)
    bottom = [0] * (deepest + 2)  # drawn nodes with nothing drawn below them
    boxes_under = [0] * (deepest + 2)
    parents = {nodes[n].parent for n in shown}
    parents.update(p for p, _ in tally)  # a node with a box has something below it
    for n, d in depth.items():
        if d >= 0:
            per_level[d] += 1
            if n not in parents:
                bottom[d] += 1
    for parent, _ in tally:
        d = depth.get(parent, 0)
        if d >= 0:
            boxes_under[d] += 1
    # Running sums, not sum() per level: a path 100,000 plies deep has as many levels.
    drawn_to = list(accumulate(per_level))  # drawn_to[k] = sum(per_level[:k + 1])
    bottom_to = [0, *accumulate(bottom)]  # bottom_to[k] = sum(bottom[:k])
    boxes_to = [0, *accumulate(boxes_under)]
    for level in range(deepest - 1, 0, -1):
        drawn = drawn_to[level]
        boxes = boxes_to[level] + per_level[level] - bottom[level]
        across = bottom_to[level] + boxes_to[level] + per_level[level]
        if drawn + boxes <= max_nodes and across <= width:
            return level
    return 1


def _below(skel: Skeleton, nid: str, ancestor: str) -> bool:
    node = skel.nodes.get(nid)
    while node is not None:
        if node.id == ancestor:
            return True
        node = skel.nodes.get(node.parent) if node.parent is not None else None
    return False


def _chain(skel: Skeleton, nid: str) -> list[str]:
    out = [nid]
    parent = skel.nodes[nid].parent
    while parent is not None and parent in skel.nodes:
        out.append(parent)
        parent = skel.nodes[parent].parent
    return out[::-1]


Tally = dict[tuple[str, str], list[int]]
"""[nodes, cuts] of the hidden subtrees by (parent, kind) of their box."""
Split = tuple[list[str], Tally, dict[tuple[str, str], list[str]]]
"""The drawn nodes in preorder, the boxes' tallies, and the nodes in each box."""


class _Splitter:
    """Splits the preorder into the drawn nodes and the boxes of the hidden ones, for one
    set of hidden nodes after another.

    A hidden node (not the root) takes its subtree into the box of its parent and kind.
    An explored box counts the visited nodes it hides (and those folded into
    summaries); a pruned or unsearched box counts every node it hides.  Subtrees are
    contiguous in the preorder, so a hidden subtree is counted from running sums in one
    step: a split costs the drawn nodes, not the whole tree (a million-event trace keeps
    100,000 nodes and draws a few hundred)."""

    def __init__(self, skel: Skeleton, order: list[str], status: dict[str, str],
                 states: dict[str, NodeState], summaries: dict[str, Summary]) -> None:
        nodes = skel.nodes
        self.skel, self.order, self.status_of = skel, order, status
        self.parents = parents = [nodes[n].parent for n in order]
        self.status = [status[n] for n in order]
        self.summaries = summaries
        self.index = index = {nid: i for i, nid in enumerate(order)}
        size = [1] * len(order)
        for i in range(len(order) - 1, 0, -1):
            j = index.get(parents[i])  # type: ignore[arg-type]  # None is no key
            if j is not None:
                size[j] += size[i]
        self.end = [i + k for i, k in enumerate(size)]
        found = [summaries.get(n) for n in order]
        cut = [st is not None and st.cut is not None for st in map(states.get, order)]
        self.explored = [0, *accumulate(kind == "explored" for kind in self.status)]
        self.cuts = [0, *accumulate(cut)]
        self.s_nodes = [0, *accumulate(0 if x is None else x.nodes for x in found)]
        self.s_cuts = [0, *accumulate(0 if x is None else x.cuts for x in found)]
        # Drawn nodes with a summary get an explored box of their own (the folded levels).
        self.boxed = [i for i, x in enumerate(found) if x is not None and x.nodes]
        self.folded = [((order[i], "explored"), x.nodes, x.cuts)
                       for i, x in enumerate(found) if x is not None and x.nodes]
        # Each node's recorded parent must be the one it is listed under, or a subtree
        # would not be one run of the preorder.
        self.contiguous = len(index) == len(order) and all(
            nodes[c].parent == p for p in order for c in nodes[p].children if c in nodes)

    def all(self, hidden: set[str]) -> Split:
        """The drawn nodes, the tallies of the boxes and the nodes in each box."""
        got = self.within(hidden, None)
        assert got is not None  # no limit
        return got

    def within(self, hidden: set[str], limit: int | None) -> Split | None:
        """:meth:`all`, or None as soon as more than ``limit`` nodes and boxes would be
        drawn (the counts only grow, so stopping early gives the same answer)."""
        if not self.contiguous:
            return self._slow(hidden, limit)
        order, parents, status, end, index = (self.order, self.parents, self.status,
                                              self.end, self.index)
        explored, cuts, s_nodes, s_cuts = self.explored, self.cuts, self.s_nodes, self.s_cuts
        boxed, folded = self.boxed, self.folded
        shown: list[str] = []
        tally: Tally = {}
        runs: dict[tuple[str, str], list[tuple[int, int]]] = {}
        tops = sorted(i for i in map(index.get, hidden)
                      if i is not None and parents[i] is not None)
        i = 0
        for top in [*tops, len(order)]:
            if top < i:
                continue  # inside a subtree hidden already
            if limit is not None and len(shown) + len(tally) + top - i > limit:
                return None
            # The drawn run before it, and the boxes of its folded levels.
            shown += order[i:top]
            # (Its own key: only its hidden children, later in the preorder, add to it.)
            tally.update((key, [count, cut]) for key, count, cut
                         in folded[bisect_left(boxed, i):bisect_left(boxed, top)])
            if limit is not None and len(shown) + len(tally) > limit:
                return None
            if top == len(order):
                break
            stop = end[top]
            key = (parents[top] or "", status[top])
            counts = tally.setdefault(key, [0, 0])
            counts[0] += (stop - top if key[1] != "explored"
                          else explored[stop] - explored[top]) + s_nodes[stop] - s_nodes[top]
            counts[1] += cuts[stop] - cuts[top] + s_cuts[stop] - s_cuts[top]
            runs.setdefault(key, []).append((top, stop))
            i = stop
        members = {key: [nid for a, b in spans for nid in order[a:b]]
                   for key, spans in runs.items()}
        return shown, tally, members

    def _slow(self, hidden: set[str], limit: int | None) -> Split | None:
        """Node by node, each hidden node in its highest hidden ancestor's box."""
        shown: list[str] = []
        box_of: dict[str, tuple[str, str]] = {}
        tally: Tally = {}
        members: dict[tuple[str, str], list[str]] = {}
        summaries = self.summaries
        for i, nid in enumerate(self.order):
            parent = self.parents[i]
            if parent is not None and parent in box_of:
                key = box_of[nid] = box_of[parent]
            elif nid in hidden and parent is not None:
                key = box_of[nid] = (parent, self.status[i])
            else:
                shown.append(nid)
                summary = summaries.get(nid)
                if summary is not None and summary.nodes:
                    counts = tally.setdefault((nid, "explored"), [0, 0])
                    counts[0] += summary.nodes
                    counts[1] += summary.cuts
                if limit is not None and len(shown) + len(tally) > limit:
                    return None
                continue
            counts = tally.setdefault(key, [0, 0])
            if key[1] != "explored" or self.status[i] == "explored":
                counts[0] += 1
            counts[1] += self.cuts[i + 1] - self.cuts[i]
            summary = summaries.get(nid)
            if summary is not None:
                counts[0] += summary.nodes
                counts[1] += summary.cuts
        drawn = set(shown)
        for nid in self.order:
            if nid not in drawn:
                members.setdefault(_box_of(self.skel, nid, drawn, self.status_of), []).append(nid)
        return shown, tally, members


def _box_of(skel: Skeleton, nid: str, drawn: set[str],
            status: dict[str, str]) -> tuple[str, str]:
    """(parent, kind) of the box a hidden node is in: its highest hidden ancestor's."""
    top = nid
    parent = skel.nodes[nid].parent
    while parent is not None and parent not in drawn:
        top, parent = parent, skel.nodes[parent].parent
    return (parent or "", status[top])


def _box_key(skel: Skeleton, parent: str, kind: str) -> str:
    key = f"{parent} +{kind}"
    while key in skel.nodes:
        key += "'"
    return key
