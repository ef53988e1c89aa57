"""``-`` is standard input wherever a command reads a trace, a tree or an answer, so that
pipelines work: ``gametrace run aima -o - -q | gametrace render - -o aima.svg``.

Standard input is read by the library (tracer/stdin.py), once, into a file named by its
bytes (a trace document, a stream, a gzipped stream, a tree in either notation); errors
name it ``<stdin>``; two inputs cannot both be ``-``.
"""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tracer.cli import main

AIMA_TEXT = "A(B(3 12 8) C(2 4 6) D(14 5 2))"


def _run(args: list[str], data: bytes | str, cwd: Path | None = None
         ) -> tuple[int, str, str]:
    here = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        result = CliRunner().invoke(main, args, input=data)
    finally:
        os.chdir(here)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def trace_json() -> str:
    code, out, err = _run(["run", "aima", "-o", "-", "-q"], "")
    assert code == 0, err
    return out


@pytest.fixture(scope="module")
def trace_jsonl(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    folder = tmp_path_factory.mktemp("jsonl")
    code, _, err = _run(["run", "aima", "-o", "t.jsonl", "-q"], "", cwd=folder)
    assert code == 0, err
    return (folder / "t.jsonl").read_bytes()


def test_run_q_to_stdout_prints_the_trace_and_nothing_else(trace_json: str) -> None:
    code, out, err = _run(["run", "aima", "-o", "-", "-q"], "")
    assert (code, err) == (0, "")  # the summary is a note under -o -: -q drops it
    assert out.startswith('{"format":"gametree-trace"')


def test_render_reads_stdin(tmp_path: Path, trace_json: str) -> None:
    code, _, err = _run(["render", "-", "-o", "x.dot", "-q"], trace_json, cwd=tmp_path)
    assert (code, err) == (0, "")
    assert (tmp_path / "x.dot").read_text().startswith("digraph")


@pytest.mark.parametrize("kind", ["json", "jsonl", "jsonl.gz"])
def test_validate_reads_every_trace_form(kind: str, trace_json: str,
                                          trace_jsonl: bytes) -> None:
    data = {"json": trace_json.encode(), "jsonl": trace_jsonl,
            "jsonl.gz": gzip.compress(trace_jsonl, mtime=0)}[kind]
    code, out, err = _run(["validate", "-"], data)
    assert (code, err) == (0, "")
    assert out == ("<stdin>: valid trace\n" if kind == "json"
                   else "<stdin>: valid trace stream\n")


def test_validate_reads_a_tree_in_the_text_notation() -> None:
    code, out, err = _run(["validate", "-"], AIMA_TEXT + "\n")
    assert (code, err) == (0, "")
    assert out.startswith("<stdin>: valid tree")


def test_errors_name_stdin() -> None:
    code, _, err = _run(["validate", "-"], '{"format": "gametree-trace", "version": 99}')
    assert code == 1
    assert err.startswith("gametrace: error: <stdin>: ")
    assert "stdin.json" not in err


def test_stats_reads_stdin(trace_json: str) -> None:
    code, out, err = _run(["stats", "-"], trace_json)
    assert (code, err) == (0, "")
    assert out.startswith("alphabeta (fail-soft) on aima")


def test_regret_reads_stdin(trace_json: str) -> None:
    code, out, err = _run(["regret", "-"], trace_json)
    assert code == 0, err
    assert out.startswith("alphabeta (fail-soft) on aima: value 3\nnodes searched 11, ideal "
                          "tree 9, wasted 2 (18.2%)")


def test_check_reads_the_answer_from_stdin() -> None:
    code, out, err = _run(["check", "aima", "-"], '{"value": 3, "move": "B"}')
    assert (code, err) == (0, "")
    assert out.startswith("Checking <stdin> against alphabeta (fail-soft) on aima")
    assert "score: 2.00 / 2 (100%)" in out


def test_check_empty_answer_from_stdin_names_stdin() -> None:
    code, _, err = _run(["check", "aima", "-"], '{}')
    assert code == 1
    assert err.startswith("gametrace: error: <stdin>: the answer gives no items")


def test_run_reads_a_tree_from_stdin() -> None:
    code, out, err = _run(["run", "-", "-a", "minimax"], AIMA_TEXT)
    assert (code, err) == (0, "")
    assert "value: 3" in out


def test_compare_reads_a_tree_from_stdin() -> None:
    code, out, err = _run(["compare", "-", "--format", "csv"], AIMA_TEXT)
    assert code == 0, err
    assert out.splitlines()[2] == ("ordering,natural,,7,4,1,2,1,1.0,2.6457513110645907,"
                                   "0.7777777777777778,3,B")


def test_diff_reads_one_side_from_stdin(tmp_path: Path, trace_json: str) -> None:
    (tmp_path / "t.json").write_text(trace_json)
    code, out, err = _run(["diff", "-", str(tmp_path / "t.json")], trace_json)
    assert code == 0, err
    assert out == f"A: <stdin>\nB: {tmp_path / 't.json'}\n\nThe traces agree event by event.\n"


def test_bisect_reads_one_side_from_stdin(tmp_path: Path, trace_json: str) -> None:
    (tmp_path / "t.json").write_text(trace_json)
    code, _, err = _run(["bisect", "-", str(tmp_path / "t.json")], trace_json)
    assert code == 0, err


@pytest.mark.parametrize("args", [["diff", "-", "-"], ["bisect", "-", "-"],
                                  ["check", "-", "-"]])
def test_two_inputs_cannot_both_be_stdin(args: list[str], trace_json: str) -> None:
    code, _, err = _run(args, trace_json)
    assert code == 2
    assert "only one input can be standard input (-)" in err


def test_index_reads_stdin(tmp_path: Path, trace_jsonl: bytes) -> None:
    code, _, err = _run(["index", "-", "-o", "t.index", "-q"], trace_jsonl, cwd=tmp_path)
    assert (code, err) == (0, "")
    assert (tmp_path / "t.index").is_file()


def test_two_outputs_to_stdout_are_refused(tmp_path: Path) -> None:
    code, out, err = _run(["run", "aima", "-o", "-", "--render", "-"], "")
    assert code == 2 and out == ""
    assert "standard output" in err


def test_the_readme_pipeline(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    command = [sys.executable, "-m", "tracer"]
    run = subprocess.run([*command, "run", "aima", "-o", "-", "-q"], capture_output=True,
                         env=env, check=True)
    assert run.stderr == b""
    render = subprocess.run([*command, "render", "-", "-o", str(tmp_path / "x.dot"), "-q"],
                            input=run.stdout, capture_output=True, env=env)
    assert (render.returncode, render.stderr) == (0, b"")
    assert (tmp_path / "x.dot").read_text().startswith("digraph")


def test_v_says_the_files_read_and_the_stages_time(tmp_path: Path, trace_json: str) -> None:
    (tmp_path / "t.json").write_text(trace_json)
    code, out, err = _run(["stats", "t.json", "-v"], "", cwd=tmp_path)
    assert code == 0
    lines = err.splitlines()
    assert lines[0] == f"gametrace: reading t.json ({len(trace_json.encode()):,} bytes)"
    assert lines[1].startswith("gametrace: reading the trace took ")
    assert out == _run(["stats", "t.json"], "", cwd=tmp_path)[1]  # the answer unchanged


def test_q_wins_over_v(tmp_path: Path, trace_json: str) -> None:
    (tmp_path / "t.json").write_text(trace_json)
    for args in (["-v", "-q"], ["-q", "-v"]):
        code, _, err = _run(["render", "t.json", "-o", "t.dot", *args], "", cwd=tmp_path)
        assert (code, err) == (0, "")


def test_v_is_listed_in_each_quiet_commands_help() -> None:
    for command in ("run", "render", "stats", "regret", "bisect", "index", "compare",
                    "check"):
        result = CliRunner().invoke(main, [command, "--help"])
        assert "-v, --verbose" in result.stdout, command


GRAPH = "start A\ngoal C\nA -- B 1\nB -- C 2\nA -- C 5\n"
PAYOFFS = ('{"players": ["Row", "Col"], "rows": ["C", "D"], "columns": ["C", "D"], '
           '"payoffs": [[[3, 3], [0, 5]], [[5, 0], [1, 1]]]}')


def test_astar_reads_a_graph_from_stdin() -> None:
    code, out, err = _run(["astar", "-"], GRAPH)
    assert (code, err) == (0, "")
    assert out.startswith("A* (graph: repeated states eliminated) on <stdin> start=A goal=C")
    assert "cost: 3" in out


def test_admissible_reads_a_graph_from_stdin() -> None:
    code, out, _ = _run(["admissible", "-"], GRAPH)
    assert code == 0
    assert out.startswith("<stdin> start=A goal=C")


def test_matrix_reads_a_payoff_file_from_stdin() -> None:
    code, out, err = _run(["matrix", "-"], PAYOFFS)
    assert (code, err) == (0, "")
    assert out.startswith("game: Row chooses a row, Col a column")


def test_a_bad_payoff_file_on_stdin_is_named_stdin() -> None:
    code, _, err = _run(["matrix", "-"], '{"rows": []}')
    assert code == 1
    assert err.startswith("gametrace: error: <stdin>: ")


def test_stdin_is_read_within_a_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    import tracer.stdin

    monkeypatch.setattr(tracer.stdin, "MAX_STDIN", 100)
    code, _, err = _run(["validate", "-"], AIMA_TEXT * 10)
    assert code == 1
    assert err == ("gametrace: error: <stdin>: standard input is longer than 100 bytes: "
                   "save it to a file first\n")


def test_stdin_on_a_terminal_is_refused_at_once(tmp_path: Path) -> None:
    master, slave = os.openpty()
    try:
        done = subprocess.run([sys.executable, "-m", "tracer", "validate", "-"], stdin=slave,
                              capture_output=True, text=True, timeout=60,
                              env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])})
    finally:
        os.close(slave)
        os.close(master)
    assert done.returncode == 2
    assert done.stderr.startswith("gametrace: error: <stdin>: standard input is a terminal")
