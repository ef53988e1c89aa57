"""The service reads the numbers of its query strings and paths as the command line
does: the digits 0-9 only (no underscores, no fullwidth or other scripts' digits)."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.conftest import do_search
from tracer.analysis.index import build_index
from tracer.analysis.stats import Tally
from tracer.jsonio import dumps_json
from tracer.service.routes.indexes import INDEXES_ENV
from tracer.service.web import Problem, int_param

AIMA = "A(B(3 12 8) C(2 4 6) D(14 5 2))"
REFUSED = ["1_0", "\uff11", "\u0663", "\u00b3", "1.0", "+", "", " 1_0"]


@pytest.fixture
def aima_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    trace = tmp_path / "aima.json"
    trace.write_text(dumps_json(do_search(AIMA).trace.to_json()), encoding="utf-8")
    tally = Tally()
    build_index(trace, tmp_path / "aima.index", counter=tally,
                summary=lambda: tally.stats().to_json())
    monkeypatch.setenv(INDEXES_ENV, str(tmp_path / "aima.index"))
    return tmp_path / "aima.index"


@pytest.mark.parametrize("text", REFUSED)
def test_a_query_number(text: str) -> None:
    with pytest.raises(Problem) as caught:
        int_param(text, "limit", 100, 1, 500)
    assert caught.value.status == 400 and "digits 0-9" in str(caught.value.said)


def test_a_query_number_read() -> None:
    assert int_param("12", "limit", 100, 1, 500) == 12
    assert int_param(None, "limit", 100, 1, 500) == 100


@pytest.mark.parametrize("text", ["1_0", "\u0663"])
def test_the_limit_of_an_index_overview(text: str, client: TestClient,
                                        aima_index: Path) -> None:
    answer = client.get("/v1/indexes/aima", params={"limit": text})
    assert answer.status_code == 400, answer.text
    assert "digits 0-9" in answer.json()["detail"]


@pytest.mark.parametrize("ord_", ["\uff11", "\u0661", "0_1"])
def test_a_node_of_an_index_by_its_ord(ord_: str, client: TestClient,
                                       aima_index: Path) -> None:
    answer = client.get(f"/v1/indexes/aima/nodes/{ord_}")
    assert answer.status_code == 400, answer.text
    assert "digits 0-9" in answer.json()["detail"]
    assert client.get("/v1/indexes/aima/nodes/1").status_code == 200


def test_a_content_length_of_5000_digits(client: TestClient) -> None:
    answer = client.post("/v1/search", content=b"{}", headers={
        "content-type": "application/json", "content-length": "9" * 5000})
    assert answer.status_code == 413, answer.text
