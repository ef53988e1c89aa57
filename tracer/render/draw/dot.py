"""View model -> DOT source, built with the ``graphviz`` package.

Node sizes are fixed (``fixedsize``) and labels are HTML tables with fixed row heights,
so the layout of the tree does not depend on the fonts installed.  With ``pinned``
positions (from one layout of the final diagram) the DOT carries ``pos`` for every
node and edge and is rendered with ``neato -n2`` semantics: every frame of a sequence
puts every node at the same place.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import graphviz

from ..model.view import View
from .dotquote import dot_name, edge_stmt, html_text, node_stmt
from .footer import graph_label
from .footer import nodes as footer_nodes
from .geometry import and_arcs, tuck
from .labels import Placed, node_box, place_labels
from .marks import pruned_marks
from .notes import note_attrs, note_name, stub_attrs
from .presets import scale_elements
from .sidenote import side_note_node
from .spacers import ROOM, carriers, cut_notes, with_rooms
from .styles import box_attrs, edge_attrs, node_attrs
from .themes import Theme

__all__ = ["Elements", "Pinned", "elements", "elements_dot", "to_dot"]

ANCHORS = ("gt:anchor:sw", "gt:anchor:ne")
ANCHOR_MARGIN = 10.0
"""Room around the layout for a current node's double border (at a triangle's corners)."""


@dataclass(frozen=True)
class Pinned:
    """Positions from one layout, reused for every frame."""

    nodes: dict[str, str]
    """Node name -> ``"x,y"`` in points."""
    edges: dict[tuple[str, str], str] = field(default_factory=dict)
    """(tail, head) -> spline ``pos``."""
    labels: dict[tuple[str, str], str] = field(default_factory=dict)
    """(tail, head) -> label position ``lp``."""
    bb: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    placed: Placed = field(default_factory=dict, compare=False, repr=False)
    """Edge labels already placed on these positions (:mod:`tracer.render.draw.labels`)."""


Attrs = dict[str, str]
Elements = tuple[list[tuple[str, Attrs]], list[tuple[tuple[str, str], Attrs]]]


def to_dot(view: View, theme: Theme, *, pinned: Pinned | None = None,
           with_label: bool = True) -> str:
    """The DOT source of ``view``: plain for ``dot``, or with ``pinned`` positions."""
    label = graph_label(view, theme) if with_label and pinned is None else ""
    return elements_dot(elements(view, theme, pinned=pinned, with_label=with_label), theme,
                        label=label, nodesep=COMPACT_NODESEP if view.compact else NODESEP)


NODESEP = "0.18"
COMPACT_NODESEP = "0.08"
"""Inches between neighbours; a wide tree's leaves stand closer (the compact style)."""


def elements_dot(parts: Elements, theme: Theme, *, label: str = "",
                 nodesep: str = NODESEP) -> str:
    """The DOT source of a graph of ``parts`` (nodes, then edges) drawn in ``theme``."""
    g = graphviz.Digraph("gametree")
    # Growing right, a rank is as wide as its widest box and edge label: less room
    # between ranks keeps a deep tree large on a wide slide.  Edge labels that found no
    # place by their own edge ask for longer edges (theme.ranksep, at the theme's scale).
    ranksep = ("0.2" if theme.rankdir == "LR" else "0.42") if theme.ranksep is None \
        else f"{theme.ranksep * theme.scale:g}"
    g.attr("graph", rankdir=theme.rankdir, splines="line", ordering="out",
           outputorder="edgesfirst", nodesep=nodesep, ranksep=ranksep,
           bgcolor=theme.background, pad=f"{theme.pad:g}",
           fontname=theme.font, forcelabels="true", labelloc="b", labeljust="c")

    g.attr("node", fontname=theme.font, fontcolor=theme.ink, fixedsize="true",
           penwidth="1.4", margin="0")
    tail, head = ("e", "w") if theme.rankdir == "LR" else ("s", "n")
    g.attr("edge", fontname=theme.font, fontcolor=theme.ink, arrowhead="none",
           penwidth="1.3", color=theme.edge, tailport=tail, headport=head)
    if label:
        g.attr("graph", label=label)
    nodes, edges = parts
    # ``ratio`` (height / width) makes dot stretch the layout, never the nodes; drawings
    # with positions are already stretched (and the bundled nop2 crashes on ``ratio``).
    if theme.aspect is not None and not any("pos" in attrs for _, attrs in nodes):
        g.attr("graph", ratio=f"{1 / theme.aspect:.4f}")
    # Lines are cached: the frames of a sequence repeat most of them.
    g.body.extend(_node_line(name, tuple(sorted(attrs.items()))) for name, attrs in nodes)
    g.body.extend(_edge_line(t, h, tuple(sorted(attrs.items()))) for (t, h), attrs in edges)
    return str(g.source)


