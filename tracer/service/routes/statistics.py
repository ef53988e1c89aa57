"""Statistics: ``POST /v1/stats``, a search's statistics per depth (the document
``gametrace stats --json`` prints), of a trace (posted, or a stored one's id) or of a
search the request asks for as ``POST /v1/search`` does.

A search asked for here keeps no trace: its events are counted as they come
(:func:`tracer.analysis.stats.tally_search`), within the service's node and time budgets;
one that a budget stops is refused (422), since the statistics of part of a search would
pass for the whole.  ``minimal`` searches the tree again, perfectly ordered, within the
same budgets.  Like every job it runs in a worker process of its own (:mod:`..jobs.isolation`).
"""

from __future__ import annotations

import dataclasses

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...errors import UsageError
from ...said import said
from ..core import content_of, service_of
from ..models.answer_models import StatsResponse, answer_text
from ..models.problem_details import guarded
from ..models.request_models import StatsRequest, spec_options
from ..web import json_response

__all__ = ["ROUTES"]


async def stats(request: Request) -> Response:
    service = service_of(request)
    asked = await service.read(request, StatsRequest)
    limits = service.limits(max_nodes=asked.max_nodes, time_limit=asked.time_limit)

    def work() -> str:
        from ..._api import SearchSpec
        from ...analysis.stats import minimal_tree, stats_of_loaded, tally_search

        if asked.trace is not None:
            extra = asked.searched_fields()
            if extra:
                raise UsageError(said("give a trace or what to search, not both (the "
                                      "trace came with: {fields})", fields=", ".join(extra)))
            trace = service.trace_of(asked.trace, "trace")
            found = stats_of_loaded(trace, file="trace", by_class=asked.by_class)
            header = trace.header
        else:
            spec = SearchSpec.from_request(spec_options(asked), limits=limits)
            if asked.tree is not None:  # a posted tree was read with its root player
                spec = dataclasses.replace(spec, root_player=None)
            found, header = tally_search(content_of(asked), spec=spec, params=asked.params,
                                         by_class=asked.by_class)
        if asked.minimal:
            found = found.with_minimal(minimal_tree(header, file="trace", limits=limits))
        return answer_text(StatsResponse.of(found))

    return json_response(await service.job(work))


ROUTES = [Route("/v1/stats", guarded(stats), methods=["POST"])]
