"""The store's tables, as SQLAlchemy Core :class:`~sqlalchemy.Table` objects: what every
query of :mod:`.store` is written against, on SQLite and PostgreSQL alike.

The tables are made and changed only by the Alembic migrations (``migrations/``); this
module says what the newest migration leaves, and the tests check the two agree.
"""

from __future__ import annotations

from sqlalchemy import (
    Column,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    MetaData,
    Table,
    Text,
    UniqueConstraint,
    text,
)

__all__ = ["access_tokens", "assignments", "course_traces", "courses", "lti_cache",
           "lti_codes", "lti_contexts", "lti_nonces", "lti_people", "lti_scores", "meta",
           "metadata", "step_attempts", "step_sessions", "students", "submissions", "tags",
           "traces"]

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

# ------------------------------------------------------------------ the classroom
# Made by migration 0002; written by :mod:`.class_store`.  Ids are random (``secrets``),
# tokens are kept as their SHA-256 only, times are the service's clock (ISO 8601, UTC).

courses = Table(
    "courses", metadata,
    Column("id", Text, primary_key=True),
    Column("title", Text, nullable=False),
    Column("teacher_hash", Text, nullable=False, unique=True),
    Column("created", Text, nullable=False),
)
"""A course: its teacher is whoever holds the token whose hash is ``teacher_hash``."""

assignments = Table(
    "assignments", metadata,
    Column("seq", Integer, primary_key=True),
    Column("id", Text, nullable=False, unique=True),
    Column("course", Text, ForeignKey("courses.id"), nullable=False, index=True),
    Column("document", Text, nullable=False),
    Column("created", Text, nullable=False),
    sqlite_autoincrement=True,
)
"""An assignment: ``document`` is its JSON as ``parse_assignment`` reads it."""

students = Table(
    "students", metadata,
    Column("assignment", Text, ForeignKey("assignments.id"), primary_key=True),
    Column("student", Text, primary_key=True),
    Column("name", Text, nullable=False),
    Column("token_hash", Text, nullable=False, unique=True),
    Column("joined", Text, nullable=False),
)
"""A student who joined an assignment, with the hash of their token."""

submissions = Table(
    "submissions", metadata,
    Column("seq", Integer, primary_key=True),
    Column("id", Text, nullable=False, unique=True),
    Column("assignment", Text, nullable=False, index=True),
    Column("student", Text, nullable=False),
    Column("attempt", Integer, nullable=False),
    Column("answer", Text, nullable=False),
    Column("report", Text, nullable=False),
    Column("graded", Text, nullable=False),
    Column("score", Text, nullable=False),
    Column("at", Text, nullable=False),
    UniqueConstraint("assignment", "student", "attempt"),
    sqlite_autoincrement=True,
)
"""One graded attempt: the answer, the check report, the gradebook's record of it
(``graded``: a :class:`tracer.classroom.gradebook.Submission`) and its score."""

step_sessions = Table(
    "step_sessions", metadata,
    Column("assignment", Text, primary_key=True),
    Column("student", Text, primary_key=True),
    Column("state", Text, nullable=False),
    Column("answers", Integer, nullable=False),
)
"""How far a student got through the steps (``state``: ``StepSession.to_json``);
``answers`` counts the step answers given, and guards each update."""

step_attempts = Table(
    "step_attempts", metadata,
    Column("seq", Integer, primary_key=True),
    Column("assignment", Text, nullable=False, index=True),
    Column("student", Text, nullable=False),
    Column("attempt", Text, nullable=False),
    sqlite_autoincrement=True,
)
"""Every step answer given (``attempt``: ``StepAttempt.to_json``)."""

course_traces = Table(
    "course_traces", metadata,
    Column("seq", Integer, primary_key=True),
    Column("course", Text, ForeignKey("courses.id"), nullable=False),
    Column("trace", Text, ForeignKey("traces.id"), nullable=False),
    UniqueConstraint("course", "trace"),
    sqlite_autoincrement=True,
)
"""The traces of a course's library (stored with its teacher's token), newest last."""

