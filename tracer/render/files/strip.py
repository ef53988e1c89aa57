"""A strip of panels, one per step, in one picture: the layout of AIMA's Fig. 5.5.

Each panel is one frame of the step-by-step sequence (by default one per leaf
evaluated, as in the book), lettered (a), (b), ... under the picture, on the same
positions as every other panel.  Panels are placed left to right, ``columns`` to a row.
The legend is drawn once, under the whole strip (every key any panel needs), as the
book's figure has one key for all its panels.

On a canvas (``--preset slides``, ``--size``) the strip is drawn on a slide of that
shape, as many times the canvas's size as the panels need to keep their text at least
as large as drawn on their own (:func:`strip_canvas`): 16:9 under ``--preset slides``,
a whole multiple of 1280x720.

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
from ..draw.canvas import Fit, Measure, corner_nodes, fit_canvas, measure_svg
from ..draw.canvas import canvas_svg as _canvas_svg
from ..draw.footer import nodes as footer_nodes
from ..model.canvas import LIMITS, Canvas, parse_size
from ..model.view import View

# Type-only: the pipeline sits above files/ (it uses every stage); the caller hands
# the drawing in.
if TYPE_CHECKING:
    from ..pipeline import Drawing

__all__ = ["GAP", "MAX_PANELS", "STRIP_FORMATS", "agraph_attrs", "shifted", "strip_canvas",
           "strip_dot", "strip_legend", "strip_svg", "write_strip"]

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
    """The frames' views, each captioned with its letter, without a legend (the strip
    has one, :func:`strip_legend`)."""
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
                    else f"({letter(k)})", legend=(), legend_room=(), legend_room_for=())
            for k, f in enumerate(frames)]


def strip_legend(drawing: Drawing) -> tuple[tuple[str, str], ...]:
    """The strip's one legend: every entry of the frames' legend, then the diagram's
    others (the principal variation), each once; none under ``--no-legend``."""
    if not drawing.options.legend:
        return ()
    entries = [(k, drawing.words(k)) for k in drawing.frames_legend]
    return tuple(entries + [e for e in drawing.view.legend if e not in entries])


def _legend_node(drawing: Drawing, width: float) -> tuple[tuple[str, dict[str, str]] | None,
                                                          float]:
    """The legend as one pinned node under a strip ``width`` points wide, its top at
    y = 0, and the height it takes (0 without a legend)."""
    entries = strip_legend(drawing)
    if not entries:
        return None, 0.0
    empty = View(nodes=(), boxes=(), edges=(), title=None, caption=None, legend=entries)
    placed = footer_nodes(empty, drawing.theme, (0.0, 12.0, width, 12.0))
    name, attrs = placed[-1]
    # The footer puts the legend 16 pt under the box's foot: as far under the strip.
    height = 2 * (12.0 - float(attrs["pos"].split(",")[1])) + GAP
    return (name, attrs), height


def strip_canvas(size: str | None, width: float, height: float,
                 least: float | None) -> Canvas | None:
    """The canvas a strip of ``width`` x ``height`` points whose least text is
    ``least`` points is drawn on: ``size``'s shape, as many times its size as keep every
    text at least as large as in a panel on its own, and at least the canvas's least
    size (at most the largest pixel canvas); a paper canvas is the page itself."""
    if size is None:
        return None
    canvas = parse_size(size)
    if canvas.unit != "px":
        return canvas
    w, h = canvas.points
    need = 1.0 if least is None else max(1.0, canvas.min_font * canvas.unit_pt() / least)
    most = int(LIMITS["px"][1] // max(canvas.width, canvas.height))
    k = 1
    while k < most:
        margin = 0.025 * min(w, h) * k
        if min((k * w - 2 * margin) / width, (k * h - 2 * margin) / height) >= need:
            break
        k += 1
    return Canvas(canvas.width * k, canvas.height * k, canvas.unit)


def _strip_fit(drawing: Drawing, size: str | None, views: list[View],
               bb: tuple[float, float, float, float]) -> Fit | None:
    """How the strip of ``views`` (its box ``bb``) sits on the canvas ``size``."""
    if size is None:
        return None
    least = measure_svg(bb, drawing.render("svg", views[0]).decode()).least_font
    canvas = strip_canvas(size, bb[2] - bb[0], bb[3] - bb[1], least)
    assert canvas is not None
    return fit_canvas(canvas, Measure(bb, least),
                      note=drawing.words("canvas.small", least=f"{canvas.min_font:g}",
                                         unit=canvas.unit if canvas.unit == "px" else "pt"))


def strip_dot(drawing: Drawing, *, columns: int = 3, size: str | None = None) -> tuple[str, int]:
    """The strip as one DOT graph with every position pinned (for ``neato -n2``): each
    panel's nodes and edges renamed ``pa-NAME``... and shifted into place, the legend
    under them; also the number of panels.  On the canvas ``size`` the graph has the
    canvas's corners (its ``viewport`` is the fit's, :class:`~tracer.render.draw.canvas.Fit`)."""
    source, count, _ = _strip_dot(drawing, columns=columns, size=size)
    return source, count


def _strip_dot(drawing: Drawing, *, columns: int, size: str | None) -> tuple[str, int, Fit | None]:
    from .engine import _agraph

    views = _panel_views(drawing, columns)
    panels = [_agraph(drawing.pinned_dot(view)) for view in views]
    first = _agraph(drawing.pinned_dot(views[0]))
    with _quiet_layout():
        first.layout(prog="nop2")  # nop2 keeps the positions and computes the bounding box
    x0, y0, x1, y1 = (float(v) for v in str(first.graph_attr["bb"]).split(","))
    # nop2 moved the laid-out copy so that its box starts at (0, 0): the box in the
    # panels' own coordinates is moved back by as much as any node was.
    node = next(iter(panels[0].nodes()))
    (rx, ry), (lx, ly) = (tuple(float(v) for v in str(g.get_node(node).attr["pos"]).split(","))
                          for g in (panels[0], first))
    x0, y0, x1, y1 = x0 + rx - lx, y0 + ry - ly, x1 + rx - lx, y1 + ry - ly
    # Each panel keeps its own margin (pad, in inches), as in the SVG strip; the strip
    # adds none around them.
    pad = 72 * float(first.graph_attr.get("pad") or 0)
    width, height = x1 - x0 + 2 * pad, y1 - y0 + 2 * pad
    x0, y0 = x0 - pad, y0 - pad
    cols = min(columns, len(panels))
    rows = (len(panels) + cols - 1) // cols
    total_w = cols * width + (cols - 1) * GAP
    legend, below = _legend_node(drawing, total_w)
    out = _agraph("digraph strip {}")
    out.graph_attr.update({k: v for k, v in panels[0].graph_attr.items()
                           if v and k not in ("label", "bb")})
    out.node_attr.update({k: v for k, v in panels[0].node_attr.items() if v})
    out.edge_attr.update({k: v for k, v in panels[0].edge_attr.items() if v})
    for k, graph in enumerate(panels):
        # Graphviz's y grows upwards: the first row is the highest.
        dx = (k % cols) * (width + GAP) - x0
        dy = (rows - 1 - k // cols) * (height + GAP) - y0 + below
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
    total_h = rows * height + (rows - 1) * GAP + below
    if legend is not None:
        name, attrs = legend
        out.add_node(name, **{**attrs, "pos": shifted(attrs["pos"], 0.0, below)})
    bb = (0.0, 0.0, total_w, total_h)
    fit = _strip_fit(drawing, size, views, bb)
    if fit is not None:
        for name, attrs in corner_nodes(fit):  # the size note is said on stderr, not drawn
            out.add_node(name, **attrs)
    else:
        out.graph_attr.update(bb=f"0,0,{total_w:.2f},{total_h:.2f}")
    out.graph_attr.update(pad="0")
    return str(out.string()), len(panels), fit


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


def strip_svg(drawing: Drawing, *, columns: int = 3, size: str | None = None) -> tuple[bytes, int]:
    """The strip of ``drawing``'s frames as one SVG; also the number of panels.  On the
    canvas ``size``, the strip's DOT graph drawn by Graphviz on the canvas, as PNG and PDF
    are (one mechanism fits every format)."""
    if size is not None:
        from .engine import render

        source, count, fit = _strip_dot(drawing, columns=columns, size=size)
        assert fit is not None
        data = render(source, "svg", pinned=True, engine=drawing.options.engine,
                      graph_attrs=fit.graph_attrs())
        return _canvas_svg(data, fit), count
    views = _panel_views(drawing, columns)
    drawing.prepare(views)
    panels = [drawing.render("svg", view).decode("utf-8") for view in views]
    found = _SIZE.search(panels[0])
    if found is None:  # pragma: no cover - Graphviz always writes a size in points
        raise UsageError(said("cannot read the size of a panel"))
    width, height = float(found[1]), float(found[2])
    cols = min(columns, len(panels))
    rows = (len(panels) + cols - 1) // cols
    total_w = cols * width + (cols - 1) * GAP
    legend, below = _legend_node(drawing, total_w)
    total_h = rows * height + (rows - 1) * GAP + below
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
    if legend is not None:
        out.append(f'<g id="strip-legend" transform="translate(0 {total_h - below:.2f})">'
                   f"{_legend_svg(drawing, legend, total_w, below)}</g>")
    out.append("</svg>")
    return ("\n".join(out) + "\n").encode("utf-8"), len(panels)


def _legend_svg(drawing: Drawing, legend: tuple[str, dict[str, str]], width: float,
                height: float) -> str:
    """The legend drawn alone by Graphviz, ``width`` x ``height`` points (its top at 0),
    as the inside of an SVG."""
    from .engine import _agraph, render

    graph = _agraph(drawing.pinned_dot(drawing.view))
    out = _agraph("digraph legend {}")
    out.graph_attr.update({k: v for k, v in graph.graph_attr.items()
                           if v and k not in ("label", "bb")})
    out.node_attr.update({k: v for k, v in graph.node_attr.items() if v})
    name, attrs = legend
    out.add_node(name, **{**attrs, "pos": shifted(attrs["pos"], 0.0, height)})
    out.add_node("gt:strip:sw", label="", shape="point", style="invis", width="0.01",
                 height="0.01", pos="0,0")
    out.add_node("gt:strip:ne", label="", shape="point", style="invis", width="0.01",
                 height="0.01", pos=f"{width:.2f},{height:.2f}")
    out.graph_attr.update(bb=f"0,0,{width:.2f},{height:.2f}", pad="0")
    svg = render(str(out.string()), "svg", pinned=True, engine=drawing.options.engine).decode()
    body = _ROOT.search(svg)
    return _prefixed(body[1] if body else "", "legend-")


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


def write_strip(drawing: Drawing, out: str | os.PathLike[str], *, columns: int = 3,
                size: str | None = None) -> int:
    """Write the strip to ``out`` (``.svg``, ``.png``, ``.pdf`` or ``.dot``), on the
    canvas ``size`` when given (:func:`strip_canvas`); return the number of panels."""
    from ...writing import write_output_bytes
    from .engine import render

    fmt = strip_format(out)
    if fmt == "svg":
        data, count = strip_svg(drawing, columns=columns, size=size)
    else:
        source, count, fit = _strip_dot(drawing, columns=columns,
                                        size=None if fmt == "dot" else size)
        dpi = drawing.options.dpi if fit is None else fit.dpi(drawing.options.dpi)
        data = (source.encode() if fmt == "dot" else
                render(source, fmt, pinned=True, engine=drawing.options.engine, dpi=dpi,
                       graph_attrs=None if fit is None else fit.graph_attrs()))
    write_output_bytes(out, data)
    return count
