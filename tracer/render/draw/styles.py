"""How each node, summary box and edge looks: DOT attributes from the view model.

Node sizes are fixed (``fixedsize``) and labels are HTML tables with fixed row heights,
so the layout does not depend on the fonts installed.  Attributes are cached by
(element, theme): most elements do not change from one frame to the next.
"""

from __future__ import annotations

import functools
import textwrap

from ..model.view import ViewBox, ViewEdge, ViewNode
from .dotquote import attr_text, clip, html_text, label_text, svg_safe
from .fontwidths import chars_width
from .footer import LEGEND_PT
from .svgtext import text_width
from .themes import THEMES

__all__ = ["box_attrs", "cut_label", "edge_attrs", "node_attrs", "svg_id"]

TRIANGLE = ("1.0", "0.8")
COMPACT_TRIANGLE = ("0.76", "0.8")
NARROW_ROOM = 0.66
"""The share of a compact triangle's width its value may take (it sits where the
triangle narrows)."""
"""MAX and MIN nodes of a wide tree: its last rows of triangles are as crowded as its
leaves (27 triangles over the 81 leaves of a 3x4 uniform tree)."""
LEAF = "0.56"
COMPACT_LEAF = ("0.32", "0.48")
"""A leaf of a wide tree (see :data:`tracer.render.model.view.COMPACT_LEAVES`)."""
COMPACT_VALUE_PT = (14, 12, 11, 10, 9, 8)
"""Sizes a compact leaf's value may take, largest first."""
CIRCLE = "0.78"
STATE = ("1.0", "0.56")
VALUE_PT = 16
NAME_PT = 10


# nodes ------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1 << 16)
def node_attrs(node: ViewNode, theme_name: str, compact: bool = False) -> dict[str, str]:
    """``compact``: the node is in a wide tree (:attr:`tracer.render.model.view.View.compact`)."""
    theme = THEMES[theme_name]
    shape = node.shape
    attrs: dict[str, str] = {"tooltip": attr_text(node.tooltip), "id": svg_id(node.key)}
    if shape in ("max", "min"):
        width, height = COMPACT_TRIANGLE if compact else TRIANGLE
        attrs.update(shape="triangle" if shape == "max" else "invtriangle",
                     width=width, height=height)
    elif shape == "chance":
        attrs.update(shape="circle", width=CIRCLE, height=CIRCLE)
    elif shape == "state":
        # A box as wide as its longest line (a city, "Rimnicu Vilcea"), never narrower
        # than STATE: a fixed-size box would let the text run over its border.
        small = " · ".join([*node.extra, *([node.value] if node.value else [])])
        need = max(text_width(node.name or "", 13), text_width(small, NAME_PT)) + 10
        attrs.update(shape="box", width=max(STATE[0], f"{need / 72:.2f}", key=float),
                     height=STATE[1])
    elif node.compact:
        attrs.update(shape="box", width=COMPACT_LEAF[0], height=COMPACT_LEAF[1])
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
        line = theme.ghost_line if node.status == "pruned" else theme.wait_line
        text = theme.ghost_text
        fill = theme.ghost_tint.get(shape, theme.ghost_fill)
    elif node.tt:
        # Answered by the transposition table: corners cut off by diagonals, a colour of
        # its own, and the tag "TT" (the print theme keeps the first and the last).
        style.append("diagonals")
        line = theme.tt
        attrs["penwidth"] = "2.0"
    if node.current:
        fill = theme.current_fill
        attrs.update(peripheries="2", penwidth="2.2")
        line = theme.ink
    elif node.pv:
        attrs["penwidth"] = "2.8"
    attrs.update(style=",".join(style), color=line, fillcolor=fill, fontcolor=text,
                 label=_node_label(node, shape, italic=shape == "static",
                                   room=float(attrs["width"]) * 72 * NARROW_ROOM
                                   if compact and shape in ("max", "min") else None))
    if node.extra and shape != "state":  # a state's visit number is in its label
        attrs["xlabel"] = "<" + "<BR/>".join(
            f'<FONT POINT-SIZE="9">{html_text(x)}</FONT>' for x in node.extra) + ">"
    if node.mark is not None:
        attrs.update(color=node.mark, penwidth="3.4", fontcolor=node.mark)
    return attrs


