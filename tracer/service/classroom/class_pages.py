"""What the classroom's pages read besides the classroom's API: a course's summary
(``GET /v1/courses/{course}``: its assignments, with their students and submissions
counted), the live preview of an assignment being written (``POST
/v1/courses/{course}/preview``: the task a student would get, as ``GET .../task`` gives
it) and an assignment's submissions with their ids (``GET
/v1/assignments/{id}/submissions``), which the teacher's page deletes; and, for a
student, the assignment's policies and how many attempts are used and left (``GET
/v1/assignments/{id}/policies``), so that the page says when the solution will be shown
instead of showing a refusal; and, for anyone with the link, the assignment's title and
due time (``GET /v1/assignments/{id}/about``), which the join page shows.

Who may call each is in :mod:`..roles`; the preview reads the assignment as ``POST
/v1/courses/{course}/assignments`` does, in a job, and stores nothing.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...jsonio import dumps_json
from ...said import said
from ..core import service_of
from ..json_values import JsonValue
from ..models.answer_models import AssignmentAbout, answer_text
from ..models.problem_details import Problem, guarded
from ..models.request_models import AssignmentRequest
from ..roles import (
    NO_SUCH_ASSIGNMENT,
    authed,
    classes,
    own_assignment,
    own_course,
    student,
    teacher,
)
from .courses import now, student_url

__all__ = ["PREVIEW_STUDENT", "ROUTES"]

PREVIEW_STUDENT = "preview"
"""The student id the preview draws a per-student variant for."""


def _json(data: JsonValue) -> Response:
    return Response(dumps_json(data), media_type="application/json")


async def course_summary(request: Request) -> Response:
    course = await own_course(request)
    store = classes(request)
    found = await run_in_threadpool(store.assignments_of, course.id)
    students, submissions = await run_in_threadpool(store.counts, [a.id for a in found])
    listed: list[JsonValue] = []
    for a in reversed(found):  # newest first
        d = a.document
        listed.append({"id": a.id, "title": d.get("title"), "created": a.created,
                       "source": d.get("source"), "spec": d.get("spec"),
                       "items": d.get("items"), "per_student": d.get("per_student", False),
                       "due": d.get("due"), "attempts": d.get("attempts", 1),
                       "feedback": d.get("feedback", "first-mistake"),
                       "solution": d.get("solution", "after-due"),
                       "late": d.get("late", "refuse"), "penalty": d.get("penalty"),
                       "step_tries": d.get("step_tries"),
                       "students": students.get(a.id, 0),
                       "submissions": submissions.get(a.id, 0),
                       "student_url": student_url(request, a.id)})
    return _json({"id": course.id, "title": course.title, "created": course.created,
                  "assignments": listed})


async def preview(request: Request) -> Response:
    await own_course(request)
    service = service_of(request)
    document = (await service.read(request, AssignmentRequest)).document(PREVIEW_STUDENT)

    def work() -> JsonValue:
        from ...classroom.reading import parse_assignment
        from ...classroom.tasks import task_for

        return task_for(parse_assignment(document), PREVIEW_STUDENT).to_json()

    return _json(await service.job(work))


async def submissions(request: Request) -> Response:
    found = await own_assignment(request, await teacher(request))
    listed = await run_in_threadpool(classes(request).submissions_of, found.id)
    return _json({"assignment": found.id, "submissions": listed})


async def policies(request: Request) -> Response:
    who = await student(request)
    store = classes(request)
    found = await run_in_threadpool(store.assignment, request.path_params["id"])
    if found is None or who.assignment != found.id:
        raise Problem(404, "Not found", NO_SUCH_ASSIGNMENT)
    used = (await run_in_threadpool(store.attempts, found.id, who.student))[0]
    document, at = found.document, now()

    def work() -> JsonValue:
        from ...classroom.reading import parse_assignment
        from ...classroom.tasks import may_see_solution

        a = parse_assignment(document)
        left = max(0, a.attempts - used)
        return {"student": who.student, "name": who.name, "title": a.title,
                "feedback": a.feedback, "solution": a.solution,
                "due": document.get("due"),
                "attempts": a.attempts, "attempts_used": used, "attempts_left": left,
                "late": a.late, "penalty": a.penalty, "step_tries": a.step_tries,
                "solution_shown": may_see_solution(a, at, attempts_left=left)}

    return _json(await service_of(request).job(work))


async def about(request: Request) -> Response:
    found = await run_in_threadpool(classes(request).assignment, request.path_params["id"])
    if found is None:
        raise Problem(404, "Not found", said("no such assignment: check the link"))
    d = found.document
    due = d.get("due")
    return Response(answer_text(AssignmentAbout(id=found.id, title=str(d.get("title", "")),
                                                due=due if isinstance(due, str) else None)),
                    media_type="application/json")


ROUTES = [
    Route("/v1/assignments/{id}/policies", authed(policies), methods=["GET"]),
    Route("/v1/assignments/{id}/about", guarded(about), methods=["GET"]),
    Route("/v1/courses/{course}", authed(course_summary), methods=["GET"]),
    Route("/v1/courses/{course}/preview", authed(preview), methods=["POST"]),
    Route("/v1/assignments/{id}/submissions", authed(submissions), methods=["GET"]),
]
