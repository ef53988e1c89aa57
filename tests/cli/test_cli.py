"""The gametrace command line: output, exit codes, one-line errors, no partial files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import gametrace

from tracer.cli import main
from tracer.schema import validate


def test_run_prints_the_readable_summary() -> None:
    code, out, _ = gametrace("run", "aima")
    assert code == 0
    assert "value: 3" in out
    assert "best move: B" in out
    assert "principal variation: A -> B -> E" in out
    assert "leaves evaluated: 7" in out
    assert "cuts: 1 (2 children pruned)" in out


def test_run_json_has_value_move_pv_stats() -> None:
    code, out, _ = gametrace("run", "aima", "-a", "minimax", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"value", "move", "pv", "stats"}
    assert (data["value"], data["move"], data["pv"]) == (3, "B", ["A", "B", "E"])
    assert data["stats"]["leaves_evaluated"] == 9


@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
def test_run_writes_a_valid_trace(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"aima{suffix}"
    code, _, err = gametrace("run", "aima", "-o", str(out))
    assert code == 0
    assert "trace written to" in err
    code, stdout, _ = gametrace("validate", str(out))
    assert code == 0 and "valid trace" in stdout
    if suffix == ".json":
        validate(json.loads(out.read_text()), "trace", file=str(out))
    assert [p.name for p in tmp_path.iterdir()] == [out.name]  # no temporary left over


def test_run_reads_tree_files_in_both_forms(tmp_path: Path) -> None:
    (tmp_path / "t.json").write_text("[[3,12,8],[2,4,6],[14,5,2]]")
    (tmp_path / "t.tree").write_text("A(B(3 12 8) C(2 4 6) D(14 5 2))  # AIMA fig. 5.2\n")
    for name in ("t.json", "t.tree"):
        code, out, _ = gametrace("run", str(tmp_path / name), "--json")
        assert code == 0
        assert json.loads(out)["move"] == "B"


def test_root_player_option(tmp_path: Path) -> None:
    code, out, _ = gametrace("run", "aima", "--root-player", "min", "--json")
    assert code == 0 and json.loads(out)["value"] == 6


def test_examples_lists_the_lecture_trees() -> None:
    code, out, _ = gametrace("examples")
    assert code == 0
    for name in ("aima", "two-mins", "three-mins"):
        assert name in out
    # each cited by its lecture's own title and slide, never by an internal numbering
    assert "Teoria dei giochi - 2. Forma estesa: Esempio di α-β pruning" in out
    assert "digest" not in out and "item" not in out
    code, out, _ = gametrace("examples", "--json")
    listed = {e["name"]: e for e in json.loads(out)}
    assert set(listed) >= {"aima", "two-mins", "three-mins"}
    assert listed["two-mins"]["lecture"].startswith("Algoritmo Minimax con potatura alfa-beta")


BAD_FILES = {
    "malformed.json": ("[[3,12,8],[2,4", "malformed.json: line 1, column 15: invalid JSON"),
    "nonnumeric.json": ('[[3,"x",8]]', 'nonnumeric.json: $[0][1]: expected a number'),
    "empty.json": ("[]", "empty.json: $: an inner node needs at least one child"),
    "unknown-key.json": ('{"label": "A", "childs": [1]}', "unknown-key.json: $.childs:"),
    "bad.tree": ("A(B(3 12 8) C(2 4 6)))", "bad.tree: line 1, column 22: expected end of input"),
}


@pytest.mark.parametrize("name", list(BAD_FILES))
def test_bad_input_gives_one_line_naming_file_and_place(tmp_path: Path, name: str) -> None:
    content, expected = BAD_FILES[name]
    path = tmp_path / name
    path.write_text(content)
    out_file = tmp_path / "out.json"
    code, out, err = gametrace("run", str(path), "-o", str(out_file))
    assert code == 1
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("gametrace: error: ")
    assert expected in lines[0]
    assert "Traceback" not in err
    assert not out_file.exists()


@pytest.mark.parametrize("name", ["nonnumeric.json", "empty.json", "unknown-key.json"])
def test_validate_reports_schema_errors(tmp_path: Path, name: str) -> None:
    content, _ = BAD_FILES[name]
    path = tmp_path / name
    path.write_text(content)
    code, _, err = gametrace("validate", str(path))
    assert code == 1
    assert err.startswith(f"gametrace: error: {path}: $")
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(("args", "expected"), [
    (["run", "aima", "--order", "sideways"], "'sideways' is not one of"),
    (["run", "aima", "-a", "alphabta"], "'alphabta' is not one of"),
    (["run", "aima", "--variant", "fail-medium"],
     "unknown alphabeta variant 'fail-medium' (choose from: fail-soft, fail-hard, negamax, "
     "list, slide-002)"),
    (["run", "no-such-tree"], "no such file or built-in example: 'no-such-tree'"),
    (["run", "aima", "--depth", "-1"], "--depth"),
])
def test_usage_errors_exit_2(args: list[str], expected: str) -> None:
    code, _, err = gametrace(*args)
    assert code == 2
    assert expected in err
    assert "Traceback" not in err


def test_a_failing_search_leaves_no_output_file(tmp_path: Path) -> None:
    tree = tmp_path / "nostatic.tree"
    tree.write_text("A(B(3 12 8) C(2 4 6))")
    out = tmp_path / "trace.jsonl"
    code, _, err = gametrace("run", str(tree), "--depth", "1", "-o", str(out))
    assert code == 1
    assert "node B" in err and "--depth" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["nostatic.tree"]


def test_validate_a_trace_stream_names_the_line(tmp_path: Path) -> None:
    good = tmp_path / "t.jsonl"
    assert gametrace("run", "aima", "-o", str(good))[0] == 0
    lines = good.read_text().splitlines()
    lines[3] = lines[3].replace('"value":', '"valeu":')
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    code, _, err = gametrace("validate", str(bad))
    assert code == 1
    assert "line 4" in err


def test_every_command_has_help_with_an_example() -> None:
    assert {"run", "validate", "examples", "render", "games", "check", "diff", "exercise",
            "astar", "admissible", "matrix", "compare"} <= set(main.commands)
    for command in main.commands:
        code, out, _ = gametrace(command, "--help")
        assert code == 0
        assert "Examples:" in out and f"gametrace {command}" in out, command


def test_every_command_is_in_the_readme() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    for command in main.commands:
        assert f"gametrace {command}" in readme, command


@pytest.mark.slow
def test_a_10000_deep_chain_runs(tmp_path: Path) -> None:
    n = 10_000
    chain = tmp_path / "chain.json"
    chain.write_text("[" * n + "7" + "]" * n)
    out = tmp_path / "chain.jsonl"
    code, stdout, err = gametrace("run", str(chain), "-o", str(out))
    assert code == 0, err
    assert "value: 7" in stdout
    assert f"({n} plies)" in stdout
    assert gametrace("validate", str(out))[0] == 0


@pytest.mark.slow
def test_a_chain_deeper_than_max_ply_stops_with_a_clear_message(tmp_path: Path) -> None:
    chain = tmp_path / "chain.tree"
    chain.write_text("(" * 3000 + "7" + ")" * 3000)
    code, _, err = gametrace("run", str(chain), "--max-ply", "1000")
    assert code == 1
    assert "--max-ply" in err and len(err.strip().splitlines()) == 1


def test_run_render_draws_without_leaving_a_trace_behind(tmp_path: Path) -> None:
    out = tmp_path / "aima.svg"
    code, _, err = gametrace("run", "aima", "--render", str(out))
    assert code == 0, err
    assert "<svg" in out.read_text()
    assert [p.name for p in tmp_path.iterdir()] == ["aima.svg"]


def test_run_render_with_output_keeps_both(tmp_path: Path) -> None:
    code, _, _ = gametrace("run", "aima", "--render", str(tmp_path / "a.dot"),
                           "-o", str(tmp_path / "a.json"))
    assert code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.dot", "a.json"]
    assert "digraph" in (tmp_path / "a.dot").read_text()


ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("file", "kind"), [
    ("docs/examples/student-wrong.json", "valid solution"),
    ("traces/prisoners-dilemma.matrix.json", "valid payoff matrix analysis"),
    ("traces/jugs.astar.graph.json", "valid trace"),
    ("tests/data/trees/chance.tree", "valid tree (text notation)"),
])
def test_validate_recognises_every_kind_of_file(file: str, kind: str) -> None:
    code, out, err = gametrace("validate", str(ROOT / file))
    assert code == 0, err
    assert out.strip().endswith(kind)


def test_validate_a_bad_solution_names_the_place(tmp_path: Path) -> None:
    bad = tmp_path / "answer.json"
    bad.write_text('{"value": 3, "pruned": "I"}')
    code, _, err = gametrace("validate", str(bad), "--kind", "solution")
    assert code == 1
    assert f"{bad}: $.pruned:" in err


@pytest.mark.slow
def test_a_million_leaf_tree_runs(tmp_path: Path) -> None:
    """4^10 = 1,048,576 leaves: loads, searches and answers (about 10 s, 0.6 GB)."""
    import random

    rng = random.Random(1)

    def tree(depth: int) -> str:
        if depth == 0:
            return str(rng.randint(-99, 99))
        return "[" + ",".join(tree(depth - 1) for _ in range(4)) + "]"

    path = tmp_path / "million.json"
    path.write_text(tree(10))
    code, out, err = gametrace("run", str(path), "-a", "alphabeta", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["stats"]["leaves_evaluated"] < 1_048_576
    code, out, _ = gametrace("run", str(path), "-a", "minimax", "--json")
    assert json.loads(out)["stats"]["leaves_evaluated"] == 1_048_576
    assert json.loads(out)["value"] == data["value"]


@pytest.mark.slow
def test_max_ply_holds_even_when_the_process_limit_was_raised(tmp_path: Path) -> None:
    # The service raises the process's recursion limit for its job threads; a later
    # command in the same process must still stop at the --max-ply the user gave.
    import sys

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(50_000)
    try:
        chain = tmp_path / "chain.tree"
        chain.write_text("(" * 3000 + "7" + ")" * 3000)
        code, _, err = gametrace("run", str(chain), "--max-ply", "1000")
    finally:
        sys.setrecursionlimit(old)
    assert code == 1
    assert "--max-ply" in err and len(err.strip().splitlines()) == 1
