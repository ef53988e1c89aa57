"""Request bodies: only JSON, only as deep as the API needs, checked against the API's
own schema before a route sees them.

The depth is measured on the bytes, before ``json.loads`` builds a single object:
Python's JSON decoder recurses once per ``[`` or ``{`` on the C stack, and a few
kilobytes of brackets (3,000 levels) ended the server process.  The measure is a
linear pass done by the regular-expression engine and ``bytes.translate`` (strings
dropped, escapes included, then the brackets summed), so a 2 MB body costs tens of
milliseconds and never recurses.
"""

from __future__ import annotations

import re
from functools import cache
from itertools import accumulate

from ...errors import InputError
from ...said import Said, said
from ...schema import SCHEMA_DEPTH, TYPE_WORDS, is_valid, schema_sentence
from ..json_values import JsonObject, JsonValue, as_object
from .components import TREE_TEXT_CHARS
from .openapi import request_validator
from .problem_details import Problem

__all__ = ["INLINE_BODY", "INLINE_DEPTH", "MAX_DEPTH", "SEND_JSON", "check_schema", "is_json",
           "json_depth", "parse_body"]

SEND_JSON = said("send the body as Content-Type: application/json")
"""The 415 of a body that :func:`is_json` refuses."""

MAX_DEPTH = SCHEMA_DEPTH
"""Deepest nesting of ``[`` and ``{`` a request body may have.

The library's own line (:data:`tracer.schema.SCHEMA_DEPTH`): deeper documents are not
checked against a schema (jsonschema's time grows with the square of the nesting), and
every body is checked against one here.  What it leaves room for: a tree posted as
nested arrays nests once per level (``{"tree": [[3, 12], [2, 4]]}``: height + 1), so
trees of 99 levels; as node objects twice per level (``children``, then the node), so
49 levels; a trace carries its tree in ``header.source.tree.tree`` five objects down,
so a trace of a tree of 47 levels.  The lectures' trees have 2 to 6, a search's ``depth``
is at most 64 plies and a game's trace carries no tree.  A deeper tree goes as text
(``{"tree": "A(B(...))"}``: a string, no nesting), and a trace of one by the id under
which ``/v1/search`` stored it (the page's stepper posts the trace itself, so it steps
trees of at most 47 levels)."""

INLINE_BODY = 4_000
INLINE_DEPTH = 3
"""Bodies of at most :data:`INLINE_BODY` bytes nesting at most :data:`INLINE_DEPTH`
levels (a search of an example or of a tree written as text, a check of an answer) are
read and checked on the event loop: a fraction of a millisecond.  Every other body is
read and checked in the job pool, so that the loop never spends time that grows with
what a client sends: checking a trace posted as JSON against the schema is slow (a 4 KB
trace took 14 ms), and a 2 MB body would hold the loop for seconds."""

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
"""A JSON string with its escapes (unrolled, so matching is linear)."""
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")
_SIGN = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")  # +1 and, read as signed bytes, -1


def json_depth(raw: bytes) -> int:
    """How deeply ``[`` and ``{`` nest in the JSON text ``raw``, brackets inside strings
    not counted; without building anything and without recursion.  Malformed text gets
    some number: the decoder, run after this, refuses it."""
    brackets = _STRING.sub(b"", raw).translate(_SIGN, _NOT_BRACKET)
    return max(accumulate(memoryview(brackets).cast("b")), default=0)


def is_json(content_type: str | None) -> bool:
    """``application/json``, with no parameter other than ``charset=utf-8``: the one type
    a page on another site cannot send without asking first (a form, ``text/plain`` and
    a missing type are what a cross-site form post is)."""
    if not content_type:
        return False
    media, *params = (part.strip().lower() for part in content_type.split(";"))
    return media == "application/json" and all(
        p.replace(" ", "") in ("charset=utf-8", "charset=\"utf-8\"") for p in params if p)


def parse_body(raw: bytes, component: str) -> JsonObject:
    """The JSON object in ``raw``, valid against request schema ``component``; a problem
    otherwise (400 not JSON or too deep, 422 against the schema)."""
    from ...jsonio import loads_json

    depth = json_depth(raw)
    if depth > MAX_DEPTH:
        raise Problem(400, "Too deep", said("the body nests {depth} levels of [ and {{; at "
                                            "most {most} (send a deep tree as text)",
                                            depth=depth, most=MAX_DEPTH))
    try:
        data = loads_json(raw.decode("utf-8"), file="request body")
    except UnicodeDecodeError:
        raise Problem(400, "Bad request", said("the body is not UTF-8 text")) from None
    except InputError as exc:
        raise Problem(400, "Bad request", exc.said, where=exc.where) from None
    check_schema(data, component)
    assert isinstance(data, dict)  # every request component is an object
    return data


