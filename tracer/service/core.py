"""The service's state and plumbing: its settings, the store, the job pool, reading a
request body within the limits, and the traces and sources a request names.

The routes, one module per resource (:mod:`.app` lists them), read a request into its
model (:mod:`.models.request_models`) with these, call the library and answer JSON; each
finds the :class:`Service` in ``request.app.state`` (:func:`service_of`).  Searches,
drawings, checks, worksheets and exercises are jobs: each runs in a child process of its
own with a CPU, a memory and a wall-clock limit and a cap on its answer
(:mod:`.jobs.isolation`), at most ``max_jobs`` at once and ``queue`` waiting; a request
beyond that is answered 503 with ``Retry-After`` at once.  Each search also has a node
and a time budget and ends with ``complete: false`` when it runs out.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, Self, TypeVar

from starlette.requests import ClientDisconnect, Request

from ..errors import InputError, TracerError, UsageError
from ..said import Said, said
from .jobs.isolation import NICE, JobLimits, run_isolated
from .jobs.slots import CLIENT, CpuShare, FairSlots
from .jobs.warm import warm_up
from .json_values import JsonObject, JsonValue
from .models.answer_models import Health
from .models.bodies import INLINE_BODY, INLINE_DEPTH, SEND_JSON, is_json, json_depth, parse_body
from .models.problem_details import Problem, from_library, nested
from .models.request_models import Source, TraceRef
from .storage.class_store import ClassStore
from .storage.store import SqlStore, TraceStore, describe
from .web import job_pool

# Type-only: the library is loaded by the warm-up and the workers, not by importing the app.
if TYPE_CHECKING:
    from .._api import Content, Limits
    from ..render.model.render_options import RenderOptions
    from ..trace import Trace
    from ..trees import Tree

    # LTI's modules import this one (the service, its routes' helpers): the app hands
    # the service what it needs of them (create_app), so that no circle is closed
    from .lti.config import ToolConfig
    from .lti.store import LtiStore

__all__ = ["Service", "Settings", "content_of", "now", "request_tree", "service_of"]

T = TypeVar("T")


class RequestModel(Protocol):
    """A request model (:mod:`.models.request_models`): its class is named as its schema, and
    reads a body checked against that schema."""

    @classmethod
    def from_json(cls, data: JsonObject) -> Self: ...


R = TypeVar("R", bound=RequestModel)

ID_LENGTH = 64

HEAVY_CPU = 1.0
"""CPU seconds a client may have used lately (:class:`.jobs.slots.CpuShare`, decaying with a
half-life of ten seconds) before its next jobs start at low priority: a student's own
searches of lecture trees use a few hundredths of a second each."""

ANSWER_HEAD_ROOM = 1_000_000
"""Bytes of a search's answer beside its trace (value, principal variation, statistics):
the trace's budget is the answer cap less this (a whole megabyte, so that
``gametrace run --max-trace-mb`` can record the same trace)."""


def trace_budget(max_answer: int) -> int:
    """A search's trace budget within the answer cap: the cap less
    :data:`ANSWER_HEAD_ROOM`, or less half of it when the cap is small (``--max-answer``
    may be as low as 1,000 bytes)."""
    return max_answer - min(ANSWER_HEAD_ROOM, max_answer // 2)


def cores() -> int:
    """The CPUs this process may run on (the default number of jobs at once)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@dataclass(frozen=True)
