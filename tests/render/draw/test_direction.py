"""``--direction``: a deep, narrow tree (Grundy's game) grows to the right and fills a
16:9 slide; the boxes under the nodes then sit after them, clear of every text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.render.svglayout import collisions
from tracer.cli import main
from tracer.render.draw.dot import elements
from tracer.render.draw.labels import node_box
from tracer.render.draw.notes import note_name
from tracer.render.draw.presets import preset_options
from tracer.render.draw.spacers import ROOM
from tracer.render.pipeline import Drawing

TRACES = Path(__file__).resolve().parents[3] / "traces"
GRUNDY = TRACES / "grundy-7-min.andor.dfs.json"
SLIDE = (1280.0, 720.0)


def _size(svg: str) -> tuple[float, float]:
    m = re.search(r'<svg width="([0-9.]+)(?:pt|px)" height="([0-9.]+)(?:pt|px)"', svg)
    assert m is not None
    return float(m[1]), float(m[2])


def _fit(svg: str) -> float:
    """How much of a 1280x720 slide's pixels one point of the picture gets: the slides
    preset draws on a 1280x720 canvas, its scale is the drawing's."""
    assert _size(svg) == SLIDE
    m = re.search(r'transform="scale\(([0-9.]+) ', svg)
    assert m is not None
    return float(m[1])


@pytest.mark.parametrize("direction", ["down", "right"])
def test_slides_picture_is_16_by_9_either_way(direction: str) -> None:
    svg = Drawing(GRUNDY, preset_options("slides", direction=direction)).render("svg").decode()
    w, h = _size(svg)
    assert w / h == pytest.approx(16 / 9, rel=0.03)
    assert collisions(svg) == []


def test_grundy_on_a_slide_grows_right_and_is_drawn_larger() -> None:
    # The whole tree both ways (an explicit --max-width: a slide folds no part of it).
    auto = Drawing(GRUNDY, preset_options("slides", max_width=100))
    down = Drawing(GRUNDY, preset_options("slides", direction="down", max_width=100))
    assert (auto.theme.rankdir, down.theme.rankdir) == ("LR", "TB")
    assert "rankdir=LR" in auto.dot() and "rankdir=TB" in down.dot()
    svg = auto.render("svg").decode()
    assert _fit(svg) > 1.08 * _fit(down.render("svg").decode())
    assert collisions(svg) == []


def test_no_preset_keeps_the_root_on_top() -> None:
    assert Drawing(GRUNDY).theme.rankdir == "TB"
    assert Drawing(TRACES / "aima.alphabeta.fail-soft.json",
                   preset_options("slides")).theme.rankdir == "TB"  # wide and shallow


def test_boxes_sit_after_their_nodes_growing_right() -> None:
    drawing = Drawing(GRUNDY, preset_options(None, direction="right"))
    nodes, edges = elements(drawing.view, drawing.theme, pinned=drawing.pinned)
    attrs = dict(nodes)
    for node in drawing.view.nodes:
        own, note = node_box(node.key, attrs[node.key]), node_box(note_name(node.key),
                                                                  attrs[note_name(node.key)])
        assert own is not None and note is not None
        if attrs[note_name(node.key)].get("shape") == "point":
            continue  # no box: the edges leave from the node
        assert note[0] > own[2]  # after the node's whole box, not over a triangle's corner
        assert (note[1] + note[3]) / 2 == pytest.approx((own[1] + own[3]) / 2, abs=0.01)
    for (tail, head), a in edges:  # the tree edges leave from the boxes' right sides
        # (a cut label's carrier, an edge of no length to where its spacer stood, is no
        # tree edge: tracer.render.draw.spacers.carriers)
        if (tail.startswith("gt.note.") and a.get("style") != "invis"
                and not head.startswith(ROOM)):
            box = node_box(tail, attrs[tail])
            assert box is not None
            x = float(a["pos"].split()[0].split(",")[0])
            assert x == pytest.approx(box[2], abs=0.1)  # sizes are rounded to 0.001 in


def test_direction_option(tmp_path: Path) -> None:
    out = tmp_path / "g.dot"
    result = CliRunner().invoke(main, ["render", str(GRUNDY), "--direction", "right",
                                       "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "rankdir=LR" in out.read_text()
    bad = CliRunner().invoke(main, ["render", str(GRUNDY), "--direction", "up",
                                    "-o", str(tmp_path / "x.svg")])
    assert bad.exit_code == 2 and "'up' is not one of 'down', 'right'" in bad.output
    assert not (tmp_path / "x.svg").exists()
