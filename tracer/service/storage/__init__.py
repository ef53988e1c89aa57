"""Where the service keeps what it keeps: the store of recorded traces
(:mod:`.store`: one interface, SQLAlchemy Core on SQLite or PostgreSQL), the
classroom's tables (:mod:`.class_store`), the tables themselves
(:mod:`.store_schema`), the one rule for every text written (:mod:`.store_text`),
the traces seeded on a first start (:mod:`.seed`), and the Alembic migrations
that make and change the tables (``migrations/``).
"""

from __future__ import annotations
