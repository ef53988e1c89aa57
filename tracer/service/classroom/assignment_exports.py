"""The teacher's exports of an assignment: ``GET /v1/assignments/{id}/export/moodle.xml``
and ``.../prairielearn.zip``, made of that assignment's own source, spec, items, title
and seeds (:func:`tracer.classroom.exports.assignment_variants`).

A fixed-tree assignment is one question; a per-student one a question per seed
(``?seeds=FIRST..LAST``, default ``1..20``).  ``?name=`` names the category or the
folder (default: from the title), ``?lang=en|it`` the language of every text a student
reads.  Making the file searches and draws, so it is a job (:meth:`..core.Service.job`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...said import LANGUAGES, said
from ..core import service_of
from ..models.problem_details import Problem
from ..roles import authed, own_assignment, teacher
from ..web import unknown_parameter

__all__ = ["EXPORTS", "ROUTES"]

EXPORTS = ("moodle.xml", "prairielearn.zip")

MEDIA = {"moodle.xml": "application/xml", "prairielearn.zip": "application/zip"}


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang", "en")
    if lang not in LANGUAGES:
        raise Problem(400, "Bad request", unknown_parameter("lang", lang[:40], LANGUAGES),
                      where="lang")
    return lang


async def export(request: Request, kind: str) -> Response:
    found = await own_assignment(request, await teacher(request))
    seeds_text = request.query_params.get("seeds", "1..20")
    name = request.query_params.get("name")
    if len(seeds_text) > 40 or (name is not None and len(name) > 100):
        raise Problem(400, "Bad request", said("seeds has at most {seeds} characters and name "
                                               "{name}", seeds=40, name=100))
    lang = _lang(request)
    document = found.document

    def work() -> bytes:
        from ...classroom.exports import (
            assignment_variants,
            moodle_xml,
            parse_seeds,
            prairielearn_zip,
        )
        from ...classroom.reading import parse_assignment

        seeds = parse_seeds(seeds_text, option="seeds")
        made = assignment_variants(parse_assignment(document), seeds)
        if kind == "moodle.xml":
            return moodle_xml(made, name=name, lang=lang)[0]
        return prairielearn_zip(made, name=name, lang=lang)[0]

    data = await service_of(request).job(work)
    return Response(data, media_type=MEDIA[kind], headers={
        "Content-Disposition": f'attachment; filename="{found.id}.{kind}"'})


def exporter(kind: str) -> Callable[[Request], Awaitable[Response]]:
    """The route of one export."""
    async def route(request: Request) -> Response:
        return await export(request, kind)

    return route


ROUTES = [Route(f"/v1/assignments/{{id}}/export/{kind}", authed(exporter(kind)))
          for kind in EXPORTS]
