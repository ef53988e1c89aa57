"""Fault cases for graph files and textbook problems (run through the harness, as
test_faults.py): ``gametrace astar FILE.graph|FILE.json`` and ``admissible`` on broken,
hostile or oversized graphs, Romania and the jugs with bad parameters, and tree files
whose chance probabilities are bad fractions.

Each case must end with exit 1 or 2 and one line naming what was wrong (the file and
the line or JSON path, for a file), with no file written.
"""

from __future__ import annotations

import json
from pathlib import Path

from harness import Case, problems, run_cases

GOOD = b"start S\ngoal G\nS -- A 1\nA -- G 2\nh S 2\nh A 1\nh G 0\n"


def _text(name: str, body: bytes, contains: str, *, code: int = 1,
          command: str = "astar") -> Case:
    return Case(f"graph-text-{name}", [command, "m.graph", "-o", "t.json"]
                if command == "astar" else [command, "m.graph"], {"m.graph": body},
                codes=(code,), contains=contains, category="graph text")


def _tree(name: str, body: bytes, contains: str) -> Case:
    return Case(f"fraction-{name}", ["run", "t.tree", "-a", "expectiminimax", "-o", "t.json"],
                {"t.tree": body}, codes=(1,), contains=contains, category="fractions")


def _json(name: str, doc: object, contains: str) -> Case:
    return Case(f"graph-json-{name}", ["astar", "m.json", "-o", "t.json"],
                {"m.json": json.dumps(doc).encode()}, codes=(1,), contains=contains,
                category="graph json")


