"""``benchmarks/bench_index.py --quick`` makes its trace, indexes it and measures it: the
counts are exact (Othello alpha-beta at depth 6), the times only present."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[3] / "benchmarks" / "bench_index.py"


@pytest.mark.subprocess  # benchmarks/bench_index.py, loaded from its file, runs gametrace
def test_the_quick_benchmark(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("bench_index", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_index"] = module
    spec.loader.exec_module(module)
    numbers = module.main(quick=True, folder=tmp_path)
    assert (numbers["events"], numbers["nodes"]) == (3560, 1633)
    assert all(numbers[k] >= 0 for k in ("build", "overview", "expand_p95", "draw_p95"))
    out = capsys.readouterr().out
    assert "3,560 events, 1,633 nodes" in out and "goal p95 <= 100 ms" in out
    # The trace is kept for the next run, the index is not.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["othello-d6.jsonl.gz"]
