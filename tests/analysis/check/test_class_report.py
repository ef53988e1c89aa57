"""Grading a class: every answer graded, bad ones as rows, the same table for any pool size."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tracer.analysis.check.class_report import answer_files, grade_class, table_format, write_table
from tracer.errors import UsageError

RIGHT = {"value": 3, "move": "B", "values": {"B": 3, "C": "<=2", "D": 2},
         "pruned": ["I", "J"], "evaluated": list("EFGHKLM")}
HARD = {"values": {"C": "<=3", "D": "<=3"}}  # fail-hard: C and D return the bound alpha = 3


def make_class(folder: Path) -> Path:
    folder.mkdir()
    answers = {"alice": RIGHT, "bob": {"evaluated": list("EFGHIJKLM")}, "carol": HARD,
               "dave": {"values": {"Z": 3, "B": 3}}}
    for name, data in answers.items():
        (folder / f"{name}.json").write_text(json.dumps(data))
    (folder / "erin.json").write_text('{"value": ')
    (folder / "notes.txt").write_text("not an answer")
    return folder


def test_a_folder_is_its_json_files_in_name_order(tmp_path: Path) -> None:
    folder = make_class(tmp_path / "answers")
    assert [p.name for p in answer_files([folder])] == [
        "alice.json", "bob.json", "carol.json", "dave.json", "erin.json"]
    (tmp_path / "empty").mkdir()
    with pytest.raises(UsageError, match="empty: the folder has no answer files"):
        answer_files([tmp_path / "empty"])


def test_every_answer_is_graded_and_a_bad_one_is_a_row(tmp_path: Path) -> None:
    report = grade_class("aima", [make_class(tmp_path / "answers")], jobs=1)
    rows = {g.student: g for g in report.students}
    assert list(rows) == ["alice", "bob", "carol", "dave", "erin"]
    assert rows["alice"].correct and rows["alice"].percent == 100.0
    assert rows["bob"].first == "evaluated" and rows["bob"].misconceptions == (
        "no-window", "missing-cut")  # one answer on this tree (check/test_diagnose.py)
    assert rows["carol"].misconceptions == ("fail-hard",)
    assert dict(rows["dave"].items) == {"values.Z": 0.0, "values.B": 1.0}
    assert rows["erin"].error is not None and "erin.json: line 1" in rows["erin"].error
    assert not report.correct
    assert report.misconception_counts() == {"fail-hard": 1, "missing-cut": 1, "no-window": 1}
    assert report.item_summary()["values.C"] == {"answered": 2, "right": 1, "mean_score": 0.5}


def test_the_table_is_the_same_with_a_pool_of_workers(tmp_path: Path) -> None:
    folder = make_class(tmp_path / "answers")
    alone = grade_class("aima", [folder], jobs=1)
    pooled = grade_class("aima", [folder], jobs=2)
    assert pooled.to_json() == alone.to_json() and pooled.to_csv() == alone.to_csv()


def test_the_csv_has_a_column_per_item_and_misconception_and_a_class_row(
        tmp_path: Path) -> None:
    report = grade_class("aima", [make_class(tmp_path / "answers")], jobs=1)
    rows = list(csv.DictReader(io.StringIO(report.to_csv())))
    assert [r["student"] for r in rows] == ["alice", "bob", "carol", "dave", "erin", "(class)"]
    assert rows[1]["evaluated"] == "0.7778" and rows[1]["misconception:missing-cut"] == "1"
    assert rows[0]["values.Z"] == "" and rows[3]["values.Z"] == "0"
    assert rows[5]["misconception:fail-hard"] == "1" and rows[5]["error"] == "1 errors"
    assert rows[5]["file"] == "4 graded"


def test_tables_are_written_as_csv_or_json(tmp_path: Path) -> None:
    report = grade_class("aima", [make_class(tmp_path / "answers")], jobs=1)
    write_table(report, tmp_path / "class.json")
    data = json.loads((tmp_path / "class.json").read_text())
    assert data["graded"] == 4 and data["errors"] == 1
    assert data["misconceptions"] == {"fail-hard": 1, "missing-cut": 1, "no-window": 1}
    with pytest.raises(UsageError, match=r"class.txt: the class table is written as \.csv"):
        table_format(tmp_path / "class.txt")


def test_a_bad_source_fails_before_any_answer_is_graded(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="no such file or built-in example: 'aimaa'"):
        grade_class("aimaa", [make_class(tmp_path / "answers")], jobs=2)


def test_the_command_line_conventions_win_over_the_answers(tmp_path: Path) -> None:
    report = grade_class("aima", [make_class(tmp_path / "answers")], jobs=1,
                         overrides={"variant": "fail-hard"})
    rows = {g.student: g for g in report.students}
    assert rows["carol"].correct and not rows["alice"].correct


def test_copies_of_one_answer_get_one_verdict_each_under_their_own_name(tmp_path: Path) -> None:
    folder = tmp_path / "answers"
    folder.mkdir()
    for name in ("x", "y"):
        (folder / f"{name}.json").write_text(json.dumps(HARD))
        (folder / f"{name}-bad.json").write_text("{")
    report = grade_class("aima", [folder], jobs=1)
    rows = {g.student: g for g in report.students}
    assert rows["x"].items == rows["y"].items and rows["y"].file == str(folder / "y.json")
    assert rows["y-bad"].error is not None and rows["y-bad"].error.startswith(
        f"{folder / 'y-bad.json'}: ")


def test_a_misconception_found_at_two_places_counts_its_student_once() -> None:
    from tracer.analysis.check.class_report import ClassReport, Graded

    twice = Graded("eve", "eve.json", 1.0, 3, (("pruned", 0.0),), "pruned",
                   ("missing-cut", "missing-cut"))
    once = Graded("fay", "fay.json", 2.0, 3, (("pruned", 0.0),), "pruned", ("missing-cut",))
    report = ClassReport("aima", [twice, once])
    assert report.misconception_counts() == {"missing-cut": 2}
