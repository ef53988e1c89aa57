"""The service refuses what ``gametrace validate`` refuses: every rule of a well-formed
trace, those of the tree its header carries included, on every route that takes one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tracer.service import Settings, create_app


@pytest.fixture()
def client(db_url: str, tmp_path: Path) -> Any:
    with TestClient(create_app(Settings(db=db_url, seed_dir=tmp_path))) as c:
        yield c


def _renamed_root(client: TestClient) -> dict[str, Any]:
    trace = client.post("/v1/search", json={"tree": "A(B(1 2) C(3))"}).json()["trace"]
    tree = json.dumps(trace["header"]["source"]["tree"]).replace('"A"', '"Z"')
    trace["header"]["source"]["tree"] = json.loads(tree)
    return dict(trace)


@pytest.mark.parametrize("route, extra", [("/v1/traces", {}), ("/v1/render", {"format": "svg"}),
                                          ("/v1/frames", {})])
def test_a_trace_whose_root_is_not_its_trees_is_refused(client: TestClient, route: str,
                                                        extra: dict[str, Any]) -> None:
    got = client.post(route, json={"trace": _renamed_root(client), **extra})
    assert got.status_code == 422, got.text
    assert got.json()["detail"] == "the header's root 'A' is not the source tree's root 'Z'"
    assert got.json()["where"] == "$.trace.header.root"
    assert client.get("/v1/traces?origin=uploaded").json()["items"] == []


def test_a_stored_trace_is_checked_again_before_it_is_drawn(client: TestClient) -> None:
    # a store written before the rules existed: the bytes are put in behind the service
    service = client.app.state.service
    data = json.dumps(_renamed_root(client)).encode()
    ident, _ = service.store.put(data, algorithm="minimax", variant="two-function",
                                 source="tree", title="old", origin="uploaded")
    for path in (f"/v1/traces/{ident}/diagram.svg", f"/v1/traces/{ident}/frames"):
        got = client.get(path)
        assert got.status_code == 422, got.text
        assert "is not the source tree's root" in got.json()["detail"]
