"""Where recorded traces are kept: one small interface, SQLAlchemy Core behind it, on a
SQLite file (the embedded default, WAL mode) or a PostgreSQL database.

A trace's id is the SHA-256 of its bytes (the canonical single-document form, see
:func:`tracer._api.trace_text`), so the same trace stored twice is one record.  Each
write is one transaction: a trace is stored whole or not at all, also when the process
is killed mid-request.  Several server processes share one database: on SQLite, WAL lets
readers go on while one writer commits, and ``busy_timeout`` makes writers queue; on
PostgreSQL, processes on several machines may share it.  Either way a trace is stored
with an insert-or-ignore (``ON CONFLICT DO NOTHING``) and an origin raised by one
``UPDATE ... WHERE``, so two processes storing the same bytes at once make one record.

The tables are made and upgraded by the Alembic migrations (``migrations/``) when a
store is opened (:func:`upgrade`); the queries are written against
:mod:`.store_schema`.

Each trace records where it came from (its *origin*, :data:`ORIGINS`): ``computed`` by
this service, ``seeded`` from the repository's ``traces/`` (computed by the project), or
``uploaded`` by a client.  Only the first two may serve as the expected answer of a
check.  The same bytes stored under two origins are one record with the trusted one:
bytes the service computed are what it computes, whoever sent them first.  A store
made before origins were recorded gains the column when opened (the first migration);
its traces count as uploaded (nothing says otherwise) except the repository's, found
again by their bytes.
"""

from __future__ import annotations

import hashlib
import os
import weakref
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

from sqlalchemy import (
    Connection,
    Engine,
    Executable,
    Insert,
    Select,
    Table,
    create_engine,
    event,
    exists,
    func,
    select,
    text,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError
from sqlalchemy.pool import NullPool, Pool, QueuePool

from ...errors import UsageError
from ...said import said
from ..json_values import JsonObject, JsonValue
from . import store_schema as schema
from .store_text import stored_text

if TYPE_CHECKING:
    import sqlite3

    from alembic.config import Config

__all__ = ["DIALECTS", "ORIGINS", "TRUSTED", "Record", "SqlStore",
           "TraceStore", "connect_engine", "database_url", "describe", "is_url",
           "locked_migration", "param_text", "shown_url", "trace_id", "upgrade"]

ORIGINS = ("computed", "seeded", "uploaded")
"""Where a stored trace came from (see the module's docstring)."""
TRUSTED = frozenset({"computed", "seeded"})
"""Origins whose traces may be the expected answer of a check."""


def trace_id(data: bytes) -> str:
    """The content address of a stored trace."""
    return hashlib.sha256(data).hexdigest()


def describe(header: JsonObject) -> dict[str, str]:
    """What a listing shows of a trace, from its header's JSON: algorithm, variant, source
    and a title naming what was searched (the example or game, a posted tree's own text
    and size) and the options that set it apart (order, depth, cut test, ...)."""
    algorithm, variant = str(header.get("algorithm")), str(header.get("variant"))
    source = _object(header.get("source"))
    name = str(source.get("name") or "tree")
    searched = name if source.get("name") else _tree_words(source.get("tree"))
    options = _object(header.get("options"))
    order = options.get("order", "natural")
    shown = [f"order {order}" + (f" seed {options['seed']}" if order == "random"
                                 and options.get("seed") is not None else "")
             if order != "natural" else "",
             f"depth {options['depth']}" if options.get("depth") is not None else "",
             "cut on >" if options.get("cut_on") == "gt" else "",
             "MIN at the root" if options.get("root_player") == "min" else ""]
    params = _object(source.get("params"))
    if params:
        shown.append(" ".join(f"{k}={param_text(v)}" for k, v in params.items()))
    extra = ", ".join(x for x in shown if x)
    title = f"{algorithm} ({variant}) on {searched}" + (f", {extra}" if extra else "")
    return {"algorithm": algorithm, "variant": variant, "source": name,
            "title": title[:300]}


TREE_WORDS = 60
"""The longest a posted tree's text gets in a title (then ``...``)."""


def _tree_words(document: JsonValue) -> str:
    """A posted tree as a title names it: its text (``A(B(3 12 8) C(2 4 6))``), cut
    short, and its count of leaves; ``tree`` when the header carries no tree."""
    root = _object(_object(document).get("tree"))
    if not root:
        return "tree"
    words: list[str] = []
    leaves = length = 0
    stack: list[JsonValue | None] = [root]
    while stack:  # depth first, children in order; None closes a parenthesis
        node = stack.pop()
        item = _object(node)
        children = item.get("children")
        if node is None:
            word = ")"
        elif isinstance(children, list) and children:
            word = f" {item.get('label') or ''}("
            stack.append(None)
            stack.extend(reversed(children))
        else:
            leaves += 1
            word = f" {param_text(item.get('value'))}"
        if length <= TREE_WORDS:  # the rest is only counted: a title shows no more
            words.append(word)
        length += len(word)
    text = "".join(words).strip().replace("( ", "(")
    if length > TREE_WORDS + 1:  # + 1: the first word's space, stripped
        text = text[:TREE_WORDS - 3].rstrip() + "..."
    return f"tree {text} ({leaves} leaves)" if leaves != 1 else f"tree {text} (1 leaf)"


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
             limit: int = 100, offset: int = 0, newest: bool = False) -> list[Record]:
        """Stored traces matching every filter given, oldest first (``newest``: newest
        first)."""
        ...

    def count(self, *, algorithm: str | None = None, source: str | None = None,
              tag: str | None = None, text: str | None = None,
              origin: str | None = None) -> int:
        """How many stored traces match every filter given (a listing's total)."""
        ...


