"""gametrace check --items: the items asked are the questions, every one scored for every
answer (a blank one wrong), the same rule as an assignment's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tracer._api import check_answer
from tracer.cli import main

ROOT = Path(__file__).resolve().parents[2]


def gametrace(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def answer(tmp_path: Path, data: object, name: str = "answer.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


PAGE = {"values": {"A": 3, "B": 3, "C": 3}, "pruned": ["I", "J"]}
"""A page's answer: the root among the values, the move and D left blank."""


def test_every_item_asked_is_scored_and_a_blank_one_is_wrong(tmp_path: Path) -> None:
    code, out, err = gametrace("check", "aima", answer(tmp_path, PAGE),
                               "--items", "value,move,values,pruned")
    assert code == 1 and err == ""
    lines = out.splitlines()
    assert lines[3:9] == [
        "  right  value     3",
        "  WRONG  move      not answered (expected B)",
        "  right  values.B  3",
        "  WRONG  values.C  expected <=2; you wrote 3",
        "  WRONG  values.D  not answered (expected 2)",
        "  right  pruned    I J",
    ]
    assert "score: 3.00 / 6 (50%)" in lines
    assert "  - move: not answered." in lines
    # the root's value inside values: fail-hard is still found
    assert any("fail-hard values" in line for line in lines)


def test_the_documented_verdict_is_what_check_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/checking.md shows docs/examples/verdict-partial.txt."""
    monkeypatch.chdir(ROOT)
    code, out, _ = gametrace("check", "aima", "docs/examples/student-partial.json",
                             "--items", "value,move,values,pruned", "--no-diagnosis")
    assert code == 1
    assert out == (ROOT / "docs" / "examples" / "verdict-partial.txt").read_text()
    assert out in (ROOT / "docs" / "checking.md").read_text()


def test_without_items_only_the_answers_items_are_graded(tmp_path: Path) -> None:
    code, out, _ = gametrace("check", "aima", answer(tmp_path, PAGE), "--json")
    verdict = json.loads(out)
    assert code == 1 and verdict["max_score"] == 4
    assert [i["item"] for i in verdict["items"]] == ["values.A", "values.B", "values.C",
                                                     "pruned"]
    assert all("answered" not in i for i in verdict["items"])
    assert verdict["diagnosis"][0]["misconception"] == "fail-hard"


def test_the_json_marks_the_blank_items(tmp_path: Path) -> None:
    code, out, _ = gametrace("check", "aima", answer(tmp_path, {"value": 3}), "--json",
                             "--items", "value,alphabeta")
    verdict = json.loads(out)
    assert code == 1 and verdict["max_score"] == 9 and verdict["score"] == 1.0
    assert [i["item"] for i in verdict["items"]] == ["value", *(
        f"alphabeta.{n}.{f}" for n in "ABCD" for f in ("alpha", "beta"))]
    blank = verdict["items"][1]
    assert blank == {"item": "alphabeta.A.alpha", "right": False, "expected": "3",
                     "given": "", "score": 0.0, "answered": False, "why": "not answered"}


def test_in_italian(tmp_path: Path) -> None:
    code, out, _ = gametrace("check", "aima", answer(tmp_path, {"value": 3}), "--lang", "it",
                             "--items", "value,move")
    assert code == 1
    assert "  SBAGLIATO  move   senza risposta (atteso B)" in out.splitlines()


def test_an_answer_with_none_of_the_items_asked_is_refused(tmp_path: Path) -> None:
    code, out, err = gametrace("check", "aima", answer(tmp_path, {"move": "B"}),
                               "--items", "value,pruned")
    assert code == 1 and out == ""
    assert err.strip().endswith("the answer gives none of the items asked: answer at least "
                                "one of them")
    assert len(err.strip().splitlines()) == 1


def test_a_bad_list_of_items_is_one_line_naming_the_option(tmp_path: Path) -> None:
    for items, words in (("value,vals", "--items: unknown item 'vals' (choose from: value, "
                                        "move, values"),
                         ("value,value", "--items: value is asked twice"),
                         (",", "--items: expected a list of items")):
        code, out, err = gametrace("check", "aima", answer(tmp_path, PAGE), "--items", items)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
        assert words in err


def test_a_class_has_one_maximum(tmp_path: Path) -> None:
    folder = tmp_path / "answers"
    folder.mkdir()
    answer(folder, {"value": 3}, "ann.json")
    answer(folder, {"move": "B", "pruned": ["I", "J"]}, "bob.json")
    code, out, _ = gametrace("check", "aima", str(folder), "--json", "-j", "1",
                             "--items", "value,move,pruned")
    table = json.loads(out)
    assert code == 1
    assert [(s["student"], s["score"], s["max_score"]) for s in table["students"]] == [
        ("ann", 1.0, 3), ("bob", 2.0, 3)]


def test_the_front_door_takes_the_items_too() -> None:
    report = check_answer({"values": {"A": 3, "B": 3}}, source="aima",
                          items=["value", "values"])
    assert [(i.key, i.right, i.answered) for i in report.items] == [
        ("value", True, True), ("values.B", True, True), ("values.C", False, False),
        ("values.D", False, False)]
