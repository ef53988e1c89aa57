"""Who may do what in the classroom: every route asked with no token, a token of no one,
another course's teacher, a student of another assignment, and the right one; the
status of each, and no refusal carrying anything of another's data or a solution.

Two courses: A (teacher ``ta``; the AIMA assignment X with students s1, s2 and s3, and
the exercise Z) and B (teacher ``tb``; assignment Y with student s9)."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
import pytest
from starlette.testclient import TestClient
from test_classroom_api import AIMA, EXERCISE, FIRST_STEPS, bearer, fail_hard_answer

from tracer.cli.serve import read_admin_token
from tracer.service import Settings, create_app
from tracer.service.app import app_from_environment, settings_to_environment

SECRET_NAMES = ("Alice", "Bob", "Dora", "Nina")


@dataclass
class World:
    client: TestClient
    course_a: str
    course_b: str
    tokens: dict[str, str]
    x: str
    y: str
    z: str
    submission: str
    trace: str


def make_world(c: TestClient, tag: str) -> World:
    """Two courses, their assignments, three students, a fail-hard submission and a trace
    kept in course A's library (stored under a title made unique by ``tag``)."""
    def made(path: str, body: Any, token: str | None = None) -> Any:
        r = c.post(path, json=body, headers=bearer(token) if token else {})
        assert r.status_code == 201, r.text
        return r.json()

    a, b = made("/v1/courses", {"title": "A"}), made("/v1/courses", {"title": "B"})
    tokens = {"ta": a["teacher_token"], "tb": b["teacher_token"], "wrong": "x" * 43}
    x = made(f"/v1/courses/{a['id']}/assignments", AIMA, tokens["ta"])["id"]
    z = made(f"/v1/courses/{a['id']}/assignments", EXERCISE, tokens["ta"])["id"]
    y = made(f"/v1/courses/{b['id']}/assignments", AIMA, tokens["tb"])["id"]
    for key, ident, student, name in (("s1", x, "s1", "Alice"), ("s2", x, "s2", "Bob"),
                                      ("s3", x, "s3", "Dora"), ("s9", y, "s9", "Nina")):
        tokens[key] = made(f"/v1/assignments/{ident}/join",
                           {"student": student, "name": name})["student_token"]
    sub = made(f"/v1/assignments/{x}/submissions", {"answer": fail_hard_answer()},
               tokens["s1"])["id"]
    trace = c.post("/v1/search", json={"example": "aima", "algorithm": "minimax"}
                   ).json()["trace"]
    trace["header"]["source"]["name"] = f"{tag}-{a['id']}"
    stored = c.post("/v1/traces", json={"trace": trace}, headers=bearer(tokens["ta"]))
    assert stored.status_code == 200, stored.text
    return World(c, a["id"], b["id"], tokens, x, y, z, sub, stored.json()["id"])


@pytest.fixture(scope="module")
def world(app_settings: Settings) -> Any:
    with TestClient(create_app(app_settings)) as c:
        yield make_world(c, "roles")


CALLERS = ("none", "wrong", "other teacher", "other student")
"""Who asks, besides the right one: other teacher = B's teacher, other student = s9 (of
B's assignment Y)."""

TEACHER_ROUTE = (401, 403, 404, 403)
STUDENT_ROUTE = (401, 403, 403, 404)

