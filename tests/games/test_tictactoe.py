"""Tic-tac-toe: the full game tree's known counts, the notes' e(p), symmetry, positions."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from tracer.errors import UsageError
from tracer.events import Cut, Evaluate, Expand
from tracer.games.base import Player
from tracer.games.tictactoe import CELL_NAMES, TicTacToe, parse_board
from tracer.record import MemoryRecorder
from tracer.schema import validate
from tracer.search import alpha_beta, minimax


def walk(game: TicTacToe, state: int, counts: Counter[str]) -> None:
    """Count every node of the game tree and how each complete game ends."""
    counts["nodes"] += 1
    if game.is_terminal(state):
        counts["games"] += 1
        counts[{1: "x", -1: "o", 0: "draw"}[int(game.utility(state))]] += 1
        return
    for action in game.actions(state):
        walk(game, game.result(state, action), counts)


def test_the_full_tree_has_the_published_counts() -> None:
    # 549,946 nodes, 255,168 complete games: 131,184 won by X, 77,904 by O, 46,080 drawn
    # (H. Bottomley, "How many Tic-Tac-Toe (noughts and crosses) games are possible?").
    counts: Counter[str] = Counter()
    game = TicTacToe()
    walk(game, game.initial_state(), counts)
    assert counts == Counter(nodes=549_946, games=255_168, x=131_184, o=77_904, draw=46_080)


def test_minimax_agrees_with_the_walk() -> None:
    result = minimax(TicTacToe())
    assert result.value == 0
    assert result.stats.nodes_expanded + result.stats.leaves_evaluated == 549_946
    assert result.stats.leaves_evaluated == 255_168
    assert result.stats.max_depth == 9


def test_cells_are_named_column_then_row_from_the_top() -> None:
    assert CELL_NAMES == ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")
    game = TicTacToe()
    s = game.initial_state()
    assert [game.move_name(s, a) for a in game.actions(s)] == list(CELL_NAMES)
    after = game.result(s, game.actions(s)[4])
    assert game.describe(after) == "...\n.X.\n..."
    assert game.to_move(after) is Player.MIN


def test_describe_draws_three_rows() -> None:
    game = TicTacToe("x.o.x...o")
    assert game.describe(game.initial_state()) == "X.O\n.X.\n..O"


def test_x_in_the_centre_and_o_on_an_edge_gives_6_minus_4() -> None:
    # Giochi a due giocatori: e(p) = 6 - 4 = 2; the same for each of the four edges.
    game = TicTacToe()
    for board in (".o..x....", "...ox....", "....xo...", "....x..o."):
        assert game.evaluate(parse_board(board)) == 2


def test_evaluation_of_simple_positions() -> None:
    game = TicTacToe()
    assert game.evaluate(parse_board(".........")) == 0
    assert game.evaluate(parse_board("....x....")) == 8 - 4
    assert game.evaluate(parse_board("x........")) == 8 - 5
    assert game.evaluate(parse_board("xxxoo....")) == math.inf
    assert game.evaluate(parse_board("ooo.xx.x.")) == -math.inf
    assert TicTacToe(win=100).evaluate(parse_board("xxxoo....")) == 100


def test_terminal_utilities() -> None:
    unit, by_eval = TicTacToe(), TicTacToe(utility="eval", win=50)
    won_by_x, won_by_o = parse_board("xxxoo...."), parse_board("ooox.xx..")
    draw = parse_board("xoxxoooxx")
    for s in (won_by_x, won_by_o, draw):
        assert unit.is_terminal(s) and unit.actions(s) == ()
    assert [unit.utility(s) for s in (won_by_x, won_by_o, draw)] == [1, -1, 0]
    assert [by_eval.utility(s) for s in (won_by_x, won_by_o, draw)] == [50, -50, 0]


def test_symmetry_leaves_corner_edge_and_centre_on_the_empty_board() -> None:
    game = TicTacToe(symmetry=True)
    s = game.initial_state()
    assert [game.move_name(s, a) for a in game.actions(s)] == ["a1", "b1", "b2"]
    # After X in the centre O has a corner and an edge; after X in a corner, five replies.
    centre = game.result(s, game.actions(s)[2])
    assert [game.move_name(centre, a) for a in game.actions(centre)] == ["a1", "b1"]
    corner = game.result(s, game.actions(s)[0])
    assert [game.move_name(corner, a) for a in game.actions(corner)] == [
        "b1", "c1", "b2", "c2", "c3"]


def test_symmetry_keeps_the_value() -> None:
    plain = minimax(TicTacToe("x...o...."))
    merged = minimax(TicTacToe("x...o....", symmetry=True))
    assert plain.value == merged.value == 0
    assert merged.stats.leaves_evaluated < plain.stats.leaves_evaluated


def test_depth_two_search_puts_x_in_the_centre() -> None:
    # The notes, stage 1: depth 2 with e(p) and symmetries: the centre, backed-up value 1
    # (corner: min e = -1; edge: -2; centre: 1).
    game = TicTacToe(symmetry=True, utility="eval")
    result = minimax(game, depth=2)
    assert (result.value, result.move) == (1, "b2")
    values: dict[str, list[float]] = {}
    rec = MemoryRecorder()
    minimax(game, depth=2, recorder=rec)
    for e in rec.trace.events:
        if isinstance(e, Evaluate):
            values.setdefault(e.node.split("/")[0], []).append(e.value)
    assert {move: min(v) for move, v in values.items()} == {"a1": -1, "b1": -2, "b2": 1}


def test_alpha_beta_stops_at_a_winning_reply() -> None:
    # The notes: once a successor evaluates to -inf for MIN, its siblings are not needed.
    # X to move must block at c1; if X plays elsewhere O wins with c1 at once.
    game = TicTacToe("oo.x.....", first="o", utility="eval")
    rec = MemoryRecorder()
    result = alpha_beta(game, depth=2, recorder=rec)
    assert result.move == "c1"
    cuts = [e for e in rec.trace.events if isinstance(e, Cut)]
    # Below every other X move, O's first reply c1 wins: the rest are never generated.
    assert [c.node for c in cuts] == ["b2", "c2", "a3", "b3", "c3"]
    for cut in cuts:
        assert (cut.kind, cut.after, cut.value) == ("alpha", cut.node + "/c1", -math.inf)
        assert len(cut.pruned) == 4


def test_first_o_and_who_moves() -> None:
    game = TicTacToe(first="o")
    assert game.to_move(game.initial_state()) is Player.MIN
    assert alpha_beta(TicTacToe(first="o")).value == 0
    for board, mover in (("o........", Player.MAX), ("ox.......", Player.MIN)):
        game = TicTacToe(board, first="o")
        assert game.to_move(game.initial_state()) is mover


@pytest.mark.parametrize("board, first, message", [
    ("xx", "x", "9 characters"),
    ("xxz......", "x", "9 characters"),
    ("xx.......", "x", "impossible"),
    ("o........", "x", "impossible"),
    ("x........", "o", "impossible"),
    ("xxxooo...", "x", "both"),
    ("xxxoo.o..", "x", "winner"),
], ids=["short", "bad-char", "two-x", "o-first", "x-first", "both-won", "winner-to-move"])
def test_bad_boards_are_usage_errors(board: str, first: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        TicTacToe(board, first=first)


def test_bad_options_are_usage_errors() -> None:
    with pytest.raises(UsageError, match="first"):
        TicTacToe(first="y")
    with pytest.raises(UsageError, match="utility"):
        TicTacToe(utility="zero")
    with pytest.raises(UsageError, match="win"):
        TicTacToe(win=0)


def test_a_traced_search_validates_and_labels_boards() -> None:
    rec = MemoryRecorder()
    alpha_beta(TicTacToe("x...o....", symmetry=True, utility="eval"), depth=3, recorder=rec)
    doc = rec.trace.to_json()
    validate(doc, "trace", file="tictactoe")
    root = next(e for e in rec.trace.events if isinstance(e, Expand))
    assert root.label == "X..\n.O.\n..."
    assert root.children == ("b1", "c1", "c2", "c3")
