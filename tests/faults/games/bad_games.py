"""Games that break the rules, one way each, for the fault suite (tests/faults)."""

from __future__ import annotations

import sys
from typing import Any

from tracer.games.base import Capabilities, Player


class Base:
    """Two moves, then the game is over: a correct game the others spoil."""

    capabilities = Capabilities()
    name = "base"

    def initial_state(self) -> tuple[int, ...]:
        return ()

    def to_move(self, state: tuple[int, ...]) -> Player:
        return Player.MAX if len(state) % 2 == 0 else Player.MIN

    def actions(self, state: tuple[int, ...]) -> list[int]:
        return [] if len(state) == 2 else [0, 1]

    def result(self, state: tuple[int, ...], action: int) -> tuple[int, ...]:
        return (*state, action)

    def is_terminal(self, state: tuple[int, ...]) -> bool:
        return len(state) == 2

    def utility(self, state: tuple[int, ...]) -> Any:
        return state[0] - state[1]

    def move_name(self, state: tuple[int, ...], action: int) -> str:
        return f"m{action}"

    def describe(self, state: tuple[int, ...]) -> str:
        return "".join(map(str, state))


class ActionsRaise(Base):
    def actions(self, state: tuple[int, ...]) -> list[int]:
        if state:
            raise KeyError("no such square")
        return [0, 1]


class UtilityNaN(Base):
    def utility(self, state: tuple[int, ...]) -> Any:
        return float("nan")


class UtilityStr(Base):
    def utility(self, state: tuple[int, ...]) -> Any:
        return "win"


class UtilityNone(Base):
    def utility(self, state: tuple[int, ...]) -> Any:
        return None


class UtilityBool(Base):
    def utility(self, state: tuple[int, ...]) -> Any:
        return True


class ExitsZero(Base):
    def actions(self, state: tuple[int, ...]) -> list[int]:
        if state:
            sys.exit(0)
        return [0, 1]


class ExitsInInit(Base):
    def __init__(self) -> None:
        sys.exit(0)


class LoopsInActions(Base):
    def actions(self, state: tuple[int, ...]) -> list[int]:
        while state:
            pass
        return [0, 1]


class HtmlMoves(Base):
    def move_name(self, state: tuple[int, ...], action: int) -> str:
        return f"<b>&m{action}</b>\"'"


class ToMoveRaise(Base):
    def to_move(self, state: tuple[int, ...]) -> Player:
        if state:
            raise RuntimeError("lost track")
        return Player.MAX


class ResultRaise(Base):
    def result(self, state: tuple[int, ...], action: int) -> tuple[int, ...]:
        raise ValueError(f"illegal move {action}")


class KeyboardInterruptInside(Base):
    def utility(self, state: tuple[int, ...]) -> Any:
        raise MemoryError
