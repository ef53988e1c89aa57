"""The engine trace writer's cost (``gametrace.h``): a C negamax alpha-beta over a
synthetic game (``bench_sdk.c``, 10 moves a position, 8 plies: 1,657,312 nodes, the
same tree every run), timed untraced (the writer's calls compiled out), in full mode
and in counters mode, against the goals: full <= 1.3x, counters <= 1.03x.

The synthetic game costs almost nothing a node (a hash), so the writer's own cost per
node is measured there and the ratios are given again with WORK rounds of a xorshift
at every node standing for an engine's own work (move generation, evaluation): the
ratio depends on what a node of the engine costs, and the table says at which cost
per node the goals are met.  Times are the process CPU time of the search (user and
system, the trace's writes included; ``gt_close`` too), best of 3, as the machine is
shared.  Needs ``cc``/``gcc``.

    python benchmarks/run.py sdk
    python benchmarks/bench_sdk.py --quick
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
INCLUDE = HERE.parent / "tracer" / "sdk" / "include"
BRANCHING, DEPTH = 10, 8
QUICK = (6, 6)
WORKS = (0, 100, 400)
REPEATS = 3
GOAL_FULL, GOAL_COUNTERS = 1.3, 1.03


def _build(folder: Path, compiler: str) -> dict[str, Path]:
    out = {}
    for name, traced in (("untraced", 0), ("traced", 1)):
        exe = folder / f"bench_sdk_{name}"
        subprocess.run([compiler, "-O2", "-std=c99", "-Wall", "-Wextra", "-Werror",
                        f"-DTRACED={traced}", f"-I{INCLUDE}", str(HERE / "bench_sdk.c"),
                        "-o", str(exe)], check=True)
        out[name] = exe
    return out


def _time(exe: Path, branching: int, depth: int, work: int, mode: str,
          trace: Path) -> tuple[int, float, int]:
    """Best of :data:`REPEATS`: nodes, seconds, bytes written."""
    best = None
    written = 0
    for _ in range(REPEATS):
        done = subprocess.run([str(exe), str(branching), str(depth), str(work), mode,
                               str(trace)], check=True, capture_output=True, text=True)
        nodes, seconds, _value = done.stdout.split()
        best = float(seconds) if best is None else min(best, float(seconds))
        written = trace.stat().st_size if trace.exists() else 0
        trace.unlink(missing_ok=True)
    assert best is not None
    return int(nodes), best, written


def main(argv: list[str] | None = None) -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--quick", action="store_true", help="a small tree (6 moves, 6 plies)")
    options = args.parse_args(argv or [])
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        print("no C compiler: skipped")
        return
    branching, depth = QUICK if options.quick else (BRANCHING, DEPTH)
    with tempfile.TemporaryDirectory(prefix="bench-sdk-") as tmp:
        folder = Path(tmp)
        exes = _build(folder, compiler)
        trace = folder / "trace.jsonl"
        print(f"negamax alpha-beta, {branching} moves a position, {depth} plies; "
              f"CPU seconds, best of {REPEATS}")
        print(f"{'work':>5} {'nodes':>9} {'ns/node':>8} {'full':>7} {'+ns':>5} "
              f"{'counters':>9} {'+ns':>4} {'B/node':>7}  goals (full <= {GOAL_FULL}x, "
              f"counters <= {GOAL_COUNTERS}x)")
        for work in WORKS:
            nodes, plain, _ = _time(exes["untraced"], branching, depth, work, "full", trace)
            _, full, size = _time(exes["traced"], branching, depth, work, "full", trace)
            _, counted, _ = _time(exes["traced"], branching, depth, work, "counters", trace)
            met = [what for what, ratio, goal in (("full", full / plain, GOAL_FULL),
                                                  ("counters", counted / plain, GOAL_COUNTERS))
                   if ratio <= goal]
            print(f"{work:>5} {nodes:>9,} {plain / nodes * 1e9:>8.0f} {full / plain:>6.2f}x "
                  f"{(full - plain) / nodes * 1e9:>5.0f} {counted / plain:>8.2f}x "
                  f"{(counted - plain) / nodes * 1e9:>4.0f} {size / nodes:>7.0f}  "
                  f"{' and '.join(met) + ' met' if met else 'missed'}")
        print("work: xorshift rounds a node, the engine's own cost; ns/node: the untraced "
              "search's; +ns: what the writer adds a node")


if __name__ == "__main__":
    main(sys.argv[1:])
