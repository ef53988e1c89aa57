"""The astar, admissible and matrix commands, run through click's test runner."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from tracer.cli.problems import admissible_command, astar_command, matrix_command
from tracer.errors import UsageError
from tracer.schema import validate


def invoke(command: click.Command, *args: str) -> Result:
    return CliRunner().invoke(command, list(args))


# --------------------------------------------------------------------------- astar


def test_astar_prints_the_lecture_expansion_table() -> None:
    result = invoke(astar_command, "jugs")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "heuristic: lecture; ties on f go to the node generated first" in out
    table = out.split("expansion order:\n")[1].split("\n\n")[0].splitlines()
    assert table[0].split() == ["#", "node", "state", "g", "h", "f"]
    assert [line.split() for line in table[1:]] == [
        ["1", "n0", "(0,0)", "0", "1", "1"],
        ["2", "n1", "(3,0)", "1", "1", "2"],
        ["3", "n2", "(0,5)", "1", "1", "2"],
        ["4", "n3", "(0,3)", "2", "1", "3"],
        ["5", "n6", "(3,2)", "2", "1", "3"],
        ["6", "n5", "(3,5)", "2", "2", "4"],
        ["7", "n14", "(0,2)", "3", "1", "4"],
        ["8", "n11", "(3,3)", "3", "2", "5"],
        ["9", "n23", "(1,5)", "4", "0", "4", "goal"],
    ]
    assert "  n4    (0,0)  2  n1      n0" in out
    assert "cost: 4\npath: (0,0) -fill1-> (3,0) -pour1-2-> (0,3) -fill1-> (3,3) " \
           "-pour1-2-> (1,5)" in out
    assert "nodes: 9 selected, 8 expanded, 27 generated, 17 discarded" in out
    assert result.stderr == ""


def test_astar_json_and_trace(tmp_path: Path) -> None:
    out = tmp_path / "jugs.json"
    result = invoke(astar_command, "jugs", "--heuristic", "lecture", "--variant", "graph",
                    "-o", str(out), "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["value"] == 4 and data["move"] == "n1"
    assert data["states"] == ["(0,0)", "(3,0)", "(0,3)", "(3,3)", "(1,5)"]
    assert data["stats"]["children_pruned"] == 17
    assert f"trace written to {out}" in result.stderr
    validate(json.loads(out.read_text()), "trace", file=str(out))
    assert [p.name for p in tmp_path.iterdir()] == ["jugs.json"]


def test_astar_parameters_tree_variant_and_limits() -> None:
    result = invoke(astar_command, "puzzle8", "-p", "scramble=6", "-p", "seed=1",
                    "--heuristic", "zero", "--variant", "tree", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["value"] <= 6
    result = invoke(astar_command, "puzzle8", "--max-nodes", "20", "--limit", "3")
    assert result.exit_code == 0
    assert "cost: unknown (stopped early)" in result.stdout
    assert "more (--limit 0 shows all)" in result.stdout
    assert "stopped by --max-nodes" in result.stderr


def test_astar_unreachable_goal() -> None:
    result = invoke(astar_command, "jugs", "-p", "capacities=2,4", "-p", "goal=3")
    assert result.exit_code == 0
    assert "cost: +inf (no goal is reachable)" in result.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["jug"], "unknown problem 'jug' (choose from: jugs, puzzle8, romania) or a graph file"),
    (["jugs", "--heuristic", "h2"], "unknown heuristic 'h2' for jugs (choose from: lecture, zero)"),
    (["jugs", "-p", "goal"], "expected -p KEY=VALUE, got 'goal'"),
    (["jugs", "-p", "size=3"], "unknown parameter 'size' for jugs"),
])
def test_astar_usage_errors_reach_the_group(args: list[str], message: str) -> None:
    # The gametrace group turns a UsageError into exit code 2 and one line on stderr.
    result = invoke(astar_command, *args)
    assert isinstance(result.exception, UsageError)
    assert message in str(result.exception)


# --------------------------------------------------------------------------- admissible


def test_admissible_lecture_heuristic_is_not() -> None:
    result = invoke(admissible_command, "jugs", "--heuristic", "lecture")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert "verdict: NOT admissible (h > h* at 1 state), NOT consistent at 1 edge" in lines
    assert "h*(start) = 4" in result.stdout
    assert ["(3,3)", "2", "1"] in [line.split() for line in lines]
    assert ["(3,3)", "pour1-2", "(1,5)", "2", "1", "0"] in [line.split() for line in lines]


def test_admissible_zero_and_json() -> None:
    result = invoke(admissible_command, "jugs", "--heuristic", "zero")
    assert result.exit_code == 0
    assert "verdict: admissible, consistent" in result.stdout
    result = invoke(admissible_command, "jugs", "--heuristic", "lecture", "--json")
    data = json.loads(result.stdout)
    assert (data["admissible"], data["consistent"], data["states"]) == (False, False, 16)


# --------------------------------------------------------------------------- matrix


def test_matrix_prisoners_dilemma() -> None:
    result = invoke(matrix_command, "prisoners-dilemma")
    assert result.exit_code == 0
    out = result.stdout
    assert "C        2, 2 *   0, 7" in out
    assert "~~NC~~   7, 0     1, 1" in out
    assert "  A: C (strictly)\n  B: C (strictly)" in out
    assert "  1. A drops NC (strictly dominated by C)" in out
    assert "  left: A {C}, B {C}" in out
    assert "1 pure Nash equilibrium: (C, C) paying (2, 2)" in out


def test_matrix_json_and_outputs(tmp_path: Path) -> None:
    result = invoke(matrix_command, "prisoners-dilemma", "--json")
    data = json.loads(result.stdout)
    assert data["dominant"] == {"A": {"strict": "C", "weak": "C"},
                                "B": {"strict": "C", "weak": "C"}}
    assert data["equilibria"] == [{"row": "C", "column": "C", "payoffs": [2, 2]}]
    svg, saved = tmp_path / "pd.svg", tmp_path / "pd.json"
    assert invoke(matrix_command, "prisoners-dilemma", "-o", str(svg)).exit_code == 0
    assert svg.read_text().startswith("<svg")
    assert invoke(matrix_command, "prisoners-dilemma", "-o", str(saved)).exit_code == 0
    again = invoke(matrix_command, str(saved), "--json")
    assert json.loads(again.stdout) == data


def test_matrix_from_tree() -> None:
    result = invoke(matrix_command, "--from-tree", "two-mins", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["game"]["rows"] == ["B", "C"]
    assert len(data["game"]["columns"]) == 3 * 2   # MIN: 3 moves at B, 2 at C
    assert {e["payoffs"][0] for e in data["equilibria"]} == {3}


@pytest.mark.parametrize("args", [[], ["prisoners-dilemma", "--from-tree", "aima"],
                                  ["prisoners-dilemma", "-o", "pd.txt"], ["dilemma"]])
def test_matrix_usage_errors(args: list[str]) -> None:
    result = invoke(matrix_command, *args)
    assert isinstance(result.exception, UsageError)


@pytest.mark.parametrize("command", [astar_command, admissible_command, matrix_command])
def test_every_command_has_help_with_examples(command: click.Command) -> None:
    result = invoke(command, "--help")
    assert result.exit_code == 0
    assert "Examples:\n    gametrace " in result.stdout


def test_astar_render_draws_the_search_tree(tmp_path: Path) -> None:
    out = tmp_path / "jugs.svg"
    result = CliRunner().invoke(astar_command, ["jugs", "--render", str(out)])
    assert result.exit_code == 0, result.output
    assert "<svg" in out.read_text()
    assert "(1,5)" in out.read_text()
