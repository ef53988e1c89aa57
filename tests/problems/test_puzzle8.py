"""The 8-puzzle: moves, the two heuristics of AIMA fig. 3.28, solvability, scrambles."""

from __future__ import annotations

import random

import pytest

from tracer.errors import UsageError
from tracer.problems import make_problem
from tracer.problems.puzzle8 import AIMA_GOAL, AIMA_START, Puzzle8, scramble, solvable


def test_aima_start_and_its_heuristic_values() -> None:
    p = Puzzle8()
    assert p.initial_state() == AIMA_START
    assert p.describe(AIMA_START) == "724/5_6/831"
    # AIMA 3rd ed., section 3.6: for the start state h1 = 8 and h2 = 18.
    assert p.h_misplaced(AIMA_START) == 8
    assert p.h_manhattan(AIMA_START) == 18
    assert p.heuristics["zero"](AIMA_START) == 0
    assert p.h_manhattan(AIMA_GOAL) == p.h_misplaced(AIMA_GOAL) == 0
    assert p.is_goal(AIMA_GOAL) and not p.is_goal(AIMA_START)


def test_blank_moves_in_the_given_order() -> None:
    p = Puzzle8()
    assert p.actions(AIMA_START) == ["up", "down", "left", "right"]
    assert p.actions(AIMA_GOAL) == ["down", "right"]
    assert p.result(AIMA_START, "up") == (7, 0, 4, 5, 2, 6, 8, 3, 1)
    assert p.result(AIMA_START, "right") == (7, 2, 4, 5, 6, 0, 8, 3, 1)
    assert p.cost(AIMA_START, "up", p.result(AIMA_START, "up")) == 1
    q = make_problem("puzzle8", {"order": "right,left,down,up"})
    assert q.actions(AIMA_START) == ["right", "left", "down", "up"]


def test_solvability_is_decided_by_inversion_parity() -> None:
    assert solvable(AIMA_START, AIMA_GOAL)
    swapped = (0, 2, 1, 3, 4, 5, 6, 7, 8)
    assert not solvable(swapped, AIMA_GOAL)
    with pytest.raises(UsageError, match="cannot reach goal"):
        Puzzle8(swapped)


def test_scrambles_are_seeded_and_solvable() -> None:
    a = scramble(AIMA_GOAL, 12, random.Random(3))
    assert a == scramble(AIMA_GOAL, 12, random.Random(3))
    assert solvable(a, AIMA_GOAL)
    p = make_problem("puzzle8", {"scramble": "12", "seed": "3"})
    assert p.initial_state() == a
    assert p.params["start"] == "".join(map(str, a))
    assert make_problem("puzzle8", {"scramble": "0"}).initial_state() == AIMA_GOAL


@pytest.mark.parametrize(("params", "message"), [
    ({"start": "12345678"}, "nine digits"),
    ({"start": "112345678"}, "digits 0-8 once each"),
    ({"start": "123", "scramble": "3"}, "either start or scramble"),
    ({"seed": "3"}, "seed applies only with scramble"),
    ({"scramble": "-1"}, "whole number"),
    ({"order": "up,down"}, "order must name each of up, down, left, right"),
])
def test_bad_parameters(params: dict[str, str], message: str) -> None:
    with pytest.raises(UsageError) as info:
        make_problem("puzzle8", params)
    assert message in str(info.value)


def test_boards_may_be_written_with_slashes_and_underscores() -> None:
    p = make_problem("puzzle8", {"start": "724/5_6/831"})
    assert p.initial_state() == AIMA_START
