"""What the classroom's pages read besides the classroom's API: a course's summary
(``GET /v1/courses/{course}``: its assignments, with their students and submissions
counted), the live preview of an assignment being written (``POST
/v1/courses/{course}/preview``: the task a student would get, as ``GET .../task`` gives
it) and an assignment's submissions with their ids (``GET
/v1/assignments/{id}/submissions``), which the teacher's page deletes; and, for a
student, the assignment's policies and how many attempts are used (``GET
/v1/assignments/{id}/policies``), so that the page says when the solution will be shown
instead of showing a refusal.

Who may call each is in :mod:`.roles`; the preview reads the assignment as ``POST
/v1/courses/{course}/assignments`` does, in a job, and stores nothing.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..jsonio import dumps_json
from . import store_schema as schema
from .class_store import ClassStore
from .core import service_of
from .courses import now
from .json_values import JsonObject, JsonValue
from .problem_details import Problem
from .roles import authed, classes, own_assignment, own_course, student, teacher

__all__ = ["PREVIEW_STUDENT", "ROUTES", "student_url"]

PREVIEW_STUDENT = "preview"
"""The student id the preview draws a per-student variant for."""


def student_url(request: Request, ident: str) -> str:
    """The student's page of assignment ``ident``: the link a teacher hands out."""
    return f"{request.scope.get('root_path', '')}/#/assignment?id={ident}"


def _json(data: JsonValue) -> Response:
    return Response(dumps_json(data), media_type="application/json")


def _counts(store: ClassStore, ident: list[str]) -> tuple[dict[str, int], dict[str, int]]:
    """Students joined and submissions made, per assignment of ``ident``."""
    from sqlalchemy import func, select

    if not ident:
        return {}, {}
    s, t = schema.students.c, schema.submissions.c
    with store.engine.connect() as c:
        joined = c.execute(select(s.assignment, func.count()).where(s.assignment.in_(ident))
                           .group_by(s.assignment)).all()
        made = c.execute(select(t.assignment, func.count()).where(t.assignment.in_(ident))
                         .group_by(t.assignment)).all()
    return ({str(a): int(n) for a, n in joined}, {str(a): int(n) for a, n in made})


async def course_summary(request: Request) -> Response:
    course = own_course(request)
    store = classes(request)
    found = await run_in_threadpool(store.assignments_of, course.id)
    students, submissions = await run_in_threadpool(_counts, store, [a.id for a in found])
    listed: list[JsonValue] = []
    for a in reversed(found):  # newest first
        d = a.document
        listed.append({"id": a.id, "title": d.get("title"), "created": a.created,
                       "source": d.get("source"), "spec": d.get("spec"),
                       "items": d.get("items"), "per_student": d.get("per_student", False),
                       "due": d.get("due"), "attempts": d.get("attempts", 1),
                       "feedback": d.get("feedback", "first-mistake"),
                       "solution": d.get("solution", "after-due"),
                       "students": students.get(a.id, 0),
                       "submissions": submissions.get(a.id, 0),
                       "student_url": student_url(request, a.id)})
    return _json({"id": course.id, "title": course.title, "created": course.created,
                  "assignments": listed})


async def preview(request: Request) -> Response:
    own_course(request)
    service = service_of(request)
    document: JsonObject = {**await service.body(request, "AssignmentRequest"),
                            "id": PREVIEW_STUDENT}

    def work() -> JsonValue:
        from ..classroom.reading import parse_assignment
        from ..classroom.tasks import task_for

        return task_for(parse_assignment(document), PREVIEW_STUDENT).to_json()

    return _json(await service.job(work))


def _submissions(store: ClassStore, assignment: str) -> list[JsonValue]:
    from sqlalchemy import and_, select

    t, s = schema.submissions.c, schema.students.c
    joined = schema.submissions.outerjoin(schema.students, and_(
        s.assignment == t.assignment, s.student == t.student))
    with store.engine.connect() as c:
        rows = c.execute(select(t.id, t.student, s.name, t.attempt, t.score, t.at)
                         .select_from(joined).where(t.assignment == assignment)
                         .order_by(t.seq)).all()
    return [{"id": str(r[0]), "student": str(r[1]), "name": str(r[2] or ""),
             "attempt": int(r[3]), "score": float(r[4]), "at": str(r[5])} for r in rows]


async def submissions(request: Request) -> Response:
    found = own_assignment(request, teacher(request))
    listed = await run_in_threadpool(_submissions, classes(request), found.id)
    return _json({"assignment": found.id, "submissions": listed})


async def policies(request: Request) -> Response:
    who = student(request)
    store = classes(request)
    found = store.assignment(request.path_params["id"])
    if found is None or who.assignment != found.id:
        raise Problem(404, "Not found", "no such assignment among yours")
    used = await run_in_threadpool(store.attempts, found.id, who.student)
    d, at = found.document, now()
    due, solution = d.get("due"), d.get("solution", "after-due")

    def shown() -> bool:  # as tracer.classroom.tasks.may_see_solution, without a search
        from datetime import datetime

        if solution == "always":
            return True
        if solution == "never" or not isinstance(due, str):
            return False
        return at >= datetime.fromisoformat(due.replace("Z", "+00:00"))

    return _json({"student": who.student, "name": who.name, "title": d.get("title"),
                  "feedback": d.get("feedback", "first-mistake"), "solution": solution,
                  "due": due, "attempts": d.get("attempts", 1), "attempts_used": used,
                  "solution_shown": shown()})


ROUTES = [
    Route("/v1/assignments/{id}/policies", authed(policies), methods=["GET"]),
    Route("/v1/courses/{course}", authed(course_summary), methods=["GET"]),
    Route("/v1/courses/{course}/preview", authed(preview), methods=["POST"]),
    Route("/v1/assignments/{id}/submissions", authed(submissions), methods=["GET"]),
]
