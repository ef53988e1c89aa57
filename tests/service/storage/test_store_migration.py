"""A store written by the release before Alembic (tests/service/data/release-store.db,
made by make_release_store.py with that release) is migrated with nothing lost: by the
service opening it, and by ``alembic upgrade head`` by hand."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from starlette.testclient import TestClient

from tracer.service import Settings, create_app
from tracer.service.storage.store import SqlStore, trace_id

ROOT = Path(__file__).resolve().parents[3]
RELEASED = Path(__file__).parents[1] / "data" / "release-store.db"
ORIGINS = ["seeded"] * 3 + ["uploaded", "computed", "uploaded", "computed", "computed"]
"""The origin of each trace of the file, in the order they were stored."""

Rows = list[tuple[object, ...]]


def _contents(db: Path) -> tuple[Rows, Rows, Rows, set[str]]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT seq, id, algorithm, variant, source, title, body, origin "
                            "FROM traces ORDER BY seq").fetchall()
        tags = conn.execute("SELECT id, tag FROM tags ORDER BY id, tag").fetchall()
        meta = conn.execute("SELECT key, value FROM meta ORDER BY key").fetchall()
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE "
                                             "type = 'table'")}
    return rows, tags, meta, tables


def _released(tmp_path: Path) -> Path:
    db = tmp_path / "traces.db"
    shutil.copy(RELEASED, db)
    return db


def test_the_released_store_is_what_the_test_expects(tmp_path: Path) -> None:
    rows, tags, meta, tables = _contents(_released(tmp_path))
    assert [r[7] for r in rows] == ORIGINS
    assert all(trace_id(bytes(r[6])) == r[1] for r in rows)
    assert "alembic_version" not in tables and meta == [("seeded:traces", "1")]
    assert len(tags) == 7


def test_the_service_migrates_a_released_store_and_keeps_every_trace(tmp_path: Path) -> None:
    db = _released(tmp_path)
    rows, tags, meta, _ = _contents(db)
    by_id = {str(r[1]): r for r in rows}
    with TestClient(create_app(Settings(db=str(db), seed_dir=ROOT / "traces"))) as c:
        listed = c.get("/v1/traces", params={"limit": 500, "order": "oldest"}).json()["items"]
        assert [r["id"] for r in listed] == [r[1] for r in rows]  # every one, in order
        assert [r["origin"] for r in listed] == ORIGINS
        for item in listed:
            row = by_id[item["id"]]
            assert c.get(f"/v1/traces/{item['id']}").content == row[6]
            assert (item["algorithm"], item["variant"], item["source"], item["title"]) \
                == row[2:6]
            assert item["tags"] == [t for i, t in tags if i == item["id"]]
            assert item["size"] == len(row[6])
        for origin in ("seeded", "computed", "uploaded"):
            got = c.get("/v1/traces", params={"origin": origin, "order": "oldest"}).json()["items"]
            assert [r["id"] for r in got] == [r[1] for r in rows if r[7] == origin]
    after, after_tags, after_meta, tables = _contents(db)
    assert (after, after_tags, after_meta) == (rows, tags, meta)
    assert "alembic_version" in tables
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [
            ("0003",)]
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    # opened again (another worker): at the newest revision already, nothing changes
    SqlStore(db)
    assert _contents(db)[:3] == (rows, tags, meta)


def test_alembic_upgrade_head_by_hand_migrates_a_released_store(tmp_path: Path) -> None:
    db = _released(tmp_path)
    before = _contents(db)[:3]

    def alembic(*args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "alembic", "-c",
                               str(ROOT / "alembic.ini"), "-x", f"db={db}", *args],
                              capture_output=True, text=True, cwd=tmp_path, timeout=120,
                              check=False)
        assert done.returncode == 0, done.stderr
        return done.stdout + done.stderr

    assert "0001" not in alembic("current")
    assert "Running upgrade  -> 0001" in alembic("upgrade", "head")
    assert "0003 (head)" in alembic("current")
    assert _contents(db)[:3] == before
    store = SqlStore(db)
    assert [r.origin for r in store.list()] == ORIGINS
