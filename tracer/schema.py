"""The JSON Schemas of the project's files, and validation with readable errors.

The schemas live in the top-level ``schemas/`` folder of a checkout and are shipped
inside the package as ``tracer/schemas`` in a wheel.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from .choices import nearest
from .errors import InputError
from .jsonio import json_path

__all__ = ["SCHEMAS", "is_valid", "load_schema", "validate"]

SCHEMAS = ("tree", "trace", "solution", "payoff", "graph")


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


@cache
def _tagged(name: str) -> dict[str, dict[str, str]]:
    """The definitions of schema ``name`` that are a ``oneOf`` of definitions told apart
    by their ``type`` constant (the trace's events): definition -> type -> branch."""
    defs: dict[str, Any] = load_schema(name).get("$defs", {})
    found: dict[str, dict[str, str]] = {}
    for key, definition in defs.items():
        tags: dict[str, str] = {}
        for branch in definition.get("oneOf", ()):
            target = str(branch.get("$ref", "")).removeprefix("#/$defs/")
            typed = defs.get(target, {})
            const = typed.get("properties", {}).get("type", {}).get("const")
            if not isinstance(const, str) or "type" not in typed.get("required", ()):
                break
            tags[const] = target
        else:
            if tags and len(tags) == len(definition["oneOf"]):
                found[key] = tags
    return found


@cache
def _without_one_of(name: str, key: str) -> Any:
    from jsonschema import Draft202012Validator

    schema = load_schema(name)
    own = {k: v for k, v in schema["$defs"][key].items() if k != "oneOf"}
    return Draft202012Validator({"$schema": schema["$schema"], "$defs": schema["$defs"], **own})


def is_valid(data: Any, name: str) -> bool:
    """True when ``data`` is valid against schema ``name``, found the quick way (each
    event against its own definition); False when invalid or when the quick way cannot
    tell (ask :func:`validate` then, for the error)."""
    return nesting(data) <= SCHEMA_DEPTH and _quick_valid(data, name, None)


def _quick_valid(data: Any, name: str, ref: str | None) -> bool:
    """True when ``data`` is valid, each event checked against its own definition only;
    False when that cannot say (then :func:`validate` asks the schema as written).

    jsonschema tries every branch of a ``oneOf`` and builds an error for each that
    fails: thirteen per event, 1.4 ms an event, two minutes to validate a 100,000-event
    trace that ``render`` reads in half a second.  An event's ``type`` names the one
    branch that can match (each requires its own constant), so checking that branch
    and the rest of the definition accepts exactly what the ``oneOf`` does."""
    tagged = _tagged(name)

    def one(item: Any, key: str) -> bool:
        kind = item.get("type") if isinstance(item, dict) else None
        branch = tagged[key].get(kind) if isinstance(kind, str) else None
        return branch is not None and _without_one_of(name, key).is_valid(item) and \
            _validator(name, f"#/$defs/{branch}").is_valid(item)

    key = ref.removeprefix("#/$defs/") if ref is not None else None
    if key is not None and key in tagged:
        return one(data, key)
    if ref is None and name == "trace" and "event" in tagged and isinstance(data, dict) \
            and isinstance(data.get("events"), list):
        return _validator(name, None).is_valid(dict(data, events=[])) and \
            all(one(event, "event") for event in data["events"])
    return False


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
    if _quick_valid(data, name, ref):
        return True
    error = best_match(_validator(name, ref).iter_errors(data))
    if error is None:
        return True
    steps = list(error.absolute_path)
    if error.validator == "additionalProperties":
        steps.append(_extra_key(error))  # point at the key, as the tree reader does
    path = json_path(steps)
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
    plain = _plain(error, shown)
    if plain is not None:
        return plain
    message = str(error.message)
    if len(message) > 200:
        message = message[:197] + "..."
    return message


def _extra_key(error: Any) -> str:
    """The first key an ``additionalProperties`` error complains about."""
    schema = error.schema
    allowed = schema.get("properties", {})
    extra = [k for k in error.instance if k not in allowed
             and not any(re.search(p, k) for p in schema.get("patternProperties", {}))]
    return str(extra[0]) if extra else "?"


def _plain(error: Any, shown: str) -> str | None:
    """jsonschema's common complaints in the words the rest of the tool uses (its own
    text shows Python reprs and regular expressions)."""
    kind, want, schema = error.validator, error.validator_value, error.schema
    if kind == "additionalProperties" and isinstance(error.instance, dict):
        allowed = sorted(schema.get("properties", {}))
        key = _extra_key(error)
        text = f"unknown key {key!r} (allowed: {', '.join(allowed)})"
        guess = nearest(key, allowed)
        return f"{text}; did you mean {guess!r}?" if guess and guess != key else text
    if kind == "required":
        missing = [k for k in want if isinstance(error.instance, dict) and k not in error.instance]
        return f"missing key {(missing or want)[0]!r}"
    if kind == "enum":
        choices = ", ".join(json.dumps(c, ensure_ascii=False) for c in want)
        return f"expected one of {choices}; got {shown}"
    if kind == "const":
        return f"expected {json.dumps(want, ensure_ascii=False)}; got {shown}"
    if kind == "uniqueItems":
        seen: list[Any] = []
        for item in error.instance:
            if item in seen:
                return f"each item may be listed once; {json.dumps(item, ensure_ascii=False)} " \
                       "is listed more than once"
            seen.append(item)
        return "each item may be listed once"
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        sign = {"minimum": ">=", "maximum": "<=", "exclusiveMinimum": ">",
                "exclusiveMaximum": "<"}[kind]
        return f"expected a number {sign} {want}; got {shown}"
    if kind in ("minItems", "maxItems"):
        word = "at least" if kind == "minItems" else "at most"
        return f"expected {word} {want} item{'s' if want != 1 else ''}; got {shown}"
    if kind in ("minLength", "maxLength"):
        word = "at least" if kind == "minLength" else "at most"
        return f"expected a text of {word} {want} character{'s' if want != 1 else ''}; " \
               f"got {shown}"
    if kind == "pattern":
        what = schema.get("description") or schema.get("title")
        if what:
            what = what.rstrip(".")
            return f"expected {what[:1].lower()}{what[1:]}; got {shown}"
        return f"got {shown}, which is not in the form this place expects"
    return None