def _cases() -> list[Case]:
    edge = {"edges": [["S", "G", 1]], "start": "S", "goal": "G"}
    many = b"start n0\ngoal n1\n" + b"".join(
        f"n{i} -- n{i + 1} 1\n".encode() for i in range(100_001))
    return [
        _text("no-cost", b"start S\ngoal G\nS -- G\n", "m.graph: line 3: expected 'A -- B COST'"),
        _text("bad-cost", b"start S\ngoal G\nS -- G 1x\n",
              "m.graph: line 3: a cost: expected a number written with the digits 0-9 (such as "
              "3, -2.5 or 1e6), got '1x'"),
        _text("zero-cost", b"start S\ngoal G\nS -- G 0\n", "line 3: expected a cost greater"),
        _text("huge-cost", b"start S\ngoal G\nS -- G 1e400\n", "line 3: a cost: the number "
                                                               "1e400 is out of range"),
        _text("digits", b"start S\ngoal G\nS -- G 1" + b"0" * 5000 + b"\n",
              "line 3: a cost: a number with 5001 digits (at most 300 "
              "are accepted)"),
        _text("arrow", b"start S\ngoal G\nS -> G 1\n", "line 3: expected 'A -- B COST' but "
                                                       "found '->'"),
        _text("twice", b"start S\ngoal G\nS -- G 1\nG -- S 1\n", "line 4: the edge G -- S is "
                                                                 "given twice (also at line 3)"),
        _text("no-start", b"goal G\nS -- G 1\n", "no start node: write 'start NAME'"),
        _text("unknown-start", b"start Q\ngoal G\nS -- G 1\n", "line 1: unknown node 'Q'"),
        _text("h-gap", GOOD.replace(b"h A 1\n", b""), "heuristic 'h' gives no h(A)"),
        _text("h-negative", GOOD.replace(b"h A 1", b"h A -1"), "line 6: expected an estimate "
                                                               "of 0 or more"),
        _text("gibberish", b"start S\ngoal G\nS -- G 1\nfly me to the moon\n",
              "line 4: expected an edge 'A -- B COST' or a line starting with one of"),
        _text("long-name", b"start S\ngoal G\nS -- " + b"x" * 5000 + b" 1\n",
              "a node name has at most 200 characters"),
        _text("control", b"start S\ngoal G\nS -- G\x1b[31m 1\n", "control character"),
        _text("not-utf8", b"start S\ngoal G\nS -- G\xff 1\n", "m.graph"),
        _text("gzip", b"\x1f\x8b\x08\x00" + b"\x00" * 20, "gzip data"),
        _text("nodes", many, "line 100002: a graph has at most 100,000 nodes"),
        _text("admissible", b"start S\ngoal G\nS -- G\n", "m.graph: line 3:",
              command="admissible"),
        Case("graph-bad-heuristic", ["astar", "m.graph", "--heuristic", "sld"],
             {"m.graph": GOOD}, codes=(2,),
             contains="unknown heuristic 'sld' for m.graph (choose from: h, zero)",
             category="graph"),
        Case("graph-bad-start", ["astar", "m.graph", "-p", "start=X"], {"m.graph": GOOD},
             codes=(2,), contains="start 'X' is not a node of m.graph (S, A, G)",
             category="graph"),
        Case("graph-bad-param", ["astar", "m.graph", "-p", "depth=3"], {"m.graph": GOOD},
             codes=(2,), contains="unknown parameter 'depth' for m.graph (allowed: start, goal)",
             category="graph"),
        Case("graph-missing", ["astar", "none.graph"], {}, codes=(2,),
             contains="none.graph: cannot read file", category="graph"),
        Case("graph-folder", ["astar", "d.graph/"], {"d.graph/x": b""}, codes=(2,),
             contains="is a folder", category="graph"),
        Case("graph-json-syntax", ["astar", "m.json"], {"m.json": b'{"edges": ['},
             codes=(1,), contains="m.json: line 1", category="graph json"),
        _json("list", [1, 2], "m.json: $: expected a graph object"),
        _json("key", {**edge, "colour": 1}, "m.json: $.colour: unknown key 'colour'"),
        _json("edge", {**edge, "edges": [["S", "G"]]}, "m.json: $.edges[0]: expected an edge"),
        _json("cost", {**edge, "edges": [["S", "G", "1"]]}, "$.edges[0][2]: expected a cost"),
        _json("bool", {**edge, "directed": 1}, "$.directed: expected true or false"),
        _json("goal", {**edge, "goal": []}, "$.goal: expected at least one goal"),
        _json("table", {**edge, "heuristics": {"zero": {"S": 0, "G": 0}}},
              "$.heuristics.zero: the heuristic name 'zero' is taken"),
        _tree("zero-denominator", b"A[chance]([p=1/0]1 [p=1]2)", "the fraction 1/0 divides by 0"),
        _tree("inexact-sum", b"A[chance]([p=1/3]1 [p=1/3]2)", "sum to 2/3, not 1"),
        _tree("uniform-and-p", b"A[uniform]([p=1/2]1 2)", "its parent A is uniform"),
        _tree("uniform-max", b"A[max, uniform](1 2)", "a uniform node is a chance node"),
        _tree("huge-fraction", b"A[chance]([p=1/" + b"9" * 5000 + b"]1 [p=1]2)",
              "a number with 5000 digits (at most 300 are accepted)"),
        Case("fraction-json", ["run", "t.json", "-a", "expectiminimax"],
             {"t.json": b'{"player": "chance", "children": [{"value": 1, "prob": "1/x"}, 2]}'},
             codes=(1,), contains="t.json: $.children[0].prob: a probability must be",
             category="fractions"),
        Case("romania-start", ["astar", "romania", "-p", "start=Paris"], {}, codes=(2,),
             contains="start 'Paris' is not a node of romania", category="romania"),
        Case("romania-goal", ["astar", "romania", "-p", "goal=Arad,Sofia"], {}, codes=(2,),
             contains="goal 'Sofia' is not a node of romania", category="romania"),
        Case("romania-heuristic", ["astar", "romania", "--heuristic", "manhattan"], {},
             codes=(2,), contains="unknown heuristic 'manhattan' for romania (choose from: "
                                  "sld, zero)", category="romania"),
        Case("jugs-goal-pair", ["astar", "jugs", "-p", "goal=1,2,3"], {}, codes=(2,),
             contains="goal '1,2,3' names 3 jugs, but there are 2", category="jugs goal"),
        Case("jugs-goal-total", ["astar", "jugs", "-p", "goal=total=99"], {}, codes=(2,),
             contains="goal total=99 is more than all the jugs together can hold (8 litres)",
             category="jugs goal"),
        Case("jugs-goal-word", ["astar", "jugs", "-p", "goal=half"], {}, codes=(2,),
             contains="goal must be the litres in some jug (goal=4), a total (goal=total=4)",
             category="jugs goal"),
        Case("jugs-goal-digits", ["astar", "jugs", "-p", "goal=total=" + "9" * 5000], {},
             codes=(2,), contains="goal must be the litres in some jug", category="jugs goal"),
    ]


def test_graph_files_and_textbook_problems_fail_in_one_line(tmp_path: Path) -> None:
    cases = _cases()
    outcomes = run_cases(cases, tmp_path / "cases")
    bad = [f"{c.name}: {'; '.join(found)}\n    stderr: {o.stderr.strip()[:300]!r}"
           for c, o in zip(cases, outcomes, strict=True) if (found := problems(c, o))]
    assert not bad, "\n" + "\n".join(bad)
