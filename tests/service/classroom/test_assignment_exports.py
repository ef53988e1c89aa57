"""The teacher's exports of an assignment (``GET /v1/assignments/{id}/export/moodle.xml``
and ``.../prairielearn.zip``): made of the assignment's own tree, items, title and
seeds; a fixed-tree assignment is one question; Moodle grades the exported question as
the service grades a submission of the same answers; ``?lang`` words the question; bad
input is one problem+json line."""

from __future__ import annotations

import io
import json
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from test_classroom_api import EXERCISE, assignment, bearer, course, join

sys.path.insert(0, str(Path(__file__).parents[2] / "classroom"))
from moodle_cloze import read_bank

ALL_ITEMS: dict[str, Any] = {
    "title": "Potatura sull'albero AIMA", "source": {"example": "aima"},
    "spec": {"algorithm": "alphabeta"}, "solution": "always", "attempts": 100,
    "feedback": "score",
    "items": ["value", "move", {"values": ["B", "C", "D"]}, "pruned", "evaluated"]}


def _export(client: TestClient, teacher: str, ident: str, kind: str = "moodle.xml",
            query: str = "") -> Any:
    return client.get(f"/v1/assignments/{ident}/export/{kind}{query}",
                      headers=bearer(teacher))


def test_two_exercise_assignments_export_their_own_files(client: TestClient) -> None:
    course_id, teacher = course(client)
    first = assignment(client, course_id, teacher, {**EXERCISE, "title": "Week 1"})
    second = assignment(client, course_id, teacher, {
        **EXERCISE, "title": "Week 2",
        "source": {"exercise": {**EXERCISE["source"]["exercise"], "seed": 5}}})
    for kind in ("moodle.xml", "prairielearn.zip"):
        one, two = (_export(client, teacher, i, kind) for i in (first, second))
        assert one.status_code == two.status_code == 200
        assert one.content != two.content
    xml = _export(client, teacher, first).text
    assert "$course$/top/Week 1" in xml and xml.count('<question type="multianswer">') == 1
    names = zipfile.ZipFile(io.BytesIO(_export(client, teacher, second,
                                               "prairielearn.zip").content)).namelist()
    assert names[0].startswith("Week-2/")


@pytest.mark.parametrize("source", [
    {"example": "aima"},
    {"tree": "A(B(3 12 8) C(2 4 6) D(14 5 2))"},
    {"game": "nim", "params": {"piles": "2,2"}}], ids=["example", "tree", "game"])
def test_a_fixed_tree_assignment_is_one_question(client: TestClient,
                                                 source: dict[str, Any]) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher, {
        "title": "One tree", "source": source, "spec": {"algorithm": "alphabeta"},
        "items": ["value", "move", "pruned"], "solution": "always"})
    r = _export(client, teacher, ident, query="?seeds=1..5")
    assert r.status_code == 200, r.text
    _, questions = read_bank(r.content)
    assert len(questions) == 1 and len(questions[0].subs) == 3
    z = _export(client, teacher, ident, "prairielearn.zip")
    assert z.status_code == 200 and z.headers["content-type"] == "application/zip"


def test_per_student_variants_come_by_seed(client: TestClient) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher, {**EXERCISE, "per_student": True})
    _, three = read_bank(_export(client, teacher, ident, query="?seeds=1..3&name=w5").content)
    assert [q.name for q in three] == ["w5 1", "w5 2", "w5 3"]
    # without ?seeds= the bank has the seeds 1..20 (test_question_variants.py): 20
    # drawings, longer than a test on a busy machine should wait for


def test_moodle_grades_as_the_service_does(client: TestClient) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher, ALL_ITEMS)
    token = join(client, ident, "s1", "Alice")
    _, (cloze,) = read_bank(_export(client, teacher, ident).content)
    # the parts: value, move, values B C D, pruned (I J), evaluated (E F G H K L M)
    typed: list[list[str | None]] = [
        ["3", "B", "3", "<=2", "2", "I J", "E F G H K L M"],
        ["3", "B", "3", "2", "2", "J I", "E F G H K L M"],    # reordered, a bound as its number
        ["3", None, None, None, None, "J", None],              # blanks
        ["3.0", "b", "4", ">=2", None, "J X", "E F G K L M"],
        ["12", "C", None, "<=2", "14", "I J K", "E G F H K L M"],
        [None, None, None, None, None, "none", "F E"]]
    for texts in typed:
        answer: dict[str, Any] = {}
        for key, text in zip(("value", "move"), texts[:2], strict=True):
            if text is not None:
                answer[key] = text
        values = {n: t for n, t in zip("BCD", texts[2:5], strict=True) if t is not None}
        if values:
            answer["values"] = values
        if texts[5] is not None:
            answer["pruned"] = [] if texts[5] == "none" else texts[5].split()
        if texts[6] is not None:
            answer["evaluated"] = texts[6].split()
        r = client.post(f"/v1/assignments/{ident}/submissions", headers=bearer(token),
                        json={"answer": answer})
        assert r.status_code == 201, r.text
        body = r.json()
        shown = body.get("shown", body)  # the feedback's totals, spread or nested
        # the service writes a score with 4 decimals
        assert cloze.grade(texts) == pytest.approx(shown["score"] / len(cloze.subs),
                                                   abs=1e-4), texts


def test_the_export_speaks_the_asked_language(client: TestClient) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher, ALL_ITEMS)
    it = _export(client, teacher, ident, query="?lang=it").text
    assert "Esplora a mano questo albero di gioco" in it and "I nodi potati:" in it
    assert "The nodes pruned" in _export(client, teacher, ident, query="?lang=en").text
    folder = zipfile.ZipFile(io.BytesIO(_export(client, teacher, ident, "prairielearn.zip",
                                                "?lang=it").content))
    variants = json.loads(folder.read(f"{folder.namelist()[0].split('/')[0]}/variants.json"))
    assert variants["verdicts"]["right"] == "questa parte è giusta"


@pytest.mark.parametrize(("query", "status", "detail"), [
    ("?lang=fr", 400, "unknown lang 'fr' (choose from: en, it)"),
    ("?seeds=" + "1" * 41, 400, "seeds has at most 40 characters and name 100"),
    ("?seeds=3..1", 422, None),
    ("?seeds=1..500", 422, "too many for one export"),
    ("?name=a/b", 422, "a name is 1 to 100 ASCII letters"),
], ids=["lang", "long-seeds", "empty-seeds", "many-seeds", "bad-name"])
def test_bad_input_is_one_problem_line(client: TestClient, query: str, status: int,
                                       detail: str | None) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher, {**EXERCISE, "per_student": True})
    for kind in ("moodle.xml", "prairielearn.zip"):
        r = _export(client, teacher, ident, kind, query)
        assert r.status_code == status, r.text
        assert r.headers["content-type"].startswith("application/problem+json")
        said = r.json()["detail"]
        assert "\n" not in said and (detail is None or detail in said)


def test_an_a_star_assignment_is_refused_in_one_line(client: TestClient) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher, {
        "title": "A*", "source": {"problem": "romania"}, "spec": {"algorithm": "astar"},
        "items": ["expanded"], "solution": "always"})
    r = _export(client, teacher, ident)
    assert r.status_code == 422 and "A* assignment is not exported" in r.json()["detail"]


def test_a_student_cannot_export(client: TestClient) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher, EXERCISE)
    token = join(client, ident, "s1", "Alice")
    assert _export(client, token, ident).status_code in (403, 404)
