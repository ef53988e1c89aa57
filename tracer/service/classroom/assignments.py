"""Assignments: joining (``POST /v1/assignments/{id}/join``), a student's task, steps,
submissions and solution, the teacher's exports, and deleting assignments and
submissions.

Who may call each is in :mod:`..roles`.  Everything that searches or draws (the task's
tree, a step's verdict, grading, the answer key, the exports) is a job
(:meth:`..core.Service.job`), given the stored assignment's document; the store is read
and written here, around the job, each write one transaction.  The times kept are the
service's clock (:func:`.courses.now`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...errors import InputError
from ...jsonio import dumps_json
from ...said import Said, said
from ..core import service_of
from ..json_values import JsonObject, JsonValue
from ..lti import scores as lti_scores
from ..models.answer_models import Joined, SubmissionCreated
from ..models.problem_details import Problem
from ..models.request_models import JoinRequest, StepRequest, SubmissionRequest
from ..roles import NO_SUCH_ASSIGNMENT, authed, caller, classes, own_assignment, student, teacher
from ..storage.class_store import MAX_STUDENTS, Assigned, ClassStore, Conflict, Enrolled, new_token
from .courses import created, now

if TYPE_CHECKING:
    from ...classroom.assignments import Assignment

__all__ = ["ROUTES"]

def already_joined(student: str) -> Said:
    """Why joining again is refused: one student id is one row (and one tree) whatever
    happens, so a student who lost their token gets a new one from the teacher."""
    return said("student {student!r} has joined this assignment already: choose \"I "
                "already joined\" and give the token you were shown then, or ask the "
                "teacher to reset yours", student=student)


def _assignment(document: JsonObject) -> Assignment:
    """The stored assignment, read again (in a job: reading searches its source)."""
    from ...classroom.reading import parse_assignment

    return parse_assignment(document)


def _json(data: JsonValue) -> Response:
    """The library's own JSON of a task, a step or an answer key."""
    return Response(dumps_json(data), media_type="application/json")


async def _own_student(request: Request) -> tuple[Enrolled, Assigned]:
    """The student of the token, on the path's assignment (their own only: 404 else)."""
    who = await student(request)
    found = await run_in_threadpool(classes(request).assignment, request.path_params["id"])
    if found is None or who.assignment != found.id:
        raise Problem(404, "Not found", NO_SUCH_ASSIGNMENT)
    return who, found


async def join(request: Request) -> Response:
    service = service_of(request)
    store = classes(request)
    found = await run_in_threadpool(store.assignment, request.path_params["id"])
    if found is None:
        raise Problem(404, "Not found", said("no such assignment: check the link"))
    asked = await service.read(request, JoinRequest)
    token = new_token()
    try:
        await run_in_threadpool(store.join, found.id, asked.student, asked.name, token,
                                now().isoformat(), most=MAX_STUDENTS)
    except Conflict:
        raise Problem(409, "Conflict", already_joined(asked.student)) from None
    except OverflowError:
        raise Problem(409, "Conflict", said("this assignment has {n} students already",
                                            n=MAX_STUDENTS)) from None
    return created(Joined(student_token=token))


async def task(request: Request) -> Response:
    who, found = await _own_student(request)
    document = found.document

    def work() -> JsonValue:
        from ...classroom.tasks import task_for

        return task_for(_assignment(document), who.student).to_json()

    return _json(await service_of(request).job(work))


async def next_step(request: Request) -> Response:
    who, found = await _own_student(request)
    state, _ = await run_in_threadpool(classes(request).step_session, found.id, who.student)
    document = found.document

    def work() -> JsonValue:
        from ...classroom.steps import StepSession

        return StepSession.for_assignment(_assignment(document), who.student,
                                          state).next_prompt()

    return _json(await service_of(request).job(work))


async def answer_step(request: Request) -> Response:
    who, found = await _own_student(request)
    service = service_of(request)
    asked = await service.read(request, StepRequest)
    store = classes(request)
    state, answers = await run_in_threadpool(store.step_session, found.id, who.student)
    document = found.document
    number, given, at, lang = asked.step, asked.answer, now().isoformat(), asked.lang

    def work() -> tuple[JsonObject, JsonObject, JsonObject]:
        from ...classroom.steps import StepSession

        session = StepSession.for_assignment(_assignment(document), who.student, state)
        if session.finished:
            raise Problem(409, "Conflict", said("every step is answered already"))
        if number != session.done + 1:
            raise Problem(409, "Conflict", said("the step to answer is step {due}, not {given}",
                                                due=session.done + 1, given=number),
                          where="$.step")
        try:
            verdict = session.answer(given, at=at, lang=lang)
        except InputError as exc:  # placed in the request: $.answer.value
            where = exc.where or "$"
            raise InputError(exc.said, where=f"$.answer{where[1:]}") from None
        return verdict.to_json(), session.to_json(), verdict.record.to_json()

    shown, new_state, record = await service.job(work)
    try:
        await run_in_threadpool(store.save_step, found.id, who.student, new_state,
                                answers + 1, record)
    except Conflict:
        raise Problem(409, "Conflict", said("another answer to this step came first: ask "
                                            "for the next step again")) from None
    return _json(shown)