# (name, method, path, body, expected for CALLERS, the right caller, its status)
ROUTES: list[tuple[str, str, str, Any, tuple[int, ...], str, int]] = [
    ("assignments", "POST", "/v1/courses/{A}/assignments", AIMA, TEACHER_ROUTE, "ta", 201),
    ("gradebook", "GET", "/v1/courses/{A}/gradebook", None, TEACHER_ROUTE, "ta", 200),
    ("gradebook.csv", "GET", "/v1/courses/{A}/gradebook.csv", None, TEACHER_ROUTE, "ta",
     200),
    ("task", "GET", "/v1/assignments/{X}/task", None, STUDENT_ROUTE, "s1", 200),
    ("next step", "GET", "/v1/assignments/{X}/steps", None, STUDENT_ROUTE, "s1", 200),
    ("step", "POST", "/v1/assignments/{X}/steps", {"step": 1, "answer": FIRST_STEPS[0]},
     STUDENT_ROUTE, "s2", 200),
    ("submit", "POST", "/v1/assignments/{X}/submissions",
     {"answer": {"value": 3}}, STUDENT_ROUTE, "s2", 201),
    ("solution (student, policy never)", "GET", "/v1/assignments/{X}/solution", None,
     (401, 403, 404, 404), "s1", 403),
    ("solution (teacher)", "GET", "/v1/assignments/{X}/solution", None,
     (401, 403, 404, 404), "ta", 200),
    ("moodle", "GET", "/v1/assignments/{Z}/export/moodle.xml?seeds=1..2", None,
     TEACHER_ROUTE, "ta", 200),
    ("prairielearn", "GET", "/v1/assignments/{Z}/export/prairielearn.zip?seeds=1..2", None,
     TEACHER_ROUTE, "ta", 200),
    ("course traces", "GET", "/v1/traces?course={A}", None, TEACHER_ROUTE, "ta", 200),
    # what the classroom's pages read (class_pages.py)
    ("course summary", "GET", "/v1/courses/{A}", None, TEACHER_ROUTE, "ta", 200),
    ("preview", "POST", "/v1/courses/{A}/preview", AIMA, TEACHER_ROUTE, "ta", 200),
    ("submissions", "GET", "/v1/assignments/{X}/submissions", None, TEACHER_ROUTE, "ta",
     200),
    ("policies", "GET", "/v1/assignments/{X}/policies", None, STUDENT_ROUTE, "s1", 200),
    # the teacher's view of the students (class_students.py)
    ("students", "GET", "/v1/assignments/{X}/students", None, TEACHER_ROUTE, "ta", 200),
    ("student's work", "GET", "/v1/assignments/{X}/students/s1/work", None,
     TEACHER_ROUTE, "ta", 200),
    ("unknown student's work", "GET", "/v1/assignments/{X}/students/s9/work", None,
     TEACHER_ROUTE, "ta", 404),
    ("reset a student", "POST", "/v1/assignments/{X}/students/s3/token", {},
     TEACHER_ROUTE, "ta", 200),
    ("reset another's student", "POST", "/v1/assignments/{X}/students/s9/token", {},
     TEACHER_ROUTE, "ta", 404),
    ("delete submission", "DELETE", "/v1/submissions/{S}", None, TEACHER_ROUTE, "", 0),
    ("delete assignment", "DELETE", "/v1/assignments/{X}", None, TEACHER_ROUTE, "", 0),
    ("delete trace", "DELETE", "/v1/traces/{T}", None, TEACHER_ROUTE, "", 0),
]


def path_of(w: World, template: str) -> str:
    return (template.replace("{A}", w.course_a).replace("{X}", w.x).replace("{Z}", w.z)
            .replace("{S}", w.submission).replace("{T}", w.trace))


def ask(w: World, method: str, path: str, body: Any, who: str) -> Any:
    headers = {} if who == "none" else bearer(w.tokens[{"other teacher": "tb",
                                                        "other student": "s9"}.get(who, who)])
    return w.client.request(method, path_of(w, path), json=body, headers=headers)


def assert_refusal_leaks_nothing(w: World, r: Any) -> None:
    assert r.headers["content-type"] == "application/problem+json"
    problem = r.json()
    assert problem["status"] == r.status_code and set(problem) <= {
        "type", "title", "status", "detail", "where", "file"}
    for secret in (*SECRET_NAMES, *w.tokens.values(), "pruned", "fail-hard"):
        assert secret not in r.text
    if r.status_code == 401:
        assert r.headers["www-authenticate"].startswith("Bearer")


@pytest.mark.parametrize("route", ROUTES, ids=[r[0] for r in ROUTES])
@pytest.mark.parametrize("who", CALLERS)
def test_every_route_refuses_whoever_may_not(world: World, route: Any, who: str) -> None:
    _, method, path, body, expected, _, _ = route
    r = ask(world, method, path, body, who)
    assert r.status_code == expected[CALLERS.index(who)], r.text
    assert_refusal_leaks_nothing(world, r)


