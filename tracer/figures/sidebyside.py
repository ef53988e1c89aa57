"""One picture of the same tree searched two ways, with what one prunes and the other
searches made obvious.

Each search is drawn by the diagram renderer (:class:`tracer.render.pipeline.Drawing`, the same
drawing ``gametrace render`` makes) in a frame of its own, the two frames side by side.
On top of the renderer's marks (pruned subtrees dashed, unsearched ones dotted):

* a node searched under this ordering only gets a double, thick border;
* a node pruned here but searched under the other gets a thick dashed border;
* a node the transposition table answered is labelled ``TT`` with the value it found.

Borders and dashes differ in grayscale too (``theme="print"``).  The nodes are compared
by id, which is the same in both traces (the tree's labels, or move paths in games).

On a canvas (``--preset slides``: 1280x720) the picture is exactly the canvas: each
panel laid out to half the canvas's shape, the two fitted and centred on it as a
diagram is (:mod:`tracer.render.draw.canvas`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from ..analysis.orderings import Counter
from ..events import Evaluate, Event, Expand, Transposition
from ..numbers import format_number
from ..render.draw.canvas import Fit, canvas_svg, corner_nodes, fit_canvas, measure_svg
from ..render.draw.dotquote import html_text, label_text
from ..render.files.engine import render
from ..render.files.strip import agraph_attrs, shifted
from ..render.model.canvas import parse_size
from ..render.model.render_options import RenderOptions
from ..render.model.text import words
from ..render.pipeline import Drawing
from ..trace import Trace
from ..visit import EventVisitor

__all__ = ["SideBySide", "side_by_side", "searched_nodes"]

_MARK = {"colour": "#c00000", "print": "#000000"}
_MARGIN = 14.0
"""Points between a panel's frame and its drawing."""
_CAPTION_ROOM = 24.0
"""Points above a panel's drawing for its caption."""
_PANEL_GAP = 16.0
_LEGEND_ROOM = 80.0
"""Points under the panels for the title and the legend (at most four rows)."""


@dataclass(frozen=True)
class SideBySide:
    """The two searches' picture and what differs between them."""

    names: tuple[str, str]
    only: tuple[tuple[str, ...], tuple[str, ...]]
    """Nodes searched (expanded or evaluated) by the first search only, by the second only."""
    source: str
    """The DOT source, every position pinned (draw it with ``neato -n2``)."""
    fit: Fit | None = None
    """How the picture sits on its canvas (None: its own size); DOT has no canvas."""
    canvas_source: str | None = None
    """The DOT source with the canvas's corners (and note), drawn on the canvas."""

    def render(self, fmt: str, *, dpi: int = 144) -> bytes:
        """``svg``, ``png``, ``pdf`` or ``dot`` bytes (each panel on the positions, edge
        labels included, of its own diagram), on the canvas when there is one."""
        if fmt == "dot":
            return self.source.encode()
        if self.fit is None or self.canvas_source is None:
            return render(self.source, fmt, pinned=True, dpi=dpi)
        data = render(self.canvas_source, fmt, pinned=True, dpi=self.fit.dpi(dpi),
                      graph_attrs=self.fit.graph_attrs())
        return canvas_svg(data, self.fit) if fmt == "svg" else data

    def summary(self) -> list[str]:
        """One line per search: the nodes it searched that the other did not."""
        out = []
        for name, other, only in zip(self.names, self.names[::-1], self.only, strict=True):
            listed = " ".join(only[:24]) + (" ..." if len(only) > 24 else "")
            out.append(f"searched under {name} only ({len(only)}): {listed or '-'}"
                       f"{'' if only else f' (everything it searched, {other} searched too)'}")
        return out


class _Searched(EventVisitor[None]):
    """The nodes a search expanded or evaluated, in the order it first did, and what
    its transposition table answered (``≥ 3`` at a node whose hit gave a lower bound)."""

    def __init__(self) -> None:
        self.seen: dict[str, None] = {}
        self.hits: dict[str, str] = {}

    def visit_expand(self, ev: Expand) -> None:
        self.seen.setdefault(ev.node, None)

    def visit_evaluate(self, ev: Evaluate) -> None:
        self.seen.setdefault(ev.node, None)

    def visit_transposition(self, ev: Transposition) -> None:
        if ev.kind == "hit":
            sign = {"lower": "≥ ", "upper": "≤ "}.get(ev.flag, "")
            self.hits[ev.node] = f"{sign}{format_number(ev.value)}"

    def visit_event(self, ev: Event) -> None:
        pass


