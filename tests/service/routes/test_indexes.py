"""The index routes: the overview, a node's children, a node by path, a subtree within
its bounds; every answer as the OpenAPI document says, every bad query a problem."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest
from starlette.testclient import TestClient

from tests.conftest import do_search
from tracer.analysis.index import build_index
from tracer.analysis.stats import Tally
from tracer.jsonio import dumps_json
from tracer.service.models.openapi import openapi
from tracer.service.routes.indexes import INDEXES_ENV

AIMA = "A(B(3 12 8) C(2 4 6) D(14 5 2))"


@pytest.fixture
def aima_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    trace = tmp_path / "aima.json"
    trace.write_text(dumps_json(do_search(AIMA).trace.to_json()), encoding="utf-8")
    tally = Tally()
    build_index(trace, tmp_path / "aima.index", counter=tally,
                summary=lambda: tally.stats().to_json())
    monkeypatch.setenv(INDEXES_ENV, str(tmp_path / "aima.index"))
    return tmp_path / "aima.index"


def _valid(answer: object, schema: str) -> None:
    document = openapi()
    jsonschema.validate(answer, {"$ref": f"#/components/schemas/{schema}",
                                 "components": document["components"]})


def test_the_overview_and_expanding(client: TestClient, aima_index: Path) -> None:
    listing = client.get("/v1/indexes").json()
    [item] = listing["items"]
    assert (item["name"], item["algorithm"], item["events"], item["nodes"]) == (
        "aima", "alphabeta", 22, 11)
    _valid(listing, "IndexListing")
    over = client.get("/v1/indexes/aima").json()
    _valid(over, "IndexOverview")
    assert (over["node"]["id"], over["node"]["value"]) == ("A", 3)
    assert [c["id"] for c in over["children"]] == ["B", "C", "D"]
    assert [d["nodes"] for d in over["stats"]["depths"]] == [1, 3, 7]
    c = over["children"][1]
    page = client.get(f"/v1/indexes/aima/nodes/{c['ord']}").json()
    _valid(page, "IndexPage")
    assert [k["value"] for k in page["children"]] == [2]
    assert (page["node"]["cut"], page["node"]["pruned"], page["path"]) == ("alpha", 2, [])
    assert page["took_ms"] >= 0
    second = client.get(f"/v1/indexes/aima/nodes/{over['children'][0]['ord']}",
                        params={"offset": 1, "limit": 1}).json()
    assert [k["id"] for k in second["children"]] == ["F"]


def test_search_by_path_and_a_subtree(client: TestClient, aima_index: Path) -> None:
    found = client.get("/v1/indexes/aima/find", params={"path": "B / G"}).json()
    _valid(found, "IndexPage")
    assert (found["node"]["id"], found["node"]["value"]) == ("G", 8)
    assert [p["id"] for p in found["path"]] == ["B"]
    missing = client.get("/v1/indexes/aima/find", params={"path": "B Z"})
    assert missing.status_code == 422
    assert "no move 'Z' searched at node 'B'" in missing.json()["detail"]
    drawn = client.get("/v1/indexes/aima/nodes/0/subtree",
                       params={"depth": 1, "budget": 3}).json()
    _valid(drawn, "IndexSubtree")
    assert [n["id"] for n in drawn["nodes"]] == ["A", "B", "C"]
    assert sum(f["nodes"] for f in drawn["folds"]) + len(drawn["nodes"]) == 11


@pytest.mark.parametrize(("url", "status"), [
    ("/v1/indexes/other", 404),
    ("/v1/indexes/aima/nodes/11", 400),
    ("/v1/indexes/aima/nodes/x", 400),
    ("/v1/indexes/aima/nodes/0?limit=501", 400),
    ("/v1/indexes/aima/nodes/0/subtree?depth=9", 400),
    ("/v1/indexes/aima/nodes/0/subtree?budget=501", 400),
    ("/v1/indexes/aima/find?path=" + "a" * 2001, 400),
], ids=["unknown-index", "ord-past-end", "ord-not-a-number", "limit", "depth", "budget",
        "long-path"])
def test_bad_queries_are_problems(client: TestClient, aima_index: Path, url: str,
                                  status: int) -> None:
    answer = client.get(url)
    assert answer.status_code == status
    assert answer.headers["content-type"] == "application/problem+json"


def test_a_damaged_index_is_a_problem(client: TestClient, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "bad.index").write_text("not sqlite", encoding="utf-8")
    monkeypatch.setenv(INDEXES_ENV, str(tmp_path / "bad.index"))
    answer = client.get("/v1/indexes/bad")
    assert answer.status_code == 422
    assert "not an index" in answer.json()["detail"]


def test_an_engine_stream_lists_the_searches_of_a_node_in_order(
        client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.analysis.index.test_engine_index import engine_trace

    trace = tmp_path / "engine.jsonl"
    engine_trace(trace)
    build_index(trace, tmp_path / "engine.index")
    monkeypatch.setenv(INDEXES_ENV, str(tmp_path / "engine.index"))
    over = client.get("/v1/indexes/engine").json()
    _valid(over, "IndexOverview")
    assert [s["search"] for s in over["searches"]] == [1, 2, 3]
    assert over["node"]["search"] == 3  # the root's last search: the result's
    assert [(c["move"], c["search"]) for c in over["children"]][1:3] == [("b", 1), ("b", 2)]
    found = client.get("/v1/indexes/engine/find", params={"path": "b"}).json()
    _valid(found, "IndexPage")
    assert [(s["search"], s["alpha"], s["beta"]) for s in found["searches"]] == [
        (1, None, None), (2, -50, 50)]
    page = client.get(f"/v1/indexes/engine/nodes/{found['searches'][0]['ord']}").json()
    assert [s["ord"] for s in page["searches"]] == [s["ord"] for s in found["searches"]]
