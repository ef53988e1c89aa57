"""Game parameters are bounded before any search: past its bound a parameter is refused
in one line naming it and the bound, and at its bound one node of the game (its moves,
its state, the event that expands it) stays small."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner

from tracer.cli import main
from tracer.errors import UsageError
from tracer.games.chomp import Chomp
from tracer.games.dice import DiceRace
from tracer.games.gameof5 import GameOf5
from tracer.games.grundy import Grundy
from tracer.games.nim import Nim
from tracer.games.registry import GAMES, make_game
from tracer.record import MemoryRecorder
from tracer.search import Limits, run_search

PAST = [
    # a parameter's own range is said in the number reader's words (docs/errors.md)
    ("grundy", {"coins": "201"}, "coins", "expected a number in 1..200, got 201"),
    ("grundy", {"coins": "1000000"}, "coins", "in 1..200"),
    ("nim", {"piles": "150,51"}, "piles (sticks in all)", "at most 200"),
    ("nim", {"piles": "201"}, "piles", "expected a number in 0..200, got 201"),
    ("nim", {"piles": ",".join(["0"] * 65)}, "piles", "at most 64 numbers"),
    ("gameof5", {"step": "101"}, "step", "in 1..100"),
    ("gameof5", {"target": "1001"}, "target", "in 1..1000"),
    ("chomp", {"rows": "21"}, "rows", "in 1..20"),
    ("chomp", {"cols": "500"}, "cols", "in 1..20"),
    ("dice", {"sides": "101"}, "sides", "in 2..100"),
    ("dice", {"turns": "101"}, "turns", "in 1..100"),
    ("dice", {"goal": "1001"}, "goal", "in 1..1000"),
]


@pytest.mark.parametrize(("game", "params", "name", "bound"), PAST,
                         ids=[f"{g}-{'-'.join(p)}" for g, p, _, _ in PAST])
def test_a_parameter_past_its_bound_is_refused_naming_it(
        game: str, params: dict[str, str], name: str, bound: str) -> None:
    with pytest.raises(UsageError) as caught:
        make_game(game, params)
    message = str(caught.value)
    assert name in message and bound in message and "\n" not in message
    assert len(message) < 200  # a long value is shortened, not echoed whole


@pytest.mark.parametrize(("make", "message"), [
    (lambda: Grundy(201), "grundy coins must be at most 200, got 201"),
    (lambda: Nim((100, 101)), "nim piles (sticks in all) must be at most 200, got 201"),
    (lambda: GameOf5(step=1000), "gameof5 step must be at most 100, got 1,000"),
    (lambda: Chomp(21, 2), "chomp rows must be at most 20, got 21"),
    (lambda: DiceRace(sides=10**6), "dice sides must be at most 100, got 1,000,000"),
])
def test_a_game_made_in_python_has_the_same_bounds(make: Any, message: str) -> None:
    with pytest.raises(UsageError) as caught:
        make()
    assert str(caught.value).startswith(message + " (")


def test_the_cli_refuses_before_searching_in_one_line() -> None:
    result = CliRunner().invoke(main, ["run", "grundy", "-p", "coins=100000"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "gametrace: error: parameter 'coins' of grundy: expected a number in 1..200, got "
        "100000"]


AT_BOUND = [
    ("grundy", {"coins": "200"}, 99),
    ("nim", {"piles": "100,100"}, 200),
    ("gameof5", {"target": "1000", "step": "100"}, 100),
    ("chomp", {"rows": "20", "cols": "20"}, 400),
    ("dice", {"goal": "1000", "sides": "100", "turns": "100"}, 2),
]


@pytest.mark.parametrize(("game", "params", "moves"), AT_BOUND,
                         ids=[g for g, _, _ in AT_BOUND])
def test_at_its_bounds_one_node_of_a_game_stays_small(
        game: str, params: dict[str, str], moves: int) -> None:
    g, state, block = make_game(game, params)
    assert len(g.actions(state)) == moves
    rec = MemoryRecorder()
    run_search(g, state, algorithm="expectiminimax" if game == "dice" else "minimax",
               source=block, limits=Limits(max_nodes=2_000), recorder=rec)
    longest = max(len(e.to_line()) for e in rec.trace.events)
    assert longest < 100_000


def test_every_bounded_parameter_is_listed_with_its_bound() -> None:
    listed = {(g.name, p.name): p.maximum for g in GAMES.values() for p in g.params
              if p.kind in ("int", "ints")}
    assert all(bound is not None for bound in listed.values()), listed


@pytest.mark.parametrize("game", ["tictactoe", "othello"])
def test_a_huge_board_is_refused_in_a_short_line(game: str) -> None:
    with pytest.raises(UsageError) as caught:
        make_game(game, {"board": "x" * 100_000})
    message = str(caught.value)
    assert "board" in message and "100,000" in message.replace("100000", "100,000")
    assert len(message) < 200
