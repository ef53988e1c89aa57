"""The steps of a step-by-step sequence: which events make one step, the node a step is
about, and the caption that says what it did.

A step is one event, or the events from one node (or leaf) to the next
(``RenderOptions.step``).  :meth:`tracer.render.pipeline.Drawing.frames` draws a frame
per step shown.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator

from ...events import Cut, Evaluate, Event, Expand, Iteration, Select, Transposition
from ...trace import Header
from ...visit import EventVisitor
from ..read.replay import Replay
from .captions import Captioner
from .text import Words
from .values import chance_cut, intervals, leaf_bounds, shown_value

__all__ = ["MAX_CAPTION_PARTS", "step_caption", "step_groups", "step_key"]

MAX_CAPTION_PARTS = 3


class _Role(EventVisitor[str]):
    """What an event is to a step: ``node`` (a node expanded), ``leaf`` (a leaf's value
    known: evaluated, or answered by the table), ``selected`` (A* and proof-number
    search: a node selected, whose value is known), ``kept`` (a cut or a search of the
    root, which a long caption keeps), or ``""``.  A node, leaf or selected node opens a
    step."""

    def visit_expand(self, ev: Expand) -> str:
        return "node"

    def visit_evaluate(self, ev: Evaluate) -> str:
        return "leaf"

    def visit_select(self, ev: Select) -> str:
        return "selected"

    def visit_transposition(self, ev: Transposition) -> str:
        return "leaf" if ev.kind == "hit" else ""

    def visit_cut(self, ev: Cut) -> str:
        return "kept"

    def visit_iteration(self, ev: Iteration) -> str:
        return "kept"

    def visit_event(self, ev: Event) -> str:
        return ""


_ROLE = _Role().handlers()
_OPENS = frozenset(("node", "leaf", "selected"))
_LEAF = frozenset(("leaf", "selected"))


def _role(ev: Event) -> str:
    return _ROLE[ev.__class__](ev)


def step_groups(events: Iterable[Event], step: str) -> Iterator[list[Event]]:
    """Events grouped into steps: each event, or from one node (or leaf) to the next."""
    group: list[Event] = []
    has_leaf = False
    last = ""
    for ev in events:
        if step == "event":
            yield [ev]
            continue
        role = _ROLE[ev.__class__](ev)
        opens = role in _OPENS
        if role == "node" and last == "selected" and _node(group[-1]) == _node(ev):
            opens = False  # proof-number search selects a node, then expands it: one step
        if group and opens and (step == "node" or has_leaf):
            yield group
            group, has_leaf = [], False
        group.append(ev)
        has_leaf = has_leaf or role in _LEAF
        last = role
    if group:
        yield group


def step_key(group: list[Event], step: str) -> str:
    """The node a step is about: the leaf of a leaf step, else its first event's node."""
    if step == "leaf":
        for ev in group:
            if _role(ev) in _LEAF:
                return _node(ev)
    return _node(group[0])


def _node(ev: Event) -> str:
    """The node an event is about ("" for a search of the root)."""
    return str(getattr(ev, "node", ""))


def step_caption(group: list[Event], replay: Replay, *, header: Header, words: Words,
                 shown_nodes: Collection[str]) -> str:
    """What a step did, in a sentence or a few: the caption of its frame.  A step of
    many events is said by its first, its cuts and its last (at most
    :data:`MAX_CAPTION_PARTS` sentences, further cuts named by their node), never
    by a count of events left unsaid."""
    w = words
    skel = replay.skeleton
    order = skel.preorder()
    bounds = leaf_bounds(replay.header)
    ivs = intervals(skel, replay.states, replay.summaries, order, settled=False,
                    bounds=bounds)

    def player(nid: str) -> str | None:
        node = skel.nodes.get(nid)
        return node.player if node is not None else None

    def shown(nid: str) -> str | None:
        got = shown_value(replay.states.get(nid), player(nid), ivs.get(nid, (0.0, 0.0)))
        return None if got is None else w.bound(*got)

    def move(nid: str) -> str:
        node = skel.nodes.get(nid)
        return node.move if node is not None and node.move else nid

    def name(nid: str) -> str:
        """A generated game's node by the move that leads there ("b2", not "b1/b2"); a
        node of an A* search graph by its state, as the picture shows it ("Sibiu",
        "(3,0)"): the move into it (a road's length, "fill1") names no node."""
        node = skel.nodes.get(nid, None)
        if node is not None and node.player == "state" and node.position:
            return node.position
        if skel.from_tree or node is None:
            return nid
        if nid == skel.root:
            return w("root") if nid == "root" else nid  # "radice" in Italian
        return move(nid)

    drawn = shown_nodes.__contains__
    events = group
    if len(group) > 1:
        # Several events: say what was found, not every node opened on the way down, nor
        # what happened inside a collapsed subtree.
        events = [e for e in group if _role(e) != "node"
                  and drawn(str(getattr(e, "node", skel.root)))] or group[:1]
    passes = len(replay.iterations)
    captioner = Captioner(header, w, player=player, shown=shown, move=move,
                          iteration=passes, drawn=drawn, name=name,
                          above=lambda cut: chance_cut(skel, replay.states, cut.node, cut.kind,
                                                       cut.value, bounds))
    parts = [captioner.visit(e) for e in events]
    if len(parts) <= MAX_CAPTION_PARTS:
        return "; ".join(parts)
    # Too long to say all: what opened the step, its cuts and where its value went last,
    # each said in full; the cuts beyond those named by their node.  What a sentence
    # left out said in between (a value passed up on the way) the picture shows.
    last = len(parts) - 1
    cuts = [i for i, e in enumerate(events) if 0 < i < last and _role(e) == "kept"]
    room = MAX_CAPTION_PARTS - 2
    said_in_full = sorted({0, last, *cuts[:room]})
    more = [name(node) for i in cuts[room:] if (node := _node(events[i]))]
    tail = [w("cap.cuts.more", nodes=w.names(more))] if more else []
    return "; ".join([*(parts[i] for i in said_in_full), *tail])
