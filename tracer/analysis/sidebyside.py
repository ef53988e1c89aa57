"""One picture of the same tree searched two ways, with what one prunes and the other
searches made obvious.

Each search is drawn by the diagram renderer (:func:`tracer.render.trace_dot`, the same
drawing ``gametrace render`` makes) in a frame of its own, the two frames side by side.
On top of the renderer's marks (pruned subtrees dashed, unsearched ones dotted):

* a node searched under this ordering only gets a double, thick border;
* a node pruned here but searched under the other gets a thick dashed border;
* a node the transposition table answered is labelled ``TT`` with the value it found.

Borders and dashes differ in grayscale too (``theme="print"``).  The nodes are compared
by id, which is the same in both traces (the tree's labels, or move paths in games).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from typing import Any

from ..events import Evaluate, Event, Expand, Transposition
from ..numbers import format_number
from ..render import RenderOptions, trace_dot
from ..render.files.engine import render
from ..trace import Trace
from .ordering import Counter

__all__ = ["SideBySide", "side_by_side", "searched_nodes"]

_HTML_ATTRS = ("label", "xlabel", "headlabel", "taillabel")
_MARK = {"colour": "#c00000", "print": "#000000"}


@dataclass(frozen=True)
class SideBySide:
    """The two searches' picture and what differs between them."""

    names: tuple[str, str]
    only: tuple[tuple[str, ...], tuple[str, ...]]
    """Nodes searched (expanded or evaluated) by the first search only, by the second only."""
    source: str
    """The DOT source (laid out with ``dot``)."""

    def render(self, fmt: str) -> bytes:
        """``svg``, ``png``, ``pdf`` or ``dot`` bytes (pictures: laid out once, each edge
        label then moved clear of the lines and kept inside its panel)."""
        if fmt == "dot":
            return self.source.encode()
        return render(_labels_placed(self.source), fmt, pinned=True)

    def summary(self) -> list[str]:
        """One line per search: the nodes it searched that the other did not."""
        out = []
        for name, other, only in zip(self.names, self.names[::-1], self.only, strict=True):
            listed = " ".join(only[:24]) + (" ..." if len(only) > 24 else "")
            out.append(f"searched under {name} only ({len(only)}): {listed or '-'}"
                       f"{'' if only else f' (everything it searched, {other} searched too)'}")
        return out


def searched_nodes(events: Iterable[Event]) -> list[str]:
    """Ids of the nodes a search expanded or evaluated, in the order it first did."""
    seen: dict[str, None] = {}
    for e in events:
        if isinstance(e, (Expand, Evaluate)):
            seen.setdefault(e.node, None)
    return list(seen)


def side_by_side(a: Trace, b: Trace, *, names: tuple[str, str] = ("A", "B"),
                 options: RenderOptions | None = None, title: str | None = None) -> SideBySide:
    """The picture of traces ``a`` and ``b`` (searches of the same tree) side by side."""
    import pygraphviz

    opts = options or RenderOptions(legend=False)
    searched = [searched_nodes(t.events) for t in (a, b)]
    sets = [set(s) for s in searched]
    only = (tuple(n for n in searched[0] if n not in sets[1]),
            tuple(n for n in searched[1] if n not in sets[0]))
    mark = _MARK.get(opts.theme, _MARK["colour"])
    used: set[str] = set()
    out = pygraphviz.AGraph(directed=True, strict=False, name="sidebyside")
    for i, (trace, name) in enumerate(zip((a, b), names, strict=True)):
        src = pygraphviz.AGraph(string=trace_dot(trace, opts))
        if i == 0:
            out.graph_attr.update({k: v for k, v in src.graph_attr.items()
                                   if v and k != "label"})
            out.node_attr.update({k: v for k, v in src.node_attr.items() if v})
            out.edge_attr.update({k: v for k, v in src.edge_attr.items() if v})
        prefix = f"{'ab'[i]}:"
        hits = _tt_hits(trace.events)
        mine, theirs = only[i], sets[1 - i]
        members = []
        for node in src.nodes():
            attrs = _attrs(node.attr)
            attrs.setdefault("label", "")  # an empty label (<>) would become the node's name
            key = str(node)
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
                    attrs["xlabel"] = f"TT {hits[key]}"
            out.add_node(prefix + key, **attrs)
            members.append(prefix + key)
        for edge in src.edges():
            out.add_edge(prefix + str(edge[0]), prefix + str(edge[1]), **_attrs(edge.attr))
        t = Counter()
        for e in trace.events:
            t.emit(e)
        counts = t.tally()
        caption = (f"{name}: {_count(counts.leaves, 'leaf', 'leaves')} evaluated, "
                   f"{_count(counts.cuts, 'cut', 'cuts')}, "
                   f"{_count(len(mine), 'node', 'nodes')} searched here only")
        out.add_subgraph(members, name=f"cluster_{'ab'[i]}", label=caption, labelloc="t",
                         fontsize="13", style="rounded", color="#a6a6a6", margin="14")
    out.graph_attr["label"] = _legend(mark, title, used)
    out.graph_attr["labelloc"] = "b"
    return SideBySide(names, only, out.string())


