"""Routes for teaching: check an answer, the quiz's worksheet, diff two traces, compare
orderings, generate an exercise.

Game positions are not checked or drawn as worksheets here (``gametrace check`` refuses
games too, and a worksheet of a game has more nodes than a sheet: each refusal says so
in one line, docs/service.md); they are compared, each search within a share of the
comparison's budget, since their size is not known before they are searched.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..errors import LimitExceeded
from ..jsonio import dumps_json
from ..search.common import NO_LIMITS, Limits
from .answers import answer_key
from .core import content_of
from .problem_details import guarded
from .web import drawing_response, json_response

if TYPE_CHECKING:
    from .core import Service

__all__ = ["DIAGNOSIS_NODES", "routes"]

DIAGNOSIS_NODES = 2_000
"""Largest tree whose wrong answers get a diagnosis (it searches the tree many times)."""

NO_GAME_CHECK = ("answers are checked against a tree, an example, a problem or a recorded "
                 "trace, not a game (as by gametrace check): search the game position and "
                 "post its trace")
NO_GAME_SHEET = ("worksheets are drawn for trees and examples, not games: a game position "
                 "has more nodes than a sheet (search it with a depth limit instead)")


def routes(service: Service) -> list[Route]:
    """The routes."""

    async def check(request: Request) -> Response:
        body = await service.body(request, "CheckRequest")

        def work() -> str:
            from ..api import check_answer
            from ..spec import request_options

            # the answer's own conventions, with what the request gives on top: the
            # spec is made once they are merged (check_answer)
            options = {**request_options(body), "heuristic": body.get("heuristic")}
            wanted = body.get("diagnosis", True)
            if "trace" in body:
                # a trace this service computed, else the search of its source again
                trace = answer_key(service, body["trace"], "trace")
                small = len(trace.events) <= 4 * DIAGNOSIS_NODES
                report = check_answer(body["answer"], trace=trace, diagnosis=wanted and small)
            elif "problem" in body:
                report = check_answer(body["answer"], problem=body["problem"],
                                      params=body.get("params"), diagnosis=wanted,
                                      limits=service.limits({}), **options)
            else:
                source = content_of(body, games=NO_GAME_CHECK)
                tree = source if not isinstance(source, str) else _example(source)
                # the diagnosis searches the tree again a few dozen times: small trees only
                report = check_answer(body["answer"], source=tree,
                                      diagnosis=wanted and tree.size <= DIAGNOSIS_NODES,
                                      limits=service.limits({}), **options)
            return dumps_json(report.to_json())

        return json_response(await service.job(work))

    async def worksheet(request: Request) -> Response:
        body = await service.body(request, "WorksheetRequest")

        def work() -> bytes:
            from ..api import worksheet_svg

            # the leaves are counted before anything is searched or drawn
            return worksheet_svg(content_of(body, games=NO_GAME_SHEET),
                                 limits=service.limits({}))

        return drawing_response(await service.job(work), "svg")

    async def diff(request: Request) -> Response:
        body = await service.body(request, "DiffRequest")

        def work() -> str:
            from ..api import diff_traces

            result = diff_traces(service.trace_of(body["a"], "a"),
                                 service.trace_of(body["b"], "b"),
                                 context=body.get("context", 3), names=("a", "b"))
            return dumps_json(result.to_json())

        return json_response(await service.job(work))

    async def compare(request: Request) -> Response:
        body = await service.body(request, "CompareRequest")

        def work() -> str:
            from ..analysis.ordering import DEFAULT_ORDERS, parse_orders
            from ..api import compare_orders
            from ..spec import request_options

            source = content_of(body)
            orders = body.get("orders", DEFAULT_ORDERS)
            fixed, randoms = parse_orders(orders)
            searches = 2 + len(fixed) + randoms
            s = service.settings
            limits = NO_LIMITS
            if "game" in body:
                # a game's size is known once searched: each search gets a share of the
                # budget, and one that runs out stops the comparison (LimitExceeded)
                limits = Limits(max_nodes=max(1, min(s.max_nodes,
                                                     s.max_compare_leaves // searches)),
                                time_limit=s.time_limit / searches)
            else:
                tree = source if not isinstance(source, str) else _example(source)
                if tree.leaf_count * searches > s.max_compare_leaves:
                    raise LimitExceeded(
                        f"{len(fixed) + randoms} searches of {tree.leaf_count} leaves are "
                        f"more than this service does at once ({s.max_compare_leaves} "
                        "leaves in all): compare fewer random orderings")
                source = tree
            # the spec's fields the request gives (algorithm, variant, depth, the first
            # random seed, root player); the techniques are one list for every ordering
            report = compare_orders(source, orders=orders, params=body.get("params"),
                                    limits=limits, techniques=body.get("technique", ""),
                                    **request_options(body))
            return dumps_json(report.to_json())

        return json_response(await service.job(work))

    async def exercise(request: Request) -> Response:
        body = await service.body(request, "ExerciseRequest")
        work = service.settings.max_exercise_work
        return json_response(await service.job(lambda: _exercise(body, work)))

    return [
        Route("/v1/check", guarded(check), methods=["POST"]),
        Route("/v1/diff", guarded(diff), methods=["POST"]),
        Route("/v1/worksheet", guarded(worksheet), methods=["POST"]),
        Route("/v1/compare", guarded(compare), methods=["POST"]),
        Route("/v1/exercise", guarded(exercise), methods=["POST"]),
    ]


def _exercise(body: dict[str, Any], work: int) -> str:
    from ..api import make_exercise, trace_text
    from ..trees import format_tree_text

    cuts = body.get("cuts")
    values = body.get("values", [0, 20])
    ex = make_exercise(
        branching=body["branching"], depth=body["depth"],
        cuts=None if cuts is None else (cuts[0], cuts[1]),
        values=(values[0], values[1]), seed=body.get("seed", 0),
        variant=body.get("variant", "fail-soft"), cut_on=body.get("cut_on", "ge"),
        max_attempts=2_000, max_work=work)
    return (dumps_json({"name": ex.name, "text": format_tree_text(ex.tree),
                        "tree": ex.tree.to_json(), "answer": ex.solution.to_json(),
                        "cuts": ex.cuts})[:-1]
            + ',"trace":' + trace_text(ex.trace).rstrip() + "}")


def _example(name: str) -> Any:
    from ..examples import example_tree

    return example_tree(name)
