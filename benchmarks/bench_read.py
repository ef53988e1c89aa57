"""Reading a big trace: ``gametrace stats``, ``regret``, ``bisect``, ``index`` and
``validate`` in events per second, against counting the trace's lines in the same run
(``wc -l``, and a Python loop counting newlines a megabyte at a time), with the goal of
1,000,000 events/s (docs/speed.md, "Reading a big trace").

The trace is made by the tool itself: Othello alpha-beta from the start, recorded in
full (``gametrace run othello --depth 11 -o T.jsonl``: 3.05 million events, 857 MB), kept
under ``$BENCH_READ_DIR`` (default: a folder in the temporary directory) for the next
run.  Each command runs in a fresh process (its start-up, about 0.3 s, included); the
times are the CPU seconds of that process (user + system), the median of ``ROUNDS``
(``regret``, ``bisect`` and ``index``, which take minutes: one),
since on a shared machine the wall time mostly says how busy the other jobs were.
``gametrace index`` is measured on a version-2 engine stream too (iterative deepening
and PVS re-searches over a synthetic game, written by ``tracer.TraceWriter``, one round).
``validate`` (a JSON Schema check of every line, and every line kept) and the pure
reader (``GAMETRACE_PURE=1``, the strict reader every analysis used before the scanner)
are measured on the depth-8 trace, which they take minutes less to read.

``gametrace stats`` also reads an engine's trace (format version 2): a negamax PVS
engine with iterative deepening, 6 moves a position, to depth ``ENGINE_DEPTH``, written
with ``tracer.TraceWriter`` (1.6 million events at depth 10, the re-searches and the TT probes
included), kept beside the other.

    python benchmarks/run.py read
    python benchmarks/bench_read.py --quick      # depth 8 and 6, one round
    python benchmarks/bench_read.py --deepening  # iterative deepening, an engine stream
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
GOAL = 1_000_000
"""Events a second the reading commands should reach."""
ROUNDS = 3
BIG, SMALL = 11, 8
QUICK_BIG, QUICK_SMALL = 8, 6
ENGINE, ENGINE_QUICK = (8, 8), (8, 6)
"""The engine stream's branching and depth (8 and 8: 793,386 events, 366,351 nodes)."""

ENGINE_DEPTH, QUICK_ENGINE_DEPTH = 10, 8

_COUNT_LINES = ("import sys\nn = 0\nwith open(sys.argv[1], 'rb') as f:\n"
                "    while b := f.read(1 << 20):\n        n += b.count(b'\\n')\nprint(n)\n")


def _gametrace() -> list[str]:
    return [sys.executable, "-m", "tracer"]


def _env(pure: bool = False) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(HERE.parent) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("GAMETRACE_PURE", None)
    if pure:
        env["GAMETRACE_PURE"] = "1"
    return env


def _timed(command: list[str], *, pure: bool = False) -> tuple[float, float]:
    """CPU seconds (user + system) and wall seconds of ``command`` in a process of its own."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=_env(pure))
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def _trace(folder: Path, depth: int) -> Path:
    path = folder / f"othello-d{depth}.jsonl"
    if not path.exists():
        part = path.with_suffix(".part.jsonl")
        subprocess.run([*_gametrace(), "run", "othello", "--depth", str(depth), "-o",
                        str(part)], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, env=_env())
        part.rename(path)
    return path


_INDEX_ENGINE = """
import sys
from tracer import TraceWriter

BRANCHING, DEPTH = int(sys.argv[2]), int(sys.argv[3])

def value(key):
    return (key * 2654435761) % 201 - 100

def search(t, key, depth, alpha, beta):
    # negamax alpha-beta with PVS: a null window after the first move, searched again
    # with the full window when it fails high
    if depth == 0:
        return value(key)
    best = -1000
    for i in range(BRANCHING):
        child = key * BRANCHING + i + 1
        t.enter(f"m{i}")
        if i == 0:
            v = -search(t, child, depth - 1, -beta, -alpha)
        else:
            v = -search(t, child, depth - 1, -alpha - 1, -alpha)
            if alpha < v < beta:
                t.leave(-v)
                t.research(-beta, -alpha)
                v = -search(t, child, depth - 1, -beta, -alpha)
        t.leave(-v)
        best = max(best, v)
        alpha = max(alpha, v)
        if alpha >= beta:
            t.cut()
            break
    return best

