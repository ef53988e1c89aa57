"""Chess over python-chess: perft through the Game protocol against the published
counts, the two evaluations, SAN names and move classes, the end of the game, and the
refusals."""

from __future__ import annotations

import chess
import pytest

from tracer.errors import UsageError
from tracer.games.base import Player
from tracer.games.chess_adapter import MATE, PIECE_VALUES, PST, Chess, move_class, san_class
from tracer.games.perft import perft
from tracer.games.registry import make_game
from tracer.search import alpha_beta, minimax, run_search

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
# the wiki's position 3 has its pawns on e2 and g2 (4P1P1); with h2 instead it has 13 moves
POSITION_3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
SCHOLAR = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4"


# Chess Programming Wiki, "Perft Results": the start position, Kiwipete, position 3.
@pytest.mark.parametrize("fen, depth, count", [
    ("startpos", 1, 20), ("startpos", 2, 400), ("startpos", 3, 8902),
    (KIWIPETE, 1, 48), (KIWIPETE, 2, 2039),
    (POSITION_3, 1, 14), (POSITION_3, 2, 191), (POSITION_3, 3, 2812),
], ids=["start-1", "start-2", "start-3", "kiwipete-1", "kiwipete-2", "pos3-1", "pos3-2",
        "pos3-3"])
def test_perft_matches_the_published_counts(fen: str, depth: int, count: int) -> None:
    game = Chess(fen)
    assert perft(game, game.initial_state(), depth) == count


def test_result_leaves_the_position_unchanged() -> None:
    game = Chess(KIWIPETE)
    state = game.initial_state()
    for move in game.actions(state):
        game.result(state, move)
    assert state.fen() == KIWIPETE and not state.move_stack


def test_white_is_max_and_moves_are_named_in_san() -> None:
    game = Chess()
    start = game.initial_state()
    assert game.to_move(start) is Player.MAX
    names = [game.move_name(start, m) for m in game.actions(start)]
    assert "e4" in names and "Nf3" in names and len(names) == 20
    after = game.result(start, chess.Move.from_uci("e2e4"))
    assert game.to_move(after) is Player.MIN
    assert game.describe(after) == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"


def test_material_counts_michniewskis_values() -> None:
    assert Chess(eval="material").evaluate(Chess().initial_state()) == 0
    # White has lost the queen: -900; a black knight missing as well: -900 + 320
    no_queen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1"
    assert Chess(no_queen, eval="material").evaluate(Chess(no_queen).initial_state()) == -900
    fewer = "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1"
    assert Chess(fewer, eval="material").evaluate(Chess(fewer).initial_state()) == -580


def test_piece_square_tables_are_read_from_each_side() -> None:
    game = Chess(eval="material+pst")
    start = game.initial_state()
    assert game.evaluate(start) == 0  # the start is symmetric
    # Nf3: the knight leaves g1 (-40) for f3 (+10) in Michniewski's knight table
    nf3 = game.result(start, chess.Move.from_uci("g1f3"))
    assert game.evaluate(nf3) == 50
    # ...Nf6 mirrors it: level again
    assert game.evaluate(game.result(nf3, chess.Move.from_uci("g8f6"))) == 0
    assert PST[chess.PAWN][chess.E4] == 20 and PST[chess.PAWN][chess.E2] == -20
    assert PST[chess.KING][chess.G1] == 30


@pytest.mark.parametrize("fen", ["startpos", KIWIPETE, POSITION_3,
                                 "8/P6k/8/8/8/8/6K1/8 w - - 0 1",
                                 "4k3/1P6/8/8/8/8/8/4K2R w K - 0 1"])
def test_san_names_the_same_class_as_the_board(fen: str) -> None:
    game = Chess(fen)
    state = game.initial_state()
    classes = set()
    for move in game.actions(state):
        cls = game.move_class(state, move)
        classes.add(cls)
        assert san_class(game.move_name(state, move)) == cls
    assert "quiet" in classes


