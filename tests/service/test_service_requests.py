"""What a request may be: JSON only (415 otherwise), nested at most MAX_DEPTH levels (400
before the decoder runs), no state change on GET, CORS only for the origins configured,
and a rate limit per client (429 with Retry-After)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tracer.service import Settings, create_app
from tracer.service.bodies import MAX_DEPTH, is_json, json_depth

JSON = {"content-type": "application/json"}
ROOT = Path(__file__).resolve().parents[2]
AIMA = ROOT / "traces" / "aima.alphabeta.fail-soft.json"


def nested(levels: int) -> bytes:
    """A parse request whose tree is ``levels - 1`` arrays deep (``levels`` in all)."""
    return b'{"tree":' + b"[" * (levels - 1) + b"1,2" + b"]" * (levels - 1) + b"}"


def test_a_body_nested_3000_levels_is_a_400_naming_depth_and_limit(client: TestClient) -> None:
    body = nested(3_000)
    assert len(body) < 7_000  # the 6 KB body that ended the server process
    got = client.post("/v1/parse", content=body, headers=JSON)
    assert got.status_code == 400
    assert got.headers["content-type"] == "application/problem+json"
    assert got.json()["detail"].startswith(f"the body nests 3000 levels of [ and {{; at most "
                                           f"{MAX_DEPTH}")
    assert client.post("/v1/parse", json={"tree": "A(1 2)"}).status_code == 200  # still up


def test_the_depth_limit_is_exact(client: TestClient) -> None:
    assert client.post("/v1/parse", content=nested(MAX_DEPTH), headers=JSON).status_code == 200
    got = client.post("/v1/parse", content=nested(MAX_DEPTH + 1), headers=JSON)
    assert (got.status_code, got.json()["title"]) == (400, "Too deep")


@pytest.mark.parametrize("route", ["/v1/search", "/v1/render", "/v1/check", "/v1/traces",
                                   "/v1/diff", "/v1/compare", "/v1/worksheet", "/v1/frames",
                                   "/v1/exercise"])
def test_every_route_taking_a_body_refuses_a_deep_one(client: TestClient, route: str) -> None:
    got = client.post(route, content=b'{"a":' + b"{\"a\":" * 5_000 + b"1" + b"}" * 5_001,
                      headers=JSON)
    assert (got.status_code, got.json()["title"]) == (400, "Too deep")


def test_a_deep_tree_still_goes_as_text(client: TestClient) -> None:
    text = "(" * 300 + "1 2" + ")" * 300
    got = client.post("/v1/parse", json={"tree": text})
    assert (got.status_code, got.json()["height"]) == (200, 300)


@pytest.mark.parametrize(("raw", "depth"), [
    (b"1", 0), (b"[]", 1), (b'{"a": [1, {"b": []}]}', 4),
    (b'["[[[[", "\\"[[[", "\\\\", [["]]]]"]]]', 3),  # brackets in strings, escaped quotes
    (b'"[[[["', 0), (b"[[[]]][[]]", 3),
])
def test_depth_is_counted_outside_strings(raw: bytes, depth: int) -> None:
    assert json_depth(raw) == depth


def test_a_big_tree_is_checked_against_the_schema_in_the_job_pool(client: TestClient) -> None:
    # a tree of 3 levels as JSON (over INLINE_DEPTH): read and checked off the event loop,
    # with the same answers as inline
    tree = [[[i, i + 1] for i in range(0, 8, 2)] for _ in range(3)]
    got = client.post("/v1/parse", json={"tree": tree})
    assert (got.status_code, got.json()["leaves"]) == (200, 24)
    bad = client.post("/v1/parse", json={"tree": [[[1, {"value": "x"}]]]})
    assert bad.status_code == 422
    assert bad.json()["where"].startswith("$.tree")


@pytest.mark.parametrize("kind", [
    "application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8",
])
def test_json_is_accepted_with_an_optional_utf8_charset(client: TestClient, kind: str) -> None:
    got = client.post("/v1/parse", content=b'{"tree": "A(1 2)"}',
                      headers={"content-type": kind})
    assert got.status_code == 200


@pytest.mark.parametrize("kind", [
    None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
    "application/json; charset=latin-1", "application/jsonx", "text/json",
])
def test_any_other_content_type_is_a_415(client: TestClient, kind: str | None) -> None:
    headers = {} if kind is None else {"content-type": kind}
    got = client.post("/v1/parse", content=b'{"tree": "A(1 2)"}', headers=headers)
    assert got.status_code == 415
    assert got.headers["content-type"] == "application/problem+json"
    assert "application/json" in got.json()["detail"]


def test_is_json() -> None:
    assert is_json("application/json")
    assert not is_json("")
    assert not is_json("application/json; charset=utf-8; boundary=x")


def stored_count(c: TestClient) -> int:
    return len(c.get("/v1/traces", params={"limit": 500}).json()["items"])


@pytest.mark.parametrize("kind", ["application/x-www-form-urlencoded", "text/plain",
                                  "multipart/form-data; boundary=x"])
def test_a_cross_site_form_post_changes_nothing(tmp_path: Path, kind: str) -> None:
    app = create_app(Settings(db=str(tmp_path / "t.db"), seed_dir=tmp_path))
    trace = json.loads(AIMA.read_text())
    with TestClient(app) as c:
        before = stored_count(c)
        # what a form on another site sends: the JSON as a form field, or as plain text
        # (an enctype="text/plain" form writes name=value, so JSON fits in it)
        for route, body in (("/v1/traces", {"trace": trace}),
                            ("/v1/search", {"example": "aima", "store": True})):
            text = json.dumps(body)
            got = c.post(route, content=text.encode(),
                         headers={"content-type": kind, "origin": "https://evil.example",
                                  "sec-fetch-site": "cross-site"})
            assert got.status_code == 415
        assert stored_count(c) == before == 0
