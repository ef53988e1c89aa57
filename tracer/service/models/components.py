"""The schemas of the service's OpenAPI document (its components), built from the
project's own schemas and the library's tables.

Trees, traces and solutions are ``schemas/*.json``, loaded at start-up (never copied):
each schema's ``$defs`` become components named ``<schema>.<def>`` and its references
are rewritten to point at them.  The render options come from the fields of
:class:`tracer.RenderOptions`; the search options from the search spec's field
table (:data:`tracer.spec.FIELDS`: types, ranges, defaults, and the names of the
library's lists of algorithms, variants, orderings and cut tests), so that a new variant
appears here as it appears in ``gametrace run --help``.  :mod:`.openapi` puts them in
the document beside its paths.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping
from functools import cache

from ..json_values import JsonObject, JsonValue, as_object
from ..storage.store import ORIGINS

__all__ = ["FREE_FORM", "ref", "schemas", "spec_schema", "variant_rules"]


FREE_FORM = "AnyJSON"
"""The component of the answers that are a command's own JSON (a check's report, a
diff, the lists of examples and games): its name as the document has always published
it."""

LOCAL_RENDER = ("engine", "frame_format", "max_frames", "memory_nodes")
"""Render options a request does not set: the service draws with the bundled Graphviz,
frames as SVG, and caps frames itself."""


def ref(name: str) -> dict[str, str]:
    """A reference to the component ``name``."""
    return {"$ref": f"#/components/schemas/{name}"}


def _component(name: str) -> tuple[JsonObject, JsonObject]:
    """Schema ``name`` as a component and its ``$defs`` as components of their own."""
    from ...schema import load_schema

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
    from ...render.model.render_options import (
        LANGS,
        LEAST,
        PRUNED,
        RANGES,
        STEPS,
        THEMES,
        RenderOptions,
    )
    from ...windows import WINDOWS

    kinds = {"str": "string", "bool": "boolean", "int": "integer", "float": "number"}
    enums: dict[str, list[str | None]] = {
        "lang": list(LANGS), "theme": [*THEMES, "color"], "step": list(STEPS),
        "pruned": list(PRUNED), "window": [*WINDOWS, None]}
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


TREE_TEXT_CHARS = 1_000_000
"""The longest tree a request may give in the text notation, in characters."""


def _source_props() -> JsonObject:
    examples, games = _builtin()
    return {
        "tree": {"description": "A tree in any input form: the text notation (a string) or "
                                "its JSON (docs/trees.md).",
                 "anyOf": [{"type": "string", "maxLength": TREE_TEXT_CHARS}, ref("tree")]},
        "example": {"enum": list(examples), "description": "A lecture tree."},
        "game": {"enum": list(games), "description": "A built-in game."},
        "params": {"type": "object", "additionalProperties": {"type": "string"},
                   "description": "Parameters of the game (see GET /v1/games)."},
        "root_player": spec_schema("root_player"),
    }


@cache
def _problems() -> tuple[str, ...]:
    from ...problems import PROBLEMS

    return tuple(PROBLEMS)


@cache
def _builtin() -> tuple[tuple[str, ...], tuple[str, ...]]:
    from ...sources import builtin_names

    return builtin_names()


def spec_schema(name: str, *, choices: tuple[str, ...] | None = None,
                default: bool = True) -> JsonObject:
    """The JSON schema of the search spec's field ``name`` (:data:`tracer.spec.FIELDS`),
    its choices the library's list ``choices`` when a request takes fewer."""
    from ...spec import FIELDS

    f = FIELDS[name]
    schema: JsonObject
    if f.kind == "choice":
        schema = {"enum": list(choices or f.choices or ())}
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
    from ...spec import FIELDS, algorithms

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