def _labels_placed(source: str) -> str:
    """``source`` laid out with ``dot``, each panel's edge labels placed inside its panel
    clear of every line (:func:`tracer.render.draw.labels.place_labels`)."""
    import pygraphviz

    from ..render.draw.labels import place_labels
    from ..render.files.engine import layout_graph

    graph: Any = layout_graph(pygraphviz.AGraph(string=source))
    for panel in graph.subgraphs():
        bb = tuple(float(v) for v in str(panel.graph_attr["bb"]).split(","))
        members = {str(n) for n in panel.nodes()}
        nodes = [(str(n), {k: str(n.attr[k]) for k in ("pos", "width", "height")
                           if n.attr.get(k)}) for n in panel.nodes()]
        edges = [((str(e[0]), str(e[1])), {k: str(e.attr[k]) for k in
                                           ("pos", "lp", "label", "fontsize", "style")
                                           if e.attr.get(k)}, e)
                 for e in graph.edges() if str(e[0]) in members and str(e[1]) in members]
        for _, attrs, _ in edges:  # pygraphviz hands HTML labels back without their <>
            if attrs.get("label", "").startswith("<"):
                attrs["label"] = f"<{attrs['label']}>"
        place_labels(nodes, [(ends, attrs) for ends, attrs, _ in edges],
                     (bb[0], bb[1], bb[2], bb[3]))
        for _, attrs, edge in edges:
            if "lp" in attrs:
                edge.attr["lp"] = attrs["lp"]
    return str(graph.string())


def _attrs(attr: Any) -> dict[str, str]:
    """A node's or edge's attributes, HTML labels kept HTML (pygraphviz hands them back
    without their outer angle brackets)."""
    out: dict[str, str] = {}
    for k, v in attr.items():
        if not v:
            continue
        if k in _HTML_ATTRS and v.startswith("<") and v.endswith(">"):
            v = f"<{v}>"
        out[k] = v
    return out


def _dashed(style: str | None) -> str:
    parts = [p for p in (style or "").split(",") if p and p not in ("dotted", "solid")]
    return ",".join([*parts, "dashed"]) if "dashed" not in parts else ",".join(parts)


def _tt_hits(events: Iterable[Event]) -> dict[str, str]:
    out: dict[str, str] = {}
    for e in events:
        if isinstance(e, Transposition) and e.kind == "hit":
            sign = {"lower": "≥ ", "upper": "≤ "}.get(e.flag, "")
            value = e.value
            out[e.node] = f"{sign}{format_number(value)}"
    return out


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _legend(mark: str, title: str | None, used: set[str]) -> str:
    """The marks the picture uses, explained."""
    rows = [(k, v) for key, k, v in (
        ("only", "double border", "searched by this search only"),
        ("pruned", "thick dashed border", "not searched here, searched by the other"),
        ("tt", "TT", "answered by the transposition table (no search below it)"),
    ) if key in used]
    cells = "".join(
        f'<TR><TD ALIGN="RIGHT"><FONT COLOR="{mark}" POINT-SIZE="11">{escape(k)}</FONT></TD>'
        f'<TD ALIGN="LEFT"><FONT POINT-SIZE="11">{escape(v)}</FONT></TD></TR>' for k, v in rows)
    head = (f'<TR><TD COLSPAN="2"><FONT POINT-SIZE="14">{escape(title)}</FONT></TD></TR>'
            if title else "")
    return f'<<TABLE BORDER="0" CELLPADDING="2" CELLSPACING="0">{head}{cells}</TABLE>>'