def check_schema(data: JsonValue, component: str) -> None:
    """A 422 naming the JSON path of the first fault of ``data`` against ``component``;
    a value outside a list of names is refused as the command line refuses it.

    A tree posted as JSON is checked by the library's tree reader, not by jsonschema:
    the reader refuses all that the tree schema refuses (and a little more: a ``prob``
    on the root), in the words of ``gametrace run``, and in linear time; jsonschema
    spends some 50 microseconds on each node (a 150 KB tree took 10 s, 2 MB would take
    minutes).  The rest of the request is checked against the schema as it is."""
    from jsonschema.exceptions import best_match

    from ...choices import unknown_choice
    from ...jsonio import json_path

    tree: JsonValue = None
    root_player: JsonValue = None
    if isinstance(data, dict):
        given = data.get("tree")
        if isinstance(given, str) and len(given) > TREE_TEXT_CHARS and \
                "tree" in _properties(component):
            # said as a text too long: the schema's best match was the JSON branch of the
            # anyOf ("expected a JSON number"), the wrong way for a tree typed as text
            raise Problem(422, "Invalid request", said(
                "the tree's text has {count:,} characters: at most {most:,} (a larger tree "
                "is given as a file to gametrace run)", count=len(given),
                most=TREE_TEXT_CHARS), where="$.tree")
        if isinstance(given, dict | list) and "tree" in _properties(component):
            tree, root_player = given, data.get("root_player")
            data = {**data, "tree": "A"}  # the text form: the reader checks the tree below
        for key in _trace_fields(component):
            value = data.get(key)
            if isinstance(value, dict) and isinstance(value.get("events"), list) and \
                    is_valid(value, "trace"):
                # its events are valid, each checked against its own definition: the
                # request schema's oneOf of thirteen tries all on each (a 1.2 MB trace ran
                # past the CPU limit); the rest of the trace is still checked below
                data = {**data, key: {**value, "events": []}}
    error = best_match(request_validator(component).iter_errors(data))
    if error is None:
        if tree is not None:
            _check_tree(tree, root_player)
        return
    path = list(error.absolute_path)
    message = schema_sentence(error)
    if error.validator == "enum" and isinstance(error.instance, str) and path:
        what: str | Said = _FIELD_WORDS.get(str(path[-1]), str(path[-1]).replace("_", " "))
        if path == ["variant"]:  # as the library names it: "unknown alphabeta variant"
            from ...spec import FIELDS

            algorithm = data.get("algorithm") if isinstance(data, dict) else None
            what = said("{algorithm} variant",
                        algorithm=str(algorithm or FIELDS['algorithm'].default))
        message = unknown_choice(what, error.instance, [str(v) for v in error.validator_value])
    raise Problem(422, "Invalid request", message, where=json_path(path))


_FIELD_WORDS = {"algorithm": said("algorithm"), "example": said("example"),
                "game": said("game"), "order": said("order"), "lang": said("lang"),
                "theme": said("theme"), "step": said("step"), "format": said("format"),
                "problem": said("problem"), "heuristic": said("heuristic"),
                "cut_on": said("cut test"), "policy": said("policy"),
                "root_player": said("root player"), "feedback": said("feedback"),
                "solution": said("solution")}
"""How an unknown choice names a request's field, worded by the catalogs: in English
the field's name as it is written (``unknown order 'x'``, ``unknown lang 'x'``; the cut
test's as the library names it); a field not here is named as it is in every
language."""


@cache
def _trace_fields(component: str) -> tuple[str, ...]:
    """The fields of ``component`` that take a trace document (perhaps or an id)."""
    ref = "#/components/schemas/trace"

    def takes_trace(prop: JsonValue) -> bool:
        if not isinstance(prop, dict):
            return False
        choices = [*_list(prop.get("anyOf")), *_list(prop.get("oneOf"))]
        return prop.get("$ref") == ref or any(
            isinstance(p, dict) and p.get("$ref") == ref for p in choices)

    return tuple(key for key, prop in _properties(component).items() if takes_trace(prop))


def _list(value: JsonValue) -> list[JsonValue]:
    return value if isinstance(value, list) else []


def _properties(component: str) -> JsonObject:
    from .openapi import component_schema

    return as_object(component_schema(component).get("properties", {}))


def _check_tree(tree: JsonValue, root_player: JsonValue) -> None:
    """A 422 naming the place of the first fault of a tree posted as JSON."""
    from ...players import Player
    from ...trees import parse_tree_json
    from .problem_details import from_library, nested

    if isinstance(tree, dict) and not isinstance(tree.get("$schema", ""), str):
        raise Problem(422, "Invalid request", said("expected {what}", what=TYPE_WORDS["string"]),
                      where="$.tree.$schema")
    try:
        parse_tree_json(tree, file="tree", root_player=Player(root_player)
                        if isinstance(root_player, str) and root_player else None)
    except InputError as exc:
        raise from_library(nested(exc, "tree")) from None
