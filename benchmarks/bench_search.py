"""Search speed measured fairly: tic-tac-toe against OpenSpiel and aima-python, the cost
of recording (and of ``--record counters`` and ``--capture``), Othello nodes per second
against a plain bitboard reference and against the code as it was before the speed work; how fast
``gametrace --help`` answers.

Fair means: every timed search runs on a fresh game object (``cold``: the tables a game
fills lazily start empty, as in a user's first search) in a process of its own
(benchmarks/worker.py), the libraries take turns round after round (the order rotates,
so a burst of load on this shared machine does not fall on one library), and each line
gives the median of the rounds with the fastest and slowest.  ``warm`` is the same
search repeated on the same game object, shown beside it for comparison only.  Ratios
compare medians of cold runs from this one run.

Run with ``make bench`` (which installs the peers into .venv-bench) or
``python benchmarks/run.py search``; ``BENCH_ROUNDS`` (default 5) sets the rounds and
``BENCH_JSON=FILE`` saves every measurement (benchmarks/plot.py draws docs/speed.svg
from it).
"""

from __future__ import annotations

import functools
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))
ROOT = Path(__file__).resolve().parent.parent
WORKER = Path(__file__).resolve().parent / "worker.py"
BASELINE = "83d1914"
"""The commit the speed work started from: the "before" of the goals."""

EMPTY = "." * 9
POSITIONS = (EMPTY, "x........", "....x....", "x...o....", "x...o...x", "xo..x....",
             "xo..x..o.", "xox.o....")
"""Tic-tac-toe start positions for the plot of time against nodes (X to move when the
counts of X and O are equal)."""


@functools.cache
def build() -> str:
    """Which streamed loops the recorded searches run: the compiled ones when
    ``tracer._lines`` (tracer/search/fast/_lines.c) was built at install time."""
    proc = subprocess.run([sys.executable, "-c", "import tracer._lines"], capture_output=True,
                          check=False)
    return "compiled build" if proc.returncode == 0 else "pure build: tracer._lines not built"


def baseline_tree(tmp: Path) -> Path | None:
    """The ``tracer`` package at BASELINE, unpacked into ``tmp``; None without git history."""
    proc = subprocess.run(["git", "-C", str(ROOT), "archive", BASELINE, "tracer"],
                          capture_output=True, check=False)
    if proc.returncode != 0:
        return None
    with tarfile.open(fileobj=BytesIO(proc.stdout)) as tar:
        tar.extractall(tmp, filter="data")
    return tmp


