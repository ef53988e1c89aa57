"""Routes that search and draw: ``POST /v1/search``, ``/v1/render``, ``/v1/frames``."""

from __future__ import annotations

import dataclasses
import json
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..jsonio import dumps_json
from .core import content_of, trace_budget
from .problem_details import guarded
from .web import drawing_response, json_response

if TYPE_CHECKING:
    from .core import Service

__all__ = ["frames_json", "routes"]


def routes(service: Service) -> list[Route]:
    """The routes; :func:`frames_json` is shared with the library of recorded traces."""

    async def search(request: Request) -> Response:
        body = await service.body(request, "SearchRequest")
        # the answer carries the whole trace: its size is a budget of the search too
        limits = dataclasses.replace(
            service.limits(body),
            max_trace_bytes=trace_budget(service.settings.max_answer))

        store = bool(body.get("store"))

        def work() -> tuple[bytes, str | None, dict[str, str] | None]:
            # the whole answer is made here, in the job's process: the server only passes
            # its bytes on (a 20 MB trace decoded, joined and encoded again in the server
            # took the event loop from every other client for a tenth of a second)
            from ..api import SearchSpec, record_search
            from .store import describe, trace_id

            spec = SearchSpec.from_request(body, limits=limits)
            if "tree" in body:  # a posted tree was read with its root player (content_of)
                spec = dataclasses.replace(spec, root_player=None)
            result, text = record_search(content_of(body), spec=spec, params=body.get("params"))
            ident = trace_id(text.encode()) if store else None
            head = {"id": ident, "complete": result.complete, "stopped": result.stopped,
                    "value": result.to_json()["value"], "move": result.move,
                    "pv": list(result.pv), "stats": result.stats.to_json()}
            answer = (dumps_json(head)[:-1] + ',"trace":' + text.rstrip() + "}").encode()
            if not store:
                return answer, None, None
            return answer, text, describe(json.loads(text)["header"])

        answer, text, info = await service.job(work)
        if text is not None and info is not None:
            await service.put(text, body.get("tags", []), info=info)
        return Response(answer, media_type="application/json")

    async def render(request: Request) -> Response:
        body = await service.body(request, "RenderRequest")
        fmt = body.get("format", "svg")

        def work() -> bytes:
            from ..api import draw_trace

            return draw_trace(service.trace_of(body["trace"], "trace"),
                              service.render_options(body.get("options", {})), fmt)

        return drawing_response(await service.job(work), fmt)

    async def frames(request: Request) -> Response:
        body = await service.body(request, "RenderRequest")
        return json_response(await service.job(
            lambda: frames_json(service, service.trace_of(body["trace"], "trace"),
                                body.get("options", {}))))

    return [
        Route("/v1/search", guarded(search), methods=["POST"]),
        Route("/v1/render", guarded(render), methods=["POST"]),
        Route("/v1/frames", guarded(frames), methods=["POST"]),
    ]


def frames_json(service: Service, trace: Any, options: dict[str, Any]) -> str:
    """Every frame of ``trace`` as SVG with its caption (``FramesResponse``)."""
    from ..api import frame_pictures

    # the page writes each caption beside its picture, as the HTML player does
    pictures = frame_pictures(trace, service.render_options(options))
    return dumps_json({"count": len(pictures.frames), "caption": pictures.caption,
                       "frames": [{"svg": svg.decode(), "caption": caption}
                                  for svg, caption in pictures.frames]})
