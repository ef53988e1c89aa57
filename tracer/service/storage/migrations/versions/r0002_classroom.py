"""The classroom: courses, assignments, students, submissions, step sessions and step
attempts, and the traces of each course's library.

New tables only: nothing stored before is touched.  Tokens are kept as their SHA-256;
times are the service's clock as ISO 8601 text.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "courses",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("teacher_hash", sa.Text, nullable=False, unique=True),
        sa.Column("created", sa.Text, nullable=False))
    op.create_table(
        "assignments",
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("id", sa.Text, nullable=False, unique=True),
        sa.Column("course", sa.Text, sa.ForeignKey("courses.id"), nullable=False,
                  index=True),
        sa.Column("document", sa.Text, nullable=False),
        sa.Column("created", sa.Text, nullable=False),
        sqlite_autoincrement=True)
    op.create_table(
        "students",
        sa.Column("assignment", sa.Text, sa.ForeignKey("assignments.id"), primary_key=True),
        sa.Column("student", sa.Text, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("token_hash", sa.Text, nullable=False, unique=True),
        sa.Column("joined", sa.Text, nullable=False))
    op.create_table(
        "submissions",
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("id", sa.Text, nullable=False, unique=True),
        sa.Column("assignment", sa.Text, nullable=False, index=True),
        sa.Column("student", sa.Text, nullable=False),
        sa.Column("attempt", sa.Integer, nullable=False),
        sa.Column("answer", sa.Text, nullable=False),
        sa.Column("report", sa.Text, nullable=False),
        sa.Column("graded", sa.Text, nullable=False),
        sa.Column("score", sa.Text, nullable=False),
        sa.Column("at", sa.Text, nullable=False),
        sa.UniqueConstraint("assignment", "student", "attempt"),
        sqlite_autoincrement=True)
    op.create_table(
        "step_sessions",
        sa.Column("assignment", sa.Text, primary_key=True),
        sa.Column("student", sa.Text, primary_key=True),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("answers", sa.Integer, nullable=False))
    op.create_table(
        "step_attempts",
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("assignment", sa.Text, nullable=False, index=True),
        sa.Column("student", sa.Text, nullable=False),
        sa.Column("attempt", sa.Text, nullable=False),
        sqlite_autoincrement=True)
    op.create_table(
        "course_traces",
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("course", sa.Text, sa.ForeignKey("courses.id"), nullable=False),
        sa.Column("trace", sa.Text, sa.ForeignKey("traces.id"), nullable=False),
        sa.UniqueConstraint("course", "trace"),
        sqlite_autoincrement=True)


def downgrade() -> None:
    for name in ("course_traces", "step_attempts", "step_sessions", "submissions",
                 "students", "assignments", "courses"):
        op.drop_table(name)
