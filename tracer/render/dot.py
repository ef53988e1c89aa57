"""View model -> DOT source, built with the ``graphviz`` package.

Node sizes are fixed (``fixedsize``) and labels are HTML tables with fixed row heights,
so the layout of the tree does not depend on the fonts installed.  With ``pinned``
positions (from one layout of the final diagram) the DOT carries ``pos`` for every
node and edge and is rendered with ``neato -n2`` semantics: every frame of a sequence
puts every node at the same place.
"""

from __future__ import annotations

import functools
import textwrap
from dataclasses import dataclass, field
from html import escape

import graphviz

from .footer import CHAR_EM, LEGEND_PT, graph_label
from .footer import nodes as footer_nodes
from .themes import THEMES, Theme
from .view import View, ViewBox, ViewEdge, ViewNode

__all__ = ["Elements", "Pinned", "elements", "to_dot"]

TRIANGLE = ("1.0", "0.8")
LEAF = "0.56"
CIRCLE = "0.78"
STATE = ("1.0", "0.56")
VALUE_PT = 16
NAME_PT = 10
ANCHORS = ("gt:anchor:sw", "gt:anchor:ne")
ANCHOR_MARGIN = 8.0


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


Attrs = dict[str, str]
Elements = tuple[list[tuple[str, Attrs]], list[tuple[tuple[str, str], Attrs]]]


def to_dot(view: View, theme: Theme, *, pinned: Pinned | None = None,
           with_label: bool = True) -> str:
    """The DOT source of ``view``: plain for ``dot``, or with ``pinned`` positions."""
    g = graphviz.Digraph("gametree")
    g.attr("graph", rankdir="TB", splines="line", ordering="out", outputorder="edgesfirst",
           nodesep="0.18", ranksep="0.42", bgcolor=theme.background, pad="0.2",
           fontname=theme.font, forcelabels="true", labelloc="b", labeljust="c")
    g.attr("node", fontname=theme.font, fontcolor=theme.ink, fixedsize="true",
           penwidth="1.4", margin="0")
    g.attr("edge", fontname=theme.font, fontcolor=theme.ink, arrowhead="none",
           penwidth="1.3", color=theme.edge, tailport="s", headport="n")
    if with_label and pinned is None:
        label = graph_label(view, theme)
        if label:
            g.attr("graph", label=label)
    nodes, edges = elements(view, theme, pinned=pinned, with_label=with_label)
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
    # Attributes are cached by (element, theme): most elements do not change between frames.
    for node in view.nodes:
        nodes.append((node.key, dict(_node_attrs(node, theme.name))))
    for box in view.boxes:
        nodes.append((box.key, dict(_box_attrs(box, theme.name))))
    for edge in view.edges:
        edges.append(((edge.tail, edge.head), dict(_edge_attrs(edge, theme.name))))
    if pinned is None:
        return nodes, edges
    node_defaults, edge_defaults = _node_defaults(theme), _edge_defaults(theme)
    for name, attrs in nodes:
        attrs["pos"] = pinned.nodes.get(name, "0,0")
        for attr, value in node_defaults.items():
            attrs.setdefault(attr, value)
    for ends, attrs in edges:
        if ends in pinned.edges:
            attrs["pos"] = pinned.edges[ends]
        if ends in pinned.labels:
            attrs["lp"] = pinned.labels[ends]
        for attr, value in edge_defaults.items():
            attrs.setdefault(attr, value)
    # Two invisible corner points keep the drawing's bounding box (so the SVG's
    # coordinates) the same in every frame, whatever labels a frame shows.
    # The margin leaves room for a current node's double border at the edge.
    x0, y0, x1, y1 = pinned.bb
    m = ANCHOR_MARGIN
    for name, (x, y) in zip(ANCHORS, ((x0 - m, y0 - m), (x1 + m, y1 + m)), strict=True):
        nodes.append((name, {"label": "", "style": "invis", "width": "0.01",
                             "height": "0.01", "pos": f"{x:.2f},{y:.2f}"}))
    if with_label:
        nodes.extend(footer_nodes(view, theme, pinned.bb))
    return nodes, edges


