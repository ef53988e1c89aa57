"""The JSON Schemas of the project's files, and validation with readable errors.

The schemas live in the top-level ``schemas/`` folder of a checkout and are shipped
inside the package as ``tracer/schemas`` in a wheel.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .choices import nearest
from .errors import InputError
from .jsonio import json_path
from .said import Said, said

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

__all__ = ["SCHEMAS", "TYPE_WORDS", "is_valid", "load_schema", "schema_sentence", "validate"]

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
    raise InputError(schema_sentence(error), file=file, where=path)


TYPE_WORDS: Mapping[str, Said] = {
    "array": said("an array"), "object": said("an object"), "string": said("a string"),
    "number": said("a number"), "integer": said("an integer"),
    "boolean": said("true or false"), "null": said("null")}
"""How an error names a JSON type (``expected an integer, got "x"``)."""


def schema_sentence(error: ValidationError) -> Said:
    """What a jsonschema error says, as a sentence the catalogs word: one template for
    each kind of rule (its ``validator``), filled from the rule (``validator_value``) and
    the value that broke it (``instance``), the value shown as JSON, never a Python repr.
    A rule no template knows is said in jsonschema's own English (:func:`_rule_broken`)."""
    kind, want, instance = error.validator, error.validator_value, error.instance
    shown = _shown(instance)
    if kind == "type":
        if isinstance(want, str):
            return said("expected {what}, got {got}", what=TYPE_WORDS.get(want, want), got=shown)
        return said("{value} is not of type {types}", value=_repr(instance),
                    types=", ".join(repr(t) for t in want))
    if kind in ("anyOf", "oneOf"):
        what = _description(error.schema)
        return said("expected {what}; got {got}", what=what, got=shown) if what else \
            said("{got} fits none of the forms this place allows", got=shown)
    if kind == "additionalProperties" and isinstance(instance, dict):
        allowed = sorted(error.schema.get("properties", {}))
        key = _extra_key(error)
        guess = nearest(key, allowed)
        if guess and guess != key:
            return said("unknown key {key!r} (allowed: {allowed}); did you mean {guess!r}?",
                        key=key, allowed=", ".join(allowed), guess=guess)
        return said("unknown key {key!r} (allowed: {allowed})", key=key,
                    allowed=", ".join(allowed))
    if kind == "required":
        missing = [k for k in want if isinstance(instance, dict) and k not in instance]
        return said("missing key {key!r}", key=(missing or want)[0])
    if kind == "enum":
        return said("expected one of {choices}; got {got}",
                    choices=", ".join(json.dumps(c, ensure_ascii=False) for c in want), got=shown)
    if kind == "const":
        return said("expected {value}; got {got}", value=json.dumps(want, ensure_ascii=False),
                    got=shown)
    if kind == "uniqueItems":
        return _twice(instance)
    if kind in _BOUNDS:
        return said("expected a number {sign} {bound}; got {got}", sign=_BOUNDS[kind],
                    bound=want, got=shown)
    if kind in _COUNTS:
        return _COUNTS[kind][want == 1](want, shown)
    if kind == "items" and want is False and isinstance(error.schema, dict):
        most = len(error.schema.get("prefixItems", ()))  # a tuple: no item past its own
        return _COUNTS["maxItems"][most == 1](most, shown)
    if kind == "pattern":
        what = _description(error.schema)
        return said("expected {what}; got {got}", what=what, got=shown) if what else \
            said("got {got}, which is not in the form this place expects", got=shown)
    return _rule_broken(error)


def _shown(value: Any) -> str:
    """``value`` as JSON, cut to some 60 characters."""
    shown = json.dumps(value, ensure_ascii=False)
    return shown if len(shown) <= 60 else shown[:57] + "..."


def _repr(value: Any) -> str:
    """``value`` as jsonschema shows it (a Python repr), cut to some 100 characters."""
    shown = repr(value)
    return shown if len(shown) <= 100 else shown[:97] + "..."


