"""The engines benchmark's shape (``python benchmarks/bench_engines.py --quick``): every
position at every recording level, the same node count at each level, and the plain
alpha-beta over python-chess visiting exactly the nodes ours visits with the same value.
No time is asserted (speed is measured in benchmarks/, never in a test)."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tracer.games.registry import make_game
from tracer.search import run_search

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        return importlib.import_module("bench_engines")
    finally:
        sys.path.remove(str(BENCHMARKS))


def test_the_quick_run_prints_every_row(bench: ModuleType,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    bench.main(["--quick"])
    out = capsys.readouterr().out
    for title in ("Othello from the start, depth 4", "chess from the start, depth 2",
                  "chess, Giuoco Piano, 5.d4, depth 2"):
        assert title in out
    assert len(re.findall(r"^ +untraced\s", out, re.MULTILINE)) == 3
    assert len(re.findall(r"^ +counters\s", out, re.MULTILINE)) == 3
    assert len(re.findall(r"^ +full \(\.jsonl\)\s", out, re.MULTILINE)) == 3
    assert "chess from the start, depth 2: 84 nodes both, value 0 both" in out
    assert len(re.findall(r"gametrace run chess \(untraced\)", out)) == 2
    assert out.rstrip().splitlines()[-1].startswith("counters against untraced: ")


@pytest.mark.parametrize("fen", ["startpos", "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2BPP3/2P2N2/"
                                             "PP3PPP/RNBQK2R b KQkq d3 0 5"])
def test_the_plain_alpha_beta_searches_the_tree_ours_does(bench: ModuleType, fen: str) -> None:
    game, state, _ = make_game("chess", {"fen": fen})
    ours = run_search(game, state, algorithm="alphabeta", depth=3)
    value, nodes, classes = bench.plain_alpha_beta(fen, 3, classify=True)
    assert (nodes, value) == (ours.stats.nodes_visited, ours.value)
    assert sum(classes.values()) == nodes - 1  # every node but the root is a move searched