def schemas() -> JsonObject:
    """Every component of the document: the project's schemas and their ``$defs``, and
    each request body and answer by name."""
    from ...analysis.check import CHECKED_ALGORITHMS
    from ...analysis.check.exercise import VARIANTS
    from ...analysis.orderings import COMPARED_ALGORITHMS

    components: JsonObject = {}
    for name in ("tree", "trace", "solution"):
        main, defs = _component(name)
        components[name] = main
        components.update(defs)
    trace_ref = {"anyOf": [ref("trace"),
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
        "ParseResponse": _obj({"tree": ref("tree"), "text": {"type": "string"},
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
            "stats": {"type": "object"}, "trace": ref("trace")}),
        "RenderRequest": _obj({"trace": trace_ref,
                               "format": {"enum": ["svg", "png", "pdf", "dot"]},
                               "options": ref("RenderOptions"),
                               "first": {"type": "integer", "minimum": 0,
                                         "description": "Frames: the first of the page "
                                                        "(0-based)."},
                               "count": {"type": "integer", "minimum": 1,
                                         "description": "Frames: how many, at most (the "
                                                        "service may answer fewer: "
                                                        "max_frames, and a page's bytes)."}},
                              ("trace",)),
        "FramesResponse": _obj({
            "count": {"type": "integer"}, "first": {"type": "integer"},
            "title": {"type": "string"}, "caption": {"type": "string"},
            "frames": {"type": "array", "items": _obj(
                {"svg": {"type": "string"}, "caption": {"type": "string"}})}}),
        "CheckRequest": _obj({**_source_props(), "trace": trace_ref,
                              "problem": {"enum": list(_problems()),
                                          "description": "A search problem (A* answers); "
                                                         "its parameters in params."},
                              "heuristic": {"type": "string", "maxLength": 40},
                              "answer": ref("solution"),
                              "algorithm": spec_schema(
                                  "algorithm", choices=CHECKED_ALGORITHMS, default=False),
                              "variant": {"type": "string"},
                              "order": spec_schema("order", default=False),
                              "seed": spec_schema("seed"), "depth": spec_schema("depth"),
                              "cut_on": spec_schema("cut_on", default=False),
                              "diagnosis": {"type": "boolean", "default": True},
                              "lang": {"enum": ["en", "it"], "default": "en",
                                       "description": "The language of the reasons and "
                                                      "the diagnosis."}},
                             ("answer",)),
        "WorksheetRequest": _obj({**_source_props(), "lang": {"enum": ["en", "it"]},
                                  "theme": {"enum": ["colour", "print"], "default": "colour"},
                                  "format": {"enum": ["svg", "png", "pdf"],
                                             "default": "svg"}}),
        "DiffRequest": _obj({"a": trace_ref, "b": trace_ref,
                             "context": {"type": "integer", "minimum": 0, "maximum": 100}},
                            ("a", "b")),
        "CompareRequest": _obj({**_source_props(),
                                "orders": {"type": "string", "maxLength": 200},
                                "algorithm": spec_schema(
                                    "algorithm", choices=COMPARED_ALGORITHMS, default=False),
                                "variant": spec_schema("variant"),
                                "technique": spec_schema("techniques"),
                                "depth": spec_schema("depth"),
                                "seed": spec_schema("seed"),
                                "lang": {"enum": ["en", "it"], "default": "en",
                                         "description": "The language of the report's "
                                                        "title."}},
                               extra=variant_rules()),
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
            "variant": {"enum": list(VARIANTS)},
            "cut_on": spec_schema("cut_on", default=False)}, ("branching", "depth")),
        "ExerciseResponse": _obj({"name": {"type": "string"}, "text": {"type": "string"},
                                  "tree": ref("tree"), "answer": ref("solution"),
                                  "trace": ref("trace"), "cuts": {"type": "integer"}}),
        "StoreRequest": _obj({"trace": ref("trace"),
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
        "Listing": _obj({"items": {"type": "array", "items": ref("Record")},
                         "limit": {"type": "integer"}, "offset": {"type": "integer"},
                         "total": {"type": ["integer", "null"],
                                   "description": "How many traces match the filters "
                                                  "in all."}}),
        FREE_FORM: {"description": "The same JSON as the command named in the operation."},
        **_classroom(),
        **_statistics(trace_ref, limits),
    })
    return components