def _twice(items: Any) -> Said:
    seen: list[Any] = []
    for item in items:
        if item in seen:
            return said("each item may be listed once; {item} is listed more than once",
                        item=json.dumps(item, ensure_ascii=False))
        seen.append(item)
    return said("each item may be listed once")


_BOUNDS = {"minimum": ">=", "maximum": "<=", "exclusiveMinimum": ">", "exclusiveMaximum": "<"}

_COUNTS: Mapping[str, tuple[Callable[[Any, str], Said], Callable[[Any, str], Said]]] = {
    # (many, one): the English says "1 item" and "2 items"
    "minItems": (lambda n, got: said("expected at least {n} items; got {got}", n=n, got=got),
                 lambda n, got: said("expected at least {n} item; got {got}", n=n, got=got)),
    "maxItems": (lambda n, got: said("expected at most {n} items; got {got}", n=n, got=got),
                 lambda n, got: said("expected at most {n} item; got {got}", n=n, got=got)),
    "minLength": (lambda n, got: said("expected a text of at least {n} characters; got {got}",
                                      n=n, got=got),
                  lambda n, got: said("expected a text of at least {n} character; got {got}",
                                      n=n, got=got)),
    "maxLength": (lambda n, got: said("expected a text of at most {n} characters; got {got}",
                                      n=n, got=got),
                  lambda n, got: said("expected a text of at most {n} character; got {got}",
                                      n=n, got=got)),
}


def _rule_broken(error: ValidationError) -> Said:
    """The rules the schemas seldom use, in jsonschema's words (a repr of the value)."""
    kind, want, value = error.validator, error.validator_value, _repr(error.instance)
    if kind == "format":
        return said("{value} is not a {format!r}", value=value, format=str(want))
    if kind == "multipleOf":
        number = error.instance if isinstance(error.instance, int | float) else value
        return said("{value} is not a multiple of {n}", value=number, n=want)
    if kind == "minProperties":
        return said("{value} should be non-empty", value=value) if want == 1 else \
            said("{value} does not have enough properties", value=value)
    if kind == "maxProperties":
        return said("{value} is expected to be empty", value=value) if want == 0 else \
            said("{value} has too many properties", value=value)
    if kind == "not":
        return said("{value} should not be valid under {rule}", value=value, rule=_repr(want))
    return said("{value} breaks the schema's rule {rule!r}", value=value, rule=str(kind))


def _description(schema: Any) -> Said | None:
    """What a schema's ``description`` (or ``title``) says a value is, as the object of
    "expected ...": a phrase the catalogs word when they know it."""
    what = schema.get("description") or schema.get("title") if isinstance(schema, dict) \
        else None
    if not isinstance(what, str) or not what:
        return None
    what = what.rstrip(".")
    what = what[:1].lower() + what[1:]
    return _FORMS.get(what, Said(what))  # a schema's own words: English where unknown


_FORMS = {str(s): s for s in (
    said('a number, or "+inf" / "-inf"'),
    said('a number, or "+inf" / "-inf" for an unbounded value'),
    said('a value: a JSON number, or "+inf" / "-inf" (also "inf") for an unbounded value '
         'such as a won game'),
    said('a number, "+inf" / "-inf", or a bound such as "<=2", ">=3" (also "≤2", "≥3")'),
    said("a node: a number (a leaf), an array (an inner node with these children), or a "
         "node object"),
    said("the goal node, or several (-p goal=A,B overrides it)"),
)}
"""The schemas' descriptions of a choice of forms that the catalogs word."""


def _extra_key(error: ValidationError) -> str:
    """The first key an ``additionalProperties`` error complains about."""
    schema = error.schema
    allowed = schema.get("properties", {})
    extra = [k for k in error.instance if k not in allowed
             and not any(re.search(p, k) for p in schema.get("patternProperties", {}))]
    return str(extra[0]) if extra else "?"
