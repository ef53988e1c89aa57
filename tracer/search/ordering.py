"""Child orderings: natural, reverse, seeded random, and the oracle best / worst.

The oracle orderings sort children by their exact (depth-limited) minimax value, the
orderings of Knuth & Moore's (1975) analysis of alpha-beta: best first gives the
minimal tree, worst first no cut at all.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from ..errors import UsageError
from ..games.base import Game, Player
from ..said import said

__all__ = ["Child", "Ordered", "Ordering", "make_ordering"]

Child = tuple[Any, str]
"""A child state and its node id."""


class _Options(Protocol):
    @property
    def order(self) -> str: ...

    @property
    def seed(self) -> int | None: ...


class Ordered(Protocol):
    """What an ordering reads of the search it serves (a :class:`~.common.Run`, which
    imports this module: the ordering names what it needs instead of importing it)."""

    @property
    def opts(self) -> _Options: ...

    @property
    def game(self) -> Game[Any, Any]: ...

    @property
    def named(self) -> bool: ...

    @property
    def depth_limit(self) -> int | None: ...

    def charge(self, positions: int = 1) -> None: ...

    def is_leaf(self, state: Any, ply: int) -> bool: ...

    def leaf_value(self, state: Any, ply: int) -> tuple[float, str]: ...

    def child_id(self, parent_id: str, state: Any, action: Any, child: Any) -> str: ...

Ordering = Callable[[list[Child], str, Player, int], list[Child]]
"""(children, node id, player to move, ply) -> the children in search order."""


def make_ordering(run: Ordered) -> Ordering:
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
    """Exact minimax values, each position's computed once.

    Generated games meet the same position along many move paths (Chomp, Nim,
    tic-tac-toe), so values are memoised by the state itself, with its ply when a
    depth limit makes the value depend on it; a game whose states cannot be hashed
    falls back to node ids, as do explicit trees, whose ids name their nodes."""

    def __init__(self, run: Ordered) -> None:
        self.run = run
        self.memo: dict[Any, float] = {}
        self.by_state = not run.named
        self.capped = run.depth_limit is not None

    def value(self, state: Any, node_id: str, ply: int) -> float:
        if self.by_state:
            try:
                return self._by_state(state, ply)
            except TypeError:  # an unhashable state: key by node id instead
                self.by_state = False
                self.memo.clear()
        return self._by_id(state, node_id, ply)

    def _by_state(self, state: Any, ply: int) -> float:
        key = (state, ply) if self.capped else state
        memo = self.memo
        if key in memo:
            return memo[key]
        value = self._compute(state, ply, lambda child, action: self._by_state(child, ply + 1))
        memo[key] = value
        return value

    def _by_id(self, state: Any, node_id: str, ply: int) -> float:
        memo = self.memo
        if node_id in memo:
            return memo[node_id]
        run = self.run
        value = self._compute(state, ply, lambda child, action: self._by_id(
            child, run.child_id(node_id, state, action, child), ply + 1))
        memo[node_id] = value
        return value

    def _compute(self, state: Any, ply: int, child_value: Callable[[Any, Any], float]) -> float:
        """The minimax value of ``state`` from its children's (``child_value``)."""
        run = self.run
        run.charge()  # a whole game may lie below: bounded like the search's own visits
        game = run.game
        if run.is_leaf(state, ply):
            return run.leaf_value(state, ply)[0]
        player = game.to_move(state)
        if player is Player.CHANCE:
            raise UsageError(said("best/worst orderings need a tree without chance nodes"))
        values = [child_value(game.result(state, a), a) for a in game.actions(state)]
        if not values:
            return run.leaf_value(state, ply)[0]
        return max(values) if player is Player.MAX else min(values)


def _natural(kids: list[Child], node_id: str, player: Player, ply: int) -> list[Child]:
    return kids


def _reverse(kids: list[Child], node_id: str, player: Player, ply: int) -> list[Child]:
    return kids[::-1]
