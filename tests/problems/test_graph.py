"""Graph files for A*: the text and the JSON form, one Graph from both, the checks and
their one-line errors, the bounds, and the problem a graph makes."""

from __future__ import annotations

import heapq
import math
from pathlib import Path
from typing import Any

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tracer.errors import InputError, MissingInput, UsageError
from tracer.problems import find_problem
from tracer.problems.graph import Graph, GraphProblem, graph_problem
from tracer.problems.graph_forms import load_graph, parse_graph_json, parse_graph_text
from tracer.problems.romania import ROMANIA, romania_graph
from tracer.record import MemoryRecorder
from tracer.schema import validate
from tracer.search.astar import astar


def is_valid(doc: Any, name: str) -> bool:
    try:
        validate(doc, name, file="x")
    except InputError:
        return False
    return True


SMALL = """\
# S to G: the cheap way is S A B G (8); h is admissible, not consistent
name small
start S
goal G
S -- A 1
S -- B 4
A -- B 2
A -- G 12   # the long road
B -- G 5
heuristic given
h S 7
h A 6
h B 2
h G 0
"""

SMALL_JSON: dict[str, Any] = {
    "name": "small",
    "edges": [["S", "A", 1], ["S", "B", 4], ["A", "B", 2], ["A", "G", 12], ["B", "G", 5]],
    "heuristics": {"given": {"S": 7, "A": 6, "B": 2, "G": 0}},
    "start": "S", "goal": "G",
}


def test_text_and_json_give_the_same_graph() -> None:
    text = parse_graph_text(SMALL)
    assert text == parse_graph_json(SMALL_JSON)
    assert text.nodes == ("S", "A", "B", "G")
    assert text.edges[3] == ("A", "G", 12)
    assert text.heuristics == {"given": {"S": 7, "A": 6, "B": 2, "G": 0}}
    assert (text.start, text.goals, text.directed, text.name) == ("S", ("G",), False, "small")


@pytest.mark.parametrize("graph", [parse_graph_text(SMALL), romania_graph()],
                         ids=["small", "romania"])
def test_to_json_fits_the_schema_and_reads_back(graph: Graph) -> None:
    doc = graph.to_json()
    assert is_valid(doc, "graph")
    assert parse_graph_json(doc) == graph


def test_an_undirected_edge_is_an_action_of_both_ends_in_file_order() -> None:
    problem = GraphProblem(parse_graph_text(SMALL), name="small")
    assert [problem.result("A", a) for a in problem.actions("A")] == ["S", "B", "G"]
    assert [problem.result("B", a) for a in problem.actions("B")] == ["S", "A", "G"]
    assert problem.cost("A", problem.actions("A")[2], "G") == 12
    assert problem.heuristics["given"]("A") == 6 and problem.heuristics["zero"]("A") == 0
    assert problem.default_heuristic == "given"


def test_a_directed_graph_goes_one_way() -> None:
    graph = parse_graph_text("directed\nstart S\ngoal G\nS -> A 1\nA -> G 2\nG -> S 1\n")
    problem = GraphProblem(graph, name="d")
    assert [problem.result("A", a) for a in problem.actions("A")] == ["G"]
    assert graph.to_json()["directed"] is True
    assert parse_graph_json({"directed": True, "edges": [["S", "G", 1]], "start": "G",
                             "goal": "S"}).directed


def test_astar_on_an_inconsistent_table_and_uniform_cost() -> None:
    problem = GraphProblem(parse_graph_text(SMALL), name="small")
    rec = MemoryRecorder()
    # graph search never reopens A, so the inconsistent h costs it the cheap path
    assert astar(problem, recorder=rec).value == 9
    assert astar(problem, heuristic="zero").value == 8
    assert astar(problem, variant="tree").value == 8


