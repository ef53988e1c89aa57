"""Errors as answers: ``application/problem+json`` (RFC 9457) with the place of the fault.

Library errors keep their place: an :class:`~tracer.errors.InputError`'s ``where`` (a
JSON path or ``line L, column C``) becomes the problem's ``where``.  Only this module and
:mod:`tracer.cli` turn library errors into outcomes.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import Response

from ...errors import InputError, LimitExceeded, TracerError, UsageError, one_line
from ...jsonio import dumps_json
from ...said import Said, said
from ..json_values import JsonObject
from .problem_words import title_in, wanted_language, where_in

__all__ = ["Problem", "from_library", "guarded", "language_of", "nested", "no_route"]

log = logging.getLogger("gametrace.serve")


class Problem(Exception):
    """An answer other than 200, said as problem+json."""

    def __init__(self, status: int, title: str, detail: Said, *,
                 where: str | None = None, file: str | None = None,
                 retry_after: int | None = None) -> None:
        self.said = detail
        """The detail, a sentence the catalogs word."""
        english = one_line(str(detail))  # it may quote a value of the request: never all of it
        super().__init__(english)
        self.status, self.title, self.detail = status, title, english
        self.where = one_line(where) if where is not None else None
        self.file = file
        self.retry_after = retry_after if retry_after is not None else (
            1 if status == 503 else None)
        """Seconds, sent as ``Retry-After`` (a 503 without one says 1)."""

    def __reduce__(self) -> tuple[Callable[..., Problem], tuple[object, ...]]:
        # keyword arguments are not an exception's ``args``: say how to rebuild it, so a
        # problem raised in a worker process crosses back pickled
        return (_problem, (self.status, self.title, self.said, self.where, self.file,
                           self.retry_after))

    def response(self, lang: str = "en") -> Response:
        """The answer, said in ``lang``: the title always (:mod:`.problem_words`), the
        detail where ``lang``'s catalog words its sentence (:mod:`tracer.said`), else in
        English; ``Content-Language`` names what was used (``it, en`` for the latter)."""
        worded = lang == "en" or self.said.known_in(lang)
        detail = one_line(self.said.worded(lang)) if worded else self.detail
        body: JsonObject = {"type": f"https://gametree-tracer.invalid/problems/"
                                        f"{self.title.lower().replace(' ', '-')}",
                                "title": title_in(self.title, lang), "status": self.status,
                                "detail": detail}
        if self.where:
            body["where"] = where_in(self.where, lang)
        if self.file:
            body["file"] = self.file
        headers = {"Cache-Control": "no-store",  # also when a middleware answers
                   "Content-Language": lang if worded else f"{lang}, en",
                   "Vary": "Accept-Language"}
        if self.retry_after is not None:
            headers["Retry-After"] = str(self.retry_after)
        return Response(dumps_json(body), status_code=self.status, headers=headers,
                        media_type="application/problem+json")


def _problem(status: int, title: str, detail: Said, where: str | None, file: str | None,
             retry_after: int | None) -> Problem:
    return Problem(status, title, detail, where=where, file=file, retry_after=retry_after)


def from_library(exc: BaseException) -> Problem:
    """The problem a library error (or a recursion too deep) is; anything else re-raised."""
    if isinstance(exc, InputError):
        return Problem(422, "Invalid content", exc.said, where=exc.where, file=exc.file)
    if isinstance(exc, UsageError):
        return Problem(422, "Invalid option", exc.said)
    if isinstance(exc, LimitExceeded):
        return Problem(422, "Limit reached", exc.said)
    if isinstance(exc, RecursionError):
        return Problem(422, "Too deep", said("the input is nested deeper than the service "
                                             "allows: give a smaller tree or a depth limit"))
    if isinstance(exc, TracerError):
        return Problem(422, "Cannot do that", exc.said)
    raise exc


def nested(exc: InputError, field_name: str) -> InputError:
    """An error in the content of request field ``field_name``, placed in the request."""
    if exc.file == field_name and exc.where and exc.where.startswith("$"):
        return InputError(exc.said, where=f"$.{field_name}{exc.where[1:]}")
    return exc


def guarded(fn: Callable[[Request], Awaitable[Response]]) -> Callable[[Request],
                                                                     Awaitable[Response]]:
    """The route ``fn``, answering every error as a problem (a bug: 500, logged)."""
    async def route(request: Request) -> Response:
        try:
            response = await fn(request)
        except Problem as problem:
            response = problem.response(language_of(request))
        except (TracerError, RecursionError) as exc:
            response = from_library(exc).response(language_of(request))
        except Exception:
            log.exception("internal error on %s %s", request.method, request.url.path)
            response = Problem(500, "Internal error", said("the service failed on this "
                                                           "request; the log has the details")
                               ).response(language_of(request))
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Cache-Control", "no-store")
        return response

    return route


async def no_route(request: Request, exc: Exception) -> Response:
    """Unknown paths and methods answer problem+json too."""
    status = getattr(exc, "status_code", 404)
    detail = (said("no {path} here (see /v1/openapi.json)", path=request.url.path)
              if status == 404 else said("{method} is not allowed on {path}",
                                         method=request.method, path=request.url.path))
    return Problem(status, "Not found" if status == 404 else "Method not allowed",
                   detail).response(language_of(request))


def language_of(request: Request) -> str:
    """The language a request's problems are said in (its ``Accept-Language``)."""
    return wanted_language(request.headers.get("accept-language"))


