"""The store's text rules (tracer/service/storage/store_text.py) on both databases: every text
field the store writes, given NUL, a lone surrogate or a megabyte, has the same answer
on SQLite and on PostgreSQL: the user's own words refused in one 422 naming the field,
what the store derives from a trace kept with U+FFFD and cut, alike."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from tracer.errors import InputError
from tracer.service.storage.class_store import ClassStore
from tracer.service.storage.store import SqlStore
from tracer.service.storage.store_text import MAX_FIELD, stored_document, stored_text

BAD = {"nul": "a\x00b", "surrogate": "a\ud800b", "reversed-pair": "\udc00\ud800",
       "megabyte": "x" * 1_000_000}


def _post(client: TestClient, url: str, body: object,
          headers: dict[str, str] | None = None) -> tuple[int, dict[str, object]]:
    r = client.post(url, content=json.dumps(body).encode(),
                    headers={"Content-Type": "application/json", **(headers or {})})
    return r.status_code, r.json()


def test_a_course_title_with_nul_is_one_422_on_every_database(client: TestClient) -> None:
    # SQLite stored it (201), PostgreSQL's driver refused the row (500)
    status, body = _post(client, "/v1/courses", {"title": "AI\x00 2026"})
    assert (status, body["where"]) == (422, "$.title"), body
    assert "NUL" in str(body["detail"])


@pytest.mark.parametrize("kind", list(BAD))
def test_every_classroom_text_is_refused_the_same_way(client: TestClient, kind: str) -> None:
    value = BAD[kind]
    status, _ = _post(client, "/v1/courses", {"title": value})
    assert status in (400, 422)  # 400: a lone surrogate escape is not JSON text
    _, course = _post(client, "/v1/courses", {"title": "fine"})
    teacher = {"Authorization": f"Bearer {course['teacher_token']}"}
    document = {"title": value, "source": {"example": "aima"},
                "spec": {"algorithm": "alphabeta"}, "items": ["value"], "solution": "never"}
    status, refused = _post(client, f"/v1/courses/{course['id']}/assignments", document,
                            teacher)
    # an assignment's title is refused as a course's is (it had been kept inside its JSON
    # document as the escape \u0000); a lone surrogate's escape is no JSON text (400)
    assert status == {"nul": 422, "megabyte": 422}.get(kind, 400)
    if kind == "nul":
        assert refused["where"] == "$.title" and "NUL" in str(refused["detail"]), refused
    status, made = _post(client, f"/v1/courses/{course['id']}/assignments",
                         {**document, "title": "fine"}, teacher)
    assert status == 201, made
    for field in ("student", "name"):
        who = {"student": f"s-{kind}", "name": "Ann", field: value}
        status, _ = _post(client, f"/v1/assignments/{made['id']}/join", who)
        assert status in (400, 422), field
    # what a student hands in is a JSON document: each text in it by the same rule, or
    # refused by the checker before the store, the same on both databases
    _, joined = _post(client, f"/v1/assignments/{made['id']}/join",
                      {"student": f"k-{len(kind)}{kind[:3]}", "name": "Ann"})
    student = {"Authorization": f"Bearer {joined['student_token']}"}
    status, answered = _post(client, f"/v1/assignments/{made['id']}/submissions",
                             {"answer": {"value": 3, "move": value}}, student)
    assert status == {"nul": 422, "megabyte": 201}.get(kind, 400), answered
    if kind == "nul":
        assert answered["where"] == "$.answer.move", answered
    status, answered = _post(client, f"/v1/assignments/{made['id']}/steps",
                             {"step": 1, "answer": {"kind": "evaluate", "node": value,
                                                    "value": 3}}, student)
    assert status == (400 if "surrogate" in kind or "pair" in kind else 422), answered


def _class_writes(classes: ClassStore) -> dict[str, Callable[[str], object]]:
    """Each text field of the classroom's store, written with a value."""
    course = classes.add_course("c", "teacher-token-" + "t" * 30, "2026-01-01T00:00:00")
    classes.add_assignment("a1", course, {"title": "t"}, "2026-01-01T00:00:00")
    return {
        "title": lambda v: classes.add_course(v, "other-" + "t" * 40, "2026-01-01"),
        "student": lambda v: classes.join("a1", v, "Ann", "tok-s-" + "x" * 40, "2026",
                                          most=10),
        "name": lambda v: classes.join("a1", "s2", v, "tok-n-" + "x" * 40, "2026", most=10),
    }


