"""OpenSpiel's games over pyspiel: the whole tic-tac-toe tree against our own, a chance
game (pig) searched by expectiminimax against a plain recursion over pyspiel, the
parameters, and the games and options refused."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pyspiel
import pytest

from tracer.errors import UsageError
from tracer.games.base import Player
from tracer.games.perft import perft, tree_size
from tracer.games.registry import make_game
from tracer.games.tictactoe import TicTacToe
from tracer.search import alpha_beta, expectiminimax, minimax, run_search

PIG = {"winscore": "4", "diceoutcomes": "3", "horizon": "4"}


def test_tic_tac_toe_has_the_same_tree_as_ours() -> None:
    game, state, _ = make_game("openspiel:tic_tac_toe", {})
    ours = TicTacToe()
    # 549,946 nodes and 255,168 finished games: the well-known counts of the full tree
    assert tree_size(game, state) == tree_size(ours, ours.initial_state()) == (549_946,
                                                                                255_168)
    assert [perft(game, state, d) for d in (1, 2, 3)] == [9, 72, 504]


def test_tic_tac_toe_is_a_draw_and_names_its_moves() -> None:
    game, state, source = make_game("openspiel:tic_tac_toe", {})
    assert source == {"kind": "game", "name": "openspiel:tic_tac_toe", "params": {}}
    assert game.to_move(state) is Player.MAX and not game.capabilities.chance
    assert [game.move_name(state, a) for a in game.actions(state)][:2] == ["x(0,0)",
                                                                          "x(0,1)"]
    result = alpha_beta(game, state)
    assert result.value == 0 and result.complete


def _expectimax(state: Any) -> float:
    """Player 0's expected return under best play, straight over pyspiel."""
    if state.is_terminal():
        return float(state.returns()[0])
    if state.is_chance_node():
        return sum(p * _expectimax(state.child(a)) for a, p in state.chance_outcomes())
    values = [_expectimax(state.child(a)) for a in state.legal_actions()]
    return max(values) if state.current_player() == 0 else min(values)


def _raw_size(state: Any) -> tuple[int, int]:
    """(nodes, terminal leaves) counted straight over pyspiel."""
    if state.is_terminal():
        return 1, 1
    moves = ([a for a, _ in state.chance_outcomes()] if state.is_chance_node()
             else state.legal_actions())
    sizes = [_raw_size(state.child(a)) for a in moves]
    return 1 + sum(n for n, _ in sizes), sum(k for _, k in sizes)


def test_pig_is_searched_through_its_chance_nodes() -> None:
    game, state, source = make_game("openspiel:pig", PIG)
    assert game.capabilities.chance
    assert source["params"] == {"diceoutcomes": 3, "horizon": 4, "piglet": False,
                                "players": 2, "winscore": 4}
    raw = pyspiel.load_game("pig", {"winscore": 4, "diceoutcomes": 3, "horizon": 4})
    result = expectiminimax(game, state)
    assert result.value == pytest.approx(_expectimax(raw.new_initial_state()))
    assert result.exact == "8/27"  # outcomes of 1/3 each and whole returns: exact
    assert result.move == "roll"
    assert tree_size(game, state) == _raw_size(raw.new_initial_state()) == (178, 92)
    rolled = game.result(state, 0)
    assert game.to_move(rolled) is Player.CHANCE
    assert [game.move_name(rolled, a) for a in game.actions(rolled)] == ["Roll 1", "Roll 2",
                                                                        "Roll 3"]
    assert sum(game.probability(rolled, a) for a in game.actions(rolled)) == 1
    assert game.probability(rolled, 0) == Fraction(1, 3)


def test_parameters_are_parsed_by_the_type_of_their_default() -> None:
    _, _, source = make_game("openspiel:pig", {**PIG, "piglet": "true"})
    assert source["params"]["piglet"] is True and source["params"]["winscore"] == 4
    _, _, source = make_game("openspiel:connect_four", {"rows": "4", "columns": "4"})
    assert source["params"]["rows"] == 4


@pytest.mark.parametrize("name, params, words", [
    ("openspiel:no_such_game", {}, "unknown OpenSpiel game 'no_such_game'"),
    ("openspiel:pig", {"winscor": "4"}, "unknown parameter 'winscor' for openspiel:pig "
                                        "(parameters: diceoutcomes, horizon"),
    ("openspiel:pig", {"winscore": "many"}, "parameter 'winscore' of openspiel:pig: "
                                            "expected a whole number written with the "
                                            "digits 0-9, got 'many'"),
    ("openspiel:pig", {"winscore": "10000000"}, "expected a number in 1..1000000"),
    ("openspiel:pig", {"players": "3"}, "players must be 2"),
    ("openspiel:kuhn_poker", {}, "imperfect information"),
    ("openspiel:goofspiel", {}, "simultaneous moves"),
    ("openspiel:matrix_rps", {}, "simultaneous moves"),
], ids=["unknown", "param-name", "param-type", "param-bound", "players", "hidden",
        "simultaneous", "matrix"])
def test_refused_in_one_line(name: str, params: dict[str, str], words: str) -> None:
    with pytest.raises(UsageError) as caught:
        make_game(name, params)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_a_depth_limit_is_refused_before_the_search() -> None:
    game, state, _ = make_game("openspiel:tic_tac_toe", {})
    with pytest.raises(UsageError, match=r"no static evaluation.*without --depth"):
        run_search(game, state, algorithm="minimax", depth=2)
    assert minimax(game, state).value == 0


def _walk(game: Any, state: Any, depth: int) -> list[tuple[Any, ...]]:
    """Every node to ``depth`` as the search sees it, through the game's methods."""
    from tracer.games.openspiel_adapter import _actions, _is_terminal

    seen = [(str(state), game.is_terminal(state), _is_terminal(state), game.to_move(state),
             list(game.actions(state)), _actions(state))]
    if depth:
        for action in game.actions(state):
            seen += _walk(game, game.result(state, action), depth - 1)
    return seen


@pytest.mark.parametrize("name, params, depth", [
    ("connect_four", {"rows": "4", "columns": "4"}, 4),
    ("pig", PIG, 6),
    ("tic_tac_toe", {}, 5),
], ids=["connect-four", "pig", "tic-tac-toe"])
def test_pyspiel_s_own_methods_answer_as_the_checked_ones(name: str, params: dict[str, str],
                                                          depth: int) -> None:
    # A game written in C++ is searched through pyspiel's methods themselves: each node
    # is terminal, has its actions (a chance node its outcomes, a terminal none) and its
    # player exactly as the methods that ask pyspiel step by step say.
    game, state, _ = make_game(f"openspiel:{name}", params)
    nodes = _walk(game, state, depth)
    assert all(fast_end is slow_end and fast == slow
               for _, fast_end, slow_end, _, fast, slow in nodes)
    players = {node[3] for node in nodes if not node[1]}
    assert Player.MAX in players and Player.MIN in players
    assert (Player.CHANCE in players) is (name == "pig")
    terminal = [node for node in nodes if node[1]]
    assert (terminal != []) is (name != "connect_four")  # four moves end no connect four
    assert all(node[4] == [] for node in terminal)
