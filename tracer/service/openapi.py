"""The OpenAPI 3.1 document of the service, built from the project's own schemas.

Trees, traces and solutions are ``schemas/*.json``, loaded at start-up (never copied):
each schema's ``$defs`` become components named ``<schema>.<def>`` and its references
are rewritten to point at them.  The render options come from the fields of
:class:`tracer.render.RenderOptions`; the search options from the search spec's field
table (:data:`tracer.spec.FIELDS`: types, ranges, defaults, and the names of the
library's lists of algorithms, variants, orderings and cut tests), so that a new variant
appears here as it appears in ``gametrace run --help``.  The app validates request
bodies against this same document, so what the document says is what the service
accepts.
"""

from __future__ import annotations

import copy
import dataclasses
from functools import cache
from typing import TYPE_CHECKING

from .json_values import JsonObject, JsonValue, as_object
from .store import ORIGINS

# Type-only: jsonschema is imported when the first request is validated.
if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

__all__ = ["FREE_FORM", "component_schema", "openapi", "request_validator", "spec_schema",
           "variant_rules"]

FREE_FORM = "AnyJSON"
"""The component of the answers that are a command's own JSON (a check's report, a
diff, the lists of examples and games): its name as the document has always published
it."""

LOCAL_RENDER = ("engine", "frame_format", "max_frames", "memory_nodes")
"""Render options a request does not set: the service draws with the bundled Graphviz,
frames as SVG, and caps frames itself."""


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _component(name: str) -> tuple[JsonObject, JsonObject]:
    """Schema ``name`` as a component and its ``$defs`` as components of their own."""
    from ..schema import load_schema

    raw = copy.deepcopy(load_schema(name))
    defs = raw.pop("$defs", {})
    for key in ("$schema", "$id"):
        raw.pop(key, None)

    def rewrite(node: JsonValue) -> JsonValue:
        if isinstance(node, dict):
            return {k: (f"#/components/schemas/{name}.{v[len('#/$defs/'):]}"
                        if k == "$ref" and isinstance(v, str) and v.startswith("#/$defs/")
                        else rewrite(v)) for k, v in node.items()}
        if isinstance(node, list):
            return [rewrite(x) for x in node]
        return node

    return as_object(rewrite(raw)), {f"{name}.{k}": rewrite(v) for k, v in defs.items()}


def _render_options() -> JsonObject:
    from ..render.model.render_options import (
        LANGS,
        LEAST,
        PRUNED,
        RANGES,
        STEPS,
        THEMES,
        RenderOptions,
    )

    kinds = {"str": "string", "bool": "boolean", "int": "integer", "float": "number"}
    enums = {"lang": list(LANGS), "theme": [*THEMES, "color"], "step": list(STEPS),
             "pruned": list(PRUNED)}
    props: JsonObject = {}
    for f in dataclasses.fields(RenderOptions):
        if f.name in LOCAL_RENDER:
            continue
        base, _, none = str(f.type).partition(" | ")
        schema: JsonObject = {"type": [kinds[base], "null"] if none else kinds[base]}
        if f.name in enums:
            schema = {"enum": enums[f.name]}
        if base == "int":
            schema["minimum"] = {**LEAST, "dpi": 1}.get(f.name, 0)
            # the service's own caps, below the library's: a drawing per request
            schema["maximum"] = {"dpi": 300, "max_nodes": 1000}.get(f.name, 1000)
        if base == "float":
            schema["minimum"], schema["maximum"] = RANGES[f.name]
        props[f.name] = schema
    return {"type": "object", "additionalProperties": False, "properties": props}


def _source_props() -> JsonObject:
    examples, games = _builtin()
    return {
        "tree": {"description": "A tree in any input form: the text notation (a string) or "
                                "its JSON (docs/trees.md).",
                 "anyOf": [{"type": "string", "maxLength": 1_000_000}, _ref("tree")]},
        "example": {"enum": list(examples), "description": "A lecture tree."},
        "game": {"enum": list(games), "description": "A built-in game."},
        "params": {"type": "object", "additionalProperties": {"type": "string"},
                   "description": "Parameters of the game (see GET /v1/games)."},
        "root_player": spec_schema("root_player"),
    }


