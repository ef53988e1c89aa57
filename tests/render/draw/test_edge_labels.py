"""Each move name or probability sits by its own edge, never nearer another edge.

In `transform-a` the 0.9 of B sat between B's two edges, beside the one whose
probability is 0.1; in `astar jugs` "empty 1" sat beside the edge to (3,5).  The placer
now tries each label along its own edge first, on the side its fan leaves free
(tracer/render/draw/labels.py), and edges with labels are longer, so that a fan's edges
are far enough apart (tracer/render/draw/dot.py).

The SVG Graphviz writes is read back: each edge's path as line segments, each label's
texts as one box (tests/render/svglayout.py measures the texts); the centre of the box
must be nearer the label's own path than any other edge's path.  Cut labels belong to
the node that cut (tests/render/draw/test_cut_labels.py).
"""

from __future__ import annotations

import html
import itertools
import math
import re

import pytest

from tests.render.svglayout import Box, Segment, read
from tracer._api import search_content, search_problem
from tracer.examples import EXAMPLES
from tracer.record import MemoryRecorder
from tracer.render.draw.presets import preset_options
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing
from tracer.trace import Trace

_EDGE = re.compile(r'<g id="[^"]*" class="edge">\n<title>(.*?)</title>(.*?)\n</g>\n(?=<!--|</g>)',
                   re.DOTALL)
_PATH = re.compile(r'<path[^>]*\bd="([^"]*)"')
_NUM = re.compile(r"-?[0-9.]+")


def edge_paths(svg: str) -> dict[str, list[Segment]]:
    """Each visible edge's line segments, by the edge's title."""
    out: dict[str, list[Segment]] = {}
    for title, body in _EDGE.findall(svg):
        points = [float(v) for d in _PATH.findall(body) for v in _NUM.findall(d)]
        xy = list(zip(points[0::2], points[1::2], strict=False))
        segments = [(a[0], a[1], b[0], b[1]) for a, b in itertools.pairwise(xy) if a != b]
        if segments:
            out[html.unescape(title)] = segments
    return out


def edge_labels(svg: str) -> dict[str, tuple[str, Box]]:
    """Each edge's label (not a cut's): its words and the box around its texts."""
    edges = {html.unescape(t) for t, _ in _EDGE.findall(svg)}
    texts, _ = read(svg)
    words: dict[str, list[str]] = {}
    boxes: dict[str, list[Box]] = {}
    for t in texts:
        if t.owner in edges:
            words.setdefault(t.owner, []).append(t.text)
            boxes.setdefault(t.owner, []).append(t.box)
    return {edge: (" / ".join(w), (min(b[0] for b in boxes[edge]), min(b[1] for b in boxes[edge]),
                                   max(b[2] for b in boxes[edge]), max(b[3] for b in boxes[edge])))
            for edge, w in words.items()
            if not any(x.endswith((" cut", "taglio alfa", "taglio beta")) for x in w)}


def _distance(seg: Segment, x: float, y: float) -> float:
    ax, ay, bx, by = seg
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length))
    return math.hypot(ax + t * dx - x, ay + t * dy - y)


def strays(svg: str) -> list[str]:
    """Every edge label whose centre is as near (or nearer) another edge as its own."""
    paths = edge_paths(svg)
    out = []
    for edge, (words, box) in edge_labels(svg).items():
        x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        mine = min(_distance(s, x, y) for s in paths[edge])
        nearer = sorted(other for other, segments in paths.items() if other != edge
                        and min(_distance(s, x, y) for s in segments) <= mine)
        if nearer:
            out.append(f"{words!r} of {edge} ({mine:.0f} pt) is as near {', '.join(nearer)}")
    return out


def _trace(source: str, algorithm: str, params: dict[str, str] | None = None,
           **options: object) -> Trace:
    recorder = MemoryRecorder()
    search_content(source, algorithm=algorithm, params=params, recorder=recorder, **options)
    return recorder.trace


def _jugs() -> Trace:
    recorder = MemoryRecorder()
    search_problem("jugs", recorder=recorder)
    return recorder.trace


SOURCES = {
    **{name: (lambda name=name: _trace(
        name, "expectiminimax" if "[chance]" in EXAMPLES[name].text else "alphabeta"))
       for name in EXAMPLES},
    "astar-jugs": _jugs,
    "tictactoe-depth2": lambda: _trace("tictactoe", "minimax", depth=2),
    "nim-2-2": lambda: _trace("nim", "minimax", {"piles": "2,2"}),
    "grundy-7": lambda: _trace("grundy", "andor", {"coins": "7", "first": "min"}),
    "gameof5": lambda: _trace("gameof5", "alphabeta"),
    "chomp-2x3": lambda: _trace("chomp", "alphabeta", {"rows": "2", "cols": "3"}),
    "othello-depth2": lambda: _trace("othello", "alphabeta", depth=2),
}
OPTIONS = {"default": RenderOptions(), "slides": preset_options("slides"),
           "right": RenderOptions(direction="right")}


def test_the_checker_sees_a_label_nearer_another_edge() -> None:
    svg = ('<g id="edge1" class="edge">\n<title>B&#45;&gt;C</title>\n'
           '<path d="M100,0C100,0 0,100 0,100"/>\n'
           '<text text-anchor="middle" x="90" y="60" font-size="10">0.9</text>\n</g>\n<!-- -->'
           '<g id="edge2" class="edge">\n<title>B&#45;&gt;D</title>\n'
           '<path d="M100,0C100,0 100,100 100,100"/>\n'
           '<text text-anchor="middle" x="120" y="50" font-size="10">0.1</text>\n</g>\n</g>\n')
    assert edge_labels(svg)["B->C"][0] == "0.9"
    assert strays(svg) == ["'0.9' of B->C (34 pt) is as near B->D"]


@pytest.mark.parametrize("options", OPTIONS, ids=list(OPTIONS))
@pytest.mark.parametrize("source", SOURCES, ids=list(SOURCES))
def test_every_edge_label_is_nearest_its_own_edge(source: str, options: str) -> None:
    svg = Drawing(SOURCES[source](), OPTIONS[options]).render("svg").decode()
    labelled = edge_labels(svg)
    if source in EXAMPLES and "[chance]" not in EXAMPLES[source].text:
        assert labelled == {}  # named nodes, no moves: nothing to place
    else:
        assert labelled
    assert strays(svg) == []


def test_the_probabilities_of_a_chance_node_sit_outside_its_fan() -> None:
    # transform-a: B's 0.9 left of the edge to C, its 0.1 right of the edge to D.
    svg = Drawing(SOURCES["transform-a"]()).render("svg").decode()
    paths, labels = edge_paths(svg), edge_labels(svg)
    for edge, side in (("B:s->C:n", -1), ("B:s->D:n", 1), ("E:s->F:n", -1), ("E:s->G:n", 1)):
        words, box = labels[edge]
        x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        (ax, ay, _, _), (_, _, bx, by) = paths[edge][0], paths[edge][-1]
        across = ax + (bx - ax) * (y - ay) / (by - ay)  # the edge's x at the label's height
        assert (x - across) * side > 0, (edge, words)


@pytest.mark.parametrize("source", ["astar-jugs", "transform-a"])
def test_every_frame_keeps_each_label_by_its_edge(source: str) -> None:
    # Frames share the diagram's layout; a label appears with its edge, where the
    # diagram has it.
    drawing = Drawing(SOURCES[source]())
    shown = 0
    for frame in drawing.frames():
        svg = drawing.render("svg", frame.view).decode()
        shown = max(shown, len(edge_labels(svg)))
        assert strays(svg) == [], frame.caption
    assert shown >= 4
