"""Pruned subtrees drawn as the lecture draws them (``--pruned cross`` or ``hide``).

The lecture marks a cut with a cross on the edge into the first child not searched,
and writes no values below it.  ``cross`` keeps the pruned subtree as a faint ghost
(without values); ``hide`` leaves only the crossed edge, cut short, as AIMA's
Fig. 5.5 does.

A cross is two short strokes across the edge, an "x" on the page whatever the edge's
slope, each drawn as an edge between two
invisible points (no font needed), so it needs positions: pinned drawings only.
Every drawing of a sequence has the crosses of the final diagram, invisible until
the frame whose cut they mark (so that every frame has the same elements).
"""

from __future__ import annotations

import math

from ..model.view import View
from .notes import note_name
from .themes import Theme

__all__ = ["CROSS", "STUB", "pruned_marks"]

Attrs = dict[str, str]
Point = tuple[float, float]

CROSS = "gt.cross."
"""Prefix of the names of the points a cross's strokes run between."""
ARM = 7.0
"""Half the length of a stroke, in points."""
AT = 0.3
"""Where a cross sits along its edge, from the parent.  The edge labels are placed
afterwards, clear of its strokes (:mod:`tracer.render.draw.labels`): avoiding where ``dot``
first put them instead pushed crosses up against the parent, touching each other."""
STUB = 0.45
"""``hide``: the share of a cut edge still drawn, from its parent (at least to just past
the cross)."""


def pruned_marks(view: View, nodes: dict[str, Attrs], edges: dict[tuple[str, str], Attrs],
                 theme: Theme) -> tuple[list[tuple[str, Attrs]],
                                        list[tuple[tuple[str, str], Attrs]]]:
    """The crosses on ``view.marks`` (shown where this view has the edge pruned); with
    ``hide``, pruned nodes and their edges made invisible, cut edges cut short (in place).
    """
    out_nodes: list[tuple[str, Attrs]] = []
    out_edges: list[tuple[tuple[str, str], Attrs]] = []
    if view.pruned == "ghost":
        return out_nodes, out_edges
    status = {e.head: e.status for e in view.edges}
    tail_of = {e.head: e.tail for e in view.edges}

    def edge_key(tail: str, head: str) -> tuple[str, str]:
        return (note_name(tail) if view.notes else tail, head)

    cut = {head for _, head in view.marks if status.get(head) == "pruned"}
    if view.pruned == "hide":
        for node in view.nodes:
            if node.status != "pruned":
                continue
            for name in (node.key, note_name(node.key)):
                if name in nodes:
                    nodes[name].update(style="invis", label="", xlabel="")
            stub = edges.get((node.key, note_name(node.key)))
            if stub is not None:
                stub["style"] = "invis"
            into = edges.get(edge_key(tail_of.get(node.key, ""), node.key))
            if into is not None and node.key not in cut:
                into.update(style="invis", label="")
    for tail, head in view.marks:
        attrs = edges.get(edge_key(tail, head))
        ends = _ends(attrs) if attrs is not None else None
        if attrs is None or ends is None:
            continue
        (x0, y0), (x1, y1) = ends
        shown = head in cut
        attrs["headclip"] = "true"  # the same attributes in every frame (see dot.elements)
        t = AT
        cx, cy = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
        if view.pruned == "hide" and shown:
            reach = max(STUB, t + 0.1)
            xs, ys = x0 + reach * (x1 - x0), y0 + reach * (y1 - y0)
            attrs["pos"] = _line((x0, y0), (xs, ys))
            attrs["headclip"] = "false"
        # The strokes lie at 45 degrees on the page, not to the edge: turned with a
        # diagonal edge, the cross read "+" beside the "x" of a vertical one.
        for k, turn in enumerate((math.pi / 4, -math.pi / 4)):
            dx, dy = ARM * math.cos(turn), ARM * math.sin(turn)
            a, b = f"{CROSS}{tail}.{head}.{k}a", f"{CROSS}{tail}.{head}.{k}b"
            for name, (x, y) in ((a, (cx - dx, cy - dy)), (b, (cx + dx, cy + dy))):
                out_nodes.append((name, {"shape": "point", "width": "0.01", "height": "0.01",
                                         "style": "invis", "label": "",
                                         "pos": f"{x:.2f},{y:.2f}"}))
            out_edges.append(((a, b), {
                "pos": _line((cx - dx, cy - dy), (cx + dx, cy + dy)),
                "style": "solid" if shown else "invis", "color": theme.cut,
                "penwidth": "2.4", "tailclip": "false", "headclip": "false"}))
    return out_nodes, out_edges


def _line(a: Point, b: Point) -> str:
    """The ``pos`` of a straight edge from ``a`` to ``b`` (a Bézier with its ends doubled)."""
    start, end = f"{a[0]:.2f},{a[1]:.2f}", f"{b[0]:.2f},{b[1]:.2f}"
    return f"{start} {start} {end} {end}"


def _ends(attrs: Attrs) -> tuple[Point, Point] | None:
    """The first and last points of an edge's ``pos`` (straight edges: its two ends)."""
    pos = attrs.get("pos")
    if not pos:
        return None
    points = [p for p in pos.split() if not p.startswith(("e,", "s,"))]
    try:
        first = tuple(float(v) for v in points[0].split(","))
        last = tuple(float(v) for v in points[-1].split(","))
    except (ValueError, IndexError):
        return None
    return (first[0], first[1]), (last[0], last[1])
