"""No text overlaps another text or an edge's line, on the lecture traces.

The SVG is read back (tests/render/svglayout.py): each text becomes a box from its font
size and DejaVu Sans widths, each edge its line segments.  Cut labels sat on the dashed
pruned edges, move names under the bold principal variation, A* actions ran together,
visit numbers and probabilities were crossed by edges.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from tests.render.svglayout import collisions, crosses, overlap
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing

TRACES = sorted(p for p in (Path(__file__).parents[3] / "traces").glob("*.json")
                if ".matrix." not in p.name)


@pytest.mark.parametrize("path", TRACES, ids=lambda p: p.name)
def test_no_text_overlaps_a_text_or_an_edge(path: Path) -> None:
    assert collisions(Drawing(path).render("svg").decode()) == []


@pytest.mark.parametrize("name", ["aima.alphabeta.fail-soft.json", "jugs.astar.graph.json",
                                  "coin.expectiminimax.plain.json"])
def test_no_frame_has_a_collision(name: str) -> None:
    drawing = Drawing(Path(__file__).parents[3] / "traces" / name)
    for frame in drawing.frames():
        assert collisions(drawing.render("svg", frame.view).decode()) == [], frame.caption


def test_the_checker_sees_overlaps_and_crossings() -> None:
    assert overlap((0, 0, 10, 10), (5, 5, 15, 15))
    assert not overlap((0, 0, 10, 10), (11, 0, 20, 10))
    assert crosses((-5, 5, 15, 5), (0, 0, 10, 10))
    assert not crosses((-5, 15, 15, 15), (0, 0, 10, 10))


@pytest.mark.render
def test_side_by_side_labels_stay_clear_and_inside_their_panel() -> None:
    # gametrace compare --side-by-side: a cut label crossed its panel's border.
    import re

    from tests.analysis.orderings.test_ordering import trace_of
    from tests.render.svglayout import read
    from tracer.figures.sidebyside import side_by_side

    pair = side_by_side(trace_of("aima", "natural"), trace_of("aima", "reverse"),
                        names=("natural", "reverse"))
    svg = pair.render("svg").decode()
    assert collisions(svg) == []
    panel = svg.split('<title>cluster_a</title>', 1)[1]
    xs = [float(v) for v in re.findall(r"([-0-9.]+),[-0-9.]+", panel.split("</g>", 1)[0])]
    texts, _ = read(svg)
    cut = next(t for t in texts if t.text == "2 ≤ α = 3")
    assert min(xs) <= cut.box[0] and cut.box[2] <= max(xs)


@pytest.mark.render
def test_side_by_side_with_boards_has_no_collision() -> None:
    # compare tictactoe --techniques tt --picture: six cut labels sat over the boards
    # (docs/img/ordering/tictactoe.alphabeta-tt.svg), the boards a rank below their nodes.
    from tests.render.svglayout import read
    from tracer.figures.sidebyside import side_by_side
    from tracer.games.registry import make_game
    from tracer.record import MemoryRecorder
    from tracer.search import enhanced_search

    game, state, _ = make_game("tictactoe", {"board": ".o.x..x.o"})
    traces = []
    for techniques in ("", "tt"):
        rec = MemoryRecorder()
        enhanced_search(game, state, techniques=techniques, recorder=rec)
        traces.append(rec.trace)
    svg = side_by_side(*traces, names=("alphabeta", "tt")).render("svg").decode()
    assert collisions(svg) == []
    texts, _ = read(svg)
    assert sum(t.text == "alpha cut" for t in texts) >= 6


CROSSED = ["aima.alphabeta.fail-soft.json", "aima.alphabeta.fail-hard.json",
           "three-mins.alphabeta.fail-soft.json", "tictactoe-stage3.alphabeta.json",
           "othello.alphabeta.depth3.json"]


@pytest.mark.parametrize("pruned", ["cross", "hide"])
@pytest.mark.parametrize("name", CROSSED)
def test_no_label_sits_on_a_cross(name: str, pruned: str) -> None:
    # --pruned cross draws a cross on each cut edge (render/marks.py) where the placed
    # labels (render/labels.py) may also go: neither may cover the other.
    from tracer.render.model.render_options import RenderOptions

    drawing = Drawing(Path(__file__).parents[3] / "traces" / name, RenderOptions(pruned=pruned))
    svg = drawing.render("svg").decode()
    assert "gt.cross." in svg
    assert collisions(svg) == []
    if name.startswith("aima"):
        for frame in drawing.frames():
            assert collisions(drawing.render("svg", frame.view).decode()) == [], frame.caption


@pytest.mark.parametrize("name", CROSSED[:4])
def test_no_strip_panel_has_a_collision(name: str) -> None:
    import re

    from tracer.render.files.strip import strip_svg
    from tracer.render.model.render_options import RenderOptions

    data, count = strip_svg(Drawing(Path(__file__).parents[3] / "traces" / name,
                                    RenderOptions(pruned="cross", step="leaf")))
    panels = re.findall(r'<g id="panel-[a-z]+" class="panel"[^>]*>(.*?)</g>'
                        r'(?=\n<g id="panel-|\n</svg>)', data.decode(), re.DOTALL)
    assert len(panels) == count
    for k, inner in enumerate(panels):
        assert collisions(inner + "\n") == [], f"panel {k + 1}"


@pytest.mark.parametrize("name", ["tictactoe-stage2.minimax.json",
                                  "tictactoe-stage3.alphabeta.json",
                                  "othello.alphabeta.depth3.json"])
def test_slides_boards_sit_under_their_nodes(name: str) -> None:
    # --preset slides draws everything 1.4 times larger: the board under a node was
    # tucked up by its unscaled height, so it covered the node and its edges left from
    # inside the board.
    from tracer.render.draw.presets import preset_options

    drawing = Drawing(Path(__file__).parents[3] / "traces" / name, preset_options("slides"))
    assert collisions(drawing.render("svg").decode()) == []


B3D4 = """A(
  B(E(N(AO:12 AP:10 AQ:18) O(AR:7 AS:9 AT:5) P(AU:6 AV:5 AW:1))
    F(Q(AX:19 AY:8 AZ:15) R(BA:2 BB:2 BC:4) S(BD:4 BE:1 BF:2))
    G(T(BG:17 BH:12 BI:16) U(BJ:8 BK:16 BL:7) V(BM:6 BN:18 BO:13)))
  C(H(W(BP:18 BQ:8 BR:14) X(BS:15 BT:20 BU:11) Y(BV:2 BW:10 BX:19))
    I(Z(BY:3 BZ:15 CA:18) AA(CB:20 CC:10 CD:6) AB(CE:7 CF:0 CG:8))
    J(AC(CH:3 CI:7 CJ:11) AD(CK:5 CL:10 CM:13) AE(CN:1 CO:3 CP:4)))
  D(K(AF(CQ:7 CR:1 CS:18) AG(CT:20 CU:17 CV:19) AH(CW:2 CX:0 CY:3))
    L(AI(CZ:20 DA:6 DB:19) AJ(DC:18 DD:3 DE:12) AK(DF:2 DG:11 DH:3))
    M(AL(DI:1 DJ:19 DK:0) AM(DL:6 DM:5 DN:3) AN(DO:15 DP:6 DQ:1))))"""
"""`gametrace exercise -b 3 -d 4` (seed 0): the 3x4 uniform tree, 81 leaves, 22 cuts."""


def test_a_crowded_fan_puts_its_cut_label_further_away_not_on_a_node() -> None:
    # The cut under O (among the 81 leaves) found no clear place within the usual reach
    # and sat on O's own value; it now looks twice as far.
    from tests.conftest import do_search

    svg = Drawing(do_search(B3D4, "alphabeta").trace).render("svg").decode()
    assert collisions(svg) == []


@pytest.mark.parametrize("lang", ["en", "it"])
def test_edge_labels_side_by_side_never_read_as_one_phrase(lang: str) -> None:
    # Two A* actions on neighbouring edges ("empty 2", "fill 2") stood about a
    # space apart and read as one phrase.  Labels on one row keep more than a word space.
    from tests.render.svglayout import read

    trace = Path(__file__).parents[3] / "traces" / "jugs.astar.graph.json"
    texts, _ = read(Drawing(trace, RenderOptions(lang=lang)).render("svg").decode())
    labels = [t.box for t in texts if "->" in t.owner]
    assert len(labels) > 20
    for a, b in itertools.combinations(labels, 2):
        same_row = a[1] < b[3] and b[1] < a[3]
        if same_row:
            gap = max(b[0] - a[2], a[0] - b[2])
            assert gap >= 5.0, (a, b)
