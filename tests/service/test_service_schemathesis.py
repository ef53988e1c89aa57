"""Property-based fuzzing of the API against its own OpenAPI document (schemathesis).

Bounded: a fixed number of examples per operation, derandomized (the same cases on every
run).  Checks: no server error, every response (status, content type, body) as the
document says.  The stateful run stores traces and fetches them back by the id the
document's links name.  The negative run sends what the document forbids (a missing
required field, a wrong type, a value out of range, a bad query or path parameter):
no server error, and every refusal a 4xx problem+json whose ``status`` is the answer's.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from schemathesis import DataGenerationMethod
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from tracer.service import Settings, create_app
from tracer.service.openapi import openapi

schemathesis.experimental.OPEN_API_3_1.enable()

CHECKS = (not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance)
BOUNDED = settings(deadline=None, derandomize=True, database=None,
                   phases=[Phase.explicit, Phase.generate],  # nothing to shrink when all pass
                   suppress_health_check=list(HealthCheck))


def bounded(doc: dict[str, Any], depth: int = 2) -> dict[str, Any]:
    """The document with every reference inlined and recursion (a tree's node holds nodes)
    cut after ``depth`` levels into ``{}`` (any JSON): schemathesis skips operations with
    recursive references, and fuzzing needs no deeper trees than that."""
    components = doc["components"]["schemas"]

    def inline(node: Any, seen: tuple[str, ...]) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
                name = ref.rsplit("/", 1)[1]
                if seen.count(name) >= depth:
                    return {}
                return inline(components[name], (*seen, name))
            return {k: inline(v, seen) for k, v in node.items()}
        if isinstance(node, list):
            return [inline(x, seen) for x in node]
        return node

    return {**doc, "paths": inline(doc["paths"], ()), "components": {}}


@pytest.fixture(scope="module")
def api_schema(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The document over an app with small budgets (fuzzed searches stay short)."""
    folder = tmp_path_factory.mktemp("fuzz")
    app = create_app(Settings(db=str(folder / "traces.db"), max_nodes=2_000, time_limit=1.0,
                              max_frames=60, seed_dir=folder,
                              rate_limit=0))  # fuzzing is one client sending many requests
    return schemathesis.from_dict(bounded(openapi()), app=app, base_url="")


schema = schemathesis.from_pytest_fixture("api_schema")
negative = schemathesis.from_pytest_fixture(
    "api_schema", data_generation_methods=[DataGenerationMethod.negative],
    # operations that take nothing have nothing to get wrong
    endpoint="^/v1/(?!examples$|games$|algorithms$|indexes$)")


def problem_conformance(response: Any, case: schemathesis.Case) -> None:
    """Every refusal is a 4xx ``application/problem+json`` that says its own status."""
    assert response.status_code < 500, f"{response.status_code} on {case.method} {case.path}"
    if response.status_code >= 400:
        assert response.headers["content-type"] == "application/problem+json"
        body = response.json()
        assert body["status"] == response.status_code
        assert {"type", "title", "detail"} <= set(body)
        assert all(isinstance(body[k], str) and body[k] for k in ("type", "title", "detail"))


@schema.parametrize()
@settings(BOUNDED, max_examples=12)
def test_every_operation_answers_as_documented(case: schemathesis.Case) -> None:
    response = case.call()
    case.validate_response(response, checks=CHECKS)


@negative.parametrize()
@settings(BOUNDED, max_examples=6)
def test_invalid_requests_are_refused_as_problems(case: schemathesis.Case) -> None:
    response = case.call()
    case.validate_response(response, checks=(not_a_server_error, problem_conformance))


def test_stored_traces_fetch_back_by_id(api_schema: Any) -> None:
    fetched: list[str] = []

    class Machine(api_schema.as_state_machine()):  # schemathesis builds the base at run time
        def validate_response(self, response: Any, case: Any,
                              additional_checks: Any = ()) -> None:
            case.validate_response(response, checks=CHECKS)
            if case.path == "/v1/traces/{id}" and response.status_code == 200:
                ident = case.path_parameters["id"]
                assert hashlib.sha256(response.content).hexdigest() == ident
                fetched.append(ident)

        def _add_results_to_targets(self, targets: Any, results: Any) -> None:
            # Hypothesis renamed _add_result_to_targets, through which schemathesis 3
            # files each response under the link it feeds: do that filing here.
            for result in results:
                target = None if result is None else self._get_target_for_result(result)
                if target is not None:
                    super()._add_results_to_targets((target,), [result])

    Machine.TestCase.settings = settings(BOUNDED, max_examples=3, stateful_step_count=4)
    Machine.TestCase().runTest()
    assert fetched, "no stored trace was fetched back by its id"