def run_worker(task: str, board: str, baseline: Path | None,
               pure: bool = False) -> dict[str, Any] | None:
    """One measurement in a fresh process; ``pure``: with ``GAMETRACE_PURE=1`` (the
    pure-Python streamed loops instead of the compiled ones)."""
    env = dict(os.environ)
    env.pop("GAMETRACE_BASELINE", None)
    env["GAMETRACE_PURE"] = "1" if pure else "0"
    if baseline is not None:
        env["GAMETRACE_BASELINE"] = str(baseline)
    proc = subprocess.run([sys.executable, str(WORKER), task, board], env=env,
                          capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        if "ModuleNotFoundError" in proc.stderr or "ImportError" in proc.stderr:
            return None
        raise RuntimeError(f"{task} {board}: {proc.stderr.strip().splitlines()[-1]}")
    out: dict[str, Any] = json.loads(proc.stdout)
    return out


class Table:
    """Measurements by (name, board): interleaved rounds of fresh processes."""

    def __init__(self, baseline: Path | None) -> None:
        self.baseline = baseline
        self.runs: dict[tuple[str, str], list[dict[str, Any]]] = {}
        self.missing: set[str] = set()

    def measure(self, names: list[str], boards: tuple[str, ...], rounds: int) -> None:
        jobs = [(n, b) for b in boards for n in names]
        for r in range(rounds):
            shift = r % len(jobs)
            for name, board in jobs[shift:] + jobs[:shift]:
                if name in self.missing:
                    continue
                base = name.startswith("before-")
                if base and self.baseline is None:
                    self.missing.add(name)
                    continue
                task = name.removeprefix("before-").removesuffix("-pure")
                got = run_worker(task, board, self.baseline if base else None,
                                 pure=name.endswith("-pure"))
                if got is None:
                    self.missing.add(name)
                else:
                    self.runs.setdefault((name, board), []).append(got)

    def cold(self, name: str, board: str = EMPTY) -> float | None:
        runs = self.runs.get((name, board))
        return statistics.median(r["cold"] for r in runs) if runs else None

    def nodes(self, name: str, board: str = EMPTY) -> int | None:
        runs = self.runs.get((name, board))
        return runs[0]["nodes"] if runs else None

    def row(self, label: str, name: str, reference: str | None, note: str = "") -> str:
        runs = self.runs.get((name, EMPTY))
        if not runs:
            return f"  {label:<40} {'n/a':>8}  not installed (make bench installs it)"
        cold = sorted(r["cold"] for r in runs)
        warm = statistics.median(r["warm"] for r in runs)
        median = statistics.median(cold)
        ref = self.cold(reference) if reference else None
        ratio = f"{median / ref:5.2f}x" if ref else ""
        return (f"  {label:<36} {median:7.4f}s [{cold[0]:.4f}-{cold[-1]:.4f}] {ratio:>6}"
                f"  warm {warm:.4f}s  {note}")

    def to_json(self) -> list[dict[str, Any]]:
        return [{"name": n, "board": b, **r} for (n, b), runs in self.runs.items() for r in runs]


def goal(text: str, have: float | None, need: float, *, at_most: bool = False) -> str:
    if have is None:
        return f"  {text}: not measured"
    met = have <= need if at_most else have >= need
    bound = "<=" if at_most else ">="
    verdict = "met" if met else f"NOT MET, gap: {have:.2f}x against {need:.2f}x"
    return f"  {text}: {have:.2f}x (goal {bound} {need:.2f}x) {verdict}"


def ratio(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else a / b


def tictactoe(t: Table) -> None:
    names = ["ours-minimax", "openspiel-minimax", "aima-minimax", "ours-alphabeta",
             "openspiel-alphabeta", "aima-alphabeta", "ours-minimax-jsonl",
             "ours-minimax-jsonl-pure", "before-ours-minimax", "before-ours-alphabeta"]
    t.measure(names, (EMPTY,), ROUNDS)
    nodes = t.nodes("ours-minimax")
    print(f"full tic-tac-toe from the empty board ({nodes:,} nodes for minimax): CPU seconds "
          f"of the search, one fresh process and game each, median [min-max] of {ROUNDS} "
          "interleaved rounds; ratio = time / ours")
    print(t.row("ours minimax", "ours-minimax", "ours-minimax"))
    print(t.row("OpenSpiel 2.0.2 expectiminimax", "openspiel-minimax", "ours-minimax"))
    print(t.row("aima-python minimax_decision", "aima-minimax", "ours-minimax"))
    print(t.row(f"ours minimax before ({BASELINE})", "before-ours-minimax", "ours-minimax"))
    print(t.row("ours alpha-beta", "ours-alphabeta", "ours-alphabeta",
                f"{t.nodes('ours-alphabeta'):,} nodes"))
    print(t.row("OpenSpiel 2.0.2 alpha_beta_search", "openspiel-alphabeta", "ours-alphabeta"))
    print(t.row("aima-python alphabeta_search", "aima-alphabeta", "ours-alphabeta"))
    print(t.row(f"ours alpha-beta before ({BASELINE})", "before-ours-alphabeta",
                "ours-alphabeta"))
    print(t.row("ours minimax recorded to JSONL", "ours-minimax-jsonl", "ours-minimax",
                f"temp file, fsync, rename; {build()}"))
    print(t.row("  the same, pure-Python build", "ours-minimax-jsonl-pure", "ours-minimax",
                "GAMETRACE_PURE=1"))


def othello(t: Table) -> None:
    names = ["ours-othello", "ours-othello-jsonl", "reference-othello",
             "before-ours-othello", "before-ours-othello-jsonl"]
    t.measure(names, (EMPTY,), 2 * ROUNDS)  # short searches: more rounds
    nodes = t.nodes("ours-othello") or 0
    print(f"\nOthello alpha-beta to depth 6 from the start ({nodes:,} nodes), CPU seconds, "
          f"median [min-max] of {2 * ROUNDS} rounds; ratio = time / ours untraced")
    for label, name in (("ours untraced", "ours-othello"),
                        ("ours traced to JSONL", "ours-othello-jsonl"),
                        ("plain Python bitboard reference", "reference-othello"),
                        (f"ours untraced before ({BASELINE})", "before-ours-othello"),
                        (f"ours traced before ({BASELINE})", "before-ours-othello-jsonl")):
        cold = t.cold(name)
        rate = f"{nodes / cold:,.0f} nodes/s" if cold else ""
        print(t.row(label, name, "ours-othello", rate))


COUNTER_CASES = {"tictactoe": ({}, None), "othello": ({}, 5)}
"""The searches ``--record counters`` is timed on: full tic-tac-toe and Othello to depth
5, fail-soft alpha-beta from the start."""


def counters_worker(case: str, rounds: int) -> dict[str, Any]:
    """In this process: the untraced search and the counting one (``--record
    counters``), each ``rounds`` times in turn on a fresh game, best CPU time of each."""
    from tracer.analysis.stats import count_search
    from tracer.games.registry import make_game
    from tracer.search import alpha_beta
    from tracer.spec import SearchSpec

    params, depth = COUNTER_CASES[case]
    spec = SearchSpec.make(algorithm="alphabeta", depth=depth)
    best = {"untraced": float("inf"), "counters": float("inf")}
    nodes = 0
    for _ in range(rounds):
        for kind in best:
            game, state, _ = make_game(case, params)
            start = time.process_time()
            if kind == "untraced":
                nodes = alpha_beta(game, state, depth=depth).stats.nodes_visited
            else:
                count_search(game, state, spec=spec, name=case)
            best[kind] = min(best[kind], time.process_time() - start)
    return {"nodes": nodes, **best}


def counters(rounds: int = 5) -> None:
    """``--record counters`` against untraced: the goal is at most 10% slower."""
    print(f"\n--record counters against untraced, fail-soft alpha-beta, CPU seconds, best of "
          f"{rounds}, the two in turn in one fresh process per case")
    print(f"  {'case':<34} {'untraced':>9} {'counters':>9} {'ratio':>6}")
    for case, (_, depth) in COUNTER_CASES.items():
        proc = subprocess.run([sys.executable, __file__, "counters", case, str(rounds)],
                              capture_output=True, text=True, check=True)
        got = json.loads(proc.stdout)
        label = f"{case} {'full' if depth is None else f'depth {depth}'} ({got['nodes']:,} nodes)"
        have = got["counters"] / got["untraced"]
        print(f"  {label:<34} {got['untraced']:9.4f} {got['counters']:9.4f} {have:5.2f}x  "
              + goal("goal", have, 1.10, at_most=True).strip().removeprefix("goal: "))


CAPTURE_DEPTH = 6
"""Othello is searched this deep (fail-soft alpha-beta from the start) to time capture."""


def capture_path_of(game: Any, state: Any, plies: int) -> str:
    """A deep path every search reaches: the root's second move, then first moves."""
    moves = []
    for i in range(plies):
        action = game.actions(state)[1 if i == 0 else 0]
        moves.append(game.move_name(state, action))
        state = game.result(state, action)
    return "/".join(moves)


def capture_worker(rounds: int) -> dict[str, Any]:
    """In this process: Othello untraced, with ``--capture`` of a deep path, with
    ``--capture-when``, and recorded in full to a JSONL file, each ``rounds`` times in
    turn on a fresh game, best CPU time of each."""
    from tracer.games.registry import make_game
    from tracer.record import FileRecorder
    from tracer.search import alpha_beta
    from tracer.search.capture import PathCapture, WhenCapture, resolve_path
    from tracer.search.condition import parse_condition

    game, state, _ = make_game("othello", {})
    path = capture_path_of(game, state, 4)
    best = {"untraced": float("inf"), "capture": float("inf"),
            "capture-when": float("inf"), "full": float("inf")}
    sizes: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(rounds):
            for kind in best:
                game, state, _ = make_game("othello", {})
                start = time.process_time()
                if kind == "untraced":
                    nodes = alpha_beta(game, state, depth=CAPTURE_DEPTH).stats.nodes_visited
                elif kind == "capture":
                    recorder = PathCapture(resolve_path(game, state, path))
                    alpha_beta(game, state, depth=CAPTURE_DEPTH, recorder=recorder)
                    sizes["capture"] = len(recorder.trace(None).events)
                elif kind == "capture-when":
                    kept: list[Any] = []
                    when = WhenCapture(parse_condition("cut.rank > 3"), sink=kept.append,
                                       captures=5, max_bytes=64 * 10**6, named=False)
                    alpha_beta(game, state, depth=CAPTURE_DEPTH, recorder=when)
                    sizes["capture-when"] = when.tally.matched
                else:
                    with FileRecorder(Path(tmp) / "full.jsonl") as full:
                        alpha_beta(game, state, depth=CAPTURE_DEPTH, recorder=full)
                best[kind] = min(best[kind], time.process_time() - start)
    return {"nodes": nodes, "path": path, "events": sizes.get("capture", 0),
            "matched": sizes.get("capture-when", 0), **best}


def capture(rounds: int = 5) -> None:
    """``--capture`` of a deep path and ``--capture-when`` against untraced and full."""
    proc = subprocess.run([sys.executable, __file__, "capture", str(rounds)],
                          capture_output=True, text=True, check=True)
    got = json.loads(proc.stdout)
    print(f"\ncapture, Othello depth {CAPTURE_DEPTH} fail-soft alpha-beta "
          f"({got['nodes']:,} nodes), CPU seconds, best of {rounds}, in turn in one fresh "
          "process")
    print(f"  {'recording':<44} {'seconds':>8} {'/ untraced':>10} {'/ full':>7}")
    rows = (("untraced", "untraced"),
            ("capture", f"--capture {got['path']} ({got['events']:,} events)"),
            ("capture-when", f"--capture-when 'cut.rank > 3' ({got['matched']} matched)"),
            ("full", "--record full to JSONL"))
    for key, label in rows:
        print(f"  {label:<44} {got[key]:8.4f} {got[key] / got['untraced']:9.2f}x "
              f"{got[key] / got['full']:6.2f}x")


def goals(t: Table) -> None:
    print("\ngoals, cold medians of this run:")
    for algo, label in (("minimax", "full minimax"), ("alphabeta", "full alpha-beta")):
        ours = t.cold(f"ours-{algo}")
        print(goal(f"{label} vs OpenSpiel", ratio(t.cold(f"openspiel-{algo}"), ours), 1.5))
        print(goal(f"{label} vs aima-python", ratio(t.cold(f"aima-{algo}"), ours), 4.0))
    print(goal(f"recording full minimax to JSONL / untraced ({build()})",
               ratio(t.cold("ours-minimax-jsonl"), t.cold("ours-minimax")), 2.0, at_most=True))
    print(goal("Othello nodes/s untraced vs before",
               ratio(t.cold("before-ours-othello"), t.cold("ours-othello")), 2.0))
    print(goal("Othello nodes/s traced vs before",
               ratio(t.cold("before-ours-othello-jsonl"), t.cold("ours-othello-jsonl")), 2.0))


def positions(t: Table) -> None:
    """The searches of the plot: several start positions, fewer rounds."""
    names = ["ours-minimax", "openspiel-minimax", "aima-minimax",
             "ours-alphabeta", "openspiel-alphabeta", "aima-alphabeta"]
    t.measure(names, POSITIONS[1:], max(1, ROUNDS // 2))


def help_latency() -> None:
    def median_start(*command: str) -> float:
        times = []
        for _ in range(5):
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True)
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    bare = median_start(sys.executable, "-c", "pass")
    helped = median_start(str(Path(sys.executable).with_name("gametrace")), "--help")
    print(f"\ngametrace --help: median of 5 {helped:.3f}s wall (target < 0.200s); "
          f"python -c pass {bare:.3f}s for scale")


def main() -> None:
    load = os.getloadavg()[0]
    print(f"load average at start: {load:.1f} on {os.cpu_count()} cores"
          + (" (a loaded machine: trust the ratios more than the seconds)" if load > 1 else ""))
    with tempfile.TemporaryDirectory() as tmp:
        table = Table(baseline_tree(Path(tmp)))
        if table.baseline is None:
            print(f"(no git history: the 'before' rows need commit {BASELINE})")
        tictactoe(table)
        othello(table)
        counters(ROUNDS)
        capture(ROUNDS)
        goals(table)
        out = os.environ.get("BENCH_JSON")
        if out:
            positions(table)
            Path(out).write_text(json.dumps(table.to_json(), indent=1) + "\n")
            print(f"\nevery measurement written to {out}")
    help_latency()


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    if sys.argv[1:] == ["counters"]:  # only the counters table
        counters(ROUNDS)
    elif sys.argv[1:2] == ["counters"]:  # counters_worker, in a process of its own
        print(json.dumps(counters_worker(sys.argv[2], int(sys.argv[3]))))
    elif sys.argv[1:] == ["capture"]:  # only the capture table
        capture(ROUNDS)
    elif sys.argv[1:2] == ["capture"]:  # capture_worker, in a process of its own
        print(json.dumps(capture_worker(int(sys.argv[2]))))
    else:
        main()
