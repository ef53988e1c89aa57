"""The recorded traces: ``POST/GET /v1/traces``, ``GET /v1/traces/{id}`` (the exact
bytes stored), its diagram and its frames."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...said import said
from ..classroom.course_traces import (
    QUERY_LENGTHS,
    check_keeper,
    course_listing,
    keep_in_course,
    listing_query,
)
from ..core import service_of
from ..models.answer_models import Listing, Stored, answer_text
from ..models.problem_details import Problem, guarded
from ..models.request_models import StoreRequest
from ..roles import authed
from ..storage.store import Record, describe
from ..web import drawing_response, int_param, json_response, unknown_parameter, view_params
from .drawings import frames_answer

__all__ = ["QUERY_LENGTHS", "ROUTES"]

ORDERS = ("newest", "oldest")
"""The orders of a listing: the last stored first (the default), or the first."""

FORMATS = ("svg", "png", "pdf", "dot")
"""The formats of a stored trace's diagram."""


async def store_trace(request: Request) -> Response:
    service = service_of(request)
    await check_keeper(request)  # a token other than a teacher's: refused before storing
    asked = await service.read(request, StoreRequest)

    def work() -> tuple[str, bool]:
        from ..._api import trace_text

        trace = service.trace_of(asked.trace, "trace")
        # whatever its tags say, a posted trace is the client's: never an answer key
        return service.store.put(trace_text(trace).encode(),
                                 **describe(trace.header.to_json()),
                                 tags=asked.tags, origin="uploaded")

    ident, created = await service.job(work)
    await keep_in_course(request, ident)
    root = request.scope.get("root_path", "")  # behind a proxy under a sub-path
    return json_response(answer_text(Stored(id=ident, created=created,
                                            url=f"{root}/v1/traces/{ident}")))


async def list_traces(request: Request) -> Response:
    service = service_of(request)
    q = request.query_params
    if q.get("course") is not None:  # a course's own library, newest first
        return await course_listing(request, q["course"])
    asked = listing_query(request)
    order = q.get("order", "newest")
    if order not in ORDERS:
        raise Problem(400, "Bad request", unknown_parameter("order", order, ORDERS),
                      where="order")

    def read() -> tuple[list[Record], int]:
        return (service.store.list(**asked.filters, limit=asked.limit, offset=asked.offset,
                                   newest=order == "newest"),
                service.store.count(**asked.filters))

    records, total = await run_in_threadpool(read)  # the store: never on the event loop
    return json_response(answer_text(Listing(items=[r.to_json() for r in records],
                                             limit=asked.limit, offset=asked.offset,
                                             total=total)))


async def get_trace(request: Request) -> Response:
    return Response(await run_in_threadpool(service_of(request).stored, request),
                    media_type="application/json")


async def trace_diagram(request: Request) -> Response:
    service = service_of(request)
    # a malformed or unknown id: 400 or 404 before any job
    await run_in_threadpool(service.stored, request)
    fmt = request.path_params["format"]
    if fmt not in FORMATS:
        raise Problem(404, "Not found", said("no diagram format {format!r} (choose from: "
                                             "{allowed})", format=fmt,
                                             allowed=", ".join(FORMATS)))
    options = view_params(request)
    ident: str = request.path_params["id"]

    def work() -> bytes:
        from ...render._entry import render_bytes

        return render_bytes(service.stored_trace(ident), fmt, service.render_options(options))

    return drawing_response(await service.job(work), fmt, filename=f"{ident[:12]}.{fmt}")


async def trace_frames(request: Request) -> Response:
    service = service_of(request)
    # a malformed or unknown id: 400 or 404 before any job
    await run_in_threadpool(service.stored, request)
    options = view_params(request)
    step = request.query_params.get("step")
    if step is not None:
        options["step"] = step
    ident: str = request.path_params["id"]
    q = request.query_params
    first = int_param(q.get("first"), "first", 0, 0, service.settings.max_nodes)
    count = int_param(q.get("count"), "count", service.settings.max_frames, 1,
                      service.settings.max_frames)
    return json_response(await service.job(
        lambda: frames_answer(service, service.stored_trace(ident), options, first=first,
                              count=count)))


ROUTES = [
    Route("/v1/traces", authed(store_trace), methods=["POST"]),
    Route("/v1/traces", authed(list_traces), methods=["GET"]),
    Route("/v1/traces/{id}", guarded(get_trace)),
    Route("/v1/traces/{id}/diagram.{format}", guarded(trace_diagram)),
    Route("/v1/traces/{id}/frames", guarded(trace_frames)),
]
