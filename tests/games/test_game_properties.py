"""Properties of every generated game on random reachable positions (seeded playouts).

* alpha-beta, every variant, ordering and cut test, returns the minimax value at a small
  depth limit, and its best move achieves that value;
* the three minimax variants agree;
* moves have distinct names, ``actions`` is empty exactly at terminal states, states are
  not changed by ``result``;
* traces validate against the schema and survive a JSON round trip.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tracer.games.base import Game
from tracer.games.chomp import Chomp
from tracer.games.gameof5 import GameOf5
from tracer.games.grundy import Grundy
from tracer.games.nim import Nim
from tracer.games.othello import Othello
from tracer.games.tictactoe import TicTacToe
from tracer.jsonio import dumps_json, loads_json
from tracer.record import MemoryRecorder
from tracer.schema import validate
from tracer.search import alpha_beta, minimax
from tracer.trace import Trace

AB_VARIANTS = ("fail-soft", "fail-hard", "negamax", "list")
MINIMAX_VARIANTS = ("negamax", "list")

# name -> (factory, deepest limit tried); the depths keep each example fast.
GAMES: dict[str, tuple[Callable[[], Game[Any, Any]], int]] = {
    "tictactoe": (TicTacToe, 3),
    "tictactoe-sym-eval": (lambda: TicTacToe(symmetry=True, utility="eval", win=10), 3),
    "grundy": (lambda: Grundy(11), 4),
    "nim": (lambda: Nim((3, 2, 2)), 3),
    "nim-misere-sym": (lambda: Nim((3, 2, 2), misere=True, symmetry=True), 3),
    "gameof5": (lambda: GameOf5(9), 4),
    "chomp": (lambda: Chomp(3, 4), 3),
    "othello-weighted": (Othello, 2),
    "othello-count": (lambda: Othello(eval="count"), 2),
    "othello-mobility": (lambda: Othello(eval="mobility"), 2),
}


def reachable(game: Game[Any, Any], seed: int, plies: int) -> Any:
    """The position after up to ``plies`` random moves from the start."""
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(plies):
        moves = list(game.actions(state))
        if not moves:
            break
        state = game.result(state, rng.choice(moves))
    return state


positions = st.tuples(st.sampled_from(sorted(GAMES)), st.integers(0, 10**6), st.integers(0, 40))


@settings(max_examples=examples(120), deadline=None)
@given(where=positions, depth=st.integers(1, 4),
       order=st.sampled_from(["natural", "reverse", "random"]),
       cut_on=st.sampled_from(["ge", "gt"]))
def test_alpha_beta_returns_the_minimax_value(where: tuple[str, int, int], depth: int,
                                               order: str, cut_on: str) -> None:
    name, seed, plies = where
    factory, deepest = GAMES[name]
    game = factory()
    state = reachable(game, seed, plies)
    depth = min(depth, deepest)
    reference = minimax(game, state, depth=depth)
    for variant in MINIMAX_VARIANTS:
        assert minimax(game, state, variant=variant, depth=depth).value == reference.value
    for variant in AB_VARIANTS:
        result = alpha_beta(game, state, variant=variant, depth=depth, order=order,
                            seed=seed if order == "random" else None, cut_on=cut_on)
        assert result.value == reference.value, (name, variant)
        if result.move is not None and depth > 1:
            # The move chosen is worth the value: search below it one ply less deep.
            child = next(game.result(state, a) for a in game.actions(state)
                         if game.move_name(state, a) == result.move)
            assert minimax(game, child, depth=depth - 1).value == reference.value


@settings(max_examples=examples(80), deadline=None)
@given(where=positions)
def test_moves_names_and_terminal_states_are_consistent(where: tuple[str, int, int]) -> None:
    name, seed, plies = where
    game = GAMES[name][0]()
    state = reachable(game, seed, plies)
    moves = list(game.actions(state))
    assert bool(moves) != game.is_terminal(state)
    names = [game.move_name(state, a) for a in moves]
    assert len(set(names)) == len(names) and all(n and "/" not in n for n in names)
    before = repr(state)
    for a in moves:
        child = game.result(state, a)
        assert child != state
    assert repr(state) == before
    assert isinstance(game.describe(state), str) and game.describe(state)
    if game.is_terminal(state):
        assert isinstance(game.utility(state), (int, float))
    else:
        assert isinstance(game.evaluate(state), (int, float))


@settings(max_examples=examples(25), deadline=None)
@given(where=positions, variant=st.sampled_from(AB_VARIANTS))
def test_traces_validate_and_round_trip(where: tuple[str, int, int], variant: str) -> None:
    name, seed, plies = where
    game = GAMES[name][0]()
    state = reachable(game, seed, plies)
    rec = MemoryRecorder()
    alpha_beta(game, state, variant=variant, depth=2, recorder=rec,
               source={"kind": "game", "name": game.name, "params": {}})
    doc = rec.trace.to_json()
    validate(doc, "trace", file=f"{name}.json")
    again = Trace.from_json(loads_json(dumps_json(doc), file="x"), file="x")
    assert again.to_json() == doc