def test_several_goals_and_parameters() -> None:
    graph = parse_graph_text("start S\ngoal A, B\ngoal G\nS -- A 3\nS -- B 1\nB -- G 1\n")
    assert graph.goals == ("A", "B", "G")
    assert graph.to_json()["goal"] == ["A", "B", "G"]
    problem = graph_problem(graph, "g", {"start": "G", "goal": "A"})
    assert problem.params == {"start": "G", "goal": "A"}
    assert astar(problem).value == 5
    assert graph.heuristics == {} and problem.default_heuristic == "zero"


def test_names_may_have_blanks_and_numbers_keep_their_type() -> None:
    graph = parse_graph_text("start Rimnicu  Vilcea\ngoal Pitesti\n"
                             "Rimnicu Vilcea -- Pitesti 97.5\nh  Rimnicu Vilcea  1e2\nh Pitesti 0")
    assert graph.start == "Rimnicu Vilcea"
    assert graph.edges == (("Rimnicu Vilcea", "Pitesti", 97.5),)
    assert graph.heuristics["h"] == {"Rimnicu Vilcea": 100.0, "Pitesti": 0}
    assert isinstance(graph.heuristics["h"]["Pitesti"], int)


def test_romania_is_typed_in_the_text_form() -> None:
    assert parse_graph_text(ROMANIA, file="x") == romania_graph()


TEXT_ERRORS = [
    ("start S\ngoal G\nS - G 3\n", "line 3: expected an edge 'A -- B COST' or a line starting "
                                   "with one of start, goal, node, h, heuristic"),
    ("start S\ngoal G\nS -- G\n", "line 3: expected 'A -- B COST': a cost after the name is "
                                  "missing"),
    ("start S\ngoal G\nS -- G x\n", "line 3: a cost: expected a number written with the "
                                    "digits 0-9 (such as 3, -2.5 or 1e6), got 'x'"),
    ("start S\ngoal G\nS -- G 0\n", "line 3: expected a cost greater than 0, got 0"),
    ("start S\ngoal G\nS -- G -2\n", "line 3: expected a cost greater than 0, got -2"),
    ("start S\ngoal G\nS -- S 1\n", "line 3: an edge from 'S' to itself"),
    ("start S\ngoal G\nS -> G 1\n", "line 3: expected 'A -- B COST' but found '->': write "
                                    "'directed' on a line before the first edge"),
    ("directed\nstart S\ngoal G\nS -- G 1\n", "line 4: expected 'A -> B COST' but found '--'"),
    ("start S\ngoal G\nS -- G 1\ndirected\n", "line 4: 'directed' must come before the first "
                                              "edge"),
    ("start S\ngoal G\nS -- G 1\nG -- S 2\n", "line 4: the edge G -- S is given twice (also at "
                                              "line 3)"),
    ("start S\nstart G\ngoal G\nS -- G 1\n", "line 2: the start is given twice (also at line 1)"),
    ("goal G\nS -- G 1\n", "line 3: no start node: write 'start NAME'"),
    ("start S\nS -- G 1\n", "line 3: no goal node: write 'goal NAME'"),
    ("start S\ngoal G\n", "line 3: the graph has no edges"),
    ("start X\ngoal G\nS -- G 1\n", "line 1: unknown node 'X': no edge or node line names it"),
    ("start S\ngoal Bucharst\nS -- Bucharest 1\n", "did you mean 'Bucharest'?"),
    ("node S, G\nstart S\ngoal G\nS -- T 1\n", "line 4: unknown node 'T'"),
    ("start S\ngoal G\nS -- G 1\nh S 1\n", "line 4: heuristic 'h' gives no h(G): a table "
                                           "needs a value for every node"),
    ("start S\ngoal G\nS -- G 1\nh S 1\nh S 2\nh G 0\n", "line 5: h(S) is given twice in "
                                                         "heuristic 'h' (also at line 4)"),
    ("start S\ngoal G\nS -- G 1\nh S -1\n", "line 4: expected an estimate of 0 or more, got -1"),
    ("start S\ngoal G\nS -- G 1\nh Q 1\nh S 1\nh G 0\n", "line 4: unknown node 'Q'"),
    ("start S\ngoal G\nS -- G 1\nheuristic zero\n", "line 4: the heuristic name 'zero' is "
                                                    "taken"),
    ("start S\ngoal G\nS -- G 1\nheuristic 2x\n", "line 4: expected a heuristic name"),
    ("start S\ngoal G\nS -- G 1e999\n", "line 3: a cost: the number 1e999 is out of range"),
    ("start S\ngoal G, \nS -- G 1\n", "line 2: expected a node name after 'goal', got an "
                                      "empty name"),
]