_Row = TypeVar("_Row")
"""The row of a query narrowed by :meth:`SqlStore._matching`."""

DIALECTS = ("sqlite", "postgresql")
"""The databases a store may be kept in."""

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
"""The Alembic script folder (``env.py``, ``versions/``); it ships in the wheel."""

_MIGRATION_LOCK = 0x6761_6D65_7472_6163  # "gametrac": PostgreSQL's advisory lock key


SQLITE_KEPT = 4
"""Connections a SQLite store keeps open between calls: a worker's threads at once,
most of the time (more are opened when asked for, and closed when given back)."""


def is_url(db: str | Path) -> bool:
    """Whether ``db`` names a database by URL (``postgresql://...``) rather than a path."""
    return isinstance(db, str) and "://" in db


def database_url(db: str | Path) -> str:
    """The SQLAlchemy URL of ``db``: a URL as given (``postgresql://`` uses psycopg 3),
    a path as its SQLite file.  A :class:`UsageError` for a URL of another database."""
    if not is_url(db):
        return "sqlite://" if str(db) == ":memory:" else f"sqlite:///{db}"
    try:
        url = make_url(str(db))
    except ArgumentError:
        raise UsageError(said("--db {db!r}: not a database URL (give "
                              "postgresql://user@host/name or a SQLite file)",
                              db=shown_url(str(db)))) from None
    if url.get_backend_name() not in DIALECTS:
        raise UsageError(said("--db {db!r}: unknown database {name!r} (choose from: "
                              "{allowed})", db=shown_url(str(db)), name=url.get_backend_name(),
                              allowed=", ".join(DIALECTS)))
    if url.drivername == "postgresql":
        url = url.set(drivername="postgresql+psycopg")
    return url.render_as_string(hide_password=False)


def shown_url(db: str) -> str:
    """``db`` as a message may show it: without its password."""
    try:
        return make_url(db).render_as_string(hide_password=True)
    except ArgumentError:
        return db.split("@")[-1]


