"""Two games written in Python and registered with pyspiel, so that the OpenSpiel adapter
meets, through pyspiel's own C++ and pybind11, the text no built-in game gives:

- ``python_tracer_not_utf8``: its move names are bytes that are not UTF-8 (``caf\\xe9``);
  pybind11 takes them into C++ as they are and fails to decode them on the way back, as
  it would for a C++ game's string;
- ``python_tracer_surrogates``: its move names and its picture hold a lone surrogate
  (``\\udce9``), which pybind11 cannot cast to C++ at all.

A game of two plies: MAX and MIN each pick 0 or 1; MAX wins (+1) when they differ."""

from __future__ import annotations

from typing import Any

import pyspiel

__all__ = ["NOT_UTF8", "SURROGATES"]

NOT_UTF8 = "python_tracer_not_utf8"
SURROGATES = "python_tracer_surrogates"


def _type(name: str) -> Any:
    return pyspiel.GameType(
        short_name=name, long_name=name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2, min_num_players=2,
        provides_information_state_string=False, provides_information_state_tensor=False,
        provides_observation_string=False, provides_observation_tensor=False,
        parameter_specification={})


_INFO = pyspiel.GameInfo(num_distinct_actions=2, max_chance_outcomes=0, num_players=2,
                         min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                         max_game_length=2)


class _State(pyspiel.State):  # type: ignore[misc]  # pyspiel has no stubs: its classes are Any
    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.moves: list[int] = []

    def current_player(self) -> int:
        return int(pyspiel.PlayerId.TERMINAL) if len(self.moves) == 2 else len(self.moves)

    def _legal_actions(self, player: int) -> list[int]:
        return [0, 1]

    def _apply_action(self, action: int) -> None:
        self.moves.append(action)

    def is_terminal(self) -> bool:
        return len(self.moves) == 2

    def returns(self) -> list[float]:
        if len(self.moves) < 2:
            return [0.0, 0.0]
        won = 1.0 if self.moves[0] != self.moves[1] else -1.0
        return [won, -won]

    def __str__(self) -> str:
        return "picked " + ",".join(map(str, self.moves))


class _NotUtf8State(_State):
    def _action_to_string(self, player: int, action: int) -> bytes:
        return b"caf\xe9/" + str(action).encode()


class _SurrogateState(_State):
    def _action_to_string(self, player: int, action: int) -> str:
        return f"caf\udce9 {action}"

    def __str__(self) -> str:
        return "picked \udce9 " + ",".join(map(str, self.moves))


def _game(name: str, state: type[_State]) -> type:
    game_type = _type(name)

    class Game(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no stubs: Any
        def __init__(self, params: Any = None) -> None:
            super().__init__(game_type, _INFO, params or {})

        def new_initial_state(self) -> _State:
            return state(self)

    if name not in {kind.short_name for kind in pyspiel.registered_games()}:
        pyspiel.register_game(game_type, Game)
    return Game


_game(NOT_UTF8, _NotUtf8State)
_game(SURROGATES, _SurrogateState)
