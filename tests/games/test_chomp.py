"""Chomp (Teoria dei giochi, "Esempio"): the numbering, the poisoned 13, the winning move."""

from __future__ import annotations

import pytest

from tracer.errors import UsageError
from tracer.games.base import Player
from tracer.games.chomp import Chomp, ChompState
from tracer.search import alpha_beta


def mover_wins(game: Chomp, state: ChompState, memo: dict[tuple[int, ...], bool]) -> bool:
    """Solve by memoised backward induction (the board is all that matters)."""
    if game.is_terminal(state):
        return True  # the opponent took the poisoned square
    key = state[0]
    if key not in memo:
        memo[key] = any(not mover_wins(game, game.result(state, a), memo)
                        for a in game.actions(state))
    return memo[key]


def winning_first_moves(game: Chomp) -> list[int]:
    memo: dict[tuple[int, ...], bool] = {}
    start = game.initial_state()
    return [a for a in game.actions(start) if not mover_wins(game, game.result(start, a), memo)]


def test_squares_are_numbered_like_the_notes() -> None:
    game = Chomp()
    start = game.initial_state()
    assert game.poison == 13
    assert game.describe(start) == " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15 16"
    assert game.actions(start) == list(range(1, 17))


def test_taking_a_square_removes_everything_above_and_to_the_right() -> None:
    game = Chomp()
    after = game.result(game.initial_state(), 10)
    assert game.describe(after) == " 1  .  .  .\n 5  .  .  .\n 9  .  .  .\n13 14 15 16"
    assert game.actions(after) == [1, 5, 9, 13, 14, 15, 16]
    assert game.to_move(after) is Player.MIN
    assert game.result(after, 16) == ((3, 1, 1, 1), Player.MAX)
    assert game.result(after, 5) == ((4, 1, 0, 0), Player.MAX)


def test_whoever_takes_thirteen_loses() -> None:
    game = Chomp()
    end = game.result(game.initial_state(), 13)
    assert game.is_terminal(end) and game.actions(end) == []
    assert game.utility(end) == -1  # MAX took it
    assert game.utility(game.result(((1,), Player.MIN), 1)) == 1


def test_the_winning_first_move_on_4x4_is_next_to_the_poison() -> None:
    # The first player wins (strategy stealing); the only winning move is 10, which leaves
    # an L whose arms the first player then keeps equal.
    result = alpha_beta(Chomp())
    assert (result.value, result.move) == (1, "10")
    assert winning_first_moves(Chomp()) == [10]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_on_every_square_the_diagonal_neighbour_wins(n: int) -> None:
    game = Chomp(n, n)
    assert winning_first_moves(game) == [game.square(n - 2, 1)]


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 3)])
def test_the_first_player_wins_every_rectangle_but_one_square(rows: int, cols: int) -> None:
    game = Chomp(rows, cols)
    memo: dict[tuple[int, ...], bool] = {}
    assert mover_wins(game, game.initial_state(), memo) is (rows * cols > 1)


def test_small_boards_by_alpha_beta() -> None:
    assert alpha_beta(Chomp(1, 1)).value == -1
    assert alpha_beta(Chomp(1, 3)).move == "2"
    assert alpha_beta(Chomp(3, 3, first="min")).value == -1


def test_bad_parameters() -> None:
    with pytest.raises(UsageError, match="row"):
        Chomp(0, 4)
    with pytest.raises(UsageError, match="max or min"):
        Chomp(first="x")
