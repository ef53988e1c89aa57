"""Child orderings: natural, reverse, seeded random, and the oracle best / worst.

The oracle orderings sort children by their exact (depth-limited) minimax value, the
orderings of Knuth & Moore's (1975) analysis of alpha-beta: best first gives the
minimal tree, worst first no cut at all.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import UsageError
from ..games.base import Player

if TYPE_CHECKING:
    from .common import Child, Run

__all__ = ["Ordering", "make_ordering"]

Ordering = Callable[[list["Child"], str, Player, int], list["Child"]]
"""(children, node id, player to move, ply) -> the children in search order."""


def make_ordering(run: Run) -> Ordering:
    """The ordering ``run.opts.order`` names, bound to the search it serves."""
    order = run.opts.order
    if order == "natural":
        return _natural
    if order == "reverse":
        return _reverse
    if order == "random":
        seed = run.opts.seed

        def shuffled(kids: list[Child], node_id: str, player: Player, ply: int) -> list[Child]:
            # One generator per node, seeded by (seed, node id): the order of a node's
            # children does not depend on which nodes were searched before it, so
            # variants that visit different nodes still see the same orderings.
            out = list(kids)
            random.Random(f"{seed}:{node_id}").shuffle(out)
            return out

        return shuffled
    oracle = _Oracle(run)
    best_first = order == "best"

    def by_value(kids: list[Child], node_id: str, player: Player, ply: int) -> list[Child]:
        if player is Player.CHANCE:
            return kids
        # Python's sort is stable, so ties keep their natural order.
        descending = (player is Player.MAX) == best_first
        values = [oracle.value(state, cid, ply + 1) for state, cid in kids]
        ranked = sorted(range(len(kids)), key=lambda i: -values[i] if descending else values[i])
        return [kids[i] for i in ranked]

    return by_value


class _Oracle:
    """Exact minimax values, memoised by node id."""

    def __init__(self, run: Run) -> None:
        self.run = run
        self.memo: dict[str, float] = {}

    def value(self, state: Any, node_id: str, ply: int) -> float:
        memo = self.memo
        if node_id in memo:
            return memo[node_id]
        run = self.run
        game = run.game
        if run.is_leaf(state, ply):
            value = run.leaf_value(state, ply)[0]
        else:
            player = game.to_move(state)
            if player is Player.CHANCE:
                raise UsageError("best/worst orderings need a tree without chance nodes")
            values = []
            for a in game.actions(state):
                child = game.result(state, a)
                values.append(self.value(child, run.child_id(node_id, state, a, child), ply + 1))
            value = (max(values) if player is Player.MAX else min(values)) if values \
                else run.leaf_value(state, ply)[0]
        memo[node_id] = value
        return value


def _natural(kids: list[Child], node_id: str, player: Player, ply: int) -> list[Child]:
    return kids


def _reverse(kids: list[Child], node_id: str, player: Player, ply: int) -> list[Child]:
    return kids[::-1]
