"""The game of 5 (Esercizio: gioco del 5): MAX says 1; what alpha-beta does not visit."""

from __future__ import annotations

import pytest

from tracer.errors import UsageError
from tracer.events import Cut, Evaluate, Expand
from tracer.games.base import Player
from tracer.games.gameof5 import GameOf5
from tracer.record import MemoryRecorder
from tracer.schema import validate
from tracer.search import alpha_beta, minimax


def test_max_says_one() -> None:
    # Esercizio: gioco del 5: "Il giocatore max sceglie 1".
    for variant in ("fail-soft", "fail-hard", "negamax", "list"):
        result = alpha_beta(GameOf5(), variant=variant)
        assert (result.value, result.move) == (1, "1"), variant
    assert alpha_beta(GameOf5()).pv == ("root", "1", "1/4", "1/4/5")


def test_each_first_number_by_minimax() -> None:
    game = GameOf5()
    start = game.initial_state()
    assert list(game.actions(start)) == [3, 2, 1]  # largest first, as the notes ask
    values = [minimax(game, game.result(start, n)).value for n in game.actions(start)]
    assert values == [-1, -1, 1]  # after 3 or 2 MIN says 5 at once


def test_the_whole_tree_and_the_part_alpha_beta_skips() -> None:
    full = MemoryRecorder()
    minimax(GameOf5(), recorder=full)
    everything = [e.node for e in full.trace.events if isinstance(e, (Expand, Evaluate))]
    assert len(everything) == 28
    rec = MemoryRecorder()
    alpha_beta(GameOf5(), recorder=rec)
    visited = [e.node for e in rec.trace.events if isinstance(e, (Expand, Evaluate))]
    assert visited == ["root", "3", "3/5", "3/4", "3/4/5", "2", "2/5", "1", "1/4", "1/4/5",
                       "1/3", "1/3/5", "1/2", "1/2/5"]
    cuts = [(e.node, e.after, e.pruned) for e in rec.trace.events if isinstance(e, Cut)]
    assert cuts == [("2", "2/5", ("2/4", "2/3")),
                    ("1/3", "1/3/5", ("1/3/4",)),
                    ("1/2", "1/2/5", ("1/2/4", "1/2/3"))]
    skipped = [n for n in everything if n not in visited]
    assert skipped == ["2/4", "2/4/5", "2/3", "2/3/5", "2/3/4", "2/3/4/5", "1/3/4", "1/3/4/5",
                       "1/2/4", "1/2/4/5", "1/2/3", "1/2/3/5", "1/2/3/4", "1/2/3/4/5"]
    validate(rec.trace.to_json(), "trace", file="gameof5")


def test_rules() -> None:
    game = GameOf5()
    assert list(game.actions((3, Player.MIN))) == [5, 4]  # never past the target
    assert list(game.actions((1, Player.MIN))) == [4, 3, 2]
    assert game.is_terminal((5, Player.MIN)) and list(game.actions((5, Player.MIN))) == []
    assert game.utility((5, Player.MIN)) == 1  # MAX said 5
    assert game.utility((5, Player.MAX)) == -1
    assert game.describe(game.initial_state()) == "start"
    assert game.describe((4, Player.MAX)) == "said 4"
    assert game.move_name((0, Player.MAX), 3) == "3"


def test_other_targets_follow_the_modular_rule() -> None:
    # Saying the target wins: the first player loses exactly when target = 0 mod (step + 1).
    for target in range(1, 13):
        value = alpha_beta(GameOf5(target)).value
        assert value == (-1 if target % 4 == 0 else 1), target


def test_bad_parameters() -> None:
    with pytest.raises(UsageError, match="target"):
        GameOf5(0)
    with pytest.raises(UsageError, match="step"):
        GameOf5(step=0)
