"""Properties on random trees: every variant agrees with minimax; pruning only removes."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import AB_VARIANTS, VARIANTS, do_search, taken
from tracer.jsonio import dumps_json
from tracer.schema import validate
from tracer.trace import Trace
from tracer.trees import parse_tree_json

ORDERS = ["natural", "reverse", "random", "best", "worst"]

leaf = st.integers(min_value=-9, max_value=9)  # small range: plenty of ties
trees = st.recursive(leaf, lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=40)
inner_trees = st.lists(trees, min_size=1, max_size=4)


def uniform(b: int, d: int, values: list[int]) -> Any:
    it = iter(values)

    def build(level: int) -> Any:
        return next(it) if level == d else [build(level + 1) for _ in range(b)]

    return build(0)


@settings(max_examples=examples(80), deadline=None)
@given(tree=inner_trees, order=st.sampled_from(ORDERS), cut_on=st.sampled_from(["ge", "gt"]),
       seed=st.integers(0, 3), root=st.sampled_from(["max", "min"]))
def test_every_variant_returns_the_minimax_value(tree: Any, order: str, cut_on: str,
                                                 seed: int, root: str) -> None:
    reference = do_search(tree, "minimax", root_player=root)
    leaves = set(reference.evaluated)
    for algorithm, variant in VARIANTS:
        s = do_search(tree, algorithm, variant, order=order, cut_on=cut_on, seed=seed,
                      root_player=root)
        assert s.result.value == reference.result.value, (algorithm, variant)
        assert set(s.evaluated) <= leaves
        # The chosen move really achieves the value (MAX's view).
        assert s.result.pv[0] == reference.result.pv[0]


@settings(max_examples=examples(100), deadline=None)
@given(tree=inner_trees, order=st.sampled_from(ORDERS))
def test_fail_hard_and_fail_soft_visit_the_same_nodes(tree: Any, order: str) -> None:
    soft = do_search(tree, "alphabeta", "fail-soft", order=order)
    hard = do_search(tree, "alphabeta", "fail-hard", order=order)
    nega = do_search(tree, "alphabeta", "negamax", order=order)
    assert soft.visited == hard.visited == nega.visited


def test_with_a_strict_cut_test_fail_hard_can_visit_more() -> None:
    """Under ``--cut-on gt`` the two part ways: fail-hard clamps D's 0 up to alpha = 1,
    and beta = 1 is not > alpha, while fail-soft's beta = 0 < 1 cuts E."""
    tree = [1, [[0], 0]]
    soft = do_search(tree, "alphabeta", "fail-soft", cut_on="gt")
    hard = do_search(tree, "alphabeta", "fail-hard", cut_on="gt")
    assert soft.evaluated == ["B", "F"]
    assert hard.evaluated == ["B", "F", "E"]
    assert soft.result.value == hard.result.value == 1


@settings(max_examples=examples(60), deadline=None)
@given(b=st.integers(2, 3), d=st.integers(1, 4), data=st.data())
def test_perfect_ordering_meets_the_knuth_moore_bound(b: int, d: int, data: Any) -> None:
    """Knuth & Moore 1975: with the best child first and distinct leaf values,
    alpha-beta evaluates exactly b^ceil(d/2) + b^floor(d/2) - 1 leaves."""
    values = data.draw(st.permutations(list(range(b**d))))
    tree = uniform(b, d, values)
    expected = b ** math.ceil(d / 2) + b ** math.floor(d / 2) - 1
    for variant in AB_VARIANTS:
        s = do_search(tree, "alphabeta", variant, order="best")
        assert s.result.stats.leaves_evaluated == expected, variant


@settings(max_examples=examples(40), deadline=None)
@given(tree=inner_trees, order=st.sampled_from(ORDERS))
def test_every_trace_validates_and_round_trips(tree: Any, order: str) -> None:
    for algorithm, variant in VARIANTS:
        s = do_search(tree, algorithm, variant, order=order)
        doc = s.trace.to_json()
        validate(doc, "trace", file="<test>")
        text = dumps_json(doc)
        again = Trace.from_json(json.loads(text))
        assert again.to_json() == doc
        assert dumps_json(again.to_json()) == text
        # The embedded source tree is the tree that was searched.
        embedded = parse_tree_json(doc["header"]["source"]["tree"])
        assert [n.id for n in embedded.nodes()] == [n.id for n in s.tree.nodes()]


