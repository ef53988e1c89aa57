"""Step-level answering on the lecture's AIMA tree, fail-soft and fail-hard: the steps,
a right run to the end, and wrong steps refused without anything after them leaking."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tracer.analysis.check import Conventions, expected_trace
from tracer.classroom.reading import parse_assignment
from tracer.classroom.steps import Step, StepSession, steps_of
from tracer.errors import InputError, UsageError
from tracer.examples import example_tree
from tracer.student import scripted_alpha_beta
from tracer.trace import Trace


def aima(variant: str, algorithm: str = "alphabeta") -> Trace:
    trace, _ = expected_trace("aima", Conventions(algorithm=algorithm, variant=variant))
    return trace


SOFT = [
    "evaluate E = 3 (alpha = -inf, beta = +inf)",
    "evaluate F = 12 (alpha = -inf, beta = 3)",
    "evaluate G = 8 (alpha = -inf, beta = 3)",
    "return B = 3 (alpha = -inf, beta = 3)",
    "evaluate H = 2 (alpha = 3, beta = +inf)",
    "cut C = 2 (alpha = 3, beta = 2)",
    "evaluate K = 14 (alpha = 3, beta = +inf)",
    "evaluate L = 5 (alpha = 3, beta = 14)",
    "evaluate M = 2 (alpha = 3, beta = 5)",
    "return D = 2 (alpha = 3, beta = 2)",
    "return A = 3 (alpha = 3, beta = +inf)",
]
# Fail-hard (Pearl 1984) returns the bound alpha = 3 from C's cut and from D.
HARD = [s.replace("cut C = 2", "cut C = 3").replace("return D = 2", "return D = 3")
        for s in SOFT]


@pytest.mark.parametrize(("variant", "steps"), [("fail-soft", SOFT), ("fail-hard", HARD)])
def test_the_steps_of_the_lecture_tree(variant: str, steps: list[str]) -> None:
    found = steps_of(aima(variant))
    assert [s.describe() for s in found] == steps
    assert [s.pruned for s in found if s.kind == "cut"] == [("I", "J")]


def test_minimax_steps_have_no_window_and_no_cut() -> None:
    found = steps_of(aima("two-function", "minimax"))
    assert [s.describe() for s in found][4:8] == [
        "evaluate H = 2", "evaluate I = 4", "evaluate J = 6", "return C = 2"]
    session = StepSession(found)
    assert session.next_prompt()["fields"] == ["kind", "node", "value"]


@pytest.mark.parametrize("variant", ["fail-soft", "fail-hard"])
@pytest.mark.parametrize("policy", ["score", "first-mistake", "explain", "full"])
def test_a_right_sequence_goes_to_the_end(variant: str, policy: str) -> None:
    session = StepSession.for_trace(aima(variant), policy=policy)
    n = len(session.steps)
    for i, step in enumerate(session.steps):
        prompt = session.next_prompt()
        assert prompt == {"finished": False, "step": i + 1,
                          "fields": ["kind", "node", "value", "alpha", "beta"],
                          "kinds": ["evaluate", "cut", "return"]}
        verdict = session.answer(step.fields(), at=f"2026-11-26T10:{i:02d}:00Z")
        assert verdict.right and verdict.record.step == i + 1 and verdict.record.wrong == ()
        assert verdict.record.to_json()["try"] == 1
        assert verdict.record.at == f"2026-11-26T10:{i:02d}:00Z"
        assert verdict.to_json()["finished"] == (i == n - 1)
        if step.kind == "cut":
            assert verdict.to_json()["pruned"] == ["I", "J"]
    assert session.finished and session.score() == (n, n)
    assert session.next_prompt() == {"finished": True, "right_first_try": n, "steps": n,
                                     "missed": 0}
    with pytest.raises(UsageError, match="every step is answered"):
        session.answer(session.steps[-1].fields())


def wrong_answers(step: Step) -> list[dict[str, Any]]:
    """A wrong value, a wrong node, a wrong kind, a wrong window: each alone."""
    right = step.fields()
    other_kind = "cut" if step.kind != "cut" else "return"
    value = right["value"]
    return [{**right, "value": (value + 100) if isinstance(value, int) else 0},
            {**right, "node": "Z"},
            {**right, "kind": other_kind},
            {**right, "alpha": 99}]


def names_in(text: str) -> set[str]:
    return set(re.findall(r'"([A-Z])"', text))


@pytest.mark.parametrize("variant", ["fail-soft", "fail-hard"])
@pytest.mark.parametrize("policy", ["score", "first-mistake", "explain", "full"])
def test_a_wrong_step_is_refused_and_nothing_after_it_leaks(variant: str,
                                                            policy: str) -> None:
    session = StepSession.for_trace(aima(variant), policy=policy)
    steps = list(session.steps)
    for i, step in enumerate(steps):
        seen = {s.node for s in steps[:i + 1]} | {p for s in steps[:i + 1] for p in s.pruned}
        later = {s.node for s in steps[i + 1:]} - seen
        for wrong in wrong_answers(step):
            verdict = session.answer(wrong)
            shown = verdict.to_json()
            text = json.dumps(shown)
            assert not verdict.right and session.done == i  # refused: still on the step
            assert shown["step"] == i + 1 and shown["finished"] is False
            # nothing of a later step: none of their nodes, and only this step's fields
            assert names_in(text) <= seen | {"Z"}, text
            assert not names_in(text) & later
            assert shown["try"] == verdict.record.to_json()["try"] == session.tries
            if policy == "score":
                assert set(shown) == {"step", "try", "right", "finished"}
                continue
            assert shown["wrong"] == list(verdict.record.wrong)
            assert set(shown["words"]) == set(shown["wrong"])
            # the hint names the rule, never a number of the step's answer
            assert shown["hint"] and not re.search(r"\d", shown["hint"]), shown["hint"]
            want = step.fields()
            if policy == "first-mistake":
                assert set(shown) == {"step", "try", "right", "finished", "wrong", "words",
                                      "hint"}
                continue
            assert set(shown) == {"step", "try", "right", "finished", "wrong", "words",
                                  "hint", "expected"}
            assert all(want[k] == v for k, v in shown["expected"].items())
            if policy == "explain":
                assert list(shown["expected"]) == [shown["wrong"][0]]
            else:
                assert shown["expected"] == want
        assert session.answer(step.fields()).right
    right_first, total = session.score()
    assert right_first == 0 and total == len(steps) and session.finished


def test_a_fail_hard_student_is_stopped_at_the_cut_with_that_step_only() -> None:
    # The student's own steps come from the scripted fail-hard search; the session is
    # the lecture's fail-soft one.
    student = steps_of(scripted_alpha_beta(example_tree("aima"), variant="fail-hard"))
    session = StepSession.for_trace(aima("fail-soft"), policy="first-mistake")
    records = []
    for mine in student:
        verdict = session.answer(mine.fields())
        records.append(verdict.record)
        if not verdict.right:
            break
    assert [r.right for r in records] == [True] * 5 + [False]
    assert records[-1].wrong == ("value",)
    shown = verdict.to_json()
    assert shown == {"step": 6, "try": 1, "right": False, "wrong": ["value"],
                     "words": {"value": "the value"},
                     "hint": "the value of C is wrong: a MIN node returns the smallest value "
                             "of the children it searches; when alpha >= beta it stops and "
                             "returns the smallest value found so far; a value a cut leaves "
                             "undecided is written as a bound (<= or >=)",
                     "finished": False}
    assert records[-1].to_json() == {
        "step": 6, "try": 1,
        "answer": {"kind": "cut", "node": "C", "value": 3, "alpha": 3, "beta": 2},
        "right": False, "wrong": ["value"], "at": None}
    italian = session.answer(student[5].fields(), lang="it").to_json()
    assert italian["try"] == 2 and italian["words"] == {"value": "il valore"}
    assert italian["hint"].startswith("il valore di C non è giusto: un nodo MIN riporta il "
                                      "valore più piccolo")
    explained = StepSession.for_trace(aima("fail-soft"), policy="explain")
    for mine in student[:5]:
        explained.answer(mine.fields())
    assert explained.answer(student[5].fields()).to_json()["expected"] == {"value": 2}


def test_a_session_is_stored_and_resumed() -> None:
    steps = steps_of(aima("fail-soft"))
    session = StepSession(steps)
    for step in steps[:3]:
        session.answer(step.fields())
    session.answer({**steps[3].fields(), "value": 12})  # wrong once
    stored = json.loads(json.dumps(session.to_json()))
    assert stored == {"done": 3, "steps": 11, "first_try": [True, True, True], "tries": 1,
                      "tries_per_step": [0, 0, 0], "missed": [False, False, False]}
    again = StepSession.from_json(stored, steps)
    verdict = again.answer(steps[3].fields())
    assert verdict.right and verdict.record.to_json()["try"] == 2
    assert again.first_try == [True, True, True, False] and again.done == 4
    assert again.tries_per_step == [0, 0, 0, 1] and again.missed == [False] * 4
    # a state stored before tries were counted still reads
    old = StepSession.from_json({"done": 2, "first_try": [True, False], "tries": 0}, steps)
    assert old.tries_per_step == [0, 1] and old.missed == [False, False]
    with pytest.raises(InputError, match="does not fit"):
        StepSession.from_json({**stored, "steps": 12}, steps)
    with pytest.raises(InputError, match="does not fit"):
        StepSession.from_json({"done": 40, "first_try": [True] * 40}, steps)
    with pytest.raises(InputError):
        StepSession.from_json({"done": "3"}, steps)


def test_a_session_for_a_students_variant() -> None:
    a = parse_assignment({"title": "t", "source": {"example": "aima"}, "items": ["value"],
                          "per_student": True, "feedback": "full", "solution": "never"},
                         id="hw1")
    alice = StepSession.for_assignment(a, "alice")
    bob = StepSession.for_assignment(a, "bob")
    assert alice.policy == "full"
    assert [s.fields() for s in alice.steps] != [s.fields() for s in bob.steps]
    alice.answer(alice.steps[0].fields())
    resumed = StepSession.for_assignment(a, "alice", alice.to_json())
    assert resumed.done == 1 and resumed.next_prompt()["step"] == 2


@pytest.mark.parametrize(("answer", "where"), [
    ({"kind": "prune", "node": "E", "value": 3, "alpha": "-inf", "beta": "+inf"}, "$.kind"),
    ({"kind": "evaluate", "value": 3, "alpha": "-inf", "beta": "+inf"}, "$.node"),
    ({"kind": "evaluate", "node": "E", "value": "3", "alpha": "-inf", "beta": "+inf"},
     "$.value"),
    ({"kind": "evaluate", "node": "E", "value": 3, "beta": "+inf"}, "$.alpha"),
    ({"kind": "evaluate", "node": "E", "value": True, "alpha": "-inf", "beta": "+inf"},
     "$.value"),
])
def test_a_malformed_step_answer_names_its_field(answer: dict[str, Any], where: str) -> None:
    session = StepSession(steps_of(aima("fail-soft")))
    with pytest.raises(InputError) as caught:
        session.answer(answer)
    assert str(caught.value).startswith(where + ": ")
    assert session.done == 0 and session.tries == 0


def test_after_step_tries_wrong_tries_the_step_is_missed_and_shown() -> None:
    session = StepSession.for_trace(aima("fail-soft"), policy="score", step_tries=2)
    steps = list(session.steps)
    session.answer(steps[0].fields())
    wrong = {**steps[1].fields(), "value": 99}
    first = session.answer(wrong).to_json()
    assert first == {"step": 2, "try": 1, "right": False, "tries_left": 1, "finished": False}
    assert session.done == 1 and session.next_prompt()["tries_left"] == 1
    second = session.answer(wrong)
    shown = second.to_json()
    assert shown["missed"] is True and shown["answer"] == steps[1].fields()
    assert shown["tries_left"] == 0 and second.record.to_json()["try"] == 2
    assert session.done == 2 and session.next_prompt()["step"] == 3  # moved on
    assert session.to_json()["tries_per_step"] == [0, 2]
    assert session.to_json()["missed"] == [False, True]
    for step in steps[2:]:
        session.answer(step.fields())
    assert session.score() == (len(steps) - 1, len(steps))  # the missed one is not right
    assert session.next_prompt()["missed"] == 1


def test_a_cut_missed_shows_its_pruned_children() -> None:
    session = StepSession.for_trace(aima("fail-soft"), policy="first-mistake", step_tries=1)
    steps = list(session.steps)
    for step in steps[:5]:
        session.answer(step.fields())
    shown = session.answer({**steps[5].fields(), "kind": "return"}).to_json()
    assert shown["missed"] and shown["answer"]["kind"] == "cut" and shown["pruned"] == ["I", "J"]


def test_an_assignments_step_tries_is_the_sessions() -> None:
    a = parse_assignment({"title": "t", "source": {"example": "aima"}, "items": ["value"],
                          "step_tries": 3, "solution": "never"}, id="hw1")
    assert StepSession.for_assignment(a, "alice").step_tries == 3
    assert a.to_json()["step_tries"] == 3


def strings(shown: Any) -> list[str]:
    if isinstance(shown, dict):
        return [t for v in shown.values() for t in strings(v)]
    if isinstance(shown, list):
        return [t for v in shown for t in strings(v)]
    return [shown] if isinstance(shown, str) else []


@pytest.mark.parametrize("seed", range(1, 7))
@pytest.mark.parametrize("policy", ["score", "first-mistake"])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_no_step_verdict_shows_a_value_of_the_key_on_random_trees(seed: int, policy: str,
                                                                  lang: str) -> None:
    from tracer.analysis.check import make_exercise

    exercise = make_exercise(branching=2 + seed % 2, depth=3, cuts=(1, 6), seed=seed,
                             conventions=Conventions(variant="fail-hard" if seed % 2
                                                     else "fail-soft"))
    session = StepSession.for_trace(exercise.trace, policy=policy)
    for step in list(session.steps):
        right = step.fields()
        for wrong in ({**right, "value": 7000}, {**right, "alpha": 7001},
                      {**right, "beta": -7002}, {**right, "kind": "cut" if step.kind !=
                                                 "cut" else "return"}):
            shown = session.answer(wrong, lang=lang).to_json()
            assert not shown["right"] and "expected" not in shown and "answer" not in shown
            for text in strings(shown):  # hints and words: rules and fields, no number
                assert not re.search(r"\d|inf", text), text
        assert session.answer(right).right