class Settings:
    """The service's limits and its store (``gametrace serve`` options: docs/service.md)."""

    db: str
    """The store: a SQLite file, or a ``postgresql://`` URL (made or upgraded on first
    start, with the repository's traces/ in it)."""
    max_body: int = 2_000_000
    """Largest request body, in bytes."""
    max_nodes: int = 200_000
    """Node budget of one search (a request may ask for less)."""
    time_limit: float = 5.0
    """Time budget of one search, in seconds (a request may ask for less)."""
    max_jobs: int = field(default_factory=cores)
    """Jobs (searches, drawings, checks, ...) running at once in one server process."""
    queue: int = 32
    """Jobs waiting for a slot, at most; a request beyond them gets a 503 at once.  Once
    half of them wait, one client may keep a quarter waiting (at least one): a 429 past
    that, so that no one client fills the queue."""
    queue_wait: float = 20.0
    """How long a request waits for a free job slot before a 503."""
    cpu_limit: float = 5.0
    """CPU seconds of one job (whole seconds: the rlimit counts seconds)."""
    memory_limit: int = 1024
    """Memory one job may allocate, in MB (an address-space limit on its process)."""
    wall_limit: float = 10.0
    """Wall-clock seconds of one job once started; it is killed past them."""
    max_answer: int = 20_000_000
    """Largest answer of one job, in bytes.  A search's trace is budgeted within it (less
    :data:`ANSWER_HEAD_ROOM` for the rest of the answer), so a search past it stops
    cleanly with ``"stopped": "max-trace-bytes"`` instead of failing."""
    max_frames: int = 400
    """Most frames one answer draws (a page of the stepper; a sequence has any number of
    pages, up to :attr:`max_nodes` frames in all)."""
    max_compare_leaves: int = 300_000
    """Leaves × searches a comparison of orderings may cost."""
    seed_dir: Path | None = field(default=None)
    """Traces stored on first start (default: the repository's traces/, if present)."""
    cors_origins: tuple[str, ...] = ()
    """Origins (``https://site.example``) whose pages may call the API from the browser
    (CORS); none by default: only the service's own page."""
    frame_ancestors: tuple[str, ...] = ()
    """Origins (``https://canvas.example.edu``) whose pages may show the service's in a
    frame (an LMS that opens tools inside its own page); none by default."""
    rate_limit: float = 20.0
    """Job requests a second one client may sustain (0: no limit); see :mod:`.routes.gate`."""
    rate_burst: int = 200
    """Job requests one client may send at once before :attr:`rate_limit` applies.  The
    defaults let a class of 200 behind one address (a school's NAT) each send one at the
    same moment, then one every ten seconds on average."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses or networks of reverse proxies whose ``X-Forwarded-For`` names the
    client (none by default: the peer's address is the client)."""
    answer_rate: float = 1_000_000.0
    """Bytes of answers a second one client may sustain past twice :attr:`max_answer`
    (0: no limit); a client past it gets 429 until it is paid back (:mod:`.routes.gate`).  A
    student stepping through lecture trees is answered some kilobytes a request."""
    max_exercise_work: int = 100_000
    """Work of one exercise: leaves drawn in all, each draw counted as its leaves plus
    :data:`tracer.analysis.check.exercise.DRAW_COST` (about 2.5 s of one core)."""
    admin_token: str | None = None
    """The token that alone may create a course (``--admin-token-file``); ``None``: anyone
    may (a teacher's own machine)."""
    lti_retry_base: float = 5.0
    """Seconds before a score the LMS did not take (a 5xx, no answer) is sent again; the
    wait doubles with each try, up to ten minutes (:mod:`.lti.scores`)."""
    lti: str | None = None
    """The LTI 1.3 tool configuration file (``--lti``, :mod:`.lti.config`), read at
    start-up; ``None``: no LTI (its routes answer 404)."""



