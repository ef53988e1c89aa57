"""The gradebook of a small class on the lecture's AIMA tree: answers written by the
scripted student of ``tracer.student`` (fail-hard values, alpha and beta not passed
down), graded by ``tracer.analysis.check``, gathered per student, assignment and item.

The scores known from the lecture: the right answer gets 9 of the 9 asked items; the
fail-hard one 7 (C and D are 2 in fail-soft, fail-hard returns the bound alpha = 3); the
one that passes no window down 6.7778 (it evaluates I and J, which alpha-beta prunes,
and prunes nothing: 7 of 9 leaves in the longest common run, none of the two pruned, and
alpha at C is -inf instead of 3)."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tracer.analysis.check import Solution, extract_solution
from tracer.classroom.assignments import Assignment
from tracer.classroom.csv_sheet import BOM, ExcelIt
from tracer.classroom.gradebook import (
    AssignmentColumns,
    Enrollee,
    Gradebook,
    ItemVerdict,
    Submission,
    build_gradebook,
)
from tracer.classroom.reading import parse_assignment
from tracer.classroom.tasks import answer_key_for, grade
from tracer.errors import InputError, UsageError
from tracer.examples import example_tree
from tracer.student import scripted_alpha_beta

T0 = datetime(2026, 11, 26, 9, 0, tzinfo=UTC)
TITLE = "Alpha-beta on the AIMA tree"
COLUMNS = ["value", "move", "values.B", "values.C", "values.D", "evaluated", "pruned",
           "alphabeta.C.alpha", "alphabeta.C.beta"]
WORDS = ["the root's value", "the best move", "the value of B", "the value of C",
         "the value of D", "the leaves evaluated", "the nodes pruned", "alpha at C",
         "beta at C"]
PER_ASSIGNMENT = ["score of 9", "%", "late", "attempts", "steps right at the first try",
                  "steps"]
SNEAKY = "=HYPERLINK(\"http://x\",\"y\")"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "classroom.md"


def assignment(ident: str = "hw1", title: str = TITLE) -> Assignment:
    return parse_assignment({
        "title": title, "source": {"example": "aima"},
        "items": ["value", "move", {"values": ["B", "C", "D"]}, "evaluated", "pruned",
                  {"alphabeta": ["C"]}],
        "solution": "never", "attempts": 3}, id=ident)


def columns_of(a: Assignment) -> AssignmentColumns:
    """What the service hands the book: the asked items (every report has them all)."""
    return AssignmentColumns(a.id, a.title, tuple(COLUMNS), len(COLUMNS))


def answers() -> dict[str, Solution]:
    tree = example_tree("aima")
    return {"right": answer_key_for(assignment(), "anyone"),
            "fail-hard": extract_solution(scripted_alpha_beta(tree, variant="fail-hard")),
            "no-window": extract_solution(scripted_alpha_beta(tree, inherit="none"))}


def submission(a: Assignment, student: str, name: str, answer: Solution, attempt: int,
               minutes: int, **late: Any) -> Submission:
    return Submission.from_report(grade(a, student, answer), student=student, name=name,
                                  assignment=a.id, attempt=attempt,
                                  at=T0 + timedelta(minutes=minutes), title=a.title, **late)


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


def roster(*students: tuple[str, str], ident: str = "hw1") -> list[Enrollee]:
    return [Enrollee(ident, s, n, (T0 - timedelta(hours=1, minutes=-i)).isoformat())
            for i, (s, n) in enumerate(students)]


CLASS = [("s1", "Alice"), ("s2", "Bob"), ("s3", "Carol"), ("s4", "Dave"), ("s5", SNEAKY)]


def test_the_checker_and_the_diagnosis_grade_the_scripted_students() -> None:
    subs = {(s.student, s.attempt): s for s in the_class()}
    assert subs[("s3", 1)].misconception == "fail-hard"
    assert subs[("s4", 1)].misconception == "no-window"
    assert subs[("s1", 1)].misconception is None
    wrong = {v.item: v.given for v in subs[("s3", 1)].verdicts if not v.right}
    assert wrong == {"values.C": "<=3", "values.D": "<=3"}  # fail-hard returns alpha = 3
    assert {s.points for s in subs.values()} == {9, 7, 6.7778}
    assert {s.max_score for s in subs.values()} == {9}


def test_the_best_attempt_counts_whole() -> None:
    book = build_gradebook(the_class(), policy="best")
    assert [c.key for c in book.columns] == COLUMNS
    rows = {r.student: r for r in book.students}
    assert [r.student for r in book.students] == ["s1", "s2", "s3", "s4", "s5"]
    hw1 = {s: (r.assignments["hw1"].score, r.assignments["hw1"].percent)
           for s, r in rows.items()}
    assert hw1 == {"s1": (9, 100), "s2": (9, 100), "s3": (7, 77.7778), "s4": (7, 77.7778),
                   "s5": (7, 77.7778)}
    # one assignment: the total is its percentage
    assert {s: r.total for s, r in rows.items()} == {s: p for s, (_, p) in hw1.items()}
    dave = rows["s4"]
    # Dave's best attempt is the fail-hard one (7 > 6.7778): every cell is from it, so
    # his values of C and D are wrong although his first attempt had them right; a
    # score is one attempt's, never the best items of two (that would be 9 of 9).
    assert dave.cells["values.C"].at == dave.cells["evaluated"].at == T0 + timedelta(
        minutes=20)
    assert not dave.cells["values.C"].right and dave.cells["evaluated"].right
    assert dave.cells["values.C"].attempts == 2 and dave.attempts == {"hw1": 2}
    assert dave.misconceptions == {"hw1": "fail-hard"}
    assert rows["s2"].cells["values.C"].at == T0 + timedelta(minutes=10)
    c = {s.column: s for s in book.items}["values.C"]
    assert (c.answered, c.mean, c.share_right) == (5, 0.4, 0.4)
    assert c.wrong_answer == ("<=3", 3) and c.misconception == ("fail-hard", 3)
    evaluated = {s.column: s for s in book.items}["evaluated"]
    assert (evaluated.mean, evaluated.share_right, evaluated.wrong_answer) == (1.0, 1.0, None)


def test_the_last_attempt_counts_whole() -> None:
    a, ans = assignment(), answers()
    # Eve gets it right, then tries again and hands in the fail-hard answer
    subs = [*the_class(), submission(a, "s6", "Eve", ans["right"], 1, 5),
            submission(a, "s6", "Eve", ans["fail-hard"], 2, 30)]
    best = {r.student: r for r in build_gradebook(subs, policy="best").students}
    last = {r.student: r for r in build_gradebook(subs, policy="last").students}
    assert (best["s6"].assignments["hw1"].score, last["s6"].assignments["hw1"].score) == (9, 7)
    assert (best["s6"].misconceptions, last["s6"].misconceptions) == ({}, {"hw1": "fail-hard"})
    assert last["s6"].cells["values.C"].at == T0 + timedelta(minutes=30)
    stats = {s.column: s for s in build_gradebook(subs, policy="last").items}["values.C"]
    assert (stats.mean, stats.share_right) == (0.3333, 0.3333)  # 2 of 6, no float noise
    assert stats.wrong_answer == ("<=3", 4) and stats.misconception == ("fail-hard", 4)
    with pytest.raises(UsageError, match="best, last"):
        build_gradebook(the_class(), policy="first")


def test_every_student_who_joined_is_a_row_with_the_assignments_maximum() -> None:
    a = assignment()
    everyone = roster(*CLASS, ("s9", "Frank"))
    book = build_gradebook(the_class(), assignments=[columns_of(a)], roster=everyone)
    frank = book.students[-1]
    assert (frank.student, frank.name, frank.submitted, frank.total) == ("s9", "Frank",
                                                                         False, 0)
    assert frank.assignments["hw1"].to_json() == {
        "score": 0.0, "max_score": 9, "percent": 0.0, "submitted": False, "attempts": 0,
        "late": False, "misconception": None, "steps_right_first_try": None, "steps": None,
        "joined": everyone[-1].joined}
    data = json.loads(json.dumps(book.to_json()))
    assert data["students"][-1]["items"] == {} and data["students"][-1]["submitted"] is False
    # his items count 0 of the maximum, not as missing
    rows = list(csv.reader(io.StringIO(book.to_csv())))
    assert rows[-1] == ["s9", "Frank", *["0"] * 9, "0", "0", "", "0", "", "", "0", "", ""]
    # the class statistics are of the students who handed it in
    c = {s.column: s for s in book.items}["values.C"]
    assert (c.answered, c.mean) == (5, 0.4)
    table = book.students_of("hw1")
    assert [s["student"] for s in table] == ["s1", "s2", "s3", "s4", "s5", "s9"]
    assert table[3] == {"student": "s4", "name": "Dave", "score": 7.0, "max_score": 9,
                        "percent": 77.7778, "submitted": True, "attempts": 2, "late": False,
                        "misconception": "fail-hard", "steps_right_first_try": None,
                        "steps": None, "joined": everyone[3].joined}
    assert book.students_of("hw2") == []


def test_the_columns_are_the_asked_items_whoever_answered_them() -> None:
    a = assignment()
    asked = AssignmentColumns("hw1", TITLE, (*COLUMNS, "alphabeta.D.beta"), 10)
    book = build_gradebook(the_class(), assignments=[asked], roster=roster(("s9", "Frank")))
    assert [c.key for c in book.columns] == [*COLUMNS, "alphabeta.D.beta"]
    nobody = book.items[-1]
    assert (nobody.column, nobody.answered, nobody.label) == (
        "alphabeta.D.beta", 0, f"{TITLE}: beta at D")
    alice = book.students[0].assignments["hw1"]
    assert (alice.score, alice.max_score, alice.percent) == (9, 10, 90)
    # a submission or an enrollee of an assignment not in the book is left out
    other = submission(assignment("hw2"), "s7", "Gina", answers()["right"], 1, 9)
    only = build_gradebook([other], assignments=[columns_of(a)],
                           roster=roster(("s8", "Hal"), ident="hw2"))
    assert only.students == ()


def test_a_column_is_labelled_by_the_assignment_and_the_items_words() -> None:
    book = build_gradebook(the_class(), assignments=[columns_of(assignment())])
    data = book.to_json()
    assert data["columns"][3] == {"key": "values.C", "assignment": "hw1", "item": "values.C",
                                  "words": "the value of C", "label": f"{TITLE}: the value of C"}
    assert [c["label"] for c in data["columns"]] == [f"{TITLE}: {w}" for w in WORDS]
    assert data["assignments"] == [{"id": "hw1", "title": TITLE, "keys": COLUMNS,
                                    "max_score": 9}]
    italian = build_gradebook(the_class(), lang="it").to_json()
    assert italian["columns"][7]["label"] == f"{TITLE}: alfa in C"
    assert italian["items"][7]["label"] == f"{TITLE}: alfa in C"
    assert italian["students"] == data["students"]  # the ids stay the data
    # an old record has no title: its label says the assignment's id
    old = [Submission.from_json({k: v for k, v in s.to_json().items() if k != "title"})
           for s in the_class()]
    assert build_gradebook(old).columns[0].label() == "hw1: the root's value"
    with pytest.raises(UsageError, match=r"unknown language 'fr' \(choose from: en, it\)"):
        build_gradebook(the_class(), lang="fr")


def test_the_csv_has_one_row_per_student_and_is_safe_to_open() -> None:
    text = build_gradebook(the_class()).to_csv()
    assert text.endswith("\r\n") and "\r\n" in text.split("\r\n", 1)[0] + "\r\n"
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["student", "name", *(f"{TITLE}: {w}" for w in WORDS),
                       *(f"{TITLE}: {w}" for w in PER_ASSIGNMENT), "total (%)",
                       "misconception", "misconception_name"]
    assert rows[1] == ["s1", "Alice", *["1"] * 9, "9", "100", "no", "1", "", "", "100", "",
                       ""]
    assert rows[3] == ["s3", "Carol", "1", "1", "1", "0", "0", "1", "1", "1", "1", "7",
                       "77.78", "no", "1", "", "", "77.78", "fail-hard", "fail-hard"]
    assert rows[5][1] == "'" + SNEAKY  # a formula stays text in a spreadsheet
    assert len(rows) == 6
    named = list(csv.reader(io.StringIO(build_gradebook(the_class()).to_csv(
        {"fail-hard": "valori fail-hard"}))))
    assert named[3][-2:] == ["fail-hard", "valori fail-hard"]


def test_several_assignments_weigh_the_same_in_the_total() -> None:
    hw1, hw2 = assignment(), assignment("hw2", "Alpha-beta, second try")
    subs = [*the_class(), submission(hw2, "s1", "Alice", answers()["no-window"], 1, 30)]
    book = build_gradebook(subs, assignments=[columns_of(hw1), columns_of(hw2)])
    assert [c.key for c in book.columns[8:11]] == ["hw1:alphabeta.C.beta", "hw2:value",
                                                   "hw2:move"]
    assert book.columns[9].label() == "Alpha-beta, second try: the root's value"
    rows = {r.student: r for r in book.students}
    # Alice: 100% of hw1 and 6.7778 of 9 = 75.3089% of hw2, whatever each maximum
    assert rows["s1"].assignments["hw2"].percent == 75.3089
    assert rows["s1"].total == 87.6544
    assert rows["s2"].total == 50  # Bob handed in no hw2: 0% of it
    table = list(csv.reader(io.StringIO(book.to_csv())))
    head = table[0]
    hw2_at = head.index("Alpha-beta, second try: the root's value")
    assert table[2][hw2_at:hw2_at + 9] == ["0"] * 9
    assert table[1][head.index("Alpha-beta, second try: %")] == "75.31"
    assert table[1][head.index("total (%)")] == "87.65"
    assert len(set(head)) == len(head)


def test_two_assignments_of_one_title_get_their_ids_in_the_labels() -> None:
    subs = [*the_class(), submission(assignment("hw2"), "s1", "Alice", answers()["right"], 1,
                                     30)]
    book = build_gradebook(subs)
    labels = [c.label() for c in book.columns]
    assert labels[0] == f"{TITLE} (hw1): the root's value"
    assert labels[9] == f"{TITLE} (hw2): the root's value"
    head = next(csv.reader(io.StringIO(book.to_csv())))
    assert len(set(head)) == len(head)


def test_a_late_attempt_loses_its_penalty_and_is_marked() -> None:
    a, ans = assignment(), answers()
    on_time = submission(a, "s1", "Alice", ans["fail-hard"], 1, 0)
    late = submission(a, "s1", "Alice", ans["right"], 2, 60, late=True, penalty=20)
    assert (late.points, late.total) == (9, 7.2)
    best = build_gradebook([on_time, late]).students[0].assignments["hw1"]
    assert (best.score, best.percent, best.late) == (7.2, 80, True)  # 7.2 beats 7
    later = submission(a, "s1", "Alice", ans["right"], 2, 60, late=True, penalty=30)
    kept = build_gradebook([on_time, later]).students[0].assignments["hw1"]
    assert (kept.score, kept.late) == (7, False)  # 6.3 does not
    rows = list(csv.reader(io.StringIO(build_gradebook([on_time, late]).to_csv())))
    assert rows[1][11:15] == ["7.2", "80", "yes", "2"]
    # the cells keep the items' own scores: the penalty is the assignment's
    assert rows[1][2:11] == ["1"] * 9
    italian = list(csv.reader(io.StringIO(build_gradebook([on_time, late]).to_csv(
        lang="it", dialect="excel-it").removeprefix(BOM)), dialect=ExcelIt))
    assert italian[1][11:15] == ["7,2", "80", "sì", "2"]


def test_steps_right_at_the_first_try_are_in_the_book() -> None:
    book = build_gradebook(the_class(), steps={("hw1", "s3"): (8, 11)})
    carol = book.students[2].assignments["hw1"]
    assert (carol.steps_right_first_try, carol.steps) == (8, 11)
    assert book.students[0].assignments["hw1"].steps is None
    rows = list(csv.reader(io.StringIO(book.to_csv())))
    assert rows[3][15:17] == ["8", "11"] and rows[1][15:17] == ["", ""]


def test_a_misconception_is_counted_once_per_student() -> None:
    hw1, hw2 = assignment(), assignment("hw2", "Again")
    ans = answers()
    subs = [*the_class(), submission(hw2, "s3", "Carol", ans["fail-hard"], 1, 40),
            submission(hw2, "s4", "Dave", ans["no-window"], 1, 41)]
    book = build_gradebook(subs, assignments=[columns_of(hw1), columns_of(hw2)])
    # Carol shows fail-hard in both assignments: one student
    assert book.misconception_counts() == {"fail-hard": 3, "no-window": 1}
    assert book.to_json()["misconceptions"] == [{"id": "fail-hard", "students": 3},
                                                {"id": "no-window", "students": 1}]
    stats = {s.column: s for s in book.items}
    assert stats["hw1:values.C"].misconception == ("fail-hard", 3)
    assert stats["hw2:values.C"].misconception == ("fail-hard", 1)


def _numbers(data: Any) -> Iterator[float]:
    if isinstance(data, dict):
        for v in data.values():
            yield from _numbers(v)
    elif isinstance(data, list):
        for v in data:
            yield from _numbers(v)
    elif isinstance(data, float):
        yield data


def test_no_score_has_float_noise() -> None:
    a, ans = assignment(), answers()
    # thirds: 2 of 3 students right, a late penalty of a third, three assignments
    subs = [*the_class(), submission(a, "s6", "Eve", ans["no-window"], 1, 8, late=True,
                                     penalty=100 / 3)]
    others = [assignment("hw2", "Two"), assignment("hw3", "Three")]
    subs += [submission(o, "s6", "Eve", ans["no-window"], 1, 50) for o in others]
    book = build_gradebook(subs, assignments=[columns_of(a), *map(columns_of, others)])
    numbers = list(_numbers(json.loads(json.dumps(book.to_json()))))
    assert numbers and all(round(x, 4) == x for x in numbers)
    eve = {r.student: r for r in book.students}["s6"]
    assert eve.assignments["hw1"].score == 4.5185  # 6.7778 less a third
    assert eve.assignments["hw1"].percent == 50.2056
    assert eve.total == 66.9411  # (50.2056 + 2 * 75.3089) / 3
    for dialect in ("excel", "excel-it"):
        text = book.to_csv(dialect=dialect).removeprefix(BOM)
        cells = [c for row in csv.reader(io.StringIO(text), dialect=ExcelIt if dialect ==
                                         "excel-it" else "excel") for c in row]
        decimals = [c for c in cells if re.fullmatch(r"\d+[.,]\d+", c)]
        assert decimals and all(len(re.split("[.,]", c)[1]) <= 2 for c in decimals)


def test_the_italian_csv_reads_back_to_the_same_values() -> None:
    hw1, hw2 = assignment(), assignment("hw2", "Seconda prova")
    subs = [*the_class(), submission(hw2, "s1", "Alice", answers()["no-window"], 1, 30)]
    book = build_gradebook(subs, assignments=[columns_of(hw1), columns_of(hw2)],
                           steps={("hw1", "s2"): (10, 11)})
    plain = list(csv.reader(io.StringIO(book.to_csv())))
    text = book.to_csv(dialect="excel-it")
    assert text.startswith(BOM) and text.encode("utf-8")[:3] == b"\xef\xbb\xbf"
    assert "\r\n" in text and "\n" not in text.replace("\r\n", "")
    italian = list(csv.reader(io.StringIO(text.encode("utf-8").decode("utf-8-sig")),
                              dialect=ExcelIt))
    assert len(italian) == len(plain) == 6
    # the same cells, a decimal comma for each decimal point
    assert [[c.replace(",", ".") if re.fullmatch(r"\d+,\d+", c) else c for c in row]
            for row in italian] == plain
    assert "75,31" in italian[1] and "75.31" in plain[1]
    words = next(csv.reader(io.StringIO(book.to_csv(lang="it", dialect="excel-it")
                                        .removeprefix(BOM)), dialect=ExcelIt))
    assert words[:3] == ["matricola", "nome", f"{TITLE}: il valore della radice"]
    assert words[-3:] == ["totale (%)", "errore concettuale", "nome dell'errore concettuale"]
    assert "Seconda prova: punteggio su 9" in words and "Seconda prova: in ritardo" in words


@pytest.mark.parametrize("dialect", ["excel", "excel-it"])
def test_a_hostile_title_stays_one_cell(dialect: str) -> None:
    title = '=cmd|"/c calc"!A0; and "more"\nsecond line,\r\nthird'
    a = assignment("hw1", "x")
    book = build_gradebook(the_class(), assignments=[
        AssignmentColumns(a.id, title, tuple(COLUMNS), 9)], roster=roster(("s0", "-1+1")))
    text = book.to_csv(dialect=dialect).removeprefix(BOM)
    rows = list(csv.reader(io.StringIO(text), dialect=ExcelIt if dialect == "excel-it"
                           else "excel"))
    head = rows[0]
    assert len(head) == 2 + 9 + 6 + 3 and all(len(r) == len(head) for r in rows)
    assert head[2] == f"'{title}: the root's value"
    assert head[11] == f"'{title}: score of 9"
    assert rows[1][:2] == ["s0", "'-1+1"]


def test_an_unknown_dialect_is_named_with_the_choices() -> None:
    book = build_gradebook(the_class())
    with pytest.raises(UsageError) as refused:
        book.to_csv(dialect="excel_it")
    assert str(refused.value) == ("unknown CSV dialect 'excel_it' (choose from: excel, "
                                  "excel-it); did you mean 'excel-it'?")
    with pytest.raises(UsageError) as refused:
        book.to_csv(dialect="tsv")
    assert refused.value.said.worded("it") == (
        "formato CSV: nessuna scelta si chiama 'tsv' (scegli tra: excel, excel-it)")
    with pytest.raises(UsageError, match="unknown language 'de'"):
        book.to_csv(lang="de")


def test_a_submission_round_trips_through_json() -> None:
    s = the_class()[1]
    assert Submission.from_json(json.loads(json.dumps(s.to_json()))) == s
    late = submission(assignment(), "s1", "Alice", answers()["right"], 2, 60, late=True,
                      penalty=12.5)
    assert Submission.from_json(json.loads(json.dumps(late.to_json()))) == late
    with pytest.raises(InputError, match="not a stored submission"):
        Submission.from_json({"student": "s1"})
    with pytest.raises(InputError, match=r"penalty 150\.0 is not a percentage"):
        Submission.from_json({**late.to_json(), "penalty": 150})


def test_a_record_stored_before_late_and_maximum_still_reads() -> None:
    old = {"student": "s3", "name": "Carol", "assignment": "hw1", "attempt": 1,
           "at": "2026-11-26T09:02:00+00:00", "misconception": "fail-hard",
           "verdicts": [{"item": "value", "right": True, "score": 1.0, "given": "3"},
                        {"item": "values.C", "right": False, "score": 0.0, "given": "<=3"},
                        {"item": "pruned", "right": True, "score": 1.0}]}
    s = Submission.from_json(old)
    assert (s.late, s.penalty, s.max_score, s.title, s.total) == (False, 0.0, 0, "", 2)
    result = build_gradebook([s]).students[0].assignments["hw1"]
    assert (result.score, result.max_score, result.percent) == (2, 3, 66.6667)


def test_the_json_holds_the_cells_and_the_statistics() -> None:
    data = json.loads(json.dumps(build_gradebook(the_class()).to_json()))
    carol = data["students"][2]
    assert carol["items"]["values.D"] == {
        "score": 0.0, "right": False, "attempts": 1, "at": "2026-11-26T09:02:00+00:00",
        "given": "<=3", "misconception": "fail-hard"}
    assert carol["total"] == 77.7778 and carol["misconceptions"] == {"hw1": "fail-hard"}
    assert carol["assignments"]["hw1"]["score"] == 7 and carol["submitted"] is True
    stats = {s["column"]: s for s in data["items"]}
    assert stats["pruned"] == {"column": "pruned", "label": f"{TITLE}: the nodes pruned",
                               "answered": 5, "blank": 0, "mean": 1.0, "share_right": 1.0,
                               "wrong_answer": None, "misconception": None}
    assert stats["values.D"]["misconception"] == {"id": "fail-hard", "count": 3}


def test_a_blank_item_scores_0_and_is_no_common_wrong_answer() -> None:
    a = assignment()
    right = the_class()[0]
    blank = Submission("s2", "Bob", "hw1", tuple(
        v if v.item != "values.C" else type(v)("values.C", False, 0.0, "")
        for v in right.verdicts), 1, T0, max_score=9, title=TITLE)
    book = build_gradebook([right, blank, the_class()[3]], assignments=[columns_of(a)])
    c = {s.column: s for s in book.items}["values.C"]
    assert (c.answered, c.blank, c.mean, c.wrong_answer) == (3, 1, 0.3333, ("<=3", 1))
    assert book.students[1].assignments["hw1"].score == 8


def test_the_docs_show_the_csv_this_book_writes() -> None:
    """docs/classroom.md's two CSV examples are what this class writes."""
    book = build_gradebook([s for s in the_class() if s.student in ("s1", "s3")],
                           assignments=[AssignmentColumns("hw1", "AIMA tree", tuple(COLUMNS),
                                                          9)],
                           roster=roster(("s1", "Alice"), ("s3", "Carol"), ("s9", "Frank")),
                           steps={("hw1", "s1"): (11, 11), ("hw1", "s3"): (8, 11)})
    english = book.to_csv({"fail-hard": "fail-hard values (a cut node returns its bound, "
                                        "alpha or beta)"})
    italian = book.to_csv({"fail-hard": "valori fail-hard (un nodo tagliato riporta il suo "
                                        "limite, alfa o beta)"}, lang="it", dialect="excel-it")
    section = DOCS.read_text(encoding="utf-8").split("### The gradebook\n", 1)[1]
    shown = re.findall(r"```text\n((?:student,|matricola;).*?)```", section, re.S)
    assert shown == [english.replace("\r\n", "\n"),
                     italian.removeprefix(BOM).replace("\r\n", "\n")]


