"""The service's typed boundary: each request and answer model has exactly the fields of
its schema in the OpenAPI document, reads a body as the routes did, writes an answer
in the order of its fields; and the route tables serve every documented path."""

from __future__ import annotations

import dataclasses
import json

import pytest

from tracer.service.app import ROUTES
from tracer.service.json_values import RawJson
from tracer.service.models.answer_models import (
    RESPONSES,
    Frame,
    FramesResponse,
    SearchResponse,
    SubmissionCreated,
    answer_text,
    spread_fields,
)
from tracer.service.models.openapi import component_schema, openapi
from tracer.service.models.request_models import (
    REQUESTS,
    AssignmentRequest,
    CheckRequest,
    CompareRequest,
    CourseRequest,
    ExerciseRequest,
    JoinRequest,
    RenderRequest,
    SearchRequest,
    StepRequest,
    SubmissionRequest,
    TokenRequest,
    spec_options,
)
from tracer.service.storage.store import Record


def _fields(model: type) -> set[str]:
    return {f.name for f in dataclasses.fields(model)}


def _properties(name: str) -> set[str]:
    return set(component_schema(name)["properties"])


@pytest.mark.parametrize("name", sorted(REQUESTS))
def test_a_request_model_has_the_fields_of_its_schema(name: str) -> None:
    model = REQUESTS[name]
    assert _fields(model) == _properties(name)
    # a field the schema requires is one the model reads; one without a default is required
    without_default = {f.name for f in dataclasses.fields(model)
                       if f.default is dataclasses.MISSING
                       and f.default_factory is dataclasses.MISSING}
    required = set(component_schema(name).get("required", []))
    assert without_default <= required <= _fields(model)


@pytest.mark.parametrize("name", sorted(REQUESTS))
def test_no_request_field_may_be_null_so_none_means_left_out(name: str) -> None:
    for key, prop in component_schema(name)["properties"].items():
        kinds = [prop, *prop.get("anyOf", []), *prop.get("oneOf", [])]
        for kind in kinds:
            types = kind.get("type", [])
            assert "null" not in (types if isinstance(types, list) else [types]), key
            assert None not in kind.get("enum", []), key
        assert prop != {}, key  # a schema of anything would take null


@pytest.mark.parametrize("name", sorted(RESPONSES))
def test_an_answer_model_has_the_fields_of_its_schema(name: str) -> None:
    # a spread field is written as its members: the schema leaves room for them
    spread = spread_fields(RESPONSES[name])
    assert _fields(RESPONSES[name]) - spread == _properties(name)
    assert not spread or component_schema(name).get("additionalProperties", True) is True


def test_the_classroom_s_requests_are_typed_models() -> None:
    assert {"CourseRequest", "AssignmentRequest", "JoinRequest", "StepRequest",
            "SubmissionRequest"} <= set(REQUESTS)
    assert {"CourseCreated", "AssignmentCreated", "Joined", "SubmissionCreated"} <= \
        set(RESPONSES)
    assert CourseRequest.from_json({"title": "AI 2026"}).title == "AI 2026"
    joined = JoinRequest.from_json({"student": "s1", "name": "Alice"})
    assert (joined.student, joined.name) == ("s1", "Alice")
    step = StepRequest.from_json({"step": 2, "answer": {"kind": "evaluate", "node": "F"}})
    assert (step.step, step.answer) == (2, {"kind": "evaluate", "node": "F"})
    assert SubmissionRequest.from_json({"answer": {"value": 3}}).answer == {"value": 3}
    assert TokenRequest.from_json({}) == TokenRequest()
    assert {"StudentToken", "AssignmentAbout", "AssignmentStudents", "StudentWork"} <= \
        set(RESPONSES)


def test_an_assignment_s_document_holds_what_was_given_and_its_id_only() -> None:
    given = {"title": "AIMA", "source": {"example": "aima"}, "items": ["value", "pruned"],
             "attempts": 2, "solution": "never"}
    asked = AssignmentRequest.from_json(given)
    assert (asked.spec, asked.per_student, asked.due, asked.feedback) == \
        (None, None, None, None)
    # the library gives the defaults when it reads the stored document (again)
    assert asked.document("a" * 24) == {"id": "a" * 24, **given}
    full = AssignmentRequest.from_json({**given, "spec": {}, "per_student": False,
                                        "due": "2030-01-01T00:00:00Z", "late": "penalty",
                                        "penalty": 12.5, "step_tries": 3})
    assert full.document("x") == {"id": "x", **given, "spec": {}, "per_student": False,
                                  "due": "2030-01-01T00:00:00Z", "late": "penalty",
                                  "penalty": 12.5, "step_tries": 3}


def test_a_submission_answer_is_its_fields_then_what_the_policy_shows() -> None:
    text = answer_text(SubmissionCreated(id="s", attempt=1, attempts_left=0, late=True,
                                         shown={"score": 2, "first_mistake": None}))
    assert text == ('{"id":"s","attempt":1,"attempts_left":0,"late":true,"score":2,'
                    '"first_mistake":null}')


