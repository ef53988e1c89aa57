"""Grades a teacher can trust, through the API: every asked item scored (an answer with
none of them refused without using an attempt), due times and the late policies, the
solution shown only once no submission can count, attempts that survive deletes, a
student reset with a new token, the teacher's table of every student who joined and
each student's work, the join page's title, and the gradebook's columns, steps and
Italian CSV.  On the AIMA tree of the lectures (alpha-beta, fail-soft: value 3, move B,
C cut after H = 2, I and J pruned)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import pytest
from starlette.testclient import TestClient
from test_classroom_api import (
    AIMA,
    FIRST_STEPS,
    assignment,
    bearer,
    course,
    fail_hard_answer,
    join,
    right_answer,
)

import tracer.service.classroom.courses

PAST = "2001-01-01T00:00:00+00:00"
"""A due time long gone: an assignment due then is made with the clock set before it."""

AIMA_KEYS = ["value", "move", "values.B", "values.C", "values.D", "pruned"]
"""What the AIMA assignment asks, item by item: its maximum is 6 for every student."""


@contextmanager
def made_in_2000(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The service's clock at 2000-01-01 while an assignment due in :data:`PAST` is made
    (the routes read the time through :func:`tracer.service.classroom.courses.now`)."""
    with monkeypatch.context() as m:
        m.setattr(tracer.service.classroom.courses, "now",
                  lambda: datetime(2000, 1, 1, tzinfo=UTC))
        yield


def submit(client: TestClient, ident: str, token: str, answer: dict[str, Any]) -> Any:
    return client.post(f"/v1/assignments/{ident}/submissions", headers=bearer(token),
                       json={"answer": answer})


def test_every_asked_item_is_scored_and_an_answer_asking_nothing_uses_no_attempt(
        client: TestClient) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher, {**AIMA, "feedback": "score"})
    alice = join(client, ident, "s1", "Alice")
    for empty in ({}, {"evaluated": ["E"]}):  # nothing asked given: refused
        r = submit(client, ident, alice, empty)
        assert r.status_code == 422, r.text
        assert r.headers["content-type"] == "application/problem+json"
        assert "\n" not in r.json()["detail"] and r.json()["where"] == "$.answer"
        assert "none of the items asked" in r.json()["detail"]
    r = submit(client, ident, alice, {"value": 3})
    assert r.status_code == 201, r.text
    got = r.json()
    # one item right of the six asked: never 1 of 1
    assert (got["attempt"], got["correct"], got["score"], got["max_score"]) == (
        1, False, 1, 6)
    bob = join(client, ident, "s2", "Bob")
    assert submit(client, ident, bob, right_answer()).json()["max_score"] == 6


def test_a_due_time_in_the_past_is_refused_unless_the_late_policy_says(
        client: TestClient) -> None:
    course_id, teacher = course(client)
    url = f"/v1/courses/{course_id}/assignments"
    r = client.post(url, json={**AIMA, "due": PAST}, headers=bearer(teacher))
    assert r.status_code == 422 and r.json()["where"] == "$.due"
    assert "\n" not in r.json()["detail"]
    for late in ({"late": "accept"}, {"late": "penalty", "penalty": 20}):
        r = client.post(url, json={**AIMA, "due": PAST, **late}, headers=bearer(teacher))
        assert r.status_code == 201, r.text
    r = client.post(url, json={**AIMA, "late": "penalty"}, headers=bearer(teacher))
    assert r.status_code == 422 and r.json()["where"] == "$.penalty"
    r = client.post(url, json={**AIMA, "late": "soon"}, headers=bearer(teacher))
    assert r.status_code == 422 and r.json()["where"] == "$.late"