@pytest.mark.parametrize(("text", "message"), TEXT_ERRORS,
                         ids=[m.split(": ", 1)[-1][:40] for _, m in TEXT_ERRORS])
def test_text_errors_name_the_line_and_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        parse_graph_text(text, file="m.graph")
    line = str(info.value)
    assert line.startswith("m.graph: line ") or line.startswith("m.graph: ")
    assert message in line
    assert "\n" not in line


def _doc(**changes: Any) -> dict[str, Any]:
    doc = {"edges": [["S", "G", 1]], "start": "S", "goal": "G"}
    doc.update(changes)
    return {k: v for k, v in doc.items() if v is not None}


JSON_ERRORS = [
    ([1, 2], "$: expected a graph object with edges, start and goal"),
    (_doc(colour="red"), "$.colour: unknown key 'colour' (allowed: $schema, name"),
    (_doc(edges=None), "$: a graph needs the key 'edges'"),
    (_doc(edges=[["S", "G"]]), "$.edges[0]: expected an edge [from, to, cost], got"),
    (_doc(edges=[["S", 3, 1]]), "$.edges[0][1]: expected a node name (a string), got 3"),
    (_doc(edges=[["S", "G", "1"]]), "$.edges[0][2]: expected a cost (a finite number), got '1'"),
    (_doc(edges=[["S", "G", True]]), "$.edges[0][2]: expected a cost (a finite number)"),
    (_doc(edges=[["S", "G", -1]]), "$.edges[0][2]: expected a cost greater than 0, got -1"),
    (_doc(edges=[["S", "G", 1], ["G", "S", 1]]), "$.edges[1]: the edge G -- S is given twice "
                                                 "(also at $.edges[0])"),
    (_doc(edges=[["S", "a,b", 1]]), "$.edges[0][1]: node name 'a,b' holds ','"),
    (_doc(directed="yes"), "$.directed: expected true or false"),
    (_doc(goal=[]), "$.goal: expected at least one goal"),
    (_doc(goal="T"), "$.goal: unknown node 'T'"),
    (_doc(nodes=["S"]), "$.edges[0]: unknown node 'G'"),
    (_doc(heuristics={"h": {"S": 1}}), "$.heuristics.h: heuristic 'h' gives no h(G)"),
    (_doc(heuristics={"h": {"S": 1, "G": "0"}}), "$.heuristics.h.G: expected an estimate"),
    (_doc(heuristics=[1]), "$.heuristics: expected an object of heuristic tables by name"),
]


@pytest.mark.parametrize(("doc", "message"), JSON_ERRORS,
                         ids=[m.split(":", 1)[0] + m[-12:] for _, m in JSON_ERRORS])
def test_json_errors_give_the_json_path(doc: Any, message: str) -> None:
    with pytest.raises(InputError) as info:
        parse_graph_json(doc, file="m.json")
    assert f"m.json: {message}" in str(info.value)
    # the schema refuses the same documents (but those only the loader can see:
    # a repeated edge, a name that is no node, a table with a gap)
    if not any(s in message for s in ("twice", "unknown node", "gives no h")):
        assert not is_valid(doc, "graph")


