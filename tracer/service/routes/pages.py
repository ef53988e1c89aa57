"""What a browser and a monitor fetch: the page (``/``) and its icon (``/favicon.ico``),
the OpenAPI document (``GET /v1/openapi.json``) and the health check (``GET /healthz``)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Route

from ...jsonio import dumps_json
from ..core import service_of
from ..models.answer_models import answer_text
from ..models.openapi import openapi
from ..models.problem_details import guarded
from ..web import json_response, static_dir

__all__ = ["ROUTES"]


async def index(request: Request) -> Response:
    return FileResponse(static_dir() / "index.html", media_type="text/html")


async def favicon(request: Request) -> Response:
    # browsers ask for /favicon.ico whatever the page links (the page links the SVG)
    return FileResponse(static_dir() / "favicon.ico", media_type="image/x-icon",
                        headers={"Cache-Control": "public, max-age=86400"})


async def openapi_document(request: Request) -> Response:
    return json_response(dumps_json(openapi()))


async def healthz(request: Request) -> Response:
    # on the event loop, never a job: it answers while every job slot is busy
    return json_response(answer_text(service_of(request).health()))


ROUTES = [
    Route("/", guarded(index)),
    Route("/favicon.ico", guarded(favicon), methods=["GET"]),
    Route("/v1/openapi.json", guarded(openapi_document)),
    Route("/healthz", guarded(healthz), methods=["GET"]),
]