def test_move_classes() -> None:
    board = chess.Board(KIWIPETE)
    assert move_class(board, chess.Move.from_uci("e5f7")) == "capture"  # Nxf7
    assert move_class(board, chess.Move.from_uci("a2a3")) == "quiet"
    promote = chess.Board("8/P6k/8/8/8/8/6K1/8 w - - 0 1")
    assert move_class(promote, chess.Move.from_uci("a7a8q")) == "promotion"
    check = chess.Board("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    assert move_class(check, chess.Move.from_uci("a1a8")) == "check"
    assert san_class("exd8=Q+") == "promotion" and san_class("Qxf7#") == "capture"
    assert san_class("O-O+") == "check" and san_class("Nf3") == "quiet"


def test_mate_in_one_is_found_and_scored_by_its_ply() -> None:
    game = Chess(SCHOLAR)
    result = alpha_beta(game, game.initial_state(), depth=1)
    assert result.move == "Qxf7#"
    # ply 6 at move 4 with White to move; the mate is ply 7
    assert result.value == MATE - 7
    assert game.utility(game.result(game.initial_state(),
                                    chess.Move.from_uci("f3f7"))) == MATE - 7


def test_stalemate_and_mate_end_the_game() -> None:
    stalemate = Chess("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    state = stalemate.initial_state()
    assert stalemate.is_terminal(state) and stalemate.actions(state) == []
    assert stalemate.utility(state) == 0
    mated = Chess("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    assert mated.is_terminal(mated.initial_state())
    assert mated.utility(mated.initial_state()) == -(MATE - 4)


def test_alphabeta_agrees_with_minimax_at_depth_two() -> None:
    game = Chess(POSITION_3)
    full = minimax(game, game.initial_state(), depth=2)
    cut = alpha_beta(game, game.initial_state(), depth=2)
    assert cut.value == full.value
    assert cut.stats.leaves_evaluated < full.stats.leaves_evaluated == 191


def test_params_reach_the_game_and_the_header() -> None:
    _, state, source = make_game("chess", {"fen": KIWIPETE, "eval": "material"})
    assert state.fen() == KIWIPETE
    assert source == {"kind": "game", "name": "chess",
                      "params": {"fen": KIWIPETE, "eval": "material"}}


@pytest.mark.parametrize("params, words", [
    ({"fen": "not a fen"}, "bad chess fen"),
    ({"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}, "is not a legal position: no white king"),
    ({"fen": "x" * 200}, "at most 100 characters"),
    ({"eval": "mobility"}, "choose from: material+pst, material"),
    ({"depth": "3"}, "unknown parameter 'depth' for chess"),
])
def test_bad_params_are_refused_in_one_line(params: dict[str, str], words: str) -> None:
    with pytest.raises(UsageError) as caught:
        make_game("chess", params)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_a_search_needs_a_depth_or_a_node_budget() -> None:
    game = Chess()
    with pytest.raises(UsageError, match=r"--depth N.*--max-nodes N"):
        run_search(game, game.initial_state(), algorithm="alphabeta")
    stopped = run_search(game, game.initial_state(), algorithm="alphabeta",
                         limits=_nodes(50))
    assert stopped.stopped == "max-nodes"


def _nodes(count: int) -> object:
    from tracer.limits import Limits

    return Limits(max_nodes=count)


@pytest.mark.parametrize("fen", [
    "startpos", KIWIPETE, POSITION_3, SCHOLAR,
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                        # stalemate
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",  # mate
    "8/8/4k3/8/8/3K4/8/8 w - - 0 1",                          # two kings
    "8/8/4k3/8/8/3K4/8/7R w - - 150 90",                      # the 75-move rule
])
def test_the_end_of_the_game_is_what_outcome_says(fen: str) -> None:
    game = Chess(fen)
    state = game.initial_state()
    assert game.is_terminal(state) == (state.outcome() is not None)
    assert (game.actions(state) == []) == (state.outcome() is not None)


def test_listed_evaluations_are_the_adapters() -> None:
    from tracer.games.chess_adapter import EVALUATIONS
    from tracer.games.registry import CHESS_EVALUATIONS

    assert CHESS_EVALUATIONS == EVALUATIONS


# python-chess's own perft suite (examples/perft/tricky.perft), "Impossible checker
# alignment": positions python-chess plays although board.status() says
# STATUS_IMPOSSIBLE_CHECK (no legal last move could have given this check).
IMPOSSIBLE_CHECKS = [
    ("8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1", (6, 121, 711)),          # align-ep
    ("1b1k4/8/8/1rPpK3/8/8/8/8 w - d6 0 1", (5, 100, 555)),         # align-ep-pinned
    ("3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1", (4, 125, 2854)),      # align-diag-1
]


@pytest.mark.parametrize("fen, counts", IMPOSSIBLE_CHECKS,
                         ids=["align-ep", "align-ep-pinned", "align-diag-1"])
def test_an_impossible_check_is_searched_with_a_note(
        fen: str, counts: tuple[int, ...], capsys: pytest.CaptureFixture[str]) -> None:
    assert chess.Board(fen).status() == chess.STATUS_IMPOSSIBLE_CHECK
    game = Chess(fen)
    err = capsys.readouterr().err
    assert "python-chess finds its check impossible to reach" in err
    assert err.count("\n") == 1 and fen in err
    state = game.initial_state()
    assert [perft(game, state, depth) for depth in (1, 2, 3)] == list(counts)
    full = minimax(game, state, depth=2)
    assert alpha_beta(game, state, depth=2).value == full.value


def test_an_impossible_check_with_another_problem_is_still_refused() -> None:
    # the align-ep position with a third king: too many kings is refused, and named
    with pytest.raises(UsageError) as caught:
        Chess("8/8/8/1k6/3Pp3/8/7k/4KQ2 b - d3 0 1")
    assert "too many kings" in str(caught.value)


@pytest.mark.parametrize("fen", [KIWIPETE, POSITION_3, SCHOLAR, "startpos",
                                 IMPOSSIBLE_CHECKS[0][0]])
def test_each_child_is_the_board_python_chess_copies(fen: str) -> None:
    # result() copies a board field by field: each child must equal python-chess's own
    # copy with the move pushed, field for field, with no move stack.
    game = Chess(fen)
    state = game.initial_state()
    for move in game.actions(state):
        child = game.result(state, move)
        expected = state.copy(stack=False)
        expected.push(move)
        assert vars(child).keys() == vars(expected).keys()
        assert {k: v for k, v in vars(child).items() if k not in ("move_stack", "_stack")} \
            == {k: v for k, v in vars(expected).items() if k not in ("move_stack", "_stack")}
        assert child.move_stack == [move] and child.fen() == expected.fen()
        assert child.occupied_co is not state.occupied_co


@pytest.mark.parametrize("fen", [
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",        # stalemate
    "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",        # checkmate
    "7k/8/6K1/8/8/8/8/8 w - - 0 1",          # insufficient material
    "7k/8/6K1/8/8/8/8/R7 w - - 150 90",      # the 75-move rule
    "7k/8/6K1/8/8/8/8/R7 w - - 149 90",      # one ply before it
    KIWIPETE,
])
def test_the_move_generation_ends_where_outcome_does(fen: str) -> None:
    game = Chess(fen)
    state = game.initial_state()
    over = state.outcome() is not None
    assert game.is_terminal(state) is over
    assert (list(game.actions(state)) == []) is over


def test_the_evaluation_is_michniewski_s_sum() -> None:
    # the evaluation read straight off the bitboards equals the sum over the piece map
    for fen in (KIWIPETE, POSITION_3, SCHOLAR):
        board = chess.Board(fen)
        expected = 0
        for square, piece in board.piece_map().items():
            table = PST[piece.piece_type]
            value = PIECE_VALUES[piece.piece_type] + (
                table[square] if piece.color else table[square ^ 56])
            expected += value if piece.color else -value
        assert Chess(fen).evaluate(board) == expected