@cache
def _problems() -> tuple[str, ...]:
    from ..problems import PROBLEMS

    return tuple(PROBLEMS)


@cache
def _builtin() -> tuple[tuple[str, ...], tuple[str, ...]]:
    from ..sources import builtin_names

    return builtin_names()


def spec_schema(name: str, *, choices: str | None = None,
                default: bool = True) -> JsonObject:
    """The JSON schema of the search spec's field ``name`` (:data:`tracer.spec.FIELDS`),
    its choices from the library list ``choices`` when a request takes fewer."""
    from ..spec import FIELDS, library_list

    f = FIELDS[name]
    schema: JsonObject
    if f.kind == "choice":
        schema = {"enum": list(library_list(choices or f.choices or ""))}
    elif f.kind == "variant":  # which names: variant_rules, by algorithm
        schema = {"type": "string", "description": "The algorithm's variant (its first by "
                                                   "default): see GET /v1/algorithms."}
    elif f.kind == "pair":
        schema = {"type": "array", "items": {"type": "number"}, "minItems": 2,
                  "maxItems": 2}
    elif f.kind == "text":
        schema = {"type": "string", "maxLength": f.max_length}
    else:
        schema = {"type": "integer" if f.kind == "int" else "number"}
        low, high = f.request_range or (f.low, f.high)
        if low is not None:
            schema["minimum"] = low
            if f.low_open:
                # with "minimum" beside it (redundant in JSON Schema 2020-12): schemathesis
                # 3.x's negative cases negate the pair together and fail without it
                schema["exclusiveMinimum"] = low
        if high is not None:
            schema["maximum"] = high
    shown = f.default if f.default is not None else f.shown_default
    if default and shown not in (None, ""):
        schema["default"] = shown
    return schema


def variant_rules() -> JsonObject:
    """The variants each algorithm takes, as the conditions of a request (``allOf``):
    with ``algorithm`` A (or none: the default), ``variant`` is one of A's."""
    from ..spec import FIELDS, algorithms

    default = FIELDS["algorithm"].default
    rules: list[JsonValue] = []
    for name, variants in algorithms().items():
        given: JsonObject = {"properties": {"algorithm": {"const": name}},
                                 "required": ["algorithm"]}
        when: JsonObject = {"anyOf": [given, {"not": {"required": ["algorithm"]}}]} \
            if name == default else given
        rules.append({"if": when,
                      "then": {"properties": {"variant": {"enum": list(variants)}}}})
    return {"allOf": rules}


SEARCH_FIELDS = ("algorithm", "variant", "order", "seed", "depth", "cut_on", "bounds",
                 "prover", "techniques")
"""The fields of the spec a search request takes as they are (the root player is a
source's, the budgets are capped by the server)."""


def _search_options() -> JsonObject:
    return {name: spec_schema(name) for name in SEARCH_FIELDS}


def _obj(props: JsonObject, required: tuple[str, ...] = (),
         extra: JsonObject | None = None) -> JsonObject:
    out: JsonObject = {"type": "object", "additionalProperties": False,
                       "properties": props, **(extra or {})}
    if required:
        out["required"] = list(required)
    return out


_CHECKED = "tracer.analysis.check:CHECKED_ALGORITHMS"
_COMPARED = "tracer.analysis.orderings:COMPARED_ALGORITHMS"
_EXERCISED = "tracer.analysis.check.exercise:VARIANTS"


