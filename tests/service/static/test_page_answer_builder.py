"""The assignment page's own answers are diagnosed as the same answers typed by hand.

Every misconception of the checker's diagnosis (the cases of
tests/analysis/check/test_diagnose.py: a lecture tree, the conventions asked, and the
answer a student holding the misconception gives) is typed into the page's answer form
as a student types it (every field of the form: the table of values, the windows, the
lists; the root's value in its own field), and the page's own builder
(``tracer/service/static/answers.js``, a pure function, run here in node) makes the
answer the page sends.  Graded by the assignment with the full feedback, that answer
must name the misconception, as the hand-typed answer does; blank fields must not
count as answers (a blank list is not "nothing pruned").
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any, cast

import pytest

from tests.analysis.check.test_diagnose import CASES
from tracer.analysis.check.diagnose import MISCONCEPTIONS
from tracer.analysis.check.solution import Solution
from tracer.classroom.reading import parse_assignment
from tracer.classroom.tasks import asked_keys, grade, task_for

STATIC = Path(__file__).resolve().parents[3] / "tracer" / "service" / "static"
NODE = shutil.which("node")
ITEMS = ["value", "move", "values", "evaluated", "pruned", "alphabeta"]

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


def built(tmp: Path, cases: list[tuple[dict[str, Any], dict[str, Any]]]
          ) -> list[dict[str, Any]]:
    """The answers the page's builder makes of ``cases`` ((task, typed fields)), in one
    node process: answers.js is an ES module with no import of its own."""
    shutil.copy(STATIC / "answers.js", tmp / "answers.mjs")
    (tmp / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    (tmp / "run.mjs").write_text(
        'import { readFileSync } from "node:fs";\n'
        'import { buildAnswer } from "./answers.mjs";\n'
        'const cases = JSON.parse(readFileSync(new URL("./cases.json", import.meta.url)));\n'
        "console.log(JSON.stringify(cases.map(([task, typed]) => buildAnswer(task, typed))));\n",
        encoding="utf-8")
    done = subprocess.run([str(NODE), str(tmp / "run.mjs")], capture_output=True, text=True,
                          check=True, timeout=60)
    answers: list[dict[str, Any]] = json.loads(done.stdout)
    return answers


def text(v: Any) -> str:
    return str(v)


def typed(answer: dict[str, Any]) -> dict[str, Any]:
    """What a student types in the page's fields for ``answer`` (the solution format):
    numbers and bounds as text, lists of nodes separated by spaces ("-" for none)."""
    out: dict[str, Any] = {}
    for name, v in answer.items():
        if name in ("value", "move"):
            out[name] = text(v)
        elif name == "values":
            out[name] = {node: text(x) for node, x in v.items()}
        elif name == "alphabeta":
            out[name] = {node: {end: text(x) for end, x in w.items()} for node, w in v.items()}
        elif isinstance(v, list):
            out[name] = " ".join(v) if v else "-"
    return out


def assignment_of(tree: str, options: dict[str, Any]) -> Any:
    spec = {"algorithm": "alphabeta", **options}
    return parse_assignment({"title": "Misconceptions", "source": {"tree": tree},
                             "spec": spec, "items": ITEMS, "feedback": "full",
                             "solution": "never"}, id="page-answers")


def diagnosis(a: Any, answer: dict[str, Any]) -> list[str]:
    report = grade(a, "s1", Solution.from_json(answer))
    return [f.id for f in report.diagnosis if f.full]


def test_every_misconception_typed_in_the_page_is_diagnosed(tmp_path: Path) -> None:
    assert {case.values[3] for case in CASES} == set(MISCONCEPTIONS)
    prepared = []
    for case in CASES:
        tree, options, answer, misconception = cast(tuple[str, dict[str, Any], Solution, str],
                                                    case.values)
        a = assignment_of(tree, options)
        by_hand = {k: v for k, v in answer.to_json().items() if k in ITEMS}
        prepared.append((case.id, a, by_hand, misconception))
    answers = built(tmp_path, [(task_for(a, "s1").to_json(), typed(by_hand))
                               for _, a, by_hand, _ in prepared])
    missed = []
    for (name, a, by_hand, misconception), sent in zip(prepared, answers, strict=True):
        found, hand = diagnosis(a, sent), diagnosis(a, by_hand)
        if misconception not in found or found != hand:
            missed.append((name, misconception, found, hand, sent))
    assert missed == []


def test_an_answer_with_blank_fields_is_diagnosed_as_typed(tmp_path: Path) -> None:
    """The same misconceptions with only some fields filled in (the root's value and
    the table of values; the lists and the windows left blank): the page's answer and
    the hand-typed one (without the blank items) have the same diagnosis."""
    prepared = []
    for case in CASES:
        tree, options, answer, _ = cast(tuple[str, dict[str, Any], Solution, str],
                                        case.values)
        a = assignment_of(tree, options)
        asked = set(asked_keys(a))  # a node at the depth limit is a leaf: not asked
        whole = answer.to_json()
        by_hand = {"value": whole["value"]}
        values = {n: v for n, v in whole.get("values", {}).items() if f"values.{n}" in asked}
        if values:
            by_hand["values"] = values
        prepared.append((case.id, a, by_hand))
    answers = built(tmp_path, [(task_for(a, "s1").to_json(),
                                {**typed(by_hand), "pruned": " ", "evaluated": "",
                                 "alphabeta": {"A": {"alpha": "", "beta": ""}}})
                               for _, a, by_hand in prepared])
    differ = [(name, sent, by_hand) for (name, a, by_hand), sent
              in zip(prepared, answers, strict=True)
              if sent != by_hand or diagnosis(a, sent) != diagnosis(a, by_hand)]
    assert differ == []


def test_the_page_leaves_blank_fields_out(tmp_path: Path) -> None:
    """A blank list is not answered (an empty list would say "nothing pruned"), a blank
    table is not sent, a value typed as a person writes it is read as a number."""
    a = assignment_of("A(B(3 12 8) C(2 4 6) D(14 5 2))", {"variant": "fail-soft"})
    task = task_for(a, "s1").to_json()
    forms: list[dict[str, Any]] = [
        {"value": " 3 ", "values": {"A": "3", "B": "", "C": "≤ 2", "D": "−2"},
         "alphabeta": {"A": {"alpha": "", "beta": ""}, "C": {"alpha": "3", "beta": "∞"}},
         "evaluated": "", "pruned": "  "},
        {"value": "2,5", "pruned": "-", "evaluated": "E, F G"},
        {}]
    assert built(tmp_path, [(task, form) for form in forms]) == [
        {"value": 3, "values": {"C": "<=2", "D": -2},
         "alphabeta": {"C": {"alpha": 3, "beta": "+inf"}}},
        {"value": 2.5, "evaluated": ["E", "F", "G"], "pruned": []},
        {}]
