"""JSON that is free-form by nature (a trace document, a tree, a solution, a report, the
OpenAPI document), named once: every other value the service reads or answers has a
model of its own (:mod:`.models.request_models`, :mod:`.models.answer_models`).

The recursive alias keeps such values typed down to their leaves: a function that reads
into one narrows it with ``isinstance`` (or :func:`as_object`), as it would any union.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias

__all__ = ["JsonObject", "JsonValue", "RawJson", "as_object"]

JsonValue: TypeAlias = (
    "bool | int | float | str | Sequence[JsonValue] | Mapping[str, JsonValue] | None")
"""A JSON value: what :func:`json.loads` gives, and what :func:`tracer.jsonio.dumps_json`
writes.  Its arrays and objects are read-only views, so that a ``dict[str, str]`` or a
``list[str]`` is one too (a ``dict`` is invariant in its values); code that reads one
narrows it with ``isinstance(value, dict)`` or ``list``."""

JsonObject: TypeAlias = "dict[str, JsonValue]"
"""A JSON object, as it is built or read."""


@dataclass(frozen=True)
class RawJson:
    """JSON text already serialized, put into an answer as it is: a search's trace is
    written once, in the job's process, and never decoded and encoded again (a 20 MB
    trace took the event loop a tenth of a second each way)."""

    text: str


def as_object(value: JsonValue, what: str = "a JSON object") -> JsonObject:
    """``value`` when it is a JSON object; a :class:`TypeError` naming ``what`` otherwise
    (the service's own documents: a bug, never a client's fault)."""
    if not isinstance(value, dict):
        raise TypeError(f"expected {what}, got {type(value).__name__}")
    return value
