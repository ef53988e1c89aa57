"""The regret map (``gametrace regret --picture``): the tree to ``--depth`` plies, each node
filled by the nodes wasted under it on a sequential scale (ColorBrewer's YlOrRd, five
classes: colour-blind safe, and light to dark, so it prints in grayscale) with the number
written in it, a legend of the classes; the nodes the ideal tree drops have a dashed
border; a node with more below it than the picture shows is folded (a double border).
The worst nodes are numbered, and with ``--details`` each links to its own small diagram:
the node and its children in the recorded order, the child the ideal tree keeps with a
bold border, the ones it drops dashed.

Graphviz DOT laid out by ``dot``; the only links are the details' file names, which this
module makes (never a name from the trace).
"""

from __future__ import annotations

import graphviz

from ..analysis.regret import Drawn, RegretReport, Worst
from ..numbers import format_number
from ..render.draw.dotquote import attr_text, html_text, label_text
from ..render.files.engine import render

__all__ = ["SCALE", "detail_dot", "details_name", "regret_dot", "render_dot", "shown"]

SCALE = ("#ffffb2", "#fecc5c", "#fd8d3c", "#f03b20", "#bd0026")
"""YlOrRd, five classes (ColorBrewer): light (little waste) to dark (most)."""
INK, FONT, NONE = "#1a1a1a", "DejaVu Sans", "#ffffff"


def _classes(top: int) -> list[tuple[int, int]]:
    """Up to five classes of waste from 1 to ``top``, as (low, high) inclusive, in equal
    steps on a square-root scale (waste spreads over orders of magnitude)."""
    out: list[tuple[int, int]] = []
    low = 1
    for k in range(1, 6):
        high = max(low, round(top * (k / 5) ** 2))
        if low > top:
            break
        out.append((low, min(high, top)))
        low = min(high, top) + 1
    return out


def _fill(wasted: int, classes: list[tuple[int, int]]) -> tuple[str, str]:
    if wasted <= 0:
        return NONE, INK
    for k, (_, high) in enumerate(classes):
        if wasted <= high:
            return SCALE[k], "#ffffff" if k >= 3 else INK
    return SCALE[-1], "#ffffff"


def details_name(rank: int) -> str:
    """The file name of the ``rank``-th worst node's diagram (from 1)."""
    return f"worst-{rank:02d}.svg"


def shown(drawn: tuple[Drawn, ...], width: int) -> tuple[list[Drawn], dict[str, list[Drawn]]]:
    """The nodes drawn, at most ``width`` children of each node (those of the ideal tree
    that waste most, then the others, each kept in the search order), and for each
    parent the children folded into one box."""
    kids: dict[str | None, list[Drawn]] = {}
    for d in drawn:
        kids.setdefault(d.parent, []).append(d)
    keep: set[str] = set()
    folded: dict[str, list[Drawn]] = {}
    for parent, children in kids.items():
        if parent is None or len(children) <= width:
            keep.update(d.node for d in children)
            continue
        ranked = sorted(children, key=lambda d: (d.wasted == 0 or not d.ideal, -d.wasted))
        chosen = {d.node for d in ranked[:width]}
        keep.update(chosen)
        folded[parent] = [d for d in children if d.node not in chosen]
    out = [d for d in drawn if d.node in keep and (d.parent is None or d.parent in keep
                                                   or d.depth == 0)]
    placed = {d.node for d in out}
    out = [d for d in out if d.parent is None or d.parent in placed]
    return out, {p: f for p, f in folded.items() if p in {d.node for d in out}}


def regret_dot(report: RegretReport, *, links: str | None = None, width: int = 8) -> str:
    """The DOT of the map; ``links`` is the folder of the details' diagrams, relative to
    the picture (``None``: no links); at most ``width`` children of a node are drawn, the
    rest folded into one box."""
    g = graphviz.Digraph("regret")
    g.attr("graph", bgcolor="white", rankdir="TB", nodesep="0.25", ranksep="0.45",
           fontname=FONT, labelloc="t", label=label_text(
               f"{report.algorithm} ({report.variant}) on {report.source}: "
               f"{report.wasted} of {report.searched} nodes wasted"))
    g.attr("node", fontname=FONT, fontsize="10", fontcolor=INK, color=INK, style="filled")
    g.attr("edge", fontname=FONT, fontsize="9", color=INK, arrowsize="0.6")
    top = max((d.wasted for d in report.drawn), default=0)
    classes = _classes(max(top, 1))
    worst = {w.node: i for i, w in enumerate(report.worst, 1)}
    drawn, folded = shown(report.drawn, width)
    names = {d.node: f"n{i}" for i, d in enumerate(drawn)}
    for d in drawn:
        g.node(names[d.node], **_node_attrs(d, classes, worst.get(d.node), links))
        if d.parent is not None and d.parent in names:
            g.edge(names[d.parent], names[d.node], label=label_text(d.move),
                   style="solid" if d.ideal else "dashed")
        rest = folded.get(d.node)
        if rest:
            wasted, searched = sum(r.wasted for r in rest), sum(r.searched for r in rest)
            g.node(f"{names[d.node]}_rest", shape="box", style="filled,rounded",
                   fillcolor="#f2f2f2", label=label_text(
                       f"{len(rest)} more moves\n{wasted} wasted\nof {searched}"))
            g.edge(names[d.node], f"{names[d.node]}_rest", style="dotted")
    _legend(g, classes)
    _worst_list(g, report.worst, links)
    return str(g.source)


