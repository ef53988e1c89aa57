"""Where LTI 1.3 is kept: every LTI table's reads and writes, in the trace store's
database (the same engine: :class:`..storage.store.SqlStore`), on SQLite or PostgreSQL.

The tables (:mod:`..storage.store_schema`, made by migration 0003): pylti1p3's launch-data
storage (``lti_cache``), the nonces consumed (``lti_nonces``), the course bound to each
LMS context (``lti_contexts``), each LTI learner of an assignment and their line item
(``lti_people``), one-time launch codes (``lti_codes``), the access tokens they were
traded for (``access_tokens``) and the queue of scores for the platforms
(``lti_scores``).

Codes and tokens are kept as their SHA-256 only (:func:`..storage.class_store.token_hash`).
Every write is one transaction, and every write that two server processes may race on
is one statement whose ``WHERE`` decides (a nonce consumed, a code taken, a score
claimed): the loser changes no row.  Times are the caller's (the service's clock), as
ISO 8601 UTC text of one form, so that they compare as text; nothing here reads a clock.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Literal

from sqlalchemy import Connection, Select, Table, delete, select, update
from sqlalchemy.dialects import postgresql, sqlite

from ..json_values import JsonValue
from ..storage import store_schema as schema
from ..storage.class_store import Course, token_hash
from ..storage.store import SqlStore

__all__ = ["Access", "Code", "Context", "Kind", "LtiStore", "Person", "Score", "State"]

Kind = Literal["teacher", "student"]
"""Whose a code or an access token is: a course's teacher, or a student of one
assignment."""
State = Literal["pending", "sent", "refused"]
"""Where a queued score is: to send (now or at ``next_try``), sent, or refused by the
platform with a 4xx (sent again only when the teacher asks)."""


@dataclass(frozen=True)
class Context:
    """An LMS context (a Moodle or Canvas course) and the course bound to it."""

    issuer: str
    context_id: str
    course: str
    title: str
    client_id: str
    deployment_id: str
    memberships_url: str | None = None
    """The Names and Role Provisioning Services URL, when a launch offered it."""


@dataclass(frozen=True)
class Person:
    """An LTI learner of one assignment: their ``students`` row (``student``), who the
    platform says they are (``issuer``, ``sub``) and where their score goes."""

    assignment: str
    student: str
    issuer: str
    sub: str
    client_id: str
    deployment_id: str
    lineitem: str | None = None
    """The line item URL of the latest launch (the AGS endpoint claim), if it had one."""


@dataclass(frozen=True)
class Code:
    """A launch's one-time code, as taken: what its access token is to be for."""

    kind: Kind
    course: str
    assignment: str | None
    student: str | None
    launch: str | None
    """pylti1p3's launch id (deep linking only: the launch the answer returns to)."""
    expires: str


@dataclass(frozen=True)
class Access:
    """An access token given for a launch's code."""

    kind: Kind
    course: str
    assignment: str | None
    student: str | None
    launch: str | None
    created: str


@dataclass(frozen=True)
class Score:
    """The latest score of one LTI learner, as queued for their platform's line item."""

    assignment: str
    student: str
    issuer: str
    client_id: str
    lineitem: str
    sub: str
    given: float
    maximum: float
    activity: str
    """AGS ``activityProgress``: ``Submitted`` or ``Completed``."""
    grading: str
    """AGS ``gradingProgress``: ``FullyGraded``."""
    timestamp: str
    """The submission's time: the score's ``timestamp``, and what tells it from the next."""
    state: State = "pending"
    tries: int = 0
    next_try: str = ""
    """When it is due (``""``: at once: the empty text is before every time)."""
    lease: str | None = None
    """Until when a sender holds it (:meth:`LtiStore.due_scores`)."""
    error: str | None = None
    """The platform's reason (or the connection's error) of the last try that failed."""
    sent: str | None = None


_SCORE_COLUMNS = ("assignment", "student", "issuer", "client_id", "lineitem", "sub",
                  "given", "maximum", "activity", "grading", "timestamp", "state", "tries",
                  "next_try", "lease", "error", "sent")


