"""A strip of panels, one per step, in one picture: the layout of AIMA's Fig. 5.5.

Each panel is one frame of the step-by-step sequence (by default one per leaf
evaluated, as in the book), lettered (a), (b), ... under the picture, on the same
positions as every other panel.  Panels are placed left to right, ``columns`` to a row.

The SVG joins the panels' SVGs (each drawn as the frames are); PNG, PDF and DOT come
from one pinned graph holding every panel, shifted into its place
(:func:`strip_dot`), which Graphviz draws as it draws any diagram.  TikZ is refused:
a strip of TikZ pictures is better made in LaTeX from the Beamer frames.

>>> write_strip(Drawing("aima.json", RenderOptions(step="leaf")), "strip.svg")  # doctest: +SKIP
8
"""

from __future__ import annotations

import os
import re
import string
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...errors import LimitExceeded, UsageError
from ...said import said
from ..model.view import View

# Type-only: the pipeline sits above files/ (it uses every stage); the caller hands
# the drawing in.
if TYPE_CHECKING:
    from ..pipeline import Drawing

__all__ = ["GAP", "MAX_PANELS", "STRIP_FORMATS", "agraph_attrs", "shifted", "strip_dot",
           "strip_svg", "write_strip"]

STRIP_FORMATS = ("svg", "png", "pdf", "dot")
"""What a strip is written as, chosen by the file's extension."""

GAP = 12.0
"""Points between two panels."""
MAX_PANELS = 52
"""Panels are lettered a..z, then aa..zz: past that a strip is no figure anyone reads."""

_STEP = re.compile(r"^\S+ \d+/\d+: ")
_ROOT = re.compile(r"<svg\b[^>]*>(.*)</svg>", re.DOTALL)
_SIZE = re.compile(r'<svg\b[^>]*\bwidth="([0-9.]+)pt"[^>]*\bheight="([0-9.]+)pt"')