@pytest.mark.parametrize("route", [r for r in ROUTES if r[5]], ids=[r[0] for r in ROUTES
                                                                     if r[5]])
def test_every_route_answers_the_right_caller(world: World, route: Any) -> None:
    _, method, path, body, _, who, status = route
    r = ask(world, method, path, body, who)
    assert r.status_code == status, r.text
    if status >= 400:
        assert_refusal_leaks_nothing(world, r)


def test_the_join_page_s_about_needs_no_token_and_tells_nothing_else(world: World
                                                                    ) -> None:
    w = world
    for who in ("none", "wrong", "other teacher", "other student", "s1"):
        r = ask(w, "GET", f"/v1/assignments/{w.x}/about", None, who)
        assert r.status_code == 200, r.text
        assert set(r.json()) == {"id", "title", "due"}
        for secret in (*SECRET_NAMES, *w.tokens.values(), "pruned", w.course_a):
            assert secret not in r.text
    r = ask(w, "GET", "/v1/assignments/0123456789abcdef01234567/about", None, "ta")
    assert r.status_code == 404
    assert_refusal_leaks_nothing(w, r)


def test_a_reset_student_s_old_token_is_no_one_s(world: World) -> None:
    w = world
    old = w.tokens["s1"]
    r = w.client.post(f"/v1/assignments/{w.x}/students/s1/token", json={},
                      headers=bearer(w.tokens["ta"]))
    assert r.status_code == 200
    w.tokens["s1"] = r.json()["student_token"]
    for path in ("task", "policies", "steps"):
        r = w.client.get(f"/v1/assignments/{w.x}/{path}", headers=bearer(old))
        assert r.status_code == 403
        assert_refusal_leaks_nothing(w, r)
        assert w.client.get(f"/v1/assignments/{w.x}/{path}",
                            headers=bearer(w.tokens["s1"])).status_code == 200


def test_a_student_sees_only_their_own_work(world: World) -> None:
    w = world
    bob = w.client.get(f"/v1/assignments/{w.x}/task", headers=bearer(w.tokens["s2"])).json()
    assert bob["student"] == "s2" and "Alice" not in str(bob) and "s1" not in str(bob)
    assert "value" not in bob["tree"]["tree"]  # leaf values only: nothing of the answer
    # a student's token is worth nothing on another assignment, even of the same course
    r = w.client.get(f"/v1/assignments/{w.z}/task", headers=bearer(w.tokens["s1"]))
    assert r.status_code == 404
    assert_refusal_leaks_nothing(w, r)
    # nor on a teacher's route of their own course
    for path in (f"/v1/courses/{w.course_a}/gradebook", f"/v1/traces?course={w.course_a}"):
        r = w.client.get(path, headers=bearer(w.tokens["s1"]))
        assert r.status_code == 403
        assert_refusal_leaks_nothing(w, r)
    r = w.client.delete(f"/v1/submissions/{w.submission}", headers=bearer(w.tokens["s1"]))
    assert r.status_code == 403


def test_another_teacher_cannot_tell_an_id_exists(world: World) -> None:
    w = world
    tb = bearer(w.tokens["tb"])
    real = w.client.get(f"/v1/courses/{w.course_a}/gradebook", headers=tb)
    made_up = w.client.get("/v1/courses/0123456789abcdef01234567/gradebook", headers=tb)
    assert (real.status_code, real.json()["detail"]) == (made_up.status_code,
                                                         made_up.json()["detail"])
    real = w.client.delete(f"/v1/submissions/{w.submission}", headers=tb)
    made_up = w.client.delete("/v1/submissions/0123456789abcdef01234567", headers=tb)
    assert (real.status_code, real.json()["detail"]) == (made_up.status_code,
                                                         made_up.json()["detail"])