def searched_nodes(events: Iterable[Event]) -> list[str]:
    """Ids of the nodes a search expanded or evaluated, in the order it first did."""
    reading = _Searched()
    reading.walk(events)
    return list(reading.seen)


def side_by_side(a: Trace, b: Trace, *, names: tuple[str, str] = ("A", "B"),
                 options: RenderOptions | None = None, title: str | None = None) -> SideBySide:
    """The picture of traces ``a`` and ``b`` (searches of the same tree) side by side."""
    import pygraphviz

    opts = options or RenderOptions(legend=False)
    canvas = None if opts.size is None else parse_size(opts.size)
    # On a canvas each panel is laid out to half its shape (the two side by side make
    # the canvas's), and the picture is fitted afterwards, as a whole.
    # The trees grow down, as the notes draw them, unless a direction is asked: the two
    # are compared level by level.
    panel_opts = opts if canvas is None else replace(
        opts, size=None, aspect=None,
        direction=opts.direction or "down")
    searched = [searched_nodes(t.events) for t in (a, b)]
    sets = [set(s) for s in searched]
    only = (tuple(n for n in searched[0] if n not in sets[1]),
            tuple(n for n in searched[1] if n not in sets[0]))
    mark = _MARK.get(opts.theme, _MARK["colour"])
    # The captions and the legend grow with the trees' text (a slide's scale 1.4).
    legend_room, caption_room = _LEGEND_ROOM * opts.scale, _CAPTION_ROOM * opts.scale
    used: set[str] = set()
    out = pygraphviz.AGraph(directed=True, strict=False, name="sidebyside")
    # Each search is drawn on its own positions, as `gametrace render` draws it (boxes
    # tucked under their nodes, edge labels placed clear of lines and nodes); the second
    # panel is then shifted right of the first, tops aligned.
    sources = [pygraphviz.AGraph(string=Drawing(t, panel_opts).pinned_dot(with_label=False))
               for t in (a, b)]
    boxes = [_bb(src) for src in sources]
    top = max(bb[3] - bb[1] for bb in boxes)
    x_at = 0.0
    for i, (trace, name, src, bb) in enumerate(zip((a, b), names, sources, boxes,
                                                   strict=True)):
        if i == 0:
            out.graph_attr.update({k: v for k, v in src.graph_attr.items()
                                   if v and k not in ("label", "bb", "pad")})
            out.node_attr.update({k: v for k, v in src.node_attr.items() if v})
            out.edge_attr.update({k: v for k, v in src.edge_attr.items() if v})
        dx, dy = x_at + _MARGIN - bb[0], legend_room + _MARGIN + top - bb[3]
        prefix = f"{'ab'[i]}:"
        hits = _tt_hits(trace.events)
        mine, theirs = only[i], sets[1 - i]
        members = []
        for node in src.nodes():
            attrs = agraph_attrs(node.attr)
            attrs.setdefault("label", "")  # an empty label (<>) would become the node's name
            key = str(node)
            if "pos" in attrs:
                attrs["pos"] = shifted(attrs["pos"], dx, dy)
            if "id" in attrs:
                attrs["id"] = prefix + attrs["id"]
            if key in mine:
                attrs.update(peripheries="2", penwidth="3", color=mark)
                used.add("only")
            elif key in theirs and key not in sets[i] and key not in hits:
                attrs.update(penwidth="2.6", color=mark, style=_dashed(attrs.get("style")))
                used.add("pruned")
            if key in hits:
                used.add("tt")
                if "TT" not in attrs.get("label", ""):  # unless the diagram marks it already
                    attrs["xlabel"] = label_text(f"TT {hits[key]}")
                    x, y = (float(v) for v in attrs["pos"].split(",")[:2])
                    half = 36 * float(attrs.get("width", "0.5"))
                    attrs["xlp"] = f"{x + half + 18:.2f},{y:.2f}"
            out.add_node(prefix + key, **attrs)
            members.append(prefix + key)
        for edge in src.edges():
            attrs = agraph_attrs(edge.attr)
            for field in ("pos", "lp", "xlp"):
                if field in attrs:
                    attrs[field] = shifted(attrs[field], dx, dy)
            out.add_edge(prefix + str(edge[0]), prefix + str(edge[1]), **attrs)
        t = Counter()
        for e in trace.events:
            t.emit(e)
        counts = t.tally()
        caption = (f"{name}: {_count(counts.leaves, 'leaf', 'leaves')} evaluated, "
                   f"{_count(counts.cuts, 'cut', 'cuts')}, "
                   f"{_count(len(mine), 'node', 'nodes')} searched here only")
        x0, x1 = x_at, x_at + bb[2] - bb[0] + 2 * _MARGIN
        y0, y1 = legend_room, legend_room + top + 2 * _MARGIN + caption_room
        out.add_subgraph(members, name=f"cluster_{'ab'[i]}", label=label_text(caption),
                         labelloc="t", fontsize=f"{round(13 * opts.scale)}", style="rounded",
                         color="#a6a6a6",
                         bb=f"{x0:.2f},{y0:.2f},{x1:.2f},{y1:.2f}",
                         lp=f"{(x0 + x1) / 2:.2f},{y1 - caption_room / 2:.2f}")
        x_at = x1 + _PANEL_GAP
    width = x_at - _PANEL_GAP
    height = legend_room + top + 2 * _MARGIN + caption_room
    out.add_node("gt:legend", shape="plain", fixedsize="false",
                 label=_legend(mark, title, used, scale=opts.scale),
                 pos=f"{width / 2:.2f},{legend_room / 2:.2f}")
    out.graph_attr.update(bb=f"0,0,{width:.2f},{height:.2f}", pad="0.2")
    source = str(out.string())
    if canvas is None:
        return SideBySide(names, only, source)
    own = render(source, "svg", pinned=True).decode()
    fit = fit_canvas(canvas, measure_svg((0.0, 0.0, width, height), own),
                     note=words("en", ascii=opts.ascii)(
                         "canvas.small", least=f"{canvas.min_font:g}",
                         unit=canvas.unit if canvas.unit == "px" else "pt"))
    del out.graph_attr["bb"]
    out.graph_attr.update(pad="0")
    for name, attrs in corner_nodes(fit):  # the size note is said on stderr, not drawn
        out.add_node(name, **attrs)
    return SideBySide(names, only, source, fit, str(out.string()))