def test_late_refused_is_409_with_the_due_time(client: TestClient,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    course_id, teacher = course(client)
    with made_in_2000(monkeypatch):
        ident = assignment(client, course_id, teacher, {**AIMA, "due": PAST,
                                                        "solution": "after-due"})
    alice = join(client, ident, "s1", "Alice")
    r = submit(client, ident, alice, right_answer())
    assert r.status_code == 409 and "2001-01-01T00:00:00+00:00" in r.json()["detail"]
    # the solution shows: no submission can count any more
    assert client.get(f"/v1/assignments/{ident}/solution",
                      headers=bearer(alice)).status_code == 200
    shown = client.get(f"/v1/assignments/{ident}/policies", headers=bearer(alice)).json()
    assert (shown["late"], shown["attempts_left"], shown["solution_shown"]) == (
        "refuse", 2, True)


def test_late_accepted_is_kept_and_marked_and_the_key_waits_for_the_last_attempt(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    course_id, teacher = course(client)
    with made_in_2000(monkeypatch):
        ident = assignment(client, course_id, teacher, {**AIMA, "due": PAST,
                                                        "late": "accept",
                                                        "solution": "after-due"})
    alice = join(client, ident, "s1", "Alice")
    policies = f"/v1/assignments/{ident}/policies"
    solution = f"/v1/assignments/{ident}/solution"
    assert client.get(solution, headers=bearer(alice)).status_code == 403
    r = submit(client, ident, alice, fail_hard_answer())
    assert r.status_code == 201 and (r.json()["late"], r.json()["attempts_left"]) == (True, 1)
    assert client.get(policies, headers=bearer(alice)).json()["solution_shown"] is False
    assert client.get(solution, headers=bearer(alice)).status_code == 403
    assert submit(client, ident, alice, right_answer()).json()["late"] is True
    # no attempt left: nothing more can count, the key is shown
    assert client.get(policies, headers=bearer(alice)).json()["solution_shown"] is True
    assert client.get(solution, headers=bearer(alice)).status_code == 200
    table = client.get(f"/v1/assignments/{ident}/students", headers=bearer(teacher)).json()
    assert [(s["student"], s["late"], s["score"]) for s in table["students"]] == [
        ("s1", True, 6)]
    r = client.get(f"/v1/courses/{course_id}/gradebook.csv", headers=bearer(teacher))
    assert "late" in r.text.splitlines()[0].lower()
    listed = client.get(f"/v1/assignments/{ident}/submissions",
                        headers=bearer(teacher)).json()["submissions"]
    assert [(s["attempt"], s["late"]) for s in listed] == [(1, True), (2, True)]
    summary = client.get(f"/v1/courses/{course_id}", headers=bearer(teacher)).json()
    (mine,) = summary["assignments"]
    assert (mine["late"], mine["penalty"], mine["step_tries"]) == ("accept", None, None)


def test_a_late_penalty_comes_off_the_total(client: TestClient,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    course_id, teacher = course(client)
    with made_in_2000(monkeypatch):
        ident = assignment(client, course_id, teacher, {**AIMA, "due": PAST,
                                                        "late": "penalty", "penalty": 25})
    alice = join(client, ident, "s1", "Alice")
    shown = client.get(f"/v1/assignments/{ident}/policies", headers=bearer(alice)).json()
    assert (shown["late"], shown["penalty"]) == ("penalty", 25)
    r = submit(client, ident, alice, right_answer())
    assert r.status_code == 201 and r.json()["late"] is True
    table = client.get(f"/v1/assignments/{ident}/students", headers=bearer(teacher)).json()
    row = table["students"][0]
    assert (row["late"], row["score"], row["max_score"], row["percent"]) == (
        True, 4.5, 6, 75)
    work = client.get(f"/v1/assignments/{ident}/students/s1/work",
                      headers=bearer(teacher)).json()
    assert [(s["late"], s["score"], s["max_score"]) for s in work["submissions"]] == [
        (True, 4.5, 6)]


def test_a_deleted_submission_frees_its_attempt_and_numbers_never_collide(
        client: TestClient) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher, {**AIMA, "attempts": 3})
    bob = join(client, ident, "s2", "Bob")
    first, second = (submit(client, ident, bob, fail_hard_answer()).json() for _ in "12")
    assert (first["attempt"], second["attempt"], second["attempts_left"]) == (1, 2, 1)
    assert client.delete(f"/v1/submissions/{first['id']}",
                         headers=bearer(teacher)).status_code == 204
    third = submit(client, ident, bob, right_answer())
    assert third.status_code == 201, third.text
    assert (third.json()["attempt"], third.json()["attempts_left"]) == (3, 1)
    fourth = submit(client, ident, bob, right_answer())
    assert fourth.status_code == 201, fourth.text
    assert (fourth.json()["attempt"], fourth.json()["attempts_left"]) == (4, 0)
    r = submit(client, ident, bob, right_answer())
    assert r.status_code == 409 and "all 3 attempts are used" in r.json()["detail"]
    work = client.get(f"/v1/assignments/{ident}/students/s2/work",
                      headers=bearer(teacher)).json()
    assert [s["attempt"] for s in work["submissions"]] == [2, 3, 4]


def test_a_student_reset_gets_a_new_token_and_keeps_every_piece_of_work(
        client: TestClient) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher, {**AIMA, "per_student": True})
    old = join(client, ident, "s1", "Alice")
    tree = client.get(f"/v1/assignments/{ident}/task", headers=bearer(old)).json()["tree"]
    made = submit(client, ident, old, fail_hard_answer()).json()
    # a new phone: joining again is refused, and says how to get back in
    again = client.post(f"/v1/assignments/{ident}/join", json={"student": "s1",
                                                               "name": "Alice"})
    assert again.status_code == 409 and "I already joined" in again.json()["detail"]
    assert "reset" in again.json()["detail"]
    url = f"/v1/assignments/{ident}/students/s1/token"
    r = client.post(url, json={}, headers=bearer(teacher))
    assert r.status_code == 200, r.text
    assert r.json()["student"] == "s1"
    new = r.json()["student_token"]
    assert len(new) == 43 and new != old
    assert client.get(f"/v1/assignments/{ident}/task", headers=bearer(old)
                      ).status_code == 403
    mine = client.get(f"/v1/assignments/{ident}/task", headers=bearer(new)).json()
    assert mine["tree"] == tree  # the same tree: one student id, one variant
    shown = client.get(f"/v1/assignments/{ident}/policies", headers=bearer(new)).json()
    assert (shown["attempts_used"], shown["attempts_left"]) == (1, 1)
    assert submit(client, ident, new, right_answer()).json()["attempt"] == 2
    table = client.get(f"/v1/assignments/{ident}/students", headers=bearer(teacher)).json()
    assert [(s["student"], s["attempts"]) for s in table["students"]] == [("s1", 2)]
    work = client.get(f"/v1/assignments/{ident}/students/s1/work",
                      headers=bearer(teacher)).json()
    assert work["submissions"][0]["id"] == made["id"]
    # nobody else's token, and nobody unknown
    for path, who, status in ((url, new, 403),
                              (f"/v1/assignments/{ident}/students/s9/token", teacher, 404)):
        r = client.post(path, json={}, headers=bearer(who))
        assert r.status_code == status and r.headers["content-type"] == \
            "application/problem+json"
    r = client.post(url, json={"student": "s2"}, headers=bearer(teacher))
    assert r.status_code == 422
    r = client.post(url, content=b"", headers=bearer(teacher))
    assert r.status_code == 415


def test_the_teacher_sees_every_student_who_joined_and_each_one_s_work(
        client: TestClient) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher)
    alice = join(client, ident, "s1", "Alice")
    join(client, ident, "s2", "Bob")
    carol = join(client, ident, "s3", "Carol")
    steps = f"/v1/assignments/{ident}/steps"
    client.post(steps, headers=bearer(alice), json={"step": 1, "answer": FIRST_STEPS[0]})
    wrong = {**FIRST_STEPS[1], "beta": "+inf"}
    client.post(steps, headers=bearer(alice), json={"step": 2, "answer": wrong})
    client.post(steps, headers=bearer(alice), json={"step": 2, "answer": FIRST_STEPS[1]})
    submit(client, ident, alice, right_answer())
    submit(client, ident, carol, fail_hard_answer())

    table = client.get(f"/v1/assignments/{ident}/students", headers=bearer(teacher)).json()
    assert (table["assignment"], table["title"], table["max_score"]) == (
        ident, AIMA["title"], 6)
    rows = {s["student"]: s for s in table["students"]}
    assert [s["student"] for s in table["students"]] == ["s1", "s2", "s3"]
    assert (rows["s1"]["submitted"], rows["s1"]["score"], rows["s1"]["percent"]) == (
        True, 6, 100)
    assert (rows["s1"]["steps_right_first_try"], rows["s1"]["steps"]) == (1, 11)
    assert (rows["s2"]["submitted"], rows["s2"]["attempts"], rows["s2"]["max_score"]) == (
        False, 0, 6)
    assert (rows["s3"]["score"], rows["s3"]["misconception"]) == (4, "fail-hard")
    assert set(rows["s3"]) == {"student", "name", "joined", "submitted", "attempts",
                               "score", "max_score", "percent", "late",
                               "steps_right_first_try", "steps", "misconception"}

    work = client.get(f"/v1/assignments/{ident}/students/s1/work",
                      headers=bearer(teacher)).json()
    assert (work["student"], work["name"]) == ("s1", "Alice")
    assert [(s["step"], s["try"], s["right"], s["wrong"]) for s in work["steps"]] == [
        (1, 1, True, []), (2, 1, False, ["beta"]), (2, 2, True, [])]
    assert work["steps"][1]["answer"]["beta"] == "+inf"
    (only,) = work["submissions"]
    assert (only["attempt"], only["late"], only["score"], only["max_score"]) == (
        1, False, 6, 6)
    assert [i["item"] for i in only["items"]] == AIMA_KEYS
    assert only["items"][2]["words"] == "the value of B"
    italian = client.get(f"/v1/assignments/{ident}/students/s3/work?lang=it",
                         headers=bearer(teacher)).json()
    assert italian["submissions"][0]["items"][3]["words"] == "il valore di C"
    assert italian["steps"] == []
    for path, status, where in (
            (f"/v1/assignments/{ident}/students/s9/work", 404, "student"),
            (f"/v1/assignments/{ident}/students?policy=worst", 400, "policy"),
            (f"/v1/assignments/{ident}/students/s1/work?lang=fr", 400, "lang")):
        r = client.get(path, headers=bearer(teacher))
        assert (r.status_code, r.json()["where"]) == (status, where), path


