"""Exercises: ``POST /v1/exercise`` (a random alpha-beta tree with a number of cuts in
range, and its answer key)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..core import service_of
from ..json_values import RawJson
from ..models.answer_models import ExerciseResponse, answer_text
from ..models.problem_details import guarded
from ..models.request_models import ExerciseRequest
from ..web import json_response

__all__ = ["ROUTES", "exercise_answer"]

MAX_ATTEMPTS = 2_000
"""Trees drawn, at most, before an exercise gives up (its work is bounded too)."""


async def exercise(request: Request) -> Response:
    service = service_of(request)
    asked = await service.read(request, ExerciseRequest)
    work = service.settings.max_exercise_work
    return json_response(await service.job(lambda: exercise_answer(asked, work)))


def exercise_answer(asked: ExerciseRequest, work: int) -> str:
    """The exercise ``asked`` for, within ``work`` (``ExerciseResponse``)."""
    from ..._api import make_exercise, trace_text
    from ...trees import format_tree_text

    ex = make_exercise(branching=asked.branching, depth=asked.depth, cuts=asked.cuts,
                       values=asked.values, seed=asked.seed, variant=asked.variant,
                       cut_on=asked.cut_on, max_attempts=MAX_ATTEMPTS, max_work=work)
    return answer_text(ExerciseResponse(
        name=ex.name, text=format_tree_text(ex.tree), tree=ex.tree.to_json(),
        answer=ex.solution.to_json(), cuts=ex.cuts, trace=RawJson(trace_text(ex.trace))))


ROUTES = [Route("/v1/exercise", guarded(exercise), methods=["POST"])]
