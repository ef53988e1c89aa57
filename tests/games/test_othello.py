"""Othello (Giochi a Due Avversari): perft, the rules, the three evaluations."""

from __future__ import annotations

import random

import pytest

from tracer.errors import UsageError
from tracer.games.base import Player
from tracer.games.othello import PASS, WEIGHTS, Othello, OthelloState, perft
from tracer.record import MemoryRecorder
from tracer.schema import validate
from tracer.search import alpha_beta, minimax

START = Othello().initial_state()


def board(rows: str) -> OthelloState:
    """A position from 8 rows of x / o / '.', black to move."""
    return Othello("".join(rows.split()), first="black").initial_state()


@pytest.mark.parametrize("depth, count", [(1, 4), (2, 12), (3, 56), (4, 244), (5, 1396),
                                          (6, 8200)])
def test_perft_from_the_start(depth: int, count: int) -> None:
    assert perft(START, depth) == count


@pytest.mark.slow
def test_perft_seven() -> None:
    assert perft(START, 7) == 55092


def test_the_start_and_the_first_moves() -> None:
    game = Othello()
    assert game.describe(START).splitlines()[3:5] == ["...OX...", "...XO..."]
    assert game.to_move(START) is Player.MAX
    # Column by column, as the notes' getMax loops.
    assert [game.move_name(START, a) for a in game.actions(START)] == ["c4", "d3", "e6", "f5"]


def test_a_move_turns_the_bracketed_disc() -> None:
    game = Othello()
    after = game.result(START, 2 * 8 + 3)  # d3 turns d4
    assert game.describe(after).splitlines()[2:5] == ["...X....", "...XX...", "...XO..."]
    assert game.to_move(after) is Player.MIN
    assert [game.move_name(after, a) for a in game.actions(after)] == ["c3", "c5", "e3"]


def test_a_move_turns_lines_in_all_eight_directions_and_may_end_the_game() -> None:
    state = board("""
        ........
        .x.x.x..
        ..ooo...
        .xo.ox..
        ..ooo...
        .x.x.x..
        ........
        ........""")
    game = Othello()
    assert [game.move_name(state, a) for a in game.actions(state)] == ["d4"]
    black, white, mover = game.result(state, 3 * 8 + 3)
    assert (black.bit_count(), white, mover) == (17, 0, Player.MIN)
    assert game.is_terminal((black, white, mover))


def test_pass_and_the_end_of_the_game() -> None:
    game = Othello()
    # White to move has no move; black has one (h1 turns g1): white passes.
    state = Othello("xxxxxxo." + "x" * 56, first="white").initial_state()
    assert game.actions(state) == [PASS]
    assert game.move_name(state, PASS) == "pass"
    assert not game.is_terminal(state)
    passed = game.result(state, PASS)
    assert passed == (state[0], state[1], Player.MAX)
    assert [game.move_name(passed, a) for a in game.actions(passed)] == ["h1"]
    final = game.result(passed, 7)
    assert game.is_terminal(final) and game.actions(final) == []
    assert final[0].bit_count() == 64
    assert game.utility(final) == 10000
    # The search shows the pass as a node.
    result = minimax(game, state)
    assert result.pv == ("root", "pass", "pass/h1")
    assert result.value == 10000
    for variant in ("two-function", "negamax", "list"):
        assert minimax(game, state, variant=variant).value == 10000
    for variant in ("fail-soft", "fail-hard", "negamax", "list"):
        assert alpha_beta(game, state, variant=variant).value == 10000


def test_terminal_scores() -> None:
    game = Othello()
    assert game.utility(board("x" * 33 + "o" * 31)) == 10000
    assert game.utility(board("x" * 31 + "o" * 33)) == -10000
    assert game.utility(board("x" * 32 + "o" * 32)) == 0
    lone = board("x" + "." * 63)
    assert game.is_terminal(lone) and game.utility(lone) == 10000


def test_the_weights_are_the_notes_matrix() -> None:
    rows = [WEIGHTS[r * 8:r * 8 + 8] for r in range(8)]
    assert rows[0] == (45, 36, 25, 4, 4, 25, 36, 45)
    assert rows[1] == (36, 34, 23, 3, 3, 23, 34, 36)
    assert rows[2] == (25, 23, 18, 2, 2, 18, 23, 25)
    assert rows[3] == (12, 10, 6, 1, 1, 6, 10, 12)
    assert rows[4:] == rows[3::-1]