class LtiStore:
    """The LTI tables in ``store``'s database."""

    def __init__(self, store: SqlStore) -> None:
        self.engine = store.engine
        self.dialect = store.dialect

    @contextmanager
    def _conn(self, *, write: bool) -> Iterator[Connection]:
        with self.engine.connect().execution_options(write=write) as conn, conn.begin():
            yield conn

    def _insert(self, table: Table) -> sqlite.Insert | postgresql.Insert:
        """``INSERT`` in this store's dialect (for ``ON CONFLICT``)."""
        return sqlite.insert(table) if self.dialect == "sqlite" else postgresql.insert(table)

    # ------------------------------------------------------------ pylti1p3's storage
    def cache_get(self, key: str, now: str) -> JsonValue | None:
        """The value kept under ``key``; None when missing or expired."""
        t = schema.lti_cache.c
        with self._conn(write=False) as c:
            row = c.execute(select(t.value).where(t.key == key, t.expires > now)).first()
        return None if row is None else json.loads(str(row[0]))

    def cache_set(self, key: str, value: JsonValue, expires: str) -> None:
        """Keep ``value`` under ``key`` until ``expires`` (replacing what was there)."""
        text = json.dumps(value, sort_keys=True, allow_nan=False)
        statement = self._insert(schema.lti_cache).values(key=key, value=text, expires=expires)
        with self._conn(write=True) as c:
            c.execute(statement.on_conflict_do_update(
                index_elements=["key"], set_={"value": text, "expires": expires}))

    def cache_delete(self, key: str) -> None:
        with self._conn(write=True) as c:
            c.execute(delete(schema.lti_cache).where(schema.lti_cache.c.key == key))

    def consume_nonce(self, issuer: str, nonce: str, now: str) -> bool:
        """Mark ``nonce`` of ``issuer`` used; False when it was used before (a replay)."""
        statement = self._insert(schema.lti_nonces).values(
            issuer=issuer, nonce=nonce, used=now).on_conflict_do_nothing()
        with self._conn(write=True) as c:
            done = c.execute(statement.execution_options(preserve_rowcount=True))
        return done.rowcount == 1

    def purge(self, now: str, *, nonces_before: str) -> None:
        """Forget expired cache entries and codes, and nonces used before
        ``nonces_before`` (older than any id_token a platform could still send)."""
        with self._conn(write=True) as c:
            c.execute(delete(schema.lti_cache).where(schema.lti_cache.c.expires <= now))
            c.execute(delete(schema.lti_codes).where(schema.lti_codes.c.expires <= now))
            c.execute(delete(schema.lti_nonces).where(schema.lti_nonces.c.used < nonces_before))

    # ------------------------------------------------------------ contexts
    def context_course(self, issuer: str, context_id: str) -> str | None:
        """The course bound to the LMS context, or None."""
        t = schema.lti_contexts.c
        with self._conn(write=False) as c:
            row = c.execute(select(t.course).where(t.issuer == issuer,
                                                   t.context_id == context_id)).first()
        return None if row is None else str(row[0])

    def bind_context(self, issuer: str, context_id: str, course: str, title: str,
                     client_id: str, deployment_id: str, memberships_url: str | None) -> str:
        """Bind ``course`` to the LMS context unless one is bound already (two first
        launches at once: the first bound stays); its title, client, deployment and
        memberships URL (when given) are updated either way.  The course bound.  A
        course is bound to one context at most: ``course`` bound to another already is
        an ``IntegrityError`` (the launch binds only a course it has just made)."""
        t = schema.lti_contexts.c
        values = {"title": title, "client_id": client_id, "deployment_id": deployment_id}
        with self._conn(write=True) as c:
            c.execute(self._insert(schema.lti_contexts).values(
                issuer=issuer, context_id=context_id, course=course,
                memberships_url=memberships_url, **values).on_conflict_do_nothing(
                index_elements=["issuer", "context_id"]))
            if memberships_url is not None:
                values["memberships_url"] = memberships_url
            c.execute(update(schema.lti_contexts).where(
                t.issuer == issuer, t.context_id == context_id).values(**values))
            return str(c.execute(select(t.course).where(
                t.issuer == issuer, t.context_id == context_id)).scalar_one())

    def context_of_course(self, course: str) -> Context | None:
        t = schema.lti_contexts.c
        with self._conn(write=False) as c:
            row = c.execute(select(t.issuer, t.context_id, t.course, t.title, t.client_id,
                                   t.deployment_id, t.memberships_url)
                            .where(t.course == course)).first()
        if row is None:
            return None
        issuer, context_id, bound, title, client_id, deployment_id = (str(v) for v in row[:6])
        return Context(issuer, context_id, bound, title, client_id, deployment_id,
                       _text(row[6]))

    def course(self, ident: str) -> Course | None:
        """The course ``ident`` (a teacher's access token names it)."""
        t = schema.courses.c
        with self._conn(write=False) as c:
            row = c.execute(select(t.id, t.title, t.created).where(t.id == ident)).first()
        return None if row is None else Course(str(row[0]), str(row[1]), str(row[2]))

    # ------------------------------------------------------------ people
    def person(self, assignment: str, issuer: str, sub: str) -> Person | None:
        """The LTI learner ``sub`` of ``issuer`` in ``assignment``, or None."""
        t = schema.lti_people.c
        with self._conn(write=False) as c:
            row = c.execute(_people().where(t.assignment == assignment, t.issuer == issuer,
                                            t.sub == sub)).first()
        return None if row is None else _person(row)

    def keep_person(self, person: Person) -> None:
        """Insert ``person``, or update their row (by assignment and student) to what the
        latest launch said: the line item above all."""
        values = {"issuer": person.issuer, "sub": person.sub, "client_id": person.client_id,
                  "deployment_id": person.deployment_id, "lineitem": person.lineitem}
        statement = self._insert(schema.lti_people).values(
            assignment=person.assignment, student=person.student, **values)
        with self._conn(write=True) as c:
            c.execute(statement.on_conflict_do_update(
                index_elements=["assignment", "student"], set_=values))

    def people_of(self, assignment: str) -> list[Person]:
        """The LTI learners of ``assignment``, by student id."""
        t = schema.lti_people.c
        with self._conn(write=False) as c:
            rows = c.execute(_people().where(t.assignment == assignment)
                             .order_by(t.student)).all()
        return [_person(r) for r in rows]

    def forget_assignment(self, assignment: str) -> None:
        """Every LTI row of a deleted assignment: its learners, their queued scores, its
        codes and its students' access tokens."""
        with self._conn(write=True) as c:
            for table in (schema.lti_people, schema.lti_scores, schema.lti_codes,
                          schema.access_tokens):
                c.execute(delete(table).where(table.c.assignment == assignment))

    # ------------------------------------------------------------ codes and tokens
    def add_code(self, code: str, kind: Kind, course: str, assignment: str | None,
                 student: str | None, launch: str | None, expires: str) -> None:
        with self._conn(write=True) as c:
            c.execute(schema.lti_codes.insert().values(
                code_hash=token_hash(code), kind=kind, course=course, assignment=assignment,
                student=student, launch=launch, expires=expires, used=0))

    def take_code(self, code: str, now: str) -> Code | None:
        """What ``code`` is for, the first time it is taken before it expires; None for a
        code that is no one's, used already or expired."""
        t = schema.lti_codes.c
        found = t.code_hash == token_hash(code)
        with self._conn(write=True) as c:
            done = c.execute(update(schema.lti_codes).where(found, t.used == 0, t.expires > now)
                             .values(used=1).execution_options(preserve_rowcount=True))
            if done.rowcount != 1:
                return None
            row = c.execute(select(t.kind, t.course, t.assignment, t.student, t.launch,
                                   t.expires).where(found)).one()
        return Code(_kind(row[0]), str(row[1]), _text(row[2]), _text(row[3]), _text(row[4]),
                    str(row[5]))

    def add_access_token(self, token: str, kind: Kind, course: str, assignment: str | None,
                         student: str | None, launch: str | None, created: str) -> None:
        with self._conn(write=True) as c:
            c.execute(schema.access_tokens.insert().values(
                token_hash=token_hash(token), kind=kind, course=course,
                assignment=assignment, student=student, launch=launch, created=created))

    def access_of(self, token: str) -> Access | None:
        """The access token ``token``, or None: no one's."""
        t = schema.access_tokens.c
        with self._conn(write=False) as c:
            row = c.execute(select(t.kind, t.course, t.assignment, t.student, t.launch,
                                   t.created).where(t.token_hash == token_hash(token))).first()
        return None if row is None else Access(_kind(row[0]), str(row[1]), _text(row[2]),
                                               _text(row[3]), _text(row[4]), str(row[5]))

    # ------------------------------------------------------------ the scores' queue
    def queue_score(self, score: Score) -> None:
        """Queue ``score`` as its learner's latest: pending, tries 0, due at
        ``score.next_try``, no error; it replaces the row of an earlier score.  A sender
        holding the row keeps its lease: what it sends is then the older score, which
        :meth:`score_sent` does not mark sent, so this one is sent next."""
        values = {name: getattr(score, name) for name in _SCORE_COLUMNS
                  if name not in ("assignment", "student", "lease")}
        values.update(state="pending", tries=0, error=None, sent=None)
        statement = self._insert(schema.lti_scores).values(
            assignment=score.assignment, student=score.student, lease=None, **values)
        with self._conn(write=True) as c:
            c.execute(statement.on_conflict_do_update(
                index_elements=["assignment", "student"], set_=values))

    def due_scores(self, now: str, lease_until: str, most: int) -> list[Score]:
        """Claim at most ``most`` pending scores due by ``now`` that no sender holds (or
        whose lease ran out), holding each until ``lease_until``; the earliest due first.
        Each row is claimed by one ``UPDATE ... WHERE`` of its own: of two processes
        claiming at once, one gets it.  On PostgreSQL the rows another claim is taking
        are passed over (``FOR UPDATE SKIP LOCKED``), so two senders at once share the
        due rows between them; on SQLite claims take turns (``BEGIN IMMEDIATE``)."""
        t = schema.lti_scores.c
        free = (t.state == "pending", t.next_try <= now, t.lease.is_(None) | (t.lease < now))
        claimed: list[Score] = []
        with self._conn(write=True) as c:
            keys = c.execute(select(t.assignment, t.student).where(*free)
                             .order_by(t.next_try, t.assignment, t.student).limit(most)
                             .with_for_update(skip_locked=True)).all()
            for assignment, student in keys:
                row = (t.assignment == assignment, t.student == student)
                done = c.execute(update(schema.lti_scores).where(*row, *free)
                                 .values(lease=lease_until)
                                 .execution_options(preserve_rowcount=True))
                if done.rowcount == 1:
                    claimed.append(_score(c.execute(_scores().where(*row)).one()))
        return claimed

    def score_sent(self, assignment: str, student: str, timestamp: str, now: str) -> None:
        """The platform took the score of ``timestamp``: sent, unless a newer score was
        queued meanwhile (that one stays pending; only the lease is given back)."""
        self._settle(assignment, student, timestamp,
                     {"state": "sent", "sent": now, "error": None, "lease": None})

    def score_failed(self, assignment: str, student: str, error: str, next_try: str,
                     refused: bool, *, timestamp: str | None = None) -> None:
        """A try failed: one more try, the ``error`` kept, due again at ``next_try``
        (``refused``: the platform said no with a 4xx, and it waits for the teacher).
        ``timestamp``: only if the row is still that score (else only the lease is
        given back)."""
        t = schema.lti_scores.c
        self._settle(assignment, student, timestamp,
                     {"state": "refused" if refused else "pending", "tries": t.tries + 1,
                      "error": error, "next_try": next_try, "lease": None})

    def _settle(self, assignment: str, student: str, timestamp: str | None,
                values: dict[str, object]) -> None:
        t = schema.lti_scores.c
        row = (t.assignment == assignment, t.student == student)
        with self._conn(write=True) as c:
            if timestamp is None:
                c.execute(update(schema.lti_scores).where(*row).values(**values))
                return
            c.execute(update(schema.lti_scores).where(*row, t.timestamp == timestamp)
                      .values(**values))
            c.execute(update(schema.lti_scores).where(*row, t.timestamp != timestamp)
                      .values(lease=None))

    def scores_of(self, course: str) -> list[Score]:
        """The queued scores of ``course``'s assignments, by assignment (oldest first)
        then student."""
        t, a = schema.lti_scores.c, schema.assignments.c
        with self._conn(write=False) as c:
            rows = c.execute(_scores().join(schema.assignments, a.id == t.assignment)
                             .where(a.course == course)
                             .order_by(a.seq, t.student)).all()
        return [_score(r) for r in rows]

    def retry_now(self, course: str, now: str) -> int:
        """Make every pending or refused score of ``course`` due at ``now``; how many."""
        t, a = schema.lti_scores.c, schema.assignments.c
        mine = select(a.id).where(a.course == course).scalar_subquery()
        with self._conn(write=True) as c:
            done = c.execute(update(schema.lti_scores)
                             .where(t.assignment.in_(mine),
                                    t.state.in_(("pending", "refused")))
                             .values(state="pending", next_try=now)
                             .execution_options(preserve_rowcount=True))
        return int(done.rowcount)


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def _kind(value: object) -> Kind:
    return "teacher" if value == "teacher" else "student"


