"""Grundy's game: the notes' 7 coins with Meno first, and the Sprague-Grundy values."""

from __future__ import annotations

import pytest

from tracer.errors import UsageError
from tracer.events import Evaluate
from tracer.games.base import Player
from tracer.games.grundy import Grundy, GrundyState
from tracer.record import MemoryRecorder
from tracer.schema import validate
from tracer.search import alpha_beta, minimax

# OEIS A002188, Grundy's game: the nim-value of one pile of n = 0, 1, 2, ... coins.
A002188 = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3,
           0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4]


def mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


def grundy_value(game: Grundy, state: GrundyState, memo: dict[tuple[int, ...], int]) -> int:
    """The nim-value of a whole position, from the game's own moves."""
    key = state[0]
    if key not in memo:
        memo[key] = mex({grundy_value(game, game.result(state, a), memo)
                         for a in game.actions(state)})
    return memo[key]


def test_nim_values_of_whole_positions_match_a002188() -> None:
    memo: dict[tuple[int, ...], int] = {}
    values = [0] + [grundy_value(Grundy(n), Grundy(n).initial_state(), memo)
                    for n in range(1, 27)]
    assert values == A002188[:27]


def test_nim_values_of_larger_piles_by_the_sum_rule() -> None:
    # Beyond 26 coins the positions grow too many to enumerate quickly: a split's value
    # is the xor of its two piles' values (Sprague 1935, Grundy 1939).
    values = [0]
    for n in range(1, len(A002188)):
        game = Grundy(n)
        start = game.initial_state()
        values.append(mex({values[big] ^ values[n - big] for _, big in game.actions(start)}))
    assert values == A002188


def test_seven_coins_with_meno_first_is_won_by_piu() -> None:
    game = Grundy()
    start = game.initial_state()
    assert start == ((7,), Player.MIN)
    assert [game.move_name(start, a) for a in game.actions(start)] == [
        "7->6+1", "7->5+2", "7->4+3"]
    assert [game.describe(game.result(start, a)) for a in game.actions(start)] == [
        "(6, 1)", "(5, 2)", "(4, 3)"]
    result = minimax(game)
    assert result.value == 1
    # Whatever Meno does, Più has a winning answer (the AND/OR solution of the notes).
    for action in game.actions(start):
        assert minimax(game, game.result(start, action)).value == 1


def test_seven_coins_with_piu_first_is_lost() -> None:
    assert minimax(Grundy(7, first="max")).value == -1


def test_every_variant_and_every_leaf_of_the_seven_coin_tree() -> None:
    rec = MemoryRecorder()
    minimax(Grundy(), recorder=rec)
    leaves = [e for e in rec.trace.events if isinstance(e, Evaluate)]
    assert {e.label for e in leaves} == {"(2, 2, 2, 1)", "(2, 2, 1, 1, 1)", "(2, 1, 1, 1, 1, 1)"}
    for e in leaves:  # the player who cannot move loses
        assert e.value == (1 if e.player == "min" else -1)
    validate(rec.trace.to_json(), "trace", file="grundy")
    for variant in ("fail-soft", "fail-hard", "negamax", "list"):
        assert alpha_beta(Grundy(), variant=variant).value == 1


def test_moves_split_unequally_and_equal_piles_once() -> None:
    game = Grundy()
    state: GrundyState = ((4, 4, 2), Player.MAX)
    assert game.actions(state) == [(4, 3)]
    assert game.result(state, (4, 3)) == ((4, 3, 2, 1), Player.MIN)
    assert game.actions(((6,), Player.MAX)) == [(6, 5), (6, 4)]  # no 3 + 3
    assert game.is_terminal(((2, 2, 1), Player.MAX))
    assert game.utility(((2, 2, 1), Player.MAX)) == -1
    assert game.utility(((2, 2, 1), Player.MIN)) == 1
    assert game.evaluate(((5, 2), Player.MAX)) == 0


def test_bad_parameters() -> None:
    with pytest.raises(UsageError, match="coins"):
        Grundy(0)
    for first in ("nobody", "chance"):
        with pytest.raises(UsageError, match="max or min"):
            Grundy(first=first)