with TraceWriter(sys.argv[1], game="synthetic", variant="pvs", convention="negamax") as t:
    for depth in range(1, DEPTH + 1):
        t.iteration(depth)
        t.leave(search(t, 1, depth, -1000, 1000))
"""
"""A version-2 engine stream: iterative deepening over a synthetic game (a hash for a
value), negamax alpha-beta with PVS re-searches, written by :class:`tracer.TraceWriter`."""


def _index_engine_trace(folder: Path, branching: int, depth: int) -> Path:
    path = folder / f"engine-b{branching}-d{depth}.jsonl"
    if not path.exists():
        part = path.with_suffix(".part.jsonl")
        subprocess.run([sys.executable, "-c", _INDEX_ENGINE, str(part), str(branching),
                        str(depth)], check=True, env=_env())
        part.rename(path)
    return path


_STATS_ENGINE = """
import sys
from tracer import TraceWriter

MASK = (1 << 64) - 1
WIDTH = 6


def child(pos, i):
    return (pos * 6364136223846793005 + 1442695040888963407 + i) & MASK


def negamax(t, pos, depth, alpha, beta):
    t.tt_probe(pos % 7 == 0, "lower", 0, depth)
    if depth == 0:
        return (((pos * 0x9E3779B97F4A7C15) & MASK) >> 58) - 32
    best = -1000
    for i in range(WIDTH):
        t.enter(f"m{i}", move_class="capture" if i < 2 else "quiet")
        if i == 0:
            score = negamax(t, child(pos, i), depth - 1, -beta, -alpha)
        else:
            score = negamax(t, child(pos, i), depth - 1, -alpha - 1, -alpha)
            if alpha < -score < beta:  # PVS: it failed high, search again
                t.leave(score)
                t.research(-beta, -alpha)
                score = negamax(t, child(pos, i), depth - 1, -beta, -alpha)
        t.leave(score)
        best = max(best, -score)
        alpha = max(alpha, best)
        if alpha >= beta:
            t.cut()
            break
    t.tt_store("exact", best, depth)
    return best


with TraceWriter(sys.argv[1], game="random-6", variant="pvs", convention="negamax",
                 eval="hash", classes=("capture", "quiet")) as t:
    for depth in range(1, int(sys.argv[2]) + 1):
        t.iteration(depth)
        t.leave(negamax(t, 1, depth, -1000, 1000))
"""
"""The engine whose trace the version-2 case reads (the PVS example of docs/engines.md,
6 moves a position, with a table probe and store at every node)."""


def _stats_engine_trace(folder: Path, depth: int) -> Path:
    path = folder / f"engine-pvs-d{depth}.jsonl"
    if not path.exists():
        part = path.with_suffix(".part.jsonl")
        subprocess.run([sys.executable, "-c", _STATS_ENGINE, str(part), str(depth)], check=True,
                       env=_env())
        part.rename(path)
    return path


def _events(path: Path) -> int:
    with open(path, "rb") as handle:
        return sum(block.count(b"\n") for block in iter(lambda: handle.read(1 << 20), b"")) - 2


def _row(name: str, events: int, times: list[tuple[float, float]], base: float | None,
         startup: float = 0.0) -> dict[str, Any]:
    cpu = statistics.median(t for t, _ in times)
    wall = statistics.median(w for _, w in times)
    rate = events / cpu if cpu else float("inf")
    shown = f"{name:38s} {cpu:7.2f}s cpu {wall:7.2f}s wall {rate:11,.0f} events/s"
    if base is not None:
        net = events / max(cpu - startup, 1e-9)
        shown += f" ({net:,.0f} after start-up)  {cpu / base:5.1f}x the line count"
    print(shown)
    return {"name": name, "cpu": cpu, "wall": wall, "rate": rate}


def _measure(path: Path, *, rounds: int, commands: dict[str, tuple[list[str], bool]],
             folder: Path, once: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Each command ``rounds`` times (those named in ``once``: once, they take minutes)."""
    events = _events(path)
    size = path.stat().st_size
    print(f"{path.name}: {events:,} events, {size / 1e6:,.0f} MB; CPU seconds of a fresh "
          f"process, median of {rounds}")
    wc = [_timed(["wc", "-l", str(path)]) for _ in range(rounds)]
    count = [_timed([sys.executable, "-c", _COUNT_LINES, str(path)]) for _ in range(rounds)]
    started = [_timed([*_gametrace(), "--help"]) for _ in range(rounds)]
    rows = [_row("wc -l", events, wc, None), _row("Python line count", events, count, None)]
    startup = statistics.median(t for t, _ in started)
    print(f"{'start-up (gametrace --help)':38s} {startup:7.2f}s cpu")
    base = rows[1]["cpu"]
    for name, (command, pure) in commands.items():
        times = []
        for _ in range(1 if name in once else rounds):
            times.append(_timed(command, pure=pure))
            for leftover in folder.glob("*.index"):
                leftover.unlink()
        rows.append(_row(name, events, times, base, startup))
    return rows


