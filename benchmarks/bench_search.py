"""Search speed: tic-tac-toe against aima-python, OpenSpiel and easyAI; the cost of
recording; Othello nodes per second; how fast ``gametrace --help`` answers.

Run with ``make bench`` (which installs the peers into .venv-bench) or
``python benchmarks/run.py search``.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nohooks
import peers
from timing import best_of, row

from tracer.games.registry import make_game
from tracer.record import FileRecorder
from tracer.search import alpha_beta, minimax

REPEAT = int(os.environ.get("BENCH_REPEAT", "3"))
ROOT = Path(__file__).resolve().parent.parent


def tictactoe_vs_peers() -> None:
    game, state, _ = make_game("tictactoe", {})
    ours, result = best_of(lambda: minimax(game, state), REPEAT)
    assert result.stats.nodes_visited == 549_946 and result.value == 0
    print("full minimax of tic-tac-toe from the empty board (549,946 nodes), search only,"
          f" best of {REPEAT}; ratio = time / ours")
    print(row("gametree-tracer minimax (untraced)", ours, ours))
    ab, _ = best_of(lambda: alpha_beta(game, state), REPEAT)
    print(row("gametree-tracer alpha-beta (untraced)", ab, ours, "compare with easyAI"))
    targets = {"aima-python minimax_decision": "target: >= 2.50x",
               "OpenSpiel 2.0.2 Python minimax (C++ game)": "target: >= 1.00x"}
    for name, measured in peers.measure(REPEAT).items():
        if measured is None:
            print(row(name, None, None, "not installed (make bench installs it)"))
        else:
            print(row(name, measured[0], ours, targets.get(name, "")))


def recording_cost() -> None:
    game, state, _ = make_game("tictactoe", {})
    bare = nohooks.load()
    bare_registry = importlib.import_module("tracer_nohooks.games.registry")
    bare_search = importlib.import_module("tracer_nohooks.search")
    bare_game, bare_state, _ = bare_registry.make_game("tictactoe", {})
    untraced, _ = best_of(lambda: minimax(game, state), REPEAT)
    no_hooks, _ = best_of(lambda: bare_search.minimax(bare_game, bare_state), REPEAT)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "ttt.jsonl"

        def traced() -> None:
            with FileRecorder(out) as rec:
                minimax(game, state, recorder=rec)

        recorded, _ = best_of(traced, REPEAT)
        size = out.stat().st_size
    print("\nthe cost of recording (full tic-tac-toe minimax); ratio = time / no hooks")
    print(row("same search with the hooks removed", no_hooks, no_hooks,
              f"({bare.STRIPPED_FILES} files stripped)"))
    print(row("recording off (null recorder)", untraced, no_hooks, "target: <= 1.10x"))
    print(row(f"recording to JSONL ({size / 1e6:.0f} MB)", recorded, no_hooks,
              f"{recorded / untraced:.2f}x the untraced run; target: <= 3.00x"))


def othello() -> None:
    game, state, _ = make_game("othello", {})
    untraced, result = best_of(lambda: alpha_beta(game, state, depth=6), REPEAT)
    nodes = result.stats.nodes_visited
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "o.jsonl"

        def traced() -> None:
            with FileRecorder(out) as rec:
                alpha_beta(game, state, depth=6, recorder=rec)

        recorded, _ = best_of(traced, REPEAT)
    print(f"\nOthello, alpha-beta to depth 6 from the start ({nodes:,} nodes)")
    print(row("untraced", untraced, untraced, f"{nodes / untraced:,.0f} nodes/s"))
    print(row("traced to JSONL", recorded, untraced, f"{nodes / recorded:,.0f} nodes/s"))


def help_latency() -> None:
    exe = Path(sys.executable).with_name("gametrace")
    times = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([str(exe), "--help"], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    python = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True, capture_output=True)
        python.append(time.perf_counter() - start)
    print("\ngametrace --help, best of 5 (a bare Python start-up for scale)")
    print(row("python -c pass", min(python), None))
    print(row("gametrace --help", min(times), None, "target: < 0.200s"))


def main() -> None:
    tictactoe_vs_peers()
    recording_cost()
    othello()
    help_latency()


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
