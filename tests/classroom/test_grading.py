"""Grading by the assignment: every asked item scored for every student (a blank one
wrong), feedback that teaches without giving the key, the late policy, and the seed of
per-student exercises."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tracer.analysis.check import Solution
from tracer.classroom.assignments import Assignment
from tracer.classroom.reading import parse_assignment
from tracer.classroom.student_trees import student_tree
from tracer.classroom.tasks import (
    answer_key_for,
    asked_keys,
    feedback,
    grade,
    refuse_past_due,
    submission_timing,
)
from tracer.errors import InputError

DUE = "2026-12-01T12:00:00Z"
AIMA: dict[str, Any] = {
    "title": "Alpha-beta on the AIMA tree",
    "source": {"example": "aima"},
    "spec": {"algorithm": "alphabeta", "variant": "fail-soft"},
    "items": ["value", "move", "values", "evaluated", "pruned", "alphabeta"],
    "due": DUE,
    "attempts": 3,
}


def make(**changes: Any) -> Assignment:
    return parse_assignment({**AIMA, **changes}, id="hw1")


def answer(data: dict[str, Any]) -> Solution:
    return Solution.from_json(data)


# -- the items asked ----------------------------------------------------------------------


def test_the_asked_keys_are_every_node_of_the_tree_in_search_order() -> None:
    assert asked_keys(make()) == (
        "value", "move", "values.B", "values.C", "values.D", "evaluated", "pruned",
        *(f"alphabeta.{n}.{f}" for n in "ABCD" for f in ("alpha", "beta")))
    chosen = make(items=[{"values": ["C", "A"]}, {"alphabeta": ["C"]}])
    assert asked_keys(chosen) == ("values.C", "values.A", "alphabeta.C.alpha",
                                  "alphabeta.C.beta")
    right_to_left = make(spec={"order": "reverse"}, items=["values"])
    assert asked_keys(right_to_left) == ("values.D", "values.C", "values.B")
    limited = make(source={"tree": "A(B(C:1(1 2) D:3(3 4)) E(F:5(5 6) G:7(7 8)))"},
                   spec={"depth": 2}, items=["values"])
    assert asked_keys(limited) == ("values.B", "values.E")  # C, D, F, G: at the limit


def test_every_student_has_the_same_maximum_and_a_blank_item_is_wrong() -> None:
    a = make(per_student=True)
    keys = asked_keys(a)
    for student, given in (("alice", {"value": 3}), ("bob", {"move": "B", "pruned": []}),
                           ("carol", {"values": {"C": 1}})):
        report = grade(a, student, answer(given))
        out = report.to_json()
        assert [i["item"] for i in out["items"]] == list(keys)
        assert out["max_score"] == len(keys) == 15 and not out["correct"]
        blank = [i for i in out["items"] if i.get("answered") is False]
        assert blank and all(not i["right"] and i["score"] == 0 and i["given"] == ""
                             and i["why"] == "not answered" for i in blank)
        assert all("answered" not in i for i in out["items"] if i not in blank)
    # {"value": 3} used to score 1 of 1, 100%
    alone = grade(make(), "x", answer({"value": 3})).to_json()
    assert (alone["score"], alone["max_score"], alone["correct"]) == (1.0, 15, False)
    assert alone["percent"] == 6.7


def test_only_every_asked_item_right_is_correct() -> None:
    a = make(per_student=True)
    for student in ("alice", "bob"):
        key = answer_key_for(a, student).to_json()
        report = grade(a, student, answer(key))
        assert report.correct and report.to_json()["percent"] == 100.0
        key.pop("move")
        assert not grade(a, student, answer(key)).correct


def test_an_answer_with_no_asked_item_is_refused() -> None:
    a = make(items=["value", "pruned"])
    for given in ({}, {"move": "B"}, {"values": {"B": 3}}, {"alphabeta": {"C": {"alpha": 3}}}):
        with pytest.raises(InputError, match="none of the items asked"):
            grade(a, "x", answer(given))
    with pytest.raises(InputError) as italian:
        grade(a, "x", answer({}), lang="it")
    assert italian.value.worded("it") == ("$: la risposta non contiene nessuna delle voci "
                                          "richieste: rispondi almeno a una")


def test_the_root_among_values_answers_the_roots_value() -> None:
    a = make(items=["value", "values"])
    report = grade(a, "x", answer({"values": {"A": 3, "B": 3, "C": "<=2", "D": 2}}))
    assert report.correct and [i.key for i in report.items] == [
        "value", "values.B", "values.C", "values.D"]
    # the root's own entry asked by name is graded there, not as the value
    named = make(items=[{"values": ["A", "B"]}])
    report = grade(named, "x", answer({"values": {"A": 2, "B": 3}}))
    assert [(i.key, i.right) for i in report.items] == [("values.A", False), ("values.B", True)]


def test_a_node_never_searched_is_answered_by_leaving_it_blank() -> None:
    # C cuts after its first leaf: D, an inner node, is never searched
    a = make(source={"tree": "A(B(3 5) C(2 D(7 8)))"}, items=["values", "alphabeta"])
    assert asked_keys(a)[:3] == ("values.B", "values.C", "values.D")
    key = answer_key_for(a, "x").to_json()
    assert "D" not in key["values"] and "D" not in key["alphabeta"]
    report = grade(a, "x", answer(key))
    assert report.correct
    blank = {i.key: i for i in report.items if not i.answered}
    assert set(blank) == {"values.D", "alphabeta.D.alpha", "alphabeta.D.beta"}
    assert all(i.right and i.score == 1 for i in blank.values())
    filled = grade(a, "x", answer({**key, "values": {**key["values"], "D": 7}}))
    item = next(i for i in filled.items if i.key == "values.D")
    assert not item.right and item.hint == ("D is never searched: a node under a cut gets "
                                            "no value, so leave it blank")


# -- feedback that teaches without the key ------------------------------------------------

LECTURE = [
    ({"example": "aima"}, {"variant": "fail-soft"}),
    ({"example": "aima"}, {"variant": "fail-hard"}),
    ({"example": "aima"}, {"algorithm": "minimax"}),
    ({"example": "two-mins"}, {"variant": "fail-soft"}),
    ({"example": "three-mins"}, {"variant": "fail-hard", "cut_on": "gt"}),
    ({"example": "two-mins"}, {"order": "reverse"}),
]
RANDOM = [({"exercise": {"branching": b, "depth": d, "cuts": [1, 6], "seed": seed}},
           {"variant": variant})
          for b, d, seed, variant in ((2, 3, 1, "fail-soft"), (3, 2, 2, "fail-hard"),
                                      (2, 4, 3, "fail-soft"), (3, 3, 4, "fail-hard"),
                                      (2, 3, 5, "fail-hard"), (4, 2, 6, "fail-soft"))]
OFF = 7000
"""Added to every number of the key: the wrong answers' numbers are none of the key's."""


def wrong_answers(key: dict[str, Any], children: list[str]) -> list[dict[str, Any]]:
    """Every item wrong at once, then each item wrong alone (the others blank)."""
    def off(v: Any) -> Any:
        number = float(str(v).lstrip("<>=").replace("inf", "0"))
        return int(number) + OFF

    wrong: dict[str, Any] = {"value": off(key["value"])}
    if "move" in key:
        wrong["move"] = next(c for c in children if c != key["move"])
    if "values" in key:
        wrong["values"] = {n: off(v) for n, v in key["values"].items()}
    if "evaluated" in key:
        wrong["evaluated"] = list(reversed(key["evaluated"]))
    if "pruned" in key:
        wrong["pruned"] = [] if key["pruned"] else [key["evaluated"][-1]]
    if "alphabeta" in key:
        wrong["alphabeta"] = {n: {f: off(v) for f, v in w.items()}
                              for n, w in key["alphabeta"].items()}
    return [wrong, *({k: v} for k, v in wrong.items())]


def texts(shown: Any, skip: str = "given") -> list[str]:
    """Every string a student reads in ``shown``, but their own answers."""
    if isinstance(shown, dict):
        return [t for k, v in shown.items() if k != skip for t in texts(v, skip)]
    if isinstance(shown, list):
        return [t for v in shown for t in texts(v, skip)]
    return [shown] if isinstance(shown, str) else []


@pytest.mark.parametrize(("source", "spec"), [*LECTURE, *RANDOM],
                         ids=[*(f"{s.get('example')}-{'-'.join(p.values())}"
                                for s, p in LECTURE),
                              *(f"exercise-{s['exercise']['seed']}" for s, _ in RANDOM)])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_no_expected_value_reaches_the_feedback_under_score_and_first_mistake(
        source: dict[str, Any], spec: dict[str, Any], lang: str) -> None:
    items = ["value", "move", "values", "evaluated", "pruned"]
    if spec.get("algorithm") != "minimax":
        items.append("alphabeta")
    a = make(source=source, spec=spec, items=items, per_student="exercise" in source)
    for student in ("alice", "bob"):
        key = answer_key_for(a, student).to_json()
        numbers = {str(v) for v in key.get("values", {}).values()} | {str(key["value"])} | {
            str(v) for w in key.get("alphabeta", {}).values() for v in w.values()}
        children = [k.id for k in student_tree(a, student).root.children]
        for given in wrong_answers(key, children):
            report = grade(a, student, answer(given), lang=lang)
            assert not report.correct
            for level in ("score", "first-mistake"):
                shown = feedback(report, level, lang=lang)
                text = json.dumps(shown, ensure_ascii=False)
                assert '"expected"' not in text and '"why"' not in text, text
                assert '"diagnosis"' not in text
                for words in texts(shown):
                    # no number and no infinity of the key: the words name nodes, fields
                    # and rules only (node names are letters here)
                    assert not re.search(r"\d|inf", words), words
                for item in shown["items"]:
                    assert item["given"] == "" or not set(re.findall(
                        r"[<>]?=?-?\d+", item["given"])) & numbers
            first = feedback(report, "first-mistake", lang=lang)["first_mistake"]
            assert first["hint"] and first["words"]
            node = first["item"].split(".")[1] if "." in first["item"] else None
            assert node is None or node in first["hint"]
            explained = feedback(report, "explain", lang=lang)["first_mistake"]
            assert explained["expected"] not in ("", None)


def test_a_wrong_window_says_what_alpha_is_in_the_lectures_words() -> None:
    report = grade(make(items=[{"alphabeta": ["C"]}]), "x",
                   answer({"alphabeta": {"C": {"alpha": 5, "beta": 2}}}), lang="it")
    first = feedback(report, "first-mistake", lang="it")["first_mistake"]
    assert first["words"] == "alfa in C"
    assert first["hint"] == ("alfa in C non è giusto: alfa è il valore migliore che MAX si è "
                             "già garantito lungo il cammino: un nodo parte con l'alfa del "
                             "padre, e un nodo MAX lo alza al valore di ogni figlio che lo "
                             "supera")


def test_a_node_marked_pruned_that_is_searched_names_the_cut_test() -> None:
    report = grade(make(items=["pruned"]), "x", answer({"pruned": ["G"]}))
    assert feedback(report, "first-mistake")["first_mistake"]["hint"] == (
        "a node you marked pruned is searched: a cut needs alpha >= beta at its parent, "
        "after one of its children")
    missing = grade(make(items=["pruned"]), "x", answer({"pruned": ["I"]}))
    assert feedback(missing, "first-mistake")["first_mistake"]["hint"].startswith(
        "a pruned node is not marked")


# -- due times ------------------------------------------------------------------------------

AT_DUE = datetime(2026, 12, 1, 12, tzinfo=UTC)


def test_submission_timing_follows_the_late_policy() -> None:
    early, late = AT_DUE - timedelta(minutes=1), AT_DUE + timedelta(seconds=1)
    refuse = make()
    assert submission_timing(refuse, AT_DUE) == submission_timing(refuse, early)
    t = submission_timing(refuse, early)
    assert (t.late, t.refused, t.penalty) == (False, False, 0.0)
    t = submission_timing(refuse, late)
    assert (t.late, t.refused, t.penalty) == (True, True, 0.0)
    t = submission_timing(make(late="accept"), late)
    assert (t.late, t.refused, t.penalty) == (True, False, 0.0)
    penalty = make(late="penalty", penalty=25)
    t = submission_timing(penalty, late)
    assert (t.late, t.refused, t.penalty) == (True, False, 25.0)
    assert submission_timing(penalty, early).penalty == 0.0
    undated = make(due=None, solution="never")
    assert not submission_timing(undated, late).late


def test_a_due_time_in_the_past_is_refused_unless_late_work_is_taken() -> None:
    after = AT_DUE + timedelta(days=1)
    with pytest.raises(InputError) as caught:
        refuse_past_due(make(), after)
    message = str(caught.value)
    assert message.startswith("<assignment>: $.due: the due time 2026-12-01T12:00:00+00:00 "
                              "is already past") and "\n" not in message
    assert "la scadenza 2026-12-01T12:00:00+00:00 è già passata" in caught.value.worded("it")
    refuse_past_due(make(), AT_DUE - timedelta(days=1))  # still ahead
    refuse_past_due(make(late="accept"), after)
    refuse_past_due(make(late="penalty", penalty=10), after)
    refuse_past_due(make(due=None, solution="never"), after)


def test_the_late_policy_is_written_and_read_back() -> None:
    a = make(late="penalty", penalty=12.5, step_tries=4, feedback="explain")
    doc = a.to_json()
    assert (doc["late"], doc["penalty"], doc["step_tries"], doc["feedback"]) == (
        "penalty", 12.5, 4, "explain")
    assert parse_assignment(json.dumps(doc)) == a
    plain = make().to_json()
    assert plain["late"] == "refuse" and plain["step_tries"] is None and "penalty" not in plain
    assert make(late="penalty", penalty=10).to_json()["penalty"] == 10
    with pytest.raises(InputError) as bad:
        make(late="penalty")
    assert bad.value.worded("it") == ("<assignment>: $.penalty: late: penalty richiede la "
                                      "percentuale tolta a una consegna in ritardo, per "
                                      "esempio 10")


# -- the seed of per-student exercises ------------------------------------------------------


def test_an_exercises_seed_changes_every_students_variant() -> None:
    def exercise(seed: int) -> Assignment:
        return make(source={"exercise": {"branching": 2, "depth": 3, "seed": seed}},
                    per_student=True, items=["value"])

    one, other = exercise(1), exercise(2)
    for student in ("alice", "bob", "carol"):
        assert student_tree(one, student) != student_tree(other, student)
        assert student_tree(one, student) == student_tree(exercise(1), student)
    assert student_tree(one, "alice") != student_tree(one, "bob")
