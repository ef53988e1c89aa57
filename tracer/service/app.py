"""The ASGI app: a thin layer that reads a request, calls the library, answers JSON.

Starlette rather than FastAPI: the request and response schemas are the project's own
JSON Schemas (:mod:`tracer.service.models.openapi`), which FastAPI would want as pydantic
models (a second copy that can drift); Starlette routes, streams and serves files, and
nothing more.  Every library error becomes an ``application/problem+json`` answer
(RFC 9457) whose ``where`` is the JSON path or the line and column of the fault
(:mod:`.models.problem_details`).  The state and plumbing are in :mod:`.core`, the typed
requests and answers in :mod:`.models.request_models` and :mod:`.models.answer_models`; the routes,
one module per resource, are listed in :data:`ROUTES`; each job runs in a worker process
of its own (:mod:`.jobs.isolation`).
``GET /healthz`` answers on the event loop: the jobs running and waiting, and the
limits.

The page uses relative URLs only, so the app runs at the host's root or under a sub-path
behind a reverse proxy (``gametrace serve --root-path /prefix``; docs/service.md).
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from . import lti
from .classroom import (
    assignment_exports,
    assignments,
    class_pages,
    class_students,
    course_traces,
    courses,
)
from .core import Service, Settings
from .models.problem_details import no_route
from .routes import (
    catalogue,
    checks,
    comparisons,
    drawings,
    exercises,
    indexes,
    pages,
    parsing,
    searches,
    statistics,
    traces,
)
from .routes.gate import RequestGate
from .storage.store import TraceStore
from .web import SecurityHeaders, static_dir

__all__ = ["ROUTES", "Settings", "app_from_environment", "create_app"]

ROUTES: list[BaseRoute] = [
    *pages.ROUTES, *catalogue.ROUTES, *parsing.ROUTES, *searches.ROUTES, *drawings.ROUTES,
    *checks.ROUTES, *comparisons.ROUTES, *exercises.ROUTES, *traces.ROUTES,
    *course_traces.ROUTES, *courses.ROUTES, *assignments.ROUTES, *statistics.ROUTES,
    *class_pages.ROUTES, *class_students.ROUTES, *indexes.ROUTES,
    *assignment_exports.ROUTES, *lti.ROUTES]
"""Every route, by resource; each finds the service in ``request.app.state``."""

SETTINGS_ENV = "GAMETRACE_SETTINGS"
"""The environment variable that hands :class:`Settings` to each worker, as JSON."""


def create_app(settings: Settings, store: TraceStore | None = None) -> Starlette:
    """The app; ``store`` replaces the SQLite store named in ``settings`` (tests)."""
    from .lti.config import load_tool_config
    from .lti.store import LtiStore

    # the tool configuration first: a refused file leaves no store behind
    tool = None if settings.lti is None else load_tool_config(settings.lti)
    service = Service(settings, store, lti=tool, lti_tables=LtiStore)
    routes = [*ROUTES, Mount("/static", StaticFiles(directory=static_dir()), name="static")]
    gate = Middleware(RequestGate, cors_origins=settings.cors_origins,
                      rate=settings.rate_limit, burst=settings.rate_burst,
                      trusted_proxies=settings.trusted_proxies,
                      unread=2 * settings.max_answer, answer_rate=settings.answer_rate,
                      answer_burst=2 * settings.max_answer)
    headers = Middleware(SecurityHeaders, frame_ancestors=settings.frame_ancestors)
    app = Starlette(routes=routes, middleware=[headers, gate],
                    exception_handlers={404: no_route, 405: no_route}, lifespan=_lifespan)
    app.state.service = service
    return app


@asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    """While the app serves: the LMS score sender of this process (:mod:`.lti.scores`)."""
    from .lti.scores import sending

    async with sending(app):
        yield


def settings_to_environment(settings: Settings) -> str:
    """``settings`` as the JSON :func:`app_from_environment` reads back."""
    data = dataclasses.asdict(settings)
    if settings.seed_dir is not None:
        data["seed_dir"] = str(settings.seed_dir)
    return json.dumps(data, sort_keys=True)


def app_from_environment() -> Starlette:
    """The app ``uvicorn --factory`` builds in each worker (``gametrace serve --workers``)."""
    data = json.loads(os.environ[SETTINGS_ENV])
    data = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}  # JSON: []
    if data.get("seed_dir") is not None:
        data["seed_dir"] = Path(data["seed_dir"])
    return create_app(Settings(**data))