def test_infinite_values_are_written_as_strings() -> None:
    s = do_search([["+inf", 3], ["-inf"]], "alphabeta")
    doc = s.trace.to_json()
    text = dumps_json(doc)
    assert "Infinity" not in text and '"-inf"' in text
    validate(doc, "trace", file="<test>")
    assert Trace.from_json(json.loads(text)).to_json() == doc


@pytest.mark.parametrize(("algorithm", "variant"), VARIANTS, ids=[f"{a}-{v}" for a, v in VARIANTS])
def test_same_search_gives_the_same_bytes(algorithm: str, variant: str) -> None:
    tree = [[3, [12, 1], 8], [2, 4, 6], [[14, 0], 5, 2]]
    a = dumps_json(do_search(tree, algorithm, variant, order="random", seed=7).trace.to_json())
    b = dumps_json(do_search(tree, algorithm, variant, order="random", seed=7).trace.to_json())
    assert a == b


@settings(max_examples=examples(60), deadline=None)
@given(tree=inner_trees, order=st.sampled_from(ORDERS), cut_on=st.sampled_from(["ge", "gt"]))
def test_recording_does_not_change_the_result(tree: Any, order: str, cut_on: str) -> None:
    """The untraced path keys children by action and names only the PV: same result."""
    from tracer._api import search_tree
    from tracer.trees import parse_tree_json as parse

    t = parse(tree)
    for algorithm, variant in VARIANTS:
        traced = do_search(t, algorithm, variant, order=order, cut_on=cut_on, seed=1).result
        untraced = search_tree(t, algorithm=algorithm, variant=variant,
                               **taken(algorithm, variant, order=order, cut_on=cut_on, seed=1))
        assert untraced == traced, (algorithm, variant)


@settings(max_examples=examples(40), deadline=None)
@given(tree=st.lists(st.recursive(st.one_of(leaf, st.sampled_from(["+inf", "-inf"]),
                                            st.floats(-5, 5, allow_nan=False)),
                                  lambda kids: st.lists(kids, min_size=1, max_size=3),
                                  max_leaves=12), min_size=1, max_size=3))
def test_the_fast_line_writer_matches_to_json(tree: Any) -> None:
    """Traces are written with generated per-class formatters: same bytes as to_dict."""
    for algorithm, variant in VARIANTS:
        for event in do_search(tree, algorithm, variant).trace.events:
            assert event.to_line() == dumps_json(event.to_dict())


@settings(max_examples=examples(40), deadline=None)
@given(tree=inner_trees, order=st.sampled_from(ORDERS), cut_on=st.sampled_from(["ge", "gt"]),
       jsonl=st.booleans())
def test_streamed_traces_are_the_recorded_events_byte_for_byte(
        tree: Any, order: str, cut_on: str, jsonl: bool) -> None:
    """Streaming formats the hottest events straight to lines; they must be exactly the
    lines of the events a memory recorder keeps."""
    import io

    from tracer._api import search_tree
    from tracer.record import StreamRecorder
    from tracer.trace import write_trace
    from tracer.trees import parse_tree_json as parse

    t = parse(tree)
    for algorithm, variant in VARIANTS:
        kept = do_search(t, algorithm, variant, order=order, cut_on=cut_on).trace
        expected = io.StringIO()
        write_trace(expected, kept.header, kept.events, kept.result, jsonl=jsonl)
        streamed = io.StringIO()
        search_tree(t, algorithm=algorithm, variant=variant,
                    recorder=StreamRecorder(streamed, jsonl=jsonl),
                    **taken(algorithm, variant, order=order, cut_on=cut_on))
        assert streamed.getvalue() == expected.getvalue(), (algorithm, variant)


@pytest.mark.parametrize(("algorithm", "variant"), VARIANTS, ids=[f"{a}-{v}" for a, v in VARIANTS])
def test_streamed_game_traces_match_too(algorithm: str, variant: str) -> None:
    """Generated games add position labels to the formatted lines."""
    import io

    from tracer.games.registry import make_game
    from tracer.record import MemoryRecorder, StreamRecorder
    from tracer.search import run_search
    from tracer.trace import write_trace

    game, state, source = make_game("tictactoe", {"board": "xo..x...o"})
    memory = MemoryRecorder()
    run_search(game, state, algorithm=algorithm, variant=variant, depth=3, recorder=memory,
               source=source)
    kept = memory.trace
    expected = io.StringIO()
    write_trace(expected, kept.header, kept.events, kept.result, jsonl=True)
    streamed = io.StringIO()
    run_search(game, state, algorithm=algorithm, variant=variant, depth=3,
               recorder=StreamRecorder(streamed, jsonl=True), source=source)
    assert streamed.getvalue() == expected.getvalue()
