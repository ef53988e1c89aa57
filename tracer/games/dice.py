"""A dice race: a small Pig-like game with chance nodes, for expectiminimax.

Two players race to ``goal`` points (default 5).  On a turn the player either *walks*
(scores 1 point, safely) or *rolls* a die with ``sides`` faces (default 6): a 1 scores
nothing (Pig's "pig out"), any other face scores its number.  Either way the turn then
passes.  Whoever reaches the goal first wins at once; after ``turns`` turns in all
(default 4) the game stops and the player with more points wins, equal points being a
draw.  Utility +1 when MAX wins, -1 when MIN wins, 0 for a draw, so the expectiminimax
value of a position is P(MAX wins) - P(MIN wins) under best play.

A roll is a chance node: the player chooses ``roll``, then the die chooses the face
(each with probability 1/``sides``).  Move names are ``walk``, ``roll`` and the face
thrown, so node ids read ``roll/6/walk``.  The static evaluation (for ``--depth``) is
the score difference divided by the goal, which lies in [-1, 1] like the utilities,
so Star1 works with ``--bounds -1 1`` at any depth.
"""

from __future__ import annotations

from typing import NamedTuple

from tracer.errors import UsageError
from tracer.games.base import Capabilities, Player, nodes_by_move_paths
from tracer.games.params import check_bound, check_least
from tracer.said import said

MAX_GOAL = 1_000
"""The most points to win."""
MAX_SIDES = 100
"""The most faces: a roll has one outcome per face."""
MAX_TURNS = 100
"""The most turns: a game lasts up to two levels (a choice and a roll) per turn."""

__all__ = ["DiceRace", "DiceState"]


class DiceState(NamedTuple):
    """A position: the points, the turns left, who moves, and whether the die is rolling."""

    max_points: int
    min_points: int
    turns_left: int
    mover: Player
    """The player whose turn it is (also while their die is rolling)."""
    rolling: bool
    """True at a chance node: ``mover`` chose to roll and the die decides."""


class DiceRace:
    """Race to ``goal`` points: walk for 1, or roll a ``sides``-faced die (a 1 scores 0)."""

    capabilities = Capabilities(chance=True, evaluation=True)

    def __init__(self, goal: int = 5, *, sides: int = 6, turns: int = 4,
                 first: Player | str = Player.MAX) -> None:
        check_least("dice", "goal", goal, 1)
        check_least("dice", "sides", sides, 2)
        check_least("dice", "turns", turns, 1)
        check_bound("dice", "goal", goal, MAX_GOAL, said("points to win"))
        check_bound("dice", "sides", sides, MAX_SIDES, said("a roll has one outcome per face"))
        check_bound("dice", "turns", turns, MAX_TURNS,
                    said("a game lasts up to two plies a turn"))
        mover = Player(first)
        if mover is Player.CHANCE:
            raise UsageError(said("dice first player must be max or min"))
        self.name = "dice"
        self.goal = goal
        self.sides = sides
        self.turns = turns
        self.first = mover

    def initial_state(self) -> DiceState:
        """No points yet, every turn to play."""
        return DiceState(0, 0, self.turns, self.first, False)

    def to_move(self, state: DiceState) -> Player:
        """The player whose turn it is, or chance while a die rolls."""
        return Player.CHANCE if state.rolling else state.mover

    def actions(self, state: DiceState) -> list[str] | range:
        """``walk``, ``roll``; at a chance node the faces 1..``sides``."""
        if self.is_terminal(state):
            return []
        if state.rolling:
            return range(1, self.sides + 1)
        return ["walk", "roll"]

    def result(self, state: DiceState, action: str | int) -> DiceState:
        """Walk or throw: score, then pass the turn; ``roll`` only starts the throw."""
        if action == "roll":
            return state._replace(rolling=True)
        gained = 1 if action == "walk" else (0 if action == 1 else int(action))
        points = ((state.max_points + gained, state.min_points) if state.mover is Player.MAX
                  else (state.max_points, state.min_points + gained))
        return DiceState(*points, state.turns_left - 1, state.mover.opponent, False)

    def is_terminal(self, state: DiceState) -> bool:
        """Someone reached the goal, or every turn has been played."""
        if state.rolling:
            return False
        return (state.max_points >= self.goal or state.min_points >= self.goal
                or state.turns_left == 0)

    def utility(self, state: DiceState) -> float:
        """+1 when MAX has more points (or reached the goal), -1 for MIN, 0 for a draw."""
        diff = state.max_points - state.min_points
        return (diff > 0) - (diff < 0)

    def evaluate(self, state: DiceState) -> float:
        """The score difference over the goal, in [-1, 1]."""
        return (state.max_points - state.min_points) / self.goal

    def probability(self, state: DiceState, action: str | int) -> float:
        """Every face of a fair die: 1/``sides``."""
        return 1 / self.sides

    def move_name(self, state: DiceState, action: str | int) -> str:
        """``walk``, ``roll`` or the face thrown."""
        return str(action)

    def node_id(self, state: DiceState) -> str:
        """Unused: node ids of generated games are move paths."""
        raise UsageError(nodes_by_move_paths("dice"))

    def describe(self, state: DiceState) -> str:
        """The score, whose turn and the turns left, e.g. ``MAX 2 : MIN 0, MIN rolls, 3 left``."""
        verb = "rolls" if state.rolling else "to move"
        return (f"MAX {state.max_points} : MIN {state.min_points}, "
                f"{state.mover.value.upper()} {verb}, {state.turns_left} left")