def _schemas() -> JsonObject:
    from ..spec import library_list

    components: JsonObject = {}
    for name in ("tree", "trace", "solution"):
        main, defs = _component(name)
        components[name] = main
        components.update(defs)
    trace_ref = {"anyOf": [_ref("trace"),
                           {"type": "string", "pattern": "^[0-9a-f]{64}$",
                            "description": "The id of a stored trace."}]}
    limits = {
        "max_nodes": {**spec_schema("max_nodes"),
                      "description": "Node budget; the server's cap applies too."},
        "time_limit": {**spec_schema("time_limit"),
                       "description": "Seconds; the server's cap applies too."},
    }
    components.update({
        "Problem": _obj({
            "type": {"type": "string"}, "title": {"type": "string"},
            "status": {"type": "integer"}, "detail": {"type": "string"},
            "where": {"type": "string",
                      "description": "JSON path (`$.tree.children[1]`) or `line L, column C`."},
            "file": {"type": "string"}}, ("type", "title", "status", "detail")),
        "RenderOptions": _render_options(),
        "ParseRequest": _obj({"tree": _source_props()["tree"],
                              "root_player": spec_schema("root_player")}, ("tree",)),
        "ParseResponse": _obj({"tree": _ref("tree"), "text": {"type": "string"},
                               "nodes": {"type": "integer"}, "leaves": {"type": "integer"},
                               "height": {"type": "integer"}}),
        "SearchRequest": _obj({**_source_props(), **_search_options(), **limits,
                               "store": {"type": "boolean", "default": False},
                               "tags": {"type": "array", "maxItems": 10,
                                        "items": {"type": "string", "maxLength": 40}}},
                              extra=variant_rules()),
        "SearchResponse": _obj({
            "id": {"type": ["string", "null"]}, "complete": {"type": "boolean"},
            "stopped": {"type": ["string", "null"]}, "value": {},
            "move": {"type": ["string", "null"]},
            "pv": {"type": "array", "items": {"type": "string"}},
            "stats": {"type": "object"}, "trace": _ref("trace")}),
        "RenderRequest": _obj({"trace": trace_ref,
                               "format": {"enum": ["svg", "png", "pdf", "dot"]},
                               "options": _ref("RenderOptions")}, ("trace",)),
        "FramesResponse": _obj({
            "count": {"type": "integer"}, "caption": {"type": "string"},
            "frames": {"type": "array", "items": _obj(
                {"svg": {"type": "string"}, "caption": {"type": "string"}})}}),
        "CheckRequest": _obj({**_source_props(), "trace": trace_ref,
                              "problem": {"enum": list(_problems()),
                                          "description": "A search problem (A* answers); "
                                                         "its parameters in params."},
                              "heuristic": {"type": "string", "maxLength": 40},
                              "answer": _ref("solution"),
                              "algorithm": spec_schema(
                                  "algorithm", choices=_CHECKED, default=False),
                              "variant": {"type": "string"},
                              "order": spec_schema("order", default=False),
                              "seed": spec_schema("seed"), "depth": spec_schema("depth"),
                              "cut_on": spec_schema("cut_on", default=False),
                              "diagnosis": {"type": "boolean", "default": True}},
                             ("answer",)),
        "WorksheetRequest": _obj(_source_props()),
        "DiffRequest": _obj({"a": trace_ref, "b": trace_ref,
                             "context": {"type": "integer", "minimum": 0, "maximum": 100}},
                            ("a", "b")),
        "CompareRequest": _obj({**_source_props(),
                                "orders": {"type": "string", "maxLength": 200},
                                "algorithm": spec_schema(
                                    "algorithm", choices=_COMPARED, default=False),
                                "variant": spec_schema("variant"),
                                "technique": spec_schema("techniques"),
                                "depth": spec_schema("depth"),
                                "seed": spec_schema("seed")}, extra=variant_rules()),
        "ExerciseRequest": _obj({
            "branching": {"type": "integer", "minimum": 2, "maximum": 6},
            "depth": {"type": "integer", "minimum": 1, "maximum": 6},
            "cuts": {"type": "array", "items": {"type": "integer", "minimum": 0,
                                                 "maximum": 10_000},
                     "minItems": 2, "maxItems": 2},
            "values": {"type": "array", "items": {"type": "integer", "minimum": -1000,
                                                   "maximum": 1000},
                       "minItems": 2, "maxItems": 2},
            "seed": {"type": "integer", "minimum": 0, "maximum": 2**31 - 1},
            "variant": {"enum": list(library_list(_EXERCISED))},
            "cut_on": spec_schema("cut_on", default=False)}, ("branching", "depth")),
        "ExerciseResponse": _obj({"name": {"type": "string"}, "text": {"type": "string"},
                                  "tree": _ref("tree"), "answer": _ref("solution"),
                                  "trace": _ref("trace"), "cuts": {"type": "integer"}}),
        "StoreRequest": _obj({"trace": _ref("trace"),
                              "tags": {"type": "array", "maxItems": 10,
                                       "items": {"type": "string", "maxLength": 40}}},
                             ("trace",)),
        "Stored": _obj({"id": {"type": "string"}, "created": {"type": "boolean"},
                        "url": {"type": "string"}}),
        "Record": _obj({"id": {"type": "string"}, "algorithm": {"type": "string"},
                        "variant": {"type": "string"}, "source": {"type": "string"},
                        "title": {"type": "string"},
                        "tags": {"type": "array", "items": {"type": "string"}},
                        "size": {"type": "integer"},
                        "origin": {"enum": list(ORIGINS),
                                   "description": "Computed by this service, seeded from "
                                                  "the repository's traces/ (computed by "
                                                  "the project), or uploaded by a client: "
                                                  "only the first two are answer keys."}}),
        "Listing": _obj({"items": {"type": "array", "items": _ref("Record")},
                         "limit": {"type": "integer"}, "offset": {"type": "integer"}}),
        FREE_FORM: {"description": "The same JSON as the command named in the operation."},
    })
    return components


