"""The JSON Schemas of the project's files, and validation with readable errors.

The schemas live in the top-level ``schemas/`` folder of a checkout and are shipped
inside the package as ``tracer/schemas`` in a wheel.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import InputError
from .jsonio import json_path

__all__ = ["SCHEMAS", "load_schema", "validate"]

SCHEMAS = ("tree", "trace", "solution", "payoff")


def _schema_dir() -> Path:
    packaged = resources.files("tracer") / "schemas"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parent.parent / "schemas"


@cache
def load_schema(name: str) -> dict[str, Any]:
    """The schema ``schemas/<name>.schema.json`` as a dict."""
    path = _schema_dir() / f"{name}.schema.json"
    with path.open(encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


@cache
def _validator(name: str, ref: str | None) -> Any:
    from jsonschema import Draft202012Validator

    schema = load_schema(name)
    if ref is not None:
        schema = {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": ref}
    return Draft202012Validator(schema)


SCHEMA_DEPTH = 100
"""Documents nested deeper are left to the loaders: jsonschema's time grows with the
square of the nesting (a 600-level path takes seconds, 100,000 levels hours)."""


def nesting(data: Any, *, stop: int = SCHEMA_DEPTH + 1) -> int:
    """How deeply lists and objects nest in ``data`` (counting stops at ``stop``)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        elif not isinstance(item, list):
            continue
        deepest = max(deepest, depth + 1)
        if deepest >= stop:
            return deepest
        stack.extend((x, depth + 1) for x in item if isinstance(x, (list, dict)))
    return deepest


def validate(data: Any, name: str, *, file: str, ref: str | None = None,
             where: str = "$") -> bool:
    """Check ``data`` against schema ``name`` (or one of its ``$defs`` via ``ref``).

    Raises :class:`InputError` naming the file, the JSON path of the most relevant
    error (``jsonschema.exceptions.best_match``) and what was expected.  Returns False
    without checking when ``data`` nests deeper than :data:`SCHEMA_DEPTH` levels: the
    caller's loader, which reads any depth in linear time, is then the check.
    """
    from jsonschema.exceptions import best_match

    if nesting(data) > SCHEMA_DEPTH:
        return False
    error = best_match(_validator(name, ref).iter_errors(data))
    if error is None:
        return True
    path = json_path(list(error.absolute_path))
    if where != "$":
        path = where + path[1:]
    raise InputError(_describe(error), file=file, where=path)


_TYPES = {"array": "an array", "object": "an object", "string": "a string",
          "number": "a number", "integer": "an integer", "boolean": "true or false",
          "null": "null"}


def _describe(error: Any) -> str:
    """The error in the words of the file: the value as JSON, never a Python repr."""
    shown = json.dumps(error.instance, ensure_ascii=False)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    if error.validator == "type" and isinstance(error.validator_value, str):
        return f"expected {_TYPES.get(error.validator_value, error.validator_value)}, " \
               f"got {shown}"
    if error.validator in ("anyOf", "oneOf"):
        what = error.schema.get("description") or error.schema.get("title")
        what = what and what.rstrip(".")
        return f"expected {what[:1].lower()}{what[1:]}; got {shown}" if what else \
            f"{shown} fits none of the forms this place allows"
    message = str(error.message)
    if len(message) > 200:
        message = message[:197] + "..."
    if error.validator == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        return f"{message} (allowed: {', '.join(allowed)})"
    return message
