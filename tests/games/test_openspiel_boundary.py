"""What crosses from pyspiel into a trace: the parameters pyspiel is given (only the
user's: a listed default is not always the value a game uses) and the text it gives
back (bytes that are not UTF-8 still make a name every output can hold)."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("pyspiel")

from tracer.games.openspiel_adapter import OpenSpielGame, make_openspiel
from tracer.games.registry import make_game


def test_go_is_given_no_parameter_the_user_did_not_give() -> None:
    # go lists max_game_length=0 among its defaults; given it, every game ended after 2
    # plies (a pass, a pass).  Not given, go computes it from the board.
    game, values = make_openspiel("go", {"board_size": "5"})
    assert game.game.max_game_length() == 5 * 5 * 2
    assert values == {"board_size": 5, "handicap": 0, "komi": 7.5,
                      "max_game_length": 50}
    state = game.initial_state()
    for _ in range(2):
        state = game.result(state, game.actions(state)[0])
    assert not game.is_terminal(state)


def test_a_parameter_the_user_gives_is_passed_as_given() -> None:
    game, values = make_openspiel("go", {"board_size": "5", "max_game_length": "7"})
    assert game.game.max_game_length() == 7 and values["max_game_length"] == 7


def test_the_trace_header_records_every_parameter_as_the_game_uses_it() -> None:
    _, _, pig = make_game("openspiel:pig", {"winscore": "4"})
    assert pig["params"]["winscore"] == 4 and pig["params"]["players"] == 2


class _NotUtf8State:
    """A pyspiel state whose C++ strings are not UTF-8 (pybind11 raises as it decodes)."""

    def current_player(self) -> int:
        return 0

    def action_to_string(self, player: int, action: int) -> str:
        raise UnicodeDecodeError("utf-8", b"caf\xe9/" + bytes([48 + action]), 3, 4,
                                 "invalid continuation byte")

    def __str__(self) -> str:
        raise UnicodeDecodeError("utf-8", b"board \xff", 6, 7, "invalid start byte")


def test_names_that_are_not_utf8_are_escaped_not_an_internal_error() -> None:
    game, _ = make_openspiel("tic_tac_toe", {})
    wrapped = OpenSpielGame(game.game, "openspiel:tic_tac_toe")
    state: Any = _NotUtf8State()
    assert wrapped.move_name(state, 1) == "caf\\xe9|1"
    assert wrapped.describe(state) == "board \\xff"
    assert json.dumps(wrapped.move_name(state, 2), ensure_ascii=False).encode("utf-8")

