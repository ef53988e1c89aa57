"""The JSON API, in-process: the same answers as the command line, problems with places."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import cast

import pytest
from starlette.testclient import TestClient

from tracer._api import read_trace, trace_text
from tracer.service import Settings, create_app
from tracer.service.storage.store import SqlStore, trace_id

ROOT = Path(__file__).resolve().parents[3]
AIMA = "A(B(3 12 8) C(2 4 6) D(14 5 2))"


def _cli(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "tracer", *args], capture_output=True,
                          text=True, check=False)
    assert done.returncode in (0, 1), done.stderr
    return done.stdout


def test_a_stored_search_reads_back_as_the_bytes_gametrace_run_writes(
        client: TestClient, tmp_path: Path) -> None:
    out = tmp_path / "aima.json"
    _cli("run", "aima", "--max-nodes", "200000", "--time-limit", "5",
         # the service's trace budget: its 20 MB answer cap less 1 MB for the rest
         "--max-trace-mb", "19", "-o", str(out), "-q")
    got = client.post("/v1/search", json={"example": "aima", "store": True, "tags": ["t1"]})
    assert got.status_code == 200
    body = got.json()
    assert (body["value"], body["move"], body["complete"]) == (3, "B", True)
    stored = client.get(f"/v1/traces/{body['id']}")
    assert stored.content == out.read_bytes()
    assert hashlib.sha256(stored.content).hexdigest() == body["id"]


def test_the_same_trace_posted_twice_is_one_record(client: TestClient) -> None:
    trace = client.post("/v1/search", json={"tree": AIMA, "order": "reverse"}).json()["trace"]
    first = client.post("/v1/traces", json={"trace": trace, "tags": ["mine"]}).json()
    again = client.post("/v1/traces", json={"trace": trace}).json()
    assert first["created"] is True and again == {**first, "created": False}
    listed = client.get("/v1/traces", params={"tag": "mine"}).json()["items"]
    assert [r["id"] for r in listed] == [first["id"]]


def test_the_repository_traces_are_there_from_the_first_start(client: TestClient) -> None:
    recorded = sorted(p for p in (ROOT / "traces").glob("*.json")
                      if json.loads(p.read_text()).get("format") == "gametree-trace")
    items = client.get("/v1/traces", params={"tag": "recorded", "limit": 500}).json()["items"]
    assert len(items) == len(recorded)
    aima = client.get("/v1/traces", params={"example": "aima", "algorithm": "minimax",
                                            "tag": "recorded"}).json()["items"]
    assert {r["variant"] for r in aima} == {"list", "negamax", "two-function"}
    by_text = client.get("/v1/traces", params={"text": "OTHELLO"}).json()["items"]
    assert [r["title"] for r in by_text] == [
        "alphabeta (fail-soft) on othello, depth 3, board=start first=black eval=weighted"]
    nim = client.get("/v1/traces", params={"example": "nim"}).json()["items"]
    assert nim[0]["title"].endswith("piles=2,2 first=max misere=false symmetry=true")


def test_seeded_files_are_in_the_canonical_form() -> None:
    """The seed stores the files as they are: that must equal what a POST would store."""
    for path in sorted((ROOT / "traces").glob("*.json")):
        data = json.loads(path.read_text())
        if data.get("format") == "gametree-trace":
            assert trace_text(read_trace(data)) == path.read_text(), path.name


def test_a_text_tree_error_comes_back_with_line_and_column(client: TestClient) -> None:
    got = client.post("/v1/parse", json={"tree": "A(B(3 12 8)\nC(2 4 6 D(14 5 2))"})
    assert got.status_code == 422
    assert got.headers["content-type"] == "application/problem+json"
    assert got.json()["where"] == "line 2, column 19"  # the end of the input
    assert "expected ')'" in got.json()["detail"]


def test_a_json_tree_error_comes_back_with_its_path_in_the_request(client: TestClient) -> None:
    got = client.post("/v1/search", json={"tree": {"tree": {"children": [1, {"value": "x"}]}}})
    assert got.status_code == 422
    assert got.json()["where"].startswith("$.tree.tree.children[1]")


def test_a_bad_option_names_its_path_and_the_choices(client: TestClient) -> None:
    got = client.post("/v1/search", json={"example": "aima", "order": "sideways"})
    assert (got.status_code, got.json()["where"]) == (422, "$.order")
    assert got.json()["detail"] == ("unknown order 'sideways' (choose from: natural, "
                                     "reverse, random, best, worst)")


def test_a_file_path_or_a_python_game_is_never_a_source(client: TestClient) -> None:
    for body in ({"example": "/etc/passwd"}, {"game": "docs/examples/my_game.py:TakeAway"},
                 {"example": "tests/data/trees/aima.json"}):
        got = client.post("/v1/search", json=body)
        assert got.status_code == 422, body
        assert got.json()["where"] in ("$.example", "$.game")


def test_invalid_json_is_a_400_with_line_and_column(client: TestClient) -> None:
    got = client.post("/v1/search", content=b'{"example":\n  "aima",,}',
                      headers={"content-type": "application/json"})
    assert (got.status_code, got.json()["where"]) == (400, "line 2, column 10")


def test_a_search_past_its_node_budget_ends_incomplete(client: TestClient) -> None:
    got = client.post("/v1/search", json={"game": "tictactoe", "max_nodes": 500})
    body = got.json()
    assert got.status_code == 200
    assert (body["complete"], body["stopped"]) == (False, "max-nodes")
    assert body["stats"]["nodes_visited"] == 500
    assert body["trace"]["result"]["complete"] is False


def test_the_server_caps_the_budget_a_request_asks_for(tmp_path: Path) -> None:
    app = create_app(Settings(db=str(tmp_path / "t.db"), max_nodes=300, seed_dir=tmp_path))
    with TestClient(app) as c:
        body = c.post("/v1/search", json={"game": "tictactoe", "max_nodes": 10**9}).json()
    assert (body["complete"], body["stats"]["nodes_visited"]) == (False, 300)


def test_a_body_over_the_limit_is_refused(tmp_path: Path) -> None:
    app = create_app(Settings(db=str(tmp_path / "t.db"), max_body=1000, seed_dir=tmp_path))
    with TestClient(app) as c:
        got = c.post("/v1/parse", json={"tree": "A(" + "1 " * 1000 + ")"})
    assert (got.status_code, got.json()["title"]) == (413, "Too large")


def test_render_gives_each_format_and_escapes_text(client: TestClient) -> None:
    trace = client.post("/v1/search", json={"example": "aima"}).json()["trace"]
    kinds = {"svg": "image/svg+xml", "png": "image/png", "pdf": "application/pdf",
             "dot": "text/vnd.graphviz"}
    for fmt, media in kinds.items():
        got = client.post("/v1/render", json={"trace": trace, "format": fmt})
        assert (got.status_code, got.headers["content-type"].split(";")[0]) == (200, media)
    svg = client.post("/v1/render", json={"trace": trace, "options": {
        "title": "<script>alert(1)</script>", "lang": "it"}}).text
    assert "<script>" not in svg and "&lt;script&gt;" in svg


def test_frames_are_as_many_as_gametrace_render_frames(client: TestClient,
                                                       tmp_path: Path) -> None:
    _cli("run", "aima", "-o", str(tmp_path / "a.json"), "-q")
    _cli("render", str(tmp_path / "a.json"), "--frames", str(tmp_path / "f"), "--step", "leaf")
    want = len(list((tmp_path / "f").glob("frame-*.svg")))
    ident = client.post("/v1/search", json={"example": "aima", "store": True}).json()["id"]
    got = client.get(f"/v1/traces/{ident}/frames", params={"step": "leaf"}).json()
    assert got["count"] == len(got["frames"]) == want
    assert got["frames"][-1]["caption"] == got["caption"]


def test_check_gives_the_json_of_gametrace_check(client: TestClient, tmp_path: Path) -> None:
    answer = {"value": 3, "pruned": ["G", "H"], "values": {"C": "<=2"}}
    (tmp_path / "answer.json").write_text(json.dumps(answer))
    want = json.loads(_cli("check", "aima", str(tmp_path / "answer.json"), "--json"))
    got = client.post("/v1/check", json={"example": "aima", "answer": answer})
    assert got.json() == want
    assert want["first_mistake"]["item"] == "pruned"


def test_compare_gives_the_json_of_gametrace_compare(client: TestClient) -> None:
    want = json.loads(_cli("compare", "aima", "--format", "json"))
    assert client.post("/v1/compare", json={"example": "aima"}).json() == want


def test_diff_and_exercise(client: TestClient) -> None:
    soft = client.post("/v1/search", json={"example": "aima", "store": True}).json()["id"]
    hard = client.post("/v1/search", json={"example": "aima", "variant": "fail-hard"}
                       ).json()["trace"]
    diff = client.post("/v1/diff", json={"a": soft, "b": hard}).json()
    assert diff["same"] is False
    ex = client.post("/v1/exercise", json={"branching": 2, "depth": 3, "cuts": [2, 3],
                                           "seed": 4}).json()
    assert 2 <= ex["cuts"] <= 3
    check = client.post("/v1/check", json={"tree": ex["text"], "answer": ex["answer"]}).json()
    assert check["percent"] == 100.0


def test_unknown_paths_and_methods_are_problems(client: TestClient) -> None:
    for got, status in ((client.get("/v1/nothing"), 404), (client.delete("/v1/traces"), 405),
                        (client.get("/static/nothing.js"), 404)):
        assert got.status_code == status
        assert got.headers["content-type"] == "application/problem+json"


def test_unknown_ids_are_404_and_malformed_ones_400(client: TestClient) -> None:
    assert client.get("/v1/traces/" + "0" * 64).status_code == 404
    assert client.get("/v1/traces/nothex").status_code == 400
    got = client.post("/v1/render", json={"trace": "0" * 64})
    assert (got.status_code, got.json()["where"]) == (404, "$.trace")


def test_lists_match_the_command_line(client: TestClient) -> None:
    assert client.get("/v1/examples").json() == json.loads(_cli("examples", "--json"))
    assert client.get("/v1/games").json() == json.loads(_cli("games", "--json"))
    algos = client.get("/v1/algorithms").json()
    assert {"name": "alphabeta",
            "variants": ["fail-soft", "fail-hard", "negamax", "list", "slide-002"]
            } in algos["algorithms"]
    # the assignment form's menus are the classroom's policies (docs/classroom.md)
    assert algos["policies"] == {"feedback": ["score", "first-mistake", "explain", "full"],
                                 "solution": ["never", "after-due", "always"],
                                 "late": ["refuse", "accept", "penalty"]}


def test_the_openapi_document_embeds_the_project_schemas(client: TestClient) -> None:
    from tracer.schema import load_schema

    doc = client.get("/v1/openapi.json").json()
    schemas = doc["components"]["schemas"]
    trace = load_schema("trace")
    assert schemas["trace"]["properties"].keys() == trace["properties"].keys()
    assert set(trace["$defs"]) <= {k.split(".", 1)[1] for k in schemas if k.startswith("trace.")}
    assert "#/$defs/" not in json.dumps(doc)


def test_pages_are_served_with_a_strict_policy(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and 'src="static/main.js"' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for name in ("main.js", "edit.js", "step.js", "quiz.js", "compare.js", "library.js"):
        got = client.get(f"/static/{name}")
        assert "http://" not in got.text and "https://" not in got.text, name
        assert "script-src 'self'" in got.headers["content-security-policy"], name
    problem = client.get("/v1/traces/nothex")
    assert problem.headers["x-content-type-options"] == "nosniff"


def test_a_store_keeps_a_trace_whole_or_not_at_all(tmp_path: Path) -> None:
    store = SqlStore(tmp_path / "s.db")
    # the trace row goes in first, then the tags: a bad tag must undo the row too
    with pytest.raises(sqlite3.Error):  # a tag that is not text: SQLite refuses to bind it
        store.put(b"{}", algorithm="a", variant="v", source="s", title="t",
                  tags=cast(list[str], [{"not": "text"}]))
    assert store.list() == [] and store.get(trace_id(b"{}")) is None
    ident, created = store.put(b"x", algorithm="a", variant="v", source="s", title="t",
                               tags=["k"])
    assert created and store.get(ident) == b"x"
    assert SqlStore(tmp_path / "s.db").get(ident) == b"x"  # another connection sees it


def test_gametrace_help_does_not_import_the_web_stack() -> None:
    code = ("import sys\nfrom click.testing import CliRunner\nfrom tracer.cli import main\n"
            "r = CliRunner().invoke(main, ['--help'])\nassert r.exit_code == 0\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('starlette', 'uvicorn', 'anyio', 'httpx')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
