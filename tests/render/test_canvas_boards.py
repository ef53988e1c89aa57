"""Boards on a slide: the canvas's advice (--depth N, --focus NODE) works.

A full Chomp 4x4 tree on a 1280x720 slide has text of 3 px, and the canvas says so and
suggests --depth.  With --depth 2 the root still has sixteen children, too many side
by side; on a canvas the part asked for keeps fewer of them (the rest fold into a box)
until its text is at least 14 px.  A frame's caption grows with the slide's text, so a
step is never the smallest text of a slide.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.render.test_canvas import NOTE, least_text, png_size, svg_size
from tracer.cli import main
from tracer.render.draw.presets import preset_options
from tracer.render.pipeline import Drawing

TRACES = Path(__file__).resolve().parents[2] / "traces"
CHOMP = TRACES / "chomp4x4.alphabeta.best.json"
OTHELLO = TRACES / "othello.alphabeta.depth3.json"


def test_chomp_whole_on_a_slide_draws_its_top_at_14_px() -> None:
    # The whole tree would have text of 3 px: the slide draws the top levels, the
    # levels below folded into "+N nodes" boxes, and says nothing about it.
    drawing = Drawing(CHOMP, preset_options("slides"))
    svg = drawing.render("svg").decode()
    assert least_text(svg) >= 14 and drawing.canvas_note() is None
    assert NOTE not in svg
    assert drawing.result is not None and drawing.result.pv[0] in drawing.visible.order
    assert any(b.kind == "explored" for boxes in drawing.visible.boxes.values()
               for b in boxes)


def test_othello_on_a_slide_keeps_each_of_its_four_first_moves() -> None:
    # --depth 1 once folded d3, e6 and f5 (all searched) into one box; now each
    # keeps its node, value and cut, and only what lies below them folds.
    for depth in (1, None):
        drawing = Drawing(OTHELLO, preset_options("slides", depth=depth))
        root = drawing.replay.skeleton.nodes[drawing.replay.skeleton.root]
        assert [c for c in root.children if c in drawing.visible.order] == [
            "c4", "d3", "e6", "f5"]
        assert root.id not in drawing.visible.boxes
        svg = drawing.render("svg").decode()
        assert least_text(svg) >= 14 and drawing.canvas_note() is None
        # A crowded slide keeps the root's board only.
        assert [n.key for n in drawing.view.nodes if n.position] == ["root"]


@pytest.mark.parametrize(("trace", "depth"), [(CHOMP, 2)])
def test_the_top_of_a_board_game_on_a_slide_has_text_of_14_px(trace: Path,
                                                               depth: int) -> None:
    drawing = Drawing(trace, preset_options("slides", depth=depth))
    svg = drawing.render("svg").decode()
    assert svg_size(svg)[:2] == ("1280px", "720px")
    assert NOTE not in svg and drawing.canvas_note() is None
    assert least_text(svg) >= 14
    fit = drawing.fit
    assert fit is not None and fit.least is not None and fit.least >= 14
    # The principal variation is still drawn, down to the depth asked for.
    assert drawing.result is not None
    shown = set(drawing.visible.order)
    assert set(drawing.result.pv[:depth + 1]) <= shown
    # The root's other children fold into boxes: fewer are drawn than it has.
    root = drawing.replay.skeleton.nodes[drawing.replay.skeleton.root]
    drawn_children = [c for c in root.children if c in shown]
    assert 1 <= len(drawn_children) < len(root.children)
    assert drawing.visible.boxes.get(root.id)


def test_without_a_canvas_depth_keeps_every_child() -> None:
    drawing = Drawing(CHOMP, preset_options("slides", depth=2, size=None))
    root = drawing.replay.skeleton.nodes[drawing.replay.skeleton.root]
    assert all(c in drawing.visible.order for c in root.children)


def test_an_explicit_max_width_is_kept_even_when_text_is_small() -> None:
    drawing = Drawing(CHOMP, preset_options("slides", depth=2, max_width=40))
    drawing.render("svg")
    assert drawing.canvas_note() is not None


def test_slide_frames_captions_are_as_large_as_the_tree_text(tmp_path: Path) -> None:
    drawing = Drawing(CHOMP, preset_options("slides", depth=2))
    frames = list(drawing.frames())
    svg = drawing.render("svg", frames[1].view).decode()
    assert "Step 2/" in svg
    assert least_text(svg) >= 14


def test_render_on_the_command_line_and_its_help(tmp_path: Path) -> None:
    out = tmp_path / "chomp.png"
    result = CliRunner().invoke(main, ["render", str(CHOMP), "-o", str(out), "--preset",
                                       "slides", "--depth", "2"])
    assert result.exit_code == 0, result.stderr
    assert "warning" not in result.stderr
    assert png_size(out.read_bytes()) == (1280, 720)
    helped = CliRunner().invoke(main, ["render", "--help"])
    assert "gametrace render chomp.json -o chomp.png --preset slides --depth 2" in helped.stdout


def test_a_narrow_width_folds_ghosts_and_keeps_a_few_searched_moves() -> None:
    # --max-width 4 with Othello's top: the four moves searched stay, their pruned
    # replies fold into boxes; Chomp's sixteen searched moves are a crowd and fold.
    from tracer.render.model.render_options import RenderOptions

    othello = Drawing(OTHELLO, RenderOptions(depth=1, max_width=4))
    root = othello.replay.skeleton.nodes[othello.replay.skeleton.root]
    assert all(c in othello.visible.order for c in root.children)
    assert root.id not in othello.visible.boxes
    chomp = Drawing(CHOMP, RenderOptions(depth=1, max_width=4))
    root = chomp.replay.skeleton.nodes[chomp.replay.skeleton.root]
    assert len([c for c in root.children if c in chomp.visible.order]) < 16
    assert [b.kind for b in chomp.visible.boxes[root.id]] == ["explored"]


def test_below_the_first_choice_a_few_searched_moves_fold_too() -> None:
    # The 8-puzzle has at most four moves at every node: spared at every level, they
    # drew most of the search (510 frames, not 290); only the root's are spared.
    from tracer._api import search_problem
    from tracer.record import MemoryRecorder
    from tracer.render.model.render_options import RenderOptions

    recorder = MemoryRecorder()
    search_problem("puzzle8", recorder=recorder)
    drawing = Drawing(recorder.trace, RenderOptions(step="event"))
    skel = drawing.replay.skeleton
    assert all(c in drawing.visible.order for c in skel.nodes[skel.root].children)
    deeper = [n for n in drawing.visible.order if skel.nodes[n].depth == 3]
    assert len(deeper) < 10
    assert len(list(drawing.frames())) == 290
