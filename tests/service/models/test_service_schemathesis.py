"""Property-based fuzzing of the API against its own OpenAPI document (schemathesis).

Bounded: a fixed number of examples per operation, derandomized (the same cases on every
run).  Checks: no server error, every response (status, content type, body) as the
document says.  The stateful run stores traces and fetches them back by the id the
document's links name.  The negative run sends what the document forbids (a missing
required field, a wrong type, a value out of range, a bad query or path parameter):
no server error, and every refusal a 4xx problem+json whose ``status`` is the answer's.

The classroom's operations need a token: without one they only refuse.  The token runs
carry a teacher's token (every classroom operation) and a student's (the student's
operations), and put the ids of a real course, assignment and submission in the path,
so that the fuzzed bodies and queries reach the routes' work: grading, the answer key,
the gradebook, the exports.  Those runs take the shared app (``app_settings``): they
run on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from schemathesis import DataGenerationMethod
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from starlette.testclient import TestClient

from tracer.service import Settings, create_app
from tracer.service.models.openapi import openapi

schemathesis.experimental.OPEN_API_3_1.enable()

CHECKS = (not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance)
BOUNDED = settings(deadline=None, derandomize=True, database=None,
                   phases=[Phase.explicit, Phase.generate],  # nothing to shrink when all pass
                   suppress_health_check=list(HealthCheck))


def bounded(doc: dict[str, Any], depth: int = 2) -> dict[str, Any]:
    """The document with every reference inlined and recursion (a tree's node holds nodes)
    cut after ``depth`` levels into ``{}`` (any JSON): schemathesis skips operations with
    recursive references, and fuzzing needs no deeper trees than that."""
    components = doc["components"]["schemas"]

    def inline(node: Any, seen: tuple[str, ...]) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
                name = ref.rsplit("/", 1)[1]
                if seen.count(name) >= depth:
                    return {}
                return inline(components[name], (*seen, name))
            return {k: inline(v, seen) for k, v in node.items()}
        if isinstance(node, list):
            return [inline(x, seen) for x in node]
        return node

    return {**doc, "paths": inline(doc["paths"], ()), "components": {}}


@pytest.fixture(scope="module")
def api_schema(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The document over an app with small budgets (fuzzed searches stay short)."""
    folder = tmp_path_factory.mktemp("fuzz")
    app = create_app(Settings(db=str(folder / "traces.db"), max_nodes=2_000, time_limit=1.0,
                              max_frames=60, seed_dir=folder,
                              rate_limit=0))  # fuzzing is one client sending many requests
    return schemathesis.from_dict(bounded(openapi()), app=app, base_url="")


schema = schemathesis.from_pytest_fixture("api_schema")
negative = schemathesis.from_pytest_fixture(
    "api_schema", data_generation_methods=[DataGenerationMethod.negative],
    # operations that take nothing have nothing to get wrong
    endpoint="^/v1/(?!examples$|games$|algorithms$|indexes$)")


def problem_conformance(response: Any, case: schemathesis.Case) -> None:
    """Every refusal is a 4xx ``application/problem+json`` that says its own status."""
    assert response.status_code < 500, f"{response.status_code} on {case.method} {case.path}"
    if response.status_code >= 400:
        assert response.headers["content-type"] == "application/problem+json"
        body = response.json()
        assert body["status"] == response.status_code
        assert {"type", "title", "detail"} <= set(body)
        assert all(isinstance(body[k], str) and body[k] for k in ("type", "title", "detail"))


@schema.parametrize()
@settings(BOUNDED, max_examples=12)
def test_every_operation_answers_as_documented(case: schemathesis.Case) -> None:
    response = case.call()
    case.validate_response(response, checks=CHECKS)


@negative.parametrize()
@settings(BOUNDED, max_examples=6)
def test_invalid_requests_are_refused_as_problems(case: schemathesis.Case) -> None:
    response = case.call()
    case.validate_response(response, checks=(not_a_server_error, problem_conformance))


def test_stored_traces_fetch_back_by_id(api_schema: Any) -> None:
    fetched: list[str] = []

    class Machine(api_schema.as_state_machine()):  # schemathesis builds the base at run time
        def validate_response(self, response: Any, case: Any,
                              additional_checks: Any = ()) -> None:
            case.validate_response(response, checks=CHECKS)
            if case.path == "/v1/traces/{id}" and response.status_code == 200:
                ident = case.path_parameters["id"]
                assert hashlib.sha256(response.content).hexdigest() == ident
                fetched.append(ident)

        def _add_results_to_targets(self, targets: Any, results: Any) -> None:
            # Hypothesis renamed _add_result_to_targets, through which schemathesis 3
            # files each response under the link it feeds: do that filing here.
            for result in results:
                target = None if result is None else self._get_target_for_result(result)
                if target is not None:
                    super()._add_results_to_targets((target,), [result])

    Machine.TestCase.settings = settings(BOUNDED, max_examples=3, stateful_step_count=4)
    Machine.TestCase().runTest()
    assert fetched, "no stored trace was fetched back by its id"


# --- the classroom, with tokens ---------------------------------------------------------

EXERCISE = {"title": "A random tree", "spec": {"algorithm": "alphabeta"},
            "source": {"exercise": {"branching": 2, "depth": 3, "cuts": [1, 3], "seed": 4}},
            "items": ["value", "move", "pruned"], "attempts": 100, "feedback": "full",
            "solution": "always"}
"""An assignment that every classroom operation does real work on (the exports take
only an exercise); attempts enough for every fuzzed submission."""


@dataclass(frozen=True)
class Classroom:
    """A course with one assignment, a student who joined it and a first submission."""

    client: TestClient
    course: str
    teacher: str
    assignment: str
    student: str
    submission: str

    def bearer(self, token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    def throwaway(self) -> str:
        """A new assignment of the course, for a fuzzed delete to take."""
        r = self.client.post(f"/v1/courses/{self.course}/assignments", json=EXERCISE,
                             headers=self.bearer(self.teacher))
        assert r.status_code == 201, r.text
        return str(r.json()["id"])


@pytest.fixture(scope="module")
def classroom(app_settings: Settings, tmp_path_factory: pytest.TempPathFactory
              ) -> Iterator[Classroom]:
    """The shared app (on each database) with small budgets, and a classroom in it."""
    settings = replace(app_settings, max_nodes=2_000, time_limit=1.0, max_frames=60,
                       seed_dir=tmp_path_factory.mktemp("no-seeds"), rate_limit=0)
    with TestClient(create_app(settings)) as client:
        made = client.post("/v1/courses", json={"title": "Fuzzed"}).json()
        course, teacher = made["id"], made["teacher_token"]
        r = client.post(f"/v1/courses/{course}/assignments", json=EXERCISE,
                        headers={"Authorization": f"Bearer {teacher}"})
        assert r.status_code == 201, r.text
        assignment = r.json()["id"]
        student = client.post(f"/v1/assignments/{assignment}/join",
                              json={"student": "s1", "name": "Alice"}).json()["student_token"]
        r = client.post(f"/v1/assignments/{assignment}/submissions",
                        json={"answer": {"value": 0}},
                        headers={"Authorization": f"Bearer {student}"})
        assert r.status_code == 201, r.text
        yield Classroom(client, course, teacher, assignment, student, r.json()["id"])


CLASSROOM = "^/v1/(courses|assignments|submissions|traces$)"
"""The classroom's operations, and the course's trace library (``GET /v1/traces`` with
the course's id) and storing into it (``POST /v1/traces`` with a teacher's token)."""
STUDENTS = "^/v1/assignments/\\{id\\}/(task|steps|submissions|solution|join)$"
"""The operations a student's token is for."""


def _aimed(case: schemathesis.Case, room: Classroom, token: str) -> None:
    """``case`` with ``token`` and the classroom's real ids in its path."""
    case.headers = {**(case.headers or {}), **room.bearer(token)}
    params = case.path_parameters if case.path_parameters is not None else {}
    if "course" in params:
        params["course"] = room.course
    if case.path == "/v1/traces" and case.method.upper() == "GET":
        case.query = {**(case.query or {}), "course": room.course}
    if "id" in params:
        if case.path.startswith("/v1/submissions/"):
            params["id"] = room.submission
        elif case.method.upper() == "DELETE":
            params["id"] = room.throwaway()
        else:
            params["id"] = room.assignment


def fuzzed(room: Classroom, token: str, paths: str, examples: int) -> dict[str, set[int]]:
    """Every operation whose path matches ``paths``, ``examples`` cases each, with
    ``token`` and the classroom's ids; each answer checked against the document.  The
    statuses each operation answered, by ``METHOD path``."""
    from hypothesis import given

    api = schemathesis.from_dict(bounded(openapi()), app=room.client.app, base_url="")
    reached: dict[str, set[int]] = {}
    for result in api.include(path_regex=paths).get_all_operations():
        operation = result.ok()

        @given(case=operation.as_strategy())
        @settings(BOUNDED, max_examples=examples)
        def one(case: schemathesis.Case) -> None:
            _aimed(case, room, token)
            response = case.call()
            case.validate_response(response, checks=CHECKS)
            reached.setdefault(f"{case.method.upper()} {case.path}", set()).add(
                response.status_code)

        one()
    return reached


def _succeeded(reached: dict[str, set[int]]) -> set[str]:
    return {key for key, codes in reached.items() if any(c < 300 for c in codes)}


def test_a_teacher_s_token_reaches_the_work_as_documented(classroom: Classroom) -> None:
    reached = fuzzed(classroom, classroom.teacher, CLASSROOM, 8)
    # past the refusals: the routes' work answered, as documented, at least once each
    assert {"GET /v1/courses/{course}/gradebook", "GET /v1/courses/{course}/gradebook.csv",
            "GET /v1/assignments/{id}/solution", "DELETE /v1/assignments/{id}",
            "DELETE /v1/submissions/{id}", "POST /v1/courses",
            "POST /v1/assignments/{id}/join", "GET /v1/traces"} <= _succeeded(reached), \
        reached


def test_a_student_s_token_reaches_the_work_as_documented(classroom: Classroom) -> None:
    reached = fuzzed(classroom, classroom.student, STUDENTS, 8)
    # (joining is public: the teacher's run may have joined the same fuzzed students)
    assert {"GET /v1/assignments/{id}/task", "GET /v1/assignments/{id}/steps",
            "POST /v1/assignments/{id}/submissions",
            "GET /v1/assignments/{id}/solution"} <= _succeeded(reached), reached
