"""The store's behaviour on each database it runs on (SQLite, and a real PostgreSQL
server started by the ``postgres`` fixture): storing, listing, origins, seeding, whole
transactions, writers racing, the service on top, and the migrations."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import cast

import pytest
from sqlalchemy import create_engine
from starlette.testclient import TestClient

from tests.service.served import serving, store_at_once
from tracer._api import record_search
from tracer.service import Settings, create_app
from tracer.service.storage.class_store import ClassStore, Conflict, token_hash
from tracer.service.storage.store import SqlStore, database_url, describe, trace_id
from tracer.service.storage.store_schema import metadata

ROOT = Path(__file__).resolve().parents[3]
TRACES = ROOT / "traces"


def _info(n: int) -> dict[str, str]:
    return {"algorithm": "minimax" if n % 2 else "alphabeta", "variant": "v",
            "source": f"game{n % 3}", "title": f"Title {n} of 100%_done"}


def test_a_trace_is_stored_once_by_its_bytes_and_read_back_exactly(store: SqlStore) -> None:
    data = bytes(range(256)) * 3  # every byte value: the body is binary, not text
    ident, created = store.put(data, **_info(1), tags=["b", "a"])
    assert (ident, created) == (trace_id(data), True)
    assert store.put(data, **_info(1), tags=["c"]) == (ident, False)
    assert store.get(ident) == data and store.get("0" * 64) is None
    [record] = store.list()
    assert (record.id, record.size, record.tags, record.origin) == (
        ident, len(data), ("a", "b", "c"), "uploaded")


def test_an_origin_only_rises_to_a_trusted_one(store: SqlStore) -> None:
    ident, _ = store.put(b"t", **_info(0))
    assert store.origin(ident) == "uploaded"
    store.put(b"t", **_info(0), origin="computed")
    assert store.origin(ident) == "computed"
    store.put(b"t", **_info(0), origin="uploaded")
    store.put(b"t", **_info(0), origin="seeded")
    assert store.origin(ident) == "computed"  # trusted already: it stays as it was
    assert store.origin("0" * 64) is None
    with pytest.raises(ValueError, match="unknown origin 'mine'"):
        store.put(b"u", **_info(0), origin="mine")


def test_listings_filter_page_and_keep_the_order_of_storing(store: SqlStore) -> None:
    ids = [store.put(f"trace {n}".encode(), **_info(n), tags=[f"week{n % 2}"],
                     origin="computed" if n == 4 else "uploaded")[0] for n in range(7)]
    assert [r.id for r in store.list()] == ids
    assert [r.id for r in store.list(limit=2, offset=3)] == ids[3:5]
    assert [r.id for r in store.list(algorithm="minimax")] == ids[1::2]
    assert [r.id for r in store.list(source="game2")] == [ids[2], ids[5]]
    assert [r.id for r in store.list(tag="week0")] == ids[0::2]
    assert [r.id for r in store.list(origin="computed")] == [ids[4]]
    assert [r.id for r in store.list(text="TITLE 3")] == [ids[3]]  # any case
    assert [r.id for r in store.list(text="GAME1")] == [ids[1], ids[4]]  # the source too
    # % and _ are letters here, not patterns
    assert len(store.list(text="100%_done")) == 7 and store.list(text="1%0") == []
    assert [r.id for r in store.list(algorithm="minimax", tag="week1", text="title")] \
        == ids[1::2]


def test_seeding_happens_once_and_later_marks_what_is_there(store: SqlStore) -> None:
    early, _ = store.put(b"repository trace 2", **_info(2), tags=["mine"])
    items = [(f"repository trace {n}".encode(), {**_info(n), "tags": ["recorded"]})
             for n in range(3)]
    assert store.seed_once("seeded:traces", items[:2]) is True
    assert store.seed_once("seeded:traces", items) is False
    by_id = {r.id: r for r in store.list()}
    assert len(by_id) == 3
    assert [by_id[trace_id(d)].origin for d, _ in items[:2]] == ["seeded", "seeded"]
    assert by_id[early].origin == "seeded"  # found again by its bytes, tags as they were
    assert by_id[early].tags == ("mine",)


def test_a_failing_write_leaves_nothing_behind(store: SqlStore) -> None:
    import psycopg

    # the trace row goes in first, then the tags: a tag that is not text undoes the row
    with pytest.raises((sqlite3.Error, psycopg.Error)):
        store.put(b"{}", **_info(0), tags=cast(list[str], [{"not": "text"}]))
    assert store.list() == [] and store.get(trace_id(b"{}")) is None


def test_writers_storing_the_same_trace_at_once_make_one_record(store_db: str) -> None:
    stores = [SqlStore(store_db) for _ in range(4)]  # as four server processes would

    def put(n: int) -> bool:
        return stores[n % 4].put(b"the same", **_info(0), tags=[f"t{n % 3}"],
                                 origin="computed" if n % 5 == 0 else "uploaded")[1]

    with ThreadPoolExecutor(8) as pool:
        created = list(pool.map(put, range(40)))
    assert created.count(True) == 1
    [record] = stores[0].list()
    assert (record.tags, record.origin) == (("t0", "t1", "t2"), "computed")


def test_the_tables_are_what_the_schema_module_says(store_db: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    SqlStore(store_db)
    engine = create_engine(database_url(store_db))
    try:
        with engine.connect() as conn:
            context = MigrationContext.configure(conn)
            assert context.get_current_revision() == "0003"
            assert compare_metadata(context, metadata) == []
    finally:
        engine.dispose()


@pytest.fixture
def service(store_db: str) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(db=store_db, seed_dir=TRACES))) as c:
        yield c


def test_the_service_stores_seeds_and_checks_on_each_database(service: TestClient) -> None:
    recorded = service.get("/v1/traces", params={"tag": "recorded", "limit": 500}).json()
    files = [p for p in TRACES.glob("*.json")
             if json.loads(p.read_text()).get("format") == "gametree-trace"]
    assert len(recorded["items"]) == len(files)
    assert {r["origin"] for r in recorded["items"]} == {"seeded"}
    got = service.post("/v1/search", json={"example": "aima", "order": "reverse",
                                           "store": True, "tags": ["class"]}).json()
    listed = service.get("/v1/traces", params={"tag": "class"}).json()["items"]
    assert [(r["id"], r["origin"]) for r in listed] == [(got["id"], "computed")]
    stored = service.get(f"/v1/traces/{got['id']}").content
    assert trace_id(stored) == got["id"]
    check = service.post("/v1/check", json={"trace": got["id"], "answer": {"value": 3}})
    assert check.json()["percent"] == 100.0


def test_two_servers_share_one_postgresql_database(postgres: str) -> None:
    from pg_server import fresh_database

    db = fresh_database(postgres, "two_servers")
    with serving(db) as one, serving(db) as two:
        bases = [one, two]
        # each tree twice, once through each server: one record each
        ids = store_at_once(bases, [f"A(B({i // 2} 2) C(3 4))" for i in range(12)])
        assert len(set(ids)) == 6
        for base in bases:
            listed = json.loads(urllib.request.urlopen(f"{base}/v1/traces?tag=shared").read())
            assert sorted(r["id"] for r in listed["items"]) == sorted(set(ids))


def test_a_trace_the_service_searched_is_described_as_listed(store: SqlStore) -> None:
    _, text = record_search("aima", algorithm="alphabeta", order="reverse")
    ident, _ = store.put(text.encode(), **describe(json.loads(text)["header"]))
    [record] = store.list(text="order reverse")
    assert (record.id, record.source, record.algorithm) == (ident, "aima", "alphabeta")


def test_a_nul_character_is_stored_and_looked_for_on_each_database(store: SqlStore) -> None:
    # PostgreSQL's text cannot hold NUL: it stands as U+FFFD on every database (the same
    # answer on both), in filters too
    ident, _ = store.put(b"n", algorithm="minimax", variant="v", source="a\x00b",
                         title="t\x00", tags=["x\x00"])
    [record] = store.list(source="a\x00b", tag="x\x00", text="t\x00")
    assert (record.id, record.source, record.tags) == (ident, "a\ufffdb", ("x\ufffd",))


def test_processes_opening_a_new_store_at_once_migrate_it_once(store_db: str) -> None:
    # as the workers of servers started together: each opens (and so upgrades) the store
    code = ("import sys\nfrom tracer.service.storage.store import SqlStore\n"
            "s = SqlStore(sys.argv[1])\n"
            "print(s.put(b'same', algorithm='a', variant='v', source='s', title='t')[1])")
    runs = [subprocess.Popen([sys.executable, "-c", code, store_db], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True) for _ in range(4)]
    outs = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0] * 4, [err for _, err in outs]
    assert sorted(out.strip() for out, _ in outs) == ["False"] * 3 + ["True"]
    engine = create_engine(database_url(store_db))
    try:
        with engine.connect() as conn:
            assert conn.exec_driver_sql("SELECT version_num FROM alembic_version").all() \
                == [("0003",)]
    finally:
        engine.dispose()


CLASS_AIMA = {
    "title": "Alpha-beta on the AIMA tree", "source": {"example": "aima"},
    "spec": {"algorithm": "alphabeta", "variant": "fail-soft"},
    "items": ["value", "move", {"values": ["B", "C", "D"]}, "pruned"],
    "attempts": 2, "feedback": "first-mistake", "solution": "never"}
"""An assignment as the classroom keeps it (the classroom's own store, on each database)."""


def test_the_class_store_keeps_hashes_and_refuses_a_second_join(store_db: str) -> None:
    classes = ClassStore(SqlStore(store_db))
    course_id = classes.add_course("AI", "teacher-token", "2026-11-26T10:00:00+00:00")
    course = classes.course_of_teacher("teacher-token")
    assert course is not None and course.id == course_id
    classes.add_assignment("a1", course_id, CLASS_AIMA, "2026-11-26T10:00:00+00:00")
    classes.join("a1", "s1", "Alice", "student-token", "2026-11-26T10:01:00+00:00", most=2)
    with pytest.raises(Conflict):
        classes.join("a1", "s1", "Eve", "another", "2026-11-26T10:02:00+00:00", most=2)
    classes.join("a1", "s2", "Bob", "bob-token", "2026-11-26T10:02:00+00:00", most=2)
    with pytest.raises(OverflowError):
        classes.join("a1", "s3", "Carol", "carol", "2026-11-26T10:03:00+00:00", most=2)
    with classes.engine.connect() as conn:
        dumped = json.dumps([list(map(str, r)) for table in ("courses", "students")
                             for r in conn.exec_driver_sql(f"SELECT * FROM {table}")])
    assert "teacher-token" not in dumped and "student-token" not in dumped
    assert token_hash("student-token") in dumped
    # a step answer counted twice (two requests at once) is one: the second conflicts
    classes.save_step("a1", "s1", {"done": 1, "first_try": [True], "tries": 0}, 1,
                      {"step": 1})
    with pytest.raises(Conflict):
        classes.save_step("a1", "s1", {"done": 1, "first_try": [True], "tries": 0}, 1,
                          {"step": 1})
    assert classes.step_attempts("a1", "s1") == [{"step": 1}]
    ident = classes.add_submission("a1", "s1", 1, {}, {}, {}, 1.0, "t")
    with pytest.raises(Conflict):
        classes.add_submission("a1", "s1", 1, {}, {}, {}, 1.0, "t")
    # a deleted attempt frees its place; the next number follows the highest kept
    second = classes.add_submission("a1", "s1", 2, {}, {}, {}, 1.0, "t")
    classes.delete_submission(ident)
    assert classes.attempts("a1", "s1") == (1, 2)
    assert [w.id for w in classes.work_of("a1", "s1")] == [second]
    # a reset: a new token, the old one no one's, the row and its work kept
    assert classes.reset_token("a1", "s1", "new-token")
    assert classes.student_of("student-token") is None
    reset = classes.student_of("new-token")
    assert reset is not None and (reset.student, reset.name) == ("s1", "Alice")
    assert not classes.reset_token("a1", "s7", "other-token")
    assert [e.student for e in classes.roster(["a1"])] == ["s1", "s2"]
    assert classes.step_states(["a1"]) == {
        ("a1", "s1"): {"done": 1, "first_try": [True], "tries": 0}}
    assert classes.submission_assignment(second) == "a1"
    classes.delete_assignment("a1")
    assert classes.assignment("a1") is None and classes.student_of("bob-token") is None
    assert classes.attempts("a1", "s1") == (0, 0)