class Service:
    """The app's state: settings, store, job pool, and what every route needs."""

    def __init__(self, settings: Settings, store: TraceStore | None = None, *,
                 lti: ToolConfig | None = None,
                 lti_tables: Callable[[SqlStore], LtiStore] | None = None) -> None:
        """``lti``: the ``--lti`` file as read, and ``lti_tables``: the class of the LTI
        tables (:mod:`.lti.config`, :mod:`.lti.store`), given by :func:`.app.create_app`:
        LTI's modules import this one, which imports none of them."""
        self.settings = settings
        self.lti = lti
        """pylti1p3's tool configuration (a ``ToolConfDict``) of ``--lti``, or None."""
        self.store: TraceStore = store or SqlStore(settings.db)
        self._sql: SqlStore | None = None
        self._classes: ClassStore | None = None
        self._lti_tables = lti_tables
        self._lti_store: LtiStore | None = None
        self.cpu_share = CpuShare()
        # a client that kept the CPUs busy lately waits behind everyone else, and its jobs
        # run at low priority (job): the class's short searches go first
        self.slots = FairSlots(settings.max_jobs,
                               heavy=lambda client: self.cpu_share.recent(client) > HEAVY_CPU)
        self.pool = job_pool(settings.max_jobs)
        self.running = 0
        """Jobs holding a slot now (their processes may be ending)."""
        self.queued = 0
        """Jobs waiting for a slot now."""
        self.job_limits = JobLimits(cpu=settings.cpu_limit, memory=settings.memory_limit,
                                    wall=settings.wall_limit, answer=settings.max_answer)
        if isinstance(self.store, SqlStore):
            from .storage.seed import seed_store

            seed_store(self.store, settings.seed_dir)
        warm_up()

    async def job(self, fn: Callable[[], T], *, isolate: bool = True) -> T:
        """``fn()`` in a worker process within the job limits (:mod:`.jobs.isolation`), once a
        slot is free; library errors and limits passed become problems.  ``isolate=False``
        runs it in a pool thread of this process instead: for the service's own bounded
        work (storing a trace it has just recorded), never for work a request sizes."""
        s = self.settings
        if self.running >= s.max_jobs and self.queued >= s.queue:
            raise Problem(503, "Busy", said("{running} jobs are running and {waiting} are "
                                            "waiting: retry in a moment", running=s.max_jobs,
                                            waiting=s.queue))
        client = CLIENT.get()
        share = max(1, s.queue // 4)
        if self.running >= s.max_jobs and self.slots.waiting_of(client) >= share and \
                self.queued >= s.queue // 2:  # a script's burst may wait while there is room
            raise Problem(429, "Too many requests",
                          said("this client has {n} jobs waiting already: retry when one has "
                               "answered", n=share), retry_after=1)
        self.queued += 1
        try:
            async with asyncio.timeout(s.queue_wait):
                await self.slots.acquire(client)
        except TimeoutError:
            raise Problem(503, "Busy", said("no job slot came free in {wait:g} s ({n} jobs "
                                            "at once): retry in a moment", wait=s.queue_wait,
                                            n=s.max_jobs)) from None
        finally:
            self.queued -= 1
        self.running += 1
        loop = asyncio.get_running_loop()
        used: list[float] = []
        if isolate:
            # a client that has kept the CPUs busy lately runs at low priority: the others'
            # short searches go first, whatever it sends (the slots alone share turns,
            # not the machine)
            nice = NICE if self.cpu_share.recent(client) > HEAVY_CPU else 0
            done = loop.run_in_executor(
                self.pool, lambda: run_isolated(fn, self.job_limits, nice=nice, used=used))
        else:
            done = loop.run_in_executor(self.pool, fn)

        def finished(d: asyncio.Future[T]) -> None:
            self.cpu_share.charge(client, sum(used))
            self._release(d, client)

        # the slot is given back when the work ends, not when we stop waiting
        done.add_done_callback(finished)
        try:
            return await asyncio.shield(done)
        except (TracerError, RecursionError) as exc:
            raise from_library(exc) from None

    def _release(self, done: asyncio.Future[T], client: str) -> None:
        self.running -= 1
        self.slots.release(client)
        if not done.cancelled():
            done.exception()  # seen: a client that went away leaves no "never retrieved"

    def _database(self) -> SqlStore:
        """The trace store's database, where the classroom and LTI tables are too."""
        if self._sql is None:
            self._sql = self.store if isinstance(self.store, SqlStore) else \
                SqlStore(self.settings.db)  # a test's own trace store: ours beside it
        return self._sql

    @property
    def classes(self) -> ClassStore:
        """The classroom's tables, in the trace store's database (:mod:`.storage.class_store`)."""
        if self._classes is None:
            self._classes = ClassStore(self._database())
        return self._classes

    @property
    def lti_store(self) -> LtiStore:
        """The LTI tables, in the trace store's database (:mod:`.lti.store`)."""
        if self._lti_store is None:
            if self._lti_tables is None:
                raise RuntimeError("a service made without create_app has no LTI tables")
            self._lti_store = self._lti_tables(self._database())
        return self._lti_store

    def health(self) -> Health:
        """What ``GET /healthz`` answers: the jobs running and waiting, and the limits."""
        s = self.settings
        return Health(status="ok", running=self.running, queued=self.queued,
                      limits={"max_jobs": s.max_jobs, "queue": s.queue,
                              "queue_wait": s.queue_wait, **self.job_limits.to_json(),
                              "max_body": s.max_body, "max_nodes": s.max_nodes,
                              "time_limit": s.time_limit})

    async def read(self, request: Request, model: type[R]) -> R:
        """The JSON body as ``model``: within the size and depth limits and valid against
        the schema of the model's name (:mod:`.models.bodies`), then read into its fields."""
        return model.from_json(await self.body(request, model.__name__))

    async def body(self, request: Request, component: str) -> JsonObject:
        """The JSON body, within the size and depth limits, valid against ``component``
        (:mod:`.models.bodies`); read and checked in the job pool unless it is small."""
        if not is_json(request.headers.get("content-type")):
            raise Problem(415, "Unsupported media type", SEND_JSON)
        limit = self.settings.max_body
        declared = request.headers.get("content-length")
        # digits 0-9 only, and no int() of 5,000 of them: "³".isdigit() too is True
        if declared is not None and declared.isascii() and declared.isdigit() and (
                len(declared) > 18 or int(declared) > limit):
            raise Problem(413, "Too large", said("the body has {n} bytes; at most {most}",
                                                 n=declared, most=limit))
        chunks: list[bytes] = []
        size = 0
        try:
            async for chunk in request.stream():
                size += len(chunk)
                if size > limit:
                    raise Problem(413, "Too large", said("the body exceeds {most} bytes",
                                                         most=limit))
                chunks.append(chunk)
        except ClientDisconnect:
            # not a fault of the service: no "internal error" and traceback in the log
            # for each slow client that gives up (a thousand of them, a thousand logged)
            raise Problem(400, "Bad request", said("the client went away after {n} bytes of "
                                                   "its body", n=size)) from None
        raw = b"".join(chunks)
        if len(raw) <= INLINE_BODY and json_depth(raw) <= INLINE_DEPTH:
            return parse_body(raw, component)
        return await self.job(lambda: parse_body(raw, component))

    def trace_of(self, value: TraceRef, field_name: str) -> Trace:
        """A trace given in the request: the document itself or the id of a stored one.

        Neither is checked against the trace schema here: the request body was (its trace
        fields are that schema, see :mod:`.models.openapi`), and so was every stored trace before
        it was stored.  Checking twice cost a third of a request's time."""
        from .._api import check_trace
        from ..trace import Trace

        if isinstance(value, str):
            return self.stored_trace(value, where=f"$.{field_name}")
        try:
            trace = Trace.from_json(value, file=field_name)
            check_trace(trace, file=field_name)  # the rules of the tree its header carries
        except InputError as exc:
            raise nested(exc, field_name) from None
        return trace

    def stored_trace(self, ident: str, *, where: str | None = None) -> Trace:
        from .._api import check_trace
        from ..trace import Trace

        data = self.store.get(ident)
        if data is None:
            raise Problem(404, "Not found", _no_stored_trace(ident), where=where)
        trace = Trace.from_json(json.loads(data), file=f"trace {ident}")
        check_trace(trace, file=f"trace {ident}")  # a store written before the rules
        return trace

    def stored(self, request: Request) -> bytes:
        """The bytes of the stored trace named by the path's ``id``."""
        ident = request.path_params["id"]
        if len(ident) != ID_LENGTH or any(c not in "0123456789abcdef" for c in ident):
            raise Problem(400, "Bad request", said("a trace id is {n} hex digits, got {got!r}",
                                                   n=ID_LENGTH, got=ident), where="id")
        data = self.store.get(ident)
        if data is None:
            raise Problem(404, "Not found", _no_stored_trace(ident))
        return data

    async def put(self, text: str, tags: Sequence[str], *,
                  info: dict[str, str] | None = None) -> str:
        """Store a trace this service has just recorded (so valid: not checked again);
        ``info``: what :func:`.storage.store.describe` says of its header, when already known."""

        def work() -> str:
            described = info if info is not None else describe(json.loads(text)["header"])
            ident, _ = self.store.put(text.encode(), **described, tags=tags,
                                      origin="computed")
            return ident

        # our own answer, already within the answer cap; and the store stays in this process
        return await self.job(work, isolate=False)

    def limits(self, *, max_nodes: int | None = None, time_limit: float | None = None
               ) -> Limits:
        """The budgets of one search: the request's, within the service's."""
        from .._api import Limits

        s = self.settings
        return Limits(max_nodes=min(max_nodes or s.max_nodes, s.max_nodes),
                      time_limit=min(time_limit or s.time_limit, s.time_limit))

    def render_options(self, options: Mapping[str, JsonValue]) -> RenderOptions:
        from ..render.model.render_options import RenderOptions

        return RenderOptions.from_kwargs(**options, max_frames=self.settings.max_frames)


def now() -> datetime:
    """The service's clock (the only one the classroom reads), to the second, in UTC."""
    return datetime.now(UTC).replace(microsecond=0)


def service_of(request: Request) -> Service:
    """The service a route runs in (:func:`.app.create_app` puts it in the app's state)."""
    service = request.app.state.service
    assert isinstance(service, Service)
    return service


def request_tree(value: JsonValue, root_player: str | None) -> Tree:
    """The tree of request field ``tree``: text in any notation, or its JSON."""
    from .._api import read_tree
    from ..games.base import Player
    from ..trees import parse_tree_json

    try:
        if isinstance(value, str):
            return read_tree(value, file="tree", root_player=root_player)
        return parse_tree_json(value, file="tree",
                               root_player=None if root_player is None else Player(root_player))
    except InputError as exc:
        raise nested(exc, "tree") from None


SOURCE_KEYS = ("tree", "example", "game")


def _no_stored_trace(ident: str) -> Said:
    return said("no stored trace {id}", id=ident)


def content_of(request: Source, *, games: Said | None = None) -> Content:
    """The tree (read, with the request's ``root_player``) or the built-in name a request
    names: :func:`tracer.sources.resolve_content` checks the name.  ``games``: why this
    request refuses a game (``None``: it takes one)."""
    given = {"tree": request.tree, "example": request.example, "game": request.game}
    named = [k for k in SOURCE_KEYS if given[k] is not None]
    if len(named) != 1:
        raise UsageError(said("give exactly one of: {keys}", keys=", ".join(SOURCE_KEYS)))
    if request.game is not None and games is not None:
        raise UsageError(games)
    if request.example is not None:
        return request.example
    if request.game is not None:
        return request.game
    return request_tree(request.tree, request.root_player)
