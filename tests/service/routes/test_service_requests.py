"""What a request may be: JSON only (415 otherwise), nested at most MAX_DEPTH levels (400
before the decoder runs), no state change on GET, CORS only for the origins configured,
and a rate limit per client (429 with Retry-After)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.applications import Starlette
from starlette.testclient import TestClient

from tracer.said import said
from tracer.service import Settings, create_app
from tracer.service.models.bodies import MAX_DEPTH, is_json, json_depth
from tracer.service.routes.gate import TokenBuckets, costs

JSON = {"content-type": "application/json"}
AIMA_SEARCH = {"example": "aima"}
ROOT = Path(__file__).resolve().parents[3]
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
def test_a_cross_site_form_post_changes_nothing(db_url: str, tmp_path: Path,
                                                kind: str) -> None:
    app = create_app(Settings(db=db_url, seed_dir=tmp_path))
    trace = json.loads(AIMA.read_text())
    with TestClient(app) as c:
        before = stored_count(c)
        # what a form on another site sends: the JSON as a form field, or as plain text
        # (an enctype="text/plain" form writes name=value, so JSON fits in it)
        for route, body in (("/v1/traces", {"trace": trace}),
                            ("/v1/search", {"example": "aima", "store": True})):
            text = json.dumps(body)
            # a browser that says where it comes from is stopped at the door (403), one
            # that does not at the body's type (415)
            for where, status in (({"sec-fetch-site": "cross-site"}, 403), ({}, 415)):
                got = c.post(route, content=text.encode(),
                             headers={"content-type": kind, "origin": "https://evil.example",
                                      **where})
                assert got.status_code == status, (route, where)
        assert stored_count(c) == before == 0


def test_a_cross_site_post_is_refused_before_it_is_read(db_url: str, tmp_path: Path) -> None:
    # a browser says where a request comes from; a cross-site JSON post (which needs a
    # preflight this service does not answer) or a form is a 403 whatever its type
    app = create_app(Settings(db=db_url, seed_dir=tmp_path))
    with TestClient(app) as c:
        for site in ("cross-site", "same-site"):
            for kind in ("application/json", "text/plain"):
                got = c.post("/v1/search", content=b'{"example": "aima", "store": true}',
                             headers={"content-type": kind, "sec-fetch-site": site,
                                      "origin": "https://evil.example"})
                assert got.status_code == 403, (site, kind)
                assert got.headers["content-type"] == "application/problem+json"
        assert stored_count(c) == 0
        # the service's own page: same-origin, or an older browser that does not say
        ok = c.post("/v1/search", json={"example": "aima", "store": True},
                    headers={"sec-fetch-site": "same-origin"})
        assert ok.status_code == 200
        assert stored_count(c) == 1


# every GET route, with what it needs to answer 200
def _gets(ident: str) -> list[str]:
    return ["/", "/healthz", "/v1/openapi.json", "/v1/examples", "/v1/games", "/v1/algorithms",
            "/v1/traces", "/v1/traces?tag=x&text=aima&limit=5", f"/v1/traces/{ident}",
            f"/v1/traces/{ident}/diagram.dot", f"/v1/traces/{ident}/diagram.svg",
            f"/v1/traces/{ident}/frames?step=node", "/static/api.js", "/favicon.ico"]


def _routes(app: Any, methods: set[str]) -> set[str]:
    from starlette.routing import Route

    return {r.path for r in app.routes
            if isinstance(r, Route) and r.methods and r.methods & methods}


def test_every_get_route_is_in_the_audit(client: TestClient) -> None:
    # a new GET route must be added to _gets (and so fetched below) to pass
    templates = {"/", "/healthz", "/v1/openapi.json", "/v1/examples", "/v1/games", "/v1/algorithms",
                 "/v1/traces", "/v1/traces/{id}", "/v1/traces/{id}/diagram.{format}",
                 "/v1/traces/{id}/frames", "/favicon.ico",
                 # the classroom's: each needs a token (test_classroom_roles.py)
                 "/v1/courses/{course}/gradebook", "/v1/courses/{course}/gradebook.csv",
                 "/v1/assignments/{id}/task", "/v1/assignments/{id}/steps",
                 "/v1/assignments/{id}/solution", "/v1/assignments/{id}/export/moodle.xml",
                 "/v1/assignments/{id}/export/prairielearn.zip",
                 # the classroom pages' (test_classroom_roles.py too)
                 "/v1/courses/{course}", "/v1/assignments/{id}/submissions",
                 "/v1/assignments/{id}/policies", "/v1/assignments/{id}/students",
                 "/v1/assignments/{id}/students/{student}/work",
                 # the join page's title: no token, one assignment's title and due time
                 "/v1/assignments/{id}/about",
                 # the scores sent to the LMS, the course's teacher only (tests/lti)
                 "/v1/courses/{course}/lti/scores",
                 # a big trace's index: each needs an index served, and reads only that
                 # index, never the store (test_indexes.py)
                 "/v1/indexes", "/v1/indexes/{name}", "/v1/indexes/{name}/find",
                 "/v1/indexes/{name}/nodes/{ord}", "/v1/indexes/{name}/nodes/{ord}/subtree",
                 # LTI's: a platform's login and the tool's key set, each answering 404
                 # without --lti (tests/lti/test_lti_launch.py)
                 "/lti/login", "/lti/jwks"}
    assert _routes(client.app, {"GET", "HEAD"}) == templates


def test_every_post_route_takes_json_only(client: TestClient) -> None:
    posts = _routes(client.app, {"POST"})
    # 10, the statistics, the classroom's 6, its pages' preview, the LMS scores' resend
    # and LTI's 4: the login and the launch take a platform's URL-encoded form, and no
    # other type either
    assert len(posts) == 23
    for path in posts:
        got = client.post(path, content=b'{"example": "aima"}',
                          headers={"content-type": "text/plain"})
        assert got.status_code == 415, path


def test_no_get_changes_the_store(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    app = create_app(Settings(db=str(db), seed_dir=tmp_path))
    with TestClient(app) as c:
        ident = c.post("/v1/search", json={"example": "aima", "store": True}).json()["id"]
        before = db.read_bytes(), c.get("/v1/traces").json()
        for path in _gets(ident):
            for method in ("GET", "HEAD"):
                got = c.request(method, path)
                assert got.status_code == 200, (method, path)
        # the POST routes do not answer GET (405), so no link or <img> can reach them
        for path in ("/v1/search", "/v1/check", "/v1/exercise", "/v1/parse"):
            assert c.get(path, params={"example": "aima", "store": "true"}).status_code == 405
        assert c.get("/v1/traces").json() == before[1]
    # the file too: a GET writes nothing (WAL checkpointed at close)
    assert db.read_bytes() == before[0]


def test_no_cors_header_unless_configured(client: TestClient) -> None:
    origin = {"origin": "https://other.example"}
    for got in (client.get("/v1/examples", headers=origin),
                client.post("/v1/parse", json={"tree": "A(1 2)"}, headers=origin),
                client.options("/v1/parse", headers={
                    **origin, "access-control-request-method": "POST",
                    "access-control-request-headers": "content-type"})):
        assert not [h for h in got.headers if h.lower().startswith("access-control-")]
    preflight = client.options("/v1/parse", headers={
        **origin, "access-control-request-method": "POST"})
    assert preflight.status_code == 405  # no route answers OPTIONS


def test_cors_answers_exactly_the_configured_origins(tmp_path: Path) -> None:
    app = create_app(Settings(db=str(tmp_path / "t.db"), seed_dir=tmp_path,
                              cors_origins=("https://moodle.school.example",
                                            "http://localhost:3000")))
    asked = {"access-control-request-method": "POST",
             "access-control-request-headers": "Content-Type"}
    with TestClient(app) as c:
        for origin in ("https://moodle.school.example", "http://localhost:3000"):
            pre = c.options("/v1/parse", headers={"origin": origin, **asked})
            assert pre.status_code == 204
            assert pre.headers["access-control-allow-origin"] == origin
            assert "POST" in pre.headers["access-control-allow-methods"]
            assert pre.headers["vary"] == "Origin"
            got = c.post("/v1/parse", json={"tree": "A(1 2)"},
                         headers={"origin": origin, "sec-fetch-site": "cross-site"})
            assert got.status_code == 200
            assert got.headers["access-control-allow-origin"] == origin
        for origin in ("https://evil.example", "https://moodle.school.example.evil.example",
                       "http://moodle.school.example", "null"):
            pre = c.options("/v1/parse", headers={"origin": origin, **asked})
            assert pre.status_code == 403, origin
            assert "access-control-allow-origin" not in pre.headers
            got = c.get("/v1/examples", headers={"origin": origin})
            assert "access-control-allow-origin" not in got.headers
        # a header beyond content-type, or a method the API does not have: refused
        for extra in ({"access-control-request-headers": "x-token"},
                      {"access-control-request-method": "DELETE"}):
            pre = c.options("/v1/parse", headers={"origin": "http://localhost:3000",
                                                  **asked, **extra})
            assert pre.status_code == 403, extra


def test_a_configured_origin_can_read_the_gates_refusals(tmp_path: Path) -> None:
    # CORS wraps the gate: a page on the LMS that is refused for its rate can read why.
    app = create_app(Settings(db=str(tmp_path / "t.db"), seed_dir=tmp_path,
                              rate_limit=0.01, rate_burst=1,
                              cors_origins=("https://moodle.school.example/",)))
    origin = {"origin": "https://moodle.school.example"}
    with TestClient(app) as c:
        assert c.post("/v1/search", json={"example": "aima"}, headers=origin).status_code == 200
        got = c.post("/v1/search", json={"example": "aima"}, headers=origin)
        assert got.status_code == 429
        assert got.headers["access-control-allow-origin"] == "https://moodle.school.example"
        assert got.headers["vary"] == "Accept-Language, Origin"
        pre = c.options("/v1/search", headers={**origin,
                                               "access-control-request-method": "POST"})
        assert pre.status_code == 204 and pre.content == b""
        assert "content-type" not in pre.headers
        assert pre.headers["access-control-max-age"] == "600"
        # a page asking to reach a private network is not one the service serves
        pre = c.options("/v1/search", headers={
            **origin, "access-control-request-method": "POST",
            "access-control-request-private-network": "true"})
        assert pre.status_code == 403
        assert pre.headers["content-type"] == "application/problem+json"


def test_a_client_past_its_rate_gets_429_with_retry_after(db_url: str,
                                                         tmp_path: Path) -> None:
    app = create_app(Settings(db=db_url, seed_dir=tmp_path,
                              rate_limit=0.01, rate_burst=3))
    with TestClient(app) as c:
        codes = [c.post("/v1/search", json={"example": "aima"}).status_code for _ in range(3)]
        assert codes == [200, 200, 200]
        got = c.post("/v1/search", json={"example": "aima"})
        assert got.status_code == 429
        assert got.headers["content-type"] == "application/problem+json"
        assert int(got.headers["retry-after"]) >= 1
        assert "0.01 a second, 3 at once" in got.json()["detail"]
        assert got.headers["cache-control"] == "no-store"
        # what runs no job is not counted
        assert c.get("/v1/examples").status_code == 200
        assert c.get("/v1/traces").status_code == 200
    with TestClient(app, client=("10.0.0.7", 5000)) as other:
        assert other.post("/v1/search", json={"example": "aima"}).status_code == 200


def test_the_gates_refusals_speak_the_requests_language(tmp_path: Path) -> None:
    app = create_app(Settings(db=str(tmp_path / "t.db"), seed_dir=tmp_path,
                              rate_limit=0.01, rate_burst=1,
                              cors_origins=("https://moodle.school.example",)))
    italian = {"accept-language": "it-IT,it;q=0.9,en;q=0.5"}
    with TestClient(app) as c:
        assert c.post("/v1/search", json={"example": "aima"}).status_code == 200
        got = c.post("/v1/search", json={"example": "aima"}, headers=italian)
        assert got.status_code == 429
        assert got.headers["content-language"] == "it"
        assert got.json()["title"] == "Troppe richieste"
        assert got.json()["detail"].startswith("questo client ha inviato più richieste")
        pre = c.options("/v1/parse", headers={"origin": "https://elsewhere.example",
                                              "access-control-request-method": "POST",
                                              **italian})
        assert pre.status_code == 403
        assert pre.headers["content-language"] == "it"
        assert "vedi --cors-origin" in pre.json()["detail"]
        english = c.post("/v1/search", json={"example": "aima"})
        assert english.status_code == 429 and english.headers["content-language"] == "en"
        assert "a second" in english.json()["detail"]


def test_forwarded_for_is_believed_from_trusted_proxies_only(tmp_path: Path) -> None:
    def app(**kw: Any) -> Starlette:
        return create_app(Settings(db=str(tmp_path / "t.db"), seed_dir=tmp_path,
                                   rate_limit=0.01, rate_burst=1, **kw))

    proxied = app(trusted_proxies=("127.0.0.1",))
    with TestClient(proxied, client=("127.0.0.1", 4000)) as c:
        for student in ("192.0.2.1", "192.0.2.2"):
            # the left end is what the client wrote: it does not change who it is
            hops = {"x-forwarded-for": f"6.6.6.6, {student}"}
            assert c.post("/v1/search", json=AIMA_SEARCH, headers=hops).status_code == 200
        # 192.0.2.1 again, whatever it claims first: its bucket is empty
        got = c.post("/v1/search", json=AIMA_SEARCH,
                     headers={"x-forwarded-for": "1.2.3.4, 192.0.2.1"})
        assert got.status_code == 429
    direct = app()
    with TestClient(direct, client=("192.0.2.9", 4000)) as c:
        assert c.post("/v1/search", json=AIMA_SEARCH,
                      headers={"x-forwarded-for": "192.0.2.10"}).status_code == 200
        # not a trusted proxy: the header is ignored, the peer's bucket is empty
        assert c.post("/v1/search", json=AIMA_SEARCH,
                      headers={"x-forwarded-for": "192.0.2.11"}).status_code == 429


def test_token_buckets_refill_at_their_rate() -> None:
    now = [0.0]
    buckets = TokenBuckets(2.0, 4, clock=lambda: now[0])
    assert [buckets.take("a", 1) for _ in range(4)] == [0.0] * 4
    assert buckets.take("a", 1) == 0.5  # empty: half a second to the next token
    assert buckets.take("b", 1) == 0.0  # another client, another bucket
    now[0] = 1.0
    assert [buckets.take("a", 1) for _ in range(2)] == [0.0, 0.0]
    assert buckets.take("a", 1) > 0
    now[0] = 100.0
    assert [buckets.take("a", 1) for _ in range(4)] == [0.0] * 4  # never more than the burst
    assert buckets.take("a", 1) > 0


def test_a_parse_costs_a_quarter_and_gets_cost_nothing() -> None:
    assert costs("POST", "/v1/parse") == 0.25
    assert costs("POST", "/v1/search") == costs("POST", "/v1/traces") == 1.0
    assert costs("GET", "/v1/traces/ab/diagram.svg") == costs("GET", "/v1/traces/ab/frames")
    assert costs("GET", "/v1/traces") == costs("GET", "/v1/traces/ab") == 0.0


def test_serve_options_of_who_may_ask(monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from tracer.cli import main

    seen: dict[str, object] = {}
    monkeypatch.setattr("tracer.service.run.serve", lambda **kw: seen.update(kw))
    result = CliRunner().invoke(main, [
        "serve", "--cors-origin", "https://a.example", "--cors-origin", "http://b.example:8080",
        "--rate-limit", "5", "--rate-burst", "50", "--trusted-proxy", "127.0.0.1",
        "--trusted-proxy", "10.0.0.0/8"])
    assert result.exit_code == 0, result.output
    limits = seen["limits"]
    assert isinstance(limits, dict)
    assert {k: limits[k] for k in ("cors_origins", "rate_limit", "rate_burst",
                                   "trusted_proxies")} == {
        "cors_origins": ("https://a.example", "http://b.example:8080"), "rate_limit": 5.0,
        "rate_burst": 50, "trusted_proxies": ("127.0.0.1", "10.0.0.0/8")}
    for flag, value in (("--cors-origin", "https://a.example/path"), ("--cors-origin", "*"),
                        ("--trusted-proxy", "proxy.local")):
        bad = CliRunner().invoke(main, ["serve", flag, value])
        assert bad.exit_code == 2, (flag, value)


def test_who_may_ask_reaches_every_worker(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from tracer.service.app import SETTINGS_ENV, app_from_environment, settings_to_environment

    settings = Settings(db=str(tmp_path / "t.db"), cors_origins=("https://a.example",),
                        rate_limit=3.5, rate_burst=7, trusted_proxies=("10.0.0.0/8",))
    monkeypatch.setenv(SETTINGS_ENV, settings_to_environment(settings))
    assert app_from_environment().state.service.settings == settings


def test_the_document_names_the_new_answers() -> None:
    from tracer.service.models.openapi import openapi

    paths = openapi()["paths"]
    for path, item in paths.items():
        if "post" in item:
            assert {"403", "415", "429"} <= set(item["post"]["responses"]), path


def test_a_listing_filter_longer_than_documented_is_a_400(client: TestClient) -> None:
    from tracer.service.models.openapi import openapi
    from tracer.service.routes.traces import QUERY_LENGTHS

    documented = {p["name"]: p["schema"].get("maxLength")
                  for p in openapi()["paths"]["/v1/traces"]["get"]["parameters"]}
    for name, longest in QUERY_LENGTHS.items():
        assert documented[name] == longest
        assert client.get("/v1/traces", params={name: "a" * longest}).status_code == 200
        got = client.get("/v1/traces", params={name: "a" * (longest + 1)})
        assert (got.status_code, got.json()["where"]) == (400, name)


def test_an_ipv6_client_is_its_64_network() -> None:
    from tracer.service.routes.gate import client_key

    assert client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:ffff::9") \
        == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("::ffff:192.0.2.1") == client_key("192.0.2.1") == "192.0.2.1"
    assert client_key("testclient") == "testclient"


def test_idle_buckets_are_forgotten_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tracer.service.routes.gate.MAX_CLIENTS", 8)
    now = [0.0]
    buckets = TokenBuckets(1.0, 2, clock=lambda: now[0])
    buckets.take("busy", 2)  # empty, and kept while others come and go
    for i in range(50):
        buckets.take(f"client{i}", 1)
        buckets.take("busy", 0)
        assert len(buckets.buckets) <= 8
    assert buckets.take("busy", 1) > 0  # still empty: it was not forgotten


def test_a_problem_crosses_a_process_boundary() -> None:
    import pickle

    from tracer.service.models.problem_details import Problem

    sent = Problem(429, "Too many requests", said("no stored trace {id}", id="abc"),
                   where="$.x", retry_after=7)
    got = pickle.loads(pickle.dumps(sent))
    assert (got.status, got.title, got.detail, got.where, got.retry_after) == (
        429, "Too many requests", "no stored trace abc", "$.x", 7)
    assert got.said == sent.said
    assert got.response().headers["retry-after"] == "7"
    assert pickle.loads(pickle.dumps(Problem(503, "Busy", said("x")))).retry_after == 1


def test_a_big_tree_posted_as_json_is_read_in_linear_time(client: TestClient) -> None:
    # 150 KB, 50,000 nodes: jsonschema spent 10 s on it (50 us a node); the tree reader
    # checks it instead
    tree = [[[[i, i + 1] for i in range(0, 40, 2)] for _ in range(40)] for _ in range(20)]
    got = client.post("/v1/parse", json={"tree": tree}, timeout=120)
    assert (got.status_code, got.json()["leaves"]) == (200, 20 * 40 * 40)


@pytest.mark.parametrize(("tree", "where"), [
    ([[1, 2], []], "$.tree[1]"),
    ([[1, {"value": "4"}]], "$.tree[0][1].value"),
    ({"tree": [1, 2], "name": 3}, "$.tree.name"),
    ({"tree": [1, 2], "$schema": 3}, "$.tree.$schema"),
    ({"label": "A", "children": [{"label": "A", "value": 1}]}, "$.tree.children[0].label"),
])
def test_a_bad_json_tree_is_a_422_at_its_place(client: TestClient, tree: object,
                                               where: str) -> None:
    got = client.post("/v1/parse", json={"tree": tree})
    assert got.status_code == 422, got.text
    assert got.json()["where"] == where


_KEYS = st.sampled_from(["label", "player", "value", "children", "prob", "tree", "name",
                         "description", "root_player", "$schema", "x"])
_LEAVES = st.one_of(st.integers(-5, 5), st.floats(allow_nan=False, allow_infinity=False),
                    st.sampled_from(["+inf", "-inf", "max", "min", "chance", "A", "a b", ""]),
                    st.booleans(), st.none())
_JSON = st.recursive(_LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(_KEYS, inner, max_size=4)), max_leaves=12)


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(_JSON.filter(lambda x: isinstance(x, list | dict)))
def test_every_tree_the_schema_refuses_is_refused(tree: object) -> None:
    from tracer.service.models.bodies import check_schema
    from tracer.service.models.openapi import request_validator
    from tracer.service.models.problem_details import Problem

    for component in ("ParseRequest", "SearchRequest", "CheckRequest"):
        body = {"tree": tree, "answer": {"value": 1}} if component == "CheckRequest" \
            else {"tree": tree}
        if not request_validator(component).is_valid(body):
            with pytest.raises(Problem) as refused:
                check_schema(body, component)
            assert refused.value.status == 422


def test_a_trace_of_a_47_level_tree_goes_back_inline_a_48_level_one_by_id(
        client: TestClient) -> None:
    # a trace carries its tree five objects down, two levels a node: 6 + 2 * 47 = 100
    for height, inline in ((47, 200), (48, 400)):
        text = "(" * height + "1 2" + ")" * height
        found = client.post("/v1/search", json={"tree": text, "algorithm": "minimax",
                                                "store": True}).json()
        got = client.post("/v1/render", json={"trace": found["trace"], "format": "dot"})
        assert got.status_code == inline, height
        by_id = client.post("/v1/render", json={"trace": found["id"], "format": "dot"})
        assert by_id.status_code == 200


def test_no_site_frames_the_pages_unless_named(client: TestClient, tmp_path: Path) -> None:
    # an LMS that opens tools in a frame of its own page (Canvas) is named with
    # --frame-ancestor; every other site is refused the frame, the page's and the API's
    assert "frame-ancestors 'none'" in client.get("/").headers["content-security-policy"]
    lms = create_app(Settings(db=str(tmp_path / "t.db"), seed_dir=tmp_path,
                              frame_ancestors=("https://canvas.example.edu",
                                               "https://moodle.example.edu")))
    with TestClient(lms) as c:
        for path in ("/", "/healthz", "/static/main.js"):
            policy = c.get(path).headers["content-security-policy"]
            assert "frame-ancestors https://canvas.example.edu https://moodle.example.edu" \
                in policy.split("; ")
