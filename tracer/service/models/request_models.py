"""What the service reads, typed: one frozen dataclass per request body of the OpenAPI
document (:mod:`.openapi`), named as its schema.

A request body is checked against its schema first (:mod:`.bodies`); its model's
``from_json`` then only reads it into fields (one parser per resource), ``None`` standing
for a field the request leaves out (no request field may be ``null``: a test pins it,
and that each model's fields are its schema's properties).  What is free-form by nature
(a tree, an answer being checked) stays :data:`~..json_values.JsonValue`; the answers
are in :mod:`.answer_models`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeAlias

from ...said import Said, said
from ...schema import TYPE_WORDS
from ...spec import FIELDS, LIMIT_FIELDS
from ..json_values import JsonObject, JsonValue
from .problem_details import Problem

__all__ = ["REQUESTS", "AssignmentRequest", "CheckRequest", "CompareRequest", "CourseRequest",
           "DiffRequest", "ExerciseRequest", "JoinRequest", "ParseRequest", "RenderRequest",
           "SearchRequest", "Source", "StatsRequest", "StepRequest", "StoreRequest",
           "SubmissionRequest", "TokenRequest", "TraceRef", "WorksheetRequest",
           "spec_options"]

TraceRef: TypeAlias = "str | JsonObject"
"""A trace in a request: the document itself, or the id of a stored one."""


# --- reading a checked body -----------------------------------------------------------

def _wrong(key: str, expected: Said) -> Problem:
    # the schema was checked before: only a schema and a model that disagree get here
    return Problem(422, "Invalid request", said("expected {what}", what=expected),
                   where=f"$.{key}")


def _str(data: JsonObject, key: str) -> str | None:
    value = data.get(key)
    if value is None or isinstance(value, str):
        return value
    raise _wrong(key, TYPE_WORDS["string"])


def _int(data: JsonObject, key: str) -> int | None:
    value = data.get(key)
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise _wrong(key, TYPE_WORDS["integer"])


def _required_str(data: JsonObject, key: str) -> str:
    value = _str(data, key)
    if value is None:
        raise _wrong(key, TYPE_WORDS["string"])
    return value


def _required_int(data: JsonObject, key: str) -> int:
    value = _int(data, key)
    if value is None:
        raise _wrong(key, TYPE_WORDS["integer"])
    return value


def _float(data: JsonObject, key: str) -> float | None:
    value = data.get(key)
    if value is None or (isinstance(value, int | float) and not isinstance(value, bool)):
        return value
    raise _wrong(key, TYPE_WORDS["number"])


def _bool(data: JsonObject, key: str, default: bool) -> bool:
    value = data.get(key, default)
    if isinstance(value, bool):
        return value
    raise _wrong(key, TYPE_WORDS["boolean"])


def _strings(data: JsonObject, key: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(str(v) for v in value)
    raise _wrong(key, said("a list of strings"))


def _numbers(data: JsonObject, key: str) -> tuple[float, float] | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, list) and len(value) == 2:
        low, high = value
        if isinstance(low, int | float) and isinstance(high, int | float) \
                and not isinstance(low, bool) and not isinstance(high, bool):
            return low, high
    raise _wrong(key, said("two numbers"))


def _integers(data: JsonObject, key: str) -> tuple[int, int] | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, list) and len(value) == 2:
        low, high = value
        if isinstance(low, int) and isinstance(high, int):
            return low, high
    raise _wrong(key, said("two integers"))


def _object(data: JsonObject, key: str) -> JsonObject:
    value = data.get(key, {})
    if isinstance(value, dict):
        return value
    raise _wrong(key, TYPE_WORDS["object"])


def _required_object(data: JsonObject, key: str) -> JsonObject:
    value = data.get(key)
    if isinstance(value, dict):
        return value
    raise _wrong(key, TYPE_WORDS["object"])


def _list(data: JsonObject, key: str) -> list[JsonValue]:
    value = data.get(key)
    if isinstance(value, list):
        return value
    raise _wrong(key, said("a list"))


def _params(data: JsonObject) -> dict[str, str] | None:
    value = data.get("params")
    if value is None:
        return None
    if isinstance(value, dict) and all(isinstance(v, str) for v in value.values()):
        return {k: str(v) for k, v in value.items()}
    raise _wrong("params", said("an object of strings"))


_TRACE_OR_ID = said("a trace or the id of a stored one")


def _trace(data: JsonObject, key: str) -> TraceRef | None:
    value = data.get(key)
    if value is None or isinstance(value, str | dict):
        return value
    raise _wrong(key, _TRACE_OR_ID)


def _required_trace(data: JsonObject, key: str) -> TraceRef:
    value = _trace(data, key)
    if value is None:
        raise _wrong(key, _TRACE_OR_ID)
    return value


# --- requests -------------------------------------------------------------------------

@dataclass(frozen=True)
class Source:
    """What a request searches: exactly one of ``tree``, ``example``, ``game``
    (:func:`..core.content_of` says so when it is not)."""

    tree: JsonValue = None
    """A tree in any input form: the text notation (a string) or its JSON."""
    example: str | None = None
    """A lecture tree's name."""
    game: str | None = None
    """A built-in game's name."""
    params: dict[str, str] | None = None
    """The game's parameters."""
    root_player: str | None = None
    """Who moves at a posted tree's root."""

    @staticmethod
    def read(data: JsonObject) -> SourceValues:
        """The five fields, in order: the first arguments of every model that extends
        this one (a tuple, so that they stay typed one by one)."""
        return (data.get("tree"), _str(data, "example"), _str(data, "game"), _params(data),
                _str(data, "root_player"))