def _problem_responses(*codes: int) -> JsonObject:
    text = {400: "Malformed request (not JSON, nested too deeply, bad query)",
            403: "Sent by a page on another site (or a CORS preflight refused)",
            404: "No such trace", 413: "Request body too large",
            415: "The body is not sent as `application/json`",
            422: "The content breaks a rule: `where` says where",
            429: "This client sent too many requests: retry after `Retry-After` seconds",
            503: "Too many searches at once: retry later"}
    return {str(c): {"description": text[c],
                     "content": {"application/problem+json": {"schema": _ref("Problem")}}}
            for c in codes}


def _json(name: str, description: str = "OK") -> JsonObject:
    return {"description": description,
            "content": {"application/json": {"schema": _ref(name)}}}


def _post(op: str, summary: str, request: str, response: JsonObject,
          *codes: int) -> JsonObject:
    return {"post": {
        "operationId": op, "summary": summary,
        "requestBody": {"required": True,
                        "content": {"application/json": {"schema": _ref(request)}}},
        "responses": {"200": response,
                      **_problem_responses(400, 403, 413, 415, 422, 429, *codes)}}}


def _get(op: str, summary: str, response: JsonObject, *codes: int,
         parameters: list[JsonObject] | None = None) -> JsonObject:
    out: JsonObject = {"operationId": op, "summary": summary,
                           "responses": {"200": response, **_problem_responses(*codes)}}
    if parameters:
        out["parameters"] = parameters
    return {"get": out}


def _query(name: str, schema: JsonObject, description: str = "") -> JsonObject:
    return {"name": name, "in": "query", "required": False, "schema": schema,
            "description": description}


_ID: JsonObject = {"name": "id", "in": "path", "required": True,
       "schema": {"type": "string", "pattern": "^[0-9a-f]{64}$"}}

_FILES: JsonObject = {"image/svg+xml": {"schema": {"type": "string"}},
          "image/png": {"schema": {"type": "string", "format": "binary"}},
          "application/pdf": {"schema": {"type": "string", "format": "binary"}},
          "text/vnd.graphviz": {"schema": {"type": "string"}}}


