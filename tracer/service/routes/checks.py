"""Checking an answer: ``POST /v1/check`` (against a tree, an example, a search problem
or a trace this service computed: :mod:`.answers`).

Game positions are not checked here (``gametrace check`` refuses games too: the refusal
says so in one line, docs/service.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...jsonio import dumps_json
from ...said import said
from ..core import content_of, service_of
from ..models.problem_details import guarded
from ..models.request_models import CheckRequest
from ..web import json_response
from .answers import answer_key

# Type-only: trees are parsed in the worker, not when the routes are imported.
if TYPE_CHECKING:
    from ...trees import Tree

__all__ = ["DIAGNOSIS_NODES", "NO_GAME_CHECK", "ROUTES"]

DIAGNOSIS_NODES = 2_000
"""Largest tree whose wrong answers get a diagnosis (it searches the tree many times)."""

NO_GAME_CHECK = said("answers are checked against a tree, an example, a problem or a "
                     "recorded trace, not a game (as by gametrace check): search the game "
                     "position and post its trace")


async def check(request: Request) -> Response:
    service = service_of(request)
    asked = await service.read(request, CheckRequest)

    def work() -> str:
        from ..._api import check_answer

        if asked.trace is not None:
            # a trace this service computed, else the search of its source again
            trace = answer_key(service, asked.trace, "trace")
            small = len(trace.events) <= 4 * DIAGNOSIS_NODES
            report = check_answer(asked.answer, trace=trace,
                                  diagnosis=asked.diagnosis and small, lang=asked.lang)
            return dumps_json(report.to_json())
        tree: Tree | None = None
        diagnosis = asked.diagnosis
        if asked.problem is None:
            source = content_of(asked, games=NO_GAME_CHECK)
            tree = source if not isinstance(source, str) else example_tree(source)
            # the diagnosis searches the tree again a few dozen times: small trees only
            diagnosis = diagnosis and tree.size <= DIAGNOSIS_NODES
        # the answer's own conventions, with what the request gives on top (None: not
        # given): the spec is made once they are merged (check_answer)
        report = check_answer(
            asked.answer, source=tree, problem=asked.problem,
            params=asked.params if asked.problem is not None else None,
            diagnosis=diagnosis, limits=service.limits(), lang=asked.lang,
            algorithm=asked.algorithm,
            variant=asked.variant, order=asked.order, seed=asked.seed, depth=asked.depth,
            cut_on=asked.cut_on, root_player=asked.root_player, heuristic=asked.heuristic)
        return dumps_json(report.to_json())

    return json_response(await service.job(work))


def example_tree(name: str) -> Tree:
    """The lecture example ``name``'s tree (the request's name was checked: an enum)."""
    from ...examples import example_tree as tree_of

    return tree_of(name)


ROUTES = [Route("/v1/check", guarded(check), methods=["POST"])]
