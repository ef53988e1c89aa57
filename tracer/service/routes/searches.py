"""Searching: ``POST /v1/search`` (a posted tree, an example or a game; the answer
carries the whole trace, and may store it)."""

from __future__ import annotations

import dataclasses
import json

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..core import content_of, service_of, trace_budget
from ..json_values import RawJson
from ..models.answer_models import SearchResponse, answer_text
from ..models.problem_details import guarded
from ..models.request_models import SearchRequest, spec_options

__all__ = ["ROUTES"]


async def search(request: Request) -> Response:
    service = service_of(request)
    asked = await service.read(request, SearchRequest)
    # the answer carries the whole trace: its size is a budget of the search too
    limits = dataclasses.replace(
        service.limits(max_nodes=asked.max_nodes, time_limit=asked.time_limit),
        max_trace_bytes=trace_budget(service.settings.max_answer))

    def work() -> tuple[bytes, str | None, dict[str, str] | None]:
        # the whole answer is made here, in the job's process: the server only passes
        # its bytes on (a 20 MB trace decoded, joined and encoded again in the server
        # took the event loop from every other client for a tenth of a second)
        from ..._api import SearchSpec, record_search
        from ..storage.store import describe, trace_id

        spec = SearchSpec.from_request(spec_options(asked), limits=limits)
        if asked.tree is not None:  # a posted tree was read with its root player
            spec = dataclasses.replace(spec, root_player=None)
        result, text = record_search(content_of(asked), spec=spec, params=asked.params)
        answer = SearchResponse(
            id=trace_id(text.encode()) if asked.store else None, complete=result.complete,
            stopped=result.stopped, value=result.to_json()["value"], move=result.move,
            pv=list(result.pv), stats=result.stats.to_json(), trace=RawJson(text))
        data = answer_text(answer).encode()
        if not asked.store:
            return data, None, None
        return data, text, describe(json.loads(text)["header"])

    data, text, info = await service.job(work)
    if text is not None and info is not None:
        await service.put(text, asked.tags, info=info)
    return Response(data, media_type="application/json")


ROUTES = [Route("/v1/search", guarded(search), methods=["POST"])]
