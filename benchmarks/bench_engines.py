"""Engines: what recording costs at engine depths, and what our alpha-beta over
python-chess costs against one written directly over python-chess.

1. Recording levels: fail-soft alpha-beta (natural order) untraced, with ``--record
   counters`` (:func:`tracer.analysis.stats.count_search`, what ``gametrace run
   --record counters`` runs) and recorded in full to a ``.jsonl`` file (what ``gametrace
   run -o F.jsonl`` runs), on Othello from the start at depth 8, chess from the start at
   depth 4 and chess from a middlegame at depth 4 (:data:`MIDDLEGAME`).  The goal of the
   engine flight recorder: counters at most 1.10 x untraced.
2. Nodes per second: our alpha-beta over the chess adapter (``gametrace run chess``
   untraced) against :func:`plain_alpha_beta`, a plain fail-soft alpha-beta written
   directly over python-chess (make and unmake moves on one board) with the same move
   order (python-chess's generation order), the same evaluation (the adapter's
   material + piece-square) and the same leaf test; both must visit the same number of
   nodes and find the same value, which is checked.
3. What counting by move class would add to ``--record counters`` in chess: the plain
   search again, classifying every move it searches (promotion, capture, check, quiet:
   ``gives_check`` is the dear part), as the counting loops would have to.

Times are CPU seconds of this process (``time.process_time``: the machine is shared, and
CPU time is what the other engineers' load disturbs least), the best of
``BENCH_REPEAT`` (default 3) runs, each on a fresh game object, the levels taking turns;
ratios compare them within this one run.  ``--quick`` (or ``BENCH_QUICK=1``): shallow
depths, one run each, for a look at the table's shape in seconds.

Run with ``make bench`` or ``python benchmarks/run.py engines``.
"""

from __future__ import annotations

import math
import os
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from timing import row

from tracer.analysis.stats import count_search
from tracer.games.registry import make_game
from tracer.record import FileRecorder
from tracer.search import run_search
from tracer.spec import SearchSpec

REPEAT = int(os.environ.get("BENCH_REPEAT", "3"))
GOAL = 1.10
"""Counters at most this many times untraced."""

MIDDLEGAME = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2BPP3/2P2N2/PP3PPP/RNBQK2R b KQkq d3 0 5"
"""The Giuoco Piano after 1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.c3 Nf6 5.d4, Black to move:
open lines, captures and checks at every ply."""

MIDDLEGAME_NAME = "Giuoco Piano, 5.d4"


@dataclass(frozen=True)
class Position:
    """What a row searches: a game, its parameters, a depth."""

    title: str
    game: str
    params: dict[str, str]
    depth: int


def positions(quick: bool) -> list[Position]:
    return [Position("Othello from the start", "othello", {}, 4 if quick else 8),
            Position("chess from the start", "chess", {}, 2 if quick else 4),
            Position(f"chess, {MIDDLEGAME_NAME}", "chess", {"fen": MIDDLEGAME},
                     2 if quick else 4)]


