"""Courses: ``POST /v1/courses`` (a teacher token), ``POST /v1/courses/{course}/assignments``
and the gradebook (``GET /v1/courses/{course}/gradebook`` and ``gradebook.csv``); the
gradebook's JSON names its misconceptions in the language asked (``?lang=it``).

Who may call each is in :mod:`.roles`; the library does the work
(:mod:`tracer.classroom`): an assignment is read by ``parse_assignment`` in a job (it
searches the source once, to refuse one that cannot be answered), the gradebook is
``build_gradebook`` of the stored submissions.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..jsonio import dumps_json
from ..said import said
from .answer_models import AssignmentCreated, CourseCreated, answer_text
from .class_store import ClassStore, new_id, new_token
from .core import service_of
from .json_values import JsonObject
from .problem_details import Problem
from .request_models import AssignmentRequest, CourseRequest
from .roles import authed, check_admin, classes, own_course
from .web import unknown_parameter

# Type-only: the library is loaded by the jobs, not by importing the routes.
if TYPE_CHECKING:
    from ..classroom.gradebook import Gradebook

__all__ = ["MAX_ASSIGNMENTS", "ROUTES", "now", "student_url"]

MAX_ASSIGNMENTS = 500
"""Assignments one course may hold."""


def now() -> datetime:
    """The service's clock (the only one the classroom reads), to the second, in UTC."""
    return datetime.now(UTC).replace(microsecond=0)


def created(answer: object) -> Response:
    """A 201 with the answer model ``answer`` (:mod:`.answer_models`)."""
    return Response(answer_text(answer), status_code=201, media_type="application/json")


async def create_course(request: Request) -> Response:
    check_admin(request)
    service = service_of(request)
    asked = await service.read(request, CourseRequest)
    token = new_token()
    ident = await run_in_threadpool(classes(request).add_course, asked.title, token,
                                    now().isoformat())
    return created(CourseCreated(id=ident, teacher_token=token))


async def create_assignment(request: Request) -> Response:
    course = await own_course(request)
    service = service_of(request)
    asked = await service.read(request, AssignmentRequest)
    store = classes(request)
    if len(await run_in_threadpool(store.assignments_of, course.id)) >= MAX_ASSIGNMENTS:
        raise Problem(409, "Conflict", said("a course holds at most {n} assignments: delete "
                                            "one first", n=MAX_ASSIGNMENTS))
    ident = new_id()
    document = asked.document(ident)

    def work() -> None:
        from ..classroom.reading import parse_assignment

        parse_assignment(document)  # every field checked, the source searched once

    await service.job(work)
    await run_in_threadpool(store.add_assignment, ident, course.id, document,
                            now().isoformat())
    return created(AssignmentCreated(id=ident, student_url=student_url(request, ident)))


def student_url(request: Request, ident: str) -> str:
    """The student's page of assignment ``ident``: the link a teacher hands out."""
    return f"{request.scope.get('root_path', '')}/#/assignment?id={ident}"


def _policy(request: Request) -> str:
    from ..classroom.gradebook import SCORE_POLICIES

    policy = request.query_params.get("policy", "best")
    if policy not in SCORE_POLICIES:
        raise Problem(400, "Bad request", unknown_parameter("policy", policy[:40],
                                                            SCORE_POLICIES), where="policy")
    return policy


def _graded(store: ClassStore, course: str) -> list[JsonObject]:
    """The gradebook records of every submission to ``course``'s assignments."""
    return store.graded_of([a.id for a in store.assignments_of(course)])


async def _gradebook(request: Request) -> Gradebook:
    course = await own_course(request)
    policy = _policy(request)
    store = classes(request)
    graded = await run_in_threadpool(_graded, store, course.id)

    def work() -> Gradebook:
        from ..classroom.gradebook import Submission, build_gradebook

        return build_gradebook([Submission.from_json(g) for g in graded], policy=policy)

    # the service's own records, no search: a thread of this process
    return await service_of(request).job(work, isolate=False)


def _lang(request: Request) -> str:
    from ..analysis.check.wording import LANGS

    lang = request.query_params.get("lang", "en")
    if lang not in LANGS:
        raise Problem(400, "Bad request", unknown_parameter("lang", lang[:40], LANGS),
                      where="lang")
    return lang


def misconception_titles(book: Gradebook, lang: str) -> dict[str, str]:
    """The name of every misconception ``book`` mentions, in ``lang``: the checker's
    ``mis.<id>`` words (joined as its diagnosis joins them for an id ``a+b``), so the
    teacher's pages show names from the one table the student's feedback reads."""
    from ..analysis.check.wording import Words

    w = Words(lang)
    ids = {m for r in book.students for m in r.misconceptions.values()}
    ids |= {s.misconception[0] for s in book.items if s.misconception is not None}
    return {i: w("check.diag.and").join(w(f"mis.{m}") for m in i.split("+"))
            for i in sorted(ids)}


async def gradebook(request: Request) -> Response:
    lang = _lang(request)
    book = await _gradebook(request)
    return Response(dumps_json({**book.to_json(),
                                "misconception_titles": misconception_titles(book, lang)}),
                    media_type="application/json")


async def gradebook_csv(request: Request) -> Response:
    lang = _lang(request)
    book = await _gradebook(request)
    course = request.path_params["course"]
    return Response(book.to_csv(misconception_titles(book, lang)),
                    media_type="text/csv; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="gradebook-{course[:24]}.csv"'})


ROUTES = [
    Route("/v1/courses", authed(create_course), methods=["POST"]),
    Route("/v1/courses/{course}/assignments", authed(create_assignment), methods=["POST"]),
    Route("/v1/courses/{course}/gradebook", authed(gradebook)),
    Route("/v1/courses/{course}/gradebook.csv", authed(gradebook_csv)),
]