SourceValues: TypeAlias = (
    "tuple[JsonValue, str | None, str | None, dict[str, str] | None, str | None]")


@dataclass(frozen=True)
class ParseRequest:
    """``POST /v1/parse``: a tree to read."""

    tree: JsonValue
    root_player: str | None = None

    @classmethod
    def from_json(cls, data: JsonObject) -> ParseRequest:
        return cls(tree=data.get("tree"), root_player=_str(data, "root_player"))


@dataclass(frozen=True)
class SearchRequest(Source):
    """``POST /v1/search``: a source, the search's options (:data:`tracer.spec.FIELDS`),
    its budgets (capped by the server's), and whether to store its trace."""

    algorithm: str | None = None
    variant: str | None = None
    order: str | None = None
    seed: int | None = None
    depth: int | None = None
    cut_on: str | None = None
    bounds: tuple[float, float] | None = None
    prover: str | None = None
    techniques: str | None = None
    max_nodes: int | None = None
    time_limit: float | None = None
    store: bool = False
    """Keep the trace in the store (its id in the answer)."""
    tags: tuple[str, ...] = ()
    """The stored trace's tags."""

    @classmethod
    def from_json(cls, data: JsonObject) -> SearchRequest:
        return cls(
            *Source.read(data), algorithm=_str(data, "algorithm"),
            variant=_str(data, "variant"), order=_str(data, "order"),
            seed=_int(data, "seed"), depth=_int(data, "depth"), cut_on=_str(data, "cut_on"),
            bounds=_numbers(data, "bounds"), prover=_str(data, "prover"),
            techniques=_str(data, "techniques"), max_nodes=_int(data, "max_nodes"),
            time_limit=_float(data, "time_limit"), store=_bool(data, "store", False),
            tags=_strings(data, "tags"))


@dataclass(frozen=True)
class RenderRequest:
    """``POST /v1/render`` and ``POST /v1/frames``: a trace and how to draw it."""

    trace: TraceRef
    format: str = "svg"
    options: JsonObject = dataclasses.field(default_factory=dict)
    """:class:`tracer.RenderOptions` fields (the schema ``RenderOptions``)."""
    first: int = 0
    """Frames: the first frame of the page (0-based)."""
    count: int | None = None
    """Frames: how many from ``first``, at most (None: as many as one answer holds)."""

    @classmethod
    def from_json(cls, data: JsonObject) -> RenderRequest:
        return cls(trace=_required_trace(data, "trace"),
                   format=_str(data, "format") or "svg", options=_object(data, "options"),
                   first=_int(data, "first") or 0, count=_int(data, "count"))


