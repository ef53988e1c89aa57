"""Othello ("Giochi a Due Avversari") on bitboards: two 64-bit masks, one per colour.

Rules as the notes give them: black (MAX) moves first; a move puts a disc on an empty
square so that it brackets one or more lines of opponent discs, which are turned over;
a move must turn at least one disc; a player with no such move passes; the game ends
when neither player can move, and whoever has more discs wins.  A pass is an explicit
move named ``pass`` so that the tree shows it.

Square ``row * 8 + col`` is bit ``row * 8 + col``, row 0 at the top; squares are named
``a1``..``h8`` with the column letter first and rows counted from the top, so black's
first moves are d3, c4, f5 and e6.  Moves are tried in the order of the notes' C code
(``getMax`` loops over x, then y): column by column, a1, a2, ..., a8, b1, ...

Move generation is the usual shift-based one (the "Dumb7Fill" of the Chess Programming
Wiki): per direction, shift the mover's discs over runs of opponent discs and keep the
empty squares reached.  :func:`perft` counts the leaves
of the move tree for checking it against the published counts (4, 12, 56, 244, 1396,
8200, 55092 from the start).

Evaluations (``eval``), all from black's (MAX's) point of view, with the notes' square
weights (45 in the corners ... 1 in the centre): ``weighted`` = weighted discs of black
minus those of white; ``count`` = disc difference; ``mobility`` = weighted + 0.45 x
weighted mobility, the weighted mobility of a side being the sum of the weights of the
squares where it could move.  The notes' C code scores only MAX's own discs
(``countPiecesWeighted(board, player)``); the differences used here are the zero-sum
form of the same functions.  A finished game scores +10000 / -10000 / 0 as in the notes.
"""

from __future__ import annotations

from functools import lru_cache

from tracer.errors import UsageError
from tracer.games.base import (
    Capabilities,
    Player,
    no_chance_nodes,
    nodes_by_move_paths,
    unknown_first_player,
)
from tracer.said import said

__all__ = ["PASS", "WEIGHTS", "Othello", "OthelloState", "legal_moves", "perft", "square_name",
           "weighted_sum"]

OthelloState = tuple[int, int, Player]
"""Black's discs, white's discs, and the player to move (MAX = black)."""

PASS = -1
"""The action of a player who has no move but whose opponent has one."""

WEIGHTS = (
    45, 36, 25, 4, 4, 25, 36, 45,
    36, 34, 23, 3, 3, 23, 34, 36,
    25, 23, 18, 2, 2, 18, 23, 25,
    12, 10, 6, 1, 1, 6, 10, 12,
    12, 10, 6, 1, 1, 6, 10, 12,
    25, 23, 18, 2, 2, 18, 23, 25,
    36, 34, 23, 3, 3, 23, 34, 36,
    45, 36, 25, 4, 4, 25, 36, 45,
)
"""The square weights of "Giochi a Due Avversari" (``countPiecesWeighted``), row by row from a1."""

WIN_SCORE = 10000
_FULL = (1 << 64) - 1
_NOT_A = sum(1 << (r * 8 + c) for r in range(8) for c in range(1, 8))
_NOT_H = sum(1 << (r * 8 + c) for r in range(8) for c in range(7))
# (shift, mask applied before shifting so nothing wraps around an edge, shift left?)
_DIRECTIONS = (
    (1, _NOT_H, True), (1, _NOT_A, False),    # east, west
    (8, _FULL, True), (8, _FULL, False),      # south, north
    (9, _NOT_H, True), (7, _NOT_A, True),     # south-east, south-west
    (7, _NOT_H, False), (9, _NOT_A, False),   # north-east, north-west
)
_ROW_WEIGHTS = tuple(
    tuple(sum(WEIGHTS[r * 8 + c] for c in range(8) if byte >> c & 1) for byte in range(256))
    for r in range(8)
)


