"""The index of a big trace (``gametrace index``, ``gametrace browse``): build time and
size, open time (the overview: header, statistics and the root's children), and the time
to expand a node's children (p50/p95 over 1000 random nodes) and to draw a subtree
(depth 3, at most 200 nodes), against the goals: overview <= 10 s, expand p95 <= 100 ms.

The trace is Othello alpha-beta at depth 12 with ``--record full`` (13.2 million
events, 267 MB as .jsonl.gz, 3.9 GB inflated), made once and kept under
``$BENCH_INDEX_DIR`` (default: a folder in the temporary directory) for the next run;
the index is deleted after measuring.  ``--quick`` does the same on depth 6 (3,560
events) in a fresh folder.

    python benchmarks/run.py index
    python benchmarks/bench_index.py --quick
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from tracer.analysis.index import build_index, open_index  # noqa: E402
from tracer.analysis.stats import Tally  # noqa: E402

FULL_DEPTH = 12
QUICK_DEPTH = 6
SAMPLES = 1000
DRAWS = 100
GOAL_OVERVIEW = 10.0
GOAL_EXPAND_P95 = 0.100


def make_trace(folder: Path, depth: int) -> Path:
    """Othello alpha-beta at ``depth``, recorded in full (kept if already there)."""
    path = folder / f"othello-d{depth}.jsonl.gz"
    if not path.exists():
        subprocess.run([sys.executable, "-m", "tracer", "run", "othello", "--depth",
                        str(depth), "-a", "alphabeta", "--record", "full", "-o", str(path),
                        "-q"], check=True, stdout=subprocess.DEVNULL)
    return path


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def measure(trace: Path, index_path: Path) -> dict[str, Any]:
    """The numbers of one trace (see the module's docstring)."""
    tally = Tally(file=str(trace))
    start = time.perf_counter()
    counts = build_index(trace, index_path, counter=tally,
                         summary=lambda: tally.stats().to_json())
    built = time.perf_counter() - start

    start = time.perf_counter()
    index = open_index(index_path, trace=trace)
    root = index.node(0)
    assert root is not None and index.stats is not None
    index.children(0)
    overview = time.perf_counter() - start

    # Random inner nodes (a leaf's empty answer would flatter the figures).
    inner = [row[0] for row in index.db.execute("SELECT ord FROM nodes WHERE children > 0")]
    rng = random.Random(1)
    picks = [rng.choice(inner) for _ in range(SAMPLES)]
    expand: list[float] = []
    for ord_ in picks:
        start = time.perf_counter()
        index.children(ord_)
        expand.append(time.perf_counter() - start)
    draw: list[float] = []
    for ord_ in picks[:DRAWS]:
        start = time.perf_counter()
        index.subtree(ord_, depth=3, budget=200)
        draw.append(time.perf_counter() - start)
    start = time.perf_counter()
    index.find("d3 c3 c4")
    found = time.perf_counter() - start
    index.close()
    return {"events": counts["events"], "nodes": counts["nodes"],
            "trace_bytes": trace.stat().st_size, "index_bytes": index_path.stat().st_size,
            "build": built, "overview": overview,
            "expand_p50": statistics.median(expand), "expand_p95": percentile(expand, 0.95),
            "draw_p95": percentile(draw, 0.95), "search": found}


def report(numbers: dict[str, Any], depth: int) -> bool:
    """Print the numbers and whether the goals are met."""
    met = (numbers["overview"] <= GOAL_OVERVIEW
           and numbers["expand_p95"] <= GOAL_EXPAND_P95)
    print(f"  othello alpha-beta depth {depth}, --record full: {numbers['events']:,} events, "
          f"{numbers['nodes']:,} nodes")
    print(f"  trace {numbers['trace_bytes'] / 1e6:,.1f} MB, index "
          f"{numbers['index_bytes'] / 1e6:,.1f} MB (SQLite)")
    print(f"  build                     {numbers['build']:9.2f} s "
          f"({numbers['events'] / numbers['build']:,.0f} events/s)")
    print(f"  open + overview           {numbers['overview'] * 1e3:9.2f} ms  goal <= "
          f"{GOAL_OVERVIEW:.0f} s")
    print(f"  expand p50 / p95          {numbers['expand_p50'] * 1e3:9.3f} / "
          f"{numbers['expand_p95'] * 1e3:.3f} ms  ({SAMPLES} random inner nodes; goal p95 <= "
          f"{GOAL_EXPAND_P95 * 1e3:.0f} ms)")
    print(f"  subtree draw p95          {numbers['draw_p95'] * 1e3:9.3f} ms  (depth 3, "
          f"<= 200 nodes, {DRAWS} random inner nodes)")
    print(f"  search by path            {numbers['search'] * 1e3:9.3f} ms  (d3 c3 c4)")
    print(f"  goals {'met' if met else 'NOT met'}")
    return met


def main(*, quick: bool = False, folder: Path | None = None) -> dict[str, Any]:
    depth = QUICK_DEPTH if quick else FULL_DEPTH
    if folder is None:
        folder = Path(os.environ.get("BENCH_INDEX_DIR")
                      or Path(tempfile.gettempdir()) / "gametrace-bench-index")
    folder.mkdir(parents=True, exist_ok=True)
    # The trace inflates to 3.9 GB, past the reader's guard against gzip bombs.
    os.environ.setdefault("GAMETRACE_MAX_INFLATED", "8G")
    trace = make_trace(folder, depth)
    scratch = Path(tempfile.mkdtemp(dir=folder))
    try:
        numbers = measure(trace, scratch / "trace.index")
    finally:
        shutil.rmtree(scratch)  # the index is a few hundred MB; the trace is kept
    report(numbers, depth)
    return numbers


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"depth {QUICK_DEPTH}, fresh folder")
    args = parser.parse_args()
    if args.quick:
        with tempfile.TemporaryDirectory() as tmp:
            main(quick=True, folder=Path(tmp))
    else:
        main()
