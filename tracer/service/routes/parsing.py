"""Reading a tree: ``POST /v1/parse`` (any input form; its JSON, text and size)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..core import request_tree, service_of
from ..models.answer_models import ParseResponse, answer_text
from ..models.problem_details import guarded
from ..models.request_models import ParseRequest
from ..web import json_response

__all__ = ["ROUTES"]


async def parse(request: Request) -> Response:
    service = service_of(request)
    asked = await service.read(request, ParseRequest)

    def work() -> str:
        from ...trees import format_tree_text

        tree = request_tree(asked.tree, asked.root_player)
        return answer_text(ParseResponse(tree=tree.to_json(), text=format_tree_text(tree),
                                         nodes=tree.size, leaves=tree.leaf_count,
                                         height=tree.height))

    return json_response(await service.job(work))


ROUTES = [Route("/v1/parse", guarded(parse), methods=["POST"])]
