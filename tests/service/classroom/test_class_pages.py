"""The routes the classroom's pages read besides the classroom's API (tracer/service/
class_pages.py): a course's summary, the live preview of an assignment, an assignment's
submissions with their ids, and a student's policies; and the link a teacher hands out,
which opens the student's page."""

from __future__ import annotations

import json
from typing import Any

from starlette.testclient import TestClient
from test_classroom_api import AIMA, assignment, bearer, course, fail_hard_answer, join


def test_the_student_link_opens_the_assignment_page(client: TestClient) -> None:
    course_id, teacher = course(client)
    r = client.post(f"/v1/courses/{course_id}/assignments", json=AIMA,
                    headers=bearer(teacher))
    made = r.json()
    assert made["student_url"] == f"/#/assignment?id={made['id']}"


def test_a_course_s_summary_counts_students_and_submissions(client: TestClient) -> None:
    course_id, teacher = course(client, "Summary")
    first = assignment(client, course_id, teacher)
    second = assignment(client, course_id, teacher, {**AIMA, "title": "Second"})
    for student in ("s1", "s2"):
        token = join(client, first, student, student.upper())
    client.post(f"/v1/assignments/{first}/submissions", headers=bearer(token),
                json={"answer": fail_hard_answer()})
    summary = client.get(f"/v1/courses/{course_id}", headers=bearer(teacher)).json()
    assert summary["title"] == "Summary"
    listed = {a["id"]: a for a in summary["assignments"]}
    assert [a["id"] for a in summary["assignments"]] == [second, first]  # newest first
    assert (listed[first]["students"], listed[first]["submissions"]) == (2, 1)
    assert (listed[second]["students"], listed[second]["submissions"]) == (0, 0)
    assert listed[second]["title"] == "Second"
    assert listed[first]["student_url"] == f"/#/assignment?id={first}"
    assert listed[first]["solution"] == "never" and listed[first]["attempts"] == 2


def test_the_preview_is_the_task_a_student_gets_and_stores_nothing(client: TestClient) -> None:
    course_id, teacher = course(client)
    r = client.post(f"/v1/courses/{course_id}/preview", json=AIMA, headers=bearer(teacher))
    assert r.status_code == 200, r.text
    task = r.json()
    assert task["title"] == AIMA["title"] and task["items"] == AIMA["items"]
    root = task["tree"]["tree"]
    assert [leaf["value"] for child in root["children"] for leaf in child["children"]] == [
        3, 12, 8, 2, 4, 6, 14, 5, 2]
    assert all("value" not in node for node in [root, *root["children"]])
    assert "pruned" not in json.dumps(task["tree"])
    assert client.get(f"/v1/courses/{course_id}", headers=bearer(teacher)
                      ).json()["assignments"] == []
    bad = client.post(f"/v1/courses/{course_id}/preview", json={**AIMA, "attempts": 0},
                      headers=bearer(teacher))
    assert bad.status_code == 422 and bad.json()["where"] == "$.attempts"


def test_an_assignment_s_submissions_carry_the_ids_a_delete_takes(client: TestClient) -> None:
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher)
    token = join(client, ident, "s7", "Grace")
    made = client.post(f"/v1/assignments/{ident}/submissions", headers=bearer(token),
                       json={"answer": fail_hard_answer()}).json()
    listed = client.get(f"/v1/assignments/{ident}/submissions", headers=bearer(teacher)).json()
    assert [(s["id"], s["student"], s["name"], s["attempt"], s["score"])
            for s in listed["submissions"]] == [(made["id"], "s7", "Grace", 1, made["score"])]
    assert client.delete(f"/v1/submissions/{made['id']}", headers=bearer(teacher)
                         ).status_code == 204
    assert client.get(f"/v1/assignments/{ident}/submissions", headers=bearer(teacher)
                      ).json()["submissions"] == []


def test_a_student_s_policies_say_when_the_solution_shows(client: TestClient) -> None:
    course_id, teacher = course(client)
    cases: list[tuple[dict[str, Any], bool]] = [
        ({"solution": "never"}, False), ({"solution": "always"}, True),
        # past due, late work accepted: a submission can still count, so no key yet
        ({"solution": "after-due", "due": "2000-01-01T00:00:00Z", "late": "accept"}, False),
        ({"solution": "after-due", "due": "2999-01-01T00:00:00Z"}, False)]
    for change, shown in cases:
        ident = assignment(client, course_id, teacher, {**AIMA, **change})
        token = join(client, ident, "s1", "Alice")
        said = client.get(f"/v1/assignments/{ident}/policies", headers=bearer(token)).json()
        assert said["solution_shown"] is shown, change
        assert (said["solution"], said["attempts"], said["attempts_used"]) == (
            change["solution"], 2, 0)
        key = client.get(f"/v1/assignments/{ident}/solution", headers=bearer(token))
        assert (key.status_code == 200) is shown  # the page and the key agree


def test_each_route_refuses_the_wrong_token(client: TestClient) -> None:
    course_id, teacher = course(client)
    other_course, other_teacher = course(client, "Another")
    ident = assignment(client, course_id, teacher)
    student = join(client, ident, "s1", "Alice")
    teacher_only = [("GET", f"/v1/courses/{course_id}", None),
                    ("POST", f"/v1/courses/{course_id}/preview", AIMA),
                    ("GET", f"/v1/assignments/{ident}/submissions", None)]
    for method, path, body in teacher_only:
        assert client.request(method, path, json=body).status_code == 401
        assert client.request(method, path, json=body, headers=bearer(student)
                              ).status_code == 403
        assert client.request(method, path, json=body, headers=bearer(other_teacher)
                              ).status_code == 404
    policies = f"/v1/assignments/{ident}/policies"
    assert client.get(policies).status_code == 401
    assert client.get(policies, headers=bearer(teacher)).status_code == 403
    elsewhere = assignment(client, other_course, other_teacher)
    assert client.get(f"/v1/assignments/{elsewhere}/policies", headers=bearer(student)
                      ).status_code == 404
