"""What the service answers, typed: one frozen dataclass per answer of the OpenAPI
document (:mod:`.openapi`), named as its schema (a test pins that each model's fields
are its schema's properties), written by :func:`answer_text` in the order of its
fields.  The answers that are a command's own JSON (a check's report, a diff, a
gradebook, a task) are the library's ``to_json()``; the requests are in
:mod:`.request_models`.

A field whose metadata says :data:`SPREAD` is written as its members, in the object of
its model (what a submission's feedback policy shows beside the submission's own
fields); it is not a property of the model's schema.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...jsonio import dumps_json
from ..json_values import JsonObject, JsonValue, RawJson

__all__ = ["RESPONSES", "SPREAD", "AssignmentAbout", "AssignmentCreated", "AssignmentStudents",
           "CourseCreated", "ExerciseResponse", "Frame", "FramesResponse", "Health", "Joined",
           "Listing", "ParseResponse", "SearchResponse", "StatsResponse", "Stored",
           "StudentToken", "StudentWork", "SubmissionCreated", "answer_text",
           "spread_fields"]

SPREAD = "spread"
"""The metadata key of a field written as its members (:func:`answer_text`)."""

# Type-only: the library is loaded by the warm-up and the workers, not by importing the app.
if TYPE_CHECKING:
    from ...analysis.stats import SearchStats


@dataclass(frozen=True)
class ParseResponse:
    """A tree read: its JSON, its text, its size."""

    tree: JsonValue
    text: str
    nodes: int
    leaves: int
    height: int


@dataclass(frozen=True)
class SearchResponse:
    """A search's outcome and its whole trace."""

    id: str | None
    """The stored trace's id (``store``), else ``null``."""
    complete: bool
    stopped: str | None
    """The budget that stopped the search, when it did not complete."""
    value: JsonValue
    move: str | None
    pv: list[str]
    stats: JsonObject
    trace: RawJson


@dataclass(frozen=True)
class Frame:
    """One step: its picture and its caption."""

    svg: str
    caption: str


@dataclass(frozen=True)
class FramesResponse:
    """A page of the frames of a trace (all of them when they fit in one answer)."""

    count: int
    """Frames of the whole sequence."""
    caption: str
    """The result (the last frame's caption)."""
    frames: list[Frame]
    first: int = 0
    """The index (0-based) of ``frames[0]`` in the sequence."""
    title: str = ""
    """What was searched, without what it found: a heading that spoils nothing."""


@dataclass(frozen=True)
class ExerciseResponse:
    """A random exercise: its tree and its key."""

    name: str
    text: str
    tree: JsonValue
    answer: JsonValue
    cuts: int
    trace: RawJson


@dataclass(frozen=True)
class Stored:
    """A trace stored: its id, whether it is new, where to fetch it."""

    id: str
    created: bool
    url: str


@dataclass(frozen=True)
class Listing:
    """A page of stored traces (each :meth:`..storage.store.Record.to_json`)."""

    items: list[JsonObject]
    limit: int
    offset: int
    total: int | None = None
    """How many traces match the filters in all (the shared library's listing)."""


@dataclass(frozen=True)
class Health:
    """``GET /healthz``: the jobs running and waiting, and the limits."""

    status: str
    running: int
    queued: int
    limits: dict[str, int | float]


@dataclass(frozen=True)
class CourseCreated:
    """A course made: its id and its teacher's token (shown this once; kept hashed)."""

    id: str
    teacher_token: str


@dataclass(frozen=True)
class AssignmentCreated:
    """An assignment handed out: its id and the link students join by."""

    id: str
    student_url: str


@dataclass(frozen=True)
class Joined:
    """A student joined: their token (shown this once; kept hashed)."""

    student_token: str


