"""Move-ordering techniques on Othello and tic-tac-toe: nodes and time of each technique to
the same answer; and what ``gametrace compare`` costs on a bushy tree.

Run with ``make bench`` or ``python benchmarks/run.py ordering``.  Node counts are exact
and the same on every machine; times are best-of-N wall-clock, reported as ratios to
plain alpha-beta measured in the same run.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path
from typing import Any

from timing import best_of, row

from tracer.analysis.orderings.report import compare_orderings
from tracer.games.registry import make_game
from tracer.search import run_search
from tracer.search.technique_comparison import parse_configs
from tracer.trees import TreeGame, parse_tree_json

REPEAT = int(os.environ.get("BENCH_REPEAT", "3"))
CONFIGS = parse_configs("standard,pvs+tt,mtdf+tt+killer+history")


def techniques(title: str, game: Any, state: Any, depth: int | None) -> None:
    print(f"\n{title}; best of {REPEAT}, untraced; ratio = time / plain alpha-beta")
    reference: float | None = None
    value = None
    for config in CONFIGS:
        seconds, result = best_of(
            lambda c=config: run_search(game, state, depth=depth, **c.options()), REPEAT)
        if reference is None:
            reference, value = seconds, result.value
        assert result.value == value, (config.name, result.value, value)
        print(row(f"{config.name:<27} {result.stats.nodes_visited:>9,} nodes", seconds,
                  reference, f"value {result.value}, move {result.move}"))


def othello_midgame() -> tuple[Any, Any]:
    """The start, then 16 moves chosen by a seeded generator (black to move)."""
    game, state, _ = make_game("othello", {})
    rng = random.Random(7)
    for _ in range(16):
        state = game.result(state, rng.choice(game.actions(state)))
    return game, state


def compare_cost() -> None:
    rng = random.Random(1)

    def build(level: int) -> Any:
        return rng.randint(-99, 99) if level == 7 else [build(level + 1) for _ in range(3)]

    game = TreeGame(parse_tree_json(build(0)))

    def compare() -> Any:
        return compare_orderings(
            lambda order, seed, counter: run_search(game, order=order, seed=seed,
                                                    recorder=counter),
            lambda counter: run_search(game, algorithm="minimax", recorder=counter),
            ("natural", "reverse", "best", "worst"), randoms=50)

    seconds, report = best_of(compare, 1)
    print(f"\ngametrace compare on a uniform tree, b = 3, d = 7 ({report.shape.leaves:,} "
          "leaves): 4 orderings + 50 random, counted from their events")
    print(row("minimax + 54 alpha-beta searches, counted", seconds, None,
              f"critical tree {report.shape.critical}, Knuth-Moore {report.shape.knuth_moore}"))


def main() -> None:
    game, state, _ = make_game("othello", {})
    techniques("Othello from the start, depth 6", game, state, 6)
    game, state = othello_midgame()
    techniques("Othello after 16 seeded random moves, depth 6", game, state, 6)
    game, state, _ = make_game("tictactoe", {})
    techniques("tic-tac-toe from the empty board, to the end", game, state, None)
    compare_cost()


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
