"""``gametrace serve --db`` with a database it cannot use: one line, exit 2 for a URL of
a database the store does not run on or a damaged SQLite file, exit 1 for a PostgreSQL
server it cannot reach; nothing made in the folder either way."""

from __future__ import annotations

import socket
from pathlib import Path

from harness import Case, problems, run_cases


def _closed_port() -> int:
    """A port nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cases() -> list[Case]:
    closed = _closed_port()
    return [
        Case("serve-db-mysql", ["serve", "--port", "0", "--db", "mysql://u@localhost/db"],
             codes=(2,), contains="--db 'mysql://u@localhost/db': unknown database 'mysql' "
                                  "(choose from: sqlite, postgresql)", category="serve"),
        Case("serve-db-not-a-url", ["serve", "--port", "0", "--db", "://nothing"],
             codes=(2,), contains="--db '://nothing': not a database URL", category="serve"),
        Case("serve-db-postgres-unreachable",
             ["serve", "--port", "0", "--db",
              f"postgresql://teacher:hunter2@127.0.0.1:{closed}/class"], codes=(1,),
             contains=f"--db 'postgresql://teacher:***@127.0.0.1:{closed}/class': cannot use "
                      "the database: connection failed", category="serve"),
        Case("serve-db-empty", ["serve", "--port", "0", "--db", ""], codes=(2,),
             contains="--db", category="serve"),
        Case("serve-db-damaged", ["serve", "--port", "0", "--db", "t.db"],
             {"t.db": b"SQLite format 3\x00" + b"\xff" * 4000}, codes=(2,),
             contains="t.db': not a usable SQLite database", category="serve"),
    ]


def test_serve_refuses_a_database_it_cannot_use_in_one_line(tmp_path: Path) -> None:
    cases = _cases()
    outcomes = run_cases(cases, tmp_path / "cases")
    bad = [f"{c.name}: {'; '.join(found)}\n    stderr: {o.stderr.strip()[:300]!r}"
           for c, o in zip(cases, outcomes, strict=True) if (found := problems(c, o))]
    assert not bad, "\n" + "\n".join(bad)
    for c, o in zip(cases, outcomes, strict=True):
        assert "hunter2" not in o.stderr + o.stdout, c.name  # the password is never shown
