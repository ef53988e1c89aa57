"""The ASGI app: a thin layer that reads a request, calls the library, answers JSON.

Starlette rather than FastAPI: the request and response schemas are the project's own
JSON Schemas (:mod:`tracer.service.openapi`), which FastAPI would want as pydantic
models (a second copy that can drift); Starlette routes, streams and serves files, and
nothing more.  Every library error becomes an ``application/problem+json`` answer
(RFC 9457) whose ``where`` is the JSON path or the line and column of the fault
(:mod:`.problems`); responses, headers and the job pool are in :mod:`.web`.
Searches, drawings and checks run in a small pool of threads with a large stack (deep
trees recurse), at most ``max_jobs`` at once; each search has a node and a time budget
and ends with ``complete: false`` when it runs out.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..errors import InputError, LimitExceeded, TracerError, UsageError
from ..jsonio import dumps_json
from .openapi import openapi, request_validator
from .problems import Problem, from_library, guarded, nested, no_route
from .store import SqliteStore, TraceStore, describe
from .web import (
    SecurityHeaders,
    drawing_response,
    int_param,
    job_pool,
    json_response,
    static_dir,
    view_params,
)

__all__ = ["Settings", "create_app"]

T = TypeVar("T")

ID_LENGTH = 64
DIAGNOSIS_NODES = 2_000
"""Largest tree whose wrong answers get a diagnosis (it searches the tree many times)."""


@dataclass(frozen=True)
class Settings:
    """The service's limits and its store."""

    db: str
    """The SQLite file (created on first start, with the repository's traces/ in it)."""
    max_body: int = 2_000_000
    """Largest request body, in bytes."""
    max_nodes: int = 200_000
    """Node budget of one search (a request may ask for less)."""
    time_limit: float = 5.0
    """Time budget of one search, in seconds (a request may ask for less)."""
    max_jobs: int = 4
    """Searches, drawings and checks running at once in one process."""
    queue_wait: float = 20.0
    """How long a request waits for a free job slot before a 503."""
    max_frames: int = 400
    """Most frames one request draws."""
    max_compare_leaves: int = 300_000
    """Leaves × searches a comparison of orderings may cost."""
    seed_dir: Path | None = field(default=None)
    """Traces stored on first start (default: the repository's traces/, if present)."""


