"""AND/OR proofs and proof-number search: the lecture's arc across an AND node's edges,
and proof / disproof numbers under the nodes."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tracer._api import search_source
from tracer.render._entry import trace_dot
from tracer.render.draw.dot import elements
from tracer.render.draw.geometry import AND
from tracer.render.draw.notes import note_name
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing

GRUNDY = Path(__file__).resolve().parents[3] / "traces" / "grundy-7-min.andor.dfs.json"
SEVEN = {"coins": "7", "first": "min"}


@pytest.fixture(scope="module")
def pns(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pns") / "pns.json"
    search_source("grundy", algorithm="pns", params=SEVEN, output=path)
    return path


def kinds(drawing: Drawing) -> dict[str, str | None]:
    return {n.key: n.andor for n in drawing.view.nodes if n.shape in ("max", "min")
            and n.status == "explored"}


def test_and_nodes_are_the_opponents_nodes() -> None:
    # Grundy's game from 7, Meno first ("Giochi a due giocatori"): proving that Più wins, every
    # answer of Meno must be covered, so Meno's (MIN) nodes are AND nodes.
    drawing = Drawing(GRUNDY)
    got = kinds(drawing)
    assert got["root"] == "and" and got["7->6+1"] == "or"
    assert all((k == "and") == (n.shape == "min") for n, k in
               ((n, n.andor) for n in drawing.view.nodes if n.key in got))


def test_proving_the_other_side_swaps_and_and_or(tmp_path: Path) -> None:
    path = tmp_path / "min.json"
    search_source("grundy", algorithm="andor", params=SEVEN, prover="min", output=path)
    got = kinds(Drawing(path))
    assert got["root"] == "or" and got["7->6+1"] == "and"


def test_pinned_drawings_draw_an_arc_across_the_edges_of_an_and_node() -> None:
    drawing = Drawing(GRUNDY)
    nodes, edges = elements(drawing.view, drawing.theme, pinned=drawing.pinned)
    splines = {ends: attrs for ends, attrs in edges}
    arc = splines[(f"{AND}root.a", f"{AND}root.b")]
    assert arc["style"] == "solid"
    points = [tuple(float(v) for v in p.split(",")) for p in arc["pos"].split()]
    assert len(points) % 3 == 1
    lines = [[tuple(float(v) for v in p.split(",")) for p in splines[(note_name("root"), kid)]
              ["pos"].split()] for kid in ("7->6+1", "7->5+2", "7->4+3")]
    (cx, cy) = lines[0][0]
    on_curve = points[::3]
    radii = [math.hypot(x - cx, y - cy) for x, y in on_curve]
    assert max(radii) - min(radii) < 0.05  # a circular arc around where the edges leave
    angles = [math.atan2(ln[-1][1] - cy, ln[-1][0] - cx) for ln in lines]
    start = math.atan2(on_curve[0][1] - cy, on_curve[0][0] - cx)
    end = math.atan2(on_curve[-1][1] - cy, on_curve[-1][0] - cx)
    assert start < min(angles) and end > max(angles)  # across all three edges
    # OR nodes and nodes with one edge get none.
    assert (f"{AND}7->6+1.a", f"{AND}7->6+1.b") not in splines
    names = [name for name, _ in nodes if name.startswith(AND)]
    assert len(names) == 2 * len([n for n in drawing.view.nodes if n.andor == "and"
                                  and sum(e.tail == n.key for e in drawing.view.edges) > 1])


def test_dot_for_dot_tags_and_nodes_and_says_so_in_the_legend() -> None:
    dot = trace_dot(GRUNDY)
    assert dot.count("<B>AND</B></FONT>>") == 6  # the six MIN nodes the search expanded
    assert "AND node: every child must be solved" in dot
    assert AND not in dot  # no arcs without positions


def test_arcs_appear_in_frames_once_the_children_do() -> None:
    drawing = Drawing(GRUNDY, RenderOptions(step="node"))
    styles = []
    for frame in drawing.frames():
        _, edges = elements(frame.view, drawing.theme, pinned=drawing.pinned)
        styles.append(dict(edges)[(f"{AND}root.a", f"{AND}root.b")]["style"])
    assert styles[0] == "solid"  # the root's children are generated with the root
    assert styles[-1] == "solid"
    inner = (f"{AND}7->6+1/6->5+1.a", f"{AND}7->6+1/6->5+1.b")
    first = [dict(elements(f.view, drawing.theme, pinned=drawing.pinned)[1])[inner]["style"]
             for f in drawing.frames()]
    assert first[0] == "invis" and first[-1] == "solid"


def test_proof_numbers_are_written_under_the_nodes(pns: Path) -> None:
    drawing = Drawing(pns)
    notes = {n.key: n.note for n in drawing.view.nodes}
    assert notes["root"] == ("pn 0 / dn +∞",)  # proved
    assert notes["7->6+1/6->5+1"] == ("pn 2 / dn 1",)  # left open when the root was proved
    values = {n.key: n.value for n in drawing.view.nodes}
    assert values["root"] == "✓" and values["7->6+1/6->5+1"] is None
    assert ("legend.numbers", "pn / dn: proof / disproof numbers") in drawing.view.legend
    assert "pn 2 / dn 1" in trace_dot(pns)


def test_proof_numbers_can_be_switched_off(pns: Path) -> None:
    drawing = Drawing(pns, RenderOptions(numbers=False, positions=False))
    assert not drawing.view.notes and "pn " not in drawing.dot()
    assert "legend.numbers" not in dict(drawing.view.legend)


def test_proof_numbers_change_from_frame_to_frame_in_a_box_of_one_size(pns: Path) -> None:
    drawing = Drawing(pns, RenderOptions(positions=False, step="node"))
    seen = [next(n.note for n in f.view.nodes if n.key == "root") for f in drawing.frames()]
    # 1/1 when created; 3/1 once expanded (an AND node: three children to prove, any
    # one to disprove); proved at the end.
    assert seen[:2] == [("pn 1 / dn 1",), ("pn 3 / dn 1",)]
    assert seen[-1] == ("pn 0 / dn +∞",)
    sizes = {tuple(a["width"] for k, a in elements(f.view, drawing.theme)[0]
                   if k == note_name("root")) for f in drawing.frames()}
    assert len(sizes) == 1


def test_the_most_proving_node_is_named_in_captions(pns: Path) -> None:
    captions = [f.caption for f in Drawing(pns, RenderOptions(step="node")).frames()]
    assert captions[1].startswith("Step 2/16: root (7): the most-proving node, expanded (#1)")
    assert captions[2].startswith("Step 3/16: 7->6+1 (6, 1): the most-proving node, "
                                  "expanded (#2)")
    assert captions[-1] == "proof-number search (pns): MAX wins (root solved)"
