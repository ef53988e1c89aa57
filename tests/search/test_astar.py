"""A* on the lecture's water jugs (Giochi a Due Avversari: Esercizio A*), uniform cost,
and the 8-puzzle."""

from __future__ import annotations

import json
import random
from collections import deque
from pathlib import Path
from typing import Any

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.problems.graph_problem import inconsistent_graph, replacement_graph
from tracer.errors import UsageError
from tracer.events import Discard, Generate, Goal, Select
from tracer.jsonio import dumps_json
from tracer.limits import Limits
from tracer.problems import make_problem
from tracer.problems.base import Problem
from tracer.problems.puzzle8 import AIMA_GOAL, Puzzle8, scramble
from tracer.record import NULL, MemoryRecorder
from tracer.schema import validate
from tracer.search.astar import astar, uniform_cost
from tracer.trace import Result, Trace, load_trace


def traced(problem: Problem[Any, Any], **options: Any) -> tuple[Result, Trace]:
    rec = MemoryRecorder()
    result = astar(problem, recorder=rec, **options)
    return result, rec.trace


def bfs_cost(problem: Problem[Any, Any]) -> float:
    """The fewest steps to a goal (the reference for unit-cost problems)."""
    start = problem.initial_state()
    seen = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if problem.is_goal(state):
            return seen[state]
        for a in problem.actions(state):
            nxt = problem.result(state, a)
            if nxt not in seen:
                seen[nxt] = seen[state] + 1
                queue.append(nxt)
    return float("inf")


def assert_valid(trace: Trace) -> None:
    doc = json.loads(dumps_json(trace.to_json()))
    validate(doc, "trace", file="x")
    assert Trace.from_json(doc).to_json() == trace.to_json()


# --------------------------------------------------------------------------- the lecture


# (expansion number, node, state, g, h, f): worked by hand from the notes' rules --
# actions in the order pour1-2, pour2-1, empty1, empty2, fill1, fill2, only those that
# change the state; ties on f to the node generated first.
LECTURE_EXPANSIONS = [
    (1, "n0", "(0,0)", 0, 1, 1),
    (2, "n1", "(3,0)", 1, 1, 2),
    (3, "n2", "(0,5)", 1, 1, 2),
    (4, "n3", "(0,3)", 2, 1, 3),
    (5, "n6", "(3,2)", 2, 1, 3),
    (6, "n5", "(3,5)", 2, 2, 4),
    (7, "n14", "(0,2)", 3, 1, 4),
    (8, "n11", "(3,3)", 3, 2, 5),
    (9, "n23", "(1,5)", 4, 0, 4),
]

# (discarded node, its state, the node already holding that state)
LECTURE_DISCARDS = [
    ("n4", "(0,0)", "n0"), ("n7", "(0,0)", "n0"), ("n8", "(3,5)", "n5"),
    ("n9", "(3,0)", "n1"), ("n10", "(0,0)", "n0"), ("n12", "(0,5)", "n2"),
    ("n13", "(0,5)", "n2"), ("n15", "(3,0)", "n1"), ("n16", "(3,5)", "n5"),
    ("n17", "(0,5)", "n2"), ("n18", "(3,0)", "n1"), ("n20", "(0,0)", "n0"),
    ("n21", "(3,2)", "n6"), ("n22", "(0,5)", "n2"), ("n24", "(0,3)", "n3"),
    ("n25", "(3,0)", "n1"), ("n26", "(3,5)", "n5"),
]


def test_lecture_water_jugs_expansion_order_and_values() -> None:
    _, trace = traced(make_problem("jugs"), heuristic="lecture")
    selects = [e for e in trace.events if isinstance(e, Select)]
    assert [(e.number, e.node, e.label, e.g, e.h, e.f) for e in selects] == LECTURE_EXPANSIONS


def test_lecture_water_jugs_discarded_nodes() -> None:
    _, trace = traced(make_problem("jugs"), heuristic="lecture")
    labels = {e.node: e.label for e in trace.events if isinstance(e, Generate)}
    discards = [e for e in trace.events if isinstance(e, Discard)]
    assert [(d.node, labels[d.node], d.existing) for d in discards] == LECTURE_DISCARDS
    assert {d.reason for d in discards} == {"repeated"}


