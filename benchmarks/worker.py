"""One timed search in a process of its own: ``python benchmarks/worker.py TASK [BOARD]``.

The fair benchmark (bench_search.py) starts this script once per measurement, so that
no library profits from another's warm caches or from an earlier round.  It builds a
fresh game object, times the first search on it (``cold``: every table the game fills
lazily is empty, as for a user's first search), then times the same search again on
the same object (``warm``), and prints one JSON line::

    {"cold": 0.61, "warm": 0.55, "cold_wall": 0.63, "warm_wall": 0.56,
     "nodes": 549946, "value": 0}

``cold`` and ``warm`` are CPU seconds of this process (``time.process_time``): on a
shared machine the time spent waiting for a core is not the library's; the wall-clock
times are kept beside them.

``nodes`` is the number of positions the search visited where the library says so (our
stats; the reference Othello counts its own), else null.  ``BOARD`` is a tic-tac-toe
start position in the ``board=`` notation of ``gametrace run tictactoe`` (9 characters
x, o, '.'; X moves first).  With ``GAMETRACE_BASELINE=DIR`` in the environment, ``ours``
means the copy of the ``tracer`` package in DIR (the code as it was before the speed work).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
EMPTY = "." * 9

Search = Callable[[], tuple[Any, int | None]]
"""Runs one search; returns (value, nodes visited or None)."""


def _ours(algorithm: str, board: str, *, record: bool = False) -> Callable[[], Search]:
    def fresh() -> Search:
        from tracer.games.registry import make_game
        from tracer.record import FileRecorder
        from tracer.search import alpha_beta, minimax

        game, state, _ = make_game("tictactoe", {"board": board})
        search = minimax if algorithm == "minimax" else alpha_beta

        def run() -> tuple[Any, int | None]:
            if not record:
                result = search(game, state)
            else:
                with tempfile.TemporaryDirectory() as tmp, \
                        FileRecorder(Path(tmp) / "t.jsonl") as rec:
                    result = search(game, state, recorder=rec)
            return result.value, result.stats.nodes_expanded + result.stats.leaves_evaluated

        return run

    return fresh


def _othello(*, record: bool = False) -> Callable[[], Search]:
    def fresh() -> Search:
        from tracer.games.registry import make_game
        from tracer.record import FileRecorder
        from tracer.search import alpha_beta

        game, state, _ = make_game("othello", {})

        def run() -> tuple[Any, int | None]:
            if not record:
                result = alpha_beta(game, state, depth=6)
            else:
                with tempfile.TemporaryDirectory() as tmp, \
                        FileRecorder(Path(tmp) / "o.jsonl") as rec:
                    result = alpha_beta(game, state, depth=6, recorder=rec)
            return result.value, result.stats.nodes_expanded + result.stats.leaves_evaluated

        return run

    return fresh


def _reference_othello() -> Search:
    import reference_othello

    def run() -> tuple[Any, int | None]:
        return reference_othello.search(6)

    return run


def _spiel_state(board: str) -> Any:
    import pyspiel

    game = pyspiel.load_game("tic_tac_toe")
    state = game.new_initial_state()
    xs = [i for i, c in enumerate(board) if c == "x"]
    os_ = [i for i, c in enumerate(board) if c == "o"]
    for i in range(len(xs) + len(os_)):  # X and O alternate, X first
        state.apply_action(xs[i // 2] if i % 2 == 0 else os_[i // 2])
    return game, state


def _open_spiel(algorithm: str, board: str) -> Callable[[], Search]:
    def fresh() -> Search:
        from open_spiel.python.algorithms.minimax import alpha_beta_search, expectiminimax

        game, state = _spiel_state(board)

        def run() -> tuple[Any, int | None]:
            if algorithm == "minimax":
                return expectiminimax(state, 9, None, 0)[0], None
            return alpha_beta_search(game, state, maximizing_player_id=0)[0], None

        return run

    return fresh


def _aima(algorithm: str, board: str) -> Callable[[], Search]:
    def fresh() -> Search:
        from aima3.games import GameState, TicTacToe, alphabeta_search, minimax_decision

        game = TicTacToe()
        # aima's squares are (x, y) = (column, row), both from 1; X moves first.
        cells = {(i % 3 + 1, i // 3 + 1): c.upper() for i, c in enumerate(board) if c != "."}
        mover = "X" if sum(c == "x" for c in board) == sum(c == "o" for c in board) else "O"
        moves = [m for m in game.initial.moves if m not in cells]
        state = GameState(to_move=mover, utility=0, board=cells, moves=moves)
        search = minimax_decision if algorithm == "minimax" else alphabeta_search

        def run() -> tuple[Any, int | None]:
            return search(state, game), None

        return run

    return fresh


def tasks(board: str) -> dict[str, Callable[[], Search]]:
    """Every measurement this script can make, by name."""
    return {
        "ours-minimax": _ours("minimax", board),
        "ours-alphabeta": _ours("alphabeta", board),
        "ours-minimax-jsonl": _ours("minimax", board, record=True),
        "openspiel-minimax": _open_spiel("minimax", board),
        "openspiel-alphabeta": _open_spiel("alphabeta", board),
        "aima-minimax": _aima("minimax", board),
        "aima-alphabeta": _aima("alphabeta", board),
        "ours-othello": _othello(),
        "ours-othello-jsonl": _othello(record=True),
        "reference-othello": _reference_othello,
    }


def measure(task: str, board: str = EMPTY) -> dict[str, Any]:
    fresh = tasks(board)[task]
    sys.setrecursionlimit(10_000)
    run = fresh()
    start, cpu = time.perf_counter(), time.process_time()
    value, nodes = run()
    cold, cold_cpu = time.perf_counter() - start, time.process_time() - cpu
    start, cpu = time.perf_counter(), time.process_time()
    run()  # the same search again on the same game object: its tables are warm
    out: dict[str, Any] = {"cold": cold_cpu, "warm": time.process_time() - cpu,
                           "cold_wall": cold, "warm_wall": time.perf_counter() - start}
    out["nodes"] = nodes
    out["value"] = value if isinstance(value, int | float | str | None) else str(value)
    return out


def main() -> int:
    sys.path.insert(0, str(HERE))
    baseline = os.environ.get("GAMETRACE_BASELINE")
    if baseline:
        sys.path.insert(0, baseline)
    board = sys.argv[2] if len(sys.argv) > 2 else EMPTY
    print(json.dumps(measure(sys.argv[1], board)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
