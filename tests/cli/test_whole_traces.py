"""Completeness checked before use: ``stats`` and ``bisect`` refuse a trace that a budget
stopped or that has no result line (docs/engines.md), as ``POST /v1/stats`` refuses such
a search; a ``.jsonl`` cut in the middle of a line says where it ends and inside what."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tracer.cli import main


@pytest.fixture(scope="module")
def traces(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("whole")
    runner = CliRunner()
    for args in (["run", "aima", "-o", str(base / "full.jsonl"), "-q"],
                 ["run", "aima", "--order", "reverse", "-o", str(base / "rev.jsonl"), "-q"],
                 ["run", "aima", "--max-nodes", "5", "-o", str(base / "stop.jsonl"), "-q"],
                 ["run", "aima", "--max-nodes", "5", "-o", str(base / "stop.json"), "-q"]):
        assert runner.invoke(main, args).exit_code == 0
    lines = (base / "full.jsonl").read_text().splitlines(keepends=True)
    assert '"result"' in lines[-1]
    (base / "nores.jsonl").write_text("".join(lines[:-1]))
    return base


def _run(args: list[str]) -> tuple[int, str]:
    done = CliRunner().invoke(main, args)
    return done.exit_code, done.stderr


@pytest.mark.parametrize("command", ["stats", "bisect"])
@pytest.mark.parametrize(("name", "said"), [
    ("stop.jsonl", "the search stopped at its max-nodes budget before the end"),
    ("stop.json", "the search stopped at its max-nodes budget before the end"),
    ("nores.jsonl", "the trace has no result line"),
])
def test_unfinished_traces_are_refused(traces: Path, command: str, name: str,
                                       said: str) -> None:
    args = [command, str(traces / name)] + ([str(traces / "rev.jsonl")]
                                            if command == "bisect" else [])
    code, err = _run(args)
    assert code == 1 and err.count("\n") == 1, err
    assert f"{traces / name}: " in err and said in err


def test_whole_traces_are_read(traces: Path) -> None:
    assert _run(["stats", str(traces / "full.jsonl")])[0] == 0
    assert _run(["bisect", str(traces / "full.jsonl"), str(traces / "rev.jsonl")])[0] == 0


@pytest.mark.parametrize("command", ["validate", "stats", "render"])
@pytest.mark.parametrize("share", [0.05, 0.3, 0.55, 0.8])
def test_a_line_cut_short_says_where_and_what(traces: Path, tmp_path: Path, command: str,
                                              share: float) -> None:
    text = (traces / "full.jsonl").read_text()
    cut = text[:int(len(text) * share)]
    if cut.endswith("\n"):
        cut = cut[:-2]
    (tmp_path / "cut.jsonl").write_text(cut + "\n")
    args = [command, str(tmp_path / "cut.jsonl")] + (
        ["-o", str(tmp_path / "c.svg")] if command == "render" else [])
    code, err = _run(args)
    assert code == 1 and err.count("\n") == 1, err
    line = cut.count("\n") + 1
    assert f"cut.jsonl:{line}: line 1, column " in err
    assert "invalid JSON: cut short: the text ends inside " in err
    assert not err.rstrip().endswith(" at")
