"""gametrace astar on Romania and on graph files; jug goals from the command line."""

from __future__ import annotations

import json
import re
from pathlib import Path

from helpers import invoke

from tracer.schema import validate

MAP = """\
name triangle
start S
goal G
S -- A 1
A -- G 1
S -- G 3
heuristic straight
h S 2
h A 1
h G 0
"""


def test_astar_romania_prints_the_book_s_expansion_order() -> None:
    result = invoke("astar", "romania")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("A* (graph: repeated states eliminated) on romania start=Arad "
                          "goal=Bucharest\nheuristic: sld;")
    table = out.split("expansion order:\n")[1].split("\n\n")[0].splitlines()[1:]
    cells = [re.split(r"\s{2,}", row.strip()) for row in table]
    assert [(c[2], c[5]) for c in cells] == [
        ("Arad", "366"), ("Sibiu", "393"), ("Rimnicu Vilcea", "413"), ("Fagaras", "415"),
        ("Pitesti", "417"), ("Bucharest", "418")]
    assert cells[-1][-1] == "goal"
    assert "cost: 418\n" in out
    assert "path: Arad -140-> Sibiu -80-> Rimnicu Vilcea -97-> Pitesti -101-> Bucharest" in out


def test_astar_romania_uniform_cost_from_another_city() -> None:
    result = invoke("astar", "romania", "--heuristic", "zero", "-p", "start=Timisoara",
                       "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["value"] == 118 + 140 + 80 + 97 + 101
    assert report["states"] == ["Timisoara", "Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti",
                                "Bucharest"]


def test_astar_on_a_graph_file_in_both_forms(tmp_path: Path) -> None:
    text = tmp_path / "triangle.graph"
    text.write_text(MAP, encoding="utf-8")
    trace_file = tmp_path / "t.json"
    result = invoke("astar", str(text), "-o", str(trace_file))
    assert result.exit_code == 0, result.output
    assert "cost: 2\npath: S -1-> A -1-> G" in result.stdout
    doc = json.loads(trace_file.read_text(encoding="utf-8"))
    validate(doc, "trace", file=str(trace_file))
    source = doc["header"]["source"]
    assert source["name"] == str(text) and source["heuristic"] == "straight"
    assert source["params"] == {"start": "S", "goal": "G"}
    # the trace holds the whole graph, so it can be searched again without the file
    validate(source["graph"], "graph", file="-")
    as_json = tmp_path / "triangle.json"
    as_json.write_text(json.dumps(source["graph"]), encoding="utf-8")
    again = invoke("astar", str(as_json), "-p", "goal=A")
    assert again.exit_code == 0, again.output
    assert "cost: 1\n" in again.stdout


def test_admissible_on_a_graph_file(tmp_path: Path) -> None:
    path = tmp_path / "triangle.graph"
    path.write_text(MAP, encoding="utf-8")
    result = invoke("admissible", str(path))
    assert result.exit_code == 0, result.output
    assert "verdict: admissible, consistent" in result.stdout


def test_graph_file_errors_are_one_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.graph"
    path.write_text(MAP.replace("S -- G 3", "S -- G three"), encoding="utf-8")
    result = invoke("astar", str(path))
    assert result.exit_code == 1
    assert result.stderr == (f"gametrace: error: {path}: line 6: a cost: expected a number "
                             "written with the digits 0-9 (such as 3, -2.5 or 1e6), got "
                             "'three'\n")
    missing = invoke("astar", str(tmp_path / "nope.graph"))
    assert missing.exit_code == 2
    assert "nope.graph: cannot read file" in missing.stderr
    unknown = invoke("astar", "romnia")
    assert unknown.exit_code == 2
    assert "unknown problem 'romnia' (choose from: jugs, puzzle8, romania) or a graph " \
           "file" in unknown.stderr


def test_astar_jugs_goal_forms() -> None:
    result = invoke("astar", "jugs", "-p", "goal=_,4", "--heuristic", "zero")
    assert result.exit_code == 0, result.output
    assert "cost: 6\n" in result.stdout and result.stdout.rstrip().count("\n") > 5
    bad = invoke("astar", "jugs", "-p", "goal=4,4")
    assert bad.exit_code == 2
    assert bad.stderr == ("gametrace: error: goal '4,4': jug 1 holds at most 3 litres, "
                          "not 4\n")


def test_validate_knows_graph_files(tmp_path: Path) -> None:
    text = tmp_path / "triangle.graph"
    text.write_text(MAP, encoding="utf-8")
    assert invoke("validate", str(text)).stdout == f"{text}: valid graph (text form)\n"
    doc = tmp_path / "triangle.json"
    doc.write_text(json.dumps({"edges": [["S", "G", 1]], "start": "S", "goal": "G"}),
                   encoding="utf-8")
    assert invoke("validate", str(doc)).stdout == f"{doc}: valid graph\n"
    doc.write_text(json.dumps({"edges": [["S", "G", 0]], "start": "S", "goal": "G"}),
                   encoding="utf-8")
    bad = invoke("validate", str(doc))
    assert bad.exit_code == 1
    assert bad.stderr == (f"gametrace: error: {doc}: $.edges[0][2]: expected a cost greater "
                          "than 0, got 0\n")


def test_check_an_astar_answer_on_romania_and_on_a_graph_file(tmp_path: Path) -> None:
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps({
        "conventions": {"algorithm": "astar"},
        "expanded": ["Arad", "Sibiu", "Rimnicu Vilcea", "Fagaras", "Pitesti", "Bucharest"],
        "path": ["Arad", "Sibiu", "Fagaras", "Bucharest"], "cost": 450}), encoding="utf-8")
    result = invoke("check", "romania", str(answer), "-a", "astar")
    assert result.exit_code == 1
    assert "right  expanded" in result.stdout
    assert re.search(r"WRONG +cost +expected 418; you wrote 450", result.stdout)
    graph = tmp_path / "triangle.graph"
    graph.write_text(MAP, encoding="utf-8")
    answer.write_text(json.dumps({"conventions": {"algorithm": "astar"},
                                  "path": ["S", "A", "G"], "cost": 2}), encoding="utf-8")
    result = invoke("check", str(graph), str(answer), "-a", "astar")
    assert result.exit_code == 0, result.output
    assert f"on {graph}" in result.stdout and "All right!" in result.stdout
