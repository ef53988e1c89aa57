"""Chomp on a ``rows`` x ``cols`` board ("Teoria dei giochi", "Esempio": the 4x4 square).

The squares are numbered 1..rows*cols row by row from the top left, as in the notes::

     1  2  3  4
     5  6  7  8
     9 10 11 12
    13 14 15 16

Players take turns to take a square; taking a square also removes every square above
it and to its right (the quadrant it opens to the top right).  The bottom-left square,
13 on the 4x4 board, is poisoned: whoever takes it loses (Gale 1974; the notes call it
"la casella 13").  Any remaining square may be taken, the poisoned one included, so the
game ends exactly when the board is empty.  By a strategy-stealing argument the first
player wins on every rectangle larger than 1x1; on a square the winning move is the one
diagonally next to the poisoned square (10 on 4x4), which leaves an L whose two arms
the first player then keeps equal.

A state is ``(lengths, mover)``: the lengths of the rows counted from the bottom, which
never increase going up.  A move is a square number and is named by it; moves come in
number order.  The notes give no static evaluation; :meth:`Chomp.evaluate` scores every
undecided position 0.
"""

from __future__ import annotations

from tracer.errors import UsageError
from tracer.games.base import (
    Capabilities,
    Player,
    first_not_max_or_min,
    no_chance_nodes,
    nodes_by_move_paths,
)
from tracer.games.params import check_bound
from tracer.said import said

MAX_SIDE = 20
"""The most rows, and the most columns: a node has one move per square left (up to
rows x cols) and a game lasts up to rows x cols moves."""

__all__ = ["Chomp", "ChompState"]

ChompState = tuple[tuple[int, ...], Player]
"""Row lengths from the bottom row up, and the player to move."""


class Chomp:
    """Chomp with the poisoned square at the bottom left; ``first`` (default MAX) starts."""

    capabilities = Capabilities(evaluation=True)

    def __init__(self, rows: int = 4, cols: int = 4, *,
                 first: Player | str = Player.MAX) -> None:
        if rows < 1 or cols < 1:
            raise UsageError(said("chomp needs at least 1 row and 1 column, got {rows}x{cols}",
                                  rows=rows, cols=cols))
        for name, size in (("rows", rows), ("cols", cols)):
            check_bound("chomp", name, size, MAX_SIDE,
                        said("a node has one move per square left"))
        if first not in (Player.MAX, Player.MIN):
            raise UsageError(first_not_max_or_min("chomp", first))
        self.name = "chomp"
        self.rows = rows
        self.cols = cols
        self.first = Player(first)
        self.poison = (rows - 1) * cols + 1
        """The number of the poisoned square (13 on the 4x4 board)."""

    def square(self, row: int, col: int) -> int:
        """The number of the square at ``row`` (0 = top) and ``col`` (0 = left)."""
        return row * self.cols + col + 1

    def initial_state(self) -> ChompState:
        """The full board."""
        return (self.cols,) * self.rows, self.first

    def to_move(self, state: ChompState) -> Player:
        """The player to move."""
        return state[1]

    def actions(self, state: ChompState) -> list[int]:
        """The numbers of the remaining squares, smallest first."""
        lengths = state[0]
        rows, cols = self.rows, self.cols
        return [top * cols + c + 1 for top in range(rows) for c in range(lengths[rows - 1 - top])]

    def result(self, state: ChompState, action: int) -> ChompState:
        """Remove square ``action`` and every square above it and to its right."""
        lengths, mover = state
        top, col = divmod(action - 1, self.cols)
        bottom = self.rows - 1 - top
        cut = tuple(min(n, col) for n in lengths[bottom:])
        return lengths[:bottom] + cut, mover.opponent

    def is_terminal(self, state: ChompState) -> bool:
        """True when the board is empty (the poisoned square has been taken)."""
        return state[0][0] == 0

    def utility(self, state: ChompState) -> float:
        """The player who took the poisoned square lost: that is the one not to move now."""
        return state[1].sign

    def evaluate(self, state: ChompState) -> float:
        """0: the notes give no heuristic for this game."""
        return 0

    def probability(self, state: ChompState, action: int) -> float:
        """Chomp has no chance nodes."""
        raise UsageError(no_chance_nodes("chomp"))

    def move_name(self, state: ChompState, action: int) -> str:
        """The square's number, e.g. ``10``."""
        return str(action)

    def node_id(self, state: ChompState) -> str:
        """Unused: node ids of generated games are move paths."""
        raise UsageError(nodes_by_move_paths("chomp"))

    def describe(self, state: ChompState) -> str:
        """The board with the numbers of the remaining squares and ``.`` for taken ones."""
        lengths = state[0]
        width = len(str(self.rows * self.cols))
        lines = []
        for top in range(self.rows):
            n = lengths[self.rows - 1 - top]
            cells = [str(self.square(top, c)) if c < n else "." for c in range(self.cols)]
            lines.append(" ".join(cell.rjust(width) for cell in cells))
        return "\n".join(lines)
