"""The oracle orderings (best / worst first) compute each position's value once."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tracer.games.chomp import Chomp
from tracer.games.registry import make_game
from tracer.search import alpha_beta, minimax
from tracer.trees import TreeGame, parse_tree_text


class CountingChomp(Chomp):
    """Chomp that counts how often the moves of each position are asked for."""

    def __init__(self) -> None:
        super().__init__(3, 4)
        self.asked: Counter[Any] = Counter()

    def actions(self, state: Any) -> list[int]:
        self.asked[state] += 1
        return super().actions(state)


class UnhashableChomp(Chomp):
    """Chomp whose states are lists: the oracle must fall back to node ids."""

    def initial_state(self) -> Any:
        return [(self.cols,) * self.rows, self.first]

    def result(self, state: Any, action: int) -> Any:
        return list(super().result(tuple(state), action))


@pytest.mark.parametrize("order", ["best", "worst"])
@pytest.mark.parametrize("depth", [None, 3])
def test_the_oracle_asks_each_position_for_its_moves_once(order: str, depth: int | None) -> None:
    game = CountingChomp()
    result = alpha_beta(game, order=order, depth=depth)
    # The search itself asks once per node it expands; the rest is the oracle's.
    oracle_calls = game.asked.total() - result.stats.nodes_expanded
    # With a depth limit a position is worth one value per ply it is met at.
    positions = len(game.asked) * (depth or 1)
    assert 0 < oracle_calls <= positions
    assert result.value == minimax(Chomp(3, 4), depth=depth).value


@pytest.mark.parametrize("order", ["best", "worst"])
def test_unhashable_states_still_get_oracle_orderings(order: str) -> None:
    hashed = alpha_beta(Chomp(2, 3), order=order)
    listed = alpha_beta(UnhashableChomp(2, 3), order=order)
    assert listed.pv == hashed.pv
    assert listed.stats == hashed.stats


def test_best_first_on_a_tree_visits_the_minimal_tree() -> None:
    # AIMA fig. 5.5 sorted best first: 3 leaves under B, then one under each of C and D.
    game = TreeGame(parse_tree_text("A(B(3 12 8) C(2 4 6) D(14 5 2))"))
    result = alpha_beta(game, order="best")
    assert result.stats.leaves_evaluated == 3 + 1 + 1
    assert result.value == 3


def test_best_first_chomp_4x4_plays_the_winning_move() -> None:
    game, state, _ = make_game("chomp", {})
    result = alpha_beta(game, state, order="best")
    assert result.move == "10"
    assert result.value > 0
