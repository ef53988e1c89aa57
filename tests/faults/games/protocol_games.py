"""Games that break the Game protocol's contract on values, one way each (tests/faults).

Each spoils :class:`Base` (two moves, then the game is over) in one method; the
guard in tracer/games/guard.py must name the file, the method and the bad value.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Any

from tracer.games.base import Capabilities, Player


class Base:
    """A correct game: two plies of two moves each."""

    capabilities = Capabilities()
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

    def move_name(self, state: tuple[int, ...], action: int) -> Any:
        return f"m{action}"

    def describe(self, state: tuple[int, ...]) -> Any:
        return "".join(map(str, state))


class ActionsNone(Base):
    def actions(self, state: tuple[int, ...]) -> Any:
        return None


class ActionsNotIterable(Base):
    def actions(self, state: tuple[int, ...]) -> Any:
        return 5


class ActionsEndless(Base):
    """An infinite generator of moves."""

    def actions(self, state: tuple[int, ...]) -> Any:
        def every() -> Iterator[int]:
            n = 0
            while True:
                yield n
                n += 1
        return [] if len(state) == 2 else every()


class ActionsTooMany(Base):
    def actions(self, state: tuple[int, ...]) -> Any:
        return [] if len(state) == 2 else list(range(1_000_000))


class MoveNameInt(Base):
    def move_name(self, state: tuple[int, ...], action: int) -> Any:
        return action


class MoveNameLong(Base):
    def move_name(self, state: tuple[int, ...], action: int) -> Any:
        return "m" * 1_000_000


class DescribeNone(Base):
    def describe(self, state: tuple[int, ...]) -> Any:
        return None


class UtilityHuge(Base):
    def utility(self, state: tuple[int, ...]) -> Any:
        return 10**5000


class UtilityNaN(Base):
    def utility(self, state: tuple[int, ...]) -> Any:
        return float("nan")


class UtilityText(Base):
    def utility(self, state: tuple[int, ...]) -> Any:
        return "1"


class ToMoveText(Base):
    def to_move(self, state: tuple[int, ...]) -> Any:
        return "MIN" if state else Player.MAX


class ResultRaises(Base):
    def result(self, state: tuple[int, ...], action: int) -> tuple[int, ...]:
        raise ValueError(f"illegal move {action}")


class TerminalNone(Base):
    def is_terminal(self, state: tuple[int, ...]) -> Any:
        return True if len(state) == 2 else None


class TerminalInt(Base):
    def is_terminal(self, state: tuple[int, ...]) -> Any:
        return int(len(state) == 2)


class RecursesForever(Base):
    def result(self, state: tuple[int, ...], action: int) -> tuple[int, ...]:
        return self.result(state, action)


class CallsOsExit(Base):
    def utility(self, state: tuple[int, ...]) -> Any:
        os._exit(0)


class CallsSysExit(Base):
    def utility(self, state: tuple[int, ...]) -> Any:
        sys.exit("done")


class Prints(Base):
    """A correct game that prints as it goes (to standard output)."""

    def actions(self, state: tuple[int, ...]) -> Any:
        print("thinking about", state)
        return [] if len(state) == 2 else [0, 1]

    def utility(self, state: tuple[int, ...]) -> Any:
        sys.stdout.write("leaf\n")
        return state[0] - state[1]