@cache
def openapi() -> JsonObject:
    """The whole document (cached: the schemas are read once)."""
    from .. import __version__

    drawing: JsonObject = {"description": "The diagram", "content": _FILES}
    listing_params = [
        _query("algorithm", {"type": "string", "maxLength": 40}),
        _query("example", {"type": "string", "maxLength": 100},
               "The example, game or tree name the trace searched."),
        _query("tag", {"type": "string", "maxLength": 40}),
        _query("text", {"type": "string", "maxLength": 100}, "Words in the title."),
        _query("origin", {"enum": list(ORIGINS)},
               "Where the traces came from."),
        _query("limit", {"type": "integer", "minimum": 1, "maximum": 500}),
        _query("offset", {"type": "integer", "minimum": 0, "maximum": 1_000_000}),
    ]
    diagram_params: list[JsonObject] = [_ID, {"name": "format", "in": "path", "required": True,
                            "schema": {"enum": ["svg", "png", "pdf", "dot"]}},
                      _query("lang", {"enum": ["en", "it"]}),
                      _query("theme", {"enum": ["colour", "print"]}),
                      _query("window", {"type": "boolean"})]
    frame_params: list[JsonObject] = [_ID, _query("step", {"enum": ["event", "node", "leaf"]}),
                    _query("lang", {"enum": ["en", "it"]}),
                    _query("theme", {"enum": ["colour", "print"]}),
                    _query("window", {"type": "boolean"})]
    return {
        "openapi": "3.1.0",
        "info": {"title": "gametree-tracer", "version": __version__,
                 "description": "Trace adversarial search, draw it, check answers. "
                                "See docs/service.md."},
        "paths": {
            "/v1/examples": _get("examples", "The lecture trees (`gametrace examples --json`)",
                                 _json(FREE_FORM)),
            "/v1/games": _get("games", "The games and their parameters "
                                       "(`gametrace games --json`)", _json(FREE_FORM)),
            "/v1/algorithms": _get("algorithms", "Algorithms, variants, orderings, render "
                                                 "options", _json(FREE_FORM)),
            "/v1/parse": _post("parse", "Read a tree in any input form", "ParseRequest",
                               _json("ParseResponse")),
            "/v1/search": _post("search", "Search a posted tree, an example or a game",
                                "SearchRequest", _json("SearchResponse"), 503),
            "/v1/render": _post("render", "Draw a trace (svg, png, pdf, dot)", "RenderRequest",
                                drawing, 404, 503),
            "/v1/frames": _post("frames", "The step-by-step frames of a trace (SVG)",
                                "RenderRequest", _json("FramesResponse"), 404, 503),
            "/v1/check": _post("check", "Check an answer (`gametrace check --json`)",
                               "CheckRequest", _json(FREE_FORM), 404, 503),
            "/v1/worksheet": _post("worksheet", "The blank tree of a quiz: leaf values only "
                                                "(SVG)", "WorksheetRequest",
                                   {"description": "The worksheet",
                                    "content": {"image/svg+xml": _FILES["image/svg+xml"]}},
                                   503),
            "/v1/diff": _post("diff", "Where two traces part (`gametrace diff --json`)",
                              "DiffRequest", _json(FREE_FORM), 404),
            "/v1/compare": _post("compare", "Orderings compared "
                                            "(`gametrace compare --format json`)",
                                 "CompareRequest", _json(FREE_FORM), 503),
            "/v1/exercise": _post("exercise", "A random alpha-beta exercise and its key",
                                  "ExerciseRequest", _json("ExerciseResponse"), 503),
            "/v1/traces": {
                **_post("store_trace", "Store a trace (the same trace twice is one record)",
                        "StoreRequest", {**_json("Stored"), "links": {"GetTrace": {
                            "operationId": "get_trace",
                            "parameters": {"id": "$response.body#/id"}}}}),
                **_get("list_traces", "Stored traces, filtered", _json("Listing"), 400,
                       parameters=listing_params),
            },
            "/v1/traces/{id}": _get("get_trace", "The exact bytes stored", {
                "description": "The trace", "content": {"application/json": {
                    "schema": _ref("trace")}}}, 400, 404, parameters=[_ID]),
            "/v1/traces/{id}/diagram.{format}": _get(
                "trace_diagram", "A stored trace drawn", drawing, 400, 404, 429, 503,
                parameters=diagram_params),
            "/v1/traces/{id}/frames": _get(
                "trace_frames", "A stored trace's frames", _json("FramesResponse"), 400, 404,
                429, 503, parameters=frame_params),
        },
        "components": {"schemas": _schemas()},
    }


def component_schema(name: str) -> JsonObject:
    """The schema ``#/components/schemas/<name>`` of the document."""
    schemas = as_object(as_object(openapi()["components"])["schemas"])
    return as_object(schemas[name], f"the schema {name}")


@cache
def request_validator(component: str) -> Draft202012Validator:
    """A validator of request bodies against ``#/components/schemas/<component>``."""
    from jsonschema import Draft202012Validator

    doc = openapi()
    return Draft202012Validator({"$ref": f"#/components/schemas/{component}",
                                 "components": doc["components"]})