def _bb(graph: Any) -> tuple[float, float, float, float]:
    """The box a pinned drawing covers: its anchors' (and every node's) positions."""
    points = [tuple(float(v) for v in str(n.attr["pos"]).split(",")[:2])
              for n in graph.nodes() if n.attr.get("pos")]
    halves = [(36 * float(n.attr.get("width") or 0), 36 * float(n.attr.get("height") or 0))
              for n in graph.nodes() if n.attr.get("pos")]
    xs0 = [x - w for (x, _), (w, _) in zip(points, halves, strict=True)]
    xs1 = [x + w for (x, _), (w, _) in zip(points, halves, strict=True)]
    ys0 = [y - h for (_, y), (_, h) in zip(points, halves, strict=True)]
    ys1 = [y + h for (_, y), (_, h) in zip(points, halves, strict=True)]
    return min(xs0), min(ys0), max(xs1), max(ys1)


def _dashed(style: str | None) -> str:
    parts = [p for p in (style or "").split(",") if p and p not in ("dotted", "solid")]
    return ",".join([*parts, "dashed"]) if "dashed" not in parts else ",".join(parts)


def _tt_hits(events: Iterable[Event]) -> dict[str, str]:
    reading = _Searched()
    reading.walk(events)
    return reading.hits


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _legend(mark: str, title: str | None, used: set[str], *, scale: float = 1.0) -> str:
    """The marks the picture uses, explained, in text ``scale`` times the usual size (a
    slide's 1.4, as the trees' text)."""
    small, large = round(11 * scale), round(14 * scale)
    rows = [(k, v) for key, k, v in (
        ("only", "double border", "searched by this search only"),
        ("pruned", "thick dashed border", "not searched here, searched by the other"),
        ("tt", "TT", "answered by the transposition table (no search below it)"),
    ) if key in used]
    cells = "".join(
        f'<TR><TD ALIGN="RIGHT"><FONT COLOR="{mark}" POINT-SIZE="{small}">{html_text(k)}'
        f'</FONT></TD><TD ALIGN="LEFT"><FONT POINT-SIZE="{small}">{html_text(v)}</FONT></TD>'
        "</TR>" for k, v in rows)
    head = (f'<TR><TD COLSPAN="2"><FONT POINT-SIZE="{large}">{html_text(title)}</FONT>'
            "</TD></TR>" if title else "")
    return f'<<TABLE BORDER="0" CELLPADDING="2" CELLSPACING="0">{head}{cells}</TABLE>>'
