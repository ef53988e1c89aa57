"""Drawing on the laid-out tree: what needs positions, so pinned drawings only.

* :func:`tuck` pulls the box under each node (:mod:`tracer.render.draw.notes`) up against the
  node, and the node's tree edges with it: ``dot`` leaves a rank's worth of room between
  a node and the box tied under it.
* :func:`and_arcs` draws the lecture's arc across the edges of every AND node (AND/OR
  and proof-number searches): a circular arc around the point the edges leave from, as
  the Bézier ``pos`` of an edge between two invisible points.  ``dot`` alone cannot
  place such an arc, so DOT for ``dot`` marks AND nodes with a tag instead.
"""

from __future__ import annotations

import math

from ..model.view import View
from .notes import note_name, note_size

__all__ = ["AND", "and_arcs", "tuck"]

Attrs = dict[str, str]
Point = tuple[float, float]

GAP = 4.0
"""Points between a node and the box under it (room for a current node's double border)."""
AND = "gt.and."
"""Prefix of the names of the two invisible points an arc runs between."""
ARC_RADIUS = 20.0
ARC_OVERHANG = 0.12
"""Radians the arc reaches past the outermost edges, so that it visibly crosses them."""


def tuck(view: View, nodes: dict[str, Attrs], edges: dict[tuple[str, str], Attrs],
         scale: float = 1.0, rankdir: str = "TB") -> float:
    """Move each box under a node up to the node (in place: ``pos`` and edge ``pos``/``lp``);
    ``scale``: the boxes' sizes are the theme's times this (``--preset slides``).

    ``rankdir`` ``LR`` (root at the left): "under" is then "after", to the node's right,
    where ``dot`` puts the box a rank away; the geometry is the same, turned.

    Returns how far, at most, an edge label moved across the rank direction with its edge
    (sideways in ``TB``, up or down in ``LR``): the drawing's frame must grow by as much,
    as a label at the edge of the layout may now stick out."""
    turn = _Turn(rankdir)
    moved = 0.0
    by_tail: dict[str, list[Attrs]] = {}
    for (tail, _), attrs in edges.items():
        by_tail.setdefault(tail, []).append(attrs)
    for node in view.nodes:
        name = note_name(node.key)
        note = nodes.get(name)
        own = nodes.get(node.key)
        stub = _ends(edges.get((node.key, name), {}))
        if note is None or own is None or stub is None or "pos" not in note:
            continue
        # The stub leaves from the bottom of the node's shape (a triangle's base is above
        # the bottom of its box): the box goes right under that.  Across the rank
        # direction a triangle is widest at its base, so in ``LR`` the box goes after the
        # node's whole box.
        xn, bottom = turn.into(stub[0])
        if turn.lr and "width" in own:
            bottom = -(_point(own["pos"])[0] + float(own["width"]) * 36)
        xp, _ = turn.into(_point(note["pos"]))
        width, height = note_size(node)
        h_note = (width if turn.lr else height) * scale
        gap = GAP if h_note else 0.0
        y_new = bottom - gap - h_note / 2
        dx = xn - xp
        x, y = turn.out((xn, y_new))
        note["pos"] = f"{x:.3f},{y:.3f}"  # as the stub, to the digit
        for attrs in by_tail.get(name, []):
            moved = max(moved, _move_start(attrs, dx, y_new - h_note / 2, turn))
    return moved


class _Turn:
    """Points turned so that the tree grows downwards (``TB``, Graphviz's y up): ``LR``
    maps (x, y) to (y, -x), which takes "to the right" to "down"; ``out`` turns back."""

    def __init__(self, rankdir: str) -> None:
        self.lr = rankdir == "LR"

    def into(self, p: Point) -> Point:
        return (p[1], -p[0]) if self.lr else p

    def out(self, p: Point) -> Point:
        return (-p[1], p[0]) if self.lr else p