def test_the_join_page_reads_the_title_and_due_time_without_a_token(
        client: TestClient) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher, {**AIMA, "due": "2999-01-01T00:00:00Z"})
    r = client.get(f"/v1/assignments/{ident}/about")
    assert r.status_code == 200
    assert r.json() == {"id": ident, "title": AIMA["title"], "due": "2999-01-01T00:00:00Z"}
    r = client.get("/v1/assignments/0123456789abcdef01234567/about")
    assert r.status_code == 404 and r.headers["content-type"] == "application/problem+json"


def test_the_gradebook_has_the_roster_the_asked_items_and_an_italian_csv(
        client: TestClient) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher)
    alice = join(client, ident, "s1", "Alice")
    join(client, ident, "s2", "Bob")
    submit(client, ident, alice, {"value": 3, "move": "B"})
    book = client.get(f"/v1/courses/{course_id}/gradebook", headers=bearer(teacher)).json()
    assert [c["item"] for c in book["columns"]] == AIMA_KEYS
    assert book["columns"][0]["label"] == f"{AIMA['title']}: the root's value"
    assert {r["student"]: r["assignments"][ident]["submitted"]
            for r in book["students"]} == {"s1": True, "s2": False}
    url = f"/v1/courses/{course_id}/gradebook.csv"
    r = client.get(f"{url}?dialect=excel-it&lang=it", headers=bearer(teacher))
    assert r.headers["content-type"] == "text/csv; charset=utf-8"
    assert r.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(r.content.decode("utf-8-sig")), delimiter=";"))
    assert len(rows) == 3 and len(rows[0]) > 3
    assert "33,3" in r.content.decode("utf-8-sig")  # 2 of 6, as an Italian writes it
    plain = client.get(url, headers=bearer(teacher))
    assert not plain.content.startswith(b"\xef\xbb\xbf") and "33.3" in plain.text
    r = client.get(f"{url}?dialect=libreoffice", headers=bearer(teacher))
    assert (r.status_code, r.json()["where"]) == (400, "dialect")