def _node_label(node: ViewNode, shape: str, *, italic: bool, room: float | None = None) -> str:
    """``room``: the width the value may take (a narrow triangle), in points."""
    rows: list[tuple[str, int]] = []
    value = node.value
    if value is not None:
        size = VALUE_PT if len(value) <= 4 else (13 if len(value) <= 6 else 11)
        while room is not None and size > 9 and text_width(value, size) > room:
            size -= 1
        if shape in ("terminal", "static"):
            size -= 1
        if node.compact:  # the largest that fits the narrow box ("12" at 14 pt)
            room = float(COMPACT_LEAF[0]) * 72 - 5
            size = next((s for s in COMPACT_VALUE_PT if text_width(value, s) <= room), 7)
        text = html_text(value)
        if italic:
            text = f"<I>{text}</I>"
        value_row = (f'<FONT POINT-SIZE="{size}">{text}</FONT>', 20)
    else:
        value_row = ("", 20)
    name = node.name
    if node.tt:
        name = f"{name} · TT" if name else "TT"
    name_pt = NAME_PT - 1 if node.compact else NAME_PT
    if node.compact and name:  # a long name ("MWW") is set smaller, as a wide value is
        room = float(COMPACT_LEAF[0]) * 72 - 5
        name_pt = next((s for s in range(name_pt, 5, -1) if text_width(name, s) <= room), 5)
    name_row = (f'<FONT POINT-SIZE="{name_pt}">{html_text(name)}</FONT>', 12) if name else None
    if shape == "state":  # A*: the state big, "#order · g+h=f" small
        # An empty <FONT></FONT> is a Graphviz syntax error: empty cells stay empty.
        # The visit number is inside the box: an xlabel beside it sat on the edges.
        small = " · ".join([*node.extra, *([value] if value else [])])
        rows = [(f'<FONT POINT-SIZE="13">{html_text(node.name)}</FONT>' if node.name else "", 17),
                (f'<FONT POINT-SIZE="{NAME_PT}">{html_text(small)}</FONT>' if small else "", 13)]
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
def box_attrs(box: ViewBox, theme_name: str) -> dict[str, str]:
    theme = THEMES[theme_name]
    lines = [label_text(x) for x in textwrap.wrap(clip(box.text), 18)] or [""]
    sized = lines if box.size_text is None else textwrap.wrap(box.size_text, 18) or [""]
    width = chars_width(max(len(x) for x in sized), LEGEND_PT) / 72 + 0.25
    attrs = {"shape": "note", "width": f"{width:.2f}", "height": f"{0.22 + 0.18 * len(sized):.2f}",
             "fontsize": str(LEGEND_PT), "label": "\n".join(lines), "id": svg_id(box.key)}
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
        line, text = theme.wait_line, theme.ghost_text
    attrs.update(style=",".join(style), color=line, fontcolor=text,
                 fillcolor=theme.fill["box"] if box.kind == "explored" else theme.ghost_fill)
    return attrs


# edges ------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1 << 16)
def edge_attrs(edge: ViewEdge, theme_name: str) -> dict[str, str]:
    theme = THEMES[theme_name]
    attrs: dict[str, str] = {}
    if edge.status == "hidden":
        attrs["style"] = "invis"
        return attrs
    if edge.status in ("pruned", "unvisited"):
        attrs.update(style="dashed" if edge.status == "pruned" else "dotted",
                     color=theme.ghost_line if edge.status == "pruned" else theme.wait_line)
    elif edge.pv:
        attrs.update(penwidth="3.6", color=theme.pv)
    if edge.extra:
        lines = ([f'<FONT POINT-SIZE="10">{html_text(edge.move)}</FONT>'] if edge.move else []) + [
            f'<FONT POINT-SIZE="9">{html_text(x)}</FONT>' for x in edge.extra]
        rows = "".join(f"<TR><TD>{x}</TD></TR>" for x in lines)
        attrs["label"] = (f'<<TABLE BORDER="0" CELLBORDER="0" CELLPADDING="0" CELLSPACING="0" '
                          f'BGCOLOR="{theme.background}">{rows}</TABLE>>')
    elif edge.move:
        attrs.update(label=label_text(edge.move), fontsize="10")
    return attrs


@functools.lru_cache(maxsize=1 << 12)
def cut_label(edge: ViewEdge, theme_name: str) -> str | None:
    """The cut note of ``edge`` ("alpha cut / 2 ≤ α = 3"), None without a cut.

    It is not the edge's own label: the edge keeps its move's name, and the note is
    drawn beside the node that cut (:mod:`tracer.render.draw.spacers`)."""
    if edge.cut is None:
        return None
    theme = THEMES[theme_name]
    kind, comparison = edge.cut
    return (f'<<TABLE BORDER="0" CELLBORDER="0" CELLPADDING="1" CELLSPACING="0" '
            f'BGCOLOR="{theme.background}">'
            f'<TR><TD><FONT COLOR="{theme.cut}" POINT-SIZE="12"><I>{html_text(kind)}</I></FONT>'
            f'</TD></TR><TR><TD><FONT POINT-SIZE="12">{html_text(comparison)}</FONT></TD></TR>'
            f'</TABLE>>')


def svg_id(key: str) -> str:
    return svg_safe(key, "n-")