def _classroom() -> JsonObject:
    """The classroom's requests and answers (docs/service.md, "The classroom")."""
    from ...classroom.assignments import FEEDBACK, ITEMS, LATE, SOLUTION

    text: JsonObject = {"type": "string", "minLength": 1}
    number_or_null: JsonObject = {"type": ["number", "null"]}
    integer_or_null: JsonObject = {"type": ["integer", "null"]}
    return {
        "CourseRequest": _obj({"title": {**text, "maxLength": 200}}, ("title",)),
        "CourseCreated": _obj({"id": {"type": "string"},
                               "teacher_token": {"type": "string"}}),
        "AssignmentRequest": _obj({
            "title": {"type": "string", "description": "What students see it called."},
            "source": {"type": "object", "description": "Exactly one of `example`, `tree`, "
                       "`game` (with `params`) or `exercise` (docs/classroom.md)."},
            "spec": {"type": "object", "description": "The search's options: `algorithm`, "
                     "`variant`, `order`, `seed`, `depth`, `cut_on`, `root_player`, "
                     "`heuristic`."},
            "items": {"type": "array", "description": "What is asked, each one of: "
                      f"{', '.join(ITEMS)} (docs/classroom.md)."},
            "per_student": {"type": "boolean", "default": False,
                            "description": "A seeded variant of the tree per student."},
            "due": {"type": "string", "description": "An ISO 8601 time with its zone."},
            "attempts": {"type": "integer", "default": 1},
            "feedback": {"enum": list(FEEDBACK), "default": "first-mistake"},
            "solution": {"enum": list(SOLUTION), "default": "after-due"},
            "step_tries": {"type": "integer", "description": "Wrong tries on one step "
                           "(1 to 1000) before it is shown as missed; left out: "
                           "unlimited."},
            "late": {"enum": list(LATE), "default": "refuse",
                     "description": "A submission after the due time: refused (409), "
                                    "accepted and marked late, or marked late with "
                                    "`penalty`."},
            "penalty": {"type": "number", "description": "With `late: penalty`: the "
                        "percentage (0 < p <= 100) taken off a late submission."},
            "score_policy": {"enum": ["best", "last"], "default": "best",
                             "description": "Which attempt's score an LMS gets (LTI "
                                            "grade passback): the best or the last."}},
            ("title", "source", "items"),
            extra={"description": "An assignment as `tracer.classroom.reading."
                                  "parse_assignment` reads it (docs/classroom.md): the "
                                  "types checked here, every bound there."}),
        "AssignmentCreated": _obj({"id": {"type": "string"},
                                   "student_url": {"type": "string"}}),
        "JoinRequest": _obj({"student": {**text, "maxLength": 64,
                                         "pattern": "^[^\\u0000-\\u001f]+$"},
                             "name": {**text, "maxLength": 200,
                                      "pattern": "^[^\\u0000-\\u001f]+$"}},
                            ("student", "name")),
        "Joined": _obj({"student_token": {"type": "string"}}),
        "StepRequest": _obj({"step": {"type": "integer", "minimum": 1,
                                      "maximum": 1_000_000},
                             "answer": {"type": "object", "maxProperties": 5,
                                        "description": "kind, node, value, alpha, beta"},
                             "lang": {"enum": ["en", "it"], "default": "en",
                                      "description": "The language of the verdict's "
                                                     "hint."}},
                            ("step", "answer")),
        "SubmissionRequest": _obj({"answer": ref("solution"),
                                   "lang": {"enum": ["en", "it"], "default": "en",
                                            "description": "The language of the "
                                                           "feedback's reasons."}},
                                  ("answer",)),
        "SubmissionCreated": {"type": "object",
                              "properties": {"id": {"type": "string"},
                                             "attempt": {"type": "integer"},
                                             "attempts_left": {"type": "integer"},
                                             "late": {"type": "boolean"}},
                              "required": ["id", "attempt", "attempts_left", "late"],
                              "description": "And what the feedback policy shows."},
        "TokenRequest": _obj({}, extra={"description": "Nothing: `{}`."}),
        "StudentToken": _obj({"student": {"type": "string"},
                              "student_token": {"type": "string"}},
                             ("student", "student_token")),
        "AssignmentAbout": _obj({"id": {"type": "string"}, "title": {"type": "string"},
                                 "due": {"type": ["string", "null"]}},
                                ("id", "title", "due")),
        "AssignmentStudents": _obj({
            "assignment": {"type": "string"}, "title": {"type": "string"},
            "max_score": {"type": "integer"},
            "students": {"type": "array", "items": _obj({
                "student": {"type": "string"}, "name": {"type": "string"},
                "joined": {"type": ["string", "null"]}, "submitted": {"type": "boolean"},
                "attempts": {"type": "integer"}, "score": number_or_null,
                "max_score": {"type": "integer"}, "percent": number_or_null,
                "late": {"type": "boolean"},
                "steps_right_first_try": integer_or_null, "steps": integer_or_null,
                "misconception": {"type": ["string", "null"]}})},
            "misconception_titles": {"type": "object",
                                     "additionalProperties": {"type": "string"}}},
            ("assignment", "title", "max_score", "students", "misconception_titles")),
        "StudentWork": _obj({
            "student": {"type": "string"}, "name": {"type": "string"},
            "steps": {"type": "array", "items": {
                "type": "object", "required": ["step", "try", "answer", "right", "wrong"],
                "properties": {"step": {"type": "integer"}, "try": {"type": "integer"},
                               "answer": {"type": "object"}, "right": {"type": "boolean"},
                               "wrong": {"type": "array", "items": {"type": "string"}},
                               "at": {"type": ["string", "null"]}}}},
            "submissions": {"type": "array", "items": _obj({
                "id": {"type": "string"}, "attempt": {"type": "integer"},
                "at": {"type": "string"}, "late": {"type": "boolean"},
                "score": {"type": "number"}, "max_score": {"type": "integer"},
                "percent": {"type": "number"}, "answer": {"type": "object"},
                "items": {"type": "array", "items": _obj({
                    "item": {"type": "string"}, "words": {"type": "string"},
                    "right": {"type": "boolean"}, "answered": {"type": "boolean"},
                    "given": {"type": "string"}, "score": {"type": "number"}})}})}},
            ("student", "name", "steps", "submissions")),
    }