@pytest.mark.parametrize("kind", list(BAD))
@pytest.mark.parametrize("field", ["title", "student", "name"])
def test_the_classroom_store_refuses_each_bad_text_alike(store: SqlStore, field: str,
                                                         kind: str) -> None:
    writes = _class_writes(ClassStore(store))
    with pytest.raises(InputError) as caught:
        writes[field](BAD[kind])
    assert caught.value.where == f"$.{field}"


DOCUMENTS = {
    "title": lambda v: {"title": v},
    "items[1].values[0]": lambda v: {"title": "t", "items": ["value", {"values": [v]}]},
    "source.tree": lambda v: {"title": "t", "source": {"tree": f"A({v})"}},
    "spec": lambda v: {"title": "t", "spec": {v: 1}},  # a bad key: named by its object
}
"""Where a text stands in an assignment's document, and the document with it there."""


@pytest.mark.parametrize("kind", list(BAD))
@pytest.mark.parametrize("where", list(DOCUMENTS))
def test_every_text_of_a_document_follows_the_rule(store: SqlStore, kind: str,
                                                    where: str) -> None:
    """Each string and key of a JSON document (an assignment, a submission, a step's
    state) passes the store's one text rule, on every database alike: NUL and lone
    surrogates are refused naming their path; a document has no bound but the
    request's size, so a megabyte is kept."""
    classes = ClassStore(store)
    course = classes.add_course("c", "teacher-token-" + "d" * 30, "2026")
    document = DOCUMENTS[where](BAD[kind])
    if kind == "megabyte":
        classes.add_assignment("a9", course, document, "2026")
        found = classes.assignment("a9")
        assert found is not None and found.document == document
        return
    with pytest.raises(InputError) as caught:
        classes.add_assignment("a9", course, document, "2026")
    assert caught.value.where == f"$.{where}"
    assert classes.assignment("a9") is None


def test_a_document_keeps_every_good_text_as_it_was() -> None:
    """Astral characters (escaped as a pair), a backslash spelling an escape, and 1 MB."""
    document = {"t": "\U0001f600 x", "u": "\\u0000 and \\ud800", "m": "x" * 1_000_000,
                "k\u00e8y": ["\u00e8"]}
    assert json.loads(stored_document(document)) == document


@pytest.mark.parametrize("kind", list(BAD))
def test_a_trace_s_derived_texts_are_kept_alike_and_found(store: SqlStore, kind: str) -> None:
    value = BAD[kind]
    ident, _ = store.put(f"body-{kind}".encode(), algorithm="minimax", variant="v",
                         source=value, title=value, tags=[value[:40]])
    kept = stored_text(value, field="source", repair=True)
    assert "\x00" not in kept and len(kept) <= MAX_FIELD
    kept.encode("utf-8")
    [record] = store.list(source=value, tag=value[:40], text=value[:20])
    assert (record.id, record.source, record.title) == (ident, kept, kept)
    assert record.tags == (stored_text(value[:40], field="tag", repair=True),)


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet=st.characters(codec=None, min_codepoint=0, max_codepoint=0xDFFF),
               max_size=30))
def test_any_text_is_kept_alike_or_refused_alike(store: SqlStore, text: str) -> None:
    """The property on each database: a text the store keeps comes back as it went in,
    repaired text is always storable, and what is refused is refused by the rule, never
    by a driver."""
    repaired = stored_text(text, field="source", repair=True)
    assert "\x00" not in repaired
    repaired.encode("utf-8")
    try:
        kept = stored_text(text, field="title")
    except InputError:
        assert repaired != text
    else:
        assert kept == text == repaired
    ident, _ = store.put(("p" + repr(text)).encode("utf-8", "backslashreplace"),
                         algorithm="minimax", variant="v", source=text, title="t")
    assert any(r.id == ident and r.source == repaired for r in store.list(source=text))


def test_an_id_with_nul_in_a_path_is_looked_up_alike(client: TestClient) -> None:
    # PostgreSQL's driver refused the query (500); SQLite found no such row (404)
    _, course = _post(client, "/v1/courses", {"title": "fine"})
    teacher = {"Authorization": f"Bearer {course['teacher_token']}"}
    document = {"title": "t", "source": {"example": "aima"},
                "spec": {"algorithm": "alphabeta"}, "items": ["value"], "solution": "never"}
    _, made = _post(client, f"/v1/courses/{course['id']}/assignments", document, teacher)
    for url in ("/v1/assignments/a%00b/about",
                f"/v1/assignments/{made['id']}/students/a%00b/work"):
        assert client.get(url, headers=teacher).status_code == 404, url