def _node_defaults(theme: Theme) -> Attrs:
    return {"label": "", "xlabel": "", "style": "filled", "color": theme.ink,
            "fillcolor": theme.background, "fontcolor": theme.ink, "penwidth": "1.4",
            "peripheries": "1", "tooltip": "", "fontsize": "14"}


def _edge_defaults(theme: Theme) -> Attrs:
    return {"label": "", "style": "solid", "color": theme.edge, "penwidth": "1.3",
            "fontsize": "14"}


@functools.lru_cache(maxsize=1 << 16)
def _node_line(name: str, attrs: tuple[tuple[str, str], ...]) -> str:
    g = graphviz.Digraph()
    g.node(graphviz.nohtml(name), **dict(attrs))
    return str(g.body[0])


@functools.lru_cache(maxsize=1 << 16)
def _edge_line(tail: str, head: str, attrs: tuple[tuple[str, str], ...]) -> str:
    g = graphviz.Digraph()
    g.edge(graphviz.nohtml(tail), graphviz.nohtml(head), **dict(attrs))
    return str(g.body[0])


# nodes ------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1 << 16)
def _node_attrs(node: ViewNode, theme_name: str) -> dict[str, str]:
    theme = THEMES[theme_name]
    shape = node.shape
    attrs: dict[str, str] = {"tooltip": node.tooltip, "id": _svg_id(node.key)}
    if shape in ("max", "min"):
        attrs.update(shape="triangle" if shape == "max" else "invtriangle",
                     width=TRIANGLE[0], height=TRIANGLE[1])
    elif shape == "chance":
        attrs.update(shape="circle", width=CIRCLE, height=CIRCLE)
    elif shape == "state":
        attrs.update(shape="box", width=STATE[0], height=STATE[1])
    else:
        attrs.update(shape="box", width=LEAF, height=LEAF)
    style = ["filled"]
    if shape in ("static", "state"):
        style.append("rounded")
    line = theme.line.get(shape, theme.ink)
    fill = theme.fill.get(shape, theme.background)
    text = theme.ink
    if node.status == "hidden":
        attrs.update(style="invis", label="")
        return attrs
    if node.status in ("pruned", "unvisited"):
        style.append("dashed" if node.status == "pruned" else "dotted")
        line, text = theme.ghost_line, theme.ghost_text
        fill = theme.ghost_tint.get(shape, theme.ghost_fill)
    if node.current:
        fill = theme.current_fill
        attrs.update(peripheries="2", penwidth="2.2")
        line = theme.ink
    elif node.pv:
        attrs["penwidth"] = "2.8"
    attrs.update(style=",".join(style), color=line, fillcolor=fill, fontcolor=text,
                 label=_node_label(node, shape, italic=shape == "static"))
    if node.extra:
        attrs["xlabel"] = "<" + "<BR/>".join(
            f'<FONT POINT-SIZE="9">{escape(x)}</FONT>' for x in node.extra) + ">"
    return attrs


