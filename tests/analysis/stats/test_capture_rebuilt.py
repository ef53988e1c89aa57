"""A capture of a game (``gametrace run --capture``) is counted from the captured position:
the minimal tree and the move classes replay the header's ``path`` from the game's start,
so they equal those of a search started at that position."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

GAMETRACE = [sys.executable, "-m", "tracer"]


def _run(*args: str) -> str:
    done = subprocess.run([*GAMETRACE, *args], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _minimal(trace: Path) -> list[int]:
    stats = json.loads(_run("stats", str(trace), "--minimal", "--json"))
    return [depth["minimal"] for depth in stats["depths"]]


def test_the_minimal_tree_of_a_capture_is_the_captured_positions(tmp_path: Path) -> None:
    capture, direct = tmp_path / "capture.json", tmp_path / "direct.json"
    _run("run", "tictactoe", "-a", "alphabeta", "--capture", "b2/a1", "-o", str(capture))
    # b2 by x, then a1 by o: the board a1 b1 c1 a2 b2 c2 a3 b3 c3 with x to move
    _run("run", "tictactoe", "-a", "alphabeta", "-p", "board=o...x....", "-p", "first=x",
         "-o", str(direct))
    assert _minimal(capture) == _minimal(direct)
    assert _minimal(capture)[1] == 7  # seven empty squares, not the start's nine


def test_a_capture_whose_path_the_game_does_not_have_is_refused(tmp_path: Path) -> None:
    capture = tmp_path / "capture.json"
    _run("run", "tictactoe", "-a", "alphabeta", "--capture", "b2/a1", "-o", str(capture))
    doc = json.loads(capture.read_text())
    doc["header"]["source"]["path"] = ["b2", "b2"]
    capture.write_text(json.dumps(doc))
    done = subprocess.run([*GAMETRACE, "stats", str(capture), "--minimal"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "header.source.path" in lines[0] and "b2" in lines[0]


def test_move_classes_of_a_chess_capture_come_from_its_position(tmp_path: Path) -> None:
    pytest.importorskip("chess")
    capture, direct = tmp_path / "capture.json", tmp_path / "direct.json"
    _run("run", "chess", "--depth", "3", "-a", "minimax", "--capture", "e4/d5",
         "-o", str(capture))
    fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"
    _run("run", "chess", "--depth", "1", "-a", "minimax", "-p", f"fen={fen}",
         "-o", str(direct))
    by_capture = json.loads(_run("stats", str(capture), "--by-class", "--json"))
    by_direct = json.loads(_run("stats", str(direct), "--by-class", "--json"))
    # the moves of the captured node (depth 0): after 1.e4 d5 White may capture (exd5),
    # which no move of the start position does
    assert "capture" in by_capture["depths"][0]["by_class"]
    assert by_capture["depths"][0]["by_class"] == by_direct["depths"][0]["by_class"]