def test_the_bounds(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import tracer.problems.graph_forms as forms

    monkeypatch.setattr(forms, "MAX_GRAPH_NODES", 3)
    with pytest.raises(InputError, match=r"line 5: a graph has at most 3 nodes"):
        parse_graph_text("start S\ngoal G\nS -- A 1\nA -- B 1\nB -- G 1\n")
    monkeypatch.setattr(forms, "MAX_GRAPH_EDGES", 2)
    with pytest.raises(InputError, match=r"\$.edges\[2\]: a graph has at most 2 edges"):
        parse_graph_json(_doc(edges=[["S", "A", 1], ["A", "B", 1], ["B", "G", 1]]))
    monkeypatch.setattr(forms, "MAX_GRAPH_BYTES", 10)
    big = tmp_path / "big.graph"
    big.write_text(SMALL, encoding="utf-8")
    with pytest.raises(InputError, match=r"big.graph: the file has \d+ bytes; a graph file may "
                                         r"have at most 10"):
        load_graph(big)
    with pytest.raises(InputError, match="at most 200 characters"):
        parse_graph_text(f"start S\ngoal G\nS -- {'x' * 201} 1\n")


def test_find_problem_takes_a_name_or_a_file(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    text = tmp_path / "small.graph"
    text.write_text(SMALL, encoding="utf-8")
    doc = tmp_path / "small.json"
    import json

    doc.write_text(json.dumps(SMALL_JSON), encoding="utf-8")
    for path in (text, doc):
        problem = find_problem(str(path), {"start": "A"})
        assert isinstance(problem, GraphProblem)
        assert problem.name == str(path) and problem.start == "A"
    assert find_problem("romania").name == "romania"
    monkeypatch.chdir(tmp_path)
    (tmp_path / "romania").write_text("not a graph", encoding="utf-8")
    assert find_problem("romania").name == "romania"  # a built-in name wins over a file
    with pytest.raises(UsageError, match=r"unknown problem 'jug' \(choose from: jugs, puzzle8, "
                                         r"romania\) or a graph file \(.graph, .json\)"):
        find_problem("jug")
    with pytest.raises(MissingInput, match=r"missing\.graph: cannot read file"):
        find_problem("missing.graph")
    with pytest.raises(UsageError, match=r"unknown parameter 'depth' for small\.graph"):
        find_problem("small.graph", {"depth": "3"})


def test_make_problem_never_reads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "small.graph"
    path.write_text(SMALL, encoding="utf-8")
    from tracer.problems import make_problem

    with pytest.raises(UsageError, match="unknown problem"):
        make_problem(str(path))


@st.composite
def graphs(draw: st.DrawFn) -> Graph:
    """Random connected-or-not graphs of up to 8 nodes with whole or decimal costs."""
    n = draw(st.integers(2, 8))
    names = [f"n{i}" for i in range(n)]
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
                          .filter(lambda p: p[0] < p[1]), min_size=1, max_size=16,
                          unique=True))
    costs = draw(st.lists(st.one_of(st.integers(1, 20), st.floats(0.5, 20, allow_nan=False)),
                          min_size=len(pairs), max_size=len(pairs)))
    edges = tuple((names[a], names[b], c) for (a, b), c in zip(pairs, costs, strict=True))
    used = list(dict.fromkeys(x for a, b, _ in edges for x in (a, b)))
    return parse_graph_json({"edges": [list(e) for e in edges], "start": used[0],
                             "goal": used[-1]})


def _dijkstra(graph: Graph) -> float:
    dist = {graph.start: 0.0}
    todo = [(0.0, graph.start)]
    done: set[str] = set()
    while todo:
        d, node = heapq.heappop(todo)
        if node in done:
            continue
        if node in graph.goals:
            return d
        done.add(node)
        for a, b, c in graph.edges:
            for x, y in ((a, b), (b, a)):
                if x == node and d + c < dist.get(y, math.inf):
                    dist[y] = d + c
                    heapq.heappush(todo, (d + c, y))
    return math.inf


@settings(max_examples=examples(60), deadline=None)
@given(graphs())
def test_uniform_cost_search_finds_dijkstra_s_cost_and_json_reads_back(graph: Graph) -> None:
    assert parse_graph_json(graph.to_json()) == graph
    result = astar(GraphProblem(graph, name="g"), heuristic="zero")
    assert result.value == pytest.approx(_dijkstra(graph))