class Service:
    """The app's state: settings, store, job pool; its methods are the routes."""

    def __init__(self, settings: Settings, store: TraceStore | None = None) -> None:
        self.settings = settings
        self.store: TraceStore = store or SqliteStore(settings.db)
        self.slots = asyncio.Semaphore(settings.max_jobs)
        self.pool = job_pool(settings.max_jobs)
        if isinstance(self.store, SqliteStore):
            from .seed import seed_store

            seed_store(self.store, settings.seed_dir)

    # plumbing ------------------------------------------------------------------------

    async def job(self, fn: Callable[[], T]) -> T:
        """Run ``fn`` in the pool once a slot is free; library errors become problems."""
        try:
            await asyncio.wait_for(self.slots.acquire(), self.settings.queue_wait)
        except TimeoutError:
            raise Problem(503, "Busy", f"{self.settings.max_jobs} jobs are running: "
                                       "retry in a moment") from None
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, fn)
        except (TracerError, RecursionError) as exc:
            raise from_library(exc) from None
        finally:
            self.slots.release()

    async def body(self, request: Request, component: str) -> dict[str, Any]:
        """The JSON body, within the size limit, valid against ``component``."""
        limit = self.settings.max_body
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            raise Problem(413, "Too large", f"the body has {declared} bytes; at most {limit}")
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise Problem(413, "Too large", f"the body exceeds {limit} bytes")
            chunks.append(chunk)
        from ..jsonio import loads_json

        try:
            text = b"".join(chunks).decode("utf-8")
            data = loads_json(text, file="request body")
        except UnicodeDecodeError:
            raise Problem(400, "Bad request", "the body is not UTF-8 text") from None
        except InputError as exc:
            raise Problem(400, "Bad request", exc.message, where=exc.where) from None
        except RecursionError:
            raise Problem(400, "Bad request", "the body is nested too deeply") from None
        from jsonschema.exceptions import best_match

        from ..jsonio import json_path

        try:
            error = best_match(request_validator(component).iter_errors(data))
        except RecursionError:
            raise Problem(422, "Too deep", "the body is nested too deeply") from None
        if error is not None:
            message = str(error.message)
            raise Problem(422, "Invalid request",
                          message if len(message) <= 200 else message[:197] + "...",
                          where=json_path(list(error.absolute_path)))
        assert isinstance(data, dict)  # every request component is an object
        return data

    def trace_of(self, value: Any, field_name: str) -> Any:
        """A trace given in the request: the document itself or the id of a stored one.

        Neither is checked against the trace schema here: the request body was (its trace
        fields are that schema, see :mod:`.openapi`), and so was every stored trace before
        it was stored.  Checking twice cost a third of a request's time."""
        from ..trace import Trace

        if isinstance(value, str):
            return self.stored_trace(value, where=f"$.{field_name}")
        try:
            return Trace.from_json(value, file=field_name)
        except InputError as exc:
            raise nested(exc, field_name) from None

    def stored_trace(self, ident: str, *, where: str | None = None) -> Any:
        from ..trace import Trace

        data = self.store.get(ident)
        if data is None:
            raise Problem(404, "Not found", f"no stored trace {ident}", where=where)
        return Trace.from_json(json.loads(data), file=f"trace {ident}")

    def limits(self, body: dict[str, Any]) -> Any:
        from ..search.common import Limits

        s = self.settings
        asked_nodes = body.get("max_nodes")
        asked_time = body.get("time_limit")
        return Limits(max_nodes=min(asked_nodes or s.max_nodes, s.max_nodes),
                      time_limit=min(asked_time or s.time_limit, s.time_limit))

    # the routes ----------------------------------------------------------------------

    async def index(self, request: Request) -> Response:
        return FileResponse(static_dir() / "index.html", media_type="text/html")

    async def openapi_doc(self, request: Request) -> Response:
        return json_response(dumps_json(openapi()))

    async def examples(self, request: Request) -> Response:
        from ..examples import EXAMPLES

        return json_response(dumps_json([
            {"name": e.name, "item": e.item, "title": e.title, "tree": e.text,
             "value": e.value, "notes": e.notes} for e in EXAMPLES.values()]))

    async def games(self, request: Request) -> Response:
        from ..games.registry import GAMES

        return json_response(dumps_json([spec.to_json() for spec in GAMES.values()]))

    async def algorithms(self, request: Request) -> Response:
        from ..render.model.options import FORMATS, LANGS, STEPS, THEMES
        from ..search import ALGORITHMS
        from .openapi import ORDERS

        return json_response(dumps_json({
            "algorithms": [{"name": k, "variants": list(v)} for k, v in ALGORITHMS.items()],
            "orders": list(ORDERS), "cut_on": ["ge", "gt"],
            "render": {"formats": list(FORMATS), "steps": list(STEPS), "langs": list(LANGS),
                       "themes": list(THEMES),
                       "options": sorted(openapi()["components"]["schemas"]["RenderOptions"]
                                         ["properties"])},
            "limits": {"max_nodes": self.settings.max_nodes,
                       "time_limit": self.settings.time_limit,
                       "max_body": self.settings.max_body,
                       "max_frames": self.settings.max_frames}}))

    async def parse(self, request: Request) -> Response:
        body = await self.body(request, "ParseRequest")

        def work() -> str:
            from ..trees import format_tree_text

            tree = _tree(body["tree"], body.get("root_player"))
            return dumps_json({"tree": tree.to_json(), "text": format_tree_text(tree),
                               "nodes": tree.size, "leaves": tree.leaf_count,
                               "height": tree.height})

        return json_response(await self.job(work))

    async def search(self, request: Request) -> Response:
        body = await self.body(request, "SearchRequest")
        limits = self.limits(body)

        def work() -> tuple[Any, str]:
            from ..content import record_search

            bounds = body.get("bounds")
            return record_search(
                _source(body), algorithm=body.get("algorithm", "alphabeta"),
                variant=body.get("variant"), order=body.get("order", "natural"),
                seed=body.get("seed"), depth=body.get("depth"),
                cut_on=body.get("cut_on", "ge"),
                root_player=body.get("root_player") if "tree" not in body else None,
                params=body.get("params"), limits=limits,
                bounds=None if bounds is None else (bounds[0], bounds[1]),
                prover=body.get("prover", "max"), techniques=body.get("techniques", ""))

        result, text = await self.job(work)
        ident = None
        if body.get("store"):
            ident = await self.put(text, body.get("tags", []))
        head = {"id": ident, "complete": result.complete, "stopped": result.stopped,
                "value": result.to_json()["value"], "move": result.move,
                "pv": list(result.pv), "stats": result.stats.to_json()}
        return json_response(dumps_json(head)[:-1] + ',"trace":' + text.rstrip() + "}")

    async def put(self, text: str, tags: list[str]) -> str:
        """Store a trace this service has just recorded (so valid: not checked again)."""

        def work() -> str:
            info = describe(json.loads(text)["header"])
            ident, _ = self.store.put(text.encode(), **info, tags=tags)
            return ident

        return await self.job(work)

    async def render(self, request: Request) -> Response:
        body = await self.body(request, "RenderRequest")
        fmt = body.get("format", "svg")

        def work() -> bytes:
            from ..render import Drawing

            drawing = Drawing(self.trace_of(body["trace"], "trace"),
                              self.render_options(body.get("options", {})))
            return drawing.render(fmt)

        return drawing_response(await self.job(work), fmt)

    def render_options(self, options: dict[str, Any]) -> Any:
        from ..render import RenderOptions

        return RenderOptions.from_kwargs(**options, max_frames=self.settings.max_frames)

    async def frames(self, request: Request) -> Response:
        body = await self.body(request, "RenderRequest")
        return json_response(await self.job(
            lambda: self.frames_json(self.trace_of(body["trace"], "trace"),
                                     body.get("options", {}))))

    def frames_json(self, trace: Any, options: dict[str, Any]) -> str:
        from ..render import Drawing

        drawing = Drawing(trace, self.render_options(options))
        frames = list(drawing.frames())
        # the page writes each caption beside its picture, as the HTML player does
        views = [dataclasses.replace(f.view, caption=None) for f in frames]
        drawing.prepare(views)
        return dumps_json({"count": len(frames), "caption": drawing.caption, "frames": [
            {"svg": drawing.render("svg", view).decode(), "caption": f.caption}
            for f, view in zip(frames, views, strict=True)]})

    async def check(self, request: Request) -> Response:
        body = await self.body(request, "CheckRequest")

        def work() -> str:
            from ..content import check_answer

            options = {k: body.get(k) for k in ("algorithm", "variant", "order", "seed",
                                                 "depth", "cut_on", "root_player")}
            if "trace" in body:
                trace = self.trace_of(body["trace"], "trace")
                small = len(trace.events) <= 4 * DIAGNOSIS_NODES
                report = check_answer(body["answer"], trace=trace,
                                      diagnosis=body.get("diagnosis", True) and small)
            else:
                source = _source(body, games=False)
                tree = source if not isinstance(source, str) else _example(source)
                # the diagnosis searches the tree again a few dozen times: small trees only
                diagnosis = body.get("diagnosis", True) and tree.size <= DIAGNOSIS_NODES
                report = check_answer(body["answer"], tree=tree, diagnosis=diagnosis,
                                      limits=self.limits({}), **options)
            return dumps_json(report.to_json())

        return json_response(await self.job(work))

    async def worksheet(self, request: Request) -> Response:
        body = await self.body(request, "WorksheetRequest")

        def work() -> bytes:
            from ..analysis.check_render import worksheet_dot
            from ..content import record_search
            from ..render.files.engine import render
            from ..trace import Trace

            source = _source(body, games=False)
            _, text = record_search(source, algorithm="minimax", limits=self.limits({}))
            return render(worksheet_dot(Trace.from_json(json.loads(text))), "svg", pinned=False)

        return drawing_response(await self.job(work), "svg")

    async def diff(self, request: Request) -> Response:
        body = await self.body(request, "DiffRequest")

        def work() -> str:
            from ..analysis.diff import diff_traces

            result = diff_traces(self.trace_of(body["a"], "a"), self.trace_of(body["b"], "b"),
                                 context=body.get("context", 3), names=("a", "b"))
            return dumps_json(result.to_json())

        return json_response(await self.job(work))

    async def compare(self, request: Request) -> Response:
        body = await self.body(request, "CompareRequest")

        def work() -> str:
            from ..analysis.ordering import DEFAULT_ORDERS, parse_orders
            from ..content import compare_orders

            source = _source(body, games=False)
            tree = source if not isinstance(source, str) else _example(source)
            orders = body.get("orders", DEFAULT_ORDERS)
            fixed, randoms = parse_orders(orders)
            cost = tree.leaf_count * (2 + len(fixed) + randoms)
            if cost > self.settings.max_compare_leaves:
                raise LimitExceeded(
                    f"{len(fixed) + randoms} searches of {tree.leaf_count} leaves are more "
                    f"than this service does at once ({self.settings.max_compare_leaves} "
                    f"leaves in all): compare fewer random orderings")
            report = compare_orders(tree, orders=orders,
                                    algorithm=body.get("algorithm", "alphabeta"),
                                    variant=body.get("variant"),
                                    techniques=body.get("technique", ""),
                                    depth=body.get("depth"), seed=body.get("seed", 0),
                                    root_player=body.get("root_player"))
            return dumps_json(report.to_json())

        return json_response(await self.job(work))

    async def exercise(self, request: Request) -> Response:
        body = await self.body(request, "ExerciseRequest")

        def work() -> str:
            from ..analysis.exercise import make_exercise
            from ..analysis.solution import Conventions
            from ..content import trace_text
            from ..trees import format_tree_text

            cuts = body.get("cuts")
            values = body.get("values", [0, 20])
            ex = make_exercise(
                branching=body["branching"], depth=body["depth"],
                cuts=None if cuts is None else (cuts[0], cuts[1]),
                values=(values[0], values[1]), seed=body.get("seed", 0),
                conventions=Conventions(variant=body.get("variant", "fail-soft"),
                                        cut_on=body.get("cut_on", "ge")),
                max_attempts=2_000)
            return (dumps_json({"name": ex.name, "text": format_tree_text(ex.tree),
                                "tree": ex.tree.to_json(), "answer": ex.solution.to_json(),
                                "cuts": ex.cuts})[:-1]
                    + ',"trace":' + trace_text(ex.trace).rstrip() + "}")

        return json_response(await self.job(work))

    async def store_trace(self, request: Request) -> Response:
        body = await self.body(request, "StoreRequest")

        def work() -> tuple[str, bool]:
            from ..content import trace_text

            trace = self.trace_of(body["trace"], "trace")
            return self.store.put(trace_text(trace).encode(), **describe(trace.header.to_json()),
                                  tags=body.get("tags", []))

        ident, created = await self.job(work)
        return json_response(dumps_json({"id": ident, "created": created,
                                          "url": f"/v1/traces/{ident}"}))

    async def list_traces(self, request: Request) -> Response:
        q = request.query_params
        limit = int_param(q.get("limit"), "limit", 100, 1, 500)
        offset = int_param(q.get("offset"), "offset", 0, 0, 1_000_000)
        records = self.store.list(algorithm=q.get("algorithm"), source=q.get("example"),
                                  tag=q.get("tag"), text=q.get("text"), limit=limit,
                                  offset=offset)
        return json_response(dumps_json({"items": [r.to_json() for r in records],
                                          "limit": limit, "offset": offset}))

    def stored(self, request: Request) -> bytes:
        ident = request.path_params["id"]
        if len(ident) != ID_LENGTH or any(c not in "0123456789abcdef" for c in ident):
            raise Problem(400, "Bad request", f"a trace id is 64 hex digits, got {ident!r}",
                          where="id")
        data = self.store.get(ident)
        if data is None:
            raise Problem(404, "Not found", f"no stored trace {ident}")
        return data

    async def get_trace(self, request: Request) -> Response:
        return Response(self.stored(request), media_type="application/json")

    async def trace_diagram(self, request: Request) -> Response:
        data = self.stored(request)
        fmt = request.path_params["format"]
        if fmt not in ("svg", "png", "pdf", "dot"):
            raise Problem(404, "Not found", f"no diagram format {fmt!r} "
                                            "(choose from: svg, png, pdf, dot)")
        options = view_params(request)

        def work() -> bytes:
            from ..render import Drawing
            from ..trace import Trace

            return Drawing(Trace.from_json(json.loads(data)),
                           self.render_options(options)).render(fmt)

        return drawing_response(await self.job(work), fmt,
                        filename=f"{request.path_params['id'][:12]}.{fmt}")

    async def trace_frames(self, request: Request) -> Response:
        data = self.stored(request)
        options = view_params(request)
        step = request.query_params.get("step")
        if step is not None:
            options["step"] = step

        def work() -> str:
            from ..trace import Trace

            return self.frames_json(Trace.from_json(json.loads(data)), options)

        return json_response(await self.job(work))


