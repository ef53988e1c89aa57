"""Every route that searches is sized before it starts and bounded while it runs: the
answer's size (/v1/search), a game's parameters, a worksheet's leaves (/v1/worksheet),
an exercise's draws (/v1/exercise)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tracer._api import read_trace
from tracer.service import Settings, create_app


def _client(tmp_path: Path, **settings: Any) -> TestClient:
    return TestClient(create_app(Settings(db=str(tmp_path / "t.db"), seed_dir=tmp_path,
                                          **settings)))


def test_a_search_stops_before_its_answer_passes_the_size_budget(tmp_path: Path) -> None:
    """Grundy's game from 100 coins answered 1.2 GB for 200,000 nodes."""
    with _client(tmp_path, max_answer=2_000_000) as c:
        got = c.post("/v1/search", json={"game": "grundy", "params": {"coins": "100"},
                                          "max_nodes": 200_000})
    assert got.status_code == 200
    assert len(got.content) <= 2_000_000
    body = got.json()
    assert (body["complete"], body["stopped"], body["value"]) == (
        False, "max-trace-bytes", None)
    assert body["stats"]["nodes_visited"] < 200_000
    trace = read_trace(body["trace"])
    assert trace.result is not None and trace.result.stopped == "max-trace-bytes"


def test_the_default_answer_budget_is_twenty_megabytes(tmp_path: Path) -> None:
    assert Settings(db=str(tmp_path / "t.db")).max_answer == 20_000_000


def test_a_search_within_the_size_budget_answers_whole(client: TestClient) -> None:
    body = client.post("/v1/search", json={"game": "grundy", "params": {"coins": "9"}}).json()
    assert body["complete"] is True and body["stopped"] is None


@pytest.mark.parametrize(("params", "words"), [
    ({"coins": "1000000"}, "parameter 'coins' of grundy: expected a number in 1..200"),
    ({"coins": "201"}, "parameter 'coins' of grundy: expected a number in 1..200"),
])
def test_a_game_too_big_for_one_node_is_refused_before_any_search(
        client: TestClient, params: dict[str, str], words: str) -> None:
    got = client.post("/v1/search", json={"game": "grundy", "params": params})
    assert got.status_code == 422
    assert got.headers["content-type"] == "application/problem+json"
    assert words in got.json()["detail"]


def test_a_huge_worksheet_is_refused_before_any_search(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A 100,000-leaf worksheet took 101 s and held the server for 80 s."""
    def no_search(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the worksheet searched a tree it should have refused")

    monkeypatch.setattr("tracer.search.run_search", no_search)
    monkeypatch.setattr("tracer.render.files.engine.render", no_search)
    tree = "A(" + " ".join(str(i % 10) for i in range(100_000)) + ")"
    with _client(tmp_path) as c:
        got = c.post("/v1/worksheet", json={"tree": tree})
    assert got.status_code == 422
    assert got.json()["detail"] == ("the tree has 100,000 leaves: a worksheet draws at "
                                    "most 729 (a sheet of paper)")


def test_a_worksheet_at_the_bound_is_drawn(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    def fake_render(dot: str, fmt: str, **options: Any) -> bytes:
        return dot.encode()  # the job runs in a process of its own: its answer tells

    monkeypatch.setattr("tracer.render.files.engine.render", fake_render)
    tree = "A(" + " ".join(f"B{i}(" + " ".join(str(j) for j in range(27)) + ")"
                           for i in range(27)) + ")"  # 729 leaves
    with _client(tmp_path) as c:
        got = c.post("/v1/worksheet", json={"tree": tree})
    assert got.status_code == 200, got.text
    assert got.content.startswith(b"digraph") and b"B26" in got.content


def test_an_exercise_that_cannot_be_met_gives_up_within_its_work_budget(
        tmp_path: Path) -> None:
    """/v1/exercise ran 13 s of CPU against a 5 s limit: 2,000 draws of 729 leaves."""
    with _client(tmp_path, max_exercise_work=5_000) as c:
        got = c.post("/v1/exercise", json={"branching": 3, "depth": 6, "cuts": [300, 363]})
    assert got.status_code == 422
    detail = got.json()["detail"]
    # 5,000 leaves' worth of work: 6 draws of 729 leaves (each counted 729 + 24)
    assert "found in 6 draws (seed 0): widen --cuts or --values" in detail


def test_an_exercise_within_its_budget_is_made(client: TestClient) -> None:
    got = client.post("/v1/exercise", json={"branching": 2, "depth": 3, "cuts": [1, 3],
                                            "seed": 2})
    assert got.status_code == 200
    # the exercise honours the cuts asked for (1 to 3), within its work budget
    assert 1 <= json.loads(got.text)["cuts"] <= 3


def test_a_searchs_trace_budget_leaves_room_for_the_rest_of_its_answer() -> None:
    from tracer.service.core import trace_budget

    assert trace_budget(20_000_000) == 19_000_000  # gametrace run --max-trace-mb 19
    assert trace_budget(3_000_000) == 2_000_000
    assert trace_budget(1_000) == 500  # the smallest --max-answer: half, never nothing
