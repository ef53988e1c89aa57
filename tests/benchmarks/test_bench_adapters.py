"""The adapters benchmark's shape (``python benchmarks/bench_adapters.py --quick``): each
pair of searches visits the same nodes and finds the same value (the benchmark checks
it), and every row is printed.  No time is asserted (speed is measured in benchmarks/)."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        return importlib.import_module("bench_adapters")
    finally:
        sys.path.remove(str(BENCHMARKS))


def test_the_quick_run_prints_every_pair(bench: ModuleType,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    bench.main(["--quick"])
    out = capsys.readouterr().out
    for title in ("chess, Giuoco Piano, 5.d4, alpha-beta to depth 2",
                  "chess, Kiwipete, alpha-beta to depth 2",
                  "openspiel:connect_four 3x4, alpha-beta to the end",
                  "openspiel:pig winscore=6, horizon=4, expectiminimax to the end: 522 nodes"):
        assert title in out
    assert len(re.findall(r"nodes both, value \S+ both$", out, re.MULTILINE)) == 4
    assert re.search(r"^ours against each library's own search: ", out, re.MULTILINE)


def test_openspiel_s_nodes_are_counted_by_its_recursive_calls(bench: ModuleType) -> None:
    # the counter wraps the module's function for one call, and puts it back
    import pyspiel
    from open_spiel.python.algorithms import minimax

    inner = minimax.expectiminimax
    game = pyspiel.load_game("pig", {"winscore": 4, "horizon": 4})
    (value, _), nodes = bench._counted(minimax, "expectiminimax", lambda: minimax.expectiminimax(
        game.new_initial_state(), 100, lambda state: 0, 0))
    assert nodes == 280 and round(value, 6) == 0.634259  # pig's node count, as ours
    assert minimax.expectiminimax is inner
