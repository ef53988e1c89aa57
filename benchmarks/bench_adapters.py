"""Adapters: our searches over python-chess and pyspiel against searches written directly
over each library.

1. Chess: fail-soft alpha-beta over the chess adapter (``gametrace run chess``, untraced)
   against :func:`bench_engines.plain_alpha_beta`, a plain fail-soft alpha-beta over one
   python-chess board (moves made and unmade) with the same move order, evaluation and
   leaf test.
2. OpenSpiel: our alpha-beta over ``openspiel:connect_four`` on a 4 x 4 board (the game
   takes ``rows=4,columns=4``), searched to the end, against OpenSpiel's own
   ``open_spiel.python.algorithms.minimax.alpha_beta_search``; and our expectiminimax
   over ``openspiel:pig`` made finite (:data:`PIG`), searched to the end, against
   OpenSpiel's ``expectiminimax`` with a depth beyond the game's end (so its value
   function, which it requires, is never called).  Our expectiminimax sums exact
   fractions (the trace says ``11/3``), OpenSpiel's floats: the values agree to 1e-9.

Each pair must visit the same number of nodes and find the same value, which is checked:
OpenSpiel's searches count no nodes, so they are counted once more with their recursive
function wrapped (that run is not timed).  Times are CPU seconds of this process, the
best of ``BENCH_REPEAT`` (default 3) runs taking turns; ratio = ours / theirs, so below
1.00 is faster.  ``--quick`` (or ``BENCH_QUICK=1``): one run each at smaller sizes.

Run with ``make bench`` or ``python benchmarks/run.py adapters``.
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench_engines import MIDDLEGAME, MIDDLEGAME_NAME, plain_alpha_beta
from timing import row

from tracer.games.registry import make_game
from tracer.search import run_search

REPEAT = int(os.environ.get("BENCH_REPEAT", "3"))
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
"""Peter McKenzie's position 2 of the perft tables: 48 moves for White."""
PIG = {"winscore": 8, "horizon": 6}
"""Pig to 8 points, at most 6 turns: a finite game, 17,332 nodes."""


def taking_turns(runs: dict[str, Callable[[], Any]], repeat: int
                 ) -> tuple[dict[str, float], dict[str, Any]]:
    """The least CPU time of each run over ``repeat`` rounds (the runs take turns), and
    each run's last answer."""
    best = {name: math.inf for name in runs}
    out: dict[str, Any] = {}
    for _ in range(repeat):
        for name, fn in runs.items():
            start = time.process_time()
            out[name] = fn()
            best[name] = min(best[name], time.process_time() - start)
    return best, out


def _ours(name: str, params: dict[str, str], algorithm: str, depth: int | None,
          **options: Any) -> Any:
    game, state, block = make_game(name, params)
    return run_search(game, state, algorithm=algorithm, depth=depth, source=block,
                      **options)


def chess_rows(quick: bool, repeat: int) -> list[float]:
    depth = 2 if quick else 3
    ratios = []
    for title, fen in ((MIDDLEGAME_NAME, MIDDLEGAME), ("Kiwipete", KIWIPETE)):
        times, out = taking_turns({
            "plain": lambda f=fen: plain_alpha_beta(f, depth),
            "ours": lambda f=fen: _ours("chess", {"fen": f}, "alphabeta", depth)}, repeat)
        value, nodes, _ = out["plain"]
        ours = out["ours"]
        assert (ours.stats.nodes_visited, ours.value) == (nodes, value), (title, ours, nodes)
        print(f"\nchess, {title}, alpha-beta to depth {depth}: {nodes:,} nodes both, value "
              f"{value} both")
        print(row("  plain alpha-beta over python-chess", times["plain"], times["plain"],
                  f"{nodes / times['plain']:,.0f} nodes/s"))
        print(row("  gametrace run chess (untraced)", times["ours"], times["plain"],
                  f"{nodes / times['ours']:,.0f} nodes/s"))
        ratios.append(times["ours"] / times["plain"])
    return ratios