def test_the_three_evaluations_after_d3() -> None:
    after = Othello().result(START, 2 * 8 + 3)
    # Black d3 d4 d5 e4 weigh 2 + 1 + 1 + 1, white e5 weighs 1.  Black could move to e6, f5,
    # f6 (2 + 6 + 18), white to c3, e3, c5 (18 + 2 + 6): equal mobility.
    assert Othello(eval="weighted").evaluate(after) == 4
    assert Othello(eval="count").evaluate(after) == 3
    assert Othello(eval="mobility").evaluate(after) == 4
    assert Othello(eval="weighted").evaluate(START) == 0


DIRECTIONS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


def naive_moves(cells: list[str], me: str) -> set[int]:
    """Legal squares by walking from each empty square, as the notes' legalMove does."""
    other = "o" if me == "x" else "x"
    out = set()
    for sq in range(64):
        if cells[sq] != ".":
            continue
        r, c = divmod(sq, 8)
        for dr, dc in DIRECTIONS:
            rr, cc, seen = r + dr, c + dc, 0
            while 0 <= rr < 8 and 0 <= cc < 8 and cells[rr * 8 + cc] == other:
                rr, cc, seen = rr + dr, cc + dc, seen + 1
            if seen and 0 <= rr < 8 and 0 <= cc < 8 and cells[rr * 8 + cc] == me:
                out.add(sq)
    return out


def playout(seed: int, plies: int) -> list[OthelloState]:
    game, rng = Othello(), random.Random(seed)
    states = [game.initial_state()]
    for _ in range(plies):
        moves = game.actions(states[-1])
        if not moves:
            break
        states.append(game.result(states[-1], rng.choice(moves)))
    return states


def test_bitboard_moves_and_evaluations_match_a_naive_board() -> None:
    game = Othello()
    seen_pass = False
    for seed in range(12):
        for state in playout(seed, 70):
            cells = game.describe(state).replace("\n", "").lower()
            grid = list(cells)
            black_moves, white_moves = naive_moves(grid, "x"), naive_moves(grid, "o")
            mine = black_moves if state[2] is Player.MAX else white_moves
            theirs = white_moves if state[2] is Player.MAX else black_moves
            actions = game.actions(state)
            if actions == [PASS]:
                seen_pass = True
                assert not mine and theirs
            else:
                assert set(actions) == mine
            assert game.is_terminal(state) == (not mine and not theirs)
            weighted = (sum(WEIGHTS[i] for i, c in enumerate(grid) if c == "x")
                        - sum(WEIGHTS[i] for i, c in enumerate(grid) if c == "o"))
            mobility = (sum(WEIGHTS[i] for i in black_moves)
                        - sum(WEIGHTS[i] for i in white_moves))
            assert Othello(eval="weighted").evaluate(state) == weighted
            assert Othello(eval="count").evaluate(state) == grid.count("x") - grid.count("o")
            assert Othello(eval="mobility").evaluate(state) == pytest.approx(
                weighted + 0.45 * mobility)
    assert seen_pass


def test_depth_three_alpha_beta_agrees_with_minimax_for_each_evaluation() -> None:
    for name in ("weighted", "count", "mobility"):
        game = Othello(eval=name)
        expected = minimax(game, depth=3).value
        for variant in ("fail-soft", "fail-hard", "negamax", "list"):
            assert alpha_beta(game, depth=3, variant=variant).value == expected, name
    rec = MemoryRecorder()
    alpha_beta(Othello(), depth=3, recorder=rec)
    validate(rec.trace.to_json(), "trace", file="othello")


def test_boards_and_bad_parameters() -> None:
    text = "........" * 3 + "...ox..." + "...xo..." + "........" * 3
    assert Othello(text).initial_state() == START
    assert Othello("start").initial_state() == START
    assert Othello(text, first="white").to_move((*START[:2], Player.MIN)) is Player.MIN
    with pytest.raises(UsageError, match="64 characters"):
        Othello("x" * 63)
    with pytest.raises(UsageError, match="64 characters"):
        Othello("z" * 64)
    with pytest.raises(UsageError, match="eval"):
        Othello(eval="greedy")
    with pytest.raises(UsageError, match="first"):
        Othello(first="red")
