"""Properties on random trees: what a diagram writes is true of the tree."""

from __future__ import annotations

from typing import Any

from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tracer._api import search_tree
from tracer.events import Evaluate, Expand
from tracer.record import MemoryRecorder
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing
from tracer.trees import Node, parse_tree_json

trees = st.recursive(st.integers(-9, 9), lambda kids: st.lists(kids, min_size=1, max_size=3),
                     max_leaves=14).filter(lambda t: isinstance(t, list))
variants = st.sampled_from([("alphabeta", "fail-soft"), ("alphabeta", "fail-hard"),
                            ("alphabeta", "negamax"), ("alphabeta", "list"),
                            ("minimax", "two-function")])


def true_values(root: Node) -> dict[str, float]:
    out: dict[str, float] = {}
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        if not node.children:
            assert node.value is not None, f"leaf {node.id} has no value"
            out[node.id] = float(node.value)
        elif done:
            vals = [out[c.id] for c in node.children]
            out[node.id] = max(vals) if node.player.value == "max" else min(vals)
        else:
            stack.append((node, True))
            stack.extend((c, False) for c in node.children)
    return out


def parse(text: str) -> float:
    return float(text.replace("−", "-"))


def assert_true(text: str, value: float, key: str) -> None:
    """``text`` (``3``, ``≥ 3``, ``≤ 2``) is a true statement about ``value``."""
    if text.startswith("≥"):
        assert value >= parse(text[1:]), (key, text, value)
    elif text.startswith("≤"):
        assert value <= parse(text[1:]), (key, text, value)
    else:
        assert value == parse(text), (key, text, value)


@settings(max_examples=examples(60), deadline=None)
@given(trees, variants)
def test_every_written_value_or_bound_is_true(data: Any, variant: tuple[str, str]) -> None:
    tree = parse_tree_json(data)
    rec = MemoryRecorder()
    result = search_tree(tree, algorithm=variant[0], variant=variant[1], recorder=rec)
    truth = true_values(tree.root)
    drawing = Drawing(rec.trace, RenderOptions(max_nodes=1000, max_width=1000,
                                               max_frames=10_000))
    view = drawing.view
    # Every frame, not only the last: provisional values and bounds are true too.
    for frame in drawing.frames():
        for node in frame.view.nodes:
            if node.status == "explored" and node.value is not None:
                assert_true(node.value, truth[node.key], node.key)
    root = next(n for n in view.nodes if n.key == tree.root.id)
    assert root.value is not None and parse(root.value) == truth[tree.root.id] == result.value
    # Pruned nodes were never evaluated; explored ones were.
    evaluated = {e.node for e in rec.trace.events if isinstance(e, (Expand, Evaluate))}
    for node in view.nodes:
        assert (node.status == "explored") == (node.key in evaluated), node.key
