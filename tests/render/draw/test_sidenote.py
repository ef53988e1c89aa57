"""Marks put on a view from outside the search (the checker's mistakes): a node's
``mark`` colour and a side note beside the tree, drawn by the renderer itself."""

from __future__ import annotations

import re
from dataclasses import replace

from tracer.render.draw.dot import to_dot
from tracer.render.draw.sidenote import SIDE_NOTE
from tracer.render.model.view import SideNote, View
from tracer.render.pipeline import Drawing
from tracer.trace import Trace

RED = "#d00000"


def marked(view: View) -> View:
    nodes = tuple(replace(v, mark=RED) if v.key in ("C", "I") else v for v in view.nodes)
    note = SideNote("Your mistakes", (("C", ("you wrote alpha = -inf; it is 3",
                                             "you wrote the value 3; it is <=2")),
                                      ("I", ("you evaluated it",))),
                    RED, ("likely cause: a & b",))
    return replace(view, nodes=nodes, side=note)


def node_line(dot: str, name: str) -> str:
    return next(line for line in dot.splitlines() if line.strip().startswith(f'"{name}" ['))


def test_a_marked_node_gets_a_heavy_border_and_text_in_the_mark_colour(aima: Trace) -> None:
    drawing = Drawing(aima)
    dot = to_dot(marked(drawing.view), drawing.theme)
    for name in ("C", "I"):
        line = node_line(dot, name)
        assert f'color="{RED}"' in line and f'fontcolor="{RED}"' in line
        assert "penwidth=3.4" in line
    assert RED not in node_line(dot, "B")
    assert RED not in to_dot(drawing.view, drawing.theme)  # unmarked: no trace of it


def test_the_side_note_names_each_node_once_beside_its_rows(aima: Trace) -> None:
    drawing = Drawing(aima)
    dot = to_dot(marked(drawing.view), drawing.theme)
    line = node_line(dot, SIDE_NOTE)
    assert "<B>Your mistakes</B>" in line
    assert ('<TD ALIGN="LEFT" VALIGN="TOP" ROWSPAN="2">✗ C:&#160;</TD>'
            '<TD ALIGN="LEFT">you wrote alpha = -inf; it is 3</TD></TR>'
            '<TR><TD ALIGN="LEFT">you wrote the value 3; it is &lt;=2</TD>') in line
    assert "<I>likely cause: a &amp; b</I>" in line  # escaped once, by the renderer
    assert "pos=" not in line  # plain DOT: dot places it


def test_a_pinned_side_note_stands_right_of_the_tree(aima: Trace) -> None:
    drawing = Drawing(aima)
    dot = drawing.pinned_dot(marked(drawing.view))
    match = re.search(r'pos="([-\d.]+),([-\d.]+)"', node_line(dot, SIDE_NOTE))
    assert match is not None
    _, y0, x1, y1 = drawing.pinned.bb
    assert float(match.group(1)) > x1 and y0 <= float(match.group(2)) <= y1
