"""Routes that describe what the service offers (examples, games, algorithms, the OpenAPI
document), the page itself, and parsing a tree."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Route

from ..jsonio import dumps_json
from .core import request_tree
from .openapi import openapi
from .problems import guarded
from .web import json_response, static_dir

if TYPE_CHECKING:
    from .core import Service

__all__ = ["routes"]


def routes(service: Service) -> list[Route]:
    """``/``, ``GET /v1/openapi.json``, ``/v1/examples``, ``/v1/games``,
    ``/v1/algorithms`` and ``POST /v1/parse``."""

    async def index(request: Request) -> Response:
        return FileResponse(static_dir() / "index.html", media_type="text/html")

    async def openapi_doc(request: Request) -> Response:
        return json_response(dumps_json(openapi()))

    async def examples(request: Request) -> Response:
        from ..examples import EXAMPLES

        # the same list as gametrace examples --json: one to_json for both
        return json_response(dumps_json([e.to_json() for e in EXAMPLES.values()]))

    async def games(request: Request) -> Response:
        from ..games.registry import GAMES

        return json_response(dumps_json([spec.to_json() for spec in GAMES.values()]))

    async def algorithms(request: Request) -> Response:
        from ..problems import PROBLEMS
        from ..render.model.canvas import SIZES
        from ..render.model.options import FORMATS, LANGS, STEPS, THEMES
        from ..spec import menus

        s = service.settings
        # the search menus are the spec's (tracer.spec.FIELDS), as the command line's
        return json_response(dumps_json({
            **menus(), "problems": list(PROBLEMS),
            "render": {"formats": list(FORMATS), "steps": list(STEPS), "langs": list(LANGS),
                       "themes": list(THEMES), "sizes": list(SIZES),
                       "options": sorted(openapi()["components"]["schemas"]["RenderOptions"]
                                         ["properties"])},
            "limits": {"max_nodes": s.max_nodes, "time_limit": s.time_limit,
                       "max_body": s.max_body, "max_frames": s.max_frames}}))

    async def parse(request: Request) -> Response:
        body = await service.body(request, "ParseRequest")

        def work() -> str:
            from ..trees import format_tree_text

            tree = request_tree(body["tree"], body.get("root_player"))
            return dumps_json({"tree": tree.to_json(), "text": format_tree_text(tree),
                               "nodes": tree.size, "leaves": tree.leaf_count,
                               "height": tree.height})

        return json_response(await service.job(work))

    return [
        Route("/", guarded(index)),
        Route("/v1/openapi.json", guarded(openapi_doc)),
        Route("/v1/examples", guarded(examples)),
        Route("/v1/games", guarded(games)),
        Route("/v1/algorithms", guarded(algorithms)),
        Route("/v1/parse", guarded(parse), methods=["POST"]),
    ]