DEEPENING, QUICK_DEEPENING = 9, 5
"""The depth of the iterative-deepening traces (Othello, PVS, aspiration windows)."""
ENGINE_PLIES, QUICK_ENGINE_PLIES = 10, 5
"""The plies of the engine stream (version 2): PVS by iterative deepening, 6 moves a node."""

_ENGINE = """
import sys
from tracer import TraceWriter

MASK = (1 << 64) - 1


def child(pos, i):
    return (pos * 6364136223846793005 + 1442695040888963407 + i) & MASK


def leaf(pos):
    return (((pos * 0x9E3779B97F4A7C15) & MASK) >> 58) - 32


def negamax(t, pos, depth, alpha, beta):
    if depth == 0:
        return leaf(pos)
    best = -1000
    for i in range(6):
        t.enter(f"m{i + 1}")
        if i == 0:
            score = negamax(t, child(pos, i), depth - 1, -beta, -alpha)
        else:
            score = negamax(t, child(pos, i), depth - 1, -alpha - 1, -alpha)
            if alpha < -score < beta:
                t.leave(score)
                t.research(-beta, -alpha)
                score = negamax(t, child(pos, i), depth - 1, -beta, -alpha)
        t.leave(score)
        best = max(best, -score)
        alpha = max(alpha, best)
        if alpha >= beta:
            t.cut()
            break
    return best


with TraceWriter(sys.argv[1], game="random-6", variant="pvs", convention="negamax",
                 eval="hash", position="1") as t:
    for depth in range(1, int(sys.argv[2]) + 1):
        t.iteration(depth)
        t.leave(negamax(t, 1, depth, -1000, 1000))
"""


def _deepening_trace(folder: Path, depth: int) -> Path:
    path = folder / f"othello-id-d{depth}.jsonl"
    if not path.exists():
        part = path.with_suffix(".part.jsonl")
        subprocess.run([*_gametrace(), "run", "othello", "--depth", str(depth), "-a",
                        "enhanced", "--variant", "pvs", "--technique", "id,aspiration",
                        "-o", str(part)], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, env=_env())
        part.rename(path)
    return path


def _engine_trace(folder: Path, plies: int) -> Path:
    path = folder / f"engine-pvs-{plies}.jsonl"
    if not path.exists():
        part = path.with_suffix(".part.jsonl")
        subprocess.run([sys.executable, "-c", _ENGINE, str(part), str(plies)], check=True,
                       env=_env())
        part.rename(path)
    return path


