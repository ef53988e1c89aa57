"""``POST /v1/check`` with ``lang``: the reasons and the diagnosis in the student's
language, English when none is asked for."""

from __future__ import annotations

from starlette.testclient import TestClient

from tracer.analysis.check.wording import EN, IT

ANSWER = {"value": 3, "evaluated": list("EFGHIJKLM"), "pruned": []}


def test_check_in_italian_gives_italian_reasons(client: TestClient) -> None:
    got = client.post("/v1/check", json={"example": "aima", "answer": ANSWER, "lang": "it"})
    assert got.status_code == 200
    body = got.json()
    assert body["first_mistake"]["why"] == (
        "in C, dopo la foglia H = 2: beta = 2 <= alfa = 3, quindi i figli rimanenti di C "
        "(I = 4, J = 6) sono potati; hai valutato I, J")
    cause = body["diagnosis"][0]["causes"][0]
    assert cause["title"] == IT[f"mis.{cause['id']}"] != EN[f"mis.{cause['id']}"]
    assert body["checked_against"] == "alphabeta (fail-soft) su aima"


def test_check_without_lang_is_english(client: TestClient) -> None:
    body = client.post("/v1/check", json={"example": "aima", "answer": ANSWER}).json()
    assert body["first_mistake"]["why"].endswith("; you evaluated I, J")


def test_check_refuses_a_language_it_does_not_write(client: TestClient) -> None:
    got = client.post("/v1/check", json={"example": "aima", "answer": ANSWER, "lang": "fr"})
    assert got.status_code in (400, 422)
    assert got.headers["content-type"].startswith("application/problem+json")


def test_a_submission_in_italian_gets_italian_feedback(client: TestClient) -> None:
    from test_classroom_api import assignment, bearer, course, fail_hard_answer, join

    course_id, teacher = course(client, "IA 2026")
    ident = assignment(client, course_id, teacher)
    student = join(client, ident, "s9", "Bianca")
    r = client.post(f"/v1/assignments/{ident}/submissions", headers=bearer(student),
                    json={"answer": fail_hard_answer(), "lang": "it"})
    assert r.status_code == 201, r.text
    first = r.json()["first_mistake"]
    # first-mistake feedback says the rule in Italian, never the expected value
    assert "why" not in first and "expected" not in first
    hint = first["hint"]
    assert hint and "you wrote" not in hint and not any(ch.isdigit() for ch in hint)
    assert first["words"] == "il valore di C"
    assert hint == ("il valore di C non è giusto: un nodo MIN riporta il valore più piccolo "
                    "tra quelli dei figli che esplora; quando alfa >= beta si ferma e riporta "
                    "il valore più piccolo trovato fin lì; un valore che un taglio lascia in "
                    "sospeso si scrive come limite (<= o >=)")