def test_the_book_of_nobody_is_empty() -> None:
    book = build_gradebook([])
    assert (book.columns, book.students, book.items) == ((), (), ())
    assert isinstance(book, Gradebook) and book.to_json()["misconceptions"] == []
    assert book.to_csv() == "student,name,total (%),misconception,misconception_name\r\n"


@settings(max_examples=examples(60), deadline=None)
@given(title=st.text(max_size=20), names=st.lists(st.text(max_size=12), min_size=1,
                                                   max_size=4),
       scores=st.lists(st.sampled_from([0.0, 0.3333, 0.5, 0.7778, 1.0]), min_size=3,
                       max_size=3),
       penalty=st.sampled_from([0.0, 10.0, 100 / 3, 100.0]))
def test_any_text_stays_in_its_cell_and_any_score_in_range(
        title: str, names: list[str], scores: list[float], penalty: float) -> None:
    keys = ("value", "values.B", "pruned")
    subs = [Submission(f"s{i}", name, "hw1", tuple(
        ItemVerdict(k, x == 1, x, str(x)) for k, x in zip(keys, scores, strict=True)), 1,
        T0, late=penalty > 0, penalty=penalty, max_score=3, title=title)
        for i, name in enumerate(names)]
    book = build_gradebook(subs, assignments=[AssignmentColumns("hw1", title, keys, 3)],
                           roster=roster(("z9", "Zoe")))
    assert all(0 <= r.total <= 100 for r in book.students)
    assert all(r.total == r.assignments["hw1"].percent for r in book.students)
    for dialect in ("excel", "excel-it"):
        text = book.to_csv(dialect=dialect)
        rows = list(csv.reader(io.StringIO(text.removeprefix(BOM), newline=""),
                               dialect=ExcelIt if dialect == "excel-it" else "excel"))
        assert len(rows) == len(names) + 2
        assert all(len(r) == len(rows[0]) == 2 + 3 + 6 + 3 for r in rows)
        safe = ["'" + n if n.startswith(("=", "+", "-", "@", "\t", "\r")) else n
                for n in names]
        assert [r[1] for r in rows[1:-1]] == safe
        assert rows[0][2].endswith(": the root's value")
