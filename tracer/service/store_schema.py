"""The store's tables, as SQLAlchemy Core :class:`~sqlalchemy.Table` objects: what every
query of :mod:`.store` is written against, on SQLite and PostgreSQL alike.

The tables are made and changed only by the Alembic migrations (``migrations/``); this
module says what the newest migration leaves, and the tests check the two agree.
"""

from __future__ import annotations

from sqlalchemy import Column, ForeignKey, Integer, LargeBinary, MetaData, Table, Text, text

__all__ = ["metadata", "meta", "tags", "traces"]

metadata = MetaData()

traces = Table(
    "traces", metadata,
    Column("seq", Integer, primary_key=True),  # the order of storing: oldest first
    Column("id", Text, nullable=False, unique=True),
    Column("algorithm", Text, nullable=False),
    Column("variant", Text, nullable=False),
    Column("source", Text, nullable=False),
    Column("title", Text, nullable=False),
    Column("body", LargeBinary, nullable=False),
    Column("origin", Text, nullable=False, server_default=text("'uploaded'")),
    sqlite_autoincrement=True,  # a seq is never reused, as the first store made it
)
"""One row a stored trace: ``id`` the SHA-256 of ``body``, ``origin`` one of
:data:`.store.ORIGINS`."""

tags = Table(
    "tags", metadata,
    Column("id", Text, ForeignKey("traces.id"), primary_key=True),
    Column("tag", Text, primary_key=True),
)
"""A trace's tags, one row each."""

meta = Table(
    "meta", metadata,
    Column("key", Text, primary_key=True),
    Column("value", Text, nullable=False),
)
"""What the store has done once (``seeded:traces``: the repository's traces stored)."""
