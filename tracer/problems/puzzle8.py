"""The 8-puzzle (AIMA 3rd ed., section 3.2 and fig. 3.28) with its two classic heuristics.

A state is a tuple of nine tiles read row by row, 0 for the blank.  Actions move the
blank up, down, left or right (in that order unless told otherwise); each costs 1.
``misplaced`` (h1: tiles out of place) and ``manhattan`` (h2: sum of the tiles'
city-block distances) are both admissible and consistent, and h2 dominates h1.
Half of all arrangements cannot reach a given goal: the parity of the inversions
decides it, and an unreachable start is refused rather than searched exhaustively.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from ..errors import UsageError
from ..reading_numbers import BadNumber, whole_number
from ..said import said
from .base import zero

__all__ = ["MOVES", "PARAMS", "Puzzle8", "from_params", "scramble", "solvable"]

State = tuple[int, ...]
Number = float | int

MOVES: dict[str, int] = {"up": -3, "down": 3, "left": -1, "right": 1}
"""Where the blank goes, as a change of index."""

_OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}

AIMA_START: State = (7, 2, 4, 5, 0, 6, 8, 3, 1)
"""AIMA fig. 3.4's start; 26 moves from :data:`AIMA_GOAL`."""
AIMA_GOAL: State = (0, 1, 2, 3, 4, 5, 6, 7, 8)


def _can_move(blank: int, move: str) -> bool:
    row, col = divmod(blank, 3)
    return {"up": row > 0, "down": row < 2, "left": col > 0, "right": col < 2}[move]


def _slide(state: State, move: str) -> State:
    blank = state.index(0)
    target = blank + MOVES[move]
    out = list(state)
    out[blank], out[target] = out[target], 0
    return tuple(out)


def solvable(start: State, goal: State) -> bool:
    """True when ``goal`` is reachable: both have the same parity of inversions."""
    return _inversions(start) % 2 == _inversions(goal) % 2


def _inversions(state: State) -> int:
    tiles = [t for t in state if t]
    return sum(1 for i, a in enumerate(tiles) for b in tiles[i + 1:] if a > b)


def scramble(goal: State, moves: int, rng: random.Random) -> State:
    """``goal`` after ``moves`` random slides (never undoing the previous one)."""
    state, last = goal, ""
    for _ in range(moves):
        blank = state.index(0)
        options = [m for m in MOVES if _can_move(blank, m) and m != _OPPOSITE.get(last)]
        last = rng.choice(options)
        state = _slide(state, last)
    return state


class Puzzle8:
    """The 8-puzzle on a 3x3 board."""

    name = "puzzle8"
    default_heuristic = "manhattan"

    def __init__(self, start: State = AIMA_START, *, goal: State = AIMA_GOAL,
                 order: tuple[str, ...] = tuple(MOVES)) -> None:
        for what, board in (("start", start), ("goal", goal)):
            if sorted(board) != list(range(9)):
                raise UsageError(said("{what} must hold the digits 0-8 once each (0 is the "
                                      "blank), got {board!r}", what=what,
                                      board=_compact(board)))
        if not solvable(start, goal):
            raise UsageError(said("start {start} cannot reach goal {goal} (their inversion "
                                  "parities differ)", start=_compact(start),
                                  goal=_compact(goal)))
        if sorted(order) != sorted(MOVES):
            raise UsageError(said("order must name each of {moves} once, got {order!r}",
                                  moves=", ".join(MOVES), order=",".join(order)))
        self.start = start
        self.goal = goal
        self.order = order
        self._home = {tile: divmod(i, 3) for i, tile in enumerate(goal)}
        self.params: Mapping[str, str] = {
            "start": _compact(start), "goal": _compact(goal), "order": ",".join(order)}
        self.heuristics: Mapping[str, Callable[[State], Number]] = {
            "manhattan": self.h_manhattan, "misplaced": self.h_misplaced, "zero": zero}

    def initial_state(self) -> State:
        return self.start

    def actions(self, state: State) -> list[str]:
        blank = state.index(0)
        return [m for m in self.order if _can_move(blank, m)]

    def result(self, state: State, action: str) -> State:
        return _slide(state, action)

    def cost(self, state: State, action: str, next_state: State) -> int:
        return 1

    def is_goal(self, state: State) -> bool:
        return state == self.goal

    def h_misplaced(self, state: State) -> int:
        """h1: the number of tiles (not the blank) out of place."""
        return sum(1 for tile, want in zip(state, self.goal, strict=True) if tile and tile != want)

    def h_manhattan(self, state: State) -> int:
        """h2: the sum of each tile's row and column distance from its goal square."""
        total = 0
        for i, tile in enumerate(state):
            if tile:
                row, col = divmod(i, 3)
                goal_row, goal_col = self._home[tile]
                total += abs(row - goal_row) + abs(col - goal_col)
        return total

    def describe(self, state: State) -> str:
        """Rows separated by ``/``, ``_`` for the blank: ``724/5_6/831``."""
        cells = "".join("_" if t == 0 else str(t) for t in state)
        return f"{cells[0:3]}/{cells[3:6]}/{cells[6:9]}"

    def action_name(self, state: State, action: str) -> str:
        return action


def _compact(board: State) -> str:
    return "".join(str(t) for t in board)


PARAMS: dict[str, tuple[str, str]] = {
    "start": ("724506831", "the tiles row by row, 0 for the blank (AIMA fig. 3.4)"),
    "goal": ("012345678", "the goal arrangement"),
    "order": ("up,down,left,right", "the order the blank's moves are tried in"),
    "scramble": ("", "start instead from the goal after this many random moves"),
    "seed": ("0", "seed of the random moves of scramble"),
}
"""Parameter -> (default, help)."""


def from_params(params: Mapping[str, str]) -> Puzzle8:
    """Build the puzzle from ``-p`` strings (already checked against :data:`PARAMS`)."""
    goal = _board(params.get("goal", "012345678"), "goal")
    order = tuple(m.strip() for m in params.get("order", "up,down,left,right").split(","))
    if "scramble" in params:
        if "start" in params:
            raise UsageError(said("give either start or scramble, not both"))
        moves = _count(params["scramble"], "scramble")
        if moves > MAX_SCRAMBLE:
            raise UsageError(said("scramble must be at most {most:,} moves, got {moves}: a "
                                  "few dozen random moves already reach any of the 181,440 "
                                  "positions", most=MAX_SCRAMBLE,
                                  moves=params["scramble"][:20]))
        seed = _count(params.get("seed", "0"), "seed")
        start = scramble(goal, moves, random.Random(seed))
    else:
        if "seed" in params:
            raise UsageError(said("seed applies only with scramble"))
        start = _board(params.get("start", "724506831"), "start")
    return Puzzle8(start, goal=goal, order=order)


def _board(text: str, what: str) -> State:
    digits = text.replace("/", "").replace("_", "0").replace(",", "")
    if len(digits) != 9 or not (digits.isascii() and digits.isdigit()):
        raise UsageError(said("{what} must be nine digits 0-8 (0 for the blank), got "
                              "{text!r}", what=what, text=text))
    return tuple(int(d) for d in digits)


MAX_SCRAMBLE = 10_000
"""The most random moves ``-p scramble=N`` makes (tracer.ranges has the other bounds)."""


def _count(text: str, what: str) -> int:
    if len(text) > 12:
        text = text[:12] + "0"  # still digits: past every bound, without a 5,000-digit int
    try:
        return whole_number(text, low=0)
    except BadNumber:
        raise UsageError(said("{what} must be a whole number 0 or more, got {text!r}",
                              what=what, text=text)) from None