def _people() -> Select[tuple[object, ...]]:
    t = schema.lti_people.c
    return select(t.assignment, t.student, t.issuer, t.sub, t.client_id, t.deployment_id,
                  t.lineitem)


def _person(row: Sequence[object]) -> Person:
    assignment, student, issuer, sub, client_id, deployment_id = (str(v) for v in row[:6])
    return Person(assignment, student, issuer, sub, client_id, deployment_id, _text(row[6]))


def _scores() -> Select[tuple[object, ...]]:
    t = schema.lti_scores.c
    return select(*(t[name] for name in _SCORE_COLUMNS))


def _score(row: Sequence[object]) -> Score:
    v = dict(zip(_SCORE_COLUMNS, row, strict=True))
    state = str(v["state"])
    return Score(
        str(v["assignment"]), str(v["student"]), str(v["issuer"]), str(v["client_id"]),
        str(v["lineitem"]), str(v["sub"]), float(str(v["given"])),
        float(str(v["maximum"])), str(v["activity"]), str(v["grading"]),
        str(v["timestamp"]),
        state="sent" if state == "sent" else "refused" if state == "refused" else "pending",
        tries=int(str(v["tries"])), next_try=str(v["next_try"]), lease=_text(v["lease"]),
        error=_text(v["error"]), sent=_text(v["sent"]))
