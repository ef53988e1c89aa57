"""``gametrace stats --by-class`` and ``--class-plot``: the table, the JSON and the plot
of the moves by class, exit codes and stdout and stderr apart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import gametrace


@pytest.fixture
def chess_trace(tmp_path: Path) -> Path:
    path = tmp_path / "chess.jsonl"
    code, _, err = gametrace("run", "chess", "--depth", "2", "-o", str(path), "-q")
    assert code == 0, err
    return path


def test_the_table_by_class(chess_trace: Path) -> None:
    code, out, err = gametrace("stats", str(chess_trace), "--by-class")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    head = lines.index("by move class (fail-high: cuts / moves searched; fh-first: cuts by "
                       "a move searched first / cuts)")
    assert lines[head + 1].split() == ["depth", "class", "searched", "cuts", "fail-high",
                                       "fh-first", "cut", "ranks"]
    # from the start, ply 0: White's 20 moves, all quiet; ply 1: Black's replies
    # searched (the 63 nodes at ply 2), none a capture or a check, and they made the 18
    # cuts of ply 1 (the first table's row) with the same ranks
    assert lines[head + 2].split() == ["0", "quiet", "20", "0", "0.0%", "-", "-"]
    assert lines[3].split() == ["1", "20", "20", "18", "90.0%", "72.2%", "20.00", "1:13",
                                "2:5"]
    assert lines[head + 3].split() == ["1", "quiet", "63", "18", "28.6%", "72.2%", "1:13",
                                       "2:5"]
    code, plain, _ = gametrace("stats", str(chess_trace))
    assert "by move class" not in plain and out.startswith(plain.rstrip("\n"))


def test_json_by_class_adds_up(chess_trace: Path) -> None:
    code, out, _ = gametrace("stats", str(chess_trace), "--by-class", "--json")
    assert code == 0
    data = json.loads(out)
    for row in data["depths"][:-1]:
        classes = row["by_class"]
        assert sum(c["cuts"] for c in classes.values()) == row["cuts"]
        for c in classes.values():
            assert c["fail_high"] == round(c["cuts"] / c["searched"], 6)
    total = data["total"]["by_class"]["quiet"]
    assert total["searched"] == data["total"]["nodes"] - 1
    code, without, _ = gametrace("stats", str(chess_trace), "--json")
    assert "by_class" not in without


def test_the_class_plot(chess_trace: Path, tmp_path: Path) -> None:
    plot = tmp_path / "classes.dot"
    code, out, err = gametrace("stats", str(chess_trace), "--class-plot", str(plot))
    assert code == 0 and err == f"plot written to {plot}\n"
    assert "by move class" in out  # --class-plot counts by class
    dot = plot.read_text()
    assert "moves by class" in dot and "fail-high" in dot and 'label=quiet' in dot
    code, out, _ = gametrace("stats", str(chess_trace), "--class-plot", "-")
    assert code == 0 and out.startswith("graph class_plot")


def test_a_trace_of_no_game(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    code, _, _ = gametrace("run", "aima", "-o", str(path), "-q")
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["source"] = {"kind": "student"}
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    code, out, err = gametrace("stats", str(path), "--by-class")
    assert (code, out) == (2, "")
    assert err.strip().endswith("counting by move class needs a trace of a tree or a "
                                "built-in game, and its header names a 'student' "
                                "(header.source.kind)")
    assert len(err.strip().splitlines()) == 1
