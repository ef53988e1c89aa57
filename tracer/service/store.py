"""Where recorded traces are kept: one small interface, SQLite (WAL mode) behind it.

A trace's id is the SHA-256 of its bytes (the canonical single-document form, see
:func:`tracer.api.trace_text`), so the same trace stored twice is one record.  Each
write is one transaction: a trace is stored whole or not at all, also when the process
is killed mid-request.  Several server processes share one database file: WAL lets
readers go on while one writer commits, and ``busy_timeout`` makes writers queue.

Each trace records where it came from (its *origin*, :data:`ORIGINS`): ``computed`` by
this service, ``seeded`` from the repository's ``traces/`` (computed by the project), or
``uploaded`` by a client.  Only the first two may serve as the expected answer of a
check.  The same bytes stored under two origins are one record with the trusted one:
bytes the service computed are what it computes, whoever sent them first.  A store
made before origins were recorded gains the column when opened; its traces count as
uploaded (nothing says otherwise) except the repository's, found again by their bytes.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from .json_values import JsonObject, JsonValue

__all__ = ["ORIGINS", "TRUSTED", "Record", "SqliteStore", "TraceStore", "describe",
           "param_text", "trace_id"]

ORIGINS = ("computed", "seeded", "uploaded")
"""Where a stored trace came from (see the module's docstring)."""
TRUSTED = frozenset({"computed", "seeded"})
"""Origins whose traces may be the expected answer of a check."""


def trace_id(data: bytes) -> str:
    """The content address of a stored trace."""
    return hashlib.sha256(data).hexdigest()


def describe(header: JsonObject) -> dict[str, str]:
    """What a listing shows of a trace, from its header's JSON: algorithm, variant, source
    and a title naming the options that set it apart (order, depth, cut test, ...)."""
    algorithm, variant = str(header.get("algorithm")), str(header.get("variant"))
    source = _object(header.get("source"))
    name = str(source.get("name") or "tree")
    options = _object(header.get("options"))
    shown = [f"order {options['order']}" if options.get("order", "natural") != "natural"
             else "", f"depth {options['depth']}" if options.get("depth") is not None else "",
             "cut on >" if options.get("cut_on") == "gt" else ""]
    params = _object(source.get("params"))
    if params:
        shown.append(" ".join(f"{k}={param_text(v)}" for k, v in params.items()))
    extra = ", ".join(x for x in shown if x)
    title = f"{algorithm} ({variant}) on {name}" + (f", {extra}" if extra else "")
    return {"algorithm": algorithm, "variant": variant, "source": name,
            "title": title[:300]}


def _object(value: JsonValue) -> JsonObject:
    return value if isinstance(value, dict) else {}


def param_text(value: JsonValue | tuple[JsonValue, ...]) -> str:
    """A parameter as a user types it (``-p piles=2,2``)."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list | tuple):
        return ",".join(param_text(v) for v in value)
    return str(value)


@dataclass(frozen=True)
class Record:
    """What a listing says about one stored trace (the bytes are fetched by id)."""

    id: str
    algorithm: str
    variant: str
    source: str
    """The example or game name, or the tree's name, else ``tree``."""
    title: str
    tags: tuple[str, ...]
    size: int
    origin: str = "uploaded"
    """``computed``, ``seeded`` or ``uploaded`` (:data:`ORIGINS`)."""

    def to_json(self) -> JsonObject:
        return {"id": self.id, "algorithm": self.algorithm, "variant": self.variant,
                "source": self.source, "title": self.title, "tags": list(self.tags),
                "size": self.size, "origin": self.origin}


class TraceStore(Protocol):
    """The storage interface the service talks to."""

    def put(self, data: bytes, *, algorithm: str, variant: str, source: str, title: str,
            tags: Sequence[str] = (), origin: str = "uploaded") -> tuple[str, bool]:
        """Store ``data`` (idempotent); return its id and whether it is new.  ``origin``
        (:data:`ORIGINS`): stored bytes that were uploaded become ``computed`` when the
        service computes them; a trusted origin never goes back to ``uploaded``."""
        ...

    def get(self, ident: str) -> bytes | None:
        """The exact bytes stored under ``ident``, or None."""
        ...

    def origin(self, ident: str) -> str | None:
        """Where the trace stored under ``ident`` came from, or None."""
        ...

    def list(self, *, algorithm: str | None = None, source: str | None = None,
             tag: str | None = None, text: str | None = None, origin: str | None = None,
             limit: int = 100, offset: int = 0) -> list[Record]:
        """Stored traces matching every filter given, oldest first."""
        ...


_SCHEMA = """
CREATE TABLE IF NOT EXISTS traces (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    algorithm TEXT NOT NULL,
    variant TEXT NOT NULL,
    source TEXT NOT NULL,
    title TEXT NOT NULL,
    body BLOB NOT NULL,
    origin TEXT NOT NULL DEFAULT 'uploaded'
);
CREATE TABLE IF NOT EXISTS tags (
    id TEXT NOT NULL REFERENCES traces(id),
    tag TEXT NOT NULL,
    PRIMARY KEY (id, tag)
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


class SqliteStore:
    """:class:`TraceStore` in one SQLite file; a connection per call, so any thread (and
    any process) may use it."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(_SCHEMA)
            _add_origin(db)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        try:
            db.execute("PRAGMA busy_timeout=30000")
            db.execute("PRAGMA synchronous=NORMAL")  # WAL: durable at checkpoint, never torn
            yield db
        finally:
            db.close()

    def put(self, data: bytes, *, algorithm: str, variant: str, source: str, title: str,
            tags: Sequence[str] = (), origin: str = "uploaded") -> tuple[str, bool]:
        if origin not in ORIGINS:
            raise ValueError(f"unknown origin {origin!r} (choose from: {', '.join(ORIGINS)})")
        ident = trace_id(data)
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                cur = db.execute(
                    "INSERT OR IGNORE INTO traces (id, algorithm, variant, source, title, body, "
                    "origin) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (ident, algorithm, variant, source, title, data, origin))
                created = cur.rowcount == 1
                if not created and origin in TRUSTED:
                    db.execute("UPDATE traces SET origin = ? WHERE id = ? AND origin = "
                               "'uploaded'", (origin, ident))
                db.executemany("INSERT OR IGNORE INTO tags (id, tag) VALUES (?, ?)",
                               [(ident, t) for t in tags])
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return ident, created

    def get(self, ident: str) -> bytes | None:
        with self._connect() as db:
            row = db.execute("SELECT body FROM traces WHERE id = ?", (ident,)).fetchone()
        return None if row is None else bytes(row[0])

    def origin(self, ident: str) -> str | None:
        with self._connect() as db:
            row = db.execute("SELECT origin FROM traces WHERE id = ?", (ident,)).fetchone()
        return None if row is None else str(row[0])

    def list(self, *, algorithm: str | None = None, source: str | None = None,
             tag: str | None = None, text: str | None = None, origin: str | None = None,
             limit: int = 100, offset: int = 0) -> list[Record]:
        where: list[str] = []
        args: list[str | int] = []
        if origin:
            where.append("t.origin = ?")
            args.append(origin)
        if algorithm:
            where.append("t.algorithm = ?")
            args.append(algorithm)
        if source:
            where.append("t.source = ?")
            args.append(source)
        if tag:
            where.append("EXISTS (SELECT 1 FROM tags g WHERE g.id = t.id AND g.tag = ?)")
            args.append(tag)
        if text:
            where.append("(instr(lower(t.title), ?) > 0 OR instr(lower(t.source), ?) > 0)")
            args += [text.lower(), text.lower()]
        sql = ("SELECT t.id, t.algorithm, t.variant, t.source, t.title, length(t.body), "
               "(SELECT json_group_array(tag) FROM (SELECT tag FROM tags g WHERE g.id = t.id "
               "ORDER BY tag)), t.origin FROM traces t")
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY t.seq LIMIT ? OFFSET ?"
        with self._connect() as db:
            rows = db.execute(sql, [*args, limit, offset]).fetchall()
        return [Record(r[0], r[1], r[2], r[3], r[4], tuple(json.loads(r[6])), r[5], r[7])
                for r in rows]

    def seed_once(self, key: str,
                  items: Iterable[tuple[bytes, Mapping[str, str | Sequence[str]]]]) -> bool:
        """Store ``items`` (bytes, :meth:`put` keywords) as ``seeded`` in one transaction,
        the first time ``key`` is seen only; True when it stored them now.  Later, the
        items already stored are marked ``seeded`` (a store made before origins were
        recorded learns which of its traces are the repository's)."""
        items = list(items)
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                if db.execute("SELECT 1 FROM meta WHERE key = ?", (key,)).fetchone():
                    db.executemany("UPDATE traces SET origin = 'seeded' WHERE id = ? AND "
                                   "origin = 'uploaded'", [(trace_id(d),) for d, _ in items])
                    db.execute("COMMIT")
                    return False
                for data, info in items:
                    ident = trace_id(data)
                    db.execute(
                        "INSERT OR IGNORE INTO traces (id, algorithm, variant, source, title, "
                        "body, origin) VALUES (?, ?, ?, ?, ?, ?, 'seeded')",
                        (ident, info["algorithm"], info["variant"], info["source"],
                         info["title"], data))
                    db.execute("UPDATE traces SET origin = 'seeded' WHERE id = ? AND "
                               "origin = 'uploaded'", (ident,))
                    db.executemany("INSERT OR IGNORE INTO tags (id, tag) VALUES (?, ?)",
                                   [(ident, t) for t in info.get("tags", ())])
                db.execute("INSERT INTO meta (key, value) VALUES (?, '1')", (key,))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return True


def _add_origin(db: sqlite3.Connection) -> None:
    """Give a store made before origins were recorded its ``origin`` column: every trace
    in it counts as uploaded until :meth:`SqliteStore.seed_once` finds the repository's.
    Adding a column with a default rewrites nothing, so nothing is lost; several
    processes may open the store at once, so a column added meanwhile is no error."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(traces)")}
    if "origin" in columns:
        return
    try:
        db.execute("ALTER TABLE traces ADD COLUMN origin TEXT NOT NULL DEFAULT 'uploaded'")
    except sqlite3.OperationalError as exc:
        if "duplicate column" not in str(exc):
            raise
