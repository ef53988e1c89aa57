"""The enhanced family: every variant and technique returns plain alpha-beta's value, and
each technique shows in the trace (iterations, transposition hits and stores, orderings)."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import do_search
from tracer._api import search_tree
from tracer.errors import UsageError
from tracer.events import Backup, Evaluate, Expand, Iteration, Reorder, Transposition
from tracer.games.registry import make_game
from tracer.jsonio import dumps_json
from tracer.limits import Limits
from tracer.record import MemoryRecorder
from tracer.schema import validate
from tracer.search import alpha_beta, enhanced_search, minimax
from tracer.search.enhanced import Techniques
from tracer.trace import Trace
from tracer.trees import parse_tree_json

VARIANTS = ("fail-soft", "pvs", "mtdf")
TECHS = ("id", "killer", "history", "tt", "aspiration:2")


def _combos() -> list[tuple[str, str]]:
    out = []
    for variant in VARIANTS:
        for r in range(len(TECHS) + 1):
            for chosen in itertools.combinations(TECHS, r):
                if "aspiration:2" in chosen and ("id" not in chosen or variant == "mtdf"):
                    continue
                out.append((variant, ",".join(chosen)))
    return out


COMBOS = _combos()
NO_ID = [(v, t) for v, t in COMBOS if "id" not in t]

leaf = st.integers(min_value=-9, max_value=9)
trees = st.recursive(leaf, lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=30)
inner_trees = st.lists(trees, min_size=1, max_size=4)


def with_static_values(tree: Any, rng: random.Random) -> Any:
    """The object form, every inner node given a static value (for iterative deepening)."""
    if not isinstance(tree, list):
        return tree
    return {"value": rng.randint(-9, 9), "children": [with_static_values(c, rng) for c in tree]}


def traced(game: Any, state: Any = None, **options: Any) -> Trace:
    rec = MemoryRecorder()
    enhanced_search(game, state, recorder=rec, **options)
    return rec.trace


# -- the value is plain alpha-beta's ----------------------------------------------------


@settings(max_examples=examples(60), deadline=None)
@given(tree=inner_trees, order=st.sampled_from(["natural", "reverse", "random"]),
       seed=st.integers(0, 3), root=st.sampled_from(["max", "min"]))
def test_every_variant_and_technique_returns_the_alphabeta_value_on_trees(
        tree: Any, order: str, seed: int, root: str) -> None:
    reference = do_search(tree, "alphabeta", root_player=root).result
    for variant, techniques in NO_ID:
        s = do_search(tree, "enhanced", variant, techniques=techniques, order=order,
                      seed=seed, root_player=root)
        assert s.result.value == reference.value, (variant, techniques)


@settings(max_examples=examples(40), deadline=None)
@given(tree=inner_trees, depth=st.integers(0, 4), seed=st.integers(0, 1000))
def test_iterative_deepening_returns_the_depth_limited_value(tree: Any, depth: int,
                                                             seed: int) -> None:
    t = parse_tree_json(with_static_values(tree, random.Random(seed)))
    reference = search_tree(t, algorithm="alphabeta", depth=depth).value
    for variant, techniques in COMBOS:
        if "id" in techniques:
            result = search_tree(t, algorithm="enhanced", variant=variant,
                                 techniques=techniques, depth=depth)
            assert result.value == reference, (variant, techniques)


def _positions(name: str, params: dict[str, str], count: int, seed: int) -> list[Any]:
    game, state, _ = make_game(name, params)
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        s = state
        for _ in range(rng.randint(0, 10)):
            if game.is_terminal(s):
                break
            s = game.result(s, rng.choice(list(game.actions(s))))
        out.append(s)
    return out


@pytest.mark.parametrize(("name", "params", "depths"), [
    ("tictactoe", {}, (1, 2, 3)),
    ("tictactoe", {"board": "x...o...."}, (None,)),
    ("othello", {}, (1, 2, 3)),
    ("othello", {"eval": "mobility"}, (2, 3)),
    ("nim", {"piles": "1,2,3"}, (2, None)),
    ("chomp", {"rows": "3", "cols": "3"}, (2, None)),
], ids=["tictactoe", "tictactoe-to-the-end", "othello", "othello-mobility", "nim", "chomp"])
def test_every_technique_equals_alphabeta_on_random_game_positions(
        name: str, params: dict[str, str], depths: tuple[int | None, ...]) -> None:
    game, _, _ = make_game(name, params)
    for state in _positions(name, params, 6, seed=len(name)):
        for depth in depths:
            reference = alpha_beta(game, state, depth=depth)
            for variant, techniques in COMBOS:
                result = enhanced_search(game, state, variant=variant, techniques=techniques,
                                         depth=depth)
                assert result.value == reference.value, (variant, techniques, depth)
                if result.move is not None:  # the move chosen reaches the value
                    action = next(a for a in game.actions(state)
                                  if game.move_name(state, a) == result.move.split("/")[-1])
                    child = minimax(game, game.result(state, action),
                                    depth=None if depth is None else depth - 1)
                    assert child.value == reference.value, (variant, techniques, depth)


def test_without_techniques_it_visits_what_fail_soft_alphabeta_visits() -> None:
    for order in ("natural", "reverse", "random"):
        plain = do_search("A(B(3 12 8) C(2 4 6) D(14 5 2))", "alphabeta", order=order, seed=3)
        ours = do_search("A(B(3 12 8) C(2 4 6) D(14 5 2))", "enhanced", order=order, seed=3)
        assert ours.visited == plain.visited
        assert ours.result == plain.result


@pytest.mark.parametrize(("variant", "techniques"), COMBOS[::5])
def test_recording_does_not_change_the_result(variant: str, techniques: str) -> None:
    game, state, _ = make_game("tictactoe", {"board": "x...o...."})
    untraced = enhanced_search(game, state, variant=variant, techniques=techniques, depth=4)
    rec = MemoryRecorder()
    recorded = enhanced_search(game, state, variant=variant, techniques=techniques, depth=4,
                               recorder=rec)
    assert recorded == untraced


# -- each technique is visible in the trace ---------------------------------------------


def test_iterative_deepening_reports_each_iteration_and_searches_the_pv_first() -> None:
    game, state, _ = make_game("othello", {})
    trace = traced(game, state, techniques="id", depth=4)
    iterations = [e for e in trace.events if isinstance(e, Iteration)]
    assert [(i.depth, i.kind, i.flag) for i in iterations] == [
        (d, "iteration", "exact") for d in (1, 2, 3, 4)]
    assert iterations[-1].value == trace.result.value == alpha_beta(game, state, depth=4).value
    assert iterations[-1].nodes == trace.result.stats.nodes_visited
    # Each later iteration puts the previous principal variation first at the root.
    roots = [e for e in trace.events if isinstance(e, Reorder) and e.node == "root"]
    for previous, order in zip(iterations, roots, strict=False):
        assert order.children[0] == previous.pv[1] and order.reasons[0] == "pv"


def test_tictactoe_to_the_end_stops_deepening_once_the_game_is_solved() -> None:
    game, state, _ = make_game("tictactoe", {"board": "xo.x.o..."})
    trace = traced(game, state, techniques="id")
    depths = [e.depth for e in trace.events if isinstance(e, Iteration)]
    assert depths == list(range(1, len(depths) + 1)) and depths[-1] <= 5
    assert trace.result.value == alpha_beta(game, state).value


def test_the_transposition_table_reports_hits_and_stores_with_flags() -> None:
    game, state, _ = make_game("tictactoe", {})
    trace = traced(game, state, techniques="tt", depth=4)
    stores = [e for e in trace.events if isinstance(e, Transposition) and e.kind == "store"]
    hits = [e for e in trace.events if isinstance(e, Transposition) and e.kind == "hit"]
    assert hits and stores
    assert {e.flag for e in stores} == {"exact", "lower", "upper"}
    expanded = {e.node for e in trace.events if isinstance(e, Expand)}
    for hit in hits:
        # Another path to the same position stored it; the node itself is not searched.
        assert hit.stored_at in expanded and hit.stored_at != hit.node
        assert hit.node not in expanded
        assert hit.draft == 4 - hit.node.count("/") - 1
    assert trace.result.stats.nodes_visited < alpha_beta(game, state, depth=4).stats.nodes_visited


def test_killer_and_history_moves_show_in_order_events() -> None:
    game, state, _ = make_game("othello", {})
    trace = traced(game, state, techniques="killer,history", depth=4)
    reasons = {r for e in trace.events if isinstance(e, Reorder) for r in e.reasons}
    assert {"killer", "history"} <= reasons
    scored = [e for e in trace.events if isinstance(e, Reorder) and e.history is not None]
    assert scored and all(list(e.history) == sorted(e.history, reverse=True)
                          for e in scored if set(e.reasons) <= {"history", ""})


def test_aspiration_windows_search_again_when_the_value_falls_outside() -> None:
    game, state, _ = make_game("othello", {})
    trace = traced(game, state, techniques="id,aspiration:5", depth=4)
    kinds = [(e.kind, e.flag) for e in trace.events if isinstance(e, Iteration)]
    assert kinds[0] == ("iteration", "exact")
    assert ("re-search", "exact") in kinds
    failed = [k for k in kinds if k[0] == "aspiration" and k[1] != "exact"]
    assert failed and kinds.count(("re-search", "exact")) == len(failed)


def test_mtdf_makes_null_window_tests_until_the_bounds_meet() -> None:
    s = do_search("A(B(3 12 8) C(2 4 6) D(14 5 2))", "enhanced", "mtdf")
    tests = [e for e in s.trace.events if isinstance(e, Iteration)]
    assert [(e.alpha, e.beta, e.value, e.flag) for e in tests] == [
        (-1, 0, 3, "lower"), (3, 4, 3, "upper")]
    assert s.result.value == 3 and s.result.move == "B"
    assert s.trace.header.options["techniques"] == ["tt"]  # MTD(f) always has its table


def test_pvs_searches_again_a_child_that_beats_the_null_window() -> None:
    """B gives 3; C and D fail the null-window test (3, 4); E's 4 passes it and E is
    searched again with the full window (3, +inf)."""
    s = do_search("A(B(3 12 8) C(2 4 6) D(14 5 2) E(4 9 7))", "enhanced", "pvs")
    windows = [(e.node, e.alpha, e.beta) for e in s.trace.events if isinstance(e, Expand)]
    assert windows == [("A", float("-inf"), float("inf")), ("B", float("-inf"), float("inf")),
                       ("C", 3, 4), ("D", 3, 4), ("E", 3, 4), ("E", 3, float("inf"))]
    assert s.result.value == 4 and s.result.move == "E"


# -- the trace format ---------------------------------------------------------------------


def test_new_events_validate_round_trip_and_write_the_same_bytes() -> None:
    game, state, _ = make_game("tictactoe", {"board": "x...o...."})
    for variant, techniques in [("fail-soft", "id,killer,history,tt,aspiration:1"),
                                ("pvs", "id,tt"), ("mtdf", "id")]:
        trace = traced(game, state, variant=variant, techniques=techniques, depth=3)
        types = {e.type for e in trace.events}
        assert {"iteration", "tt", "order"} <= types
        doc = trace.to_json()
        validate(doc, "trace", file="<test>")
        assert Trace.from_json(json.loads(dumps_json(doc))).to_json() == doc
        for event in trace.events:
            assert event.to_line() == dumps_json(event.to_dict())


def test_a_node_budget_stops_the_search_cleanly() -> None:
    game, state, _ = make_game("othello", {})
    result = enhanced_search(game, state, techniques="id,tt", depth=6,
                             limits=Limits(max_nodes=50))
    assert not result.complete and result.value is None and result.stopped == "max-nodes"


# -- what is refused ----------------------------------------------------------------------


@pytest.mark.parametrize(("options", "message"), [
    ({"techniques": "aspiration"}, "use them with iterative deepening"),
    ({"variant": "mtdf", "techniques": "id,aspiration"}, "do not apply"),
    ({"techniques": "tt,idd"}, "unknown technique 'idd'"),
    ({"techniques": "aspiration:-3,id"}, "positive number"),
    ({"techniques": "tt:3"}, "takes no value"),
    ({"order": "best"}, "order moves themselves"),
    ({"cut_on": "gt"}, "alpha >= beta only"),
    ({"variant": "scout"}, "unknown enhanced variant 'scout'"),
])
def test_bad_options_are_usage_errors(options: dict[str, Any], message: str) -> None:
    game, state, _ = make_game("nim", {})
    with pytest.raises(UsageError, match=message):
        enhanced_search(game, state, **options)


def test_iterative_deepening_on_a_tree_needs_static_values() -> None:
    with pytest.raises(UsageError, match="depth 1: node B has no static value"):
        do_search("A(B(3 12 8) C(2 4 6))", "enhanced", techniques="id")


def test_techniques_belong_to_the_enhanced_family() -> None:
    with pytest.raises(UsageError, match="apply to -a enhanced"):
        do_search("A(B(3 12 8) C(2 4 6))", "alphabeta", techniques="tt")


def test_techniques_parse_to_a_canonical_list() -> None:
    t = Techniques.parse(" tt, ID ,aspiration:2.5,killer")
    assert t.names() == ["id", "killer", "tt", "aspiration:2.5"]
    assert Techniques.parse(["history"]) == Techniques(history=True)


def test_leaves_of_the_enhanced_search_are_leaves_of_minimax() -> None:
    tree = "A(B(3 12 8) C(2 4 6) D(14 5 2))"
    leaves = set(do_search(tree, "minimax").evaluated)
    for variant, techniques in NO_ID:
        s = do_search(tree, "enhanced", variant, techniques=techniques)
        assert {e.node for e in s.trace.events if isinstance(e, Evaluate)} <= leaves
        assert all(e.node in "ABCD" for e in s.trace.events if isinstance(e, Backup))