def elements(view: View, theme: Theme, *, pinned: Pinned | None = None,
             with_label: bool = True) -> Elements:
    """Every node and edge with its attributes, in drawing order.

    With ``pinned`` positions every element carries the same attribute names in every
    frame (missing ones get their plain value), so a frame can restyle the previous
    one in place."""
    nodes: list[tuple[str, Attrs]] = []
    edges: list[tuple[tuple[str, str], Attrs]] = []
    parents = frozenset(e.tail for e in view.edges)
    # Attributes are cached by (element, theme): most elements do not change between frames.
    for node in view.nodes:
        attrs = dict(node_attrs(node, theme.name, view.compact))
        if pinned is None and node.andor == "and" and node.status != "hidden":
            attrs["xlabel"] = _and_tag(attrs.get("xlabel"), view.and_tag)
        nodes.append((node.key, attrs))
        if view.notes:
            nodes.append((note_name(node.key),
                          dict(note_attrs(node, theme.name, node.key in parents))))
    for box in view.boxes:
        nodes.append((box.key, dict(box_attrs(box, theme.name))))
    if view.notes:
        for node in view.nodes:
            edges.append(((node.key, note_name(node.key)),
                          stub_attrs(node, parent=node.key in parents, pinned=pinned is not None,
                                     colour=theme.edge)))
    for edge in view.edges:
        tail = note_name(edge.tail) if view.notes else edge.tail
        edges.append(((tail, edge.head), dict(edge_attrs(edge, theme.name))))
    if theme.scale != 1.0:
        scale_elements(nodes, theme.scale)
        scale_elements(edges, theme.scale)
    notes = cut_notes(view, theme.name, theme.scale)
    if pinned is None:
        edges = with_rooms(view, nodes, edges, theme.rankdir, notes)
        if view.side is not None:
            nodes.append(side_note_node(view.side, None))
        return nodes, edges
    node_defaults, edge_defaults = _node_defaults(theme), _edge_defaults(theme)
    # A layout names nodes as DOT does (tracer.render.draw.dotquote.dot_name).
    for name, attrs in nodes:
        attrs["pos"] = pinned.nodes.get(dot_name(name), "0,0")
    for (tail, head), attrs in edges:
        ends = (dot_name(tail), dot_name(head))
        if ends in pinned.edges:
            attrs["pos"] = pinned.edges[ends]
        if ends in pinned.labels:
            attrs["lp"] = pinned.labels[ends]
    bb = pinned.bb
    overhang = 0.0
    if view.notes:
        overhang = tuck(view, dict(nodes), dict(edges), theme.scale, theme.rankdir)
        # The boxes under the nodes moved up: the layout's box has room they left
        # empty (a wide margin above and below a tree with boards). The nodes' own
        # extent, the same in every frame, is the picture's height (its width when
        # the tree grows to the right).
        boxes = [b for name, attrs in nodes if (b := node_box(name, attrs)) is not None]
        if boxes and theme.rankdir == "LR":
            bb = (min(b[0] for b in boxes), bb[1], max(b[2] for b in boxes), bb[3])
        elif boxes:
            bb = (bb[0], min(b[1] for b in boxes), bb[2], max(b[3] for b in boxes))
    colours = {"explored": theme.ink, "pruned": theme.ghost_line, "unvisited": theme.wait_line}
    arc_nodes, arc_edges = and_arcs(view, dict(nodes), dict(edges), colours)
    nodes += arc_nodes
    edges += arc_edges
    mark_nodes, mark_edges = pruned_marks(view, dict(nodes), dict(edges), theme)
    nodes += mark_nodes
    edges += mark_edges
    # A node that cut has its spacer after the edge into it; the root has no such
    # edge: its label is carried from its own place (every frame has the carrier).
    heads = frozenset(e.head for e in view.edges)
    rooms = {n.key: at for n in view.nodes
             if (at := pinned.nodes.get(dot_name(ROOM + n.key))
                 or (pinned.nodes.get(dot_name(n.key)) if n.key in parents
                     and n.key not in heads else None)) is not None}
    note_nodes, note_edges, owners = carriers(view, notes, rooms)
    nodes += note_nodes
    edges += note_edges
    place_labels(nodes, edges, bb, pinned.placed,  # clear of every line and node
                 owners=owners, rankdir=theme.rankdir)
    for _, attrs in nodes:
        for attr, value in node_defaults.items():
            attrs.setdefault(attr, value)
    for _, attrs in edges:
        for attr, value in edge_defaults.items():
            attrs.setdefault(attr, value)
    # Two invisible corner points keep the drawing's bounding box (so the SVG's
    # coordinates) the same in every frame, whatever labels a frame shows.
    # The margin leaves room for a current node's double border at the edge, and at the
    # sides for an edge label that moved with its edge when the boxes under the nodes
    # were tucked up and found no better place (tracer.render.draw.labels).
    x0, y0, x1, y1 = bb
    m, mx = ANCHOR_MARGIN, ANCHOR_MARGIN + round(overhang, 1)
    if theme.rankdir == "LR":  # the labels moved up or down with their edges
        m, mx = mx, m
    for name, (x, y) in zip(ANCHORS, ((x0 - mx, y0 - m), (x1 + mx, y1 + m)), strict=True):
        nodes.append((name, {"label": "", "style": "invis", "width": "0.01",
                             "height": "0.01", "pos": f"{x:.2f},{y:.2f}"}))
    if with_label:
        nodes.extend(footer_nodes(view, theme, bb))
    if view.side is not None:
        nodes.append(side_note_node(view.side, pinned.bb))
    return nodes, edges


