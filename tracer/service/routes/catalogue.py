"""What the service offers: ``GET /v1/examples``, ``/v1/games`` and ``/v1/algorithms``
(the page's menus, read from the library)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...jsonio import dumps_json
from ..core import service_of
from ..json_values import as_object
from ..models.openapi import component_schema
from ..models.problem_details import guarded
from ..web import json_response

__all__ = ["ROUTES"]


async def examples(request: Request) -> Response:
    from ...examples import EXAMPLES

    # the same list as gametrace examples --json: one to_json for both
    return json_response(dumps_json([e.to_json() for e in EXAMPLES.values()]))


async def games(request: Request) -> Response:
    from ...games.registry import GAMES

    return json_response(dumps_json([spec.to_json() for spec in GAMES.values()]))


async def algorithms(request: Request) -> Response:
    # absolute: the library's classroom, not the service's classroom routes
    from tracer.classroom.assignments import FEEDBACK, LATE, SOLUTION

    from ...problems import PROBLEMS
    from ...render.model.canvas import SIZES
    from ...render.model.render_options import FORMATS, LANGS, STEPS, THEMES
    from ...spec import menus
    from ...windows import WINDOW_DEFAULT, WINDOWS

    s = service_of(request).settings
    render_options = as_object(component_schema("RenderOptions")["properties"])
    # the search menus are the spec's (tracer.spec.FIELDS), as the command line's
    return json_response(dumps_json({
        **menus(), "problems": list(PROBLEMS),
        "render": {"formats": list(FORMATS), "steps": list(STEPS), "langs": list(LANGS),
                   "themes": list(THEMES), "sizes": list(SIZES),
                   "windows": list(WINDOWS), "window_default": WINDOW_DEFAULT,
                   "options": sorted(render_options)},
        "limits": {"max_nodes": s.max_nodes, "time_limit": s.time_limit,
                   "max_body": s.max_body, "max_frames": s.max_frames},
        # the assignment form's menus: the classroom's own policies
        "policies": {"feedback": list(FEEDBACK), "solution": list(SOLUTION),
                     "late": list(LATE)}}))


ROUTES = [
    Route("/v1/examples", guarded(examples)),
    Route("/v1/games", guarded(games)),
    Route("/v1/algorithms", guarded(algorithms)),
]