def cpu_best(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """The least CPU time of ``repeat`` runs of ``fn``, and its last answer."""
    best, out = math.inf, None
    for _ in range(repeat):
        start = time.process_time()
        out = fn()
        best = min(best, time.process_time() - start)
    return best, out


# --- 1. recording levels ------------------------------------------------------------------

def _untraced(p: Position) -> Any:
    game, state, block = make_game(p.game, p.params)
    return run_search(game, state, algorithm="alphabeta", depth=p.depth, source=block)


def _counters(p: Position) -> Any:
    game, state, block = make_game(p.game, p.params)
    spec = SearchSpec.make(algorithm="alphabeta", depth=p.depth)
    return count_search(game, state, spec=spec, name=p.game, source=block)[1]


def _full(p: Position, folder: Path) -> Any:
    game, state, block = make_game(p.game, p.params)
    with FileRecorder(folder / "trace.jsonl") as rec:
        return run_search(game, state, algorithm="alphabeta", depth=p.depth, recorder=rec,
                          source=block)


def recording(ps: list[Position], repeat: int) -> dict[str, float]:
    """Print the recording levels' table; return each position's counters ratio."""
    print(f"\nrecording levels: fail-soft alpha-beta, natural order; CPU seconds, best of "
          f"{repeat}; ratio = time / untraced (goal for counters: <= {GOAL:.2f}x)")
    ratios: dict[str, float] = {}
    for p in ps:  # warm up: each game's module and tables loaded before any timing
        _untraced(Position(p.title, p.game, p.params, 1))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for p in ps:
            levels: dict[str, Callable[[], Any]] = {
                "untraced": lambda p=p: _untraced(p),
                "counters": lambda p=p: _counters(p),
                "full (.jsonl)": lambda p=p: _full(p, folder)}
            times: dict[str, float] = {name: math.inf for name in levels}
            results: dict[str, Any] = {}
            for r in range(repeat):  # the levels take turns, round after round
                names = list(levels)
                names = names[r % len(names):] + names[:r % len(names)]
                for name in names:
                    seconds, results[name] = cpu_best(levels[name], 1)
                    times[name] = min(times[name], seconds)
            nodes = {name: res.stats.nodes_visited for name, res in results.items()}
            assert len(set(nodes.values())) == 1, (p.title, nodes)
            size = (folder / "trace.jsonl").stat().st_size
            print(f"\n{p.title}, depth {p.depth}: {nodes['untraced']:,} nodes")
            for name in levels:
                note = ""
                if name == "counters":
                    ratio = times[name] / times["untraced"]
                    ratios[p.title] = ratio
                    note = "meets the goal" if ratio <= GOAL else \
                        f"gap: {ratio:.2f}x > {GOAL:.2f}x"
                if name.startswith("full"):
                    note = f"{size / 1e6:.1f} MB of trace"
                print(row(f"  {name}", times[name], times["untraced"], note))
    return ratios


# --- 2. nodes per second against a plain alpha-beta over python-chess ---------------------

def plain_alpha_beta(fen: str, depth: int, *, classify: bool = False
                     ) -> tuple[float, int, dict[str, int]]:
    """Fail-soft alpha-beta written directly over python-chess: one board, moves made
    and unmade, White maximising; a node is a leaf when the game is over (``outcome``)
    or at ``depth``.  The evaluation is the chess adapter's own (material and
    piece-square tables), so that the values and node counts can be compared.  Returns
    the value, the nodes visited and, with ``classify``, the moves searched by class."""
    import chess

    from tracer.games.chess_adapter import MATE, Chess, move_class

    evaluate = Chess().evaluate
    board = chess.Board() if fen == "startpos" else chess.Board(fen)
    nodes = 0
    classes: dict[str, int] = {}

    def search(ply: int, alpha: float, beta: float) -> float:
        nonlocal nodes
        nodes += 1
        outcome = board.outcome()
        if outcome is not None:
            if outcome.winner is None:
                return 0
            score = MATE - board.ply()
            return score if outcome.winner else -score
        if ply == depth:
            return evaluate(board)
        maximising = board.turn
        best = -math.inf if maximising else math.inf
        for move in list(board.legal_moves):
            if classify:
                name = move_class(board, move)
                classes[name] = classes.get(name, 0) + 1
            board.push(move)
            value = search(ply + 1, alpha, beta)
            board.pop()
            if maximising:
                if value > best:
                    best = value
                if best >= beta:
                    return best
                alpha = max(alpha, best)
            else:
                if value < best:
                    best = value
                if best <= alpha:
                    return best
                beta = min(beta, best)
        return best

    value = search(0, -math.inf, math.inf)
    return value, nodes, classes


def against_plain(ps: list[Position], repeat: int) -> None:
    print(f"\nnodes per second over python-chess, untraced; CPU seconds, best of {repeat}; "
          "ratio = time / the plain alpha-beta")
    for p in (p for p in ps if p.game == "chess"):
        fen = p.params.get("fen", "startpos")
        plain_s, (plain_value, plain_nodes, _) = cpu_best(
            lambda f=fen, d=p.depth: plain_alpha_beta(f, d), repeat)
        ours_s, ours = cpu_best(lambda p=p: _untraced(p), repeat)
        classed_s, (_, _, classes) = cpu_best(
            lambda f=fen, d=p.depth: plain_alpha_beta(f, d, classify=True), repeat)
        ok = ours.stats.nodes_visited == plain_nodes and ours.value == plain_value
        assert ok, (p.title, ours.stats.nodes_visited, plain_nodes, ours.value, plain_value)
        print(f"\n{p.title}, depth {p.depth}: {plain_nodes:,} nodes both, value "
              f"{plain_value} both")
        print(row("  plain alpha-beta over python-chess", plain_s, plain_s,
                  f"{plain_nodes / plain_s:,.0f} nodes/s"))
        print(row("  gametrace run chess (untraced)", ours_s, plain_s,
                  f"{plain_nodes / ours_s:,.0f} nodes/s"))
        print(row("  plain, every move searched classified", classed_s, plain_s,
                  ", ".join(f"{k} {n:,}" for k, n in sorted(classes.items()))))


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    quick = "--quick" in args or os.environ.get("BENCH_QUICK") == "1"
    repeat = 1 if quick else REPEAT
    ps = positions(quick)
    ratios = recording(ps, repeat)
    against_plain(ps, repeat)
    over = [f"{title} {r:.2f}x" for title, r in ratios.items() if r > GOAL]
    print("\ncounters against untraced: " + (
        f"gap, over {GOAL:.2f}x: {', '.join(over)}" if over else
        f"every position within {GOAL:.2f}x"))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
