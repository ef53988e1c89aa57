"""The HTTP side of the service that is not about searching: responses, query
parameters, static files, security headers, the job pool."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from pathlib import Path

from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..choices import unknown_choice
from ..reading_numbers import BadNumber, whole_number
from ..said import Said, said
from .models.problem_details import Problem

__all__ = ["SecurityHeaders", "drawing_response", "int_param", "job_pool", "json_response",
           "security_headers", "static_dir", "too_long", "unknown_parameter", "view_params"]

STACK_BYTES = 256 * 1024 * 1024


def json_response(text: str) -> Response:
    """JSON text already serialized (:func:`tracer.jsonio.dumps_json`)."""
    return Response(text, media_type="application/json")


def unknown_parameter(name: str, value: str, allowed: Sequence[str]) -> Said:
    """``unknown order 'random' (choose from: newest, oldest)``: a query parameter's
    value outside its list (named as it is written in the query)."""
    return unknown_choice(name, value, allowed, suggest=False)


def too_long(name: str, length: int, most: int) -> Said:
    """``path has 900 characters; at most 500``: a query parameter past its length."""
    return said("{name} has {n} characters; at most {most}", name=name, n=length, most=most)


def int_param(text: str | None, name: str, default: int, low: int, high: int) -> int:
    """A query parameter that must be an integer in ``low..high`` (400 otherwise)."""
    if text is None:
        return default
    try:
        value = whole_number(text)
    except BadNumber as exc:
        raise Problem(400, "Bad request", said("{option}: {problem}", option=name,
                                               problem=exc.said), where=name) from None
    if not low <= value <= high:
        raise Problem(400, "Bad request", said("{name} must be in {low}..{high}, got {got}",
                                               name=name, low=low, high=high, got=value),
                      where=name)
    return value


def view_params(request: Request) -> dict[str, str | None]:
    """``lang``, ``theme`` and ``window`` from the query (the stepper's toggles): a
    ``window`` of ``entry`` or ``final`` (:data:`tracer.windows.WINDOWS`), ``true`` for
    the default one, ``false`` for none."""
    from ..windows import WINDOW_DEFAULT, WINDOWS

    q = request.query_params
    out: dict[str, str | None] = {}
    for name, allowed in (("lang", ("en", "it")), ("theme", ("colour", "print")),
                          ("step", ("event", "node", "leaf"))):
        value = q.get(name)
        if value is not None:
            if value not in allowed:
                raise Problem(400, "Bad request", unknown_parameter(name, value, allowed),
                              where=name)
            out[name] = value
    window = q.get("window")
    if window is not None:
        named = {"true": WINDOW_DEFAULT, "false": None, **{w: w for w in WINDOWS}}
        if window not in named:
            raise Problem(400, "Bad request", unknown_parameter("window", window,
                                                                (*WINDOWS, "true", "false")),
                          where="window")
        out["window"] = named[window]
    return out


_MEDIA = {"svg": "image/svg+xml", "png": "image/png", "pdf": "application/pdf",
          "dot": "text/vnd.graphviz"}


def drawing_response(data: bytes, fmt: str, *, filename: str | None = None) -> Response:
    headers = {"Content-Disposition": f'inline; filename="{filename}"'} if filename else None
    return Response(data, media_type=_MEDIA[fmt], headers=headers)


def static_dir() -> Path:
    return Path(str(resources.files("tracer.service") / "static"))


def job_pool(workers: int) -> ThreadPoolExecutor:
    """Threads with a large stack: each forks the worker process of a job, which runs on
    that thread's stack, and searches and readers recurse once per tree level.  The
    recursion limit is raised in that process only (:mod:`.jobs.isolation`): raised here, it
    would let a deep request body overflow the C stack of the event loop's thread."""
    old = threading.stack_size(STACK_BYTES)
    try:
        pool = ThreadPoolExecutor(workers, thread_name_prefix="gametrace-job")
        barrier = threading.Barrier(workers)
        list(pool.map(lambda _: barrier.wait(), range(workers)))  # start every thread now
    finally:
        threading.stack_size(old)
    return pool


_CSP = ("default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
        "script-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
        "frame-ancestors {ancestors}")


def security_headers(frame_ancestors: tuple[str, ...] = ()) -> dict[str, str]:
    """The headers of every answer: no other site may frame the pages, but the LMS sites
    of ``frame_ancestors`` (``gametrace serve --frame-ancestor``: Canvas opens a tool's
    deep linking in a frame of its own page)."""
    ancestors = " ".join(frame_ancestors) if frame_ancestors else "'none'"
    return {"Content-Security-Policy": _CSP.format(ancestors=ancestors),
            "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}


class SecurityHeaders:
    """Adds :func:`security_headers` to every response, the static files' included (pure
    ASGI)."""

    def __init__(self, app: ASGIApp, frame_ancestors: tuple[str, ...] = ()) -> None:
        self.app = app
        self.headers = security_headers(frame_ancestors)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for key, value in self.headers.items():
                    headers.setdefault(key, value)
            await send(message)

        await self.app(scope, receive, sending)
