"""Big traces browsed through their index (``gametrace browse``): ``GET /v1/indexes``,
``/v1/indexes/{name}`` (the overview: header, result, statistics per depth, the root and
its children), ``/v1/indexes/{name}/nodes/{ord}`` (a node and its children, a page at a
time), ``/v1/indexes/{name}/find?path=`` (a node by its path of moves) and
``/v1/indexes/{name}/nodes/{ord}/subtree`` (a subtree within a depth and a node budget,
the rest folded).

The indexes served are the files named in the environment variable
:data:`INDEXES_ENV` (``gametrace browse`` sets it; separated by ``os.pathsep``), each
under its file name without ``.index``; they are opened read only, once per process.
Every answer is a few lookups through the index (:mod:`tracer.analysis.index`), bounded
by the query's limits below, and says how long the lookup took (``took_ms``), so that the
page can show what the server spent and what the network added.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...analysis.index import Index, IndexNode, open_index
from ...jsonio import dumps_json
from ...said import said
from ..json_values import JsonObject, JsonValue
from ..models.problem_details import Problem, guarded
from ..web import int_param, json_response, too_long

__all__ = ["INDEXES_ENV", "LIMITS", "ROUTES", "index_name"]

INDEXES_ENV = "GAMETRACE_INDEXES"
"""The index files the service browses (``gametrace browse`` sets it for its workers)."""

LIMITS = {"children": 500, "depth": 8, "budget": 500, "path": 2_000}
"""The most children one page of a node gives, the deepest and largest subtree drawn,
and the longest path searched for."""

_NAME = re.compile(r"[^A-Za-z0-9._-]+")
_OPEN: dict[str, Index] = {}
"""The indexes opened in this process, by real path."""
_LOCK = threading.Lock()


def index_name(path: str) -> str:
    """The name an index file is served under: its file name without ``.index``."""
    base = os.path.basename(path)
    base = base[:-len(".index")] if base.endswith(".index") else base
    return _NAME.sub("-", base) or "index"


def _files() -> dict[str, str]:
    paths = [p for p in os.environ.get(INDEXES_ENV, "").split(os.pathsep) if p]
    return {index_name(p): p for p in paths}


def _index(request: Request) -> tuple[str, Index]:
    return _named(request.path_params["name"])


def _named(name: str) -> tuple[str, Index]:
    """The index served as ``name``, opened on first use (404 if none is)."""
    files = _files()
    if name not in files:
        raise Problem(404, "Not found", said("no index {name!r} (served: {served})", name=name,
                                             served=", ".join(sorted(files))) if files
                      else said("no index {name!r} (served: none)", name=name))
    path = os.path.realpath(files[name])
    with _LOCK:
        if path not in _OPEN:
            _OPEN[path] = open_index(path)
        return name, _OPEN[path]


def _node(node: IndexNode) -> JsonObject:
    out: JsonObject = {k: v for k, v in node.to_json().items()}
    return out


def _timed(fn: Callable[[], JsonObject]) -> Response:
    start = time.perf_counter()
    with _LOCK:  # one connection per index, shared by the threads of this process
        answer = fn()
    answer["took_ms"] = round((time.perf_counter() - start) * 1e3, 3)
    return json_response(dumps_json(answer))


def _ord(request: Request, index: Index) -> int:
    ord_ = int_param(request.path_params["ord"], "ord", 0, 0, max(index.nodes - 1, 0))
    return ord_


def _summary(name: str, index: Index) -> JsonObject:
    source = index.header.get("source", {})
    return {"name": name, "algorithm": index.header.get("algorithm"),
            "variant": index.header.get("variant"),
            "source": source.get("name") if isinstance(source, dict) else None,
            "events": index.events, "nodes": index.nodes}


async def list_indexes(request: Request) -> Response:
    items: list[JsonValue] = []
    for name in sorted(_files()):
        items.append(_summary(*_named(name)))
    return json_response(dumps_json({"items": items}))


async def overview(request: Request) -> Response:
    name, index = _index(request)
    limit = int_param(request.query_params.get("limit"), "limit", 100, 1, LIMITS["children"])

    def answer() -> JsonObject:
        root = index.root()  # the last iteration's (the one the result gives)
        if root is None:
            raise Problem(422, "Invalid content", said("the index has no nodes"))
        return {**_summary(name, index), "header": index.header, "result": index.result,
                "stats": index.stats, "node": _node(root), "path": [],
                "searches": _searches(index, root),
                "children": [_node(c) for c in index.children(root.ord, limit=limit)]}

    return _timed(answer)


def _searches(index: Index, node: IndexNode) -> list[JsonValue]:
    """Every search of ``node``'s node under its parent's search, in order (one when it
    was searched once)."""
    return [_node(n) for n in index.searches(node)]


def _path(index: Index, node: IndexNode) -> list[JsonValue]:
    """The nodes from the root's child down to ``node``'s parent (bounded by the depth)."""
    chain: list[JsonValue] = []
    parent = node.parent
    while parent is not None:
        above = index.node(parent)
        if above is None or above.parent is None:
            break
        chain.append(_node(above))
        parent = above.parent
    chain.reverse()
    return chain


async def node_children(request: Request) -> Response:
    _, index = _index(request)
    ord_ = _ord(request, index)
    q = request.query_params
    limit = int_param(q.get("limit"), "limit", 100, 1, LIMITS["children"])
    offset = int_param(q.get("offset"), "offset", 0, 0, 1_000_000_000)

    def answer() -> JsonObject:
        node = index.node(ord_)  # a number within the index's without a row is damage
        if node is None:  # an index of no nodes: _ord lets 0 through
            raise Problem(422, "Invalid content", said("the index has no nodes"))
        return {"node": _node(node), "path": _path(index, node),
                "searches": _searches(index, node), "offset": offset,
                "limit": limit, "children": [_node(c) for c in
                                             index.children(ord_, offset=offset, limit=limit)]}

    return _timed(answer)


async def find_node(request: Request) -> Response:
    _, index = _index(request)
    path = request.query_params.get("path", "")
    if len(path) > LIMITS["path"]:
        raise Problem(400, "Bad request", too_long("path", len(path), LIMITS["path"]),
                      where="path")

    def answer() -> JsonObject:
        node = index.find(path)
        return {"node": _node(node), "path": _path(index, node),
                "searches": _searches(index, node), "offset": 0, "limit": 100,
                "children": [_node(c) for c in index.children(node.ord)]}

    return _timed(answer)


async def subtree(request: Request) -> Response:
    _, index = _index(request)
    ord_ = _ord(request, index)
    q = request.query_params
    depth = int_param(q.get("depth"), "depth", 3, 0, LIMITS["depth"])
    budget = int_param(q.get("budget"), "budget", 100, 1, LIMITS["budget"])

    def answer() -> JsonObject:
        drawn = index.subtree(ord_, depth=depth, budget=budget)
        return {"depth": depth, "budget": budget,
                "nodes": [_node(n) for n in drawn.nodes],
                "folds": [{k: v for k, v in f.to_json().items()} for f in drawn.folds]}

    return _timed(answer)


ROUTES = [
    Route("/v1/indexes", guarded(list_indexes), methods=["GET"]),
    Route("/v1/indexes/{name}", guarded(overview), methods=["GET"]),
    Route("/v1/indexes/{name}/find", guarded(find_node), methods=["GET"]),
    Route("/v1/indexes/{name}/nodes/{ord}", guarded(node_children), methods=["GET"]),
    Route("/v1/indexes/{name}/nodes/{ord}/subtree", guarded(subtree), methods=["GET"]),
]
