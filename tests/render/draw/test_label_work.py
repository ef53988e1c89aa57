"""The label placer's work grows with the labels and what is near them, not with the
whole tree: on a tree of 1,111 nodes each label tested every node's box at every
candidate place (30 million box tests, 4 s for one SVG).  Counted, not timed."""

from __future__ import annotations

import random

import pytest

from tracer._api import search_tree
from tracer.record import MemoryRecorder
from tracer.render.draw import labels
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing
from tracer.trace import Trace
from tracer.trees import parse_tree_json


def _wide_trace() -> Trace:
    rng = random.Random(1)
    tree = parse_tree_json([[[rng.randint(-50, 50) for _ in range(10)] for _ in range(10)]
                            for _ in range(10)])
    rec = MemoryRecorder()
    search_tree(tree, algorithm="alphabeta", recorder=rec)
    return rec.trace


def test_a_big_tree_labels_test_only_the_boxes_near_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    tests = 0
    overlap = labels._overlap

    def counted(a: labels.Box, b: labels.Box) -> bool:
        nonlocal tests
        tests += 1
        return overlap(a, b)

    monkeypatch.setattr(labels, "_overlap", counted)
    drawing = Drawing(_wide_trace(), RenderOptions(max_nodes=1121, max_width=1111,
                                                   legend=False))
    assert len(drawing.view.nodes) > 1000
    assert drawing.render("svg").count(b">beta cut<") > 20  # cut labels were placed
    assert tests < 1_000_000  # 346,127 here; 30,403,211 when every node was tested
