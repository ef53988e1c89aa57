"""Budgets, the job cap, a process killed mid-write, several workers on one store."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import urllib.request
from pathlib import Path

from starlette.testclient import TestClient

from tests.service.served import serving, store_at_once
from tracer.service import Settings, create_app
from tracer.service.jobs.slots import FairSlots
from tracer.service.storage.store import SqlStore, trace_id


def test_a_search_that_cannot_finish_stops_at_the_time_budget(tmp_path: Path) -> None:
    # Othello searched to the end cannot finish: the 0.2 s budget is what stops it (its
    # trace is then ~20 MB, about the default answer cap: a larger cap here, so that the
    # time budget and not the trace budget stops it)
    app = create_app(Settings(db=str(tmp_path / "t.db"), max_nodes=10**9, time_limit=0.2,
                              max_answer=500_000_000, seed_dir=tmp_path))
    with TestClient(app) as c:
        body = c.post("/v1/search", json={"game": "othello"}).json()
    assert (body["complete"], body["stopped"], body["value"]) == (False, "time-limit", None)


def test_a_request_finding_every_job_slot_busy_gets_a_503(tmp_path: Path) -> None:
    app = create_app(Settings(db=str(tmp_path / "t.db"), queue_wait=0.05, seed_dir=tmp_path))
    app.state.service.slots = FairSlots(0)  # every slot taken
    with TestClient(app) as c:
        got = c.post("/v1/search", json={"example": "aima"})
        assert c.get("/v1/examples").status_code == 200  # lists need no slot
    assert (got.status_code, got.headers["retry-after"]) == (503, "1")
    assert got.headers["content-type"] == "application/problem+json"


def test_a_process_killed_inside_a_write_leaves_nothing_half_stored(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    SqlStore(db)
    child = textwrap.dedent(f"""
        import os
        from contextlib import contextmanager
        import tracer.service.storage.store as store
        real = store.SqlStore._connect
        @contextmanager
        def dying(self):
            with real(self) as db:
                class Dying:  # the trace row is in, the tags are not: the process dies
                    def __getattr__(self, name):
                        return getattr(db, name)
                    def executemany(self, *args):
                        os._exit(9)
                yield Dying()
        store.SqlStore._connect = dying
        store.SqlStore({str(db)!r}).put(b"x" * 5_000_000, algorithm="a", variant="v",
                                           source="s", title="t", tags=["k"])
    """)
    done = subprocess.run([sys.executable, "-c", child], check=False)
    assert done.returncode == 9
    store = SqlStore(db)
    assert store.get(trace_id(b"x" * 5_000_000)) is None and store.list() == []
    ident, created = store.put(b"y", algorithm="a", variant="v", source="s", title="t")
    assert created and store.get(ident) == b"y"


def test_two_workers_share_one_store(tmp_path: Path) -> None:
    with serving(str(tmp_path / "shared.db")) as base:
        ids = store_at_once([base], [f"A(B({i} 2) C(3 {i + 1}))" for i in range(12)])
        listed = json.loads(urllib.request.urlopen(f"{base}/v1/traces?tag=shared").read())
        assert sorted(r["id"] for r in listed["items"]) == sorted(ids)
        assert len(set(ids)) == 12