class _RowPictures(dict[int, str]):
    """``XO..X...`` for a row's black byte | white byte << 8, drawn on first use."""

    def __missing__(self, key: int) -> str:
        text = self[key] = "".join("X" if key >> c & 1 else "O" if key >> (8 + c) & 1 else "."
                                   for c in range(8))
        return text


_ROW_PICTURES = _RowPictures()
_START = (1 << 28 | 1 << 35, 1 << 27 | 1 << 36)  # black e4 d5, white d4 e5
_MAX, _MIN = Player.MAX, Player.MIN


_NAMES = {PASS: "pass", **{sq: "abcdefgh"[sq % 8] + str(sq // 8 + 1) for sq in range(64)}}


def square_name(sq: int) -> str:
    """``a1`` for square 0, ``h8`` for 63 (column letter, row from the top); ``pass``."""
    return _NAMES[sq]


_ARRIVALS = tuple((n, (mask << n if left else mask >> n) & _FULL, left)
                  for n, mask, left in _DIRECTIONS)
"""Per direction: the shift, the squares a shift may land on without wrapping round
an edge, and whether it shifts left."""


@lru_cache(maxsize=1 << 16)
def legal_moves(own: int, opp: int) -> int:
    """The mask of the squares where the side owning ``own`` may move.

    Per direction, the runs of opponent discs next to ``own`` are filled in three
    doubling steps (a Kogge-Stone fill, as in the Chess Programming Wiki), and an empty
    square just past a run is a move."""
    empty = ~(own | opp) & _FULL
    moves = 0
    for n, land, left in _ARRIVALS:
        pro = opp & land
        if left:
            gen = own | pro & own << n
            pro &= pro << n
            gen |= pro & gen << 2 * n
            pro &= pro << 2 * n
            gen |= pro & gen << 4 * n
            moves |= (gen & opp) << n & land & empty
        else:
            gen = own | pro & own >> n
            pro &= pro >> n
            gen |= pro & gen >> 2 * n
            pro &= pro >> 2 * n
            gen |= pro & gen >> 4 * n
            moves |= (gen & opp) >> n & land & empty
    return moves


def _can_move(own: int, opp: int) -> bool:
    """Whether the side owning ``own`` has a move: :func:`legal_moves` stopping at the
    first direction that gives one (the terminal test of every node asks this)."""
    empty = ~(own | opp) & _FULL
    for n, land, left in _ARRIVALS:
        pro = opp & land
        if left:
            gen = own | pro & own << n
            pro &= pro << n
            gen |= pro & gen << 2 * n
            pro &= pro << 2 * n
            gen |= pro & gen << 4 * n
            if (gen & opp) << n & land & empty:
                return True
        else:
            gen = own | pro & own >> n
            pro &= pro >> n
            gen |= pro & gen >> 2 * n
            pro &= pro >> 2 * n
            gen |= pro & gen >> 4 * n
            if (gen & opp) >> n & land & empty:
                return True
    return False


def _flips(own: int, opp: int, move: int) -> int:
    """The discs turned over when the side owning ``own`` plays on bit ``move``.

    The eight directions of :data:`_DIRECTIONS` written out: most end at once (no
    opponent disc next to the move), and a loop over the table cost twice as much."""
    flips = 0
    x = (move & _NOT_H) << 1  # east
    if x & opp:
        run = x
        x = (x & _NOT_H) << 1
        while x & opp:
            run |= x
            x = (x & _NOT_H) << 1
        if x & own:
            flips |= run
    x = (move & _NOT_A) >> 1  # west
    if x & opp:
        run = x
        x = (x & _NOT_A) >> 1
        while x & opp:
            run |= x
            x = (x & _NOT_A) >> 1
        if x & own:
            flips |= run
    x = move << 8  # south
    if x & opp:
        run = x
        x = x << 8
        while x & opp:
            run |= x
            x = x << 8
        if x & own:
            flips |= run
    x = move >> 8  # north
    if x & opp:
        run = x
        x = x >> 8
        while x & opp:
            run |= x
            x = x >> 8
        if x & own:
            flips |= run
    x = (move & _NOT_H) << 9  # south-east
    if x & opp:
        run = x
        x = (x & _NOT_H) << 9
        while x & opp:
            run |= x
            x = (x & _NOT_H) << 9
        if x & own:
            flips |= run
    x = (move & _NOT_A) << 7  # south-west
    if x & opp:
        run = x
        x = (x & _NOT_A) << 7
        while x & opp:
            run |= x
            x = (x & _NOT_A) << 7
        if x & own:
            flips |= run
    x = (move & _NOT_H) >> 7  # north-east
    if x & opp:
        run = x
        x = (x & _NOT_H) >> 7
        while x & opp:
            run |= x
            x = (x & _NOT_H) >> 7
        if x & own:
            flips |= run
    x = (move & _NOT_A) >> 9  # north-west
    if x & opp:
        run = x
        x = (x & _NOT_A) >> 9
        while x & opp:
            run |= x
            x = (x & _NOT_A) >> 9
        if x & own:
            flips |= run
    return flips

def weighted_sum(mask: int) -> int:
    """The sum of the notes' weights of the squares in ``mask``."""
    w0, w1, w2, w3, w4, w5, w6, w7 = _ROW_WEIGHTS
    return (w0[mask & 0xFF] + w1[mask >> 8 & 0xFF] + w2[mask >> 16 & 0xFF]
            + w3[mask >> 24 & 0xFF] + w4[mask >> 32 & 0xFF] + w5[mask >> 40 & 0xFF]
            + w6[mask >> 48 & 0xFF] + w7[mask >> 56])


def _squares(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _play(state: OthelloState, sq: int) -> OthelloState:
    black, white, mover = state
    if sq == PASS:
        return black, white, mover.opponent
    bit = 1 << sq
    if mover is _MAX:
        f = _flips(black, white, bit)
        return black | bit | f, white & ~f, _MIN
    f = _flips(white, black, bit)
    return black & ~f, white | bit | f, _MAX


def _transpose(x: int) -> int:
    """The mask mirrored in the a1-h8 diagonal: square r*8+c moves to c*8+r (the
    delta swaps of the Chess Programming Wiki's flipDiagA1H8)."""
    t = 0x0F0F0F0F00000000 & (x ^ (x << 28))
    x ^= t ^ (t >> 28)
    t = 0x3333000033330000 & (x ^ (x << 14))
    x ^= t ^ (t >> 14)
    t = 0x5500550055005500 & (x ^ (x << 7))
    return x ^ t ^ (t >> 7)


_FROM_COLUMN_ORDER = tuple((t % 8) * 8 + t // 8 for t in range(64))


def _moves(state: OthelloState) -> list[int]:
    black, white, mover = state
    own, opp = (black, white) if mover is _MAX else (white, black)
    mask = legal_moves(own, opp)
    if mask:  # transposed, ascending bits come column by column
        back = _FROM_COLUMN_ORDER
        return [back[t] for t in _squares(_transpose(mask))]
    return [PASS] if legal_moves(opp, own) else []


def perft(state: OthelloState, depth: int) -> int:
    """The number of move sequences of length ``depth`` from ``state`` (passes count as moves;
    a finished game counts once, however early it ends)."""
    if depth == 0:
        return 1
    moves = _moves(state)
    if not moves:
        return 1
    if depth == 1:
        return len(moves)
    return sum(perft(_play(state, sq), depth - 1) for sq in moves)


def parse_board(board: str) -> tuple[int, int]:
    """Black's and white's masks from 64 characters row by row from a1 (``x``/``b`` black,
    ``o``/``w`` white, ``.``/``-`` empty; spaces, newlines and ``/`` are ignored)."""
    text = "".join(c for c in board.lower() if c not in " \t\r\n/")
    if len(text) != 64 or any(c not in "xbow.-" for c in text):
        raise UsageError(said(
            "bad othello board: give 64 characters x (black), o (white) or '.', row by row "
            "from a1 (got {count} characters)", count=len(text)))
    black = sum(1 << i for i, c in enumerate(text) if c in "xb")
    white = sum(1 << i for i, c in enumerate(text) if c in "ow")
    return black, white


EVALUATIONS = ("weighted", "count", "mobility")


class Othello:
    """Othello from the standard start (``board=None`` or ``"start"``) or any ``board``;
    black is MAX, ``first`` says who moves at that position."""

    capabilities = Capabilities(evaluation=True)

    def __init__(self, board: str | None = None, *, first: str = "black",
                 eval: str = "weighted") -> None:
        if first not in ("black", "white"):
            raise UsageError(unknown_first_player("othello", first, "black, white"))
        if eval not in EVALUATIONS:
            raise UsageError(said("unknown othello eval {eval!r} (choose from: {allowed})",
                                  eval=eval, allowed=", ".join(EVALUATIONS)))
        self.name = "othello"
        self.board = _START if board is None or board == "start" else parse_board(board)
        self.first = first
        self.eval = eval
        self._evaluate = {"weighted": self._weighted, "count": self._count,
                          "mobility": self._mobility}[eval]

    def initial_state(self) -> OthelloState:
        """The given position with ``first`` to move."""
        return self.board[0], self.board[1], _MAX if self.first == "black" else _MIN

    def to_move(self, state: OthelloState) -> Player:
        """MAX when black moves."""
        return state[2]

    def actions(self, state: OthelloState) -> list[int]:
        """Legal squares column by column (a1, a2, ...); ``[PASS]``; ``[]`` once the game ends."""
        return _moves(state)

    def result(self, state: OthelloState, action: int) -> OthelloState:
        """Place a disc on square ``action`` and turn the bracketed discs (or pass)."""
        return _play(state, action)

    def is_terminal(self, state: OthelloState) -> bool:
        """True when neither side can move."""
        black, white, _ = state
        return not _can_move(black, white) and not _can_move(white, black)

    def utility(self, state: OthelloState) -> float:
        """+10000 if black has more discs, -10000 if white has, 0 for a draw."""
        diff = state[0].bit_count() - state[1].bit_count()
        return WIN_SCORE if diff > 0 else -WIN_SCORE if diff < 0 else 0

    def evaluate(self, state: OthelloState) -> float:
        """The evaluation chosen by ``eval`` (black's point of view)."""
        return self._evaluate(state[0], state[1])

    @staticmethod
    def _weighted(black: int, white: int) -> float:
        return weighted_sum(black) - weighted_sum(white)

    @staticmethod
    def _count(black: int, white: int) -> float:
        return black.bit_count() - white.bit_count()

    @staticmethod
    def _mobility(black: int, white: int) -> float:
        own, other = legal_moves(black, white), legal_moves(white, black)
        mobility = weighted_sum(own) - weighted_sum(other)
        # One division of integers: 0.45 * 37 would print as 16.650000000000002.
        return (100 * (weighted_sum(black) - weighted_sum(white)) + 45 * mobility) / 100

    def probability(self, state: OthelloState, action: int) -> float:
        """Othello has no chance nodes."""
        raise UsageError(no_chance_nodes("othello"))

    def move_name(self, state: OthelloState, action: int) -> str:
        """The square, e.g. ``d3``, or ``pass``."""
        return _NAMES[action]

    def node_id(self, state: OthelloState) -> str:
        """Unused: node ids of generated games are move paths."""
        raise UsageError(nodes_by_move_paths("othello"))

    def describe(self, state: OthelloState) -> str:
        """The board on eight lines, ``X`` black, ``O`` white, ``.`` empty."""
        black, white, _ = state
        rows = _ROW_PICTURES
        return "\n".join([rows[black >> shift & 0xFF | (white >> shift & 0xFF) << 8]
                          for shift in range(0, 64, 8)])
