"""A SQLite store keeps its connections open between calls, so that a write is not
followed by the checkpoint SQLite makes when the last connection to a file closes;
what is committed stays in the WAL, and nothing is lost when the process is killed.
A forked process (a job) opens its own connections and leaves the parent's alone."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from tracer.service.storage.class_store import ClassStore
from tracer.service.storage.store import SQLITE_KEPT, SqlStore

WHEN = "2026-01-01T00:00:00+00:00"


def test_a_write_leaves_its_connection_open_and_the_wal_unchecked(tmp_path: Path) -> None:
    store = SqlStore(tmp_path / "t.db")
    classes = ClassStore(store)
    classes.add_course("AI", "token-" + "a" * 40, WHEN)
    assert store.engine.pool.checkedin() == 1  # kept, not closed
    wal = tmp_path / "t.db-wal"
    assert wal.exists() and wal.stat().st_size > 0  # no checkpoint at the last close
    assert classes.course_of_teacher("token-" + "a" * 40) is not None
    store.engine.dispose()


def test_connections_asked_for_at_once_beyond_those_kept_are_opened(tmp_path: Path
                                                                    ) -> None:
    store = SqlStore(tmp_path / "t.db")
    held = [store.engine.connect() for _ in range(SQLITE_KEPT + 3)]  # none waits
    for conn in held:
        conn.close()
    assert store.engine.pool.checkedin() == SQLITE_KEPT
    store.engine.dispose()


def test_a_killed_process_loses_nothing_it_committed(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    SqlStore(db).engine.dispose()  # the tables, made before the writer starts
    writer = textwrap.dedent(f"""
        import os, signal
        from tracer.service.storage.class_store import ClassStore
        from tracer.service.storage.store import SqlStore
        classes = ClassStore(SqlStore({str(db)!r}))
        for i in range(20):
            classes.add_course(f"course {{i}}", f"token-{{i:040d}}", {WHEN!r})
        os.kill(os.getpid(), signal.SIGKILL)  # connections open, nothing checkpointed
    """)
    done = subprocess.run([sys.executable, "-c", writer], timeout=120, check=False)
    assert done.returncode == -signal.SIGKILL
    assert (tmp_path / "t.db-wal").stat().st_size > 0  # the writes are in the WAL
    classes = ClassStore(SqlStore(db))
    for i in range(20):
        found = classes.course_of_teacher(f"token-{i:040d}")
        assert found is not None and found.title == f"course {i}"
    classes.engine.dispose()


def test_a_forked_process_uses_connections_of_its_own(tmp_path: Path) -> None:
    store = SqlStore(tmp_path / "t.db")
    classes = ClassStore(store)
    classes.add_course("before", "token-" + "b" * 40, WHEN)
    parents = store.engine.pool
    pid = os.fork()
    if pid == 0:  # the child: reads and writes, then leaves as a job does
        code = 1
        try:
            if (store.engine.pool is not parents
                    and classes.course_of_teacher("token-" + "b" * 40) is not None):
                classes.add_course("in the child", "token-" + "c" * 40, WHEN)
                code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert store.engine.pool is parents and parents.checkedin() == 1
    found = classes.course_of_teacher("token-" + "c" * 40)  # the parent's connection
    assert found is not None and found.title == "in the child"
    store.engine.dispose()