def _node_label(node: ViewNode, shape: str, *, italic: bool) -> str:
    rows: list[tuple[str, int]] = []
    value = node.value
    if value is not None:
        size = VALUE_PT if len(value) <= 4 else (13 if len(value) <= 6 else 11)
        if shape in ("terminal", "static"):
            size -= 1
        text = escape(value)
        if italic:
            text = f"<I>{text}</I>"
        value_row = (f'<FONT POINT-SIZE="{size}">{text}</FONT>', 20)
    else:
        value_row = ("", 20)
    name_row = (f'<FONT POINT-SIZE="{NAME_PT}">{escape(node.name)}</FONT>', 12) \
        if node.name else None
    if shape == "state":  # A*: the state big, g+h=f small
        rows = [(f'<FONT POINT-SIZE="13">{escape(node.name or "")}</FONT>', 17),
                (f'<FONT POINT-SIZE="{NAME_PT}">{escape(value or "")}</FONT>', 13)]
        cells = "".join(f'<TR><TD HEIGHT="{h}">{t}</TD></TR>' for t, h in rows)
        return (f'<<TABLE BORDER="0" CELLBORDER="0" CELLPADDING="0" CELLSPACING="0">{cells}'
                f'</TABLE>>')
    if shape == "min":
        rows = [value_row, name_row] if name_row else [value_row, ("", 8)]
    elif shape == "max":
        rows = [name_row, value_row] if name_row else [("", 8), value_row]
    else:
        rows = [name_row, value_row] if name_row else [value_row]
    if value is None and name_row is None:
        return "<>"
    cells = "".join(f'<TR><TD HEIGHT="{h}" FIXEDSIZE="FALSE">{t}</TD></TR>' for t, h in rows)
    return f'<<TABLE BORDER="0" CELLBORDER="0" CELLPADDING="0" CELLSPACING="0">{cells}</TABLE>>'


@functools.lru_cache(maxsize=1 << 14)
def _box_attrs(box: ViewBox, theme_name: str) -> dict[str, str]:
    theme = THEMES[theme_name]
    lines = textwrap.wrap(box.text, 18) or [""]
    width = max(len(x) for x in lines) * LEGEND_PT * CHAR_EM / 72 + 0.25
    attrs = {"shape": "note", "width": f"{width:.2f}", "height": f"{0.22 + 0.18 * len(lines):.2f}",
             "fontsize": str(LEGEND_PT), "label": "\n".join(lines), "id": _svg_id(box.key)}
    if box.hidden:
        attrs.update(style="invis", label="")
        return attrs
    style = ["filled"]
    line, text = theme.line["box"], theme.ink
    if box.kind == "pruned":
        style.append("dashed")
        line, text = theme.ghost_line, theme.ghost_text
    elif box.kind == "unvisited":
        style.append("dotted")
        line, text = theme.ghost_line, theme.ghost_text
    attrs.update(style=",".join(style), color=line, fontcolor=text,
                 fillcolor=theme.fill["box"] if box.kind == "explored" else theme.ghost_fill)
    return attrs


# edges ------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1 << 16)
def _edge_attrs(edge: ViewEdge, theme_name: str) -> dict[str, str]:
    theme = THEMES[theme_name]
    attrs: dict[str, str] = {}
    if edge.status == "hidden":
        attrs["style"] = "invis"
        return attrs
    if edge.status in ("pruned", "unvisited"):
        attrs.update(style="dashed" if edge.status == "pruned" else "dotted",
                     color=theme.ghost_line)
    elif edge.pv:
        attrs.update(penwidth="3.6", color=theme.pv)
    if edge.cut is not None:
        kind, comparison = edge.cut
        attrs["label"] = (
            f'<<TABLE BORDER="0" CELLBORDER="0" CELLPADDING="1" CELLSPACING="0" '
            f'BGCOLOR="{theme.background}">'
            f'<TR><TD><FONT COLOR="{theme.cut}" POINT-SIZE="12"><I>{escape(kind)}</I></FONT>'
            f'</TD></TR><TR><TD><FONT POINT-SIZE="12">{escape(comparison)}</FONT></TD></TR>'
            f'</TABLE>>')
    elif edge.extra:
        lines = ([f'<FONT POINT-SIZE="10">{escape(edge.move)}</FONT>'] if edge.move else []) + [
            f'<FONT POINT-SIZE="9">{escape(x)}</FONT>' for x in edge.extra]
        rows = "".join(f"<TR><TD>{x}</TD></TR>" for x in lines)
        attrs["label"] = (f'<<TABLE BORDER="0" CELLBORDER="0" CELLPADDING="0" CELLSPACING="0" '
                          f'BGCOLOR="{theme.background}">{rows}</TABLE>>')
    elif edge.move:
        attrs.update(label=edge.move, fontsize="10")
    return attrs


def _svg_id(key: str) -> str:
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in key)
    return f"n-{safe}"
