"""``POST /v1/stats``: the document ``gametrace stats --json`` prints, of a posted trace,
a stored one or a search the request asks for; by move class and with the minimal
tree; bounded like every job (node and time budgets, the answer's size); a course's
trace as the rest of the API treats it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from starlette.testclient import TestClient

from tracer.cli import main
from tracer.service import Settings, create_app


def _client(tmp_path: Path, **settings: Any) -> TestClient:
    return TestClient(create_app(Settings(db=str(tmp_path / "t.db"), seed_dir=tmp_path,
                                          **settings)))


def _cli_stats(tmp_path: Path, *run: str, by_class: bool = False) -> tuple[Any, Path]:
    """``gametrace run ... -o T.json`` then ``gametrace stats T.json --json``."""
    trace = tmp_path / "t.json"
    runner = CliRunner()
    done = runner.invoke(main, ["run", *run, "-o", str(trace), "-q"])
    assert done.exit_code == 0, done.stderr
    shown = runner.invoke(main, ["stats", str(trace), "--json",
                                 *(["--by-class"] if by_class else [])])
    assert shown.exit_code == 0, shown.stderr
    return json.loads(shown.stdout), trace


def test_a_search_asked_for_answers_what_stats_json_prints(client: TestClient,
                                                           tmp_path: Path) -> None:
    expected, _ = _cli_stats(tmp_path, "othello", "-a", "alphabeta", "--depth", "3")
    got = client.post("/v1/stats", json={"game": "othello", "algorithm": "alphabeta",
                                         "depth": 3})
    assert got.status_code == 200, got.text
    assert got.headers["content-type"] == "application/json"
    assert got.json() == expected
    assert [d["nodes"] for d in expected["depths"]][:2] == [1, 4]  # four opening moves


def test_a_posted_chess_trace_by_class(client: TestClient, tmp_path: Path) -> None:
    expected, trace = _cli_stats(tmp_path, "chess", "-a", "enhanced", "--technique",
                                 "id,tt,killer", "--depth", "2", by_class=True)
    got = client.post("/v1/stats", json={"trace": json.loads(trace.read_text()),
                                         "by_class": True})
    assert got.status_code == 200, got.text
    assert got.json() == expected
    assert set(expected["total"]["by_class"]) == {"killer", "pv move", "quiet"}


def test_a_stored_trace_by_id_and_the_minimal_tree(client: TestClient) -> None:
    stored = client.post("/v1/search", json={"example": "aima", "store": True}).json()
    got = client.post("/v1/stats", json={"trace": stored["id"], "minimal": True})
    assert got.status_code == 200, got.text
    body = got.json()
    assert [d["nodes"] for d in body["depths"]] == [1, 3, 7]
    assert [d["minimal"] for d in body["depths"]] == [1, 3, 5]
    assert body["total"]["beyond_minimal"] == 2
    missing = client.post("/v1/stats", json={"trace": "0" * 64})
    assert missing.status_code == 404
    assert missing.json()["where"] == "$.trace"


def test_a_search_past_its_node_budget_is_refused(tmp_path: Path) -> None:
    with _client(tmp_path, max_nodes=500) as c:
        got = c.post("/v1/stats", json={"game": "othello", "depth": 6})
        asked = c.post("/v1/stats", json={"game": "othello", "depth": 3, "max_nodes": 10})
        within = c.post("/v1/stats", json={"game": "othello", "depth": 3})
        minimal = c.post("/v1/stats", json={"game": "othello", "depth": 4,
                                            "order": "reverse", "minimal": True,
                                            "max_nodes": 200})
    for refused in (got, asked):
        assert refused.status_code == 422
        assert refused.headers["content-type"] == "application/problem+json"
        assert "stopped at its max-nodes budget" in refused.json()["detail"]
    assert within.status_code == 200
    assert minimal.status_code == 422
    assert minimal.json()["detail"].startswith("the minimal tree's search stopped at its "
                                                "max-nodes budget")


def test_an_answer_past_the_size_cap_is_refused(tmp_path: Path) -> None:
    with _client(tmp_path, max_answer=1_000) as c:
        got = c.post("/v1/stats", json={"game": "othello", "depth": 3, "by_class": True})
    assert got.status_code == 422
    assert got.json()["title"] == "Answer too large"


def test_a_trace_and_a_search_at_once_are_refused(client: TestClient) -> None:
    stored = client.post("/v1/search", json={"example": "aima", "store": True}).json()
    got = client.post("/v1/stats", json={"trace": stored["id"], "depth": 2})
    assert got.status_code == 422
    assert got.json()["detail"] == ("give a trace or what to search, not both (the trace "
                                    "came with: depth)")


def test_only_game_tree_searches(client: TestClient) -> None:
    got = client.post("/v1/stats", json={"example": "aima", "algorithm": "pns"})
    assert got.status_code == 422
    assert got.json()["where"] == "$.algorithm"
    trace = client.post("/v1/search", json={"game": "grundy", "params": {"coins": "5"},
                                            "algorithm": "pns"}).json()["trace"]
    got = client.post("/v1/stats", json={"trace": trace})
    assert got.status_code == 422
    assert "statistics are for game-tree searches" in got.json()["detail"]


def test_a_courses_trace_is_read_by_id_until_its_teacher_deletes_it(
        client: TestClient) -> None:
    made = client.post("/v1/courses", json={"title": "Engines"}).json()
    teacher = {"Authorization": f"Bearer {made['teacher_token']}"}
    trace = client.post("/v1/search", json={"game": "tictactoe",
                                            "params": {"board": "xo.x.o..."}}).json()["trace"]
    ident = client.post("/v1/traces", json={"trace": trace}, headers=teacher).json()["id"]
    got = client.post("/v1/stats", json={"trace": ident})  # as GET /v1/traces/{id}: no token
    assert got.status_code == 200
    assert got.json()["source"] == "tictactoe"
    assert client.delete(f"/v1/traces/{ident}", headers=teacher).status_code == 204
    assert client.post("/v1/stats", json={"trace": ident}).status_code == 404


def test_a_body_nested_too_deep_is_refused_before_any_job(client: TestClient) -> None:
    got = client.post("/v1/stats", content=b'{"a":' + b'{"a":' * 5_000 + b"1" + b"}" * 5_001,
                      headers={"content-type": "application/json"})
    assert (got.status_code, got.json()["title"]) == (400, "Too deep")
