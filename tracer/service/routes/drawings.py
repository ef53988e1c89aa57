"""Drawing: ``POST /v1/render`` (a trace's diagram), ``POST /v1/frames`` (its steps, a
page at a time) and ``POST /v1/worksheet`` (the blank tree of a quiz, as SVG, PNG or PDF).

Game positions are not drawn as worksheets (a worksheet of a game has more nodes than
a sheet: the refusal says so in one line, docs/service.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...said import said
from ..core import content_of, service_of
from ..json_values import JsonValue
from ..models.answer_models import Frame, FramesResponse, answer_text
from ..models.problem_details import guarded
from ..models.request_models import RenderRequest, WorksheetRequest
from ..web import drawing_response, json_response

# Type-only: a trace is read in the worker; the Service is handed in by the route.
if TYPE_CHECKING:
    from ...trace import Trace
    from ..core import Service

__all__ = ["NO_GAME_SHEET", "PAGE_BYTES", "ROUTES", "frames_answer"]

PAGE_BYTES = 1_000_000
"""SVG bytes one answer of frames holds, at most (one frame at least): a page of a big
game's frames ends early, and the stepper asks for the next one."""

NO_GAME_SHEET = said("worksheets are drawn for trees and examples, not games: a game "
                     "position has more nodes than a sheet (search it with a depth limit "
                     "instead)")


async def render(request: Request) -> Response:
    service = service_of(request)
    asked = await service.read(request, RenderRequest)

    def work() -> bytes:
        from ...render._entry import render_bytes

        return render_bytes(service.trace_of(asked.trace, "trace"), asked.format,
                            service.render_options(asked.options))

    return drawing_response(await service.job(work), asked.format)


async def frames(request: Request) -> Response:
    service = service_of(request)
    asked = await service.read(request, RenderRequest)
    return json_response(await service.job(
        lambda: frames_answer(service, service.trace_of(asked.trace, "trace"),
                              asked.options, first=asked.first, count=asked.count)))


async def worksheet(request: Request) -> Response:
    service = service_of(request)
    asked = await service.read(request, WorksheetRequest)

    def work() -> bytes:
        from ..._api import worksheet_svg

        # the leaves are counted before anything is searched or drawn
        return worksheet_svg(content_of(asked, games=NO_GAME_SHEET), limits=service.limits(),
                             lang=asked.lang, theme=asked.theme, fmt=asked.format)

    return drawing_response(await service.job(work), asked.format)


def frames_answer(service: Service, trace: Trace, options: Mapping[str, JsonValue], *,
                  first: int = 0, count: int | None = None) -> str:
    """A page of the frames of ``trace``, as SVG with their captions (``FramesResponse``):
    from ``first``, at most ``count`` and ``max_frames`` of them and
    :data:`PAGE_BYTES` of SVG (one frame at least), of a sequence of at most
    ``max_nodes`` frames (the node budget of one search)."""
    from ..._api import frame_pictures

    s = service.settings
    # the page writes each caption beside its picture, as the HTML player does
    pictures = frame_pictures(trace, service.render_options(options), first=first,
                              count=min(count or s.max_frames, s.max_frames),
                              max_total=s.max_nodes, max_bytes=PAGE_BYTES)
    return answer_text(FramesResponse(
        count=pictures.total, first=pictures.first, title=pictures.title,
        caption=pictures.caption,
        frames=[Frame(svg=svg.decode(), caption=caption) for svg, caption in pictures.frames]))


ROUTES = [
    Route("/v1/render", guarded(render), methods=["POST"]),
    Route("/v1/frames", guarded(frames), methods=["POST"]),
    Route("/v1/worksheet", guarded(worksheet), methods=["POST"]),
]
