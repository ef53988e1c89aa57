"""Where a stored trace came from (computed, seeded, uploaded), and why only the first two
are answer keys: /v1/check searches an uploaded trace's source again."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tracer._api import check_answer, record_search, trace_text
from tracer.analysis.check.solution import extract_solution
from tracer.limits import NO_LIMITS
from tracer.service import Settings, create_app
from tracer.service.routes.answers import NOT_AN_ANSWER_KEY, search_again
from tracer.service.storage.store import SqlStore, describe, trace_id
from tracer.trace import Trace
from tracer.trees import parse_tree_json

ROOT = Path(__file__).resolve().parents[3]
TRACES = ROOT / "traces"
AIMA = TRACES / "aima.alphabeta.fail-soft.json"


def repository_traces() -> list[Path]:
    return sorted(p for p in TRACES.glob("*.json")
                  if json.loads(p.read_text()).get("format") == "gametree-trace")


@pytest.fixture
def seeded(db_url: str) -> Iterator[TestClient]:
    """An app whose store was seeded with the repository's traces."""
    app = create_app(Settings(db=db_url, seed_dir=TRACES))
    with TestClient(app) as c:
        yield c


def origins(c: TestClient, **query: str) -> dict[str, str]:
    items = c.get("/v1/traces", params={"limit": 500, **query}).json()["items"]
    return {r["id"]: r["origin"] for r in items}


def forged_aima() -> dict[str, Any]:
    """A trace that says it is alpha-beta on the AIMA example, tagged like the recorded
    one: every event is consistent, but with other leaf values under the same labels."""
    header = json.loads(AIMA.read_text())["header"]
    doc = header["source"]["tree"]
    values = iter([-6, 28, 9, 40, -2, 39, -19, 6, 33])

    def change(node: dict[str, Any]) -> None:
        for child in node.get("children", []):
            change(child)
        if "children" not in node:
            node["value"] = next(values)

    change(doc["tree"])
    _, text = record_search(parse_tree_json(doc, file="forged"), algorithm="alphabeta")
    forged: dict[str, Any] = json.loads(text)
    assert forged["header"] == {**header, "source": {**header["source"], "tree": doc}}
    return forged


def correct_aima_answer() -> dict[str, Any]:
    return extract_solution(Trace.from_json(json.loads(AIMA.read_text()))).to_json()


def test_every_trace_records_where_it_came_from(seeded: TestClient) -> None:
    recorded = {trace_id(p.read_bytes()) for p in repository_traces()}
    assert set(origins(seeded).values()) == {"seeded"}
    assert set(origins(seeded)) == recorded
    computed = seeded.post("/v1/search", json={"tree": "A(B(1 2) C(3 4))",
                                               "store": True}).json()["id"]
    trace = json.loads(seeded.get(f"/v1/traces/{computed}").text)
    trace["header"]["source"]["name"] = "mine"  # other bytes: another trace
    uploaded = seeded.post("/v1/traces", json={"trace": trace, "tags": ["recorded"]}).json()
    listed = origins(seeded)
    assert (listed[computed], listed[uploaded["id"]]) == ("computed", "uploaded")
    assert set(origins(seeded, origin="uploaded")) == {uploaded["id"]}
    assert set(origins(seeded, origin="computed")) == {computed}
    assert set(origins(seeded, origin="seeded")) == recorded
    bad = seeded.get("/v1/traces", params={"origin": "trusted"})
    assert (bad.status_code, bad.json()["where"]) == (400, "origin")


def test_uploading_a_computed_trace_keeps_it_computed(seeded: TestClient) -> None:
    ident = seeded.post("/v1/search", json={"example": "two-mins", "store": True}).json()["id"]
    again = seeded.post("/v1/traces", json={"trace": json.loads(
        seeded.get(f"/v1/traces/{ident}").text)}).json()
    assert (again["id"], again["created"]) == (ident, False)
    assert origins(seeded)[ident] == "computed"
    seeded_id = trace_id(AIMA.read_bytes())
    assert seeded.post("/v1/traces", json={"trace": json.loads(AIMA.read_text())}
                       ).json()["id"] == seeded_id
    assert origins(seeded)[seeded_id] == "seeded"


