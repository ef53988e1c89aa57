"""A cut label sits by the node that cut, also in the full fans of a wide tree.

In the answer diagram of `gametrace exercise -b 3 -d 4`, O's cut label
("alpha cut / 7 ≤ α = 10") found no room under O's crowded fan and sat beside P, stacked
under P's own label: a reader had to match labels to nodes by value.  The layout now
keeps room beside each node that cut (tracer/render/draw/spacers.py) and the placer puts the
label there (tracer/render/draw/labels.py).

The SVG is read back: a label is the box around its texts, a node the box around its
shape; the label must be nearer its own node than any other node, and no text may
overlap a text or an edge (tests/render/svglayout.py).
"""

from __future__ import annotations

import html
import math
import re
from pathlib import Path

import pytest

from tests.render.svglayout import Box, collisions, read
from tracer.analysis.check.exercise import make_exercise
from tracer.figures.exercise import write_exercise
from tracer.render.draw.notes import NOTE
from tracer.render.draw.presets import preset_options
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing

TRACES = Path(__file__).parents[3] / "traces"
_NODE = re.compile(r'<g id="[^"]*" class="node">\n<title>(.*?)</title>(.*?)\n</g>\n', re.DOTALL)
_POINTS = re.compile(r'<polygon[^>]*\bpoints="([^"]*)"')
_NUM = re.compile(r"-?[0-9.]+")


def node_boxes(svg: str) -> dict[str, Box]:
    """The box around each tree node's shape (not the boxes under them, nor the
    invisible helper points)."""
    boxes: dict[str, Box] = {}
    for title, body in _NODE.findall(svg):
        name = html.unescape(title)
        points = [float(v) for p in _POINTS.findall(body) for v in _NUM.findall(p)]
        if name.startswith("gt") or not points:
            continue
        xs, ys = points[0::2], points[1::2]
        boxes[name] = (min(xs), min(ys), max(xs), max(ys))
    return boxes


def cut_labels(svg: str) -> list[tuple[str, str, Box]]:
    """(the node that cut, the label's words, the box around the label) for each cut."""
    texts, _ = read(svg)
    by_edge: dict[str, list[Box]] = {}
    words: dict[str, list[str]] = {}
    for t in texts:
        if "->" in t.owner:
            by_edge.setdefault(t.owner, []).append(t.box)
            words.setdefault(t.owner, []).append(t.text)
    out = []
    for edge, boxes in by_edge.items():
        if not any(w.endswith(" cut") for w in words[edge]):
            continue
        box = (min(b[0] for b in boxes), min(b[1] for b in boxes),
               max(b[2] for b in boxes), max(b[3] for b in boxes))
        tail = edge.split("->")[0].split(":")[0].removeprefix(NOTE)  # edges leave from a board
        out.append((tail, " / ".join(words[edge]), box))
    return out


def _apart(a: Box, b: Box) -> float:
    return math.hypot(max(a[0] - b[2], b[0] - a[2], 0.0), max(a[1] - b[3], b[1] - a[3], 0.0))


def misplaced(svg: str) -> list[str]:
    """Every cut label as near (or nearer) another node as its own."""
    nodes = node_boxes(svg)
    out = []
    for owner, words, box in cut_labels(svg):
        mine = _apart(box, nodes[owner])
        nearer = sorted(n for n, b in nodes.items() if n != owner and _apart(box, b) <= mine)
        if nearer:
            out.append(f"{words!r} of {owner} ({mine:.0f} pt) is as near {', '.join(nearer)}")
    return out


def _answer(tmp_path: Path, seed: int, preset: str | None = None) -> str:
    ex = make_exercise(branching=3, depth=4, seed=seed)
    write_exercise(ex, tmp_path, fmt="svg", preset=preset)
    return (tmp_path / "answer.svg").read_text()


def test_the_checker_sees_a_label_beside_another_node() -> None:
    svg = ('<!-- O -->\n<g id="node1" class="node">\n<title>O</title>\n'
           '<polygon points="0,0 72,0 36,-43 0,0"/>\n</g>\n'
           '<!-- P -->\n<g id="node2" class="node">\n<title>P</title>\n'
           '<polygon points="100,0 172,0 136,-43 100,0"/>\n</g>\n'
           '<!-- O&#45;&gt;X -->\n<g id="edge1" class="edge">\n<title>O:s&#45;&gt;X:n</title>\n'
           '<text text-anchor="middle" x="190" y="-20" font-size="12">alpha cut</text>\n'
           '</g>\n</g>\n')
    assert cut_labels(svg)[0][0] == "O"
    assert misplaced(svg) == ["'alpha cut' of O (90 pt) is as near P"]


@pytest.mark.parametrize("seed", [0, 5])
@pytest.mark.parametrize("preset", [None, "slides"])
def test_every_cut_label_of_a_3x4_answer_sits_by_its_node(tmp_path: Path, seed: int,
                                                          preset: str | None) -> None:
    # 81 leaves; seed 0 is the picture (O's label beside P), seed 5 another tree.
    svg = _answer(tmp_path, seed, preset)
    assert len(cut_labels(svg)) >= 12
    assert misplaced(svg) == []
    assert collisions(svg) == []


@pytest.mark.parametrize("options", [RenderOptions(), preset_options("slides"),
                                     RenderOptions(direction="right"),
                                     RenderOptions(pruned="cross")],
                         ids=["plain", "slides", "right", "cross"])
@pytest.mark.parametrize("name", ["aima.alphabeta.fail-soft.json",
                                  "three-mins.alphabeta.fail-hard.json",
                                  "tictactoe-stage3.alphabeta.json"])
def test_every_cut_label_of_a_lecture_tree_sits_by_its_node(name: str,
                                                            options: RenderOptions) -> None:
    # AIMA's "2 ≤ α = 3" sat in the gap between C's pruned edge and D, nearer D.
    svg = Drawing(TRACES / name, options).render("svg").decode()
    assert cut_labels(svg)
    assert misplaced(svg) == []
    assert collisions(svg) == []


def test_every_frame_keeps_its_cut_labels_by_their_nodes() -> None:
    # Frames share the diagram's layout; a label appears at its cut, by its node.
    from tests.conftest import do_search

    ex = make_exercise(branching=2, depth=4, cuts=(3, 5), seed=0)
    drawing = Drawing(do_search(ex.tree).trace)
    shown = 0
    for frame in drawing.frames():
        svg = drawing.render("svg", frame.view).decode()
        shown = max(shown, len(cut_labels(svg)))
        assert misplaced(svg) == [], frame.caption
        assert collisions(svg) == [], frame.caption
    assert shown >= 3
