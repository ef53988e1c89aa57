"""Heuristic checks against the true costs h*: the lecture's h is not admissible."""

from __future__ import annotations

from collections import deque
from typing import Any

import pytest

from tests.problems.graph_problem import GraphProblem, inconsistent_graph
from tracer.analysis.astar.admissible import Edge, Overestimate, check_heuristic, true_costs
from tracer.errors import LimitExceeded
from tracer.problems import make_problem
from tracer.problems.base import Problem

INF = float("inf")


def bfs_to_goal(problem: Problem[Any, Any], state: Any) -> float:
    seen = {state}
    queue = deque([(state, 0)])
    while queue:
        s, d = queue.popleft()
        if problem.is_goal(s):
            return d
        for a in problem.actions(s):
            nxt = problem.result(s, a)
            if nxt not in seen:
                seen.add(nxt)
                queue.append((nxt, d + 1))
    return INF


def test_true_costs_of_the_lecture_jugs() -> None:
    jugs = make_problem("jugs")
    star = true_costs(jugs)
    assert len(star) == 16
    assert star[(0, 0)] == 4          # fill1, pour1-2, fill1, pour1-2
    assert star[(3, 3)] == 1          # pour1-2 gives (1,5)
    assert star[(1, 5)] == 0
    assert all(star[s] == bfs_to_goal(jugs, s) for s in star)


def test_lecture_heuristic_is_not_admissible() -> None:
    report = check_heuristic(make_problem("jugs"), "lecture")
    assert not report.admissible and not report.consistent
    # h(3,3) = min(|3-1|, |3-1|) = 2, but one pour reaches (1,5).
    assert report.overestimates == (Overestimate("(3,3)", 2, 1),)
    assert report.inconsistent == (Edge("(3,3)", "pour1-2", "(1,5)", 2, 1, 0),)
    assert (report.states, report.start_cost) == (16, 4)
    data = report.to_json()
    assert data["admissible"] is False
    assert data["overestimates"] == [{"state": "(3,3)", "h": 2, "true_cost": 1}]


def test_zero_is_admissible_and_consistent() -> None:
    report = check_heuristic(make_problem("jugs"), "zero")
    assert report.admissible and report.consistent
    assert report.overestimates == () and report.inconsistent == ()


def test_admissible_but_inconsistent() -> None:
    report = check_heuristic(inconsistent_graph(), "given")
    assert report.admissible
    assert report.inconsistent == (Edge("A", "toC", "C", 4, 1, 0),)


def test_states_that_cannot_reach_a_goal_are_never_overestimated() -> None:
    trap = GraphProblem({"S": [("T", 1), ("G", 5)], "T": [("T2", 1)]}, h={"T": 100, "T2": 100})
    report = check_heuristic(trap, "given")
    assert report.admissible
    assert true_costs(trap) == {"S": 5, "T": INF, "G": 0, "T2": INF}
    assert report.inconsistent == ()


def test_unreachable_goal() -> None:
    report = check_heuristic(make_problem("jugs", {"capacities": "2,4", "goal": "3"}), "lecture")
    assert report.start_cost == INF and report.admissible
    assert report.to_json()["start_cost"] == "+inf"


def test_too_many_states_is_a_limit() -> None:
    with pytest.raises(LimitExceeded, match="more than 100 reachable states"):
        check_heuristic(make_problem("puzzle8"), "manhattan", max_states=100)


@pytest.mark.slow
def test_8_puzzle_heuristics_are_admissible_and_consistent() -> None:
    puzzle = make_problem("puzzle8")
    for name in ("misplaced", "manhattan"):
        report = check_heuristic(puzzle, name)
        assert report.states == 181440  # half of 9!: the other half has the wrong parity
        assert report.admissible and report.consistent
        assert report.start_cost == 26
