"""AIMA's Romania (3rd ed. fig. 3.2, h_SLD of fig. 3.22): the map as typed, and the A* and
uniform-cost searches of fig. 3.24 and section 3.4.2 read off their traces."""

from __future__ import annotations

from typing import Any

import pytest

from tracer.analysis.astar import check_heuristic
from tracer.errors import UsageError
from tracer.problems import make_problem
from tracer.problems.graph import GraphProblem
from tracer.problems.romania import romania_graph
from tracer.record import MemoryRecorder
from tracer.search.astar import astar
from tracer.trace import Trace

PATH = ["Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"]


def search(heuristic: str | None = None, **params: str) -> tuple[Any, Trace]:
    rec = MemoryRecorder()
    result = astar(make_problem("romania", params), heuristic=heuristic, recorder=rec)
    return result, rec.trace


def labels(trace: Trace) -> dict[str, str]:
    return {e.node: e.label for e in trace.events if e.type == "generate"}


def expanded(trace: Trace) -> list[tuple[str, Any]]:
    return [(e.label, e.f) for e in trace.events if e.type == "select"]


def goal_path(trace: Trace) -> list[str]:
    names = labels(trace)
    goal = next(e for e in trace.events if e.type == "goal")
    return [names[node] for node in goal.path]


def test_the_map_has_twenty_cities_and_twenty_three_roads() -> None:
    graph = romania_graph()
    assert len(graph.nodes) == 20 and len(graph.edges) == 23
    assert not graph.directed and graph.start == "Arad" and graph.goals == ("Bucharest",)
    assert list(graph.heuristics) == ["sld"]
    roads = {frozenset((a, b)): cost for a, b, cost in graph.edges}
    # a few roads read off fig. 3.2, each way
    assert roads[frozenset(("Arad", "Sibiu"))] == 140
    assert roads[frozenset(("Rimnicu Vilcea", "Pitesti"))] == 97
    assert roads[frozenset(("Fagaras", "Bucharest"))] == 211
    assert roads[frozenset(("Iasi", "Neamt"))] == 87
    assert sum(roads.values()) == 2483


def test_the_straight_line_distances_are_admissible_and_consistent() -> None:
    # A mistyped road or h_SLD value would likely make the straight line longer than a road.
    report = check_heuristic(make_problem("romania"), "sld")
    assert report.admissible and report.consistent
    sld = romania_graph().heuristics["sld"]
    assert sld["Bucharest"] == 0 and sld["Arad"] == 366 and sld["Oradea"] == 380
    assert sum(sld.values()) == 4186


def test_astar_expands_as_fig_3_24() -> None:
    result, trace = search()
    assert trace.header.source["heuristic"] == "sld"
    assert expanded(trace) == [("Arad", 366), ("Sibiu", 393), ("Rimnicu Vilcea", 413),
                               ("Fagaras", 415), ("Pitesti", 417), ("Bucharest", 418)]
    assert result.value == 418
    assert goal_path(trace) == PATH


def test_astar_generates_the_f_values_of_fig_3_24() -> None:
    _, trace = search()
    made = [(e.label, e.g, e.h, e.f) for e in trace.events if e.type == "generate"]
    assert made == [
        ("Arad", 0, 366, 366),
        ("Zerind", 75, 374, 449), ("Sibiu", 140, 253, 393), ("Timisoara", 118, 329, 447),
        ("Arad", 280, 366, 646), ("Oradea", 291, 380, 671), ("Fagaras", 239, 176, 415),
        ("Rimnicu Vilcea", 220, 193, 413),
        ("Craiova", 366, 160, 526), ("Sibiu", 300, 253, 553), ("Pitesti", 317, 100, 417),
        ("Sibiu", 338, 253, 591), ("Bucharest", 450, 0, 450),
        ("Craiova", 455, 160, 615), ("Rimnicu Vilcea", 414, 193, 607),
        ("Bucharest", 418, 0, 418),
    ]


def test_uniform_cost_finds_the_same_route_of_418_km() -> None:
    result, trace = search("zero")
    assert result.value == 418
    assert goal_path(trace) == PATH
    # cities leave the frontier in order of their distance from Arad (section 3.4.2)
    assert expanded(trace) == [
        ("Arad", 0), ("Zerind", 75), ("Timisoara", 118), ("Sibiu", 140), ("Oradea", 146),
        ("Rimnicu Vilcea", 220), ("Lugoj", 229), ("Fagaras", 239), ("Mehadia", 299),
        ("Pitesti", 317), ("Craiova", 366), ("Drobeta", 374), ("Bucharest", 418)]


def test_another_start_city() -> None:
    result, trace = search(start="Lugoj")
    assert trace.header.source["params"] == {"start": "Lugoj", "goal": "Bucharest"}
    assert result.value == 504
    assert goal_path(trace) == ["Lugoj", "Mehadia", "Drobeta", "Craiova", "Pitesti",
                                "Bucharest"]


def test_states_are_named_by_their_cities_and_actions_by_their_roads() -> None:
    problem = make_problem("romania")
    assert isinstance(problem, GraphProblem)
    assert problem.params == {"start": "Arad", "goal": "Bucharest"}
    assert problem.default_heuristic == "sld"
    roads = problem.actions("Arad")
    assert [problem.result("Arad", a) for a in roads] == ["Zerind", "Sibiu", "Timisoara"]
    assert [problem.action_name("Arad", a) for a in roads] == ["75", "140", "118"]
    assert problem.describe("Rimnicu Vilcea") == "Rimnicu Vilcea"


@pytest.mark.parametrize(("params", "message"), [
    ({"start": "Lugo"}, "start 'Lugo' is not a node of romania (Arad, Zerind"),
    ({"start": "Lugo"}, "did you mean 'Lugoj'?"),
    ({"goal": "Bukarest"}, "goal 'Bukarest' is not a node of romania"),
    ({"via": "Sibiu"}, "unknown parameter 'via' for romania (allowed: start, goal)"),
])
def test_bad_parameters(params: dict[str, str], message: str) -> None:
    with pytest.raises(UsageError) as info:
        make_problem("romania", params)
    assert message in str(info.value)
