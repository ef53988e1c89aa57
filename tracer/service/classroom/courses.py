"""Courses: ``POST /v1/courses`` (a teacher token), ``POST /v1/courses/{course}/assignments``
and the gradebook (``GET /v1/courses/{course}/gradebook`` and ``gradebook.csv``); the
gradebook's JSON names its misconceptions in the language asked (``?lang=it``).

Who may call each is in :mod:`..roles`; the library does the work
(:mod:`tracer.classroom`): an assignment is read by ``parse_assignment`` in a job (it
searches the source once, to refuse one that cannot be answered), the gradebook is
``build_gradebook`` of the stored submissions.  A course bound to an LMS context
(LTI) has in its gradebook the LMS's learners who never opened it
(``lms_members_never_opened``, :mod:`..lti.roster`), or ``lms_roster_error``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...jsonio import dumps_json
from ...said import said
from ..core import now, service_of
from ..json_values import JsonObject
from ..models.answer_models import AssignmentCreated, CourseCreated, answer_text
from ..models.problem_details import Problem
from ..models.request_models import AssignmentRequest, CourseRequest
from ..roles import authed, check_admin, classes, own_course
from ..storage.class_store import Assigned, ClassStore, Enrolled, new_id, new_token
from ..web import unknown_parameter

# Type-only: the library is loaded by the jobs, not by importing the routes.
if TYPE_CHECKING:
    from ...classroom.assignments import Assignment
    from ...classroom.gradebook import Gradebook

__all__ = ["MAX_ASSIGNMENTS", "ROUTES", "course_gradebook", "gradebook_inputs",
           "lang_of", "misconception_titles", "now", "policy_of", "student_url"]

MAX_ASSIGNMENTS = 500
"""Assignments one course may hold."""


def created(answer: object) -> Response:
    """A 201 with the answer model ``answer`` (:mod:`..models.answer_models`)."""
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

    at = now()

    def work() -> None:
        from ...classroom.reading import parse_assignment
        from ...classroom.tasks import refuse_past_due

        # every field checked, the source searched once; a due time already past is
        # refused unless the late policy says what happens after it
        refuse_past_due(parse_assignment(document), at)

    await service.job(work)
    await run_in_threadpool(store.add_assignment, ident, course.id, document,
                            now().isoformat())
    return created(AssignmentCreated(id=ident, student_url=student_url(request, ident)))


def student_url(request: Request, ident: str) -> str:
    """The student's page of assignment ``ident``: the link a teacher hands out."""
    return f"{request.scope.get('root_path', '')}/#/assignment?id={ident}"


def policy_of(request: Request) -> str:
    """The query's ``policy`` (best, last): which attempt an item's score comes from."""
    from ...classroom.gradebook import SCORE_POLICIES

    policy = request.query_params.get("policy", "best")
    if policy not in SCORE_POLICIES:
        raise Problem(400, "Bad request", unknown_parameter("policy", policy[:40],
                                                            SCORE_POLICIES), where="policy")
    return policy


def lang_of(request: Request) -> str:
    """The query's ``lang`` (en, it): the language of the names and the words shown."""
    from ...analysis.check.wording import LANGS

    lang = request.query_params.get("lang", "en")
    if lang not in LANGS:
        raise Problem(400, "Bad request", unknown_parameter("lang", lang[:40], LANGS),
                      where="lang")
    return lang


def _dialect(request: Request) -> str:
    """The query's ``dialect``: the gradebook CSV for a spreadsheet in English
    (``excel``: commas, decimal points) or in Italian (``excel-it``: semicolons,
    decimal commas, a BOM)."""
    from ...classroom.gradebook import CSV_DIALECTS

    dialect = request.query_params.get("dialect", "excel")
    if dialect not in CSV_DIALECTS:
        raise Problem(400, "Bad request", unknown_parameter("dialect", dialect[:40],
                                                            CSV_DIALECTS), where="dialect")
    return dialect


Steps = dict[tuple[str, str], tuple[int, int]]
"""(assignment, student) -> (steps right at the first try, steps in all)."""


