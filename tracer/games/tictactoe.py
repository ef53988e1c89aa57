"""Tic-tac-toe (*filetto*, "Giochi a due giocatori") on two 9-bit masks packed in one int.

A state is the int ``x | (o << 9)``: bit ``i`` of ``x`` (of ``o``) is set when X (O) holds
cell ``i``.  Cells are numbered row by row from the top left, and named like Othello
squares: column letter ``a``..``c`` from the left, row ``1``..``3`` from the top, so
cell 0 is ``a1``, the centre (4) is ``b2`` and cell 8 is ``c3``.  X is MAX (Più) and O is
MIN (Meno); who moves is deduced from the number of marks and who moved first.

An action is the bit to add (``1 << i`` for X, ``1 << (9 + i)`` for O), so ``result``
is one ``|``.  Everything else about a position (who moves, won or not, the moves) is
computed once per position and memoised: a full search from the empty board meets
only 5,478 distinct positions among its 549,946 nodes.

The static evaluation is the lecture's e(p) (Nilsson 1971, as "Giochi a due giocatori" gives it):
the rows, columns and diagonals still open to MAX minus those still open to MIN, and
+``win`` / -``win`` for a position won by MAX / MIN (``win`` defaults to +inf as in the
notes).  With ``symmetry=True`` the moves leading to positions that are equal up to a
rotation or reflection of the board are merged, keeping the first in natural order
(the notes merge them to keep the depth-2 trees small).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from typing import TypeVar

from tracer.errors import UsageError
from tracer.games.base import (
    Capabilities,
    Player,
    no_chance_nodes,
    nodes_by_move_paths,
    unknown_first_player,
)
from tracer.said import said

__all__ = ["CELL_NAMES", "LINES", "TicTacToe", "parse_board"]

_MAX, _MIN = Player.MAX, Player.MIN
_FULL = 0x1FF
_V = TypeVar("_V")

CELL_NAMES = tuple(f"{'abc'[i % 3]}{i // 3 + 1}" for i in range(9))
"""``a1 b1 c1 a2 b2 c2 a3 b3 c3``: column letter, then row number counted from the top."""

LINES = tuple(
    sum(1 << i for i in cells)
    for cells in ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8),
                  (0, 4, 8), (2, 4, 6))
)
"""The eight winning lines as 9-bit masks: rows, columns, diagonals."""

_NAME_OF_BIT = {**{1 << i: n for i, n in enumerate(CELL_NAMES)},
                **{1 << (9 + i): n for i, n in enumerate(CELL_NAMES)}}

# The eight symmetries of the square as cell permutations: new cell j holds old cell p[j].
_ROTATE = (6, 3, 0, 7, 4, 1, 8, 5, 2)
_MIRROR = (2, 1, 0, 5, 4, 3, 8, 7, 6)


def _compose(p: tuple[int, ...], q: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(p[q[j]] for j in range(9))


def _symmetries() -> tuple[tuple[int, ...], ...]:
    out = [tuple(range(9))]
    for _ in range(3):
        out.append(_compose(out[-1], _ROTATE))
    out += [_compose(p, _MIRROR) for p in out]
    return tuple(out)


_SYMMETRIES = _symmetries()


def _won(mask: int) -> bool:
    return any(mask & line == line for line in LINES)


_WON = tuple(_won(mask) for mask in range(512))
"""Whether a 9-bit mask holds a line, for every mask: filling a position's facts is
then a few lookups (a search's first pass over the positions costs half as much)."""
_FREE_X = tuple(tuple(1 << i for i in range(9) if not taken >> i & 1) for taken in range(512))
"""X's moves (bits to add) when the cells of a 9-bit mask are taken, in cell order."""
_FREE_O = tuple(tuple(bit << 9 for bit in bits) for bits in _FREE_X)
"""O's moves likewise."""
_OPEN = tuple(sum(1 for line in LINES if not mask & line) for mask in range(512))
"""The lines a player's opponent holding a 9-bit mask has left open to him."""


def _canonical(state: int) -> int:
    """The smallest code among the eight images of ``state`` under the board's symmetries."""
    best = state
    for perm in _SYMMETRIES:
        image = 0
        for j, i in enumerate(perm):
            if state >> i & 1:
                image |= 1 << j
            if state >> (9 + i) & 1:
                image |= 1 << (9 + j)
        best = min(best, image)
    return best


class _Table(dict[int, _V]):
    """One fact per position, computed on first use: a miss fills every table at once."""

    def __init__(self, fill: Callable[[int], None]) -> None:
        super().__init__()
        self._fill = fill

    def __missing__(self, state: int) -> _V:
        self._fill(state)
        return self[state]


class _Labels(dict[int, str]):
    """Board pictures, drawn on first use."""

    def __missing__(self, state: int) -> str:
        cells = ["X" if state >> i & 1 else "O" if state >> (9 + i) & 1 else "."
                 for i in range(9)]
        label = self[state] = "\n".join("".join(cells[r * 3:r * 3 + 3]) for r in range(3))
        return label


def parse_board(board: str) -> int:
    """The state code of a 9-character board (``x``, ``o``, ``.``; row by row from the top)."""
    text = board.strip().lower()
    if len(text) != 9 or any(c not in "xo.-" for c in text):
        if len(board) <= 20:
            raise UsageError(said("bad tictactoe board {board!r}: give 9 characters x, o or "
                                  "'.', row by row from the top (e.g. board=x...o....)",
                                  board=board))
        raise UsageError(said("bad tictactoe board of {count:,} characters: give 9 characters "
                              "x, o or '.', row by row from the top (e.g. board=x...o....)",
                              count=len(board)))
    state = 0
    for i, c in enumerate(text):
        if c == "x":
            state |= 1 << i
        elif c == "o":
            state |= 1 << (9 + i)
    return state


class TicTacToe:
    """Tic-tac-toe from any position; X is MAX.

    ``board``: 9 characters row by row from the top (``x``, ``o``, ``.``).
    ``first``: who moved first (``x`` or ``o``), which fixes who moves now.
    ``win``: e(p) of a won position (default +inf).  ``utility``: ``unit`` scores the end of
    a game +1 / -1 / 0, ``eval`` scores it with e(p) (+-``win``, 0 for a draw), so that a
    depth-limited search ranks a win above every open position as the notes do.
    """

    capabilities = Capabilities(evaluation=True)

    # The calls a search makes at every node are bound in __init__ to C functions
    # (dict lookups in memo tables, and ``|``) rather than defined as methods: without a
    # Python frame per call a full search runs about 15% faster.
    to_move: Callable[[int], Player]
    """MAX when X moves."""
    actions: Callable[[int], tuple[int, ...]]
    """The free cells in order a1, b1, c1, a2, ... (one per symmetry class if merging);
    each is the bit to add for the mover."""
    result: Callable[[int, int], int]
    """The position with the mover's mark added: ``state | action``."""
    is_terminal: Callable[[int], bool]
    """True when someone has three in a row or the board is full."""
    utility: Callable[[int], float]
    """+1 / -1 / 0 (or e(p) with ``utility="eval"``) from X's (MAX's) point of view."""
    describe: Callable[[int], str]
    """The board on three lines, e.g. ``X.O\\n.X.\\n..O``."""

    def __init__(self, board: str = ".........", *, first: str = "x", symmetry: bool = False,
                 win: float = math.inf, utility: str = "unit") -> None:
        if first not in ("x", "o"):
            raise UsageError(unknown_first_player("tictactoe", first, "o, x"))
        if utility not in ("unit", "eval"):
            raise UsageError(said("unknown tictactoe utility {utility!r} (choose from: eval, "
                                  "unit)", utility=utility))
        if not win > 0:
            raise UsageError(said("tictactoe win must be a positive number or inf, got {win}",
                                  win=win))
        self.name = "tictactoe"
        self.first = first
        self.symmetry = symmetry
        self.win = win
        self.unit = utility == "unit"
        self._mover: _Table[Player] = _Table(self._fill)
        self._terminal: _Table[bool] = _Table(self._fill)
        self._utility: _Table[float] = _Table(self._fill)
        self._actions: _Table[tuple[int, ...]] = _Table(self._fill)
        # A traced full search labels each of 5,478 boards about 100 times.
        self.describe = _Labels().__getitem__
        self.to_move = self._mover.__getitem__
        self.actions = self._actions.__getitem__
        self.result = operator.or_
        self.is_terminal = self._terminal.__getitem__
        self.utility = self._utility.__getitem__
        self._start = parse_board(board)
        self._check_start()

    def _check_start(self) -> None:
        x, o = self._start & _FULL, self._start >> 9
        nx, no = x.bit_count(), o.bit_count()
        lead, trail = (nx, no) if self.first == "x" else (no, nx)
        if lead - trail not in (0, 1):
            raise UsageError(said(
                "impossible tictactoe board: {x} X and {o} O with {first} moving first (the "
                "first player has as many marks as the other, or one more)",
                x=nx, o=no, first=self.first.upper()))
        x_won, o_won = _WON[x], _WON[o]
        if x_won and o_won:
            raise UsageError(said("impossible tictactoe board: both X and O have three in a "
                                  "row"))
        mover = self.to_move(self._start)
        if (x_won and mover is _MAX) or (o_won and mover is _MIN):
            raise UsageError(said("impossible tictactoe board: the winner cannot be the one to "
                                  "move"))

    def _fill(self, state: int) -> None:
        """Work out who moves, whether the game is over, its score and the moves."""
        x, o = state & _FULL, state >> 9
        nx, no = x.bit_count(), o.bit_count()
        x_moves = nx == no if self.first == "x" else nx < no
        x_won, o_won = _WON[x], _WON[o]
        terminal = x_won or o_won or (x | o) == _FULL
        moves: tuple[int, ...] = ()
        if not terminal:
            moves = (_FREE_X if x_moves else _FREE_O)[x | o]
            if self.symmetry:
                seen: set[int] = set()
                kept = []
                for bit in moves:
                    key = _canonical(state | bit)
                    if key not in seen:
                        seen.add(key)
                        kept.append(bit)
                moves = tuple(kept)
        if self.unit:
            value: float = 1 if x_won else -1 if o_won else 0
        else:
            value = self.win if x_won else -self.win if o_won else 0
        self._mover[state] = _MAX if x_moves else _MIN
        self._terminal[state] = terminal
        self._utility[state] = value if terminal else 0
        self._actions[state] = moves

    def initial_state(self) -> int:
        """The position given by ``board``."""
        return self._start

    def evaluate(self, state: int) -> float:
        """The notes' e(p): lines open to MAX minus lines open to MIN; +-``win`` if won."""
        x, o = state & _FULL, state >> 9
        if _WON[x]:
            return self.win
        if _WON[o]:
            return -self.win
        return _OPEN[o] - _OPEN[x]

    def probability(self, state: int, action: int) -> float:
        """Tic-tac-toe has no chance nodes."""
        raise UsageError(no_chance_nodes("tictactoe"))

    def move_name(self, state: int, action: int) -> str:
        """The cell's name, e.g. ``b2`` for the centre."""
        return _NAME_OF_BIT[action]

    def node_id(self, state: int) -> str:
        """Unused: node ids of generated games are move paths."""
        raise UsageError(nodes_by_move_paths("tictactoe"))