@dataclass(frozen=True)
class CheckRequest(Source):
    """``POST /v1/check``: an answer, and what it answers (a source, a trace or a search
    problem) with the options of its search."""

    answer: JsonValue = None
    """The solution (``schemas/solution.json``)."""
    trace: TraceRef | None = None
    problem: str | None = None
    heuristic: str | None = None
    algorithm: str | None = None
    variant: str | None = None
    order: str | None = None
    seed: int | None = None
    depth: int | None = None
    cut_on: str | None = None
    diagnosis: bool = True
    """Say why a wrong answer is wrong (small trees only)."""
    lang: str = "en"
    """The language of the reasons and the diagnosis (``en``, ``it``)."""

    @classmethod
    def from_json(cls, data: JsonObject) -> CheckRequest:
        return cls(
            *Source.read(data), answer=data.get("answer"),
            trace=_trace(data, "trace"), problem=_str(data, "problem"),
            heuristic=_str(data, "heuristic"), algorithm=_str(data, "algorithm"),
            variant=_str(data, "variant"), order=_str(data, "order"),
            seed=_int(data, "seed"), depth=_int(data, "depth"), cut_on=_str(data, "cut_on"),
            diagnosis=_bool(data, "diagnosis", True), lang=_str(data, "lang") or "en")


@dataclass(frozen=True)
class WorksheetRequest(Source):
    """``POST /v1/worksheet``: the tree or example whose blank sheet to draw."""

    lang: str = "en"
    """The language of the sheet's words."""
    theme: str = "colour"
    """``colour`` or ``print`` (black and white)."""
    format: str = "svg"
    """``svg``, ``png`` or ``pdf``."""

    @classmethod
    def from_json(cls, data: JsonObject) -> WorksheetRequest:
        return cls(*Source.read(data), lang=_str(data, "lang") or "en",
                   theme=_str(data, "theme") or "colour", format=_str(data, "format") or "svg")


@dataclass(frozen=True)
class DiffRequest:
    """``POST /v1/diff``: two traces."""

    a: TraceRef
    b: TraceRef
    context: int = 3
    """Events shown before the first difference."""

    @classmethod
    def from_json(cls, data: JsonObject) -> DiffRequest:
        context = _int(data, "context")
        return cls(a=_required_trace(data, "a"), b=_required_trace(data, "b"),
                   context=3 if context is None else context)


@dataclass(frozen=True)
class CompareRequest(Source):
    """``POST /v1/compare``: a source and the orderings to compare on it."""

    orders: str | None = None
    """Comma-separated orderings (``natural,best,random:100``)."""
    algorithm: str | None = None
    variant: str | None = None
    technique: str | None = None
    """The move-ordering techniques, one list for every ordering."""
    depth: int | None = None
    seed: int | None = None
    lang: str = "en"
    """The language of the report's title (``en``, ``it``)."""

    @classmethod
    def from_json(cls, data: JsonObject) -> CompareRequest:
        return cls(*Source.read(data), orders=_str(data, "orders"),
                   algorithm=_str(data, "algorithm"), variant=_str(data, "variant"),
                   technique=_str(data, "technique"), depth=_int(data, "depth"),
                   seed=_int(data, "seed"), lang=_str(data, "lang") or "en")


@dataclass(frozen=True)
class ExerciseRequest:
    """``POST /v1/exercise``: the shape of a random alpha-beta exercise."""

    branching: int
    depth: int
    cuts: tuple[int, int] | None = None
    """The range of cuts the tree must have."""
    values: tuple[int, int] = (0, 20)
    """The range of the leaf values."""
    seed: int = 0
    variant: str = "fail-soft"
    cut_on: str = "ge"

    @classmethod
    def from_json(cls, data: JsonObject) -> ExerciseRequest:
        seed = _int(data, "seed")
        return cls(branching=_required_int(data, "branching"),
                   depth=_required_int(data, "depth"), cuts=_integers(data, "cuts"),
                   values=_integers(data, "values") or (0, 20),
                   seed=0 if seed is None else seed,
                   variant=_str(data, "variant") or "fail-soft",
                   cut_on=_str(data, "cut_on") or "ge")