def test_lecture_water_jugs_solution() -> None:
    result, trace = traced(make_problem("jugs"), heuristic="lecture")
    made = {e.node: e for e in trace.events if isinstance(e, Generate)}
    assert result.value == 4
    assert result.pv == ("n0", "n1", "n3", "n11", "n23")
    assert result.move == "n1"
    assert [made[n].label for n in result.pv] == ["(0,0)", "(3,0)", "(0,3)", "(3,3)", "(1,5)"]
    assert [made[n].action for n in result.pv[1:]] == ["fill1", "pour1-2", "fill1", "pour1-2"]
    goal = trace.events[-1]
    assert isinstance(goal, Goal) and (goal.node, goal.cost) == ("n23", 4)
    assert goal.path == result.pv
    s = result.stats
    assert (s.nodes_expanded, s.leaves_evaluated, s.children_pruned, s.max_depth) == (8, 27, 17, 4)
    # The open node never selected: (2,0), generated from (0,2) with f = 5.
    assert made["n19"].label == "(2,0)" and made["n19"].f == 5


def test_header_says_how_ties_are_broken_and_what_was_searched() -> None:
    _, trace = traced(make_problem("jugs"), heuristic="lecture")
    h = trace.header
    assert (h.algorithm, h.variant, h.root) == ("astar", "graph", "n0")
    assert h.options == {"ties": "generation order"}
    assert h.source == {"kind": "problem", "name": "jugs", "heuristic": "lecture",
                        "params": {"capacities": "3,5", "start": "0,0", "goal": "1",
                                   "order": "pour1-2,pour2-1,empty1,empty2,fill1,fill2"}}
    first = trace.events[0]
    assert isinstance(first, Generate) and first.parent is None and first.order == 0


def test_generated_nodes_are_numbered_in_generation_order() -> None:
    _, trace = traced(make_problem("jugs"), heuristic="lecture")
    made = [e for e in trace.events if isinstance(e, Generate)]
    assert [e.node for e in made] == [f"n{i}" for i in range(len(made))]
    assert [e.order for e in made] == list(range(len(made)))
    assert all(e.f == e.g + e.h for e in made)


def test_tree_variant_eliminates_nothing_and_finds_the_same_cost() -> None:
    result, trace = traced(make_problem("jugs"), heuristic="lecture", variant="tree")
    assert trace.header.variant == "tree"
    assert not any(isinstance(e, Discard) for e in trace.events)
    assert result.value == 4 and result.stats.children_pruned == 0
    assert_valid(trace)


def test_uniform_cost_is_astar_with_zero() -> None:
    rec = MemoryRecorder()
    result = uniform_cost(make_problem("jugs"), recorder=rec)
    assert result.value == 4
    assert rec.trace.header.source["heuristic"] == "zero"
    assert all(e.h == 0 for e in rec.trace.events if isinstance(e, Select))


# --------------------------------------------------------------------------- elimination rules


def test_an_open_node_reached_more_cheaply_is_replaced() -> None:
    result, trace = traced(replacement_graph(), heuristic="zero")
    made = {e.node: e for e in trace.events if isinstance(e, Generate)}
    discards = [(d.node, d.existing, d.g) for d in trace.events if isinstance(d, Discard)]
    # n3 = X through A (g 6) is dropped for n4 = X through B (g 3).
    assert (made["n3"].label, made["n3"].g, made["n4"].label, made["n4"].g) == ("X", 6, "X", 3)
    assert discards == [("n3", "n4", 6)]
    assert result.value == 4
    assert [made[n].label for n in result.pv] == ["S", "B", "X", "G"]
    assert "n3" not in [e.node for e in trace.events if isinstance(e, Select)]
    assert_valid(trace)


