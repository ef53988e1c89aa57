"""Chess over python-chess: ``gametrace run chess -p fen=... --depth 3``.

White is MAX.  A state is a :class:`chess.Board` that no one changes after it is made:
:meth:`Chess.result` copies the board without its move stack
(``board.copy(stack=False)``) and pushes the move on the copy, so a position never
remembers the moves that led to it.  What this leaves out: fivefold repetition is never
seen (python-chess needs the move stack for it), the 75-move rule is (it reads the
halfmove clock of the FEN).  Moves are :class:`chess.Move` objects tried in
python-chess's generation order and named in SAN (``Nf3``, ``exd5``, ``O-O``, ``e8=Q+``).

A position is over when ``board.outcome()`` says so (checkmate, stalemate, insufficient
material, the 75-move rule).  A checkmate scores ``+-(MATE - plies)`` where ``plies`` is
the board's ply count, so that a quicker mate scores higher; a draw scores 0.

Evaluations (``eval``), in centipawns from White's view, both from Tomasz Michniewski's
"Simplified Evaluation Function" (Chess Programming Wiki): ``material`` counts the
pieces at P 100, N 320, B 330, R 500, Q 900; ``material+pst`` adds his piece-square
tables (the king's middle-game table), read for Black from the mirrored square.

:func:`move_class` and :func:`san_class` name a move's class (promotion, capture,
check, quiet) from the board or from its SAN alone, for statistics over a trace.
"""

from __future__ import annotations

from collections.abc import Sequence

import chess

from tracer.errors import UsageError
from tracer.games.base import Capabilities, Player, no_chance_nodes, nodes_by_move_paths
from tracer.said import Said, said
from tracer.stderr_channel import note

__all__ = ["EVALUATIONS", "MATE", "MAX_FEN", "MOVE_CLASSES", "PIECE_VALUES", "PST", "Chess",
           "move_class", "san_class"]

EVALUATIONS = ("material+pst", "material")
"""The static evaluations, the first the default."""

MOVE_CLASSES = ("promotion", "capture", "check", "quiet")
"""A move's classes in the order :func:`move_class` tests them: a move that is several
(a capture giving check) is named by the first."""

MATE = 100_000
"""The score of a checkmate, less the plies played (centipawns)."""

MAX_FEN = 100
"""The longest FEN accepted (the longest legal one is under 90 characters)."""

PIECE_VALUES = {chess.PAWN: 100, chess.KNIGHT: 320, chess.BISHOP: 330, chess.ROOK: 500,
                chess.QUEEN: 900, chess.KING: 0}
"""Michniewski's piece values in centipawns (the king's 20000 cancels out)."""

# Michniewski's tables, as he prints them: from White's side, rank 8 first, a to h.
_PST_PRINTED = {
    chess.PAWN: (
        0, 0, 0, 0, 0, 0, 0, 0,
        50, 50, 50, 50, 50, 50, 50, 50,
        10, 10, 20, 30, 30, 20, 10, 10,
        5, 5, 10, 25, 25, 10, 5, 5,
        0, 0, 0, 20, 20, 0, 0, 0,
        5, -5, -10, 0, 0, -10, -5, 5,
        5, 10, 10, -20, -20, 10, 10, 5,
        0, 0, 0, 0, 0, 0, 0, 0),
    chess.KNIGHT: (
        -50, -40, -30, -30, -30, -30, -40, -50,
        -40, -20, 0, 0, 0, 0, -20, -40,
        -30, 0, 10, 15, 15, 10, 0, -30,
        -30, 5, 15, 20, 20, 15, 5, -30,
        -30, 0, 15, 20, 20, 15, 0, -30,
        -30, 5, 10, 15, 15, 10, 5, -30,
        -40, -20, 0, 5, 5, 0, -20, -40,
        -50, -40, -30, -30, -30, -30, -40, -50),
    chess.BISHOP: (
        -20, -10, -10, -10, -10, -10, -10, -20,
        -10, 0, 0, 0, 0, 0, 0, -10,
        -10, 0, 5, 10, 10, 5, 0, -10,
        -10, 5, 5, 10, 10, 5, 5, -10,
        -10, 0, 10, 10, 10, 10, 0, -10,
        -10, 10, 10, 10, 10, 10, 10, -10,
        -10, 5, 0, 0, 0, 0, 5, -10,
        -20, -10, -10, -10, -10, -10, -10, -20),
    chess.ROOK: (
        0, 0, 0, 0, 0, 0, 0, 0,
        5, 10, 10, 10, 10, 10, 10, 5,
        -5, 0, 0, 0, 0, 0, 0, -5,
        -5, 0, 0, 0, 0, 0, 0, -5,
        -5, 0, 0, 0, 0, 0, 0, -5,
        -5, 0, 0, 0, 0, 0, 0, -5,
        -5, 0, 0, 0, 0, 0, 0, -5,
        0, 0, 0, 5, 5, 0, 0, 0),
    chess.QUEEN: (
        -20, -10, -10, -5, -5, -10, -10, -20,
        -10, 0, 0, 0, 0, 0, 0, -10,
        -10, 0, 5, 5, 5, 5, 0, -10,
        -5, 0, 5, 5, 5, 5, 0, -5,
        0, 0, 5, 5, 5, 5, 0, -5,
        -10, 5, 5, 5, 5, 5, 0, -10,
        -10, 0, 5, 0, 0, 0, 0, -10,
        -20, -10, -10, -5, -5, -10, -10, -20),
    chess.KING: (
        -30, -40, -40, -50, -50, -40, -40, -30,
        -30, -40, -40, -50, -50, -40, -40, -30,
        -30, -40, -40, -50, -50, -40, -40, -30,
        -30, -40, -40, -50, -50, -40, -40, -30,
        -20, -30, -30, -40, -40, -30, -30, -20,
        -10, -20, -20, -20, -20, -20, -20, -10,
        20, 20, 0, 0, 0, 0, 20, 20,
        20, 30, 10, 0, 0, 10, 30, 20),
}