def deepening(*, quick: bool = False, folder: Path | None = None) -> list[dict[str, Any]]:
    """``regret`` and ``bisect`` on iterative deepening (version 1), and ``regret``,
    ``validate``, ``index`` and ``stats`` on an engine stream (version 2), each against
    counting its lines."""
    folder = folder or Path(os.environ.get("BENCH_READ_DIR")
                            or Path(tempfile.gettempdir()) / "gametrace-bench-read")
    folder.mkdir(parents=True, exist_ok=True)
    rounds = 1 if quick else ROUNDS
    g = _gametrace()
    ident = _deepening_trace(folder, QUICK_DEEPENING if quick else DEEPENING)
    engine = _engine_trace(folder, QUICK_ENGINE_PLIES if quick else ENGINE_PLIES)
    rows = _measure(ident, rounds=rounds, folder=folder, commands={
        "gametrace regret (iterative deepening)": ([*g, "regret", str(ident)], False),
        "gametrace bisect (id, with itself)": ([*g, "bisect", str(ident), str(ident)], False),
    })
    index = str(folder / "engine.index")
    rows += _measure(engine, rounds=rounds, folder=folder, commands={
        "gametrace regret (engine stream)": ([*g, "regret", str(engine)], False),
        "gametrace validate (engine stream)": ([*g, "validate", str(engine)], False),
        "gametrace index (engine stream)": ([*g, "index", "-q", str(engine), "-o", index],
                                            False),
        "gametrace stats (engine stream)": ([*g, "stats", str(engine)], False),
    })
    for row in (r for r in rows if r["name"].startswith("gametrace")):
        verdict = ("goal met" if row["rate"] >= GOAL
                   else f"gap: {GOAL / row['rate']:.1f}x short of {GOAL:,}/s")
        print(f"  {row['name']}: {row['rate']:,.0f} events/s, {verdict}")
    return rows


def main(*, quick: bool = False, folder: Path | None = None) -> dict[str, Any]:
    folder = folder or Path(os.environ.get("BENCH_READ_DIR")
                            or Path(tempfile.gettempdir()) / "gametrace-bench-read")
    folder.mkdir(parents=True, exist_ok=True)
    big_depth, small_depth = (QUICK_BIG, QUICK_SMALL) if quick else (BIG, SMALL)
    rounds = 1 if quick else ROUNDS
    g = _gametrace()
    big, small = _trace(folder, big_depth), _trace(folder, small_depth)
    index = str(folder / "t.index")
    slow = ("gametrace regret", "gametrace bisect (a trace and itself)", "gametrace index")
    rows = _measure(big, rounds=rounds, folder=folder, once=slow, commands={
        "gametrace stats": ([*g, "stats", str(big)], False),
        "gametrace regret": ([*g, "regret", str(big)], False),
        "gametrace bisect (a trace and itself)": ([*g, "bisect", str(big), str(big)], False),
        "gametrace index": ([*g, "index", "-q", str(big), "-o", index], False),
    })
    build_index_once = [*g, "index", "-q", str(big), "-o", index]
    subprocess.run(build_index_once, check=True, stdout=subprocess.DEVNULL, env=_env())
    cpu, wall = statistics.median(_timed([*g, "stats", index]) for _ in range(rounds))
    print(f"{'gametrace stats INDEX':38s} {cpu:7.2f}s cpu {wall:7.2f}s wall (the statistics "
          "stored in the index)")
    os.unlink(index)
    rows += _measure(small, rounds=rounds, folder=folder, commands={
        "gametrace stats": ([*g, "stats", str(small)], False),
        "gametrace stats, strict reader": ([*g, "stats", str(small)], True),
        "gametrace regret, strict reader": ([*g, "regret", str(small)], True),
        "gametrace validate": ([*g, "validate", str(small)], False),
    })
    engine = _index_engine_trace(folder, *(ENGINE_QUICK if quick else ENGINE))
    engine_rows = _measure(engine, rounds=1, folder=folder, commands={
        "gametrace index (engine stream)": ([*g, "index", "-q", str(engine), "-o", index],
                                            False),
    })
    rows += engine_rows
    stats_engine = _stats_engine_trace(folder, QUICK_ENGINE_DEPTH if quick else ENGINE_DEPTH)
    rows += _measure(stats_engine, rounds=rounds, folder=folder, commands={
        "gametrace stats, engine trace (v2)": ([*g, "stats", str(stats_engine)], False),
    })
    for row in [*rows[2:6], engine_rows[-1], rows[-1]]:
        verdict = ("goal met" if row["rate"] >= GOAL
                   else f"gap: {GOAL / row['rate']:.1f}x short of {GOAL:,}/s")
        print(f"  {row['name']}: {row['rate']:,.0f} events/s, {verdict}")
    rows += deepening(quick=quick, folder=folder)
    return {"rows": rows}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help=f"depth {QUICK_BIG} and {QUICK_SMALL}, one round")
    parser.add_argument("--deepening", action="store_true",
                        help="only iterative deepening and the engine stream")
    args = parser.parse_args()
    if args.deepening:
        deepening(quick=args.quick)
    else:
        main(quick=args.quick)