# --- statistics (POST /v1/stats) --------------------------------------------------------

STATS_FIELDS = ("variant", "order", "seed", "depth", "cut_on", "bounds", "techniques")
"""The search options a statistics request takes besides its algorithm (the game-tree
searches only)."""


def _statistics(trace_ref: Mapping[str, JsonValue], limits: Mapping[str, JsonValue]
                ) -> JsonObject:
    """The statistics' request and answer (docs/service.md, "Statistics")."""
    from ...analysis.stats import GAME_TREE_SEARCHES

    rate: JsonObject = {"type": ["number", "null"], "minimum": 0, "maximum": 1}
    ranks: JsonObject = {"type": "object", "additionalProperties": {"type": "integer"},
                         "description": "Cuts by the rank of the child that cut (\"1\": "
                                        "the first searched)."}
    by_class: JsonObject = {"type": "object", "additionalProperties": _obj({
        "searched": {"type": "integer"}, "cuts": {"type": "integer"},
        "first": {"type": "integer"}, "fail_high": rate, "fail_high_first": rate,
        "cut_ranks": ranks}), "description": "By move class (`by_class`)."}
    count: JsonObject = {"type": "integer", "minimum": 0}
    depth: JsonObject = {"type": "object", "properties": {
        "depth": count, "nodes": count, "inner": count, "leaves": count, "cuts": count,
        "fail_high": rate, "fail_high_first": rate, "cut_ranks": ranks,
        "tt_hits": count, "tt_cutoffs": count, "ebf": {"type": ["number", "null"]},
        "minimal": count, "beyond_minimal": {"type": "integer"}, "by_class": by_class},
        "required": ["depth", "nodes", "inner", "leaves", "cuts", "cut_ranks"]}
    return {
        "StatsRequest": _obj({
            **_source_props(), "trace": trace_ref,
            "algorithm": spec_schema("algorithm", choices=GAME_TREE_SEARCHES, default=False),
            **{name: spec_schema(name) for name in STATS_FIELDS}, **limits,
            "by_class": {"type": "boolean", "default": False,
                         "description": "Count the moves searched and the cuts by move "
                                        "class (`gametrace stats --by-class`)."},
            "minimal": {"type": "boolean", "default": False,
                        "description": "Search again perfectly ordered: the minimal tree "
                                       "per depth (`gametrace stats --minimal`)."}},
            extra=variant_rules()),
        "StatsResponse": _obj({
            "format": {"const": "gametree-stats"}, "version": {"type": "integer"},
            "recorded": {"enum": ["full", "counters"]},
            "algorithm": {"type": "string"}, "variant": {"type": "string"},
            "source": {"type": "string"},
            "depths": {"type": "array", "items": depth},
            "total": {"type": "object", "properties": {
                "nodes": count, "cuts": count, "fail_high_first": rate,
                "ebf": {"type": ["number", "null"]}, "by_class": by_class},
                "required": ["nodes", "cuts"]}}),
    }