def gradebook_inputs(store: ClassStore, assignments: list[Assigned]
                     ) -> tuple[list[JsonObject], list[Enrolled], Steps]:
    """What a gradebook of ``assignments`` is built from, read in one go: the gradebook
    records of every submission, every student who joined (in the order they joined)
    and the steps of every student who began them (from the stored step sessions: a
    state kept before it counted its steps is left out)."""
    ids = [a.id for a in assignments]
    steps: Steps = {}
    for key, state in store.step_states(ids).items():
        first, total = state.get("first_try"), state.get("steps")
        if isinstance(first, list) and isinstance(total, int):
            steps[key] = (sum(1 for right in first if right is True), total)
    return store.graded_of(ids), store.roster(ids), steps


def course_gradebook(assignments: list[Assignment], graded: list[JsonObject],
                     roster: list[Enrolled], steps: Steps, *, policy: str, lang: str
                     ) -> tuple[Gradebook, dict[str, tuple[str, ...]]]:
    """The gradebook of ``assignments`` (each read again: in a job, as their items asked
    may search) and the item keys of each: one column per item asked, every student who
    joined a row."""
    from ...classroom.gradebook import (
        AssignmentColumns,
        Enrollee,
        Submission,
        build_gradebook,
    )
    from ...classroom.tasks import asked_keys

    keys = {a.id: asked_keys(a) for a in assignments}
    columns = [AssignmentColumns(a.id, a.title, keys[a.id], len(keys[a.id]))
               for a in assignments]
    book = build_gradebook([Submission.from_json(g) for g in graded], policy=policy,
                           assignments=columns,
                           roster=[Enrollee(e.assignment, e.student, e.name, e.joined)
                                   for e in roster], steps=steps, lang=lang)
    return book, keys


async def _gradebook(request: Request) -> Gradebook:
    course = await own_course(request)
    policy, lang = policy_of(request), lang_of(request)
    store = classes(request)
    found = await run_in_threadpool(store.assignments_of, course.id)
    graded, roster, steps = await run_in_threadpool(gradebook_inputs, store, found)
    documents = [a.document for a in found]

    def work() -> Gradebook:
        from ...classroom.reading import parse_assignment

        return course_gradebook([parse_assignment(d) for d in documents], graded, roster,
                                steps, policy=policy, lang=lang)[0]

    return await service_of(request).job(work)


def misconception_titles(book: Gradebook, lang: str) -> dict[str, str]:
    """The name of every misconception ``book`` mentions, in ``lang``: the checker's
    ``mis.<id>`` words (joined as its diagnosis joins them for an id ``a+b``), so the
    teacher's pages show names from the one table the student's feedback reads."""
    from ...analysis.check.wording import Words

    w = Words(lang)
    ids = {m for r in book.students for m in r.misconceptions.values()}
    ids |= {s.misconception[0] for s in book.items if s.misconception is not None}
    return {i: w("check.diag.and").join(w(f"mis.{m}") for m in i.split("+"))
            for i in sorted(ids)}


async def gradebook(request: Request) -> Response:
    from ..lti.roster import gradebook_part

    lang = lang_of(request)
    book = await _gradebook(request)
    # a course bound to an LMS context: its learners who never opened it, or why not
    lms = await gradebook_part(request, request.path_params["course"], lang)
    return Response(dumps_json({**book.to_json(),
                                "misconception_titles": misconception_titles(book, lang),
                                **lms}),
                    media_type="application/json")


async def gradebook_csv(request: Request) -> Response:
    lang, dialect = lang_of(request), _dialect(request)
    book = await _gradebook(request)
    course = request.path_params["course"]
    # excel-it: the library writes the BOM that tells a spreadsheet the text is UTF-8
    return Response(book.to_csv(misconception_titles(book, lang), lang=lang,
                                dialect=dialect),
                    media_type="text/csv; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="gradebook-{course[:24]}.csv"'})


ROUTES = [
    Route("/v1/courses", authed(create_course), methods=["POST"]),
    Route("/v1/courses/{course}/assignments", authed(create_assignment), methods=["POST"]),
    Route("/v1/courses/{course}/gradebook", authed(gradebook)),
    Route("/v1/courses/{course}/gradebook.csv", authed(gradebook_csv)),
]
