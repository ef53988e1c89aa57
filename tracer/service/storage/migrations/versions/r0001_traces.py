"""Traces, tags and marks: the store as the service made it before Alembic.

Tables ``traces`` (with ``origin``), ``tags`` and ``meta``, as store.py made them.

A store the service made before (no ``alembic_version`` table yet) has these tables
already, with or without the ``origin`` column (stores older than origins): each table
is made only where missing, and the column added only where missing.  Adding a column
with a default rewrites no row, so nothing is lost; the traces of such a store count as
uploaded until the service's seeding finds the repository's among them by their bytes.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    found = sa.inspect(op.get_bind())
    if not found.has_table("traces"):
        op.create_table(
            "traces",
            sa.Column("seq", sa.Integer, primary_key=True),
            sa.Column("id", sa.Text, nullable=False, unique=True),
            sa.Column("algorithm", sa.Text, nullable=False),
            sa.Column("variant", sa.Text, nullable=False),
            sa.Column("source", sa.Text, nullable=False),
            sa.Column("title", sa.Text, nullable=False),
            sa.Column("body", sa.LargeBinary, nullable=False),
            sa.Column("origin", sa.Text, nullable=False, server_default=sa.text("'uploaded'")),
            sqlite_autoincrement=True)
    elif "origin" not in {c["name"] for c in found.get_columns("traces")}:
        # a plain ALTER TABLE (never batch mode's copy of the table): no row is rewritten
        op.execute("ALTER TABLE traces ADD COLUMN origin TEXT NOT NULL DEFAULT 'uploaded'")
    if not found.has_table("tags"):
        op.create_table(
            "tags",
            sa.Column("id", sa.Text, sa.ForeignKey("traces.id"), primary_key=True),
            sa.Column("tag", sa.Text, primary_key=True))
    if not found.has_table("meta"):
        op.create_table(
            "meta",
            sa.Column("key", sa.Text, primary_key=True),
            sa.Column("value", sa.Text, nullable=False))


def downgrade() -> None:
    op.drop_table("meta")
    op.drop_table("tags")
    op.drop_table("traces")
