"""A course's trace library: the traces its teacher stored (``POST /v1/traces`` with the
teacher token), listed newest first by ``GET /v1/traces?course=ID`` (paged with
``limit`` and ``offset``, searched in the titles with ``text``, filtered by ``algorithm``,
``example``, ``tag`` and ``origin`` as the shared library is) and deleted by ``DELETE
/v1/traces/{id}`` (owner teacher only).

Deleting takes the trace out of the course's library; the trace itself is deleted too
when a client uploaded it and no other course holds it (a trace the service computed or
seeded is its own, and stays for everyone else).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...said import said
from ..models.answer_models import Listing, answer_text
from ..models.problem_details import Problem
from ..roles import NO_SUCH_COURSE, authed, bearer, classes, teacher
from ..storage.store import ORIGINS
from ..web import int_param, json_response, too_long, unknown_parameter

__all__ = ["ROUTES", "course_listing", "keep_in_course"]

QUERY_LENGTHS = {"algorithm": 40, "example": 100, "tag": 40, "text": 100}
"""The longest value of each filter of a listing (a text is matched against every
stored title, so its length is bounded)."""


@dataclass(frozen=True)
class ListingQuery:
    """A listing's query string, checked: the page and the filters."""

    limit: int
    offset: int
    filters: dict[str, str | None]
    """``algorithm``, ``source`` (the query's ``example``), ``tag``, ``text``, ``origin``:
    the keywords of the stores' listings."""


def listing_query(request: Request) -> ListingQuery:
    """The page and the filters of ``GET /v1/traces``, the shared library's and a
    course's alike (400 for a value out of its bounds)."""
    q = request.query_params
    limit = int_param(q.get("limit"), "limit", 100, 1, 500)
    offset = int_param(q.get("offset"), "offset", 0, 0, 1_000_000)
    for name, longest in QUERY_LENGTHS.items():
        value = q.get(name)
        if value is not None and len(value) > longest:
            raise Problem(400, "Bad request", too_long(name, len(value), longest), where=name)
    origin = q.get("origin")
    if origin is not None and origin not in ORIGINS:
        raise Problem(400, "Bad request", unknown_parameter("origin", origin[:40], ORIGINS),
                      where="origin")
    return ListingQuery(limit, offset, {"algorithm": q.get("algorithm"),
                                        "source": q.get("example"), "tag": q.get("tag"),
                                        "text": q.get("text"), "origin": origin})
"""The filters of a course's listing and their longest values, as the OpenAPI document
says of ``GET /v1/traces`` (each is matched against the library's every record)."""


async def course_listing(request: Request, course: str) -> Response:
    """``GET /v1/traces?course=ID``: that course's traces, for its teacher only."""
    mine = await teacher(request)
    if mine.id != course:
        raise Problem(404, "Not found", NO_SUCH_COURSE, where="course")
    asked = listing_query(request)
    records = await run_in_threadpool(partial(
        classes(request).course_listing, course, **asked.filters, limit=asked.limit,
        offset=asked.offset))
    return json_response(answer_text(Listing(items=[r.to_json() for r in records],
                                             limit=asked.limit, offset=asked.offset)))


async def keep_in_course(request: Request, ident: str) -> None:
    """A trace stored with a teacher's token goes into that course's library (no token:
    the shared library only; another token: 403, before anything is stored)."""
    if bearer(request) is None:
        return
    course = await teacher(request)
    await run_in_threadpool(classes(request).link_trace, course.id, ident)


async def check_keeper(request: Request) -> None:
    """Refuse, before storing, a token that is not a teacher's."""
    if bearer(request) is not None:
        await teacher(request)


async def delete_trace(request: Request) -> Response:
    course = await teacher(request)
    ident = request.path_params["id"]
    store = classes(request)
    if not await run_in_threadpool(store.has_trace, course.id, ident):
        raise Problem(404, "Not found", said("no such trace in your course's library"))
    await run_in_threadpool(store.unlink_trace, course.id, ident)
    return Response(status_code=204)


ROUTES = [Route("/v1/traces/{id}", authed(delete_trace), methods=["DELETE"])]
