"""Games whose values cross the boundary wrong in ways the type tests alone let through
(tests/faults/test_boundary_faults.py): text that is no Unicode, a NaN that says it is
equal to itself, move names that are not unique or hold the separator of node ids.

Each spoils :class:`Base` (two plies of two moves) in one method.
"""

from __future__ import annotations

from typing import Any

from tracer.games.base import Capabilities, Player


class LyingFloat(float):
    """A float subclass whose NaN claims to equal itself (numpy scalars and units
    libraries override comparisons too)."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = float.__hash__


class Base:
    capabilities = Capabilities(evaluation=True)
    name = "base"

    def initial_state(self) -> tuple[int, ...]:
        return ()

    def to_move(self, state: tuple[int, ...]) -> Any:
        return Player.MAX if len(state) % 2 == 0 else Player.MIN

    def actions(self, state: tuple[int, ...]) -> Any:
        return [] if len(state) == 2 else [0, 1]

    def result(self, state: tuple[int, ...], action: int) -> tuple[int, ...]:
        return (*state, action)

    def is_terminal(self, state: tuple[int, ...]) -> Any:
        return len(state) == 2

    def utility(self, state: tuple[int, ...]) -> Any:
        return state[0] - state[1]

    def evaluate(self, state: tuple[int, ...]) -> Any:
        return 0

    def move_name(self, state: tuple[int, ...], action: int) -> Any:
        return f"m{action}"

    def describe(self, state: tuple[int, ...]) -> Any:
        return "".join(map(str, state))


class SurrogateMove(Base):
    def move_name(self, state: tuple[int, ...], action: int) -> Any:
        return f"m{action}\ud800"


class SurrogateLabel(Base):
    def describe(self, state: tuple[int, ...]) -> Any:
        return "\udcff" + "".join(map(str, state))


class LyingNaN(Base):
    def utility(self, state: tuple[int, ...]) -> Any:
        return LyingFloat("nan")


class LyingNaNEvaluation(Base):
    def evaluate(self, state: tuple[int, ...]) -> Any:
        return LyingFloat("nan")


class SubclassInfinity(Base):
    """Allowed: an infinite utility is a won game (as tic-tac-toe's ``win=inf``)."""

    def utility(self, state: tuple[int, ...]) -> Any:
        return LyingFloat("inf") if state == (1, 0) else state[0] - state[1]


class SameMoveNames(Base):
    def move_name(self, state: tuple[int, ...], action: int) -> Any:
        return "same"


class SlashMoveNames(Base):
    def move_name(self, state: tuple[int, ...], action: int) -> Any:
        return f"a/{action}"