async def submit(request: Request) -> Response:
    who, found = await _own_student(request)
    service = service_of(request)
    asked = await service.read(request, SubmissionRequest)
    store = classes(request)
    used, highest = await run_in_threadpool(store.attempts, found.id, who.student)
    document, answer, at, attempt = found.document, asked.answer, now(), highest + 1

    def work() -> tuple[JsonObject, JsonObject, JsonObject, float, int, bool]:
        from ...analysis.check.solution import Solution
        from ...classroom.gradebook import Submission
        from ...classroom.tasks import feedback, grade, submission_timing

        a = _assignment(document)
        timing = submission_timing(a, at)
        if timing.refused:
            assert a.due is not None
            raise Problem(409, "Conflict", said("the due time ({due}) has passed: this "
                                                "assignment takes no more submissions",
                                                due=a.due.isoformat()))
        if used >= a.attempts:
            raise Problem(409, "Conflict", said("all {n} attempts are used", n=a.attempts))
        # grading refuses an answer with none of the items asked: no attempt is used
        try:
            report = grade(a, who.student, Solution.from_json(answer, file="answer"),
                           lang=asked.lang)
        except InputError as exc:  # placed in the request: $.answer
            where = exc.where or "$"
            raise InputError(exc.said, where=f"$.answer{where[1:]}") from None
        graded = Submission.from_report(report, student=who.student, name=who.name,
                                        assignment=a.id, attempt=attempt, at=at,
                                        late=timing.late, penalty=timing.penalty,
                                        title=a.title)
        return (feedback(report, a.feedback, lang=asked.lang), report.to_json(),
                graded.to_json(), graded.total, a.attempts, timing.late)

    shown, report, graded, score, allowed, late = await service.job(work)
    try:
        ident = await run_in_threadpool(store.add_submission, found.id, who.student,
                                        attempt, answer, report, graded, score,
                                        at.isoformat())
    except Conflict:
        raise Problem(409, "Conflict", said("another submission of this attempt came first")
                      ) from None
    await lti_scores.after_submission(request, found, who.student)
    return created(SubmissionCreated(id=ident, attempt=attempt,
                                     attempts_left=max(0, allowed - used - 1), late=late,
                                     shown=shown))


async def solution(request: Request) -> Response:
    who = await caller(request)
    store = classes(request)
    found = await run_in_threadpool(store.assignment, request.path_params["id"])
    used = 0
    asked_for = request.query_params.get("student")
    if who.course is not None:  # the teacher: always, for any of their students
        if found is None or found.course != who.course.id:
            raise Problem(404, "Not found", NO_SUCH_ASSIGNMENT)
        if asked_for is not None and await run_in_threadpool(
                store.enrolled, found.id, asked_for) is None:
            raise Problem(404, "Not found", said("no such student in this assignment"),
                          where="student")
        name = asked_for
    else:
        assert who.enrolled is not None
        if found is None or who.enrolled.assignment != found.id:
            raise Problem(404, "Not found", NO_SUCH_ASSIGNMENT)
        name = who.enrolled.student
        used = (await run_in_threadpool(store.attempts, found.id, name))[0]
    document, at, is_teacher = found.document, now(), who.course is not None

    def work() -> JsonValue:
        from ...classroom.tasks import answer_key_for, may_see_solution

        a = _assignment(document)
        if not is_teacher and not may_see_solution(a, at,
                                                   attempts_left=a.attempts - used):
            raise Problem(403, "Forbidden", _HIDDEN.get(a.solution, said("not yet")))
        if name is None and a.per_student:
            raise Problem(400, "Bad request", said("each student has a tree of their own: "
                                                   "name one with ?student="), where="student")
        return answer_key_for(a, name or "").to_json()

    return _json(await service_of(request).job(work))


_HIDDEN = {"never": said("the teacher does not show the solution"),
           "after-due": said("the solution is shown once no more submissions can count: "
                             "after the due time, and when late work is taken, once "
                             "your attempts are used")}
"""Why a student may not see the solution yet, by the assignment's ``solution``."""

async def delete_assignment(request: Request) -> Response:
    found = await own_assignment(request, await teacher(request))
    await run_in_threadpool(classes(request).delete_assignment, found.id)
    return Response(status_code=204)


def _submitted_to(store: ClassStore, ident: str) -> Assigned | None:
    """The assignment that submission ``ident`` was made to (None: no such submission)."""
    assignment = store.submission_assignment(ident)
    return None if assignment is None else store.assignment(assignment)


async def delete_submission(request: Request) -> Response:
    course = await teacher(request)
    store = classes(request)
    ident = request.path_params["id"]
    found = await run_in_threadpool(_submitted_to, store, ident)
    if found is None or found.course != course.id:
        raise Problem(404, "Not found", said("no such submission among yours"))
    await run_in_threadpool(store.delete_submission, ident)
    return Response(status_code=204)


ROUTES = [
    Route("/v1/assignments/{id}/join", authed(join), methods=["POST"]),
    Route("/v1/assignments/{id}/task", authed(task)),
    Route("/v1/assignments/{id}/steps", authed(next_step), methods=["GET"]),
    Route("/v1/assignments/{id}/steps", authed(answer_step), methods=["POST"]),
    Route("/v1/assignments/{id}/submissions", authed(submit), methods=["POST"]),
    Route("/v1/assignments/{id}/solution", authed(solution)),
    Route("/v1/assignments/{id}", authed(delete_assignment), methods=["DELETE"]),
    Route("/v1/submissions/{id}", authed(delete_submission), methods=["DELETE"]),
]
