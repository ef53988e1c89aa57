"""A small chess engine over python-chess that records its search as a gametrace trace.

Alpha-beta (fail-soft, White = MAX) to a fixed depth; moves are ordered captures first,
most valuable victim / least valuable attacker (MVV-LVA), then the two killer moves of
the ply (quiet moves that cut at a sibling), then the other quiet moves in python-chess's
order.  The evaluation is material plus a small bonus for central knights, bishops and
pawns.  Every step goes to a :class:`tracer.FileRecorder` as the library's own events
(``expand``, ``evaluate``, ``backup``, ``cut``), so gametrace's tools read it like any
trace.

    python docs/examples/engine/engine.py --depth 4 -o fixed.jsonl
    python docs/examples/engine/engine.py --depth 4 --bug -o buggy.jsonl

``--bug`` plants the ordering bug of docs/engines.md: a killer is stored one ply too
deep, so the ply where it cut never tries it first.
"""

from __future__ import annotations

import argparse
import math

import chess

from tracer import NULL, Backup, Cut, Evaluate, Expand, FileRecorder, Header, Result, Stats
from tracer.record import Recorder

FEN = "2bqr1k1/ppp2ppp/2n5/8/8/2N5/PPQ2PPP/R1B3K1 w - - 0 1"
"""Black threatens the back-rank mate ...Re1#: every White move that does not meet it is
refuted by the same quiet move, the textbook case for a killer move."""
VALUE = {chess.PAWN: 100, chess.KNIGHT: 320, chess.BISHOP: 330, chess.ROOK: 500,
         chess.QUEEN: 900, chess.KING: 0}
MATE = 100_000


def evaluate(board: chess.Board) -> int:
    """Material and centralisation, from White's point of view."""
    if board.is_checkmate():
        return -MATE if board.turn == chess.WHITE else MATE
    if board.is_game_over():
        return 0
    score = 0
    for square, piece in board.piece_map().items():
        centre = 3 - max(abs(chess.square_file(square) - 3.5),
                         abs(chess.square_rank(square) - 3.5)) // 1
        bonus = 5 * int(centre) if piece.piece_type in (chess.KNIGHT, chess.BISHOP,
                                                         chess.PAWN) else 0
        sign = 1 if piece.color == chess.WHITE else -1
        score += sign * (VALUE[piece.piece_type] + bonus)
    return score


class Engine:
    """Alpha-beta with MVV-LVA and killer moves, reporting to ``recorder``."""

    def __init__(self, recorder: Recorder, *, depth: int, bug: bool) -> None:
        self.recorder: Recorder = recorder
        self.depth, self.bug = depth, bug
        self.killers: list[list[chess.Move]] = [[] for _ in range(depth + 2)]
        self.seq = 0
        self.expanded = self.evaluated = self.cuts = self.pruned = 0
        self.root_order: list[chess.Move] = []

    def order_root(self, board: chess.Board) -> None:
        """Order the root's moves best first by their values in a search that is not
        recorded (what an engine's earlier iterations give it), so that the trace shows
        the ordering below the root; then forget that search's killers and counts."""
        recorder, self.recorder = self.recorder, NULL
        scored = []
        for move in self.order(board, 0):
            board.push(move)
            scored.append((self.search(board, "x", "root", 1, -math.inf, math.inf)[0], move))
            board.pop()
        white = board.turn == chess.WHITE
        self.root_order = [m for _, m in sorted(scored, key=lambda vm: -vm[0] if white
                                                 else vm[0])]
        self.recorder = recorder
        self.killers = [[] for _ in range(self.depth + 2)]
        self.seq = self.expanded = self.evaluated = self.cuts = self.pruned = 0

    def next_seq(self) -> int:
        self.seq += 1
        return self.seq

    def order(self, board: chess.Board, ply: int) -> list[chess.Move]:
        moves = list(board.legal_moves)
        if ply == 0 and self.root_order:
            return [m for m in self.root_order if m in moves]
        captures = [m for m in moves if board.is_capture(m)]
        captures.sort(key=lambda m: (-VALUE[board.piece_type_at(m.to_square) or chess.PAWN],
                                     VALUE[board.piece_type_at(m.from_square) or chess.PAWN]))
        killers = [m for m in self.killers[ply] if m in moves and m not in captures]
        quiet = [m for m in moves if m not in captures and m not in killers]
        return captures + killers + quiet

    def store_killer(self, ply: int, move: chess.Move) -> None:
        slot = self.killers[ply + 1 if self.bug else ply]  # the bug: one ply too deep
        if move not in slot:
            slot.insert(0, move)
            del slot[2:]

    def search(self, board: chess.Board, node: str, parent: str | None, ply: int,
               alpha: float, beta: float) -> tuple[float, str | None]:
        """The node's value and the child that gave it."""
        player = "max" if board.turn == chess.WHITE else "min"
        if ply == self.depth or board.is_game_over():
            score = evaluate(board)
            reason = "terminal" if board.is_game_over() else "depth-limit"
            self.recorder.emit(Evaluate(self.next_seq(), node, parent, ply, player, score,
                                        reason))
            self.evaluated += 1
            return score, None
        moves = self.order(board, ply)
        names = [board.san(m) for m in moves]
        ids = [f"{node}/{n}" if parent is not None else n for n in names]
        best, best_id = (-math.inf, None) if player == "max" else (math.inf, None)
        self.recorder.emit(Expand(self.next_seq(), node, parent, ply, player, tuple(ids),
                                  value=best, alpha=alpha, beta=beta, moves=tuple(names)))
        self.expanded += 1
        for i, (move, child) in enumerate(zip(moves, ids, strict=True)):
            board.push(move)
            value, _ = self.search(board, child, node, ply + 1, alpha, beta)
            board.pop()
            if (value > best) if player == "max" else (value < best):
                best, best_id = value, child
            if player == "max":
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            self.recorder.emit(Backup(self.next_seq(), node, child, value, best, best_id,
                                      alpha=alpha, beta=beta))
            if alpha >= beta:
                if not board.is_capture(move):
                    self.store_killer(ply, move)
                if i < len(moves) - 1:
                    self.recorder.emit(Cut(self.next_seq(), node,
                                           "beta" if player == "max" else "alpha", child,
                                           alpha, beta, best, tuple(ids[i + 1:])))
                    self.cuts += 1
                    self.pruned += len(moves) - 1 - i
                break
        return best, best_id


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--out", required=True, help="the trace (.jsonl)")
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--fen", default=FEN)
    parser.add_argument("--bug", action="store_true",
                        help="store killer moves one ply too deep (the planted bug)")
    args = parser.parse_args()
    header = Header("alphabeta", "engine-buggy" if args.bug else "engine", "root",
                    options={"depth": args.depth, "cut_on": "ge", "root_player": "max"},
                    source={"kind": "game", "name": "chess",
                            "params": {"fen": args.fen, "eval": "material+centre"}})
    with FileRecorder(args.out) as recorder:
        recorder.start(header)
        engine = Engine(recorder, depth=args.depth, bug=args.bug)
        engine.order_root(chess.Board(args.fen))
        value, move = engine.search(chess.Board(args.fen), "root", None, 0, -math.inf,
                                    math.inf)
        stats = Stats(nodes_expanded=engine.expanded, leaves_evaluated=engine.evaluated,
                      cuts=engine.cuts, children_pruned=engine.pruned, max_depth=args.depth)
        recorder.finish(Result(value, move, ("root", move) if move else ("root",), stats))
    print(f"value {value}, move {move}, {stats.nodes_visited} nodes; "
          f"trace written to {args.out}")


if __name__ == "__main__":
    main()
