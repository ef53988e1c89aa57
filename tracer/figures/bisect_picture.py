"""The picture of a bisection (``gametrace bisect --picture``): the node where two searches
part ways, its children in A's order above and in B's order below (the fewest moves whose
place differs, those outside a longest common subsequence of the two orders, bold with a
heavy border); under them the largest parts of the difference in nodes.  Graphviz DOT
laid out by ``dot``."""

from __future__ import annotations

import graphviz

from ..analysis.regret import Bisection
from ..render.draw.dotquote import html_text, label_text
from .regret_picture import FONT, INK

__all__ = ["bisect_dot"]

SHOWN = 24
"""The most moves of each order drawn; the rest are counted in one box."""


def bisect_dot(bisection: Bisection, *, limit: int = 10) -> str:
    """The DOT of the picture; ``limit`` parts of the difference are listed."""
    a, b = bisection.totals
    g = graphviz.Digraph("bisect")
    g.attr("graph", bgcolor="white", fontname=FONT, labelloc="t", nodesep="0.12",
           ranksep="0.6", label=label_text(
               f"{bisection.source}: A {a} nodes, B {b} nodes (B - A = {b - a:+d})"))
    g.attr("node", fontname=FONT, fontsize="10", fontcolor=INK, color=INK, shape="box")
    g.attr("edge", color="#7f7f7f", arrowhead="none")
    d = bisection.divergence
    if d is None:
        g.node("same", label=label_text("no divergence: the two searches are the same"),
               shape="plaintext")
        return str(g.source)
    where = " ".join(d.path) if d.path else "(root)"
    g.node("title", shape="plaintext", label=label_text(
        f"first divergence at {where} ({d.player}), after {d.event} shared node events"))
    moved = _moved(d.orders[0], d.orders[1])
    previous = "title"
    for side, order, window in (("A", d.orders[0], d.windows[0]),
                                ("B", d.orders[1], d.windows[1])):
        shown = f"{side}: window {_window(window)}" if window != (None, None) else f"{side}:"
        cells = [f'<TD BORDER="0">{html_text(shown)}</TD>']  # an engine's: no window
        for i, move in enumerate(order[:SHOWN]):
            text = html_text(f"{i + 1}. {move}")
            if move in moved:
                cells.append(f'<TD BORDER="3"><B>{text}</B></TD>')
            else:
                cells.append(f"<TD>{text}</TD>")
        if len(order) > SHOWN:
            cells.append(f'<TD BORDER="0">{len(order) - SHOWN} more</TD>')
        g.node(side, shape="plaintext", label="<<TABLE BORDER=\"0\" CELLBORDER=\"1\" "
               "CELLSPACING=\"2\" CELLPADDING=\"4\"><TR>" + "".join(cells) + "</TR></TABLE>>")
        g.edge(previous, side, style="invis")
        previous = side
    g.node("key", shape="plaintext", label=label_text(
        "bold, heavy border: a move the other order puts elsewhere (the fewest such)"))
    g.edge("B", "key", style="invis")
    if bisection.parts:
        cells = ['<TR><TD ALIGN="LEFT"><B>the difference by subtree, largest first'
                 '</B></TD><TD>B - A</TD><TD>A</TD><TD>B</TD></TR>']
        for p in bisection.parts[:limit]:
            cells.append(f'<TR><TD ALIGN="LEFT">{html_text(" ".join(p.path) or "(root)")} '
                         f'({html_text(p.kind)})</TD><TD>{-p.difference:+d}</TD>'
                         f'<TD>{p.nodes[0]}</TD><TD>{p.nodes[1]}</TD></TR>')
        g.node("parts", shape="plaintext", label="<<TABLE BORDER=\"0\" CELLBORDER=\"0\" "
               "CELLSPACING=\"0\" CELLPADDING=\"2\">" + "".join(cells) + "</TABLE>>")
        g.edge("key", "parts", style="invis")
    return str(g.source)


def _moved(a: tuple[str, ...], b: tuple[str, ...]) -> set[str]:
    """The moves outside a longest common subsequence of the two orders: the fewest moves
    that, taken out, leave the two orders the same (all moves past 200: every move with
    another rank)."""
    if len(a) > 200 or len(b) > 200:
        return {m for i, m in enumerate(a) if m not in b or b.index(m) != i} | \
            {m for m in b if m not in a}
    table = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) - 1, -1, -1):
        for j in range(len(b) - 1, -1, -1):
            table[i][j] = (table[i + 1][j + 1] + 1 if a[i] == b[j]
                           else max(table[i + 1][j], table[i][j + 1]))
    common, i, j = set(), 0, 0
    while i < len(a) and j < len(b):
        if a[i] == b[j]:
            common.add(a[i])
            i, j = i + 1, j + 1
        elif table[i + 1][j] >= table[i][j + 1]:
            i += 1
        else:
            j += 1
    return (set(a) | set(b)) - common


def _window(w: tuple[float | int | None, float | int | None]) -> str:
    from ..numbers import format_number

    return "(" + ", ".join("-" if x is None else format_number(x) for x in w) + ")"
