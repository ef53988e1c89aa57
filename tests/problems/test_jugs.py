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
    ({"goal": "1,2,3"}, "goal '1,2,3' names 3 jugs, but there are 2"),
    ({"goal": "x"}, "goal must be the litres in some jug (goal=4), a total (goal=total=4)"),
    ({"goal": "total=1,2"}, "goal must be the litres in some jug"),
    ({"goal": "-1"}, "goal must be the litres in some jug"),
    ({"goal": "_,_"}, "asks for nothing"),
    ({"goal": "4,1"}, "jug 1 holds at most 3 litres, not 4"),
    ({"goal": "6"}, "goal 6 is more than any jug can hold (5 litres)"),
    ({"goal": "total=9"}, "goal total=9 is more than all the jugs together can hold (8 litres)"),
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
    with pytest.raises(UsageError,
                       match=r"unknown problem 'jug' \(choose from: jugs, puzzle8, romania\)"):
        make_problem("jug")


def test_goal_spellings_and_their_canonical_parameter() -> None:
    def goal(text: str) -> str:
        return make_problem("jugs", {"goal": text}).params["goal"]

    assert goal("4") == "4"
    assert goal("total=4") == goal("total:4") == "total=4"
    assert goal("0,4") == goal("(0, 4)") == "0,4"
    assert goal("_,4") == "_,4"


def test_a_total_goal_counts_every_jug() -> None:
    jugs = make_problem("jugs", {"goal": "total=4"})
    assert jugs.is_goal((3, 1)) and jugs.is_goal((0, 4)) and jugs.is_goal((1, 3))
    assert not jugs.is_goal((0, 5)) and not jugs.is_goal((2, 3))
    assert jugs.heuristics["lecture"]((3, 5)) == 4
    assert jugs.heuristics["lecture"]((0, 0)) == 4


def test_a_goal_for_each_jug_may_leave_one_free() -> None:
    both = make_problem("jugs", {"goal": "0,4"})
    assert both.is_goal((0, 4)) and not both.is_goal((3, 4))
    assert both.heuristics["lecture"]((3, 2)) == 3 + 2
    second = make_problem("jugs", {"goal": "_,4"})
    assert second.is_goal((3, 4)) and second.is_goal((0, 4)) and not second.is_goal((3, 1))
    assert second.heuristics["lecture"]((3, 1)) == 3


@pytest.mark.parametrize(("goal", "cost", "last"), [
    ("1", 4, (1, 5)),
    ("_,4", 6, (3, 4)),      # the Die Hard puzzle: four gallons in the five-gallon jug
    ("0,4", 7, (0, 4)),
    ("total=4", 7, (3, 1)),
])
def test_uniform_cost_search_finds_the_shortest_pouring(goal: str, cost: int,
                                                        last: tuple[int, int]) -> None:
    from tracer.record import MemoryRecorder
    from tracer.search.astar import astar

    rec = MemoryRecorder()
    result = astar(make_problem("jugs", {"goal": goal}), heuristic="zero", recorder=rec)
    assert result.value == cost
    goal_event = [e for e in rec.trace.events if e.type == "goal"][-1]
    labels = {e.node: e.label for e in rec.trace.events if e.type == "generate"}
    assert labels[goal_event.node] == f"({last[0]},{last[1]})"
