"""The compact style of wide explicit trees: the 81 leaves of a 3x4
uniform tree drawn as large as they can be on a 16:9 slide, every value inside its box.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.render.draw.test_cut_labels import node_boxes
from tests.render.svglayout import read
from tracer._api import search_tree
from tracer.analysis.check.exercise import make_exercise
from tracer.figures.exercise import write_exercise
from tracer.record import MemoryRecorder
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing
from tracer.trees import parse_tree_json

_SIZE = re.compile(r'<svg width="([0-9.]+)pt" height="([0-9.]+)pt"')


def _answer(tmp_path: Path, values: tuple[int, int]) -> str:
    write_exercise(make_exercise(branching=3, depth=4, values=values, seed=0), tmp_path)
    return (tmp_path / "answer.svg").read_text()


def test_an_81_leaf_answer_is_drawn_larger_on_a_slide(tmp_path: Path) -> None:
    # 2982 pt wide before (0.43 px per pt at 1280x720), with its cut labels stacked
    # beside the wrong nodes; now every label by its node and 2789 pt (0.46 px per pt).
    width, height = (float(v) for v in _SIZE.search(_answer(tmp_path, (0, 20))).groups())
    assert min(1280 / width, 720 / height) >= 0.455


@pytest.mark.parametrize("values", [(0, 20), (-10, 10), (-100, 100)],
                         ids=["two-digits", "signed", "three-digits"])
def test_every_value_fits_inside_its_node(tmp_path: Path, values: tuple[int, int],
                                          capfd: pytest.CaptureFixture[str]) -> None:
    # Narrow leaves and triangles: a wide value ("−90", "≤ −3") is set smaller, never
    # left sticking out of its box (Graphviz then warned "size too small for label").
    svg = _answer(tmp_path, values)
    assert "too small" not in capfd.readouterr().err
    nodes = node_boxes(svg)
    texts, _ = read(svg)
    inside = [t for t in texts if t.owner in nodes]
    assert len(inside) > 120
    for t in inside:
        x0, _, x1, _ = nodes[t.owner]
        # A triangle's value sits where it narrows: two thirds of its width at most.
        room = (x1 - x0) * (0.7 if t.owner in _triangles(svg) else 1.0)
        assert t.box[2] - t.box[0] <= room, (t.owner, t.text)


def _triangles(svg: str) -> set[str]:
    return set(re.findall(r"<title>([A-Z]+)</title>\n<g id=\"a_n&#45;\1\"><a xlink:title="
                          r"\"\1 \(M(?:AX|IN)\)", svg))


@pytest.mark.parametrize("preset", [None, "slides", "print"])
def test_the_room_kept_for_cut_labels_makes_graphviz_say_nothing(
        tmp_path: Path, preset: str | None, capfd: pytest.CaptureFixture[str]) -> None:
    # With --preset slides, each spacer kept beside a node that cut was sized by our
    # estimate of its label, which Graphviz measured larger: "node 'gt.room.O' ... size
    # too small for label", 16 lines on the terminal per diagram.
    write_exercise(make_exercise(branching=3, depth=4, values=(0, 20), seed=0), tmp_path,
                   preset=preset)
    assert "Warning" not in capfd.readouterr().err


def test_long_leaf_names_fit_their_narrow_box(capfd: pytest.CaptureFixture[str]) -> None:
    # The 10,000 leaves of benchmarks/bench_render.py are named "AWW", "MWW", ...:
    # Graphviz warned "size too small for label" for each (in the layout and again in
    # the drawing), 114 lines on the terminal.
    leaves = [{"label": f"M{chr(65 + i % 26)}W{i // 26 or ''}", "value": i - 15}
              for i in range(30)]
    tree = parse_tree_json({"tree": {"label": "A", "children": [
        {"label": f"B{k}", "children": leaves[k * 10:(k + 1) * 10]} for k in range(3)]}})
    rec = MemoryRecorder()
    search_tree(tree, algorithm="minimax", recorder=rec)
    svg = Drawing(rec.trace, RenderOptions(legend=False)).render("svg")
    assert b">MWW<" in svg  # drawn, in the compact style (30 leaves side by side)
    assert "too small" not in capfd.readouterr().err
