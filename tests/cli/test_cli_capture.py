"""``gametrace run --capture PATH`` and ``--capture-when COND``: the captures are
ordinary traces (validate, render, stats, check read them), reruns give the same bytes,
and every mistake is one line with exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import gametrace

from tracer.trace import load_trace


def test_capture_a_lecture_subtree_and_read_it_as_any_trace(tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    code, stdout, err = gametrace("run", "aima", "-a", "alphabeta", "--capture", "C",
                                  "-o", str(out))
    assert (code, err) == (0, "")
    lines = stdout.splitlines()
    assert lines[0] == "alphabeta (fail-soft) on aima"
    assert lines[1] == "value: 3"  # the whole search's answer
    assert lines[-1] == f"{out}: C at ply 1, window (3, +inf): value 2, 2 nodes"
    assert gametrace("validate", str(out))[:2] == (0, f"{out}: valid trace\n")
    code, _, err = gametrace("render", str(out), "-o", str(tmp_path / "c.dot"))
    assert code == 0, err
    drawing = (tmp_path / "c.dot").read_text()
    assert '"C"' in drawing and '"H"' in drawing and '"B"' not in drawing
    code, table, err = gametrace("stats", str(out))
    assert code == 0, err
    assert table.splitlines()[2].split()[:4] == ["0", "1", "1", "1"]  # C cuts at ply 0
    again = tmp_path / "again.json"
    assert gametrace("run", "aima", "-a", "alphabeta", "--capture", "C", "-o",
                     str(again))[0] == 0
    assert again.read_bytes() == out.read_bytes()  # a rerun writes the same bytes
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps({"value": 2, "evaluated": ["H"]}))
    code, report, err = gametrace("check", str(out), str(answer))
    assert code == 0, (report, err)


def test_capture_when_writes_one_trace_per_match_the_same_on_a_rerun(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    for folder in (first, second):
        code, stdout, err = gametrace("run", "othello", "--depth", "4", "--capture-when",
                                      "depth = 2 and nodes > 5", "--captures", "3", "-o",
                                      str(folder))
        assert (code, err) == (0, "")
    names = sorted(p.name for p in first.iterdir())
    assert names == ["capture-001.json", "capture-002.json", "capture-003.json"]
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes()
        trace = load_trace(first / name)
        assert trace.header.capture is not None
        assert trace.header.capture["when"] == "depth = 2 and nodes > 5"
        assert trace.header.capture["depth"] == 2 and trace.header.capture["fields"]["nodes"] > 5
    counts = stdout.splitlines()[-1]
    assert counts.startswith("captured 3 of ") and "past --captures" in counts
    code, stdout, err = gametrace("run", "othello", "--depth", "4", "--capture-when",
                                  "depth = 2 and nodes > 5", "-o", str(tmp_path / "j"),
                                  "--json")
    assert code == 0, err
    data = json.loads(stdout)
    assert data["capture_counts"]["written"] == 5 and len(data["captures"]) == 5
    assert data["captures"][0]["file"].endswith("capture-001.json")


def test_chess_captures_by_san_and_by_move_class(tmp_path: Path) -> None:
    out = tmp_path / "nh3.jsonl"
    code, _, err = gametrace("run", "chess", "--depth", "3", "--capture", "Nh3/Nh6", "-o",
                             str(out), "-q")
    assert code == 0, err
    trace = load_trace(out)
    assert trace.header.root == "Nh3/Nh6" and trace.header.capture is not None
    assert trace.header.capture["path"] == ["Nh3", "Nh6"]
    assert trace.header.options["depth"] == 1
    assert trace.header.source["name"] == "chess"
    assert trace.header.source["path"] == ["Nh3", "Nh6"]  # from the position params name
    code, _, err = gametrace("run", "chess", "--depth", "3", "--capture-when",
                             "cut.class = capture", "--captures", "2", "-o",
                             str(tmp_path / "caps"))
    assert code == 0, err
    for path in sorted((tmp_path / "caps").iterdir()):
        block = load_trace(path).header.capture
        assert block is not None
        fields = block["fields"]
        assert fields["cut.class"] == "capture" and "x" in path.read_text()


def test_an_openspiel_game_is_captured(tmp_path: Path) -> None:
    out = tmp_path / "x.json"
    code, _, err = gametrace("run", "openspiel:tic_tac_toe", "--capture", "x(1,1)",
                             "-o", str(out))
    assert code == 0, err
    trace = load_trace(out)
    assert trace.header.root == "x(1,1)" and trace.result is not None
    assert trace.result.value == 0  # the centre draws


@pytest.mark.parametrize("args,words", [
    (["--capture", "B/Z"], "--capture 'B/Z': no move 'Z' at B (moves there: E, F, G)"),
    (["--capture", "/"], "expected moves separated by '/'"),
    (["--capture-when", "cut.rnk > 3"], "column 1: unknown field 'cut.rnk'"),
    (["--capture-when", "depth >"], "column 8: expected a value after '>'"),
    (["--capture-when", "class = capture"], "aima names no move classes"),
    (["--capture", "B", "--capture-when", "depth = 1"], "give one"),
    (["--captures", "3"], "--captures applies to --capture-when"),
    (["--capture", "B", "--record", "counters"], "not with --record counters"),
    (["--capture", "B", "--render", "x.svg"], "draw the capture with gametrace render"),
    (["--capture", "B", "-a", "alphabeta", "--variant", "list"],
     "not alphabeta list"),
])
def test_usage_errors_are_one_line_and_exit_2(args: list[str], words: str,
                                              tmp_path: Path) -> None:
    out = ["-o", str(tmp_path / ("c" if "--capture-when" in args else "c.json"))]
    code, stdout, err = gametrace("run", "aima", *args, *out)
    assert code == 2, (stdout, err)
    assert err.count("\n") == 1 and words in err, err
    assert not (tmp_path / "c.json").exists() and not (tmp_path / "c").exists()


def test_capture_needs_an_output_and_a_new_folder(tmp_path: Path) -> None:
    code, _, err = gametrace("run", "aima", "--capture", "B")
    assert code == 2 and "give -o FILE" in err
    full = tmp_path / "full"
    full.mkdir()
    (full / "keep.txt").write_text("mine")
    code, _, err = gametrace("run", "aima", "--capture-when", "depth = 1", "-o", str(full))
    assert code == 2 and "the folder is not empty" in err
    assert [p.name for p in full.iterdir()] == ["keep.txt"]


def test_a_pruned_node_is_a_failure_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "k.json"
    code, _, err = gametrace("run", "aima", "-a", "alphabeta", "--capture", "C/I", "-o",
                             str(out))
    assert code == 1 and "never reached node I" in err and err.count("\n") == 1
    assert not out.exists()


def test_help_shows_the_capture_examples() -> None:
    code, text, _ = gametrace("run", "--help")
    assert code == 0
    assert "--capture d3/c5/f6" in text and "--capture-when" in text and "--captures" in text