PST = {piece: tuple(table[sq ^ 56] for sq in range(64))
       for piece, table in _PST_PRINTED.items()}
"""Per piece type, White's bonus on each python-chess square (a1 = 0, h8 = 63); Black's
on square ``sq`` is White's on ``sq ^ 56`` (the same file, the mirrored rank)."""

_MAX, _MIN = Player.MAX, Player.MIN
_ORDER = (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN, chess.KING)
_TABLES = tuple((PIECE_VALUES[piece], PST[piece],
                 tuple(PST[piece][sq ^ 56] for sq in range(64))) for piece in _ORDER)
"""Per piece type (pawn first): its value and the bonus of each square for White and for
Black."""
_new = object.__new__


def _copied(board: chess.Board) -> chess.Board:
    """``board.copy(stack=False)`` without running the constructor (which clears a board
    before the copy fills it): the fields set in the order ``Board.__init__`` sets them,
    so that the copy's attributes are laid out as a constructed board's and read as
    fast (a copy is made at every node searched)."""
    copy = _new(type(board))
    copy.occupied_co = board.occupied_co[:]
    copy.pawns = board.pawns
    copy.knights = board.knights
    copy.bishops = board.bishops
    copy.rooks = board.rooks
    copy.queens = board.queens
    copy.kings = board.kings
    copy.promoted = board.promoted
    copy.occupied = board.occupied
    copy.chess960 = board.chess960
    copy.ep_square = board.ep_square
    copy.move_stack = []
    copy._stack = []
    copy.turn = board.turn
    copy.castling_rights = board.castling_rights
    copy.halfmove_clock = board.halfmove_clock
    copy.fullmove_number = board.fullmove_number
    return copy


def move_class(board: chess.Board, move: chess.Move) -> str:
    """The class of ``move`` at ``board``, the first of :data:`MOVE_CLASSES` it is:
    ``promotion``, ``capture`` (en passant included), ``check``, else ``quiet``."""
    if move.promotion is not None:
        return "promotion"
    if board.is_capture(move):
        return "capture"
    if board.gives_check(move):
        return "check"
    return "quiet"


def san_class(san: str) -> str:
    """The class of a move from its SAN alone (a node id's last step), as
    :func:`move_class` names it: ``=`` promotes, ``x`` captures, ``+``/``#`` checks."""
    if "=" in san:
        return "promotion"
    if "x" in san:
        return "capture"
    if san.endswith(("+", "#")):
        return "check"
    return "quiet"