def connect_engine(db: str | Path) -> Engine:
    """An engine on ``db`` (:func:`database_url`) as the store uses it.

    SQLite: WAL, ``busy_timeout``, and transactions begun by the store itself:
    ``BEGIN IMMEDIATE`` for writes (writers queue instead of failing to upgrade a read
    lock), ``BEGIN`` for reads; a pool that keeps up to :data:`SQLITE_KEPT` connections
    open (any thread may use one, one at a time) and opens more when more are asked for
    at once, closing those as they come back.  A connection kept open spares each write
    the checkpoint SQLite makes when the last connection to a file closes (some 28 ms a
    write, against 2); what is committed is in the WAL, which the next connection reads,
    also after a process is killed.  PostgreSQL: a pool.  Either way a forked process
    drops the pool without closing the parent's connections.  ``:memory:``: a connection
    per call, each its own empty database, as before."""
    url = database_url(db)
    if url == "sqlite://":
        engine = create_engine(url, poolclass=NullPool)
    elif url.startswith("sqlite"):
        engine = create_engine(url, poolclass=QueuePool, pool_size=SQLITE_KEPT,
                               max_overflow=-1,
                               connect_args={"timeout": 30, "check_same_thread": False})
    else:
        engine = create_engine(url, pool_pre_ping=True)
    if url.startswith("sqlite"):
        event.listen(engine, "connect", _sqlite_connected)
        event.listen(engine, "begin", _sqlite_begin)
    ref = weakref.ref(engine)

    def forked() -> None:
        alive = ref()
        if alive is not None:
            if alive.dialect.name == "sqlite":
                # held, never freed: freeing a SQLite connection closes it, which in the
                # child could wait for a lock another thread of the parent held
                _parents_pools.append(alive.pool)
            alive.dispose(close=False)  # the parent's connections are the parent's

    os.register_at_fork(after_in_child=forked)
    return engine


_parents_pools: list[Pool] = []
"""In a forked process: the SQLite pools of the parent, which the child leaves alone."""


def _sqlite_connected(dbapi: sqlite3.Connection, _record: object) -> None:
    dbapi.isolation_level = None  # the driver begins nothing: _sqlite_begin does
    dbapi.execute("PRAGMA journal_mode=WAL")
    dbapi.execute("PRAGMA busy_timeout=30000")
    dbapi.execute("PRAGMA synchronous=NORMAL")  # WAL: durable at checkpoint, never torn


def _sqlite_begin(conn: Connection) -> None:
    write = conn.get_execution_options().get("write", False)
    conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


@contextmanager
def locked_migration(engine: Engine) -> Iterator[Connection]:
    """A connection in a transaction that no other migration of this database runs
    beside (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: an advisory lock held until the
    commit), committed at the end: processes starting at once migrate one at a time,
    and each later one finds the tables at the newest revision."""
    with engine.connect().execution_options(write=True) as conn, conn.begin():
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                         {"key": _MIGRATION_LOCK})
        yield conn


def _alembic_config(connection: Connection | None = None) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def _head() -> str | None:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(_alembic_config()).get_current_head()


def upgrade(engine: Engine) -> bool:
    """Run the migrations this database has not had (all of them on a new one, the first
    on a store the service made before Alembic); True when it ran any."""
    from alembic import command
    from alembic.runtime.migration import MigrationContext

    head = _head()
    with engine.connect() as conn:
        if MigrationContext.configure(conn).get_current_revision() == head:
            return False
    with locked_migration(engine) as conn:
        if MigrationContext.configure(conn).get_current_revision() == head:
            return False  # another process did it meanwhile
        command.upgrade(_alembic_config(conn), "head")
    return True


@contextmanager
def _driver_errors() -> Iterator[None]:
    """A driver's error comes out as the driver's (``sqlite3.Error``, ``psycopg.Error``),
    not wrapped in SQLAlchemy's: what the store raised before SQLAlchemy."""
    try:
        yield
    except DBAPIError as exc:
        if isinstance(exc.orig, Exception):
            raise exc.orig from None
        raise