def test_a_token_not_meant_for_bearer_or_too_long_is_401(world: World) -> None:
    w = world
    for header in ("Basic dXNlcjpwYXNz", "Bearer", "Bearer " + "x" * 500):
        r = w.client.get(f"/v1/assignments/{w.x}/task", headers={"Authorization": header})
        assert r.status_code == 401
        assert_refusal_leaks_nothing(w, r)


def test_a_store_with_a_token_of_no_one_stores_nothing(world: World) -> None:
    w = world
    trace = w.client.post("/v1/search", json={"example": "two-mins", "algorithm": "minimax"}
                          ).json()["trace"]
    trace["header"]["source"]["name"] = "never-stored"
    for who in ("wrong", "s1"):
        r = w.client.post("/v1/traces", json={"trace": trace}, headers=bearer(w.tokens[who]))
        assert r.status_code == 403
    listed = w.client.get("/v1/traces?text=never-stored").json()
    assert listed["items"] == []


def test_the_owner_teacher_deletes_last(world: World) -> None:
    w = world
    ta = bearer(w.tokens["ta"])
    assert w.client.delete(f"/v1/submissions/{w.submission}", headers=ta).status_code == 204
    assert w.client.delete(f"/v1/traces/{w.trace}", headers=ta).status_code == 204
    assert w.client.delete(f"/v1/assignments/{w.x}", headers=ta).status_code == 204
    for path in (f"/v1/submissions/{w.submission}", f"/v1/traces/{w.trace}",
                 f"/v1/assignments/{w.x}"):
        assert w.client.delete(path, headers=ta).status_code == 404
    # B's assignment and its student are untouched
    r = w.client.get(f"/v1/assignments/{w.y}/task", headers=bearer(w.tokens["s9"]))
    assert r.status_code == 200 and r.json()["student"] == "s9"


def test_with_no_admin_token_anyone_creates_a_course(world: World) -> None:
    r = world.client.post("/v1/courses", json={"title": "open"})
    assert r.status_code == 201 and len(r.json()["teacher_token"]) == 43


def test_the_admin_token_reaches_every_worker_process(db_url: str,
                                                      monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    settings = Settings(db=db_url, admin_token="admin-token-0123456789")
    monkeypatch.setenv("GAMETRACE_SETTINGS", settings_to_environment(settings))
    with TestClient(app_from_environment()) as c:
        assert c.post("/v1/courses", json={"title": "x"}).status_code == 401
        assert c.post("/v1/courses", json={"title": "x"},
                      headers=bearer("admin-token-0123456789")).status_code == 201


def test_the_admin_token_file(tmp_path: Path) -> None:
    good = tmp_path / "admin"
    good.write_text("admin-token-0123456789\nsecond line\n")
    os.chmod(good, stat.S_IRUSR | stat.S_IWUSR)
    assert read_admin_token(good) == "admin-token-0123456789"
    shared = tmp_path / "shared"
    shared.write_text("admin-token-0123456789\n")
    os.chmod(shared, 0o644)
    empty = tmp_path / "empty"
    empty.write_text("\n")
    os.chmod(empty, 0o600)
    for path, says in ((shared, "anyone may read it"), (empty, "first line is empty"),
                       (tmp_path / "none", "cannot read it")):
        with pytest.raises(click.BadParameter, match=says) as caught:
            read_admin_token(path)
        assert "\n" not in str(caught.value)


def test_the_classroom_s_jobs_count_against_a_client_s_rate() -> None:
    from tracer.service.routes.gate import costs

    for path in ("/v1/assignments/ab/task", "/v1/assignments/ab/solution",
                 "/v1/assignments/ab/export/moodle.xml"):
        assert costs("GET", path) == 1.0
    for path in ("/v1/courses", "/v1/assignments/ab/join", "/v1/assignments/ab/steps"):
        assert costs("POST", path) == 1.0
    for path in ("/v1/courses/ab/gradebook", "/v1/courses/ab/gradebook.csv"):
        assert costs("GET", path) == 1.0  # the items asked of each assignment: a job
    assert costs("GET", "/v1/courses/ab") == 0.0  # no job: the store only
