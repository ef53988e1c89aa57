"""``gametrace stats`` (text, JSON, plot, minimal tree) and ``gametrace run --record
counters``: exit codes, stdout and stderr apart, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import gametrace


def test_the_table_of_aima(aima_jsonl: Path) -> None:
    code, out, err = gametrace("stats", str(aima_jsonl))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "alphabeta (fail-soft) on aima, recorded: full"
    assert lines[1].split() == ["depth", "nodes", "inner", "cuts", "fail-high", "fh-first",
                                "EBF", "cut", "ranks"]
    assert lines[3].split() == ["1", "3", "3", "1", "33.3%", "100.0%", "3.00", "1:1"]
    assert lines[5].split()[:4] == ["all", "11", "4", "1"]
    assert "Knuth-Moore minimal leaves" in out and "= 5, leaves evaluated 7." in out


def test_json_and_the_minimal_tree(aima_jsonl: Path) -> None:
    code, out, _ = gametrace("stats", str(aima_jsonl), "--json", "--minimal")
    assert code == 0
    data = json.loads(out)
    assert [d["nodes"] for d in data["depths"]] == [1, 3, 7]
    assert [d["minimal"] for d in data["depths"]] == [1, 3, 5]
    assert data["total"] == {"nodes": 11, "cuts": 1, "fail_high_first": 1.0,
                             "ebf": round(11 ** 0.5, 6),
                             "uniform": {"branching": 3, "depth": 2},
                             "knuth_moore_leaves": 5, "minimal": 9, "beyond_minimal": 2}


def test_the_plot_as_dot(aima_jsonl: Path, tmp_path: Path) -> None:
    plot = tmp_path / "s.dot"
    code, out, err = gametrace("stats", str(aima_jsonl), "--plot", str(plot))
    assert code == 0 and err == f"plot written to {plot}\n"
    dot = plot.read_text()
    assert 'tooltip="depth 2: 7 nodes"' in dot
    assert 'tooltip="depth 1: fail-high-first 100.0%"' in dot
    assert out.startswith("alphabeta (fail-soft) on aima")
    code, _, err = gametrace("stats", str(aima_jsonl), "--plot", str(plot), "-q")
    assert (code, err) == (0, "")


def test_counters_written_and_read_back_equal_the_full_trace(tmp_path: Path) -> None:
    full, counts = tmp_path / "o.jsonl", tmp_path / "o.json"
    code, _, err = gametrace("run", "othello", "--depth", "4", "-o", str(full), "-q")
    assert code == 0, err
    code, out, err = gametrace("run", "othello", "--depth", "4", "--record", "counters",
                               "-o", str(counts))
    assert code == 0 and err == f"statistics written to {counts}\n"
    assert "nodes expanded:" in out and "recorded: counters" in out
    _, from_trace, _ = gametrace("stats", str(full), "--json")
    _, from_counts, _ = gametrace("stats", str(counts), "--json")
    a, b = json.loads(from_trace), json.loads(from_counts)
    assert (a.pop("recorded"), b.pop("recorded")) == ("full", "counters")
    assert a["depths"] == b["depths"] and a["total"] == b["total"]


def test_run_counters_json_has_the_summary_and_the_counts() -> None:
    code, out, _ = gametrace("run", "aima", "--record", "counters", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["value"] == 3 and data["counters"]["total"]["nodes"] == 11


@pytest.mark.parametrize(("args", "words"), [
    (["run", "aima", "--record", "counters", "-a", "enhanced"],
     "--record counters counts minimax (two-function), alphabeta fail-soft"),
    (["run", "aima", "--record", "counters", "--order", "best"], "not alphabeta fail-soft in "
                                                                   "the best order"),
    (["run", "aima", "--record", "counters", "--render", "x.svg"], "--render draws a trace"),
    (["run", "aima", "--record", "counters", "-o", "x.jsonl"], "writes a .json document"),
    (["run", "aima", "--record", "count"], "'count' is not one of 'full', 'counters'"),
    (["stats", "missing.jsonl"], "missing.jsonl: no such file"),
    (["stats", "{trace}", "--plot", "x.txt"], "x.txt"),
], ids=["enhanced", "best", "render", "jsonl", "choice", "missing", "plot"])
def test_usage_errors_are_one_line_and_exit_2(args: list[str], words: str, aima_jsonl: Path,
                                               tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = gametrace(*[a.format(trace=aima_jsonl) for a in args])
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("gametrace: error: ") and words in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["aima.jsonl"]


def test_minimal_on_counters_is_refused(tmp_path: Path) -> None:
    counts = tmp_path / "c.json"
    gametrace("run", "aima", "--record", "counters", "-o", str(counts), "-q")
    code, _, err = gametrace("stats", str(counts), "--minimal")
    assert code == 2 and "counters name no tree" in err


def test_a_bad_statistics_document_exits_1(tmp_path: Path) -> None:
    bad = tmp_path / "b.json"
    bad.write_text('{"format": "gametree-stats", "version": 2}')
    code, _, err = gametrace("stats", str(bad))
    assert code == 1 and err == f"gametrace: error: {bad}: $.version: expected version 1\n"


def test_help_has_examples() -> None:
    code, out, _ = gametrace("stats", "--help")
    assert code == 0 and "gametrace stats othello.jsonl --plot othello-stats.svg" in out
    _, out, _ = gametrace("run", "--help")
    assert "--record [full|counters]" in out


def test_an_index_answers_with_the_statistics_of_its_trace(tmp_path: Path) -> None:
    trace, index = tmp_path / "o.jsonl", tmp_path / "o.index"
    assert gametrace("run", "othello", "--depth", "4", "-o", str(trace))[0] == 0
    assert gametrace("index", "-q", str(trace), "-o", str(index))[0] == 0
    for flags in ((), ("--json",), ("--minimal",)):
        code, out, err = gametrace("stats", str(index), *flags)
        assert (code, err) == (0, "")
        assert out == gametrace("stats", str(trace), *flags)[1]
    code, out, err = gametrace("stats", str(index), "--by-class")
    assert (code, out) == (2, "")
    assert err == (f"gametrace: error: {index}: an index holds the statistics without move "
                   "classes: count by move class from the trace itself\n")
