"""The LTI tables on each database the store runs on (SQLite, and a real PostgreSQL
server): pylti1p3's cache, nonces used once, contexts bound once, learners and their
line items, codes taken once before they expire, access tokens, and the scores' queue
(overwritten by a newer score, claimed by one sender at a time, backed off, refused,
resent), and the migration that makes them."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import create_engine

from tests.service.pg_server import fresh_database
from tracer.service.lti.store import LtiStore, Person, Score
from tracer.service.storage.class_store import ClassStore, token_hash
from tracer.service.storage.store import SqlStore, database_url
from tracer.service.storage.store_schema import metadata

_databases = itertools.count()
T0, T1, T2, T3 = ("2026-12-01T10:00:00+00:00", "2026-12-01T10:00:30+00:00",
                  "2026-12-01T10:01:00+00:00", "2026-12-01T10:02:00+00:00")
"""The service's clock, in the one form it writes (so that times compare as text)."""
ISS = "https://moodle.example"


@pytest.fixture(params=["sqlite", "postgresql"])
def store_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh store's database: a SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "traces.db")
    return fresh_database(request.getfixturevalue("postgres"), f"lti{next(_databases)}")


@pytest.fixture
def sql(store_db: str) -> Iterator[SqlStore]:
    made = SqlStore(store_db)
    yield made
    made.engine.dispose()


@pytest.fixture
def lti(sql: SqlStore) -> LtiStore:
    return LtiStore(sql)


def _course(sql: SqlStore, title: str = "AI") -> str:
    return ClassStore(sql).add_course(title, f"teacher-{title}", T0)


def _assignment(sql: SqlStore, course: str, ident: str) -> str:
    ClassStore(sql).add_assignment(ident, course, {"title": ident}, T0)
    return ident


def _score(student: str = "s1", *, given: float = 3.0, timestamp: str = T0,
           assignment: str = "a1", next_try: str = "") -> Score:
    return Score(assignment, student, ISS, "client", f"{ISS}/lineitems/1", f"sub-{student}",
                 given, 4.0, "Submitted", "FullyGraded", timestamp, next_try=next_try)