def _and_tag(xlabel: str | None, word: str) -> str:
    """DOT for ``dot`` has no positions to draw the AND arc with: a tag (``word``, the
    legend's) says it."""
    tag = f'<FONT POINT-SIZE="9"><B>{html_text(word)}</B></FONT>'
    if xlabel and xlabel.startswith("<") and xlabel.endswith(">"):
        return f"<{tag}<BR/>{xlabel[1:-1]}>"
    return f"<{tag}>"


def _node_defaults(theme: Theme) -> Attrs:
    return {"label": "", "xlabel": "", "style": "filled", "color": theme.ink,
            "fillcolor": theme.background, "fontcolor": theme.ink, "penwidth": "1.4",
            "peripheries": "1", "tooltip": "", "fontsize": "14"}


def _edge_defaults(theme: Theme) -> Attrs:
    return {"label": "", "style": "solid", "color": theme.edge, "penwidth": "1.3",
            "fontsize": "14"}


# Every node and edge line is written by tracer.render.draw.dotquote: names always
# quoted (never a port, never an HTML-like string), no attribute that loads a file.
@functools.lru_cache(maxsize=1 << 16)
def _node_line(name: str, attrs: tuple[tuple[str, str], ...]) -> str:
    return node_stmt(name, attrs)


@functools.lru_cache(maxsize=1 << 16)
def _edge_line(tail: str, head: str, attrs: tuple[tuple[str, str], ...]) -> str:
    return edge_stmt(tail, head, attrs)