def _move_start(attrs: Attrs, dx: float, ny: float, turn: _Turn) -> float:
    """Move a straight edge's first end by ``dx`` and to height ``ny`` (the bottom of the
    box it leaves from; both in ``turn``'s frame); its label follows the line where it
    crosses.  Returns how far the label moved."""
    pos = attrs.get("pos")
    if not pos:
        return 0.0
    points = [turn.into(_point(p)) for p in pos.split() if not p.startswith(("e,", "s,"))]
    (sx, sy), (ex, ey) = points[0], points[-1]
    nx = sx + dx
    (ax, ay), (bx, by) = turn.out((nx, ny)), turn.out((ex, ey))
    attrs["pos"] = f"{ax:.2f},{ay:.2f} {ax:.2f},{ay:.2f} {bx:.2f},{by:.2f} {bx:.2f},{by:.2f}"
    lp = attrs.get("lp")
    if lp and ey != sy and ey != ny:
        lx, ly = turn.into(_point(lp))
        before = sx + (ex - sx) * (ly - sy) / (ey - sy)
        after = nx + (ex - nx) * (ly - ny) / (ey - ny)
        qx, qy = turn.out((lx + after - before, ly))
        attrs["lp"] = f"{qx:.2f},{qy:.2f}"
        return abs(after - before)
    return 0.0


def and_arcs(view: View, nodes: dict[str, Attrs], edges: dict[tuple[str, str], Attrs],
             colours: dict[str, str]) -> tuple[list[tuple[str, Attrs]],
                                                list[tuple[tuple[str, str], Attrs]]]:
    """Two invisible points and one curved edge per AND node with two or more edges.

    ``colours`` gives the line colour by status (``explored``, ``pruned``, ``unvisited``).
    An arc whose node or edges are hidden in this frame is there, invisible, so every
    frame has the same elements."""
    out_nodes: list[tuple[str, Attrs]] = []
    out_edges: list[tuple[tuple[str, str], Attrs]] = []
    kids: dict[str, list[tuple[str, str]]] = {}
    for e in view.edges:
        kids.setdefault(e.tail, []).append((e.head, e.status))
    notes = view.notes
    for node in view.nodes:
        children = kids.get(node.key, [])
        if node.andor != "and" or len(children) < 2:
            continue
        tail = note_name(node.key) if notes else node.key
        lines = [_ends(edges.get((tail, head), {})) for head, _ in children]
        if any(x is None for x in lines):
            continue
        arc = _arc([x for x in lines if x is not None])
        shown = [s for _, s in children if s != "hidden"]
        status = "hidden" if node.status == "hidden" or len(shown) < 2 else node.status
        a, b = f"{AND}{node.key}.a", f"{AND}{node.key}.b"
        first, last = arc[0], arc[-1]
        for name, (x, y) in ((a, first), (b, last)):
            out_nodes.append((name, {"shape": "point", "width": "0.01", "height": "0.01",
                                     "style": "invis", "label": "", "pos": f"{x:.2f},{y:.2f}"}))
        out_edges.append(((a, b), {
            "pos": " ".join(f"{x:.2f},{y:.2f}" for x, y in arc),
            "style": "invis" if status == "hidden" else
            {"pruned": "dashed", "unvisited": "dotted"}.get(status, "solid"),
            "color": colours.get(status, colours["explored"]), "penwidth": "1.5",
            "tailclip": "false", "headclip": "false"}))
    return out_nodes, out_edges


def _ends(attrs: Attrs) -> tuple[Point, Point] | None:
    pos = attrs.get("pos")
    if not pos:
        return None
    points = [_point(p) for p in pos.split() if not p.startswith(("e,", "s,"))]
    return points[0], points[-1]


def _arc(lines: list[tuple[Point, Point]]) -> list[Point]:
    """Bézier points of an arc around the common start of ``lines``, across all of them."""
    (cx, cy), _ = lines[0]
    angles = [math.atan2(ey - sy, ex - sx) for (sx, sy), (ex, ey) in lines]
    shortest = min(math.hypot(ex - sx, ey - sy) for (sx, sy), (ex, ey) in lines)
    r = min(ARC_RADIUS, 0.4 * shortest)
    lo, hi = min(angles) - ARC_OVERHANG, max(angles) + ARC_OVERHANG
    pieces = max(1, math.ceil((hi - lo) / (math.pi / 4)))
    step = (hi - lo) / pieces
    k = 4 / 3 * math.tan(step / 4) * r
    points: list[Point] = []
    for i in range(pieces):
        a0, a1 = lo + i * step, lo + (i + 1) * step
        p0 = (cx + r * math.cos(a0), cy + r * math.sin(a0))
        p3 = (cx + r * math.cos(a1), cy + r * math.sin(a1))
        p1 = (p0[0] - k * math.sin(a0), p0[1] + k * math.cos(a0))
        p2 = (p3[0] + k * math.sin(a1), p3[1] - k * math.cos(a1))
        if not points:
            points.append(p0)
        points += [p1, p2, p3]
    return points


def _point(text: str) -> Point:
    x, y = text.split(",")[:2]
    return float(x), float(y)
