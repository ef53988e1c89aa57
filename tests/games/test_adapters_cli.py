"""The chess and OpenSpiel adapters from the command line: listed by ``gametrace games``,
searched by ``gametrace run`` into traces that validate, refused in one line without
the bounds they need, and named with the pip command when their extra is missing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from helpers import gametrace

from tracer.schema import validate

SCHOLAR = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4"


def test_games_lists_chess_and_openspiel() -> None:
    code, out, _ = gametrace("games")
    assert code == 0
    assert "\nchess  Chess over python-chess" in out
    assert "fen=startpos" in out and "(material+pst | material)" in out
    assert "openspiel:NAME" in out and "not installed" not in out
    code, out, _ = gametrace("games", "--json")
    chess = next(g for g in json.loads(out) if g["name"] == "chess")
    assert chess["extra"] == "chess" and chess["installed"] is True


def test_run_chess_finds_the_mate_and_records_san_ids_and_fen_labels(tmp_path: Path) -> None:
    out_file = tmp_path / "mate.json"
    code, out, err = gametrace("run", "chess", "-p", f"fen={SCHOLAR}", "-p", "eval=material",
                               "-a", "alphabeta", "--depth", "3", "-o", str(out_file))
    assert code == 0, err
    assert "best move: Qxf7#" in out and "value: 99993" in out
    doc = json.loads(out_file.read_text())
    validate(doc, "trace", file="mate.json")
    assert doc["header"]["source"] == {"kind": "game", "name": "chess",
                                       "params": {"fen": SCHOLAR, "eval": "material"}}
    labels = {e["node"]: e.get("label") for e in doc["events"] if e.get("label")}
    assert labels["root"] == SCHOLAR
    assert "Qxf7#" in labels


def test_run_chess_without_a_bound_is_refused_in_one_line() -> None:
    code, out, err = gametrace("run", "chess", "-a", "minimax")
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [
        "gametrace: error: a full search of chess never ends: give a depth limit "
        "(--depth N) or a node budget (--max-nodes N)"]


def test_run_chess_with_only_a_node_budget_stops_cleanly() -> None:
    code, out, err = gametrace("run", "chess", "--max-nodes", "200")
    assert code == 0, err
    assert "stopped" in out


def test_run_openspiel_pig_with_expectiminimax(tmp_path: Path) -> None:
    out_file = tmp_path / "pig.json"
    code, out, err = gametrace("run", "openspiel:pig", "-p", "winscore=4", "-p",
                               "diceoutcomes=3", "-p", "horizon=4", "-a", "expectiminimax",
                               "-o", str(out_file))
    assert code == 0, err
    assert "best move: roll" in out and "leaves evaluated: 92" in out
    doc = json.loads(out_file.read_text())
    validate(doc, "trace", file="pig.json")
    assert doc["header"]["source"]["name"] == "openspiel:pig"
    nodes = {e["node"] for e in doc["events"] if "node" in e}
    assert "roll/Roll 3/stop" in nodes


def test_run_openspiel_with_depth_is_refused_in_one_line() -> None:
    code, _, err = gametrace("run", "openspiel:tic_tac_toe", "--depth", "2")
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert "openspiel:tic_tac_toe has no static evaluation" in err
    assert "without --depth" in err


def _without(module: str, args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """``gametrace args`` in a fresh interpreter where ``module`` cannot be imported."""
    code = (f"import sys\nsys.modules[{module!r}] = None\nfrom tracer.cli import main\n"
            f"main({args!r})\n")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


def test_a_missing_extra_is_named_with_its_pip_command(tmp_path: Path) -> None:
    ran = _without("chess", ["run", "chess", "--depth", "1", "-o", "t.json"], tmp_path)
    assert ran.returncode == 1
    assert ran.stderr.strip().splitlines() == [
        "gametrace: error: chess needs the chess extra (chess): "
        "pip install 'gametree-tracer[chess]'"]
    assert list(tmp_path.iterdir()) == []
    ran = _without("pyspiel", ["run", "openspiel:pig"], tmp_path)
    assert ran.returncode == 1
    assert "pip install 'gametree-tracer[openspiel]'" in ran.stderr
    listed = _without("pyspiel", ["games"], tmp_path)
    assert listed.returncode == 0
    assert ("not installed: openspiel:NAME needs the openspiel extra (pyspiel): "
            "pip install 'gametree-tracer[openspiel]'") in listed.stdout