def index_schemas() -> JsonObject:
    """The answers of the index routes (:mod:`..routes.indexes`)."""
    number: JsonObject = {"type": ["number", "string", "null"],
              "description": "A number, or `\"+inf\"` / `\"-inf\"`; null where none."}
    node = _obj({
        "ord": {"type": "integer", "description": "Its number, in the order the search "
                                                  "opened the nodes (the root's is 0)."},
        "id": {"type": "string"}, "parent": {"type": ["integer", "null"]},
        "depth": {"type": "integer"}, "rank": {"type": ["integer", "null"]},
        "move": {"type": ["string", "null"]},
        "player": {"type": ["string", "null"], "enum": ["max", "min", "chance", None]},
        "value": number, "alpha": number, "beta": number,
        "cut": {"type": ["string", "null"]}, "pruned": {"type": "integer"},
        "children": {"type": "integer"}, "first": {"type": "integer"},
        "last": {"type": "integer"}, "size": {"type": "integer"},
        "search": {"type": "integer", "description": "Which search of the node the row "
                                                     "is (from 1): a node searched again "
                                                     "has a row per search."}},
        ("ord", "id", "parent", "depth", "value", "children", "size"))
    took: JsonObject = {"type": "number",
                        "description": "Milliseconds the lookup took in the server."}
    summary: JsonObject = {"name": {"type": "string"}, "algorithm": {"type": "string"},
               "variant": {"type": "string"}, "source": {"type": ["string", "null"]},
               "events": {"type": "integer"}, "nodes": {"type": "integer"}}
    page: JsonObject = {"node": ref("IndexNode"),
                        "path": {"type": "array", "items": ref("IndexNode")},
                        "searches": {"type": "array", "items": ref("IndexNode"),
                                     "description": "Every search of the node under its "
                                                    "parent's search, in order."},
                        "children": {"type": "array", "items": ref("IndexNode")}, "took_ms": took}
    return {
        "IndexNode": node,
        "IndexListing": _obj({"items": {"type": "array", "items": _obj(summary)}}),
        "IndexOverview": _obj({**summary, "header": {"type": "object"},
                               "result": {"type": ["object", "null"]},
                               "stats": {"type": ["object", "null"]}, **page}),
        "IndexPage": _obj({**page, "offset": {"type": "integer"},
                           "limit": {"type": "integer"}}),
        "IndexSubtree": _obj({
            "depth": {"type": "integer"}, "budget": {"type": "integer"},
            "nodes": {"type": "array", "items": ref("IndexNode")},
            "folds": {"type": "array", "items": _obj({
                "node": {"type": "integer"}, "children": {"type": "integer"},
                "nodes": {"type": "integer"}})},
            "took_ms": took}),
    }


def index_paths() -> JsonObject:
    """The operations of the index routes (:mod:`..routes.indexes`)."""
    def get(op: str, summary: str, answer: str, *params: JsonObject) -> JsonObject:
        problem = {"content": {"application/problem+json": {"schema": ref("Problem")}}}
        return {"get": {"operationId": op, "summary": summary, "parameters": list(params),
                        "responses": {
                            "200": {"description": "OK", "content": {
                                "application/json": {"schema": ref(answer)}}},
                            "400": {"description": "A query out of its bounds", **problem},
                            "404": {"description": "No such index", **problem},
                            "422": {"description": "A damaged index, or no such path",
                                    **problem}}}}

    def param(name: str, where: str, schema: JsonObject) -> JsonObject:
        return {"name": name, "in": where, "required": where == "path", "schema": schema}

    name = param("name", "path", {"type": "string", "pattern": "^[A-Za-z0-9._-]+$"})
    ord_ = param("ord", "path", {"type": "integer", "minimum": 0})
    limit = param("limit", "query", {"type": "integer", "minimum": 1, "maximum": 500})
    return {
        "/v1/indexes": get("list_indexes", "The indexes served (gametrace browse)",
                           "IndexListing"),
        "/v1/indexes/{name}": get("index_overview", "An index's header, statistics and "
                                  "root", "IndexOverview", name, limit),
        "/v1/indexes/{name}/find": get(
            "index_find", "A node by its path of moves", "IndexPage", name,
            param("path", "query", {"type": "string", "maxLength": 2000})),
        "/v1/indexes/{name}/nodes/{ord}": get(
            "index_node", "A node and a page of its children", "IndexPage", name, ord_,
            limit, param("offset", "query", {"type": "integer", "minimum": 0})),
        "/v1/indexes/{name}/nodes/{ord}/subtree": get(
            "index_subtree", "A subtree within a depth and a node budget, the rest folded",
            "IndexSubtree", name, ord_,
            param("depth", "query", {"type": "integer", "minimum": 0, "maximum": 8}),
            param("budget", "query", {"type": "integer", "minimum": 1, "maximum": 500})),
    }
