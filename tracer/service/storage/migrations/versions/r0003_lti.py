"""LTI 1.3: pylti1p3's launch data, the nonces consumed, the LMS contexts bound to
courses, the LTI learners of each assignment, one-time launch codes, the access tokens
they were traded for, and the queue of scores for the platforms.

New tables only: nothing stored before is touched.  Codes and tokens are kept as their
SHA-256; times are the service's clock as ISO 8601 text.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lti_cache",
        sa.Column("key", sa.Text, primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
        sa.Column("expires", sa.Text, nullable=False))
    op.create_table(
        "lti_nonces",
        sa.Column("issuer", sa.Text, primary_key=True),
        sa.Column("nonce", sa.Text, primary_key=True),
        sa.Column("used", sa.Text, nullable=False))
    op.create_table(
        "lti_contexts",
        sa.Column("issuer", sa.Text, primary_key=True),
        sa.Column("context_id", sa.Text, primary_key=True),
        sa.Column("course", sa.Text, sa.ForeignKey("courses.id"), nullable=False,
                  unique=True),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("client_id", sa.Text, nullable=False),
        sa.Column("deployment_id", sa.Text, nullable=False),
        sa.Column("memberships_url", sa.Text, nullable=True))
    op.create_table(
        "lti_people",
        sa.Column("assignment", sa.Text, primary_key=True),
        sa.Column("student", sa.Text, primary_key=True),
        sa.Column("issuer", sa.Text, nullable=False),
        sa.Column("sub", sa.Text, nullable=False),
        sa.Column("client_id", sa.Text, nullable=False),
        sa.Column("deployment_id", sa.Text, nullable=False),
        sa.Column("lineitem", sa.Text, nullable=True),
        sa.UniqueConstraint("assignment", "issuer", "sub"))
    op.create_table(
        "lti_codes",
        sa.Column("code_hash", sa.Text, primary_key=True),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("course", sa.Text, nullable=False),
        sa.Column("assignment", sa.Text, nullable=True),
        sa.Column("student", sa.Text, nullable=True),
        sa.Column("launch", sa.Text, nullable=True),
        sa.Column("expires", sa.Text, nullable=False),
        sa.Column("used", sa.Integer, nullable=False, server_default=sa.text("0")))
    op.create_table(
        "access_tokens",
        sa.Column("token_hash", sa.Text, primary_key=True),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("course", sa.Text, nullable=False),
        sa.Column("assignment", sa.Text, nullable=True),
        sa.Column("student", sa.Text, nullable=True),
        sa.Column("launch", sa.Text, nullable=True),
        sa.Column("created", sa.Text, nullable=False))
    op.create_table(
        "lti_scores",
        sa.Column("assignment", sa.Text, primary_key=True),
        sa.Column("student", sa.Text, primary_key=True),
        sa.Column("issuer", sa.Text, nullable=False),
        sa.Column("client_id", sa.Text, nullable=False),
        sa.Column("lineitem", sa.Text, nullable=False),
        sa.Column("sub", sa.Text, nullable=False),
        sa.Column("given", sa.Float, nullable=False),
        sa.Column("maximum", sa.Float, nullable=False),
        sa.Column("activity", sa.Text, nullable=False),
        sa.Column("grading", sa.Text, nullable=False),
        sa.Column("timestamp", sa.Text, nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("tries", sa.Integer, nullable=False),
        sa.Column("next_try", sa.Text, nullable=False),
        sa.Column("lease", sa.Text, nullable=True),
        sa.Column("error", sa.Text, nullable=True),
        sa.Column("sent", sa.Text, nullable=True))


def downgrade() -> None:
    for name in ("lti_scores", "access_tokens", "lti_codes", "lti_people", "lti_contexts",
                 "lti_nonces", "lti_cache"):
        op.drop_table(name)
