"""The students of an assignment, as its teacher sees them: every student who joined
(``GET /v1/assignments/{id}/students``: also those who never submitted), one student's
work in order (``GET /v1/assignments/{id}/students/{student}/work``: every step answer
and every submission), and getting a student back in (``POST
/v1/assignments/{id}/students/{student}/token``: a new student token, the old one stops
working, the student's row and work stay).

Teacher's routes only (:mod:`..roles`): another course's assignment, or a student who
never joined, is the same 404.  The table is the gradebook library's
(:func:`tracer.classroom.gradebook.build_gradebook` on this assignment alone, its
columns the items asked), built in a job as the course's gradebook is.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...said import said
from ..core import service_of
from ..json_values import JsonObject
from ..models.answer_models import AssignmentStudents, StudentToken, StudentWork, answer_text
from ..models.problem_details import Problem
from ..models.request_models import TokenRequest
from ..roles import authed, classes, own_assignment, teacher
from ..storage.class_store import Assigned, ClassStore, Enrolled, Kept, new_token
from .courses import (
    course_gradebook,
    gradebook_inputs,
    lang_of,
    misconception_titles,
    policy_of,
)

__all__ = ["NO_SUCH_STUDENT", "ROUTES", "STEP_FIELDS", "submission_shown", "tries_counted"]

NO_SUCH_STUDENT = said("no such student in this assignment")

STEP_FIELDS = ("step", "try", "answer", "right", "wrong", "at")
"""A step answer's fields, in the order the teacher reads them."""


def _answer(model: object) -> Response:
    return Response(answer_text(model), media_type="application/json")


async def _own(request: Request) -> Assigned:
    return await own_assignment(request, await teacher(request))


async def _enrolled(request: Request, found: Assigned) -> Enrolled:
    """The path's ``student``, when they joined ``found``."""
    student = request.path_params["student"]
    enrolled = await run_in_threadpool(classes(request).enrolled, found.id, student)
    if enrolled is None:
        raise Problem(404, "Not found", NO_SUCH_STUDENT, where="student")
    return enrolled


async def students(request: Request) -> Response:
    found = await _own(request)
    policy, lang = policy_of(request), lang_of(request)
    store = classes(request)
    graded, roster, steps = await run_in_threadpool(gradebook_inputs, store, [found])
    document = found.document

    def work() -> AssignmentStudents:
        from ...classroom.reading import parse_assignment

        a = parse_assignment(document)
        book, keys = course_gradebook([a], graded, roster, steps, policy=policy, lang=lang)
        return AssignmentStudents(assignment=a.id, title=a.title, max_score=len(keys[a.id]),
                                  students=book.students_of(a.id),
                                  misconception_titles=misconception_titles(book, lang))

    return _answer(await service_of(request).job(work))


def tries_counted(records: list[JsonObject]) -> list[JsonObject]:
    """Step answers in order, each with its ``try`` (1, 2, ... on its step): a record
    kept before the tries were counted gets its number from the ones before it."""
    seen: dict[str, int] = {}
    out: list[JsonObject] = []
    for r in records:
        step = str(r.get("step"))
        seen[step] = seen.get(step, 0) + 1
        shown: JsonObject = {"step": r.get("step"), "try": r.get("try", seen[step])}
        for key in (*STEP_FIELDS[2:], *sorted(set(r) - set(STEP_FIELDS))):
            if key in r:
                shown[key] = r[key]
        out.append(shown)
    return out


def _work_of(store: ClassStore, assignment: str, student: str
             ) -> tuple[list[JsonObject], list[Kept]]:
    return store.step_attempts(assignment, student), store.work_of(assignment, student)


def _items(report: JsonObject, lang: str) -> list[JsonObject]:
    """The verdict on each item of a stored report, each with its words in ``lang``; a
    report kept before blanks were scored says ``answered`` by its given answer."""
    from ...classroom.item_words import item_words

    items = report.get("items")
    return [{"item": i.get("item"), "words": item_words(str(i.get("item")), lang),
             "right": i.get("right"), "answered": i.get("answered", i.get("given") != ""),
             "given": i.get("given"), "score": i.get("score")}
            for i in (items if isinstance(items, list) else []) if isinstance(i, dict)]


def submission_shown(kept: Kept, lang: str) -> JsonObject:
    """A stored submission as the teacher reads it: its total after any late penalty,
    out of the assignment's maximum (a record kept before it knew it: the report's)."""
    from ...classroom.gradebook import Submission

    graded = Submission.from_json(kept.graded)
    most = graded.max_score or kept.report.get("max_score")
    most = most if isinstance(most, int) else 0
    total = round(graded.total, 2)
    return {"id": kept.id, "attempt": kept.attempt, "at": kept.at, "late": graded.late,
            "score": total, "max_score": most,
            "percent": round(100 * total / most, 1) if most else 0.0,
            "answer": kept.answer, "items": _items(kept.report, lang)}


async def student_work(request: Request) -> Response:
    found = await _own(request)
    enrolled = await _enrolled(request, found)
    lang = lang_of(request)
    steps, submitted = await run_in_threadpool(_work_of, classes(request), found.id,
                                               enrolled.student)

    def work() -> StudentWork:
        return StudentWork(student=enrolled.student, name=enrolled.name,
                           steps=tries_counted(steps),
                           submissions=[submission_shown(k, lang) for k in submitted])

    # the service's own records, no search: a thread of this process
    return _answer(await service_of(request).job(work, isolate=False))


async def reset_token(request: Request) -> Response:
    found = await _own(request)
    await service_of(request).read(request, TokenRequest)
    student = request.path_params["student"]
    token = new_token()
    if not await run_in_threadpool(classes(request).reset_token, found.id, student, token):
        raise Problem(404, "Not found", NO_SUCH_STUDENT, where="student")
    return _answer(StudentToken(student=student, student_token=token))


ROUTES = [
    Route("/v1/assignments/{id}/students", authed(students), methods=["GET"]),
    Route("/v1/assignments/{id}/students/{student}/work", authed(student_work),
          methods=["GET"]),
    Route("/v1/assignments/{id}/students/{student}/token", authed(reset_token),
          methods=["POST"]),
]