def test_the_service_computing_an_uploaded_trace_makes_it_computed(store: SqlStore) -> None:
    _, text = record_search("aima", algorithm="minimax")
    info = describe(json.loads(text)["header"])
    ident, created = store.put(text.encode(), **info)
    assert created and store.origin(ident) == "uploaded"  # the default: not trusted
    assert store.put(text.encode(), **info, origin="computed") == (ident, False)
    assert store.origin(ident) == "computed"
    store.put(text.encode(), **info, origin="uploaded")
    assert store.origin(ident) == "computed"
    assert store.origin("0" * 64) is None
    with pytest.raises(ValueError, match="unknown origin 'mine'"):
        store.put(b"x", **info, origin="mine")


def test_a_forged_trace_tagged_recorded_cannot_fail_a_correct_answer(
        seeded: TestClient) -> None:
    answer, forged = correct_aima_answer(), forged_aima()
    # against the forged events themselves the correct answer scores low ...
    fooled = check_answer(answer, trace=Trace.from_json(forged)).to_json()["percent"]
    assert fooled < 50
    stored = seeded.post("/v1/traces", json={"trace": forged, "tags": ["recorded"]}).json()
    assert origins(seeded)[stored["id"]] == "uploaded"
    # ... but the service searches the example the header names again: full marks, by
    # stored id and inline alike, and the same report as against the recorded trace
    genuine = seeded.post("/v1/check", json={"trace": trace_id(AIMA.read_bytes()),
                                             "answer": answer}).json()
    for trace in (stored["id"], forged):
        got = seeded.post("/v1/check", json={"trace": trace, "answer": answer})
        assert got.status_code == 200
        assert got.json()["percent"] == 100.0
        assert got.json() == genuine


def test_a_wrong_answer_against_an_uploaded_trace_is_still_wrong(seeded: TestClient) -> None:
    wrong = {**correct_aima_answer(), "value": 2, "move": "C"}
    stored = seeded.post("/v1/traces", json={"trace": forged_aima()}).json()["id"]
    got = seeded.post("/v1/check", json={"trace": stored, "answer": wrong}).json()
    assert got["percent"] < 100.0
    by_example = seeded.post("/v1/check", json={"example": "aima", "answer": wrong}).json()
    assert {**got, "checked_against": ""} == {**by_example, "checked_against": ""}


def test_an_uploaded_trace_of_a_posted_tree_is_searched_from_its_tree(
        seeded: TestClient) -> None:
    tree = "A(B(5 1) C(2 9) D(7 3))"
    trace = seeded.post("/v1/search", json={"tree": tree, "algorithm": "minimax"}).json()
    trace = trace["trace"]
    answer = {"value": 3, "move": "D", "conventions": {"algorithm": "minimax"}}
    forged = json.loads(json.dumps(trace))
    forged["result"]["value"] = 9
    forged["result"]["move"] = "C"
    for sent in (trace, forged):
        got = seeded.post("/v1/check", json={"trace": sent, "answer": answer})
        assert got.status_code == 200, got.text
        assert got.json()["percent"] == 100.0


def test_an_uploaded_trace_naming_no_known_source_is_refused(seeded: TestClient) -> None:
    trace = json.loads(AIMA.read_text())
    for source in ({"kind": "game", "name": "student"},
                   {"kind": "game", "name": "games/mine.py:Mine", "params": {}},
                   {"kind": "tree", "name": "not-an-example"},
                   {"kind": "problem", "name": "hanoi"}):
        trace["header"]["source"] = source
        got = seeded.post("/v1/check", json={"trace": trace,
                                             "answer": correct_aima_answer()})
        assert got.status_code == 422, source
        assert got.json()["detail"] == NOT_AN_ANSWER_KEY
        assert got.json()["detail"].startswith("an uploaded trace cannot be the expected "
                                               "answer: ")


