"""What the service answers, typed: one frozen dataclass per answer of the OpenAPI
document (:mod:`.openapi`), named as its schema (a test pins that each model's fields
are its schema's properties), written by :func:`answer_text` in the order of its
fields.  The answers that are a command's own JSON (a check's report, a diff) are the
library's ``to_json()``; the requests are in :mod:`.request_models`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from ..jsonio import dumps_json
from .json_values import JsonObject, JsonValue, RawJson

__all__ = ["RESPONSES", "ExerciseResponse", "Frame", "FramesResponse", "Health", "Listing",
           "ParseResponse", "SearchResponse", "Stored", "answer_text"]


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
    """Every frame of a trace."""

    count: int
    caption: str
    frames: list[Frame]


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
    """A page of stored traces (each :meth:`.store.Record.to_json`)."""

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


RESPONSES: Mapping[str, type] = {
    cls.__name__: cls for cls in (ParseResponse, SearchResponse, FramesResponse,
                                  ExerciseResponse, Stored, Listing)}
"""Each answer model by the name of its schema in the OpenAPI document."""


def answer_text(answer: object) -> str:
    """The JSON text of an answer model: its fields in order, nested models as objects,
    :class:`RawJson` as it is."""
    return _text(answer)


def _text(value: object) -> str:
    if isinstance(value, RawJson):
        return value.text.rstrip()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return "{" + ",".join(f"{dumps_json(f.name)}:{_text(getattr(value, f.name))}"
                              for f in dataclasses.fields(value)) + "}"
    if isinstance(value, list) and any(dataclasses.is_dataclass(v) for v in value):
        return "[" + ",".join(_text(v) for v in value) + "]"
    return dumps_json(value)
