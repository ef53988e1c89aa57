"""Assignments: parsing with one-line errors, the task (never the answer), the answer
key, per-student variants, grading, the feedback and solution policies."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest

from tracer.analysis.check import Solution
from tracer.classroom.assignments import Assignment
from tracer.classroom.reading import parse_assignment
from tracer.classroom.student_trees import expected_for, student_tree, variant_seed
from tracer.classroom.tasks import answer_key_for, feedback, grade, may_see_solution, task_for
from tracer.errors import InputError
from tracer.events import Cut
from tracer.examples import example_tree

AIMA: dict[str, Any] = {
    "title": "Alpha-beta on the AIMA tree",
    "source": {"example": "aima"},
    "spec": {"algorithm": "alphabeta", "variant": "fail-soft"},
    "items": ["value", "move", {"values": ["B", "C", "D"]}, "evaluated", "pruned",
              {"alphabeta": ["C"]}],
    "due": "2026-12-01T12:00:00Z",
    "attempts": 3,
    "feedback": "first-mistake",
    "solution": "after-due",
}


def make(**changes: Any) -> Assignment:
    return parse_assignment({**AIMA, **changes}, id="hw1")


# -- parsing ----------------------------------------------------------------------------


def test_an_assignment_reads_every_field() -> None:
    a = make()
    assert a.id == "hw1" and a.source.kind == "example" and a.source.name == "aima"
    assert a.spec.variant == "fail-soft" and a.attempts == 3
    assert [x.item for x in a.items] == ["value", "move", "values", "evaluated", "pruned",
                                         "alphabeta"]
    assert a.items[2].nodes == ("B", "C", "D")
    assert a.due == datetime(2026, 12, 1, 12, tzinfo=UTC)
    assert parse_assignment(json.dumps(a.to_json())) == a  # text in, the same back


@pytest.mark.parametrize(("changes", "where", "words"), [
    ({"attempts": 0}, "$.attempts", "from 1 to 100, got 0"),
    ({"attempts": 101}, "$.attempts", "from 1 to 100"),
    ({"attempts": True}, "$.attempts", "whole number"),
    ({"title": ""}, "$.title", "non-empty"),
    ({"title": "x" * 201}, "$.title", "at most 200"),
    ({"feedback": "hints"}, "$.feedback", "score, first-mistake, explain, full"),
    ({"step_tries": 0}, "$.step_tries", "from 1 to 1000, got 0"),
    ({"step_tries": "3"}, "$.step_tries", "whole number"),
    ({"late": "later"}, "$.late", "refuse, accept, penalty"),
    ({"late": "penalty"}, "$.penalty", "needs the percentage"),
    ({"late": "penalty", "penalty": 0}, "$.penalty", "above 0 and at most 100"),
    ({"late": "penalty", "penalty": 120}, "$.penalty", "above 0 and at most 100"),
    ({"late": "penalty", "penalty": True}, "$.penalty", "above 0 and at most 100"),
    ({"late": "accept", "penalty": 10}, "$.penalty", "goes with late: penalty"),
    ({"penalty": 10}, "$.penalty", "goes with late: penalty (late is refuse)"),
    ({"solution": "later"}, "$.solution", "never, after-due, always"),
    ({"due": None}, "$.solution", "after-due needs a due time"),
    ({"due": "tomorrow"}, "$.due", "ISO 8601"),
    ({"due": "2026-12-01T12:00:00"}, "$.due", "with its zone"),
    ({"items": []}, "$.items", "1 to 7 items"),
    ({"items": ["value", "score"]}, "$.items[1]", "expected one of value, move"),
    ({"items": ["value", "value"]}, "$.items[1]", "asked twice"),
    ({"items": [{"values": ["Z"]}]}, "$.items[0].values", "'Z' is not an inner node"),
    ({"items": [{"values": ["E"]}]}, "$.items[0].values", "'E' is not an inner node"),
    ({"items": [{"pruned": ["C"]}]}, "$.items[0]", "only values and alphabeta"),
    ({"items": ["expanded"]}, "$.items[0]", "A* item"),
    ({"source": {"example": "aima", "game": "nim"}}, "$.source", "exactly one of"),
    ({"source": {"example": "nope"}}, "$.source", "no built-in example"),
    ({"source": {"exercise": {"branching": 7, "depth": 2}}}, "$.source.exercise.branching",
     "from 2 to 6"),
    ({"source": {"exercise": {"branching": 3, "depth": 7}}}, "$.source.exercise.depth",
     "from 1 to 6"),
    ({"source": {"exercise": {"branching": 6, "depth": 4}}}, "$.source.exercise",
     "1296 leaves is too many"),
    ({"source": {"exercise": {"branching": 2, "depth": 2, "cuts": [3, 1]}}},
     "$.source.exercise.cuts", "LOW <= HIGH"),
    ({"source": {"exercise": {"branching": 2, "depth": 2, "values": [0, 5000]}}},
     "$.source.exercise.values[1]", "from -1000 to 1000"),
    ({"source": {"tree": "A(B(1 2) C(3 4))"}, "items": [{"values": ["Q"]}]},
     "$.items[0].values", "'Q' is not an inner node"),
    ({"source": {"tree": "A(B(1 2"}}, "$.source.tree", "<tree>"),
    ({"source": {"game": "nim", "params": {"piles": "3,3,3"}}}, "$.source.game",
     "more than 400 nodes"),
    ({"source": {"game": "nim"}, "per_student": True}, "$.per_student", "one tree"),
    ({"source": {"game": "aima"}}, "$.source.game", "not a game"),
    ({"spec": {"algorithm": "pns"}}, "$.spec.algorithm", "minimax, alphabeta or astar"),
    ({"spec": {"variant": "fail-sofft"}}, "$.spec", "fail-soft"),
    ({"spec": {"depth": 99}}, "$.spec.depth", "from 0 to 64"),
    ({"spec": {"max_nodes": 5}}, "$.spec.max_nodes", "not an assignment's search option"),
    ({"spec": {"algorithm": "minimax"}}, "$.items[5]", "alphabeta needs spec.algorithm"),
    ({"extra": 1}, "$.extra", "unknown field"),
])
def test_a_bad_field_is_one_line_naming_it(changes: dict[str, Any], where: str,
                                           words: str) -> None:
    with pytest.raises(InputError) as caught:
        make(**changes)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"<assignment>: {where}: "), message
    assert words in message


# -- the task: the tree with its leaf values, never the answer ---------------------------


def inner_values(tree_json: dict[str, Any]) -> list[Any]:
    found, stack = [], [tree_json["tree"]]
    while stack:
        node = stack.pop()
        if node.get("children"):
            if "value" in node:
                found.append(node["value"])
            stack.extend(node["children"])
    return found


def leaves(tree_json: dict[str, Any]) -> dict[str, Any]:
    out, stack = {}, [tree_json["tree"]]
    while stack:
        node = stack.pop()
        if node.get("children"):
            stack.extend(node["children"])
        else:
            out[node["label"]] = node["value"]
    return out


def test_the_task_has_leaf_values_only_and_nothing_of_the_answer() -> None:
    a = make()
    task = task_for(a, "alice").to_json()
    text = json.dumps(task)
    assert inner_values(task["tree"]) == []
    assert leaves(task["tree"]) == {"E": 3, "F": 12, "G": 8, "H": 2, "I": 4, "J": 6,
                                    "K": 14, "L": 5, "M": 2}
    assert task["items"] == ["value", "move", {"values": ["B", "C", "D"]}, "evaluated",
                             "pruned", {"alphabeta": ["C"]}]
    assert task["conventions"] == {"algorithm": "alphabeta", "variant": "fail-soft",
                                   "order": "natural", "cut_on": "ge"}
    assert set(task) == {"assignment", "title", "student", "conventions", "items", "due",
                         "attempts", "feedback", "tree"}
    # None of the key's answers, in any form: the bound "<=2", a window's "+inf"/"-inf",
    # a list of pruned or evaluated leaves, the move, the solution policy.
    for fragment in ('"<=', '">=', '"+inf"', '"-inf"', '["I", "J"]', '"E", "F", "G", "H"',
                     '"move": ', '"solution"', '"alpha"', '"beta"', "after-due"):
        assert fragment not in text, fragment
    key = answer_key_for(a, "alice").to_json()
    assert key["values"] == {"B": 3, "C": "<=2", "D": 2}
    assert key["pruned"] == ["I", "J"] and key["move"] == "B"
    assert key["alphabeta"] == {"C": {"alpha": 3, "beta": 2}}


def test_with_a_depth_limit_the_task_ends_at_the_limit_with_its_static_values() -> None:
    a = make(source={"tree": "A:5(B:1(1 9) C:7(2 3))"}, spec={"depth": 1},
             items=["value", "move"])
    task = task_for(a, "bob").to_json()
    assert inner_values(task["tree"]) == []  # A's static 5 is gone
    assert leaves(task["tree"]) == {"B": 1, "C": 7}
    assert answer_key_for(a, "bob").to_json()["value"] == 7


def test_a_variant_with_a_depth_limit_draws_the_static_values_it_reads() -> None:
    a = make(source={"tree": "A:5(B:1(1 9) C:7(2 3))"}, spec={"depth": 1},
             items=["value", "move"], per_student=True)
    seen = {json.dumps(leaves(task_for(a, s).to_json()["tree"])) for s in "abcdefgh"}
    assert len(seen) > 1  # B's and C's static values are drawn, not kept
    for s in "abcdefgh":
        key = answer_key_for(a, s)
        assert key.value is not None and key.value.number == max(
            leaves(task_for(a, s).to_json()["tree"]).values())


def test_a_game_is_handed_out_as_its_tree() -> None:
    a = make(source={"game": "nim", "params": {"piles": "2,2"}},
             spec={"algorithm": "minimax"}, items=["value", "move"])
    tree = student_tree(a, "x")
    assert tree.size == 33 and all(n.value in (-1, 1) for n in tree.nodes() if not n.children)
    assert answer_key_for(a, "x").value.number == -1  # two equal piles: MAX, first, loses
    assert inner_values(task_for(a, "x").to_json()["tree"]) == []


def test_an_astar_assignment_names_its_problem() -> None:
    a = make(source={"problem": "jugs"}, spec={"algorithm": "astar"}, items=["expanded"])
    task = task_for(a, "x").to_json()
    assert task["problem"] == {"problem": "jugs"} and "tree" not in task
    assert answer_key_for(a, "x").expanded[0] == "n0"


# -- per-student variants -----------------------------------------------------------------


def cuts(a: Assignment, student: str) -> int:
    return sum(1 for e in expected_for(a, student).events if e.type == Cut.type)


def test_the_variant_seed_is_a_stable_hash_of_both_ids() -> None:
    assert variant_seed("hw1", "alice") == variant_seed("hw1", "alice")
    assert len({variant_seed("hw1", s) for s in ("alice", "bob", "carol")}) == 3
    assert variant_seed("hw1", "alice") != variant_seed("hw2", "alice")
    # the first 31 bits of SHA-256("hw1\\0alice"): the same on every machine
    assert variant_seed("hw1", "alice") == 721_948_803


def test_per_student_variants_keep_the_shape_and_the_difficulty() -> None:
    a = make(per_student=True)
    original = example_tree("aima")
    shapes = {n.id: len(n.children) for n in original.nodes()}
    trees = {s: student_tree(a, s) for s in ("alice", "bob", "carol", "dave")}
    assert len({json.dumps(t.to_json()) for t in trees.values()}) == 4  # all different
    for student, tree in trees.items():
        assert {n.id: len(n.children) for n in tree.nodes()} == shapes
        assert cuts(a, student) == 1  # as many cuts as the lecture's tree
        values = [answer_key_for(a, student).value]
        assert values[0] is not None
    assert student_tree(a, "alice") == trees["alice"]  # drawn again, the same


def test_per_student_exercises_are_seeded_by_the_student() -> None:
    a = make(source={"exercise": {"branching": 2, "depth": 3, "cuts": [2, 3]}},
             per_student=True, items=["value", "pruned", {"values": ["B", "C"]}])
    keys = {s: answer_key_for(a, s).to_json() for s in ("alice", "bob", "carol")}
    assert len({json.dumps(k) for k in keys.values()}) > 1
    for s in keys:
        assert 2 <= cuts(a, s) <= 3
    same = make(source={"exercise": {"branching": 2, "depth": 3, "cuts": [2, 3]}},
                items=["value"])
    assert student_tree(same, "alice") == student_tree(same, "bob")


# -- grading and the policies -------------------------------------------------------------


WRONG = {"value": 3, "move": "B", "values": {"B": 3, "C": "<=3", "D": 3},
         "evaluated": ["E", "F", "G", "H", "K", "L", "M"], "pruned": ["I", "J"],
         "alphabeta": {"C": {"alpha": 3, "beta": 2}}}


def test_grading_checks_the_items_asked_only() -> None:
    a = make(items=["value", "pruned"])
    report = grade(a, "alice", Solution.from_json({**WRONG, "move": "D"}))
    assert [i.key for i in report.items] == ["value", "pruned"] and report.correct


def test_feedback_policies_show_what_they_say() -> None:
    a = make()
    report = grade(a, "alice", Solution.from_json(WRONG))
    assert not report.correct and report.diagnosis[0].id == "fail-hard"
    score = feedback(report, "score")
    assert {k: score[k] for k in ("correct", "score", "max_score", "percent")} == {
        "correct": False, "score": 7.0, "max_score": 9, "percent": 77.8}
    assert set(score) == {"correct", "score", "max_score", "percent", "items"}
    assert score["items"][3] == {"item": "values.C", "words": "the value of C",
                                 "right": False, "answered": True, "given": "<=3",
                                 "score": 0.0}
    first = feedback(report, "first-mistake")
    assert first["first_mistake"] == {
        "item": "values.C", "words": "the value of C", "answered": True, "given": "<=3",
        "hint": "the value of C is wrong: a MIN node returns the smallest value of the "
                "children it searches; when alpha >= beta it stops and returns the smallest "
                "value found so far; a value a cut leaves undecided is written as a bound "
                "(<= or >=)"}
    shown = json.dumps(first)
    assert "diagnosis" not in shown and "fail-hard" not in shown and "expected" not in shown
    assert "<=2" not in shown  # C's key
    # the key of the other wrong item (D = 2) is not shown
    assert next(i for i in first["items"] if i["item"] == "values.D") == {
        "item": "values.D", "words": "the value of D", "right": False, "answered": True,
        "given": "3", "score": 0.0}
    explained = feedback(report, "explain")
    assert explained["first_mistake"]["expected"] == "<=2"
    assert "C is a MIN node; after leaf H = 2" in explained["first_mistake"]["why"]
    assert "diagnosis" not in explained
    full = feedback(report, "full")
    assert full["diagnosis"][0]["misconception"] == "fail-hard"
    assert all(i["words"] for i in full["items"])
    italian = feedback(grade(a, "alice", Solution.from_json(WRONG), lang="it"),
                       "first-mistake", lang="it")
    assert italian["first_mistake"]["words"] == "il valore di C"
    assert italian["first_mistake"]["hint"].startswith(
        "il valore di C non è giusto: un nodo MIN riporta il valore più piccolo tra quelli "
        "dei figli che esplora")
    with pytest.raises(InputError, match="score, first-mistake, explain, full"):
        feedback(report, "all")


def test_the_solution_policy() -> None:
    before = datetime(2026, 12, 1, 11, 59, tzinfo=UTC)
    after = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    assert not may_see_solution(make(), before, attempts_left=3)
    assert may_see_solution(make(), after, attempts_left=3)  # late work refused: over
    assert not may_see_solution(make(solution="never"), after, attempts_left=0)
    assert may_see_solution(make(solution="always"), before, attempts_left=3)
    # late work accepted: the key waits until no more submissions can count
    late = make(late="accept")
    assert not may_see_solution(late, after, attempts_left=1)
    assert may_see_solution(late, after, attempts_left=0)
    assert not may_see_solution(late, before, attempts_left=0)
    assert not may_see_solution(make(late="penalty", penalty=20), after, attempts_left=2)