# ------------------------------------------------------------------ LTI 1.3
# Made by migration 0003; written by :mod:`..lti.store`.  Times are the service's clock
# (ISO 8601, UTC); one-time codes and access tokens are kept as their SHA-256 only.
# No foreign key names an assignment: deleting one (ClassStore.delete_assignment) must
# not wait on LTI rows, which LtiStore.forget_assignment removes.

lti_cache = Table(
    "lti_cache", metadata,
    Column("key", Text, primary_key=True),
    Column("value", Text, nullable=False),
    Column("expires", Text, nullable=False),
)
"""pylti1p3's launch-data storage: state parameters and nonces saved at login, launch
data kept for deep linking, the platforms' key sets; ``value`` is JSON."""

lti_nonces = Table(
    "lti_nonces", metadata,
    Column("issuer", Text, primary_key=True),
    Column("nonce", Text, primary_key=True),
    Column("used", Text, nullable=False),
)
"""Every nonce of a platform's id_token that a launch consumed, and when."""

lti_contexts = Table(
    "lti_contexts", metadata,
    Column("issuer", Text, primary_key=True),
    Column("context_id", Text, primary_key=True),
    Column("course", Text, ForeignKey("courses.id"), nullable=False, unique=True),
    Column("title", Text, nullable=False),
    Column("client_id", Text, nullable=False),
    Column("deployment_id", Text, nullable=False),
    Column("memberships_url", Text, nullable=True),
)
"""The course bound to an LMS context (issuer + ``context.id``), one course each; the
Names and Role Provisioning Services URL when a launch offered it."""

lti_people = Table(
    "lti_people", metadata,
    Column("assignment", Text, primary_key=True),
    Column("student", Text, primary_key=True),
    Column("issuer", Text, nullable=False),
    Column("sub", Text, nullable=False),
    Column("client_id", Text, nullable=False),
    Column("deployment_id", Text, nullable=False),
    Column("lineitem", Text, nullable=True),
    UniqueConstraint("assignment", "issuer", "sub"),
)
"""An LTI learner of one assignment (their ``students`` row: ``student``) and the line
item their score goes to, as the latest launch gave it."""

lti_codes = Table(
    "lti_codes", metadata,
    Column("code_hash", Text, primary_key=True),
    Column("kind", Text, nullable=False),
    Column("course", Text, nullable=False),
    Column("assignment", Text, nullable=True),
    Column("student", Text, nullable=True),
    Column("launch", Text, nullable=True),
    Column("expires", Text, nullable=False),
    Column("used", Integer, nullable=False, server_default=text("0")),
)
"""A launch's one-time code (``kind`` teacher or student), traded once for an access
token before ``expires``; ``launch``: pylti1p3's launch id (deep linking only)."""

access_tokens = Table(
    "access_tokens", metadata,
    Column("token_hash", Text, primary_key=True),
    Column("kind", Text, nullable=False),
    Column("course", Text, nullable=False),
    Column("assignment", Text, nullable=True),
    Column("student", Text, nullable=True),
    Column("launch", Text, nullable=True),
    Column("created", Text, nullable=False),
)
"""A token given for a launch's code: a teacher's (their course) or a student's (their
assignment); each device launched has its own."""

lti_scores = Table(
    "lti_scores", metadata,
    Column("assignment", Text, primary_key=True),
    Column("student", Text, primary_key=True),
    Column("issuer", Text, nullable=False),
    Column("client_id", Text, nullable=False),
    Column("lineitem", Text, nullable=False),
    Column("sub", Text, nullable=False),
    Column("given", Float, nullable=False),
    Column("maximum", Float, nullable=False),
    Column("activity", Text, nullable=False),
    Column("grading", Text, nullable=False),
    Column("timestamp", Text, nullable=False),
    Column("state", Text, nullable=False),
    Column("tries", Integer, nullable=False),
    Column("next_try", Text, nullable=False),
    Column("lease", Text, nullable=True),
    Column("error", Text, nullable=True),
    Column("sent", Text, nullable=True),
)
"""The latest score of each LTI learner, queued for the platform: ``state`` pending,
sent or refused; ``tries`` and ``next_try`` the backoff; ``lease`` until when a sender
holds it."""