@dataclass(frozen=True)
class StoreRequest:
    """``POST /v1/traces``: a trace to keep, with its tags."""

    trace: JsonObject
    tags: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, data: JsonObject) -> StoreRequest:
        trace = _trace(data, "trace")
        if not isinstance(trace, dict):
            raise _wrong("trace", said("a trace"))
        return cls(trace=trace, tags=_strings(data, "tags"))


# --- the classroom's requests (docs/classroom.md) --------------------------------------

@dataclass(frozen=True)
class CourseRequest:
    """``POST /v1/courses``: the new course's title."""

    title: str

    @classmethod
    def from_json(cls, data: JsonObject) -> CourseRequest:
        return cls(title=_required_str(data, "title"))


@dataclass(frozen=True)
class AssignmentRequest:
    """``POST /v1/courses/{course}/assignments``: an assignment as
    :func:`tracer.classroom.reading.parse_assignment` reads it.  The schema checks each
    field's type; the library checks the rest (the source searched once, the items
    asked of it, the bounds), naming the field (``$.attempts``) as the schema does."""

    title: str
    source: JsonObject
    """One of ``example``, ``tree``, ``game`` (with ``params``) or ``exercise``."""
    items: list[JsonValue]
    """What is asked: ``"value"``, ``"move"``, ``{"values": [...]}``, ``"pruned"``, ..."""
    spec: JsonObject | None = None
    """The search's options (``algorithm``, ``variant``, ``order``, ...)."""
    per_student: bool | None = None
    """A seeded variant of the tree for each student."""
    due: str | None = None
    """An ISO 8601 time with its zone."""
    attempts: int | None = None
    feedback: str | None = None
    solution: str | None = None
    step_tries: int | None = None
    """Wrong tries on one step before it is shown as missed (left out: unlimited)."""
    late: str | None = None
    """What a submission after the due time gets: ``refuse``, ``accept``, ``penalty``."""
    penalty: float | None = None
    """With ``late: penalty``: the percentage taken off a late submission's total."""
    score_policy: str | None = None
    """Which attempt's score an LMS gets: ``best`` or ``last``."""

    @classmethod
    def from_json(cls, data: JsonObject) -> AssignmentRequest:
        per_student = data.get("per_student")
        return cls(title=_required_str(data, "title"),
                   source=_required_object(data, "source"), items=_list(data, "items"),
                   spec=_object(data, "spec") if "spec" in data else None,
                   per_student=None if per_student is None
                   else _bool(data, "per_student", False),
                   due=_str(data, "due"), attempts=_int(data, "attempts"),
                   feedback=_str(data, "feedback"), solution=_str(data, "solution"),
                   step_tries=_int(data, "step_tries"), late=_str(data, "late"),
                   penalty=_float(data, "penalty"),
                   score_policy=_str(data, "score_policy"))

    def document(self, ident: str) -> JsonObject:
        """The assignment's JSON form under id ``ident``: the fields given, none added
        (the library gives the defaults, the same when the document is read again)."""
        given: JsonObject = {"id": ident}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value is not None:
                given[f.name] = value
        return given


@dataclass(frozen=True)
class JoinRequest:
    """``POST /v1/assignments/{id}/join``: who joins."""

    student: str
    """The student's id in the class (their number, their login)."""
    name: str
    """Their name, as the gradebook shows it."""

    @classmethod
    def from_json(cls, data: JsonObject) -> JoinRequest:
        return cls(student=_required_str(data, "student"), name=_required_str(data, "name"))