class Chess:
    """Chess from the position ``fen`` (default the start), White = MAX, evaluated by
    ``eval`` (one of :data:`EVALUATIONS`)."""

    capabilities = Capabilities(evaluation=True, needs_limit=True, move_classes=MOVE_CLASSES)

    def __init__(self, fen: str = "startpos", *, eval: str = EVALUATIONS[0]) -> None:
        if eval not in EVALUATIONS:
            raise UsageError(said("unknown chess evaluation {eval!r} (choose from: {allowed})",
                                  eval=eval, allowed=", ".join(EVALUATIONS)))
        text = " ".join(fen.split())
        if len(text) > MAX_FEN:
            raise UsageError(said("chess fen must be at most {most} characters, got {count:,}",
                                  most=MAX_FEN, count=len(text)))
        try:
            board = chess.Board() if text in ("", "startpos") else chess.Board(text)
        except ValueError as exc:
            raise UsageError(said("bad chess fen {fen!r}: {reason}", fen=text,
                                  reason=str(exc))) from None
        status = board.status()
        if status & ~chess.STATUS_IMPOSSIBLE_CHECK:
            problems = [flag for flag in chess.Status if flag and flag in status and flag.name]
            raise UsageError(said("chess fen {fen!r} is not a legal position: {problems}",
                                  fen=text, problems=_listed(problems)))
        if status:  # python-chess plays it: only its history is impossible
            note(said("chess fen {fen!r}: python-chess finds its check impossible to reach "
                      "(the checkers' alignment, or the en-passant square); searched as "
                      "python-chess plays it", fen=text))
        self.name = "chess"
        self.eval = eval
        self.start = board
        self._pst = eval == "material+pst"

    def initial_state(self) -> chess.Board:
        """The position of ``fen``."""
        return self.start.copy(stack=False)

    def to_move(self, state: chess.Board) -> Player:
        """White is MAX, Black MIN."""
        return _MAX if state.turn else _MIN

    def actions(self, state: chess.Board) -> Sequence[chess.Move]:
        """The legal moves in python-chess's order (none when the game is over)."""
        if state.is_insufficient_material() or state.is_seventyfive_moves():
            return []
        return list(state.legal_moves)  # none at a checkmate or a stalemate

    def result(self, state: chess.Board, action: chess.Move) -> chess.Board:
        """A copy of ``state`` (without its move stack) with ``action`` played."""
        board = _copied(state)
        board.push(action)
        return board

    def is_terminal(self, state: chess.Board) -> bool:
        """``board.outcome()`` would say the game is over: no legal move (checkmate or
        stalemate), insufficient material or the 75-move rule (asked in this order, each
        once: outcome() asks for a legal move twice, first for a checkmate)."""
        return (not any(state.generate_legal_moves()) or state.is_insufficient_material()
                or state.is_seventyfive_moves())

    def utility(self, state: chess.Board) -> float:
        """``MATE - plies`` when White mates, its negation when Black does, else 0."""
        outcome = state.outcome()
        if outcome is None or outcome.winner is None:
            return 0
        score = MATE - state.ply()
        return score if outcome.winner else -score

    def evaluate(self, state: chess.Board) -> float:
        """Material (and the piece-square bonus), White's minus Black's, in centipawns."""
        total = 0
        black, white = state.occupied_co  # indexed by colour: BLACK = 0, WHITE = 1
        pst = self._pst
        # The piece sets read straight off the board's bitboards (what pieces_mask reads),
        # and their squares taken lowest bit first: the evaluation is most of a search.
        for mask, (value, ours, theirs) in zip(
                (state.pawns, state.knights, state.bishops, state.rooks, state.queens,
                 state.kings), _TABLES, strict=True):
            if not mask:
                continue
            mine, others = mask & white, mask & black
            if value:
                total += value * (mine.bit_count() - others.bit_count())
            if pst:
                while mine:
                    low = mine & -mine
                    total += ours[low.bit_length() - 1]
                    mine ^= low
                while others:
                    low = others & -others
                    total -= theirs[low.bit_length() - 1]
                    others ^= low
        return total

    def probability(self, state: chess.Board, action: chess.Move) -> float:
        """Chess has no chance nodes."""
        raise UsageError(no_chance_nodes("chess"))

    def move_name(self, state: chess.Board, action: chess.Move) -> str:
        """The move in SAN at ``state``: ``e4``, ``Nxf7+``, ``O-O``, ``e8=Q#``."""
        return state.san(action)

    def move_class(self, state: chess.Board, action: chess.Move) -> str:
        """The move's class (:func:`move_class`): promotion, capture, check or quiet."""
        return move_class(state, action)

    def node_id(self, state: chess.Board) -> str:
        """Unused: node ids of generated games are move paths."""
        raise UsageError(nodes_by_move_paths("chess"))

    def describe(self, state: chess.Board) -> str:
        """The position's FEN."""
        return state.fen()


_PROBLEMS: dict[chess.Status, Said] = {
    chess.STATUS_NO_WHITE_KING: said("no white king"),
    chess.STATUS_NO_BLACK_KING: said("no black king"),
    chess.STATUS_TOO_MANY_KINGS: said("too many kings"),
    chess.STATUS_TOO_MANY_WHITE_PAWNS: said("too many white pawns"),
    chess.STATUS_TOO_MANY_BLACK_PAWNS: said("too many black pawns"),
    chess.STATUS_PAWNS_ON_BACKRANK: said("pawns on backrank"),
    chess.STATUS_TOO_MANY_WHITE_PIECES: said("too many white pieces"),
    chess.STATUS_TOO_MANY_BLACK_PIECES: said("too many black pieces"),
    chess.STATUS_BAD_CASTLING_RIGHTS: said("bad castling rights"),
    chess.STATUS_INVALID_EP_SQUARE: said("invalid ep square"),
    chess.STATUS_OPPOSITE_CHECK: said("opposite check"),
    chess.STATUS_EMPTY: said("empty"),
    chess.STATUS_RACE_CHECK: said("race check"),
    chess.STATUS_RACE_OVER: said("race over"),
    chess.STATUS_RACE_MATERIAL: said("race material"),
    chess.STATUS_TOO_MANY_CHECKERS: said("too many checkers"),
    chess.STATUS_IMPOSSIBLE_CHECK: said("impossible check"),
}
"""What is wrong with a position, by python-chess's flag, in the words of the flag's name
(a flag a later python-chess adds is named by its name)."""


def _listed(flags: Sequence[chess.Status]) -> Said | str:
    """The problems ``flags`` name, worded, separated by commas."""
    words: list[Said | str] = [_PROBLEMS.get(flag, str(flag.name).lower().replace("_", " "))
                               for flag in flags]
    if not words:
        return ""
    out = words[-1]
    for word in reversed(words[:-1]):
        out = said("{problem}, {problems}", problem=word, problems=out)
    return out
