"""The classroom through the API: a teacher makes a course and an assignment on the AIMA
tree, two students join, answer steps and submit (one right, one with the fail-hard
misconception of ``tracer.student``), and the gradebook (JSON and CSV) shows both; the
exports, deletes, the course's trace library, and the classroom's store on SQLite and
PostgreSQL."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime
from typing import Any

from starlette.testclient import TestClient

from tracer.analysis.check import extract_solution
from tracer.examples import example_tree
from tracer.service import Settings, create_app
from tracer.student import scripted_alpha_beta

AIMA: dict[str, Any] = {
    "title": "Alpha-beta on the AIMA tree", "source": {"example": "aima"},
    "spec": {"algorithm": "alphabeta", "variant": "fail-soft"},
    "items": ["value", "move", {"values": ["B", "C", "D"]}, "pruned"],
    "attempts": 2, "feedback": "first-mistake", "solution": "never"}

EXERCISE: dict[str, Any] = {
    "title": "A random tree", "source": {"exercise": {"branching": 2, "depth": 3,
                                                      "cuts": [1, 3], "seed": 4}},
    "spec": {"algorithm": "alphabeta"}, "items": ["value", "pruned"],
    "solution": "always"}

FIRST_STEPS = [  # the AIMA tree, fail-soft: docs/classroom.md
    {"kind": "evaluate", "node": "E", "value": 3, "alpha": "-inf", "beta": "+inf"},
    {"kind": "evaluate", "node": "F", "value": 12, "alpha": "-inf", "beta": 3},
]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def right_answer() -> dict[str, Any]:
    return extract_solution(scripted_alpha_beta(example_tree("aima"))).to_json()


def fail_hard_answer() -> dict[str, Any]:
    return extract_solution(scripted_alpha_beta(example_tree("aima"),
                                                variant="fail-hard")).to_json()


def course(client: TestClient, title: str = "AI 2026") -> tuple[str, str]:
    r = client.post("/v1/courses", json={"title": title})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["teacher_token"]


def assignment(client: TestClient, course_id: str, teacher: str,
               document: dict[str, Any] = AIMA) -> str:
    r = client.post(f"/v1/courses/{course_id}/assignments", json=document,
                    headers=bearer(teacher))
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def join(client: TestClient, ident: str, student: str, name: str) -> str:
    r = client.post(f"/v1/assignments/{ident}/join", json={"student": student, "name": name})
    assert r.status_code == 201, r.text
    return str(r.json()["student_token"])


def test_the_whole_flow_from_course_to_gradebook(client: TestClient) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher)
    alice = join(client, ident, "s1", "Alice")
    carol = join(client, ident, "s3", "Carol")

    task = client.get(f"/v1/assignments/{ident}/task", headers=bearer(alice)).json()
    assert task["student"] == "s1" and task["conventions"]["variant"] == "fail-soft"
    root = task["tree"]["tree"]
    assert [leaf["value"] for child in root["children"] for leaf in child["children"]] == [
        3, 12, 8, 2, 4, 6, 14, 5, 2]
    assert all("value" not in node for node in [root, *root["children"]])

    prompt = client.get(f"/v1/assignments/{ident}/steps", headers=bearer(alice)).json()
    assert prompt == {"finished": False, "step": 1,
                      "fields": ["kind", "node", "value", "alpha", "beta"],
                      "kinds": ["evaluate", "cut", "return"]}
    r = client.post(f"/v1/assignments/{ident}/steps", headers=bearer(alice),
                    json={"step": 1, "answer": FIRST_STEPS[0]})
    assert r.json() == {"step": 1, "try": 1, "right": True, "finished": False}
    wrong = {**FIRST_STEPS[1], "beta": "+inf"}
    r = client.post(f"/v1/assignments/{ident}/steps", headers=bearer(alice),
                    json={"step": 2, "answer": wrong})
    # first-mistake: which field and the lecture's rule, never the expected value
    shown = r.json()
    assert {k: shown[k] for k in ("step", "try", "right", "wrong", "finished")} == {
        "step": 2, "try": 1, "right": False, "wrong": ["beta"], "finished": False}
    assert "expected" not in shown and "3" not in shown["hint"]
    assert "parent's alpha and beta" in shown["hint"]
    stale = client.post(f"/v1/assignments/{ident}/steps", headers=bearer(alice),
                        json={"step": 1, "answer": FIRST_STEPS[0]})
    assert stale.status_code == 409 and stale.json()["where"] == "$.step"
    r = client.post(f"/v1/assignments/{ident}/steps", headers=bearer(alice),
                    json={"step": 2, "answer": FIRST_STEPS[1]})
    assert r.json()["right"] is True
    # Carol's steps are her own: she starts at step 1
    assert client.get(f"/v1/assignments/{ident}/steps",
                      headers=bearer(carol)).json()["step"] == 1

    r = client.post(f"/v1/assignments/{ident}/submissions", headers=bearer(alice),
                    json={"answer": right_answer()})
    assert r.status_code == 201, r.text
    mine = r.json()
    assert (mine["attempt"], mine["attempts_left"], mine["correct"]) == (1, 1, True)
    assert mine["score"] == mine["max_score"] == 6
    r = client.post(f"/v1/assignments/{ident}/submissions", headers=bearer(carol),
                    json={"answer": fail_hard_answer()})
    hers = r.json()
    assert r.status_code == 201 and hers["correct"] is False
    assert hers["first_mistake"]["item"] in {"values.C", "values.D"}
    assert "expected" not in hers["first_mistake"]
    assert "diagnosis" not in hers  # first-mistake: no diagnosis shown

    book = client.get(f"/v1/courses/{course_id}/gradebook", headers=bearer(teacher)).json()
    rows = {row["student"]: row for row in book["students"]}
    # a total is the mean of the assignments' percentages: 6 of 6, 4 of 6
    assert rows["s1"]["total"] == 100 and rows["s1"]["misconceptions"] == {}
    assert rows["s3"]["total"] == 66.6667
    assert rows["s3"]["assignments"][ident]["score"] == 4
    assert rows["s3"]["misconceptions"] == {ident: "fail-hard"}
    assert rows["s3"]["items"]["values.C"]["given"] == "<=3"
    stats = {s["column"]: s for s in book["items"]}
    assert stats["values.C"]["misconception"] == {"id": "fail-hard", "count": 1}

    r = client.get(f"/v1/courses/{course_id}/gradebook.csv", headers=bearer(teacher))
    assert r.headers["content-type"].startswith("text/csv")
    table = list(csv.DictReader(io.StringIO(r.text)))
    title = AIMA["title"]
    assert [(t["student"], t["name"], t[f"{title}: score of 6"], t["total (%)"],
             t["misconception"]) for t in table] == [
        ("s1", "Alice", "6", "100", ""), ("s3", "Carol", "4", "66.67", "fail-hard")]
    assert (table[1][f"{title}: the value of C"], table[1][f"{title}: the value of B"]) == (
        "0", "1")


def test_attempts_are_counted_and_capped(client: TestClient) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher)
    bob = join(client, ident, "s2", "Bob")
    for attempt in (1, 2):
        r = client.post(f"/v1/assignments/{ident}/submissions", headers=bearer(bob),
                        json={"answer": fail_hard_answer()})
        assert r.status_code == 201 and r.json()["attempt"] == attempt
    r = client.post(f"/v1/assignments/{ident}/submissions", headers=bearer(bob),
                    json={"answer": right_answer()})
    assert r.status_code == 409 and "all 2 attempts are used" in r.json()["detail"]
    book = client.get(f"/v1/courses/{course_id}/gradebook", headers=bearer(teacher)).json()
    assert book["students"][0]["attempts"] == {ident: 2}


def test_joining_twice_with_one_student_id_is_a_conflict(client: TestClient) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher)
    join(client, ident, "s1", "Alice")
    r = client.post(f"/v1/assignments/{ident}/join", json={"student": "s1", "name": "Eve"})
    assert r.status_code == 409
    assert r.headers["content-type"] == "application/problem+json"


def test_a_bad_assignment_is_refused_naming_its_field(client: TestClient) -> None:
    course_id, teacher = course(client)
    r = client.post(f"/v1/courses/{course_id}/assignments", headers=bearer(teacher),
                    json={**AIMA, "attempts": 0})
    assert r.status_code == 422
    assert r.json()["where"] == "$.attempts"


def test_the_solution_by_policy(client: TestClient, monkeypatch: Any) -> None:
    import tracer.service.classroom.courses

    course_id, teacher = course(client)
    never = assignment(client, course_id, teacher)
    always = assignment(client, course_id, teacher, {**AIMA, "solution": "always"})
    with monkeypatch.context() as m:  # made before its due time, read after it
        m.setattr(tracer.service.classroom.courses, "now", lambda: datetime(1999, 1, 1, tzinfo=UTC))
        late = assignment(client, course_id, teacher, {**AIMA, "solution": "after-due",
                                                       "due": "2000-01-01T00:00:00Z"})
    soon = assignment(client, course_id, teacher, {**AIMA, "solution": "after-due",
                                                   "due": "2999-01-01T00:00:00Z"})
    key = {"value": 3, "move": "B"}
    for ident, shown in ((never, False), (always, True), (late, True), (soon, False)):
        token = join(client, ident, "s1", "Alice")
        r = client.get(f"/v1/assignments/{ident}/solution", headers=bearer(token))
        assert (r.status_code == 200) is shown, r.text
        if shown:
            assert {k: r.json()[k] for k in key} == key
        else:
            assert r.status_code == 403 and "value" not in r.text
        t = client.get(f"/v1/assignments/{ident}/solution", headers=bearer(teacher))
        assert t.status_code == 200 and t.json()["pruned"] == ["I", "J"]


def test_deletes_remove_what_they_name_only(client: TestClient) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher)
    other = assignment(client, course_id, teacher)
    alice = join(client, ident, "s1", "Alice")
    bob = join(client, other, "s2", "Bob")
    first = client.post(f"/v1/assignments/{ident}/submissions", headers=bearer(alice),
                        json={"answer": fail_hard_answer()}).json()["id"]
    client.post(f"/v1/assignments/{ident}/submissions", headers=bearer(alice),
                json={"answer": right_answer()})
    client.post(f"/v1/assignments/{other}/submissions", headers=bearer(bob),
                json={"answer": right_answer()})
    assert client.delete(f"/v1/submissions/{first}", headers=bearer(teacher)
                         ).status_code == 204
    assert client.delete(f"/v1/submissions/{first}", headers=bearer(teacher)
                         ).status_code == 404
    book = client.get(f"/v1/courses/{course_id}/gradebook", headers=bearer(teacher)).json()
    assert {r["student"]: r["attempts"] for r in book["students"]} == {
        "s1": {ident: 1}, "s2": {other: 1}}
    assert client.delete(f"/v1/assignments/{ident}", headers=bearer(teacher)
                         ).status_code == 204
    # its students' tokens are gone with it; the other assignment is untouched
    assert client.get(f"/v1/assignments/{ident}/task", headers=bearer(alice)
                      ).status_code == 403
    book = client.get(f"/v1/courses/{course_id}/gradebook", headers=bearer(teacher)).json()
    assert [r["student"] for r in book["students"]] == ["s2"]


def test_a_course_s_trace_library(client: TestClient) -> None:
    course_id, teacher = course(client)
    traces = []
    for example in ("aima", "two-mins"):
        trace = client.post("/v1/search", json={"example": example,
                                                 "algorithm": "minimax"}).json()["trace"]
        trace["header"]["source"]["name"] = f"{example}-{course_id}"  # uploaded: new bytes
        r = client.post("/v1/traces", json={"trace": trace}, headers=bearer(teacher))
        assert r.status_code == 200, r.text
        traces.append(r.json()["id"])
    listed = client.get(f"/v1/traces?course={course_id}", headers=bearer(teacher)).json()
    assert [i["id"] for i in listed["items"]] == traces[::-1]  # newest first
    paged = client.get(f"/v1/traces?course={course_id}&limit=1&offset=1",
                       headers=bearer(teacher)).json()
    assert [i["id"] for i in paged["items"]] == traces[:1]
    found = client.get(f"/v1/traces?course={course_id}&text=TWO-MINS",
                       headers=bearer(teacher)).json()
    assert [i["id"] for i in found["items"]] == traces[1:]
    assert client.delete(f"/v1/traces/{traces[0]}", headers=bearer(teacher)
                         ).status_code == 204
    assert client.get(f"/v1/traces/{traces[0]}").status_code == 404  # uploaded, unheld
    listed = client.get(f"/v1/traces?course={course_id}", headers=bearer(teacher)).json()
    assert [i["id"] for i in listed["items"]] == traces[1:]


def _uploaded(client: TestClient, teacher: str | None, example: str, algorithm: str,
              name: str, tags: list[str]) -> str:
    """A search's trace, renamed (new bytes), stored with ``teacher``'s token: its id."""
    trace = client.post("/v1/search", json={"example": example,
                                             "algorithm": algorithm}).json()["trace"]
    trace["header"]["source"]["name"] = name
    r = client.post("/v1/traces", json={"trace": trace, "tags": tags},
                    headers=bearer(teacher) if teacher else {})
    assert r.status_code == 200, r.text
    return str(r.json()["id"])


def test_a_course_s_library_is_filtered_as_the_shared_one(client: TestClient) -> None:
    course_id, teacher = course(client)
    other_id, other = course(client, "Another course")
    first = _uploaded(client, teacher, "aima", "minimax", f"lib-aima-{course_id}", ["w1"])
    second = _uploaded(client, teacher, "aima", "alphabeta", f"lib-aima-{course_id}",
                       ["w2"])
    third = _uploaded(client, teacher, "two-mins", "minimax", f"lib-mins-{course_id}",
                      ["w2", "hard"])
    _uploaded(client, other, "aima", "minimax", f"lib-aima-{other_id}", ["w2"])
    _uploaded(client, None, "aima", "alphabeta", f"lib-aima-{course_id}-shared", ["w2"])

    def listed(query: str) -> list[str]:
        r = client.get(f"/v1/traces?course={course_id}&{query}", headers=bearer(teacher))
        assert r.status_code == 200, r.text
        return [i["id"] for i in r.json()["items"]]

    assert listed("") == [third, second, first]  # newest first, this course's only
    assert listed("tag=w2") == [third, second]
    assert listed("tag=hard") == [third]
    assert listed("algorithm=alphabeta") == [second]
    assert listed(f"example=lib-aima-{course_id}") == [second, first]
    assert listed("origin=uploaded&tag=w1") == [first]
    assert listed("origin=computed") == []
    assert listed("text=LIB-MINS") == [third]
    assert listed("tag=w2&limit=1") == [third]
    assert listed("tag=w2&limit=1&offset=1") == [second]
    assert listed("offset=3") == []
    r = client.get(f"/v1/traces?course={course_id}&origin=mine", headers=bearer(teacher))
    assert r.status_code == 400 and r.json()["where"] == "origin"
    r = client.get(f"/v1/traces?course={course_id}&tag={'x' * 41}", headers=bearer(teacher))
    assert r.status_code == 400 and r.json()["where"] == "tag"
    # another course's teacher sees nothing of it, and no one without a token
    r = client.get(f"/v1/traces?course={course_id}", headers=bearer(other))
    assert r.status_code == 404
    assert client.get(f"/v1/traces?course={course_id}").status_code == 401


def test_the_admin_token_guards_course_creation(db_url: str) -> None:
    settings = Settings(db=db_url, admin_token="s3cret-admin")
    with TestClient(create_app(settings)) as c:
        r = c.post("/v1/courses", json={"title": "x"})
        assert r.status_code == 401 and r.headers["www-authenticate"].startswith("Bearer")
        assert c.post("/v1/courses", json={"title": "x"},
                      headers=bearer("wrong")).status_code == 403
        r = c.post("/v1/courses", json={"title": "x"}, headers=bearer("s3cret-admin"))
        assert r.status_code == 201 and r.json()["teacher_token"] != "s3cret-admin"


def test_per_student_variants_and_their_keys(client: TestClient) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher, {**AIMA, "per_student": True,
                                                    "solution": "always"})
    tokens = {s: join(client, ident, s, s.upper()) for s in ("s1", "s2", "s3")}
    trees = {s: client.get(f"/v1/assignments/{ident}/task", headers=bearer(t)).json()["tree"]
             for s, t in tokens.items()}
    assert len({json.dumps(t, sort_keys=True) for t in trees.values()}) > 1
    # each student's key is the teacher's key for that student, and only theirs
    for s, t in tokens.items():
        mine = client.get(f"/v1/assignments/{ident}/solution", headers=bearer(t)).json()
        theirs = client.get(f"/v1/assignments/{ident}/solution?student={s}",
                            headers=bearer(teacher)).json()
        assert mine == theirs
    r = client.get(f"/v1/assignments/{ident}/solution", headers=bearer(teacher))
    assert r.status_code == 400 and r.json()["where"] == "student"
    r = client.get(f"/v1/assignments/{ident}/solution?student=s9", headers=bearer(teacher))
    assert r.status_code == 404


def test_a_malformed_step_answer_names_its_field_and_counts_nothing(
        client: TestClient) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher)
    token = join(client, ident, "s1", "Alice")
    r = client.post(f"/v1/assignments/{ident}/steps", headers=bearer(token),
                    json={"step": 1, "answer": {**FIRST_STEPS[0], "value": "three"}})
    assert r.status_code == 422 and r.json()["where"] == "$.answer.value"
    prompt = client.get(f"/v1/assignments/{ident}/steps", headers=bearer(token)).json()
    assert prompt["step"] == 1
    r = client.post(f"/v1/assignments/{ident}/submissions", headers=bearer(token),
                    json={"answer": {"value": "x"}})
    assert r.status_code == 422
    r = client.post(f"/v1/assignments/{ident}/submissions", headers=bearer(token),
                    json={"answer": right_answer()})
    assert r.json()["attempt"] == 1  # a refused answer used no attempt


def test_no_classroom_get_changes_the_store(tmp_path: Any) -> None:
    db = tmp_path / "t.db"
    with TestClient(create_app(Settings(db=str(db), seed_dir=tmp_path))) as c:
        course_id, teacher = course(c)
        ident = assignment(c, course_id, teacher, {**EXERCISE, "attempts": 2})
        token = join(c, ident, "s1", "Alice")
        c.post(f"/v1/assignments/{ident}/submissions", headers=bearer(token),
               json={"answer": {"value": 1}})
        before = db.read_bytes()
        gets = [(f"/v1/assignments/{ident}/{p}", token) for p in ("task", "steps",
                                                                  "solution")]
        gets += [(f"/v1/assignments/{ident}/policies", token),
                 (f"/v1/assignments/{ident}/about", "")]
        gets += [(p, teacher) for p in (
            f"/v1/assignments/{ident}/students", f"/v1/assignments/{ident}/students/s1/work",
            f"/v1/courses/{course_id}/gradebook", f"/v1/courses/{course_id}/gradebook.csv",
            f"/v1/courses/{course_id}/gradebook.csv?dialect=excel-it",
            f"/v1/assignments/{ident}/solution", f"/v1/traces?course={course_id}",
            f"/v1/assignments/{ident}/export/moodle.xml?seeds=1..2",
            f"/v1/assignments/{ident}/export/prairielearn.zip?seeds=1..2")]
        for path, who in gets:
            assert c.get(path, headers=bearer(who)).status_code == 200, path
    assert db.read_bytes() == before