def test_the_nested_answer_models_have_the_fields_of_their_schemas() -> None:
    frames = component_schema("FramesResponse")["properties"]["frames"]["items"]
    assert _fields(Frame) == set(frames["properties"])
    assert _fields(Record) == _properties("Record")
    assert set(Record("i", "a", "v", "s", "t", (), 1).to_json()) == _properties("Record")


def test_a_search_request_reads_what_is_given_and_leaves_the_rest_none() -> None:
    asked = SearchRequest.from_json({"example": "aima", "algorithm": "alphabeta",
                                     "variant": "fail-hard", "depth": 2, "max_nodes": 50,
                                     "bounds": [-2, 7], "store": True, "tags": ["week 3"]})
    assert (asked.example, asked.algorithm, asked.variant, asked.depth) == \
        ("aima", "alphabeta", "fail-hard", 2)
    assert (asked.bounds, asked.store, asked.tags, asked.max_nodes) == \
        ((-2, 7), True, ("week 3",), 50)
    assert (asked.tree, asked.game, asked.order, asked.seed, asked.time_limit) == \
        (None, None, None, None, None)
    # the spec's fields given, the budgets apart (the server caps them)
    assert spec_options(asked) == {"algorithm": "alphabeta", "variant": "fail-hard",
                                   "depth": 2, "bounds": (-2, 7)}
    assert SearchRequest.from_json({"example": "aima"}).store is False


def test_the_other_requests_take_the_defaults_the_routes_took() -> None:
    render = RenderRequest.from_json({"trace": "ab" * 32})
    assert (render.trace, render.format, render.options) == ("ab" * 32, "svg", {})
    check = CheckRequest.from_json({"answer": {"value": 3}, "example": "aima"})
    assert (check.answer, check.diagnosis, check.trace, check.problem) == \
        ({"value": 3}, True, None, None)
    exercise = ExerciseRequest.from_json({"branching": 2, "depth": 3, "cuts": [1, 2]})
    assert (exercise.cuts, exercise.values, exercise.seed, exercise.variant,
            exercise.cut_on) == ((1, 2), (0, 20), 0, "fail-soft", "ge")
    compare = CompareRequest.from_json({"tree": [[1, 2], [3]], "technique": "id,tt"})
    assert (compare.tree, compare.technique, compare.orders) == ([[1, 2], [3]], "id,tt",
                                                                 None)


def test_an_answer_is_written_in_the_order_of_its_fields_its_raw_json_as_it_is() -> None:
    trace = '{"format":"gametree-trace","events":[]}\n'
    text = answer_text(SearchResponse(id=None, complete=True, stopped=None, value=3,
                                      move="a1", pv=["a1", "b1"], stats={"nodes": 4},
                                      trace=RawJson(trace)))
    assert text == ('{"id":null,"complete":true,"stopped":null,"value":3,"move":"a1",'
                    '"pv":["a1","b1"],"stats":{"nodes":4},'
                    '"trace":{"format":"gametree-trace","events":[]}}')
    frames = answer_text(FramesResponse(count=1, caption="c",
                                        frames=[Frame(svg="<svg/>", caption="x")]))
    assert json.loads(frames) == {"count": 1, "caption": "c",
                                  "frames": [{"svg": "<svg/>", "caption": "x"}],
                                  "first": 0, "title": ""}


def test_the_route_tables_serve_every_documented_operation() -> None:
    served = {(route.path, method.lower()) for route in ROUTES
              for method in getattr(route, "methods", None) or ()} - {
        (path, "head") for path in {getattr(r, "path", "") for r in ROUTES}}
    documented = {(path, method) for path, ops in openapi()["paths"].items()
                  for method in ops}
    # the pages, and LTI's own endpoints (the IMS specifications say what they take: an
    # LMS's form posts, a JWK set), are not the JSON API's operations
    assert served - documented == {("/", "get"), ("/favicon.ico", "get"),
                                   ("/v1/openapi.json", "get"), ("/healthz", "get"),
                                   ("/lti/login", "get"), ("/lti/login", "post"),
                                   ("/lti/launch", "post"), ("/lti/jwks", "get")}
    assert documented <= served


def test_the_serve_commands_limits_are_settings_fields() -> None:
    from typing import get_type_hints

    from tracer.service.core import Settings
    from tracer.service.run import ServeLimits

    settings = {f.name for f in dataclasses.fields(Settings)}
    assert set(get_type_hints(ServeLimits)) == settings - {"db"}


def test_no_module_of_the_service_takes_or_gives_any() -> None:
    import ast
    import re
    from pathlib import Path

    import tracer.service

    def is_any(node: ast.AST) -> bool:
        if isinstance(node, ast.Name | ast.alias):
            return (node.id if isinstance(node, ast.Name) else node.name) == "Any"
        if isinstance(node, ast.Attribute):
            return node.attr == "Any"
        # a type alias written as a string ("dict[str, Any]")
        return isinstance(node, ast.Constant) and isinstance(node.value, str) \
            and re.search(r"\bAny\b", node.value) is not None

    folder = Path(tracer.service.__file__).parent
    found = [f"{path.name}:{getattr(node, 'lineno', '?')}"
             for path in sorted(folder.rglob("*.py"))
             if not {"lti", "migrations"} & set(path.relative_to(folder).parts)
             for node in ast.walk(ast.parse(path.read_text())) if is_any(node)]
    assert found == []