def test_step_answers_kept_before_tries_were_counted_get_their_numbers() -> None:
    from tracer.service.classroom.class_students import STEP_FIELDS, tries_counted

    def kept(step: int, right: bool) -> dict[str, Any]:  # as the store gave them back
        return {"answer": {"kind": "evaluate"}, "at": None, "right": right, "step": step,
                "wrong": [] if right else ["value"]}

    shown = tries_counted([kept(1, False), kept(1, False), kept(1, True), kept(2, True)])
    assert [(r["step"], r["try"], r["right"]) for r in shown] == [
        (1, 1, False), (1, 2, False), (1, 3, True), (2, 1, True)]
    assert all(list(r) == list(STEP_FIELDS) for r in shown)
    # a record that counted its try keeps its own number
    assert tries_counted([{**kept(3, True), "try": 4}])[0]["try"] == 4


def test_the_docs_example_of_a_late_penalty(client: TestClient,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/classroom.md, "In the service": the answers shown there, number for number."""
    import tracer.service.classroom.assignments
    import tracer.service.classroom.class_pages

    clock = [datetime(2026, 12, 1, 11, 0, tzinfo=UTC)]
    for module in (tracer.service.classroom.courses, tracer.service.classroom.assignments,
                   tracer.service.classroom.class_pages):
        monkeypatch.setattr(module, "now", lambda: clock[0])
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher, {
        **AIMA, "due": "2026-12-01T12:00:00Z", "late": "penalty", "penalty": 25,
        "feedback": "score", "solution": "after-due"})
    alice = join(client, ident, "s1", "Alice")
    join(client, ident, "s2", "Bob")
    steps = f"/v1/assignments/{ident}/steps"
    for number, answer in ((1, FIRST_STEPS[0]), (2, {**FIRST_STEPS[1], "beta": "+inf"}),
                           (2, FIRST_STEPS[1])):
        client.post(steps, headers=bearer(alice), json={"step": number, "answer": answer})
    clock[0] = datetime(2026, 12, 1, 12, 30, tzinfo=UTC)
    got = submit(client, ident, alice, {"value": 3, "move": "B", "pruned": ["I", "J"]}).json()
    assert {k: got[k] for k in ("attempt", "attempts_left", "late", "correct", "score",
                                "max_score", "percent")} == {
        "attempt": 1, "attempts_left": 1, "late": True, "correct": False, "score": 3.0,
        "max_score": 6, "percent": 50.0}
    assert [(i["item"], i["answered"], i["score"]) for i in got["items"]] == [
        ("value", True, 1.0), ("move", True, 1.0), ("values.B", False, 0.0),
        ("values.C", False, 0.0), ("values.D", False, 0.0), ("pruned", True, 1.0)]
    shown = client.get(f"/v1/assignments/{ident}/policies", headers=bearer(alice)).json()
    assert shown == {"student": "s1", "name": "Alice", "title": AIMA["title"],
                     "feedback": "score", "solution": "after-due",
                     "due": "2026-12-01T12:00:00Z", "attempts": 2, "attempts_used": 1,
                     "attempts_left": 1, "late": "penalty", "penalty": 25.0,
                     "step_tries": None, "solution_shown": False}
    table = client.get(f"/v1/assignments/{ident}/students", headers=bearer(teacher)).json()
    joined = "2026-12-01T11:00:00+00:00"
    assert table["students"] == [
        {"student": "s1", "name": "Alice", "score": 2.25, "max_score": 6, "percent": 37.5,
         "submitted": True, "attempts": 1, "late": True, "misconception": None,
         "steps_right_first_try": 1, "steps": 11, "joined": joined},
        {"student": "s2", "name": "Bob", "score": 0.0, "max_score": 6, "percent": 0.0,
         "submitted": False, "attempts": 0, "late": False, "misconception": None,
         "steps_right_first_try": None, "steps": None, "joined": joined}]
    work = client.get(f"/v1/assignments/{ident}/students/s1/work",
                      headers=bearer(teacher)).json()
    assert work["steps"][1] == {"step": 2, "try": 1, "answer": {
        "alpha": "-inf", "beta": "+inf", "kind": "evaluate", "node": "F", "value": 12},
        "right": False, "wrong": ["beta"], "at": joined}
    r = client.post(f"/v1/courses/{course_id}/assignments", headers=bearer(teacher),
                    json={**AIMA, "due": "2026-12-01T10:00:00Z"})
    assert r.json()["detail"] == (
        "the due time 2026-12-01T10:00:00+00:00 is already past, and late work is refused: "
        "nobody could submit (set late to accept or penalty to take late work)")


def test_a_step_verdict_is_worded_in_the_language_asked(client: TestClient) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher)
    student = join(client, ident, "s1", "Alice")
    steps = f"/v1/assignments/{ident}/steps"
    wrong = {**FIRST_STEPS[0], "value": 99}
    english = client.post(steps, headers=bearer(student),
                          json={"step": 1, "answer": wrong}).json()
    italian = client.post(steps, headers=bearer(student),
                          json={"step": 1, "answer": wrong, "lang": "it"}).json()
    assert (english["right"], italian["right"]) == (False, False)
    assert english["hint"] and italian["hint"] and english["hint"] != italian["hint"]
    assert "non è giusto" in italian["hint"] or "non è giusta" in italian["hint"]
    assert "expected" not in italian and "99" not in italian["hint"]
    refused = client.post(steps, headers=bearer(student),
                          json={"step": 1, "answer": wrong, "lang": "fr"})
    assert refused.status_code in (400, 422)
    assert refused.headers["content-type"].startswith("application/problem+json")