def _counted(module: Any, function: str, call: Callable[[], Any]) -> tuple[Any, int]:
    """``call()``'s answer and how many times it entered ``module.function`` (a node of
    OpenSpiel's recursive searches is one call)."""
    inner = getattr(module, function)
    calls = 0

    def counting(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        return inner(*args, **kwargs)

    setattr(module, function, counting)
    try:
        return call(), calls
    finally:
        setattr(module, function, inner)


def connect_four_row(quick: bool, repeat: int) -> float:
    import pyspiel
    from open_spiel.python.algorithms import minimax

    rows, columns = (3, 4) if quick else (4, 4)
    params = {"rows": rows, "columns": columns}
    game = pyspiel.load_game("connect_four", params)

    def theirs() -> Any:
        return minimax.alpha_beta_search(game, maximum_depth=rows * columns)

    times, out = taking_turns({
        "theirs": theirs,
        "ours": lambda: _ours("openspiel:connect_four",
                              {k: str(v) for k, v in params.items()}, "alphabeta", None)},
        repeat)
    (value, _), nodes = _counted(minimax, "_alpha_beta", theirs)
    ours = out["ours"]
    assert (ours.stats.nodes_visited, ours.value) == (nodes, value), (ours, nodes, value)
    print(f"\nopenspiel:connect_four {rows}x{columns}, alpha-beta to the end: {nodes:,} "
          f"nodes both, value {ours.value} both")
    print(row("  open_spiel minimax.alpha_beta_search", times["theirs"], times["theirs"],
              f"{nodes / times['theirs']:,.0f} nodes/s"))
    print(row("  gametrace run openspiel:connect_four", times["ours"], times["theirs"],
              f"{nodes / times['ours']:,.0f} nodes/s"))
    return times["ours"] / times["theirs"]


def pig_row(quick: bool, repeat: int) -> float:
    import pyspiel
    from open_spiel.python.algorithms import minimax

    params = {"winscore": 6, "horizon": 4} if quick else PIG
    game = pyspiel.load_game("pig", params)

    def theirs() -> Any:
        return minimax.expectiminimax(game.new_initial_state(), 1_000, lambda state: 0, 0)

    times, out = taking_turns({
        "theirs": theirs,
        "ours": lambda: _ours("openspiel:pig", {k: str(v) for k, v in params.items()},
                              "expectiminimax", None)}, repeat)
    (value, _), nodes = _counted(minimax, "expectiminimax", theirs)
    ours = out["ours"]
    assert ours.stats.nodes_visited == nodes and math.isclose(ours.value, value), (
        ours, nodes, value)
    shown = ", ".join(f"{k}={v}" for k, v in params.items())
    print(f"\nopenspiel:pig {shown}, expectiminimax to the end: {nodes:,} nodes both, "
          f"value {float(ours.value):.6f} both")
    print(row("  open_spiel minimax.expectiminimax", times["theirs"], times["theirs"],
              f"{nodes / times['theirs']:,.0f} nodes/s"))
    print(row("  gametrace run openspiel:pig (exact)", times["ours"], times["theirs"],
              f"{nodes / times['ours']:,.0f} nodes/s"))
    return times["ours"] / times["theirs"]


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    quick = "--quick" in args or os.environ.get("BENCH_QUICK") == "1"
    repeat = 1 if quick else REPEAT
    print(f"CPU seconds, best of {repeat}; ratio = ours / the library's own search")
    _ours("chess", {}, "alphabeta", 1)  # warm up: modules and tables loaded before timing
    ratios = chess_rows(quick, repeat)
    ratios.append(connect_four_row(quick, repeat))
    ratios.append(pig_row(quick, repeat))
    slower = [r for r in ratios if r > 1]
    print("\nours against each library's own search: " + (
        f"gap, {len(slower)} of {len(ratios)} slower (worst {max(slower):.2f}x)" if slower
        else "at least as fast everywhere"))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
