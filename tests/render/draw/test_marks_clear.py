"""Marks never cover names: a cut label, a cross or a ghost leaves every move name and
every value readable, on every recorded lecture trace.

In the game of 5 the cut label was written on the first pruned edge as that edge's
label, so the pruned move's name ("4", on all three cuts) was not drawn at all; it
showed only with ``--no-cuts``.  The SVG is read back as boxes
(tests/render/svglayout.py), as the edge label overlap test does.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tests.render.svglayout import collisions, overlap, read
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing

TRACES = sorted(p for p in (Path(__file__).parents[3] / "traces").glob("*.json")
                if ".matrix." not in p.name)
_NODE = re.compile(r'<g id="[^"]*" class="node">\n<title>(.*?)</title>(.*?)\n</g>', re.DOTALL)
_POINTS = re.compile(r'points="([^"]*)"')
_NUM = re.compile(r"-?[0-9.]+")


_ENDS = re.compile(r"^(.*?):[nsew]->(.*?)(?::[nsew])?$")
"""An edge's title: tail and head with their ports (a key may itself hold "->")."""


def _head(owner: str) -> str:
    m = _ENDS.match(owner)
    return m.group(2) if m else owner


def missing_moves(drawing: Drawing, svg: str) -> list[str]:
    """Every edge of the view with a move whose name is not written on that edge."""
    texts, _ = read(svg)
    words: dict[str, list[str]] = {}
    for t in texts:
        if "->" in t.owner:
            words.setdefault(_head(t.owner), []).append(t.text)
    return [f"{e.tail}->{e.head}: {e.move!r} not drawn"
            for e in drawing.view.edges
            if e.move and e.status != "hidden" and e.move not in words.get(e.head, [])]


def ghost_overlaps(drawing: Drawing, svg: str) -> list[str]:
    """Every text not the ghost's own that covers a pruned node's shape."""
    ghosts = {n.key for n in drawing.view.nodes if n.status == "pruned"}
    boxes = {}
    for title, body in _NODE.findall(svg):
        name = html.unescape(title)
        points = [float(v) for p in _POINTS.findall(body) for v in _NUM.findall(p)]
        if name in ghosts and points:
            boxes[name] = (min(points[0::2]), min(points[1::2]),
                           max(points[0::2]), max(points[1::2]))
    texts, _ = read(svg)
    return [f"{t.text!r} ({t.owner}) covers the ghost {name}"
            for t in texts for name, box in boxes.items()
            if t.owner != name and overlap(t.box, box)]


@pytest.mark.parametrize("pruned", ["ghost", "cross"])
@pytest.mark.parametrize("path", TRACES, ids=lambda p: p.name)
def test_no_mark_covers_a_name_or_a_value(path: Path, pruned: str) -> None:
    drawing = Drawing(path, RenderOptions(pruned=pruned))
    svg = drawing.render("svg").decode()
    assert missing_moves(drawing, svg) == []
    assert ghost_overlaps(drawing, svg) == []
    assert collisions(svg) == []  # texts on texts, crosses and lines on texts
    texts, _ = read(svg)
    cuts = [e for e in drawing.view.edges if e.cut is not None and e.status != "hidden"]
    assert sum(t.text.endswith(" cut") for t in texts) == len(cuts)


def test_a_cut_at_the_root_keeps_its_label() -> None:
    # The root has no edge into it, so no spacer: its label is carried from its place.
    from tracer._api.searching import search_content
    from tracer.record import MemoryRecorder

    rec = MemoryRecorder()
    search_content("aima", recorder=rec, algorithm="alphabeta", variant="slide-002")
    drawing = Drawing(rec.trace)
    texts, _ = read(drawing.render("svg").decode())
    assert [t.text for t in texts if t.owner.startswith("A:")] == ["beta cut", "α = 3 < β = +∞"]


def test_the_game_of_5_names_every_pruned_move() -> None:
    # The three cuts each prune the move 4 first: its name is on its dashed edge, and
    # the cut label beside the node that cut.
    path = Path(__file__).parents[3] / "traces" / "gameof5.alphabeta.json"
    drawing = Drawing(path)
    texts, _ = read(drawing.render("svg").decode())
    fours = {_head(t.owner) for t in texts if t.text == "4" and "->" in t.owner}
    assert {"2/4", "1/3/4", "1/2/4"} <= fours
    cuts = [t for t in texts if t.text.endswith(" cut")]
    assert len(cuts) == 3
    assert all("gt.room." in t.owner for t in cuts)


def test_a_frame_keeps_the_pruned_moves_name() -> None:
    path = Path(__file__).parents[3] / "traces" / "gameof5.alphabeta.json"
    drawing = Drawing(path)
    last = list(drawing.frames())[-1]
    svg = drawing.render("svg", last.view).decode()
    assert missing_moves(drawing, svg) == []
    assert collisions(svg) == []


def test_every_cross_reads_x_whatever_its_edge_slope() -> None:
    # With --pruned cross the strokes were turned with their edge: on a diagonal edge
    # the cross read "+" beside the "x" of a vertical one (--theme print made it plain).
    path = Path(__file__).parents[3] / "traces" / "gameof5.alphabeta.json"
    svg = Drawing(path, RenderOptions(pruned="cross", theme="print")).render("svg").decode()
    _, edges = read(svg)
    strokes = [e for e in edges if e.owner.startswith("gt.cross.")]
    assert len(strokes) == 10  # five crossed edges, two strokes each
    for stroke in strokes:
        (x0, y0, x1, y1), = stroke.segments
        assert abs(abs(x1 - x0) - abs(y1 - y0)) < 0.05, stroke.owner
