"""The service and the command line agree: the same source stage, option table and
checks (A* answers included), the same refusals; the app runs under a sub-path."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from click.testing import CliRunner
from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.testclient import TestClient

from tracer.cli import main
from tracer.service import Settings, create_app
from tracer.service.app import SETTINGS_ENV, app_from_environment, settings_to_environment

GAMETRACE = [sys.executable, "-m", "tracer"]
JUGS_BY_STATE = {"expanded": ["(0,0)", "(3,0)", "(0,5)", "(0,3)", "(3,2)", "(3,5)", "(0,2)",
                              "(3,3)", "(1,5)"],
                 "cost": 4, "path": ["(0,0)", "(3,0)", "(0,3)", "(3,3)", "(1,5)"]}


def _cli_error(*args: str) -> str:
    done = subprocess.run([*GAMETRACE, *args], capture_output=True, text=True, check=False)
    assert done.returncode == 2, done.stderr
    return done.stderr.strip().removeprefix("gametrace: error: ")


@pytest.mark.parametrize(("request_options", "cli_options"), [
    ({"algorithm": "minimax", "cut_on": "gt"}, ["-a", "minimax", "--cut-on", "gt"]),
    ({"seed": 3}, ["--seed", "3"]),
    ({"algorithm": "minimax", "prover": "min"}, ["-a", "minimax", "--prover", "min"]),
    ({"variant": "fail-sfot"}, ["--variant", "fail-sfot"]),
], ids=["cut-on", "seed", "prover", "variant-typo"])
def test_an_option_that_does_not_apply_is_refused_as_run_refuses_it(
        client: TestClient, request_options: dict[str, object], cli_options: list[str]) -> None:
    got = client.post("/v1/search", json={"example": "aima", **request_options})
    assert got.status_code == 422
    assert got.headers["content-type"] == "application/problem+json"
    assert got.json()["detail"] == _cli_error("run", "aima", *cli_options)


def test_the_algorithms_and_problems_are_the_librarys(client: TestClient) -> None:
    from tracer.problems import PROBLEMS
    from tracer.search import ALGORITHMS

    algos = client.get("/v1/algorithms").json()
    assert algos["algorithms"] == [{"name": k, "variants": list(v)}
                                   for k, v in ALGORITHMS.items()]
    assert algos["problems"] == list(PROBLEMS) == ["jugs", "puzzle8", "romania"]


def test_a_typo_in_a_name_gets_the_nearest_choice(client: TestClient) -> None:
    got = client.post("/v1/search", json={"example": "aima", "algorithm": "alphabta"})
    assert (got.status_code, got.json()["where"]) == (422, "$.algorithm")
    assert got.json()["detail"].endswith("; did you mean 'alphabeta'?")


def test_an_astar_answer_is_checked_as_gametrace_check_does(client: TestClient,
                                                           tmp_path: Path) -> None:
    got = client.post("/v1/check", json={"problem": "jugs", "answer": JUGS_BY_STATE})
    assert got.status_code == 200, got.text
    report = got.json()
    assert report["correct"] is True
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps(JUGS_BY_STATE))
    done = subprocess.run([*GAMETRACE, "check", "jugs", str(answer), "--json"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert report == json.loads(done.stdout)


def test_a_wrong_astar_answer_names_its_first_mistake(client: TestClient) -> None:
    answer = {"expanded": ["(0,0)", "(3,0)", "(0,5)", "(0,3)", "(3,2)"], "cost": 5}
    report = client.post("/v1/check", json={"problem": "jugs", "answer": answer}).json()
    assert report["correct"] is False
    wrong = [i["item"] for i in report["items"] if not i["right"]]
    assert "cost" in wrong and "expanded" in wrong


def test_an_astar_answer_needs_a_problem(client: TestClient) -> None:
    got = client.post("/v1/check", json={"example": "aima", "answer": JUGS_BY_STATE})
    assert got.status_code == 422
    assert got.json()["detail"].startswith("A* answers are checked against a search "
                                           "problem (choose from: jugs, puzzle8, romania)")
    got = client.post("/v1/check", json={"problem": "jugs", "answer": {"value": 3}})
    assert got.status_code == 422 and "jugs is a search problem" in got.json()["detail"]


def test_a_problem_search_past_the_budget_is_refused_not_half_checked(
        app_settings: Settings) -> None:
    from dataclasses import replace

    with TestClient(create_app(replace(app_settings, max_nodes=3))) as small:
        got = small.post("/v1/check", json={"problem": "jugs", "answer": JUGS_BY_STATE})
    assert got.status_code == 422 and got.json()["title"] == "Limit reached"
    assert "stopped" in got.json()["detail"]


@pytest.mark.parametrize(("path", "words"), [
    ("/v1/check", "not a game (as by gametrace check)"),
    ("/v1/worksheet", "worksheets are drawn for trees and examples, not games"),
])
def test_game_positions_are_refused_in_one_line_where_they_do_not_fit(
        client: TestClient, path: str, words: str) -> None:
    body: dict[str, object] = {"game": "nim", "params": {"piles": "1,2"}}
    if path == "/v1/check":
        body["answer"] = {"value": 1}
    got = client.post(path, json=body)
    assert got.status_code == 422, got.text
    assert got.headers["content-type"] == "application/problem+json"
    assert words in got.json()["detail"] and "\n" not in got.json()["detail"]


def test_a_game_position_compares_as_gametrace_compare_does(client: TestClient) -> None:
    got = client.post("/v1/compare", json={"game": "nim", "params": {"piles": "2,2"},
                                           "orders": "natural,reverse,random:3"})
    assert got.status_code == 200, got.text
    done = subprocess.run([*GAMETRACE, "compare", "nim", "-p", "piles=2,2", "--orders",
                           "natural,reverse,random:3", "--format", "json"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert got.json() == json.loads(done.stdout)


def test_a_game_comparison_past_its_share_of_the_budget_is_refused(
        app_settings: Settings) -> None:
    from dataclasses import replace

    with TestClient(create_app(replace(app_settings, max_compare_leaves=600))) as small:
        got = small.post("/v1/compare", json={"game": "tictactoe", "orders": "natural"})
    assert got.status_code == 422 and got.json()["title"] == "Limit reached"
    assert got.json()["detail"].startswith("a search of tictactoe stopped (max-nodes)")


def test_a_name_that_is_a_path_or_user_code_is_not_a_source() -> None:
    from tracer.errors import UsageError
    from tracer.sources import resolve_content

    for name in ("traces/aima.alphabeta.fail-soft.json", "my.py:Game", "/etc/passwd"):
        with pytest.raises(UsageError, match="no built-in example or game"):
            resolve_content(name)
    assert resolve_content("aima").kind == "example"
    assert resolve_content("nim").kind == "game"


def test_the_page_and_api_work_under_a_sub_path(app_settings: Settings) -> None:
    inner = create_app(app_settings)
    outer = Starlette(routes=[Mount("/gametrace", app=inner)])
    with TestClient(outer) as c:
        page = c.get("/gametrace/")
        assert page.status_code == 200
        assert 'src="static/main.js"' in page.text and 'href="static/style.css"' in page.text
        assert "/static" not in page.text.replace('"static/', "")
        assert c.get("/gametrace/static/main.js").status_code == 200
        assert c.get("/gametrace/v1/examples").status_code == 200
        found = c.post("/gametrace/v1/search", json={"example": "aima"}).json()
        stored = c.post("/gametrace/v1/traces", json={"trace": found["trace"]}).json()
        assert stored["url"] == f"/gametrace/v1/traces/{stored['id']}"
        assert c.get(stored["url"]).status_code == 200


def test_no_script_fetches_from_the_host_root() -> None:
    static = Path(__file__).resolve().parents[3] / "tracer" / "service" / "static"
    for script in static.glob("*.js"):
        text = script.read_text()
        for bad in ('"/v1', "`/v1", "'/v1", '"/static', "`/static"):
            assert bad not in text, f"{script.name} uses an absolute URL ({bad})"


def test_serve_hands_its_limits_to_every_worker(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Settings(db=str(tmp_path / "t.db"), max_body=5_000, max_nodes=77,
                        time_limit=1.5, max_jobs=2)
    monkeypatch.setenv(SETTINGS_ENV, settings_to_environment(settings))
    app = app_from_environment()
    assert app.state.service.settings == settings
    with TestClient(app) as c:
        assert c.get("/v1/algorithms").json()["limits"] == {
            "max_nodes": 77, "time_limit": 1.5, "max_body": 5_000, "max_frames": 400}


def test_serve_options_reach_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, object] = {}
    monkeypatch.setattr("tracer.service.run.serve", lambda **kw: seen.update(kw))
    result = CliRunner().invoke(main, ["serve", "--max-body", "9000", "--max-nodes", "50",
                                       "--time-limit", "2", "--max-jobs", "3",
                                       "--root-path", "/gt"])
    assert result.exit_code == 0, result.output
    assert seen["root_path"] == "/gt"
    assert seen["limits"] == {"max_body": 9000, "max_nodes": 50, "time_limit": 2.0,
                              "max_jobs": 3, "queue": 32, "queue_wait": 20.0,
                              "cpu_limit": 5.0, "memory_limit": 1024, "wall_limit": 10.0,
                              "max_answer": 20_000_000, "answer_rate": 1_000_000.0}
    bad = CliRunner().invoke(main, ["serve", "--root-path", "gt/"])
    assert bad.exit_code == 2 and "a path like /gametrace" in bad.output


def test_serve_defaults_are_the_settings_defaults() -> None:
    help_text = CliRunner().invoke(main, ["serve", "--help"]).output
    s = Settings(db="x")
    for flag, value in (("--max-body", s.max_body), ("--max-nodes", s.max_nodes),
                        ("--time-limit", s.time_limit), ("--max-jobs", s.max_jobs)):
        after = " ".join(help_text.split("Options:", 1)[1].split(flag, 1)[1].split())
        assert f"[default: {value}" in after.split("--", 1)[0], flag
    assert "gametrace serve --root-path /gametrace" in help_text