class _Transaction:
    """The statements of one call, on one connection in one transaction."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def execute(self, statement: Executable) -> int:
        """Run a write; the rows it changed (an insert ignored on conflict: 0)."""
        return self.conn.execute(statement.execution_options(preserve_rowcount=True)
                                 ).rowcount

    def executemany(self, statement: Executable, rows: Sequence[Mapping[str, str]]) -> None:
        if rows:
            self.conn.execute(statement, list(rows))

    def rows(self, statement: Executable) -> list[tuple[object, ...]]:
        """Run a query; its rows."""
        return [tuple(row) for row in self.conn.execute(statement)]


class SqlStore:
    """:class:`TraceStore` in a SQLite file or a PostgreSQL database (``db``: a path or a
    URL, :func:`database_url`); opening it upgrades its tables (:func:`upgrade`).  Each
    call takes its own connection, so any thread (and any process) may use it."""

    def __init__(self, db: str | Path) -> None:
        self.db = str(db)
        if not is_url(db) and self.db != ":memory:":
            Path(self.db).parent.mkdir(parents=True, exist_ok=True)
        self.engine = connect_engine(db)
        self.dialect = self.engine.dialect.name
        with _driver_errors():
            upgrade(self.engine)

    @contextmanager
    def _connect(self) -> Iterator[_Transaction]:
        """One writing transaction, committed when the block ends, rolled back if it
        raises."""
        with self._transaction(write=True) as db:
            yield db

    @contextmanager
    def _read(self) -> Iterator[_Transaction]:
        """One reading transaction: a consistent view, no write lock."""
        with self._transaction(write=False) as db:
            yield db

    @contextmanager
    def _transaction(self, *, write: bool) -> Iterator[_Transaction]:
        with _driver_errors(), self.engine.connect().execution_options(write=write) as conn, \
                conn.begin():
            yield _Transaction(conn)

    def _insert(self, table: Table, **values: object) -> Insert:
        """``INSERT ... ON CONFLICT DO NOTHING`` in this store's dialect."""
        statement: Insert = (sqlite.insert(table).on_conflict_do_nothing()
                             if self.dialect == "sqlite" else
                             postgresql.insert(table).on_conflict_do_nothing())
        return statement.values(**values) if values else statement

    def _text(self, value: str, field: str = "text") -> str:
        """``value`` as every database keeps it (:func:`.store_text.stored_text`, repaired:
        U+FFFD for NUL and lone surrogates, in what is stored and looked for alike)."""
        return stored_text(value, field=field, repair=True)

    def _row(self, ident: str, data: bytes, info: Mapping[str, str | Sequence[str]],
             origin: str) -> Insert:
        return self._insert(schema.traces, id=ident, body=data, origin=origin, **{
            name: self._text(str(info[name]), name)
            for name in ("algorithm", "variant", "source", "title")})

    def _tag_rows(self, ident: str, names: Iterable[str]) -> list[dict[str, str]]:
        return [{"id": ident, "tag": self._text(t) if isinstance(t, str) else t}
                for t in names]

    def _trust(self, ident: str, origin: str) -> Executable:
        """Raise an uploaded trace to ``origin`` (one statement: concurrent writers agree)."""
        t = schema.traces.c
        return (update(schema.traces).where(t.id == ident, t.origin == "uploaded")
                .values(origin=origin))

    def put(self, data: bytes, *, algorithm: str, variant: str, source: str, title: str,
            tags: Sequence[str] = (), origin: str = "uploaded") -> tuple[str, bool]:
        if origin not in ORIGINS:
            raise ValueError(f"unknown origin {origin!r} (choose from: {', '.join(ORIGINS)})")
        ident = trace_id(data)
        with self._connect() as db:
            info = {"algorithm": algorithm, "variant": variant, "source": source,
                    "title": title}
            created = db.execute(self._row(ident, data, info, origin)) == 1
            if not created and origin in TRUSTED:
                db.execute(self._trust(ident, origin))
            db.executemany(self._insert(schema.tags), self._tag_rows(ident, tags))
        return ident, created

    def get(self, ident: str) -> bytes | None:
        with self._read() as db:
            found = db.rows(select(schema.traces.c.body).where(schema.traces.c.id == ident))
        return bytes(_blob(found[0][0])) if found else None

    def origin(self, ident: str) -> str | None:
        with self._read() as db:
            found = db.rows(select(schema.traces.c.origin).where(schema.traces.c.id == ident))
        return str(found[0][0]) if found else None

    def list(self, *, algorithm: str | None = None, source: str | None = None,
             tag: str | None = None, text: str | None = None, origin: str | None = None,
             limit: int = 100, offset: int = 0, newest: bool = False) -> list[Record]:
        t, g = schema.traces.c, schema.tags.c
        columns = select(t.id, t.algorithm, t.variant, t.source, t.title,
                         func.length(t.body), t.origin)
        query: Executable = self._matching(columns, algorithm=algorithm, source=source, tag=tag,
                               text=text, origin=origin).order_by(
            t.seq.desc() if newest else t.seq).limit(limit).offset(offset)
        with self._read() as db:
            rows = [[str(v) for v in r] for r in db.rows(query)]
            found: dict[str, list[str]] = {r[0]: [] for r in rows}
            if found:
                for ident, name in db.rows(select(g.id, g.tag).where(
                        g.id.in_(list(found))).order_by(g.id, g.tag)):
                    found[str(ident)].append(str(name))
        return [Record(r[0], r[1], r[2], r[3], r[4], tuple(found[r[0]]), int(r[5]), r[6])
                for r in rows]

    def count(self, *, algorithm: str | None = None, source: str | None = None,
              tag: str | None = None, text: str | None = None,
              origin: str | None = None) -> int:
        query = self._matching(select(func.count()).select_from(schema.traces),
                               algorithm=algorithm, source=source, tag=tag, text=text,
                               origin=origin)
        with self._read() as db:
            return int(str(db.rows(query)[0][0]))

    def _matching(self, query: Select[_Row], *, algorithm: str | None, source: str | None,
                  tag: str | None, text: str | None, origin: str | None) -> Select[_Row]:
        """``query`` narrowed to the traces matching every filter given."""
        t, g = schema.traces.c, schema.tags.c
        if origin:
            query = query.where(t.origin == self._text(origin))
        if algorithm:
            query = query.where(t.algorithm == self._text(algorithm))
        if source:
            query = query.where(t.source == self._text(source))
        if tag:
            query = query.where(exists().where(g.id == t.id, g.tag == self._text(tag)))
        if text:
            # lower() on both sides, as instr(lower(...)) did: the query folded by
            # Python, the columns by the database (SQLite: ASCII letters; PostgreSQL: all)
            needle = self._text(text.lower())
            query = query.where(func.lower(t.title).contains(needle, autoescape=True)
                                | func.lower(t.source).contains(needle, autoescape=True))
        return query

    def seed_once(self, key: str,
                  items: Iterable[tuple[bytes, Mapping[str, str | Sequence[str]]]]) -> bool:
        """Store ``items`` (bytes, :meth:`put` keywords) as ``seeded`` in one transaction,
        the first time ``key`` is seen only; True when it stored them now.  Later, the
        items already stored are marked ``seeded`` (a store made before origins were
        recorded learns which of its traces are the repository's).

        The mark goes in first: a process seeding at the same time waits for this
        transaction on it (PostgreSQL's unique index; SQLite's write lock), then finds
        it and only marks."""
        items = list(items)
        with self._connect() as db:
            if db.execute(self._insert(schema.meta, key=key, value="1")) != 1:
                for data, _ in items:
                    db.execute(self._trust(trace_id(data), "seeded"))
                return False
            for data, info in items:
                ident = trace_id(data)
                db.execute(self._row(ident, data, info, "seeded"))
                db.execute(self._trust(ident, "seeded"))
                db.executemany(self._insert(schema.tags),
                               self._tag_rows(ident, info.get("tags", ())))
        return True


def _blob(value: object) -> bytes | memoryview:
    """A body as a driver hands it back (bytes, or a memoryview)."""
    if not isinstance(value, bytes | memoryview):
        raise TypeError(f"a stored body is bytes, got {type(value).__name__}")
    return value
