"""The expected answer of a check: a trace this service computed, never one a client made.

A trace posted with a check, or stored by ``POST /v1/traces``, says what it searched
(its header) but anyone can write its events: tagged like a recorded trace, a forged
one made ``/v1/check`` grade a correct answer 0%.  So a trace is used as the answer key
only when the store says this service computed it (or seeded it from the repository's
``traces/``, computed by the project); any other is searched again from the source its
header names, with its header's options, within the service's budgets:

- a lecture example, by its name (the example's own tree, whatever the header holds);
- a built-in game, by its name and parameters;
- a search problem (A*), by its name, parameters and heuristic;
- else the tree the header carries.

A header naming none of these (a user's own game, a trace of nothing) is refused with a
422: the service has nothing to search again.  The search is the one ``gametrace run``
makes with those options: for the repository's traces it gives the same bytes.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ...errors import LimitExceeded
from ...said import said
from ..models.problem_details import Problem
from ..models.request_models import TraceRef
from ..storage.store import TRUSTED, param_text, trace_id

# Type-only: the library is loaded by the workers; the Service is handed in by the route.
if TYPE_CHECKING:
    from ..._api import Content, Limits
    from ...trace import Trace
    from ..core import Service

__all__ = ["NOT_AN_ANSWER_KEY", "answer_key", "search_again"]

_NOT_AN_ANSWER_KEY = said("an uploaded trace cannot be the expected answer: its header names "
                          "no source this service can search again (a lecture example, a "
                          "built-in game with its params, a search problem, or the tree "
                          "itself); check against the example or the tree, or a trace this "
                          "service computed")
NOT_AN_ANSWER_KEY = str(_NOT_AN_ANSWER_KEY)
"""Why an uploaded trace is not an answer key (the English of the problem's detail)."""


def answer_key(service: Service, value: TraceRef, field_name: str) -> Trace:
    """The trace of request field ``field_name`` (a stored id or the trace itself) if this
    service computed it, else the trace of searching its source again."""
    from ..._api import trace_text

    trace: Trace = service.trace_of(value, field_name)
    ident = value if isinstance(value, str) else trace_id(trace_text(trace).encode())
    if service.store.origin(ident) in TRUSTED:
        return trace
    return search_again(trace, service.limits())


def search_again(trace: Trace, limits: Limits) -> Trace:
    """The trace of searching again the source ``trace``'s header names, with its options
    (see the module's docstring); a :class:`Problem` when it names none."""
    from ...record import MemoryRecorder
    from ...sources import builtin_names

    header = trace.header
    source, options = header.source, header.options
    kind, name = source.get("kind"), source.get("name")
    examples, games = builtin_names()
    if kind == "problem":
        return _astar_again(trace, limits)
    content: Content
    params: dict[str, str] | None = None
    if kind == "tree" and name in examples:
        content = name
    elif kind == "game" and name in games:
        content = name
        raw = source.get("params") or {}
        params = {str(k): param_text(v) for k, v in raw.items()} if isinstance(raw, dict) \
            else {}
    elif kind == "tree" and isinstance(source.get("tree"), dict | list):
        from ...trees import parse_tree_json

        content = parse_tree_json(source["tree"], file="trace")
    else:
        raise Problem(422, "Not an answer key", _NOT_AN_ANSWER_KEY)
    from ..._api import SearchSpec, search_content

    recorder = MemoryRecorder()
    try:
        spec = SearchSpec.from_header(header, limits=limits)
        if kind == "tree":  # the root player is a tree's: a game has its own
            spec = dataclasses.replace(spec, root_player=options.get("root_player"))
        result = search_content(content, spec=spec, params=params, recorder=recorder)
    except (TypeError, IndexError, KeyError) as exc:  # the schema leaves some options open
        raise Problem(422, "Not an answer key", said("the trace's header has options this "
                                                     "service cannot search with ({reason})",
                                                     reason=str(exc))) from None
    if not result.complete:
        raise LimitExceeded(said("searching the trace's source again stopped ({stopped}) "
                                 "before its end: check against a smaller tree",
                                 stopped=result.stopped))
    return recorder.trace


def _astar_again(trace: Trace, limits: Limits) -> Trace:
    from ..._api import search_problem
    from ...problems import PROBLEMS
    from ...record import MemoryRecorder

    source = trace.header.source
    name = source.get("name")
    if name not in PROBLEMS:
        raise Problem(422, "Not an answer key", _NOT_AN_ANSWER_KEY)
    raw = source.get("params") or {}
    heuristic = source.get("heuristic")
    recorder = MemoryRecorder()
    result = search_problem(
        str(name), params={str(k): param_text(v) for k, v in raw.items()}
        if isinstance(raw, dict) else {},
        heuristic=heuristic if isinstance(heuristic, str) else None,
        variant=trace.header.variant, recorder=recorder, limits=limits)
    if not result.complete:
        raise LimitExceeded(said("searching {name} again stopped ({stopped}) before its "
                                 "end: check against a smaller problem", name=str(name),
                                 stopped=result.stopped))
    return recorder.trace