def _node_attrs(d: Drawn, classes: list[tuple[int, int]], rank: int | None,
                links: str | None) -> dict[str, str]:
    fill, text = _fill(d.wasted, classes)
    lines = [f"{d.wasted}" if d.ideal else f"+{d.wasted}"]
    if d.searched > 1:
        lines.append(f"of {d.searched}")
    if rank is not None:
        lines.insert(0, f"#{rank}")
    attrs = {"label": label_text("\n".join(lines)), "fillcolor": fill, "fontcolor": text,
             "shape": "triangle" if d.player == "max" else "invtriangle",
             "tooltip": attr_text(f"{d.node}: {d.wasted} of {d.searched} nodes wasted")}
    if not d.ideal:
        attrs["style"] = "filled,dashed"
    if d.folded:
        attrs["peripheries"] = "2"
    if rank is not None:
        attrs["penwidth"] = "2.5"
        if links is not None:
            attrs["URL"] = f"{links}/{details_name(rank)}"
    if d.searched == 1:
        attrs["shape"] = "box"
    return attrs


def _legend(g: graphviz.Digraph, classes: list[tuple[int, int]]) -> None:
    cells = ['<TD BGCOLOR="#ffffff">0</TD>']
    for k, (low, high) in enumerate(classes):
        words = f"{low}" if low == high else f"{low}-{high}"
        ink = "#ffffff" if k >= 3 else INK
        cells.append(f'<TD BGCOLOR="{SCALE[k]}"><FONT COLOR="{ink}">{html_text(words)}</FONT></TD>')
    rows = [f'<TR><TD COLSPAN="{len(cells)}" BORDER="0">nodes wasted under the node</TD></TR>',
            "<TR>" + "".join(cells) + "</TR>",
            f'<TR><TD COLSPAN="{len(cells)}" BORDER="0">dashed: dropped by the ideal tree; '
            "double border: folded below --depth; grey box: moves folded beside "
            "(--width)</TD></TR>"]
    g.node("legend", shape="plaintext", style="", label="<<TABLE BORDER=\"0\" CELLBORDER=\"1\" "
           "CELLSPACING=\"0\" CELLPADDING=\"4\">" + "".join(rows) + "</TABLE>>")


def _worst_list(g: graphviz.Digraph, worst: tuple[Worst, ...], links: str | None) -> None:
    if not worst:
        return
    rows = ['<TR><TD ALIGN="LEFT">the worst nodes</TD></TR>']
    for i, w in enumerate(worst, 1):
        cut = f"cut by {w.cut} (rank {w.cut_rank})" if w.cut else "no cut"
        words = (f"#{i}  {' '.join(w.path) or '(root)'}: {w.local} wasted; {cut}; "
                 f"should cut by {w.refuter} (rank {w.refuter_rank})")
        link = f' HREF="{html_text(links + "/" + details_name(i))}"' if links else ""
        rows.append(f'<TR><TD ALIGN="LEFT"{link}>{html_text(words)}</TD></TR>')
    g.node("worst", shape="plaintext", style="", label="<<TABLE BORDER=\"0\" "
           "CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\">" + "".join(rows)
           + "</TABLE>>")
    g.edge("legend", "worst", style="invis")


def detail_dot(w: Worst, rank: int) -> str:
    """A worst node's own diagram: the node, its children in the recorded order."""
    g = graphviz.Digraph(f"worst{rank}")
    g.attr("graph", bgcolor="white", fontname=FONT, labelloc="t", nodesep="0.2",
           label=label_text(f"#{rank}: {' '.join(w.path) or '(root)'} ({w.player}): "
                            f"{w.local} of {w.nodes} nodes wasted"))
    g.attr("node", fontname=FONT, fontsize="10", fontcolor=INK, color=INK, shape="box")
    g.attr("edge", fontname=FONT, fontsize="9", color=INK, arrowsize="0.6")
    g.node("n", label=label_text(f"{w.nodes} searched"),
           shape="triangle" if w.player == "max" else "invtriangle")
    with g.subgraph() as row:
        row.attr(rank="same")
        for c in w.children:
            notes = [f"{c.move}", f"rank {c.rank}", f"value {format_number(c.value)}",
                     f"{c.nodes} node" if c.nodes == 1 else f"{c.nodes} nodes"]
            if w.cut is not None and c.move == w.cut and c.rank == w.cut_rank:
                notes.append("cut here")
            row.node(f"c{c.rank}", label=label_text("\n".join(notes)),
                     style="bold" if c.kept else "dashed",
                     penwidth="2.5" if c.kept else "1")
    for c in w.children:
        g.edge("n", f"c{c.rank}", label=label_text(str(c.rank)))
    g.node("key", shape="plaintext", label=label_text(
        "bold: the move that should cut first; dashed: searched in vain"))
    return str(g.source)


def render_dot(source: str, fmt: str) -> bytes:
    """DOT laid out by ``dot`` and drawn as ``svg``, ``png`` or ``pdf`` (``dot``: as is)."""
    if fmt == "dot":
        return source.encode()
    return render(source, fmt, pinned=False)