def letter(k: int) -> str:
    """0 -> ``a``, 25 -> ``z``, 26 -> ``aa``, 27 -> ``bb``..."""
    return string.ascii_lowercase[k % 26] * (k // 26 + 1)


def _panel_views(drawing: Drawing, columns: int) -> list[View]:
    """The frames' views, each captioned with its letter."""
    if columns < 1:
        raise UsageError(said("strip columns must be at least 1, got {got}", got=columns))
    frames = list(drawing.frames())
    if len(frames) > MAX_PANELS:
        raise LimitExceeded(said("{count} panels exceed {most}: use --step leaf or node, "
                                 "--focus NODE or --depth for a shorter strip",
                                 count=len(frames), most=MAX_PANELS))
    show = drawing.options.caption is not False
    # The letter says which step it is: "Step 3/8: " would say it twice.
    return [replace(f.view, caption=f"({letter(k)}) {_STEP.sub('', f.caption)}" if show
                    else f"({letter(k)})") for k, f in enumerate(frames)]


def strip_dot(drawing: Drawing, *, columns: int = 3) -> tuple[str, int]:
    """The strip as one DOT graph with every position pinned (for ``neato -n2``): each
    panel's nodes and edges renamed ``pa-NAME``... and shifted into place; also the
    number of panels."""
    from .engine import _agraph

    views = _panel_views(drawing, columns)
    panels = [_agraph(drawing.pinned_dot(view)) for view in views]
    first = _agraph(drawing.pinned_dot(views[0]))
    with _quiet_layout():
        first.layout(prog="nop2")  # nop2 keeps the positions and computes the bounding box
    x0, y0, x1, y1 = (float(v) for v in str(first.graph_attr["bb"]).split(","))
    # Each panel keeps its own margin (pad, in inches), as in the SVG strip; the strip
    # adds none around them.
    pad = 72 * float(first.graph_attr.get("pad") or 0)
    width, height = x1 - x0 + 2 * pad, y1 - y0 + 2 * pad
    x0, y0 = x0 - pad, y0 - pad
    cols = min(columns, len(panels))
    rows = (len(panels) + cols - 1) // cols
    out = _agraph("digraph strip {}")
    out.graph_attr.update({k: v for k, v in panels[0].graph_attr.items()
                           if v and k not in ("label", "bb")})
    out.node_attr.update({k: v for k, v in panels[0].node_attr.items() if v})
    out.edge_attr.update({k: v for k, v in panels[0].edge_attr.items() if v})
    for k, graph in enumerate(panels):
        # Graphviz's y grows upwards: the first row is the highest.
        dx = (k % cols) * (width + GAP) - x0
        dy = (rows - 1 - k // cols) * (height + GAP) - y0
        prefix = f"p{letter(k)}-"
        for node in graph.nodes():
            attrs = agraph_attrs(node.attr)
            attrs.setdefault("label", "")  # an empty label would become the node's name
            for name in ("pos", "xlp"):
                if name in attrs:
                    attrs[name] = shifted(attrs[name], dx, dy)
            if "id" in attrs:
                attrs["id"] = prefix + attrs["id"]
            out.add_node(prefix + str(node), **attrs)
        for edge in graph.edges():
            attrs = agraph_attrs(edge.attr)
            for name in ("pos", "lp", "xlp", "head_lp", "tail_lp"):
                if name in attrs:
                    attrs[name] = shifted(attrs[name], dx, dy)
            if "id" in attrs:
                attrs["id"] = prefix + attrs["id"]
            out.add_edge(prefix + str(edge[0]), prefix + str(edge[1]), **attrs)
    total_w, total_h = cols * width + (cols - 1) * GAP, rows * height + (rows - 1) * GAP
    out.graph_attr.update(bb=f"0,0,{total_w:.2f},{total_h:.2f}", pad="0")
    return str(out.string()), len(panels)


def agraph_attrs(attr: Any) -> dict[str, str]:
    """Attributes set, HTML labels kept HTML (pygraphviz hands them back without their
    outer angle brackets)."""
    return {k: f"<{v}>" if k in _HTML and v.startswith("<") and v.endswith(">") else v
            for k, v in attr.items() if v}


_HTML = ("label", "xlabel", "headlabel", "taillabel")


def shifted(pos: str, dx: float, dy: float) -> str:
    """A Graphviz position (``x,y``, or a spline ``e,x,y x,y ...``) moved by dx, dy."""
    def point(text: str) -> str:
        parts = text.split(",")
        if len(parts) == 3:  # e,x,y / s,x,y: an arrow's end
            return f"{parts[0]},{float(parts[1]) + dx:.2f},{float(parts[2]) + dy:.2f}"
        return f"{float(parts[0]) + dx:.2f},{float(parts[1]) + dy:.2f}"

    return " ".join(point(p) for p in pos.split())


def _quiet_layout() -> Any:
    from .engine import _quiet

    return _quiet()


def strip_svg(drawing: Drawing, *, columns: int = 3) -> tuple[bytes, int]:
    """The strip of ``drawing``'s frames as one SVG; also the number of panels."""
    views = _panel_views(drawing, columns)
    drawing.prepare(views)
    panels = [drawing.render("svg", view).decode("utf-8") for view in views]
    size = _SIZE.search(panels[0])
    if size is None:  # pragma: no cover - Graphviz always writes a size in points
        raise UsageError(said("cannot read the size of a panel"))
    width, height = float(size[1]), float(size[2])
    cols = min(columns, len(panels))
    rows = (len(panels) + cols - 1) // cols
    total_w = cols * width + (cols - 1) * GAP
    total_h = rows * height + (rows - 1) * GAP
    out = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
           f'<svg width="{total_w:.2f}pt" height="{total_h:.2f}pt" '
           f'viewBox="0.00 0.00 {total_w:.2f} {total_h:.2f}" '
           'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">']
    for k, svg in enumerate(panels):
        x, y = (k % cols) * (width + GAP), (k // cols) * (height + GAP)
        body = _ROOT.search(svg)
        inner = _prefixed(body[1] if body else "", f"p{letter(k)}-")
        out.append(f'<g id="panel-{letter(k)}" class="panel" '
                   f'transform="translate({x:.2f} {y:.2f})">{inner}</g>')
    out.append("</svg>")
    return ("\n".join(out) + "\n").encode("utf-8"), len(panels)


def _prefixed(svg: str, prefix: str) -> str:
    """Every id (and reference to one) prefixed: panels repeat the same node ids."""
    svg = re.sub(r'\bid="([^"]*)"', lambda m: f'id="{prefix}{m[1]}"', svg)
    svg = re.sub(r"url\(#([^)]*)\)", lambda m: f"url(#{prefix}{m[1]})", svg)
    return re.sub(r'href="#([^"]*)"', lambda m: f'href="#{prefix}{m[1]}"', svg)


def strip_format(out: str | os.PathLike[str]) -> str:
    """The format a strip written to ``out`` takes, from its extension."""
    suffix = os.path.splitext(os.fspath(out))[1].lower().lstrip(".")
    if suffix == "gv":
        suffix = "dot"
    if suffix not in STRIP_FORMATS:
        if suffix == "tex":
            raise UsageError(said("a strip is written as .svg, .png, .pdf or .dot, not {out!r}: "
                                  "a strip of TikZ pictures is made in LaTeX from --frames' "
                                  "Beamer file", out=os.fspath(out)))
        raise UsageError(said("a strip is written as .svg, .png, .pdf or .dot, not {out!r}",
                              out=os.fspath(out)))
    return suffix


def write_strip(drawing: Drawing, out: str | os.PathLike[str], *, columns: int = 3) -> int:
    """Write the strip to ``out`` (``.svg``, ``.png``, ``.pdf`` or ``.dot``); return the
    number of panels."""
    from ...writing import write_output_bytes
    from .engine import render

    fmt = strip_format(out)
    if fmt == "svg":
        data, count = strip_svg(drawing, columns=columns)
    else:
        source, count = strip_dot(drawing, columns=columns)
        data = (source.encode() if fmt == "dot" else
                render(source, fmt, pinned=True, engine=drawing.options.engine,
                       dpi=drawing.options.dpi))
    write_output_bytes(out, data)
    return count