@dataclass(frozen=True)
class SubmissionCreated:
    """A submission graded: its id, which attempt it was, how many are left, and what
    the assignment's feedback policy shows (:func:`tracer.classroom.tasks.feedback`)."""

    id: str
    attempt: int
    attempts_left: int
    late: bool
    """Made after the due time (kept by the late policy ``accept`` or ``penalty``)."""
    shown: JsonObject = dataclasses.field(metadata={SPREAD: True})
    """The totals (``correct``, ``score``, ``max_score``, ``percent``) and, by the
    policy, the items, the first mistake or the whole diagnosis."""


@dataclass(frozen=True)
class StudentToken:
    """A student reset by the teacher: their new token (shown this once; kept hashed).
    The old one stops working; the student's row and work stay."""

    student: str
    student_token: str


@dataclass(frozen=True)
class AssignmentAbout:
    """What anyone with the link may know of an assignment before joining it."""

    id: str
    title: str
    due: str | None
    """The due time (ISO 8601 with its zone), or ``null``."""


@dataclass(frozen=True)
class AssignmentStudents:
    """Every student who joined an assignment, with what they did (the gradebook's cell
    of each: also those who never submitted, ``submitted: false``)."""

    assignment: str
    title: str
    max_score: int
    """The assignment's maximum: one point per item asked, the same for every student."""
    students: list[JsonObject]
    misconception_titles: dict[str, str]
    """The name of each misconception found, in the language asked."""


@dataclass(frozen=True)
class StudentWork:
    """One student's work on an assignment, in order: every step answer (each try) and
    every submission with its verdict on each item asked."""

    student: str
    name: str
    steps: list[JsonObject]
    submissions: list[JsonObject]


RESPONSES: Mapping[str, type] = {
    cls.__name__: cls for cls in (ParseResponse, SearchResponse, FramesResponse,
                                  ExerciseResponse, Stored, Listing, CourseCreated,
                                  AssignmentCreated, Joined, SubmissionCreated,
                                  StudentToken, AssignmentAbout, AssignmentStudents,
                                  StudentWork)}
"""Each answer model by the name of its schema in the OpenAPI document."""


def answer_text(answer: object) -> str:
    """The JSON text of an answer model: its fields in order, nested models as objects,
    :class:`RawJson` as it is."""
    return _text(answer)


def spread_fields(model: type) -> set[str]:
    """The fields of ``model`` written as their members (:data:`SPREAD`)."""
    return {f.name for f in dataclasses.fields(model) if f.metadata.get(SPREAD)}


def _text(value: object) -> str:
    if isinstance(value, RawJson):
        return value.text.rstrip()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        members: list[str] = []
        for f in dataclasses.fields(value):
            member = getattr(value, f.name)
            if f.metadata.get(SPREAD):  # its members in its place
                members.extend(f"{dumps_json(k)}:{_text(v)}" for k, v in member.items())
            else:
                members.append(f"{dumps_json(f.name)}:{_text(member)}")
        return "{" + ",".join(members) + "}"
    if isinstance(value, list) and any(dataclasses.is_dataclass(v) for v in value):
        return "[" + ",".join(_text(v) for v in value) + "]"
    return dumps_json(value)


# --- statistics (POST /v1/stats) --------------------------------------------------------

@dataclass(frozen=True)
class StatsResponse:
    """A search's statistics per depth: the document ``gametrace stats --json`` prints
    (:meth:`tracer.analysis.stats.SearchStats.to_json`), field for field."""

    format: str
    version: int
    recorded: str
    algorithm: str
    variant: str
    source: str
    depths: list[JsonObject]
    total: JsonObject

    @classmethod
    def of(cls, stats: SearchStats) -> StatsResponse:
        """The answer of ``stats``: its document, key for key."""
        doc = stats.to_json()
        return cls(format=doc["format"], version=doc["version"], recorded=doc["recorded"],
                   algorithm=doc["algorithm"], variant=doc["variant"], source=doc["source"],
                   depths=doc["depths"], total=doc["total"])


RESPONSES = {**RESPONSES, StatsResponse.__name__: StatsResponse}