def _tree(value: Any, root_player: str | None) -> Any:
    """The tree of request field ``tree``: text in any notation, or its JSON."""
    from ..content import read_tree
    from ..games.base import Player
    from ..trees import parse_tree_json

    try:
        if isinstance(value, str):
            return read_tree(value, file="tree", root_player=root_player)
        return parse_tree_json(value, file="tree",
                               root_player=None if root_player is None else Player(root_player))
    except InputError as exc:
        raise nested(exc, "tree") from None


def _source(body: dict[str, Any], *, games: bool = True) -> Any:
    """The tree (read) or the built-in name a request searches."""
    keys = ("tree", "example", "game") if games else ("tree", "example")
    given = [k for k in keys if k in body]
    if len(given) != 1:
        raise UsageError(f"give exactly one of: {', '.join(keys)}")
    if given[0] == "tree":
        return _tree(body["tree"], body.get("root_player"))
    return body[given[0]]


def _example(name: str) -> Any:
    from ..examples import example_tree

    return example_tree(name)


def create_app(settings: Settings, store: TraceStore | None = None) -> Starlette:
    """The app; ``store`` replaces the SQLite store named in ``settings`` (tests)."""
    service = Service(settings, store)
    s = service
    routes = [
        Route("/", guarded(s.index)),
        Route("/v1/openapi.json", guarded(s.openapi_doc)),
        Route("/v1/examples", guarded(s.examples)),
        Route("/v1/games", guarded(s.games)),
        Route("/v1/algorithms", guarded(s.algorithms)),
        Route("/v1/parse", guarded(s.parse), methods=["POST"]),
        Route("/v1/search", guarded(s.search), methods=["POST"]),
        Route("/v1/render", guarded(s.render), methods=["POST"]),
        Route("/v1/frames", guarded(s.frames), methods=["POST"]),
        Route("/v1/check", guarded(s.check), methods=["POST"]),
        Route("/v1/diff", guarded(s.diff), methods=["POST"]),
        Route("/v1/worksheet", guarded(s.worksheet), methods=["POST"]),
        Route("/v1/compare", guarded(s.compare), methods=["POST"]),
        Route("/v1/exercise", guarded(s.exercise), methods=["POST"]),
        Route("/v1/traces", guarded(s.store_trace), methods=["POST"]),
        Route("/v1/traces", guarded(s.list_traces), methods=["GET"]),
        Route("/v1/traces/{id}", guarded(s.get_trace)),
        Route("/v1/traces/{id}/diagram.{format}", guarded(s.trace_diagram)),
        Route("/v1/traces/{id}/frames", guarded(s.trace_frames)),
        Mount("/static", StaticFiles(directory=static_dir()), name="static"),
    ]
    app = Starlette(routes=routes, middleware=[Middleware(SecurityHeaders)],
                    exception_handlers={404: no_route, 405: no_route})
    app.state.service = service
    return app


def app_from_environment() -> Starlette:
    """The app ``uvicorn --factory`` builds in each worker (``gametrace serve --workers``)."""
    import os

    return create_app(Settings(db=os.environ["GAMETRACE_DB"]))

