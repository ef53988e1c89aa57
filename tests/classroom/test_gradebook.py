"""The gradebook of a small class on the lecture's AIMA tree: answers written by the
scripted student of ``tracer.student`` (fail-hard values, alpha and beta not passed
down), graded by ``tracer.analysis.check``, gathered per student and item."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime, timedelta

import pytest

from tracer.analysis.check import Solution, extract_solution
from tracer.classroom.assignments import Assignment
from tracer.classroom.gradebook import Submission, build_gradebook
from tracer.classroom.reading import parse_assignment
from tracer.classroom.tasks import answer_key_for, grade
from tracer.errors import InputError, UsageError
from tracer.examples import example_tree
from tracer.student import scripted_alpha_beta

T0 = datetime(2026, 11, 26, 9, 0, tzinfo=UTC)
COLUMNS = ["value", "move", "values.B", "values.C", "values.D", "evaluated", "pruned",
           "alphabeta.C.alpha", "alphabeta.C.beta"]
SNEAKY = "=HYPERLINK(\"http://x\",\"y\")"


def assignment(ident: str = "hw1") -> Assignment:
    return parse_assignment({
        "title": "Alpha-beta on the AIMA tree", "source": {"example": "aima"},
        "items": ["value", "move", {"values": ["B", "C", "D"]}, "evaluated", "pruned",
                  {"alphabeta": ["C"]}],
        "solution": "never", "attempts": 3}, id=ident)


def answers() -> dict[str, Solution]:
    tree = example_tree("aima")
    return {"right": answer_key_for(assignment(), "anyone"),
            "fail-hard": extract_solution(scripted_alpha_beta(tree, variant="fail-hard")),
            "no-window": extract_solution(scripted_alpha_beta(tree, inherit="none"))}


def submission(a: Assignment, student: str, name: str, answer: Solution, attempt: int,
               minutes: int) -> Submission:
    return Submission.from_report(grade(a, student, answer), student=student, name=name,
                                  assignment=a.id, attempt=attempt,
                                  at=T0 + timedelta(minutes=minutes))


def the_class() -> list[Submission]:
    a, ans = assignment(), answers()
    return [
        submission(a, "s1", "Alice", ans["right"], 1, 0),
        submission(a, "s2", "Bob", ans["fail-hard"], 1, 1),
        submission(a, "s2", "Bob", ans["right"], 2, 10),
        submission(a, "s3", "Carol", ans["fail-hard"], 1, 2),
        submission(a, "s4", "Dave", ans["no-window"], 1, 3),
        submission(a, "s4", "Dave", ans["fail-hard"], 2, 20),
        submission(a, "s5", SNEAKY, ans["fail-hard"], 1, 4),
    ]


def test_the_checker_and_the_diagnosis_grade_the_scripted_students() -> None:
    subs = {(s.student, s.attempt): s for s in the_class()}
    assert subs[("s3", 1)].misconception == "fail-hard"
    assert subs[("s4", 1)].misconception == "no-window"
    assert subs[("s1", 1)].misconception is None
    wrong = {v.item: v.given for v in subs[("s3", 1)].verdicts if not v.right}
    assert wrong == {"values.C": "<=3", "values.D": "<=3"}  # fail-hard returns alpha = 3


def test_best_attempt_per_student_and_item() -> None:
    book = build_gradebook(the_class(), policy="best")
    assert list(book.columns) == COLUMNS
    rows = {r.student: r for r in book.students}
    assert [r.student for r in book.students] == ["s1", "s2", "s3", "s4", "s5"]
    assert {s: r.total for s, r in rows.items()} == {"s1": 9, "s2": 9, "s3": 7, "s4": 9,
                                                     "s5": 7}
    dave = rows["s4"]
    # C and D right in the first attempt (no-window values are exact), the leaves and
    # the window right in the second (fail-hard searches them as the lecture does)
    assert dave.cells["values.C"].at == T0 + timedelta(minutes=3)
    assert dave.cells["evaluated"].at == T0 + timedelta(minutes=20)
    assert dave.cells["values.C"].attempts == 2 and dave.attempts == {"hw1": 2}
    assert dave.misconceptions == {"hw1": "fail-hard"}  # the attempt with the best total
    assert rows["s2"].cells["values.C"].at == T0 + timedelta(minutes=10)
    c = {s.column: s for s in book.items}["values.C"]
    assert (c.answered, c.mean, c.share_right) == (5, 0.6, 0.6)
    assert c.wrong_answer == ("<=3", 2) and c.misconception == ("fail-hard", 2)
    evaluated = {s.column: s for s in book.items}["evaluated"]
    assert (evaluated.mean, evaluated.share_right, evaluated.wrong_answer) == (1.0, 1.0, None)


def test_last_attempt_per_student_and_item() -> None:
    book = build_gradebook(the_class(), policy="last")
    rows = {r.student: r for r in book.students}
    assert {s: r.total for s, r in rows.items()} == {"s1": 9, "s2": 9, "s3": 7, "s4": 7,
                                                     "s5": 7}
    c = {s.column: s for s in book.items}["values.C"]
    assert (c.mean, c.share_right) == (0.4, 0.4)
    assert c.wrong_answer == ("<=3", 3) and c.misconception == ("fail-hard", 3)
    with pytest.raises(UsageError, match="best, last"):
        build_gradebook(the_class(), policy="first")


def test_the_csv_has_one_row_per_student_and_is_safe_to_open() -> None:
    text = build_gradebook(the_class()).to_csv()
    assert text.endswith("\r\n")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["student", "name", *COLUMNS, "total", "misconception",
                       "misconception_name"]
    assert rows[1] == ["s1", "Alice", *["1"] * 9, "9", "", ""]
    assert rows[3] == ["s3", "Carol", "1", "1", "1", "0", "0", "1", "1", "1", "1", "7",
                       "fail-hard", "fail-hard"]  # no names given: the id
    assert rows[5][1] == "'" + SNEAKY  # a formula stays text in a spreadsheet
    assert len(rows) == 6
    named = list(csv.reader(io.StringIO(build_gradebook(the_class()).to_csv(
        {"fail-hard": "valori fail-hard"}))))
    assert named[3][-2:] == ["fail-hard", "valori fail-hard"]


def test_the_json_holds_the_cells_and_the_statistics() -> None:
    data = json.loads(json.dumps(build_gradebook(the_class()).to_json()))
    carol = data["students"][2]
    assert carol["items"]["values.D"] == {
        "score": 0.0, "right": False, "attempts": 1, "at": "2026-11-26T09:02:00+00:00",
        "given": "<=3", "misconception": "fail-hard"}
    assert carol["total"] == 7 and carol["misconceptions"] == {"hw1": "fail-hard"}
    stats = {s["column"]: s for s in data["items"]}
    assert stats["pruned"] == {"column": "pruned", "answered": 5, "mean": 1.0,
                               "share_right": 1.0, "wrong_answer": None,
                               "misconception": None}
    assert stats["values.D"]["misconception"] == {"id": "fail-hard", "count": 2}


def test_several_assignments_get_a_column_each_and_empty_cells() -> None:
    other = assignment("hw2")
    subs = [*the_class(), submission(other, "s1", "Alice", answers()["no-window"], 1, 30)]
    book = build_gradebook(subs)
    assert book.columns[:2] == ("hw1:value", "hw1:move")
    assert book.columns[9:11] == ("hw2:value", "hw2:move")
    rows = list(csv.reader(io.StringIO(book.to_csv())))
    bob = rows[2]
    assert bob[11:20] == [""] * 9  # Bob never answered hw2
    total = rows[0].index("total")
    assert rows[1][total] == "15.7778"  # Alice: 9 on hw1, 9 - 0.2222 - 1 - 1 on hw2


def test_a_submission_round_trips_through_json() -> None:
    s = the_class()[1]
    assert Submission.from_json(json.loads(json.dumps(s.to_json()))) == s
    with pytest.raises(InputError, match="not a stored submission"):
        Submission.from_json({"student": "s1"})