@dataclass(frozen=True)
class StepRequest:
    """``POST /v1/assignments/{id}/steps``: the answer to one step of the search."""

    step: int
    """The step's number: the next one to answer (1 first)."""
    answer: JsonObject
    """``kind``, ``node``, ``value``, ``alpha``, ``beta`` (checked by the step session)."""
    lang: str = "en"
    """The language of the verdict's hint (``en``, ``it``)."""

    @classmethod
    def from_json(cls, data: JsonObject) -> StepRequest:
        return cls(step=_required_int(data, "step"),
                   answer=_required_object(data, "answer"), lang=_str(data, "lang") or "en")


@dataclass(frozen=True)
class SubmissionRequest:
    """``POST /v1/assignments/{id}/submissions``: a whole answer."""

    answer: JsonObject
    """The solution (``schemas/solution.json``), as ``gametrace check`` reads it."""
    lang: str = "en"
    """The language of the feedback's reasons and diagnosis (``en``, ``it``)."""

    @classmethod
    def from_json(cls, data: JsonObject) -> SubmissionRequest:
        return cls(answer=_required_object(data, "answer"), lang=_str(data, "lang") or "en")


@dataclass(frozen=True)
class TokenRequest:
    """``POST /v1/assignments/{id}/students/{student}/token``: nothing (``{}``); the
    student is the path's."""

    @classmethod
    def from_json(cls, data: JsonObject) -> TokenRequest:
        return cls()


REQUESTS: Mapping[str, type] = {
    cls.__name__: cls for cls in (ParseRequest, SearchRequest, RenderRequest, CheckRequest,
                                  WorksheetRequest, DiffRequest, CompareRequest,
                                  ExerciseRequest, StoreRequest, CourseRequest,
                                  AssignmentRequest, JoinRequest, StepRequest,
                                  SubmissionRequest, TokenRequest)}
"""Each request model by the name of its schema in the OpenAPI document."""


def spec_options(request: Source) -> dict[str, object]:
    """The search options ``request`` gives: its fields that are fields of the search
    spec (:data:`tracer.spec.FIELDS`), the budgets apart (the service caps them)."""
    given = {f.name for f in dataclasses.fields(request)}
    return {name: getattr(request, name) for name in FIELDS
            if name in given and name not in LIMIT_FIELDS
            and getattr(request, name) is not None}


# --- statistics (POST /v1/stats) --------------------------------------------------------

@dataclass(frozen=True)
class StatsRequest(Source):
    """``POST /v1/stats``: a trace (the document or a stored one's id), or a source and
    the options of a search as ``POST /v1/search`` takes them; whether to count by move
    class and to search the minimal tree too."""

    trace: TraceRef | None = None
    algorithm: str | None = None
    variant: str | None = None
    order: str | None = None
    seed: int | None = None
    depth: int | None = None
    cut_on: str | None = None
    bounds: tuple[float, float] | None = None
    techniques: str | None = None
    max_nodes: int | None = None
    time_limit: float | None = None
    by_class: bool = False
    """Count the moves searched and the cuts by move class (``stats --by-class``)."""
    minimal: bool = False
    """Search again perfectly ordered: the minimal tree per depth (``stats --minimal``)."""

    @classmethod
    def from_json(cls, data: JsonObject) -> StatsRequest:
        return cls(
            *Source.read(data), trace=_trace(data, "trace"),
            algorithm=_str(data, "algorithm"), variant=_str(data, "variant"),
            order=_str(data, "order"), seed=_int(data, "seed"), depth=_int(data, "depth"),
            cut_on=_str(data, "cut_on"), bounds=_numbers(data, "bounds"),
            techniques=_str(data, "techniques"), max_nodes=_int(data, "max_nodes"),
            time_limit=_float(data, "time_limit"), by_class=_bool(data, "by_class", False),
            minimal=_bool(data, "minimal", False))

    def searched_fields(self) -> list[str]:
        """The fields given that only a search takes (a source, its options, budgets)."""
        skip = {"trace", "by_class", "minimal"}
        return [f.name for f in dataclasses.fields(self)
                if f.name not in skip and getattr(self, f.name) is not None]


REQUESTS = {**REQUESTS, StatsRequest.__name__: StatsRequest}
