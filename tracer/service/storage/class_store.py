"""Where the classroom is kept: courses, assignments, students, submissions, step
sessions and the traces of each course's library, in the trace store's database (the
same engine: :class:`.store.SqlStore`), on SQLite or PostgreSQL.

Ids are random (:func:`new_id`); tokens are random 32 bytes (:func:`new_token`) and are
kept as their SHA-256 only (:func:`token_hash`), so a copy of the database gives no
one a teacher's or a student's rights.  Every write is one transaction.  Times are
the caller's (the service's clock), as ISO 8601 text; nothing here reads a clock.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from sqlalchemy import Connection, and_, delete, exists, func, select, update
from sqlalchemy.exc import IntegrityError

from ..json_values import JsonObject, JsonValue
from . import store_schema as schema
from .store import Record, SqlStore
from .store_text import stored_document, stored_text

__all__ = ["MAX_STUDENTS", "Assigned", "ClassStore", "Course", "Enrolled", "Kept", "new_id",
           "new_token", "token_hash"]


MAX_STUDENTS = 2000
"""Students one assignment takes (by a link or by an LMS's launch)."""


def _json(value: JsonValue, field: str) -> str:
    """A document as stored: its JSON, every text in it through the store's text rules
    as every text is (:func:`.store_text.stored_document`); ``field`` is where it stands
    in its request (``""``: the request itself, as an assignment)."""
    return stored_document(value, field=field)


def _key(value: str) -> str:
    """An id looked up (from a request's path) as the store's text rules keep text: with
    NUL or a lone surrogate it matches nothing on either database (PostgreSQL's driver
    refused the query: a 500 where SQLite found no row)."""
    return stored_text(value, field="id", repair=True)


def new_id() -> str:
    """A random id: 96 bits, as 24 hex digits."""
    return secrets.token_hex(12)


def new_token() -> str:
    """A random token: 32 bytes, URL-safe base64."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What is kept of ``token``: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class Course:
    id: str
    title: str
    created: str


@dataclass(frozen=True)
class Assigned:
    """A stored assignment: its course and its JSON document."""

    id: str
    course: str
    document: JsonObject
    created: str


@dataclass(frozen=True)
class Enrolled:
    """A student who joined an assignment."""

    assignment: str
    student: str
    name: str
    joined: str


@dataclass(frozen=True)
class Kept:
    """A stored submission: its id, attempt and time, the answer as given, the check
    report and the gradebook's record of it."""

    id: str
    attempt: int
    at: str
    answer: JsonValue
    report: JsonObject
    graded: JsonObject


class Conflict(Exception):
    """A write that another one made impossible (a student id taken, an attempt or a
    step answered meanwhile)."""


class ClassStore:
    """The classroom's tables in ``store``'s database."""

    def __init__(self, store: SqlStore) -> None:
        self.engine = store.engine
        self._store = store

    @contextmanager
    def _conn(self, *, write: bool) -> Iterator[Connection]:
        with self.engine.connect().execution_options(write=write) as conn, conn.begin():
            yield conn

    # ------------------------------------------------------------ courses
    def add_course(self, title: str, teacher_token: str, created: str) -> str:
        ident = new_id()
        with self._conn(write=True) as c:
            c.execute(schema.courses.insert().values(
                id=ident, title=stored_text(title, field="title"),
                teacher_hash=token_hash(teacher_token),
                created=created))
        return ident

    def course_of_teacher(self, token: str) -> Course | None:
        """The course whose teacher token is ``token``."""
        t = schema.courses.c
        with self._conn(write=False) as c:
            row = c.execute(select(t.id, t.title, t.created)
                            .where(t.teacher_hash == token_hash(token))).first()
        return None if row is None else Course(str(row[0]), str(row[1]), str(row[2]))

    # ------------------------------------------------------------ assignments
    def add_assignment(self, ident: str, course: str, document: JsonObject,
                       created: str) -> None:
        with self._conn(write=True) as c:
            c.execute(schema.assignments.insert().values(
                id=ident, course=course, document=_json(document, ""),
                created=created))

    def assignment(self, ident: str) -> Assigned | None:
        t = schema.assignments.c
        with self._conn(write=False) as c:
            row = c.execute(select(t.id, t.course, t.document, t.created)
                            .where(t.id == _key(ident))).first()
        return None if row is None else Assigned(str(row[0]), str(row[1]),
                                                 json.loads(str(row[2])), str(row[3]))

    def assignments_of(self, course: str) -> list[Assigned]:
        t = schema.assignments.c
        with self._conn(write=False) as c:
            rows = c.execute(select(t.id, t.course, t.document, t.created)
                             .where(t.course == _key(course)).order_by(t.seq)).all()
        return [Assigned(str(r[0]), str(r[1]), json.loads(str(r[2])), str(r[3]))
                for r in rows]

    def delete_assignment(self, ident: str) -> None:
        """The assignment and everything under it, in one transaction."""
        with self._conn(write=True) as c:
            for table in (schema.step_attempts, schema.step_sessions, schema.submissions,
                          schema.students):
                c.execute(delete(table).where(table.c.assignment == ident))
            c.execute(delete(schema.assignments).where(schema.assignments.c.id == ident))

    # ------------------------------------------------------------ students
    def join(self, assignment: str, student: str, name: str, token: str, joined: str,
             *, most: int) -> None:
        """Enrol ``student``; :class:`Conflict` if the id is taken, ``OverflowError`` if
        ``most`` students joined already."""
        s = schema.students.c
        try:
            with self._conn(write=True) as c:
                count = c.execute(select(func.count()).where(s.assignment == assignment)
                                  ).scalar_one()
                if count >= most:
                    raise OverflowError(most)
                c.execute(schema.students.insert().values(
                    assignment=assignment, student=stored_text(student, field="student"),
                    name=stored_text(name, field="name"),
                    token_hash=token_hash(token), joined=joined))
        except IntegrityError:
            raise Conflict(student) from None

    def reset_token(self, assignment: str, student: str, token: str) -> bool:
        """Give ``student`` the new ``token`` (the old one stops working; their row and
        work stay); False when no such student joined ``assignment``."""
        s = schema.students.c
        with self._conn(write=True) as c:
            done = c.execute(update(schema.students).where(
                s.assignment == _key(assignment), s.student == _key(student)).values(
                token_hash=token_hash(token)).execution_options(preserve_rowcount=True))
        return done.rowcount == 1

    def roster(self, assignments: list[str]) -> list[Enrolled]:
        """Every student who joined one of ``assignments``, in the order they joined."""
        s = schema.students.c
        if not assignments:
            return []
        with self._conn(write=False) as c:
            rows = c.execute(select(s.assignment, s.student, s.name, s.joined)
                             .where(s.assignment.in_(assignments))
                             .order_by(s.joined, s.assignment, s.student)).all()
        return [Enrolled(*(str(v) for v in r)) for r in rows]

    def student_of(self, token: str) -> Enrolled | None:
        s = schema.students.c
        with self._conn(write=False) as c:
            row = c.execute(select(s.assignment, s.student, s.name, s.joined)
                            .where(s.token_hash == token_hash(token))).first()
        return None if row is None else Enrolled(*(str(v) for v in row))

    def enrolled(self, assignment: str, student: str) -> Enrolled | None:
        s = schema.students.c
        with self._conn(write=False) as c:
            row = c.execute(select(s.assignment, s.student, s.name, s.joined)
                            .where(s.assignment == _key(assignment),
                                   s.student == _key(student))).first()
        return None if row is None else Enrolled(*(str(v) for v in row))

    # ------------------------------------------------------------ steps
    def step_session(self, assignment: str, student: str) -> tuple[JsonObject | None, int]:
        """The stored state of a student's steps (None: not begun) and how many step
        answers it has had."""
        t = schema.step_sessions.c
        with self._conn(write=False) as c:
            row = c.execute(select(t.state, t.answers).where(
                t.assignment == assignment, t.student == student)).first()
        return (None, 0) if row is None else (json.loads(str(row[0])), int(row[1]))

    def save_step(self, assignment: str, student: str, state: JsonObject, answers: int,
                  attempt: JsonObject) -> None:
        """Store the new state after answer number ``answers`` (1, 2, ...) and the
        attempt, in one transaction; :class:`Conflict` if another answer came first."""
        t = schema.step_sessions
        text = _json(state, "state")
        try:
            with self._conn(write=True) as c:
                if answers == 1:
                    c.execute(t.insert().values(assignment=assignment, student=student,
                                                state=text, answers=1))
                else:
                    done = c.execute(update(t).where(
                        t.c.assignment == assignment, t.c.student == student,
                        t.c.answers == answers - 1).values(state=text, answers=answers)
                        .execution_options(preserve_rowcount=True))
                    if done.rowcount != 1:
                        raise Conflict(student)
                c.execute(schema.step_attempts.insert().values(
                    assignment=assignment, student=student,
                    attempt=_json(attempt, "attempt")))
        except IntegrityError:
            raise Conflict(student) from None

    def step_states(self, assignments: list[str]) -> dict[tuple[str, str], JsonObject]:
        """The stored step state of every student of ``assignments`` who began, by
        (assignment, student)."""
        t = schema.step_sessions.c
        if not assignments:
            return {}
        with self._conn(write=False) as c:
            rows = c.execute(select(t.assignment, t.student, t.state)
                             .where(t.assignment.in_(assignments))).all()
        return {(str(r[0]), str(r[1])): json.loads(str(r[2])) for r in rows}

    def step_attempts(self, assignment: str, student: str) -> list[JsonObject]:
        t = schema.step_attempts.c
        with self._conn(write=False) as c:
            rows = c.execute(select(t.attempt).where(
                t.assignment == assignment, t.student == student).order_by(t.seq)).all()
        return [json.loads(str(r[0])) for r in rows]

    # ------------------------------------------------------------ submissions
    def attempts(self, assignment: str, student: str) -> tuple[int, int]:
        """How many submissions ``student`` has (a deleted one frees its attempt) and
        the highest attempt number among them (0: none), which the next one follows, so
        that numbers never collide."""
        t = schema.submissions.c
        with self._conn(write=False) as c:
            used, highest = c.execute(select(func.count(), func.max(t.attempt)).where(
                t.assignment == assignment, t.student == student)).one()
        return int(used), int(highest or 0)

    def add_submission(self, assignment: str, student: str, attempt: int,
                       answer: JsonValue, report: JsonObject, graded: JsonObject,
                       score: float, at: str) -> str:
        """Store attempt number ``attempt``; :class:`Conflict` if it is taken."""
        ident = new_id()
        try:
            with self._conn(write=True) as c:
                c.execute(schema.submissions.insert().values(
                    id=ident, assignment=assignment, student=student, attempt=attempt,
                    answer=_json(answer, "answer"), report=_json(report, "report"),
                    graded=_json(graded, "graded"), score=repr(score), at=at))
        except IntegrityError:
            raise Conflict(student) from None
        return ident

    def graded_of(self, assignments: list[str]) -> list[JsonObject]:
        """The gradebook records of every submission to ``assignments``."""
        t = schema.submissions.c
        if not assignments:
            return []
        with self._conn(write=False) as c:
            rows = c.execute(select(t.graded).where(t.assignment.in_(assignments))
                             .order_by(t.seq)).all()
        return [json.loads(str(r[0])) for r in rows]

    def work_of(self, assignment: str, student: str) -> list[Kept]:
        """``student``'s submissions to ``assignment``, oldest first."""
        t = schema.submissions.c
        with self._conn(write=False) as c:
            rows = c.execute(select(t.id, t.attempt, t.at, t.answer, t.report, t.graded)
                             .where(t.assignment == _key(assignment), t.student == _key(student))
                             .order_by(t.seq)).all()
        return [Kept(str(r[0]), int(r[1]), str(r[2]), json.loads(str(r[3])),
                     json.loads(str(r[4])), json.loads(str(r[5]))) for r in rows]

    def submissions_of(self, assignment: str) -> list[JsonObject]:
        """Every submission to ``assignment``, oldest first: its id, the student and their
        name, the attempt, the score (after any late penalty), the time and whether it
        was late."""
        t, s = schema.submissions.c, schema.students.c
        joined = schema.submissions.outerjoin(schema.students, and_(
            s.assignment == t.assignment, s.student == t.student))
        with self._conn(write=False) as c:
            rows = c.execute(select(t.id, t.student, s.name, t.attempt, t.score, t.at,
                                    t.graded)
                             .select_from(joined).where(t.assignment == assignment)
                             .order_by(t.seq)).all()
        return [{"id": str(r[0]), "student": str(r[1]), "name": str(r[2] or ""),
                 "attempt": int(r[3]), "score": float(r[4]), "at": str(r[5]),
                 "late": json.loads(str(r[6])).get("late", False) is True} for r in rows]

    def counts(self, assignments: list[str]) -> tuple[dict[str, int], dict[str, int]]:
        """Students joined and submissions made, per assignment of ``assignments``."""
        if not assignments:
            return {}, {}
        s, t = schema.students.c, schema.submissions.c
        with self._conn(write=False) as c:
            joined = c.execute(select(s.assignment, func.count())
                               .where(s.assignment.in_(assignments))
                               .group_by(s.assignment)).all()
            made = c.execute(select(t.assignment, func.count())
                             .where(t.assignment.in_(assignments))
                             .group_by(t.assignment)).all()
        return ({str(a): int(n) for a, n in joined}, {str(a): int(n) for a, n in made})

    def submission_assignment(self, ident: str) -> str | None:
        t = schema.submissions.c
        with self._conn(write=False) as c:
            row = c.execute(select(t.assignment).where(t.id == _key(ident))).first()
        return None if row is None else str(row[0])

    def delete_submission(self, ident: str) -> None:
        with self._conn(write=True) as c:
            c.execute(delete(schema.submissions).where(schema.submissions.c.id == ident))

    # ------------------------------------------------------------ a course's traces
    def link_trace(self, course: str, trace: str) -> None:
        """Put a stored trace in ``course``'s library (again: nothing changes)."""
        t = schema.course_traces.c
        with self._conn(write=True) as c:
            if c.execute(select(t.seq).where(t.course == course, t.trace == trace)
                         ).first() is None:
                try:
                    with c.begin_nested():
                        c.execute(schema.course_traces.insert().values(course=course,
                                                                       trace=trace))
                except IntegrityError:
                    pass  # linked meanwhile by another request

    def has_trace(self, course: str, trace: str) -> bool:
        t = schema.course_traces.c
        with self._conn(write=False) as c:
            return c.execute(select(t.seq).where(t.course == _key(course), t.trace == _key(trace))
                             ).first() is not None

    def unlink_trace(self, course: str, trace: str) -> None:
        """Take a trace out of ``course``'s library; the trace itself goes too when it
        was uploaded and no other course holds it (a computed or seeded trace is the
        service's own, and stays)."""
        ct, tr, tg = schema.course_traces.c, schema.traces.c, schema.tags.c
        with self._conn(write=True) as c:
            c.execute(delete(schema.course_traces).where(ct.course == course,
                                                         ct.trace == trace))
            held = c.execute(select(exists().where(ct.trace == trace))).scalar_one()
            origin = c.execute(select(tr.origin).where(tr.id == trace)).scalar_one_or_none()
            if not held and origin == "uploaded":
                c.execute(delete(schema.tags).where(tg.id == trace))
                c.execute(delete(schema.traces).where(tr.id == trace))

    def course_listing(self, course: str, *, text: str | None, limit: int, offset: int,
                       algorithm: str | None = None, source: str | None = None,
                       tag: str | None = None, origin: str | None = None) -> list[Record]:
        """The traces of ``course``'s library, newest first (the last put in first),
        matching every filter given as :meth:`.store.SqlStore.list` matches it: their
        title or source containing ``text`` (folded as it folds it), their algorithm,
        their source's name, one of their tags, their origin."""
        ct, tr, tg = schema.course_traces.c, schema.traces.c, schema.tags.c
        query = (select(tr.id, tr.algorithm, tr.variant, tr.source, tr.title,
                        func.length(tr.body), tr.origin)
                 .join(schema.course_traces, ct.trace == tr.id).where(ct.course == course))
        given = self._store._text
        if origin:
            query = query.where(tr.origin == given(origin))
        if algorithm:
            query = query.where(tr.algorithm == given(algorithm))
        if source:
            query = query.where(tr.source == given(source))
        if tag:
            query = query.where(exists().where(tg.id == tr.id, tg.tag == given(tag)))
        if text:
            needle = self._store._text(text.lower())
            query = query.where(func.lower(tr.title).contains(needle, autoescape=True)
                                | func.lower(tr.source).contains(needle, autoescape=True))
        query = query.order_by(ct.seq.desc()).limit(limit).offset(offset)
        with self._conn(write=False) as c:
            rows = [[str(v) for v in r] for r in c.execute(query)]
            found: dict[str, list[str]] = {r[0]: [] for r in rows}
            if found:
                for ident, name in c.execute(select(tg.id, tg.tag).where(
                        tg.id.in_(list(found))).order_by(tg.id, tg.tag)):
                    found[str(ident)].append(str(name))
        return [Record(r[0], r[1], r[2], r[3], r[4], tuple(found[r[0]]), int(r[5]), r[6])
                for r in rows]
