"""Comparing: ``POST /v1/diff`` (where two traces part) and ``POST /v1/compare`` (what
each ordering saves on one source).

A game position is compared too, each search within a share of the comparison's budget,
since its size is not known before it is searched.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...errors import LimitExceeded
from ...jsonio import dumps_json
from ...limits import NO_LIMITS, Limits
from ...said import said
from ...spec import FIELDS
from ..core import content_of, service_of
from ..models.problem_details import guarded
from ..models.request_models import CompareRequest, DiffRequest
from ..web import json_response
from .checks import example_tree

__all__ = ["ROUTES"]


async def diff(request: Request) -> Response:
    service = service_of(request)
    asked = await service.read(request, DiffRequest)

    def work() -> str:
        from ..._api import diff_traces

        result = diff_traces(service.trace_of(asked.a, "a"), service.trace_of(asked.b, "b"),
                             context=asked.context, names=("a", "b"))
        return dumps_json(result.to_json())

    return json_response(await service.job(work))


async def compare(request: Request) -> Response:
    service = service_of(request)
    asked = await service.read(request, CompareRequest)

    def work() -> str:
        from ..._api import compare_orders
        from ...analysis.orderings import DEFAULT_ORDERS, parse_orders

        source = content_of(asked)
        orders = asked.orders if asked.orders is not None else DEFAULT_ORDERS
        fixed, randoms = parse_orders(orders)
        searches = 2 + len(fixed) + randoms
        s = service.settings
        limits = NO_LIMITS
        if asked.game is not None:
            # a game's size is known once searched: each search gets a share of the
            # budget, and one that runs out stops the comparison (LimitExceeded)
            limits = Limits(max_nodes=max(1, min(s.max_nodes,
                                                 s.max_compare_leaves // searches)),
                            time_limit=s.time_limit / searches)
        else:
            tree = source if not isinstance(source, str) else example_tree(source)
            if tree.leaf_count * searches > s.max_compare_leaves:
                raise LimitExceeded(said(
                    "{searches} searches of {leaves} leaves are more than this service does "
                    "at once ({most} leaves in all): compare fewer random orderings",
                    searches=len(fixed) + randoms, leaves=tree.leaf_count,
                    most=s.max_compare_leaves))
            source = tree
        # the spec's fields the request gives (algorithm, variant, depth, the first
        # random seed, root player); the techniques are one list for every ordering
        report = compare_orders(
            source, orders=orders, params=asked.params, limits=limits,
            techniques=asked.technique or "",
            algorithm=asked.algorithm or FIELDS["algorithm"].default, variant=asked.variant,
            depth=asked.depth, seed=asked.seed or 0, root_player=asked.root_player,
            lang=asked.lang)
        return dumps_json(report.to_json())

    return json_response(await service.job(work))


ROUTES = [
    Route("/v1/diff", guarded(diff), methods=["POST"]),
    Route("/v1/compare", guarded(compare), methods=["POST"]),
]
