"""The view model: what to draw, in plain dataclasses (no Graphviz here).

A :class:`View` is one picture: the final diagram, or one frame of the step-by-step
sequence.  Every frame of a sequence has the same nodes and edges in the same order;
only their status, texts and highlights change, so one layout serves them all.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace

from ..read.replay import NodeState, Replay
from ..read.skeleton import Skeleton
from .annotate import Plan, andor_kind, note_texts, plan_notes, tooltip
from .captions import cut_texts
from .collapse import Box, Visible, node_status
from .render_options import RenderOptions
from .text import Words
from .values import chance_cut, intervals, leaf_bounds, shown_value
from .windows import window_legend, window_text

__all__ = ["COMPACT_LEAVES", "View", "ViewBox", "ViewEdge", "ViewNode", "build_view",
           "legend_keys"]

COMPACT_LEAVES = 27
"""More leaves side by side than this (a 3x3 uniform tree has 27): the compact style."""


@dataclass(frozen=True)
class ViewNode:
    key: str
    """Node id (the DOT node name)."""
    shape: str
    """``max``, ``min``, ``chance``, ``terminal``, ``static`` (scored at the depth limit)
    or ``state`` (a state of an A* search graph)."""
    status: str
    """``explored``, ``pruned``, ``unvisited`` or ``hidden`` (not yet generated)."""
    name: str | None
    """Name written in the node (the tree's label), if shown."""
    value: str | None
    """Value written in the node: ``3``, ``≥ 3``, ``≤ 2``; None for none."""
    extra: tuple[str, ...] = ()
    """Small lines beside the node: visit number, alpha/beta (the root's; others' are
    written on the edge into them)."""
    current: bool = False
    pv: bool = False
    tooltip: str = ""
    position: str | None = None
    """The position drawn under the node (a board, piles), in a monospaced font."""
    note: tuple[str, ...] = ()
    """Small lines under the position: proof numbers, where a table value came from
    (the same number of lines in every frame; "" while there is nothing to say)."""
    note_chars: int = 0
    """Width kept for the note lines, in characters (the same in every frame)."""
    andor: str | None = None
    """AND/OR and proof-number searches: ``and`` (every child must be solved: an arc
    across its edges) or ``or``."""
    tt: bool = False
    """Answered by the transposition table, not searched."""
    compact: bool = False
    """A leaf of a wide drawing: a narrower box, smaller type."""
    mark: str | None = None
    """A colour that marks the node from outside the search (the checker's wrong answers:
    :mod:`tracer.figures.check_render`): its border, heavier, and its text in it."""


@dataclass(frozen=True)
class ViewBox:
    """A summary box standing for collapsed subtrees."""

    key: str
    kind: str
    """``explored``, ``pruned`` or ``unvisited``."""
    text: str
    hidden: bool = False
    size_text: str | None = None
    """The text the box is sized for (a frame's box keeps the final diagram's size)."""


@dataclass(frozen=True)
class ViewEdge:
    tail: str
    head: str
    status: str
    pv: bool = False
    move: str | None = None
    """Move name written on the edge (generated games)."""
    cut: tuple[str, str] | None = None
    """``("alpha cut", "2 ≤ α = 3")``: the cut made at the tail, shown on this edge."""
    extra: tuple[str, ...] = ()
    """Small lines about the head: its visit number, the window it was searched with."""


@dataclass(frozen=True)
class SideNote:
    """A table of notes drawn beside the tree, in one colour: a bold title, then each
    node named once beside its notes (one row each), then italic lines."""

    title: str
    rows: tuple[tuple[str, tuple[str, ...]], ...]
    """(node, its notes), in drawing order."""
    colour: str
    tail: tuple[str, ...] = ()
    """Italic lines under the rows (the checker's likely cause)."""


@dataclass(frozen=True)
class View:
    nodes: tuple[ViewNode, ...]
    boxes: tuple[ViewBox, ...]
    edges: tuple[ViewEdge, ...]
    title: str | None
    caption: str | None
    """The line under the tree: the result, or the step's caption in a frame."""
    legend: tuple[tuple[str, str], ...]
    """Legend entries to show: (key, words), the keys being ``legend.max`` and so on."""
    notes: bool = False
    """Something is drawn under some node: every node then gets a box under it (empty
    for most), so that the levels of the tree stay level."""
    legend_room: tuple[str, ...] = ()
    """The words of another legend to keep room for: the frames' and the diagram's
    legends differ, and every picture of a sequence has the same size."""
    legend_room_for: tuple[str, ...] = ()
    """The words of the legend the room goes with: a view given another legend (by
    ``dataclasses.replace``) keeps no room."""
    pruned: str = "ghost"
    """How pruned subtrees look: ``ghost``, ``cross`` or ``hide``
    (:mod:`tracer.render.draw.marks`)."""
    marks: tuple[tuple[str, str], ...] = ()
    """``cross`` / ``hide``: the edges cut in the final diagram (a cross shows on each in
    the pictures where it is pruned)."""
    compact: bool = False
    """An explicit tree with more than ``COMPACT_LEAVES`` leaves side by side: leaves
    are narrow and the nodes closer together, so that lecture-size trees fit drawn whole."""
    side: SideNote | None = None
    """A table of notes beside the tree (the checker's "Your mistakes")."""
    and_tag: str = "AND"
    """The word DOT for ``dot`` writes beside an AND node, which it cannot draw the arc
    of: the legend's word for such a node, in the drawing's language."""


@dataclass
class Frame:
    """One step of the sequence: its view and the caption said under it."""

    view: View
    caption: str
    seen: int | None = None
    """How many events the frame shows the effect of (None: the final diagram, all)."""


def build_view(replay: Replay, visible: Visible, opts: RenderOptions, w: Words, *,
               current: str | None = None, final: bool = True, caption: str | None = None,
               pv: Collection[str] = (), legend: Collection[str] | None = None,
               notes: Plan | None = None, legend_room: tuple[str, ...] = (),
               shapes: Mapping[str, str] | None = None) -> View:
    """The picture of ``replay``'s present state, restricted to ``visible``'s nodes.

    ``notes`` says what goes under each node (:func:`~tracer.render.model.annotate.plan_notes`
    of the final diagram; planned here from ``replay`` when not given).  ``shapes``: the
    final diagram's, for the nodes not searched yet (a generated game's leaf is not
    known to be one before it is reached, and every frame keeps the diagram's sizes)."""
    skel, states = replay.skeleton, replay.states
    plan = notes if notes is not None else plan_notes(replay, visible, opts, w, pv)
    order = visible.order
    status = visible.status if final else node_status(skel, states, skel.preorder())
    ivs = intervals(skel, states, replay.summaries, skel.preorder(), settled=final,
                    bounds=leaf_bounds(replay.header))
    pv_set = set(pv) if final and opts.pv else set()
    from_tree = skel.from_tree
    nodes: list[ViewNode] = []
    edges: list[ViewEdge] = []
    boxes: list[ViewBox] = []
    cut_edge: dict[str, str] = {}
    windowed = False
    for nid in order:
        sn = skel.nodes[nid]
        st = states.get(nid)
        parent = skel.nodes.get(sn.parent) if sn.parent is not None else None
        hidden = (not from_tree and not final and nid != skel.root
                  and not (parent is not None and _visited(states, parent.id)))
        stat = "hidden" if hidden else status.get(nid, "unvisited")
        shape = _shape(sn.player, st.reason if st else None, sn.n_children,
                       parent.player if parent else None, from_tree)
        if shapes is not None and nid in shapes and not (st is not None and st.visited):
            shape = shapes[nid]
        value: str | None = None
        if stat == "hidden" or (not opts.values and sn.n_children > 0):
            pass  # --no-values hides what the search backed up, never the leaves
        elif st is not None and (st.solved is not None or st.g is not None):
            value = _search_value(st, w)
        elif stat == "explored":
            shown = shown_value(st, sn.player, ivs.get(nid, (0.0, 0.0)))
            value = None if shown is None else w.bound(*shown)
        elif (opts.ghost_values and sn.static is not None and sn.n_children == 0
              and not (stat == "pruned" and opts.pruned != "ghost")):
            value = w.number(sn.static)
        unknown = from_tree and sn.static is None and sn.n_children == 0 and value is None
        if unknown:  # a leaf the tree leaves unknown (?a): drawn as its letter
            value = nid
        # Visit number and the node's window (on entry or final, opts.window): on the
        # edge into the node, beside the root.
        extra: list[str] = []
        if st is not None and st.visited and stat != "hidden":
            if opts.visit_order or shape == "state":
                extra.append(f"#{st.order}")
            pair = None if opts.window is None else window_text(st, opts.window, w)
            if pair is not None:
                extra.append(pair)
                windowed = True
        on_edge = shape != "state" and sn.parent is not None and sn.parent in visible.status
        name = nid if opts.ids and from_tree and not unknown else None
        if shape == "state" and opts.ids:
            name = sn.position or nid
        slot = plan.get(nid)
        kind = andor_kind(replay.header, sn.player) if shape in ("max", "min") else None
        nodes.append(ViewNode(
            nid, shape, stat, name, value, () if on_edge else tuple(extra),
            current=nid == current, pv=nid in pv_set,
            # a generated game's root is "root", which the captions say in words
            tooltip=tooltip(w("root") if nid == "root" == skel.root and not from_tree
                            else nid, shape, stat, sn.player,
                            sn.position and w.position(sn.position),
                            None if unknown else value, w, st=st,  # a letter is no value
                            andor=kind, numbers=opts.numbers),
            position=slot.position if slot is not None else None,
            note=() if slot is None else note_texts(
                st if stat != "hidden" else None, w, numbers=slot.numbers, tt=slot.tt),
            note_chars=slot.chars if slot is not None else 0,
            andor=kind, tt=st is not None and st.tt is not None and stat != "hidden"))
        if st is not None and st.cut is not None and opts.cuts and st.cut.pruned:
            first = next((c for c in st.cut.pruned if c in visible.status), None)
            if first is not None:
                cut_edge[first] = nid
        if sn.parent is not None and sn.parent in visible.status:
            note = None
            if cut_edge.get(nid) == sn.parent and stat != "hidden":
                note = _cut_note(replay, sn.parent, w)
            move = sn.move if opts.ids else None
            if move is not None and shape == "state":
                move = w.action(move)  # a puzzle's action: "fill 1", "riempi 1"
            if sn.prob is not None and parent is not None and parent.player == "chance":
                move = w.number(sn.prob)
            edges.append(ViewEdge(sn.parent, nid, stat, pv=nid in pv_set and sn.parent in pv_set,
                                  move=move, cut=note, extra=tuple(extra) if on_edge else ()))
    for parent_id, group in visible.boxes.items():
        pst = states.get(parent_id)
        for box in group:
            hidden = not from_tree and not final and not _visited(states, parent_id)
            kind, nodes_now, cuts_now = box.kind, box.nodes, box.cuts
            if not final:
                kind, nodes_now, cuts_now = _box_now(box, skel, status, states)
            text = _box_text(kind, nodes_now, cuts_now, w)
            boxes.append(ViewBox(box.key, kind, text, hidden=hidden,
                                 size_text=_box_room(box, w)))
            note = None
            if (kind == "pruned" and opts.cuts and pst is not None and pst.cut is not None
                    and not any(c in visible.status for c in pst.cut.pruned)):
                note = _cut_note(replay, parent_id, w)
            edges.append(ViewEdge(parent_id, box.key, "hidden" if hidden else kind,
                                  cut=note))
    parents = {e.tail for e in edges}
    # Explicit trees only: a game's edges carry move names, which need the room.
    compact = from_tree and sum(1 for n in nodes if n.key not in parents) > COMPACT_LEAVES
    if compact:
        nodes = [replace(n, compact=True) if n.shape in ("terminal", "static") else n
                 for n in nodes]
    view = View(tuple(nodes), tuple(boxes), tuple(edges), opts.title, caption, ())
    numbers = any(s.numbers for s in plan.values())
    keys = tuple(legend) if legend is not None else legend_keys(view, numbers=numbers)
    entries = tuple((k, w(k)) for k in keys) if opts.legend else ()
    if opts.legend and opts.window is not None and windowed:
        entries += (("legend.window", window_legend(opts.window, w)),)
    marks = () if opts.pruned == "ghost" else tuple(
        (e.tail, e.head) for e in view.edges
        if visible.status.get(e.head) == "pruned" and visible.status.get(e.tail) == "explored")
    return View(view.nodes, view.boxes, view.edges, view.title, caption, entries,
                notes=bool(plan), legend_room=legend_room if opts.legend else (),
                legend_room_for=tuple(t for _, t in entries), pruned=opts.pruned,
                marks=marks, compact=compact, and_tag=w("tag.and"))


def _visited(states: Mapping[str, NodeState], nid: str) -> bool:
    st = states.get(nid)
    return st is not None and st.visited


def _search_value(st: NodeState, w: Words) -> str | None:
    """AND/OR: ✓ solved / ✗ unsolvable; A*: g + h = f."""
    if st.solved == "solved":
        return "yes" if w.ascii else "✓"
    if st.solved == "unsolvable":
        return "no" if w.ascii else "✗"
    if st.g is not None and st.h is not None and st.value is not None:
        return f"{w.number(st.g)}+{w.number(st.h)}={w.number(st.value)}"
    return None


def _shape(player: str | None, reason: str | None, n_children: int, parent_player: str | None,
           from_tree: bool) -> str:
    if player == "state":
        return "state"
    if reason == "depth-limit":
        return "static"
    if reason == "terminal" or (from_tree and n_children == 0):
        return "terminal"
    if player in ("max", "min", "chance"):
        return player
    # A child the search never reached (a generated game): it moves after its parent.
    return {"max": "min", "min": "max"}.get(parent_player or "", "terminal")


def _cut_note(replay: Replay, nid: str, w: Words) -> tuple[str, str] | None:
    st = replay.states.get(nid)
    if st is None or st.cut is None:
        return None
    player = replay.skeleton.nodes[nid].player
    above = chance_cut(replay.skeleton, replay.states, nid, st.cut.kind, st.cut.value,
                       leaf_bounds(replay.header))
    kind, comparison, _ = cut_texts(st.cut, player, replay.header, w, above)
    return (kind, comparison)


def _box_room(box: Box, w: Words) -> str:
    """The longest text the box has in any frame (its final one, or "N not searched"
    before its nodes are reached): every frame draws it at one size."""
    final = _box_text(box.kind, box.nodes, box.cuts, w)
    if not box.members:
        return final
    waiting = _box_text("unvisited", len(box.members) if box.kind == "explored" else box.nodes,
                        0, w)
    return max(final, waiting, key=len)


def _box_now(box: Box, skel: Skeleton, status: Mapping[str, str],
             states: Mapping[str, NodeState]) -> tuple[str, int, int]:
    """A frame's (kind, nodes, cuts) of a box: what the events so far tell of its nodes.

    Its nodes are pruned once a cut has pruned them, explored as far as visited (the
    count grows), and not searched yet before that."""
    if not box.members:  # folded while reading a long stream: only the totals are known
        return box.kind, box.nodes, box.cuts
    now = [status.get(n, "unvisited") for n in box.members]
    if box.kind == "explored":
        seen = now.count("explored")
        if seen == 0:
            return "unvisited", len(box.members), 0
        cuts = sum(1 for n in box.members if (st := states.get(n)) is not None and st.cut)
        return "explored", seen, cuts
    top = [s for n, s in zip(box.members, now, strict=True)
           if (sn := skel.nodes.get(n)) is not None and sn.parent == box.parent]
    if box.kind == "pruned" and "pruned" in top:  # cut at the parent (or above)
        return "pruned", box.nodes, box.cuts
    return "unvisited", box.nodes, box.cuts


def _box_text(kind: str, nodes: int, cuts: int, w: Words) -> str:
    text = w.n(f"box.{kind}", nodes)
    if kind == "explored" and cuts:
        text += ", " + w.n("box.cuts", cuts)
    return text


def legend_keys(view: View, *, frames: bool = False, numbers: bool = False) -> tuple[str, ...]:
    """The legend entries a picture needs: only what it shows.

    ``frames``: the entries of the step-by-step frames, read from the final diagram:
    they also show the current node and nodes not searched yet, and no principal
    variation.  ``numbers``: the nodes carry proof and disproof numbers."""
    shapes = {n.shape for n in view.nodes if n.status != "hidden"}
    states = {n.status for n in view.nodes} | {b.kind for b in view.boxes}
    if "state" in shapes:  # an A* search graph
        out = ["legend.expanded"]
        out += [k for k, s in (("legend.open", "unvisited"), ("legend.discarded", "pruned"))
                if s in states]
        if frames:
            return (*out, "legend.current")
        return (*out, "legend.path") if any(e.pv for e in view.edges) else tuple(out)
    out = [f"legend.{s}" for s in ("max", "min", "chance", "terminal", "static") if s in shapes]
    if any(n.andor == "and" for n in view.nodes):
        out.append("legend.and")
    marks = {n.value for n in view.nodes}
    andor = bool(marks & {"✓", "✗", "yes", "no"}) or any(n.andor for n in view.nodes)
    out += [k for k, m in (("legend.solved", ("✓", "yes")), ("legend.unsolvable", ("✗", "no")))
            if marks & set(m)]
    if numbers:
        out.append("legend.numbers")
    if any(n.tt for n in view.nodes):
        out.append("legend.tt")
    if "pruned" in states:
        out.append("legend.pruned")
    if frames:
        out.append("legend.unvisited.yet")
    elif "unvisited" in states:
        out.append("legend.unvisited")
    if any(b.kind == "explored" for b in view.boxes):
        out.append("legend.box")
    if frames:
        out.append("legend.current")
    elif any(e.pv for e in view.edges):
        out.append("legend.solution" if andor else "legend.pv")
    return tuple(out)