@pytest.mark.parametrize("path", repository_traces(), ids=lambda p: p.stem)
def test_searching_again_gives_the_repository_traces_byte_for_byte(path: Path) -> None:
    # the search from a header is the one gametrace run made: examples, games with
    # params, trees, the A* problem
    again = search_again(Trace.from_json(json.loads(path.read_text())), NO_LIMITS)
    assert trace_text(again) == path.read_text()


OLD_SCHEMA = """
CREATE TABLE IF NOT EXISTS traces (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    algorithm TEXT NOT NULL,
    variant TEXT NOT NULL,
    source TEXT NOT NULL,
    title TEXT NOT NULL,
    body BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS tags (
    id TEXT NOT NULL REFERENCES traces(id),
    tag TEXT NOT NULL,
    PRIMARY KEY (id, tag)
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""
"""The store as the service made it before origins were recorded (store.py's _SCHEMA
then, word for word)."""


def old_store(path: Path, items: list[tuple[bytes, list[str]]]) -> None:
    """A store file as the earlier service left it: seeded once, then traces put."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.executescript(OLD_SCHEMA)
    for data, tags in items:
        info = describe(json.loads(data)["header"])
        ident = trace_id(data)
        db.execute("INSERT OR IGNORE INTO traces (id, algorithm, variant, source, title, body) "
                   "VALUES (?, ?, ?, ?, ?, ?)", (ident, info["algorithm"], info["variant"],
                                                 info["source"], info["title"], data))
        db.executemany("INSERT OR IGNORE INTO tags (id, tag) VALUES (?, ?)",
                       [(ident, t) for t in tags])
    db.execute("INSERT INTO meta (key, value) VALUES ('seeded:traces', '1')")
    db.close()


def test_a_store_made_before_origins_gains_them_and_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    _, searched = record_search("aima", algorithm="alphabeta", order="worst")
    assert trace_id(searched.encode()) not in {trace_id(p.read_bytes())
                                               for p in repository_traces()}
    forged = trace_text(Trace.from_json(forged_aima())).encode()
    items = [(p.read_bytes(), ["recorded"]) for p in repository_traces()]
    items += [(searched.encode(), ["class"]), (forged, ["recorded", "week1"])]
    old_store(db, items)
    rows = sqlite3.connect(db).execute(
        "SELECT seq, id, algorithm, variant, source, title, body FROM traces ORDER BY seq"
    ).fetchall()
    tags = sqlite3.connect(db).execute("SELECT id, tag FROM tags ORDER BY id, tag").fetchall()

    with TestClient(create_app(Settings(db=str(db), seed_dir=TRACES))) as c:
        listed = c.get("/v1/traces", params={"limit": 500, "order": "oldest"}).json()["items"]
        assert [r["id"] for r in listed] == [r[1] for r in rows]  # every one, in order
        by_id = {r["id"]: r for r in listed}
        for data, tag_list in items:
            ident = trace_id(data)
            assert c.get(f"/v1/traces/{ident}").content == data
            assert by_id[ident]["tags"] == sorted(tag_list)
        # the repository's traces are found again by their bytes; nothing else is trusted
        assert {r["id"]: r["origin"] for r in listed} == {
            **{trace_id(p.read_bytes()): "seeded" for p in repository_traces()},
            trace_id(searched.encode()): "uploaded", trace_id(forged): "uploaded"}
        got = c.post("/v1/check", json={"trace": trace_id(forged),
                                        "answer": correct_aima_answer()})
        assert got.json()["percent"] == 100.0
    after = sqlite3.connect(db)
    assert after.execute("SELECT seq, id, algorithm, variant, source, title, body FROM "
                         "traces ORDER BY seq").fetchall() == rows
    assert after.execute("SELECT id, tag FROM tags ORDER BY id, tag").fetchall() == tags
    # opening it again (another worker) finds the column there
    SqlStore(db)
    assert [r[1] for r in after.execute("PRAGMA table_info(traces)")].count("origin") == 1
