"""A damaged index is found by its checksums, never by an assert: the browser's API
answers a 422 problem that names the damage and says to build the index again; an
index of the first version (no checksums) is refused with one line saying the same."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.conftest import do_search
from tracer.analysis.index import build_index, open_index
from tracer.errors import InputError
from tracer.jsonio import dumps_json
from tracer.service.routes.indexes import INDEXES_ENV

AIMA = "A(B(3 12 8) C(2 4 6) D(14 5 2))"


def _index(tmp_path: Path, name: str) -> Path:
    trace = tmp_path / "aima.json"
    trace.write_text(dumps_json(do_search(AIMA).trace.to_json()), encoding="utf-8")
    build_index(trace, tmp_path / f"{name}.index")
    return tmp_path / f"{name}.index"


def _damage(path: Path, sql: str) -> None:
    db = sqlite3.connect(path)
    db.execute(sql)
    db.commit()
    db.close()


DAMAGE = {
    "row-missing": ("DELETE FROM nodes WHERE ord = 2", "/nodes/2",
                    "node number 2 is missing (the index has 11 nodes)"),
    "row-missing-on-the-path": ("DELETE FROM nodes WHERE ord = 1", "/nodes/2",
                                "node number 1 is missing (the index has 11 nodes)"),
    "value-changed": ("UPDATE nodes SET value = 99 WHERE ord = 0", "",
                      "the row of node number 0 does not match its checksum"),
    "child-changed": ("UPDATE nodes SET move = 'Z' WHERE ord = 1", "/nodes/0",
                      "the row of node number 1 does not match its checksum"),
    "meta-changed": ("UPDATE meta SET value = '{}' WHERE key = 'stats'", "",
                     "its summary (the meta table) does not match its checksum"),
}


@pytest.mark.parametrize("name", sorted(DAMAGE))
def test_a_damaged_index_is_a_problem(client: TestClient, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    sql, route, said = DAMAGE[name]
    path = _index(tmp_path, name)
    _damage(path, sql)
    monkeypatch.setenv(INDEXES_ENV, str(path))
    got = client.get(f"/v1/indexes/{name}{route}")
    assert got.status_code == 422, got.text
    detail = got.json()["detail"]
    assert f"the index is damaged: {said}: build it again with gametrace index" in detail


def test_an_index_without_checksums_is_refused(tmp_path: Path) -> None:
    path = _index(tmp_path, "old")
    _damage(path, "UPDATE meta SET value = '1' WHERE key = 'version'")
    with pytest.raises(InputError, match=r"unsupported index version '1' \(this tool reads "
                                         r"version 3\): build it again with gametrace index"):
        open_index(path)
