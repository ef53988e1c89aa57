"""The water jugs of Giochi a Due Avversari ("Esercizio A*"): actions, their order, h, the goal."""

from __future__ import annotations

import pytest

from tracer.errors import UsageError
from tracer.problems import make_problem
from tracer.problems.jugs import Jugs


def names(problem: Jugs, state: tuple[int, ...]) -> list[str]:
    return [problem.action_name(state, a) for a in problem.actions(state)]


def test_defaults_are_the_lecture_puzzle() -> None:
    jugs = make_problem("jugs")
    assert isinstance(jugs, Jugs)
    assert jugs.capacities == (3, 5)
    assert jugs.initial_state() == (0, 0)
    assert jugs.params == {"capacities": "3,5", "start": "0,0", "goal": "1",
                           "order": "pour1-2,pour2-1,empty1,empty2,fill1,fill2"}
    assert jugs.default_heuristic == "lecture"
    assert set(jugs.heuristics) == {"lecture", "zero"}


def test_only_actions_that_change_the_state_apply_in_the_lecture_order() -> None:
    jugs = Jugs()
    # The notes' example: the root (0,0) cannot be emptied.
    assert names(jugs, (0, 0)) == ["fill1", "fill2"]
    assert names(jugs, (3, 0)) == ["pour1-2", "empty1", "fill2"]
    assert names(jugs, (3, 2)) == ["pour1-2", "empty1", "empty2", "fill2"]
    assert names(jugs, (3, 5)) == ["empty1", "empty2"]


@pytest.mark.parametrize(("state", "action", "after"), [
    ((3, 0), "pour1-2", (0, 3)),
    ((3, 3), "pour1-2", (1, 5)),   # stops when jug 2 is full
    ((0, 5), "pour2-1", (3, 2)),   # stops when jug 1 is full
    ((0, 2), "pour2-1", (2, 0)),   # stops when jug 2 is empty
    ((3, 4), "empty1", (0, 4)),
    ((3, 4), "fill2", (3, 5)),
], ids=lambda v: str(v))
def test_actions(state: tuple[int, int], action: str, after: tuple[int, int]) -> None:
    jugs = Jugs()
    by_name = {a.name: a for a in jugs.actions(state)}
    assert jugs.result(state, by_name[action]) == after
    assert jugs.cost(state, by_name[action], after) == 1


def test_goal_is_one_litre_in_either_jug() -> None:
    jugs = Jugs()
    assert jugs.is_goal((1, 5)) and jugs.is_goal((3, 1)) and jugs.is_goal((1, 0))
    assert not jugs.is_goal((0, 0)) and not jugs.is_goal((2, 4))


@pytest.mark.parametrize(("state", "h"), [((0, 0), 1), ((3, 3), 2), ((1, 5), 0), ((3, 5), 2),
                                          ((2, 0), 1), ((0, 4), 1)])
def test_lecture_heuristic_is_min_distance_of_a_jug_from_one_litre(state: tuple[int, int],
                                                                     h: int) -> None:
    assert Jugs().heuristics["lecture"](state) == h
    assert Jugs().heuristics["zero"](state) == 0


def test_parameters() -> None:
    jugs = make_problem("jugs", {"capacities": "4,9", "goal": "6", "start": "4,0",
                                 "order": "fill2,fill1,empty2,empty1,pour2-1,pour1-2"})
    assert jugs.initial_state() == (4, 0)
    assert isinstance(jugs, Jugs)
    assert names(jugs, (0, 0)) == ["fill2", "fill1"]
    assert jugs.is_goal((0, 6))
    three = make_problem("jugs", {"capacities": "8,5,3", "start": "8,0,0", "goal": "4"})
    assert [a.name for a in three.actions((8, 0, 0))] == [
        "pour1-2", "pour1-3", "empty1", "fill2", "fill3"]
    assert three.describe((8, 0, 0)) == "(8,0,0)"


@pytest.mark.parametrize(("params", "message"), [
    ({"capacities": "3,x"}, "capacities must be whole numbers"),
    ({"capacities": "3,0"}, "must be positive"),
    ({"start": "4,0"}, "does not fit"),
    ({"goal": "1,2"}, "goal must be one number"),
    ({"order": "fill1,fill2"}, "missing: pour1-2"),
    ({"order": "fill1,fill3,pour1-2,pour2-1,empty1,empty2"}, "unknown jug action 'fill3'"),
    ({"size": "3"}, "unknown parameter 'size' for jugs (allowed: capacities, start, goal"),
])
def test_bad_parameters_name_the_value_and_the_choices(params: dict[str, str],
                                                        message: str) -> None:
    with pytest.raises(UsageError) as info:
        make_problem("jugs", params)
    assert message in str(info.value)


def test_unknown_problem_lists_the_known_ones() -> None:
    with pytest.raises(UsageError, match=r"unknown problem 'jug' \(choose from: jugs, puzzle8\)"):
        make_problem("jug")
