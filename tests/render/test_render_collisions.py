"""No text overlaps another text or an edge's line, on the lecture traces.

The SVG is read back (tests/render/svglayout.py): each text becomes a box from its font
size and DejaVu Sans widths, each edge its line segments.  Cut labels sat on the dashed
pruned edges, move names under the bold principal variation, A* actions ran together,
visit numbers and probabilities were crossed by edges.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.render.svglayout import collisions, crosses, overlap
from tracer.render import Drawing

TRACES = sorted(p for p in (Path(__file__).parents[2] / "traces").glob("*.json")
                if ".matrix." not in p.name)


@pytest.mark.parametrize("path", TRACES, ids=lambda p: p.name)
def test_no_text_overlaps_a_text_or_an_edge(path: Path) -> None:
    assert collisions(Drawing(path).render("svg").decode()) == []


@pytest.mark.parametrize("name", ["aima.alphabeta.fail-soft.json", "jugs.astar.graph.json",
                                  "coin.expectiminimax.plain.json"])
def test_no_frame_has_a_collision(name: str) -> None:
    drawing = Drawing(Path(__file__).parents[2] / "traces" / name)
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

    from tests.analysis.test_ordering import trace_of
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
    from tracer.render import RenderOptions

    drawing = Drawing(Path(__file__).parents[2] / "traces" / name, RenderOptions(pruned=pruned))
    svg = drawing.render("svg").decode()
    assert "gt.cross." in svg
    assert collisions(svg) == []
    if name.startswith("aima"):
        for frame in drawing.frames():
            assert collisions(drawing.render("svg", frame.view).decode()) == [], frame.caption


@pytest.mark.parametrize("name", CROSSED[:4])
def test_no_strip_panel_has_a_collision(name: str) -> None:
    import re

    from tracer.render import RenderOptions
    from tracer.render.files.strip import strip_svg

    data, count = strip_svg(Drawing(Path(__file__).parents[2] / "traces" / name,
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

    drawing = Drawing(Path(__file__).parents[2] / "traces" / name, preset_options("slides"))
    assert collisions(drawing.render("svg").decode()) == []
