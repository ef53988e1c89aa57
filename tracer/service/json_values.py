"""JSON that is free-form by nature (a trace document, a tree, a solution, a report, the
OpenAPI document), named once: every other value the service reads or answers has a
model of its own (:mod:`.models`).

The recursive alias keeps such values typed down to their leaves: a function that reads
into one narrows it with ``isinstance`` (or :func:`as_object`), as it would any union.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

__all__ = ["JsonObject", "JsonValue", "RawJson", "as_object"]

JsonValue: TypeAlias = "bool | int | float | str | list[JsonValue] | dict[str, JsonValue] | None"
"""A JSON value, as :func:`json.loads` gives it."""

JsonObject: TypeAlias = "dict[str, JsonValue]"
"""A JSON object."""


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
