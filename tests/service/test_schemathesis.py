"""Property-based fuzzing of the API against its own OpenAPI document (schemathesis).

Bounded: a fixed number of examples per operation, derandomized (the same cases on every
run).  Checks: no server error, every response (status, content type, body) as the
document says.  The stateful run stores traces and fetches them back by the id the
document's links name.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.checks import (  # noqa: E402
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from tracer.service import Settings, create_app  # noqa: E402
from tracer.service.openapi import openapi  # noqa: E402

schemathesis.experimental.OPEN_API_3_1.enable()

_DB = Path(__import__("tempfile").mkdtemp(prefix="gametrace-schemathesis-")) / "traces.db"
APP = create_app(Settings(db=str(_DB), max_nodes=2_000, time_limit=1.0, max_frames=60,
                          seed_dir=_DB.parent))


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


schema = schemathesis.from_dict(bounded(openapi()), app=APP, base_url="")

CHECKS = (not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance)


@schema.parametrize()
@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_every_operation_answers_as_documented(case: schemathesis.Case) -> None:
    response = case.call_asgi()
    case.validate_response(response, checks=CHECKS)


StoredTraces = schema.as_state_machine()
StoredTraces.TestCase.settings = settings(max_examples=10, stateful_step_count=4,
                                          deadline=None, derandomize=True,
                                          suppress_health_check=list(HealthCheck))


def test_stored_traces_fetch_back_by_id() -> None:
    class Machine(StoredTraces):  # type: ignore[misc, valid-type]
        def validate_response(self, response, case, additional_checks=()):  # type: ignore[no-untyped-def]
            case.validate_response(response, checks=CHECKS)

        def _add_results_to_targets(self, targets, results):  # type: ignore[no-untyped-def]
            # Hypothesis renamed _add_result_to_targets, through which schemathesis 3
            # files each response under the link it feeds: do that filing here.
            for result in results:
                target = None if result is None else self._get_target_for_result(result)
                if target is not None:
                    super()._add_results_to_targets((target,), [result])

    Machine.TestCase().runTest()