def test_the_tables_are_the_schema_modules_at_revision_0003(store_db: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    SqlStore(store_db).engine.dispose()
    engine = create_engine(database_url(store_db))
    try:
        with engine.connect() as conn:
            context = MigrationContext.configure(conn)
            assert context.get_current_revision() == "0003"
            assert compare_metadata(context, metadata) == []
            tables = set(conn.dialect.get_table_names(conn))
        assert {"lti_cache", "lti_nonces", "lti_contexts", "lti_people", "lti_codes",
                "access_tokens", "lti_scores"} <= tables
    finally:
        engine.dispose()


def test_the_cache_answers_until_its_entry_expires(lti: LtiStore) -> None:
    assert lti.cache_get("state-x", T0) is None
    lti.cache_set("state-x", {"nonce": "n1", "list": [1, 2.5, None]}, T2)
    assert lti.cache_get("state-x", T1) == {"nonce": "n1", "list": [1, 2.5, None]}
    assert lti.cache_get("state-x", T2) is None  # expired at T2 itself
    lti.cache_set("state-x", "again", T3)  # replaced, a new expiry
    assert lti.cache_get("state-x", T2) == "again"
    lti.cache_delete("state-x")
    assert lti.cache_get("state-x", T0) is None


def test_a_nonce_is_consumed_once_per_issuer(lti: LtiStore) -> None:
    assert lti.consume_nonce(ISS, "n1", T0) is True
    assert lti.consume_nonce(ISS, "n1", T1) is False  # an exact replay
    assert lti.consume_nonce("https://canvas.example", "n1", T1) is True  # another issuer
    lti.purge(T3, nonces_before=T1)  # older nonces forgotten, the later one kept
    assert lti.consume_nonce(ISS, "n1", T3) is True
    assert lti.consume_nonce("https://canvas.example", "n1", T3) is False


def test_nonces_consumed_at_once_by_many_writers_succeed_once(store_db: str) -> None:
    stores = [SqlStore(store_db) for _ in range(4)]  # as four server processes would
    ltis = [LtiStore(s) for s in stores]
    try:
        with ThreadPoolExecutor(8) as pool:
            got = list(pool.map(lambda n: ltis[n % 4].consume_nonce(ISS, "same", T0),
                                range(24)))
        assert got.count(True) == 1
    finally:
        for s in stores:
            s.engine.dispose()


def test_a_context_is_bound_to_its_first_course_and_keeps_its_roster_url(
        sql: SqlStore, lti: LtiStore) -> None:
    first, second = _course(sql, "one"), _course(sql, "two")
    assert lti.context_course(ISS, "ctx") is None and lti.context_of_course(first) is None
    assert lti.bind_context(ISS, "ctx", first, "AI 2026", "client", "dep", None) == first
    # a second first launch (created its own course meanwhile): the first binding stays
    assert lti.bind_context(ISS, "ctx", second, "AI 2026/27", "client", "dep2",
                            f"{ISS}/memberships") == first
    assert lti.context_course(ISS, "ctx") == first
    found = lti.context_of_course(first)
    assert found is not None
    assert (found.title, found.deployment_id, found.memberships_url) == (
        "AI 2026/27", "dep2", f"{ISS}/memberships")
    lti.bind_context(ISS, "ctx", first, "AI 2026/27", "client", "dep2", None)
    found = lti.context_of_course(first)
    assert found is not None and found.memberships_url == f"{ISS}/memberships"  # kept
    assert lti.context_of_course(second) is None
    assert lti.context_course("https://canvas.example", "ctx") is None
    course = lti.course(first)
    assert course is not None and (course.id, course.title) == (first, "one")
    assert lti.course("nope") is None


def test_a_learner_is_kept_with_the_latest_launchs_line_item(lti: LtiStore) -> None:
    person = Person("a1", "sub-1", ISS, "sub-1", "client", "dep", f"{ISS}/li/1")
    assert lti.person("a1", ISS, "sub-1") is None
    lti.keep_person(person)
    assert lti.person("a1", ISS, "sub-1") == person
    moved = replace(person, lineitem=f"{ISS}/li/2", deployment_id="dep2")
    lti.keep_person(moved)
    assert lti.person("a1", ISS, "sub-1") == moved
    lti.keep_person(replace(person, lineitem=None))  # a launch without grading
    assert lti.person("a1", ISS, "sub-1") == replace(person, lineitem=None)
    other = Person("a1", "sub-0", ISS, "sub-0", "client", "dep", None)
    lti.keep_person(other)
    lti.keep_person(replace(person, assignment="a2"))
    assert lti.people_of("a1") == [other, replace(person, lineitem=None)]
    assert lti.person("a1", "https://canvas.example", "sub-1") is None


def test_a_code_is_taken_once_before_it_expires(sql: SqlStore, lti: LtiStore) -> None:
    course = _course(sql)
    lti.add_code("code-1", "student", course, "a1", "sub-1", None, T2)
    lti.add_code("code-2", "teacher", course, None, None, "launch-9", T1)
    assert lti.take_code("code-2", T1) is None  # expired at T1
    taken = lti.take_code("code-1", T1)
    assert taken is not None
    assert (taken.kind, taken.course, taken.assignment, taken.student, taken.launch) == (
        "student", course, "a1", "sub-1", None)
    assert lti.take_code("code-1", T1) is None  # once only
    assert lti.take_code("no one's", T0) is None
    with sql.engine.connect() as conn:  # kept as its hash only
        kept = {r[0] for r in conn.exec_driver_sql("SELECT code_hash FROM lti_codes")}
    assert kept == {token_hash("code-1"), token_hash("code-2")}


def test_purge_forgets_what_expired_only(sql: SqlStore, lti: LtiStore) -> None:
    course = _course(sql)
    lti.cache_set("old", 1, T1)
    lti.cache_set("new", 2, T3)
    lti.add_code("old-code", "teacher", course, None, None, None, T1)
    lti.add_code("new-code", "teacher", course, None, None, None, T3)
    lti.purge(T2, nonces_before=T0)
    with sql.engine.connect() as conn:
        keys = {r[0] for r in conn.exec_driver_sql("SELECT key FROM lti_cache")}
        codes = {r[0] for r in conn.exec_driver_sql("SELECT code_hash FROM lti_codes")}
    assert (keys, codes) == ({"new"}, {token_hash("new-code")})
    assert lti.take_code("new-code", T2) is not None


def test_a_code_taken_at_once_by_many_is_taken_once(store_db: str) -> None:
    stores = [SqlStore(store_db) for _ in range(4)]
    ltis = [LtiStore(s) for s in stores]
    try:
        ltis[0].add_code("shared", "teacher", _course(stores[0]), None, None, "l", T3)
        with ThreadPoolExecutor(8) as pool:
            got = list(pool.map(lambda n: ltis[n % 4].take_code("shared", T0), range(16)))
        assert sum(g is not None for g in got) == 1
    finally:
        for s in stores:
            s.engine.dispose()


def test_an_access_token_is_found_by_itself_only(sql: SqlStore, lti: LtiStore) -> None:
    course = _course(sql)
    lti.add_access_token("tok-t", "teacher", course, None, None, "launch-1", T0)
    lti.add_access_token("tok-s", "student", course, "a1", "sub-1", None, T1)
    teacher, student = lti.access_of("tok-t"), lti.access_of("tok-s")
    assert teacher is not None and student is not None
    assert (teacher.kind, teacher.course, teacher.launch, teacher.created) == (
        "teacher", course, "launch-1", T0)
    assert (student.kind, student.assignment, student.student, student.launch) == (
        "student", "a1", "sub-1", None)
    assert lti.access_of("tok-x") is None
    with sql.engine.connect() as conn:
        kept = {r[0] for r in conn.exec_driver_sql("SELECT token_hash FROM access_tokens")}
    assert kept == {token_hash("tok-t"), token_hash("tok-s")}


def test_a_queued_score_is_claimed_once_and_marked_sent(sql: SqlStore, lti: LtiStore) -> None:
    _assignment(sql, _course(sql), "a1")
    lti.queue_score(_score("s1"))
    lti.queue_score(_score("s2", next_try=T2))  # due later
    [claimed] = lti.due_scores(T0, T1, 10)
    assert (claimed.student, claimed.lease, claimed.state, claimed.tries) == (
        "s1", T1, "pending", 0)
    assert lti.due_scores(T0, T1, 10) == []  # held by the lease
    lti.score_sent("a1", "s1", T0, T0)
    s1, s2 = lti.scores_of(_course_of(sql, "a1"))
    assert (s1.state, s1.sent, s1.lease, s1.error) == ("sent", T0, None, None)
    assert s2.state == "pending" and s2.lease is None
    assert [s.student for s in lti.due_scores(T2, T3, 10)] == ["s2"]


def _course_of(sql: SqlStore, assignment: str) -> str:
    found = ClassStore(sql).assignment(assignment)
    assert found is not None
    return found.course


def test_a_lease_that_ran_out_lets_another_sender_claim(lti: LtiStore) -> None:
    lti.queue_score(_score())
    assert len(lti.due_scores(T0, T1, 10)) == 1
    assert lti.due_scores(T0, T3, 10) == []
    [again] = lti.due_scores(T2, T3, 10)  # the first sender died: its lease ran out
    assert again.lease == T3


def test_due_scores_claims_at_most_most_the_earliest_due_first(lti: LtiStore) -> None:
    for n, due in enumerate((T2, T0, T1)):
        lti.queue_score(_score(f"s{n}", next_try=due))
    assert [s.student for s in lti.due_scores(T2, T3, 2)] == ["s1", "s2"]
    assert [s.student for s in lti.due_scores(T2, T3, 2)] == ["s0"]


def test_senders_claiming_at_once_never_claim_one_score_twice(store_db: str) -> None:
    stores = [SqlStore(store_db) for _ in range(4)]
    ltis = [LtiStore(s) for s in stores]
    try:
        for n in range(12):
            ltis[0].queue_score(_score(f"s{n:02}"))
        with ThreadPoolExecutor(8) as pool:
            got = list(pool.map(lambda n: ltis[n % 4].due_scores(T0, T1, 3), range(8)))
        students = [s.student for batch in got for s in batch]
        assert sorted(students) == [f"s{n:02}" for n in range(12)]  # each once
    finally:
        for s in stores:
            s.engine.dispose()


def test_a_newer_score_overwrites_and_a_send_of_the_older_does_not_mark_it(
        sql: SqlStore, lti: LtiStore) -> None:
    _assignment(sql, _course(sql), "a1")
    lti.queue_score(_score(given=1.0, timestamp=T0))
    [old] = lti.due_scores(T0, T3, 10)
    lti.queue_score(_score(given=4.0, timestamp=T1))  # submitted while the old is sent
    assert lti.due_scores(T1, T3, 10) == []  # the sender still holds the row
    lti.score_sent("a1", "s1", old.timestamp, T1)  # the older one arrived
    [row] = lti.scores_of(_course_of(sql, "a1"))
    assert (row.given, row.timestamp, row.state, row.lease, row.sent) == (
        4.0, T1, "pending", None, None)
    [new] = lti.due_scores(T1, T3, 10)  # so the newer one goes next
    assert new.given == 4.0
    lti.score_sent("a1", "s1", T1, T2)
    [row] = lti.scores_of(_course_of(sql, "a1"))
    assert (row.state, row.sent) == ("sent", T2)
    lti.queue_score(_score(given=2.0, timestamp=T2))  # a later submission: pending again
    [row] = lti.scores_of(_course_of(sql, "a1"))
    assert (row.state, row.tries, row.sent, row.given) == ("pending", 0, None, 2.0)


def test_a_failed_try_backs_off_and_a_refusal_waits_for_the_teacher(
        sql: SqlStore, lti: LtiStore) -> None:
    course = _course(sql)
    _assignment(sql, course, "a1")
    lti.queue_score(_score("s1"))
    lti.queue_score(_score("s2"))
    lti.due_scores(T0, T1, 10)
    lti.score_failed("a1", "s1", "503 Service Unavailable", T2, False)
    lti.score_failed("a1", "s2", "400 unknown user", T1, True, timestamp=T0)
    s1, s2 = lti.scores_of(course)
    assert (s1.state, s1.tries, s1.next_try, s1.error, s1.lease) == (
        "pending", 1, T2, "503 Service Unavailable", None)
    assert (s2.state, s2.tries, s2.error) == ("refused", 1, "400 unknown user")
    assert lti.due_scores(T1, T3, 10) == []  # s1 not due yet, s2 refused
    [s1] = lti.due_scores(T2, T3, 10)
    lti.score_failed("a1", "s1", "timed out", T3, False)
    assert lti.scores_of(course)[0].tries == 2
    assert lti.retry_now(course, T2) == 2  # both due now, the refused one too
    assert [(s.student, s.state, s.next_try) for s in lti.scores_of(course)] == [
        ("s1", "pending", T2), ("s2", "pending", T2)]
    # a failure gives the lease back: both are claimed again at once
    assert [s.student for s in lti.due_scores(T2, T3, 10)] == ["s1", "s2"]
    assert lti.retry_now(_course(sql, "other"), T2) == 0


def test_a_failure_of_an_older_score_leaves_the_newer_one_pending(
        sql: SqlStore, lti: LtiStore) -> None:
    course = _course(sql)
    _assignment(sql, course, "a1")
    lti.queue_score(_score(timestamp=T0))
    lti.due_scores(T0, T3, 10)
    lti.queue_score(_score(given=4.0, timestamp=T1))
    lti.score_failed("a1", "s1", "400 old", T2, True, timestamp=T0)
    [row] = lti.scores_of(course)
    assert (row.state, row.tries, row.error, row.lease, row.given) == (
        "pending", 0, None, None, 4.0)


def test_scores_of_a_course_are_its_assignments_only(sql: SqlStore, lti: LtiStore) -> None:
    mine, other = _course(sql, "mine"), _course(sql, "other")
    _assignment(sql, mine, "a1")
    _assignment(sql, other, "b1")
    lti.queue_score(_score("s1", assignment="a1"))
    lti.queue_score(_score("s1", assignment="b1"))
    assert [(s.assignment, s.student) for s in lti.scores_of(mine)] == [("a1", "s1")]


def test_forgetting_an_assignment_removes_its_lti_rows(sql: SqlStore, lti: LtiStore) -> None:
    course = _course(sql)
    _assignment(sql, course, "a1")
    lti.keep_person(Person("a1", "s1", ISS, "s1", "client", "dep", None))
    lti.queue_score(_score("s1"))
    lti.add_code("c", "student", course, "a1", "s1", None, T3)
    lti.add_access_token("t", "student", course, "a1", "s1", None, T0)
    lti.add_access_token("t2", "teacher", course, None, None, None, T0)
    lti.forget_assignment("a1")
    assert lti.people_of("a1") == [] and lti.scores_of(course) == []
    assert lti.take_code("c", T0) is None and lti.access_of("t") is None
    assert lti.access_of("t2") is not None


# ------------------------------------------------------------------ access tokens as roles

AIMA = {"title": "Alpha-beta on the AIMA tree", "source": {"example": "aima"},
        "spec": {"algorithm": "alphabeta", "variant": "fail-soft"},
        "items": ["value", "move"], "attempts": 2, "feedback": "first-mistake",
        "solution": "never"}


def test_an_lti_access_token_is_its_teachers_or_its_students(store_db: str) -> None:
    from starlette.testclient import TestClient

    from tracer.service import Settings, create_app

    app = create_app(Settings(db=store_db))
    service = app.state.service
    try:
        with TestClient(app) as client:
            made = client.post("/v1/courses", json={"title": "AI"}).json()
            course, teacher = made["id"], made["teacher_token"]
            other = client.post("/v1/courses", json={"title": "ML"}).json()["id"]
            r = client.post(f"/v1/courses/{course}/assignments", json=AIMA,
                            headers={"Authorization": f"Bearer {teacher}"})
            ident = r.json()["id"]
            classes, lti = service.classes, service.lti_store
            classes.join(ident, "sub-1", "Ada Lovelace", "a token nobody gets", T0, most=10)
            lti.add_access_token("lti-teacher", "teacher", course, None, None, "l1", T0)
            lti.add_access_token("lti-student", "student", course, ident, "sub-1", None, T0)
            lti.add_access_token("lti-gone", "student", course, ident, "sub-9", None, T0)

            def get(path: str, token: str) -> int:
                return client.get(path, headers={"Authorization": f"Bearer {token}"}
                                  ).status_code

            gradebook = f"/v1/courses/{course}/gradebook"
            task = f"/v1/assignments/{ident}/task"
            assert get(gradebook, "lti-teacher") == 200  # Caller(course=...)
            assert get(f"/v1/courses/{other}/gradebook", "lti-teacher") == 404
            assert get(task, "lti-teacher") == 403  # a teacher's, on a student's route
            task_of = client.get(task, headers={"Authorization": "Bearer lti-student"})
            assert task_of.status_code == 200 and task_of.json()["student"] == "sub-1"
            assert get(gradebook, "lti-student") == 403  # a student's, on a teacher's route
            assert get(task, "lti-gone") == 403  # no students row: no one's
            assert get(task, "lti-unknown") == 403
            classes.delete_assignment(ident)
            assert get(task, "lti-student") == 403  # the row went with the assignment
    finally:
        service.store.engine.dispose()


def test_a_course_is_bound_to_one_context_at_most(sql: SqlStore, lti: LtiStore) -> None:
    from sqlalchemy.exc import IntegrityError

    course = _course(sql)
    lti.bind_context(ISS, "ctx-1", course, "AI", "client", "dep", None)
    with pytest.raises(IntegrityError):
        lti.bind_context(ISS, "ctx-2", course, "AI", "client", "dep", None)
    assert lti.context_course(ISS, "ctx-2") is None
