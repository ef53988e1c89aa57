"""A plain Python bitboard Othello searched with alpha-beta: the yardstick for nodes/s.

What a competent programmer writes in an afternoon without any tracing: two 64-bit
masks, shift-based move generation, flips found by walking each direction, fail-soft
alpha-beta (AIMA) to a fixed depth with the lecture's weighted-squares evaluation,
moves column by column and a pass as a move, exactly as ``tracer.games.othello``
plays, so both search the same tree and visit the same number of nodes.  No caches.
"""

from __future__ import annotations

from tracer.games.othello import WEIGHTS, WIN_SCORE

FULL = (1 << 64) - 1
NOT_A = sum(1 << (r * 8 + c) for r in range(8) for c in range(1, 8))
NOT_H = sum(1 << (r * 8 + c) for r in range(8) for c in range(7))
SHIFTS = ((1, NOT_H), (-1, NOT_A), (8, FULL), (-8, FULL),
          (9, NOT_H), (7, NOT_A), (-7, NOT_H), (-9, NOT_A))
COLUMN_MAJOR = sorted(range(64), key=lambda sq: (sq % 8, sq // 8))


def shift(x: int, n: int, mask: int) -> int:
    x &= mask
    return (x << n) & FULL if n > 0 else x >> -n


def moves(own: int, opp: int) -> int:
    empty = ~(own | opp) & FULL
    found = 0
    for n, mask in SHIFTS:
        t = shift(own, n, mask) & opp
        for _ in range(5):
            t |= shift(t, n, mask) & opp
        found |= shift(t, n, mask) & empty
    return found


def flips(own: int, opp: int, bit: int) -> int:
    out = 0
    for n, mask in SHIFTS:
        run = 0
        x = shift(bit, n, mask)
        while x & opp:
            run |= x
            x = shift(x, n, mask)
        if x & own:
            out |= run
    return out


def weighted(mask: int) -> int:
    return sum(WEIGHTS[sq] for sq in range(64) if mask >> sq & 1)


def search(depth: int) -> tuple[int, int]:
    """Alpha-beta to ``depth`` from the start; returns (value for black, nodes visited)."""
    nodes = 0

    def value(black: int, white: int, black_moves: bool, ply: int,
              alpha: float, beta: float) -> float:
        nonlocal nodes
        nodes += 1
        own, opp = (black, white) if black_moves else (white, black)
        mine, theirs = moves(own, opp), moves(opp, own)
        if not mine and not theirs:
            diff = black.bit_count() - white.bit_count()
            return WIN_SCORE if diff > 0 else -WIN_SCORE if diff < 0 else 0
        if ply >= depth:
            return weighted(black) - weighted(white)
        if mine:
            children = []
            for sq in COLUMN_MAJOR:
                bit = 1 << sq
                if mine & bit:
                    f = flips(own, opp, bit)
                    new_own, new_opp = own | bit | f, opp & ~f
                    children.append((new_own, new_opp) if black_moves else (new_opp, new_own))
        else:
            children = [(black, white)]  # a pass
        v = -float("inf") if black_moves else float("inf")
        for b, w in children:
            cv = value(b, w, not black_moves, ply + 1, alpha, beta)
            if black_moves:
                v = max(v, cv)
                if v >= beta:
                    return v
                alpha = max(alpha, v)
            else:
                v = min(v, cv)
                if v <= alpha:
                    return v
                beta = min(beta, v)
        return v

    start = (1 << 28 | 1 << 35, 1 << 27 | 1 << 36)
    result = value(start[0], start[1], True, 0, -float("inf"), float("inf"))
    return int(result), nodes