def test_graph_variant_never_reopens_so_an_inconsistent_h_can_miss_the_optimum() -> None:
    problem = inconsistent_graph()
    graph, _ = traced(problem, heuristic="given")
    tree, _ = traced(problem, heuristic="given", variant="tree")
    assert graph.value == 7   # C was expanded through B first; the cheaper C is discarded
    assert tree.value == 5    # the tree variant keeps both and finds S-A-C-G
    assert uniform_cost(problem).value == 5


def test_unreachable_goal_costs_infinity() -> None:
    # Jugs of 2 and 4 litres only ever hold even amounts.
    result, trace = traced(make_problem("jugs", {"capacities": "2,4", "goal": "3"}))
    assert result.value == float("inf") and result.pv == () and result.move is None
    assert result.complete
    assert not any(isinstance(e, Goal) for e in trace.events)
    assert_valid(trace)


def test_a_node_budget_stops_cleanly() -> None:
    result, trace = traced(make_problem("puzzle8"), heuristic="zero",
                           limits=Limits(max_nodes=50))
    assert not result.complete and result.stopped == "max-nodes" and result.value is None
    assert trace.result == result
    assert trace.header.options == {"ties": "generation order", "max_nodes": 50}
    assert_valid(trace)


def test_bad_options_name_the_choices() -> None:
    with pytest.raises(UsageError, match=r"unknown heuristic 'h2' for jugs \(choose from: "
                                         r"lecture, zero\)"):
        astar(make_problem("jugs"), heuristic="h2")
    with pytest.raises(UsageError, match=r"unknown A\* variant 'list' \(choose from: graph, "
                                         r"tree\)"):
        astar(make_problem("jugs"), variant="list")


def test_recording_off_builds_no_events(monkeypatch: pytest.MonkeyPatch) -> None:
    import tracer.search.astar as module

    def boom(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("an event was built with recording off")

    expected = astar(make_problem("jugs"), recorder=MemoryRecorder())
    for name in ("Generate", "Select", "Discard", "Goal"):
        monkeypatch.setattr(module, name, boom)
    assert astar(make_problem("jugs"), recorder=NULL) == expected


# --------------------------------------------------------------------------- optimality


@pytest.mark.parametrize("params", [
    {}, {"goal": "2"}, {"goal": "4"}, {"capacities": "4,9", "goal": "6"},
    {"capacities": "8,5,3", "start": "8,0,0", "goal": "4"},
    {"order": "fill2,fill1,empty2,empty1,pour2-1,pour1-2"},
], ids=lambda p: " ".join(f"{k}={v}" for k, v in p.items()) or "lecture")
def test_uniform_cost_matches_breadth_first_on_jugs(params: dict[str, str]) -> None:
    problem = make_problem("jugs", params)
    for variant in ("graph", "tree"):
        assert uniform_cost(problem, variant=variant).value == bfs_cost(problem)


def test_aima_start_needs_26_moves() -> None:
    problem = make_problem("puzzle8")
    assert astar(problem, heuristic="manhattan").value == 26
    assert astar(problem, heuristic="misplaced").value == 26


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 10**6), depth=st.integers(0, 12))
def test_8_puzzle_heuristics_find_the_optimal_cost(seed: int, depth: int) -> None:
    problem = Puzzle8(scramble(AIMA_GOAL, depth, random.Random(seed)))
    best = bfs_cost(problem)
    assert best <= depth
    for heuristic in ("zero", "misplaced", "manhattan"):
        assert astar(problem, heuristic=heuristic).value == best
    if depth <= 8:
        assert astar(problem, heuristic="manhattan", variant="tree").value == best


@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 10**6), depth=st.integers(0, 10),
       variant=st.sampled_from(["graph", "tree"]))
def test_every_trace_validates_and_round_trips(seed: int, depth: int, variant: str) -> None:
    problem = Puzzle8(scramble(AIMA_GOAL, depth, random.Random(seed)))
    _, trace = traced(problem, heuristic="manhattan", variant=variant)
    assert_valid(trace)


@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
def test_trace_files_round_trip(tmp_path: Path, suffix: str) -> None:
    _, trace = traced(make_problem("jugs"), heuristic="lecture")
    path = tmp_path / f"jugs{suffix}"
    trace.dump(path)
    assert load_trace(path).to_json() == trace.to_json()
