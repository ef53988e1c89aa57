"""Grade passback against a platform over HTTP (tests/lti/lti_platform.py): the tool served
on loopback with ``--lti``, a learner of the platform (joined, with the line item of
their launch), a submission, and the score arriving at the platform's line item with
the JSON and content type of AGS 2.0 and a bearer token of the score scope; a platform
down then up, a 503 then a 200 (delivered once), a 400 shown to the teacher with its
reason and sent again, the best or the last attempt, one token for several scores (and
a new one once it expires), a lease that keeps a second sender off a row, and two
server processes on one store sending each score once.  On SQLite and PostgreSQL."""

from __future__ import annotations

import itertools
import json
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from loopback import served
from lti_platform import SCORE_SCOPE, Platform, tool_keys
from pg_server import fresh_database

from tracer.analysis.check import extract_solution
from tracer.examples import example_tree
from tracer.service import Settings, create_app
from tracer.service.core import Service
from tracer.service.lti.scores import (
    MOST_BACKOFF,
    SCORE_MEDIA_TYPE,
    backoff,
    lti_store,
    stamp,
)
from tracer.service.lti.store import Person
from tracer.student import scripted_alpha_beta

AIMA: dict[str, Any] = {
    "title": "Alpha-beta on the AIMA tree", "source": {"example": "aima"},
    "spec": {"algorithm": "alphabeta", "variant": "fail-soft"},
    "items": ["value", "move", {"values": ["B", "C", "D"]}, "pruned"],
    "attempts": 3, "feedback": "score", "solution": "never"}
"""Six items: the value, the move, three values and the pruned leaves."""

RIGHT = extract_solution(scripted_alpha_beta(example_tree("aima"))).to_json()
FAIL_HARD = extract_solution(scripted_alpha_beta(example_tree("aima"),
                                                 variant="fail-hard")).to_json()
"""Six of six; four of six (the values of C and D said as fail-hard's bounds)."""

RETRY_BASE = 0.2
"""``Settings.lti_retry_base`` in these tests: 0.2 s, 0.4 s, 0.8 s ..."""

_databases = itertools.count()


# ------------------------------------------------------------------ fixtures


def backends() -> tuple[str, ...]:
    """The databases to run on: both, or the one ``GAMETRACE_TEST_DB`` names."""
    chosen = os.environ.get("GAMETRACE_TEST_DB")
    return (chosen,) if chosen in ("sqlite", "postgresql") else ("sqlite", "postgresql")


@pytest.fixture(params=backends())
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The store of this test's own tool: a SQLite file, or a new database on the
    session's PostgreSQL server (``postgres``, tests/lti/conftest.py)."""
    if request.param == "sqlite":
        return str(tmp_path / "traces.db")
    return fresh_database(request.getfixturevalue("postgres"), f"scores{next(_databases)}")


@dataclass
class Tool:
    """The tool on loopback, the platform it is registered with, and a course."""

    base: str
    platform: Platform
    http: httpx.Client
    service: Service
    course: str
    teacher: str

    def bearer(self, token: str | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token or self.teacher}"}

    def assignment(self, document: dict[str, Any] = AIMA) -> str:
        r = self.http.post(f"{self.base}/v1/courses/{self.course}/assignments",
                           json=document, headers=self.bearer())
        assert r.status_code == 201, r.text
        return str(r.json()["id"])

    def learner(self, assignment: str, sub: str, *, lineitem: str | None = "item-1"
                ) -> str:
        """A learner of the platform on ``assignment`` as a launch leaves one: joined
        (student id = sub) and kept with the launch's line item; their token."""
        r = self.http.post(f"{self.base}/v1/assignments/{assignment}/join",
                           json={"student": sub, "name": f"Learner {sub}"})
        assert r.status_code == 201, r.text
        p = self.platform
        lti_store(self.service).keep_person(Person(
            assignment=assignment, student=sub, issuer=p.issuer, sub=sub,
            client_id=p.client_id, deployment_id=p.deployment_id,
            lineitem=None if lineitem is None else p.lineitem_url(lineitem)))
        return str(r.json()["student_token"])

    def submit(self, assignment: str, token: str, answer: dict[str, Any]) -> None:
        r = self.http.post(f"{self.base}/v1/assignments/{assignment}/submissions",
                           json={"answer": answer}, headers=self.bearer(token))
        assert r.status_code == 201, r.text

    def scores(self, **params: str) -> list[dict[str, Any]]:
        r = self.http.get(f"{self.base}/v1/courses/{self.course}/lti/scores",
                          headers=self.bearer(), params=params)
        assert r.status_code == 200, r.text
        found: list[dict[str, Any]] = r.json()["scores"]
        return found


def tool_config(platform: Platform, folder: Path) -> Path:
    """The ``--lti`` file registering the tool with ``platform``."""
    private, public = tool_keys(folder / "keys")
    config = folder / "lti.json"
    config.write_text(json.dumps(platform.registration(private, public)))
    return config


def tool_app(db: str, config: Path) -> Any:
    """The tool's app with ``--lti config`` and backoffs of :data:`RETRY_BASE`."""
    return create_app(Settings(db=db, lti=str(config), lti_retry_base=RETRY_BASE))


@contextmanager
def serving(db: str, config: Path, platform: Platform) -> Iterator[tuple[str, Service]]:
    """The tool with ``--lti config`` on loopback, its sender running: its base URL and
    its service, until the block ends."""
    app = tool_app(db, config)
    running = served(app)
    base = next(running)
    platform.know_tool(base)
    try:
        yield base, app.state.service
    finally:
        next(running, None)  # the server stops
        app.state.service.store.engine.dispose()


@pytest.fixture
def lms(db_url: str, tmp_path: Path) -> Iterator[Tool]:
    platform = Platform.start()
    config = tool_config(platform, tmp_path)
    with httpx.Client(timeout=30) as http, serving(db_url, config, platform) as (base,
                                                                                service):
        r = http.post(f"{base}/v1/courses", json={"title": "Intelligenza Artificiale"})
        assert r.status_code == 201, r.text
        yield Tool(base, platform, http, service, r.json()["id"], r.json()["teacher_token"])
    platform.stop()


def eventually(what: Callable[[], bool], *, within: float = 20.0) -> None:
    """Wait until ``what()`` holds (the sender is a task of the tool's process)."""
    end = time.monotonic() + within
    while not what():
        assert time.monotonic() < end, "not within the time"
        time.sleep(0.05)


def steady(what: Callable[[], Any], *, for_: float = 1.5) -> Any:
    """``what()``, checked not to change for ``for_`` seconds (a score sent twice would
    show as a second post within a few backoffs of 0.2 s)."""
    first = what()
    end = time.monotonic() + for_
    while time.monotonic() < end:
        assert what() == first
        time.sleep(0.05)
    return first


# ------------------------------------------------------------------ the score arrives


def test_a_submission_s_score_arrives_at_the_platform_as_ags_says(lms: Tool) -> None:
    p = lms.platform
    ident = lms.assignment()
    ada = lms.learner(ident, "sub-ada")
    lms.submit(ident, ada, FAIL_HARD)
    eventually(lambda: len(p.scores) == 1)
    got = p.scores[0]
    assert got.content_type == SCORE_MEDIA_TYPE == "application/vnd.ims.lis.v1.score+json"
    assert got.lineitem == "item-1"
    body = got.body
    assert {k: body[k] for k in ("userId", "scoreGiven", "scoreMaximum", "activityProgress",
                                 "gradingProgress")} == {
        "userId": "sub-ada", "scoreGiven": 4.0, "scoreMaximum": 6.0,
        "activityProgress": "Submitted", "gradingProgress": "FullyGraded"}
    stamped = datetime.fromisoformat(body["timestamp"])
    assert stamped.tzinfo is not None and abs(datetime.now(UTC) - stamped) < timedelta(
        minutes=1)
    # the token came from the platform's /token, of the score scope, asked for once
    assert p.token_requests == 1
    assert list(p.tokens.values()) == [[SCORE_SCOPE]]
    # the course page says it went
    eventually(lambda: lms.scores()[0]["state"] == "sent")
    [row] = lms.scores()
    assert {k: row[k] for k in ("assignment", "student", "name", "given", "maximum", "state",
                                "tries", "error", "next_try")} == {
        "assignment": ident, "student": "sub-ada", "name": "Learner sub-ada", "given": 4.0,
        "maximum": 6.0, "state": "sent", "tries": 0, "error": None, "next_try": None}
    assert row["sent"] is not None


def test_a_learner_without_a_line_item_or_not_from_the_lms_sends_nothing(lms: Tool
                                                                          ) -> None:
    ident = lms.assignment()
    lms.submit(ident, lms.learner(ident, "sub-no-item", lineitem=None), RIGHT)
    r = lms.http.post(f"{lms.base}/v1/assignments/{ident}/join",
                       json={"student": "s-typed", "name": "Typed Name"})
    lms.submit(ident, r.json()["student_token"], RIGHT)
    assert steady(lambda: (lms.platform.score_tries, lms.scores())) == (0, [])


def test_the_last_attempt_completes_the_activity(lms: Tool) -> None:
    p = lms.platform
    ident = lms.assignment({**AIMA, "attempts": 2})
    ada = lms.learner(ident, "sub-ada")
    lms.submit(ident, ada, FAIL_HARD)
    eventually(lambda: len(p.scores) == 1)
    lms.submit(ident, ada, RIGHT)
    eventually(lambda: len(p.scores) == 2)
    assert [(s.body["scoreGiven"], s.body["activityProgress"]) for s in p.scores] == [
        (4.0, "Submitted"), (6.0, "Completed")]
    first, second = (datetime.fromisoformat(s.body["timestamp"]) for s in p.scores)
    assert first <= second


@pytest.mark.parametrize("policy, given", [("best", [6.0, 6.0]), ("last", [6.0, 4.0])])
def test_the_score_is_the_attempt_the_policy_keeps(lms: Tool, policy: str,
                                                   given: list[float]) -> None:
    p = lms.platform
    ident = lms.assignment({**AIMA, "score_policy": policy})
    ada = lms.learner(ident, "sub-ada")
    lms.submit(ident, ada, RIGHT)
    eventually(lambda: len(p.scores) == 1)
    lms.submit(ident, ada, FAIL_HARD)
    eventually(lambda: len(p.scores) == 2)
    assert [s.body["scoreGiven"] for s in p.scores] == given
    assert steady(lambda: len(p.scores)) == 2


def test_the_late_penalty_is_taken_off_the_score_sent(lms: Tool) -> None:
    p = lms.platform
    # due in the past, late work taken at 25 % off: 6 of 6 goes as 4.5
    due = (datetime.now(UTC) - timedelta(days=1)).replace(microsecond=0).isoformat()
    ident = lms.assignment({**AIMA, "due": due, "late": "penalty", "penalty": 25})
    lms.submit(ident, lms.learner(ident, "sub-ada"), RIGHT)
    eventually(lambda: len(p.scores) == 1)
    assert (p.scores[0].body["scoreGiven"], p.scores[0].body["scoreMaximum"]) == (4.5, 6.0)


# ------------------------------------------------------------------ the platform fails


def test_a_platform_down_then_up_gets_the_score_once(lms: Tool) -> None:
    p = lms.platform
    p.scores_answer = "down"
    ident = lms.assignment()
    lms.submit(ident, lms.learner(ident, "sub-ada"), RIGHT)
    eventually(lambda: p.score_tries >= 3)  # tried, and tried again with backoff
    row = lms.scores()[0]
    assert row["state"] == "pending" and row["tries"] >= 2
    assert row["error"] == "the platform could not be reached"
    assert row["next_try"] is not None
    italian = lms.scores(lang="it")[0]["error"]
    assert italian == "la piattaforma non è raggiungibile"
    assert p.scores == []
    p.scores_answer = "ok"
    eventually(lambda: len(p.scores) == 1)
    assert steady(lambda: len(p.scores)) == 1  # delivered once
    eventually(lambda: lms.scores()[0]["state"] == "sent")
    assert lms.scores()[0]["error"] is None


def test_a_503_is_tried_again_until_the_platform_takes_it(lms: Tool) -> None:
    p = lms.platform
    p.scores_answer = "503"
    ident = lms.assignment()
    lms.submit(ident, lms.learner(ident, "sub-ada"), RIGHT)
    eventually(lambda: p.score_tries >= 2)
    row = lms.scores()[0]
    assert row["state"] == "pending"
    assert row["error"] == "the platform answered 503: Service Unavailable"
    p.scores_answer = "ok"
    eventually(lambda: len(p.scores) == 1)
    tries = steady(lambda: p.score_tries)
    assert steady(lambda: len(p.scores)) == 1
    assert tries >= 3 and p.scores[0].body["scoreGiven"] == 6.0
    assert p.token_requests == 1  # the same token for every try


def test_a_400_is_shown_with_the_platform_s_reason_and_sent_again_on_request(lms: Tool
                                                                             ) -> None:
    p = lms.platform
    p.scores_answer = "400"
    ident = lms.assignment()
    lms.submit(ident, lms.learner(ident, "sub-ada"), RIGHT)
    eventually(lambda: lms.scores()[0]["state"] == "refused")
    row = lms.scores()[0]
    assert row["error"] == f"the platform answered 400: {p.refusal}"
    assert lms.scores(lang="it")[0]["error"] == f"la piattaforma ha risposto 400: {p.refusal}"
    assert steady(lambda: p.score_tries) == 1  # refused: never tried again by itself
    p.scores_answer = "ok"
    r = lms.http.post(f"{lms.base}/v1/courses/{lms.course}/lti/scores/resend", json={},
                       headers=lms.bearer())
    assert (r.status_code, r.json()) == (200, {"queued": 1})
    eventually(lambda: len(p.scores) == 1)
    eventually(lambda: lms.scores()[0]["state"] == "sent")
    assert steady(lambda: len(p.scores)) == 1
    r = lms.http.post(f"{lms.base}/v1/courses/{lms.course}/lti/scores/resend", json={},
                       headers=lms.bearer())
    assert r.json() == {"queued": 0}  # a score sent is not sent again


def test_the_reason_kept_is_the_first_500_characters(lms: Tool) -> None:
    p = lms.platform
    p.scores_answer, p.refusal = "400", "x" * 2000
    ident = lms.assignment()
    lms.submit(ident, lms.learner(ident, "sub-ada"), RIGHT)
    eventually(lambda: lms.scores()[0]["state"] == "refused")
    assert lms.scores()[0]["error"] == "the platform answered 400: " + "x" * 500


# ------------------------------------------------------------------ the token


def test_one_token_serves_several_scores(lms: Tool) -> None:
    p = lms.platform
    ident = lms.assignment()
    for sub in ("sub-1", "sub-2", "sub-3"):
        lms.submit(ident, lms.learner(ident, sub), RIGHT)
    eventually(lambda: len(p.scores) == 3)
    assert p.token_requests == 1
    assert sorted(s.body["userId"] for s in p.scores) == ["sub-1", "sub-2", "sub-3"]


def test_a_token_is_asked_for_again_once_it_expires(lms: Tool) -> None:
    p = lms.platform
    p.token_lifetime = 31  # asked for again 30 s before it ends: after a second
    ident = lms.assignment()
    lms.submit(ident, lms.learner(ident, "sub-1"), RIGHT)
    eventually(lambda: len(p.scores) == 1)
    time.sleep(1.2)
    lms.submit(ident, lms.learner(ident, "sub-2"), RIGHT)
    eventually(lambda: len(p.scores) == 2)
    assert p.token_requests == 2


# ------------------------------------------------------------------ leases, processes


def test_a_score_another_sender_holds_is_not_sent_until_its_lease_ends(lms: Tool) -> None:
    p = lms.platform
    p.scores_answer = "down"  # the score stays queued while we take it
    ident = lms.assignment()
    lms.submit(ident, lms.learner(ident, "sub-ada"), RIGHT)
    eventually(lambda: p.score_tries >= 1)
    store = lti_store(lms.service)
    held: list[datetime] = []

    def claim() -> bool:  # as a second server would: once it is due, for two seconds
        until = datetime.now(UTC) + timedelta(seconds=2)
        if store.due_scores(stamp(datetime.now(UTC)), stamp(until), 10):
            held.append(until)
        return bool(held)

    eventually(claim)
    p.scores_answer = "ok"
    tries = p.score_tries
    while datetime.now(UTC) < held[0] - timedelta(seconds=0.3):
        assert (p.score_tries, p.scores) == (tries, [])  # ours leaves it to the holder
        time.sleep(0.05)
    # the holder died: once its lease ends, ours sends it, once
    eventually(lambda: len(p.scores) == 1)
    assert steady(lambda: len(p.scores)) == 1


def test_two_server_processes_on_one_store_send_each_score_once(db_url: str, tmp_path: Path
                                                                ) -> None:
    platform = Platform.start()
    config = tool_config(platform, tmp_path)
    with serving(db_url, config, platform) as (_, other), \
            serving(db_url, config, platform) as (base, service), \
            httpx.Client(timeout=30) as http:
        r = http.post(f"{base}/v1/courses", json={"title": "IA"})
        lms = Tool(base, platform, http, service, r.json()["id"], r.json()["teacher_token"])
        platform.scores_answer = "down"
        ident = lms.assignment()
        subs = [f"sub-{i}" for i in range(12)]
        for sub in subs:
            lms.submit(ident, lms.learner(ident, sub), RIGHT)
        eventually(lambda: platform.score_tries >= 12)
        platform.scores_answer = "ok"
        # every score due at once, and both senders woken: they race for the rows
        lti_store(other).retry_now(lms.course, stamp(datetime.now(UTC)))
        http.post(f"{base}/v1/courses/{lms.course}/lti/scores/resend", json={},
                  headers=lms.bearer())
        eventually(lambda: len(platform.scores) == 12)
        assert steady(lambda: len(platform.scores)) == 12
        assert sorted(s.body["userId"] for s in platform.scores) == sorted(subs)
        assert {s["state"] for s in lms.scores()} == {"sent"}
    platform.stop()


def test_a_score_queued_when_the_server_stops_is_sent_by_the_next_one(db_url: str,
                                                                      tmp_path: Path
                                                                      ) -> None:
    platform = Platform.start()
    config = tool_config(platform, tmp_path)
    platform.scores_answer = "down"
    with serving(db_url, config, platform) as (base, service), \
            httpx.Client(timeout=30) as http:
        r = http.post(f"{base}/v1/courses", json={"title": "IA"})
        lms = Tool(base, platform, http, service, r.json()["id"], r.json()["teacher_token"])
        ident = lms.assignment()
        lms.submit(ident, lms.learner(ident, "sub-ada"), RIGHT)
        eventually(lambda: platform.score_tries >= 1)
    # the server is gone with the score unsent; the platform is back; a new server starts
    platform.scores_answer = "ok"
    assert platform.scores == []
    with serving(db_url, config, platform):
        eventually(lambda: len(platform.scores) == 1)
        assert steady(lambda: len(platform.scores)) == 1
    assert platform.scores[0].body["userId"] == "sub-ada"
    platform.stop()


# ------------------------------------------------------------------ the routes


def test_the_scores_routes_are_the_course_teacher_s_only(lms: Tool) -> None:
    ident = lms.assignment()
    ada = lms.learner(ident, "sub-ada")
    r = lms.http.post(f"{lms.base}/v1/courses", json={"title": "Another"})
    other = r.json()["teacher_token"]
    for method, path in (("GET", "lti/scores"), ("POST", "lti/scores/resend")):
        url = f"{lms.base}/v1/courses/{lms.course}/{path}"
        body: dict[str, Any] = {"json": {}} if method == "POST" else {}
        assert lms.http.request(method, url, **body).status_code == 401
        assert lms.http.request(method, url, headers=lms.bearer(ada),
                                 **body).status_code == 403
        assert lms.http.request(method, url, headers=lms.bearer(other),
                                 **body).status_code == 404
        assert lms.http.request(method, url, headers=lms.bearer(),
                                 **body).status_code == 200


def test_without_lti_the_scores_routes_are_404(db_url: str) -> None:
    from starlette.testclient import TestClient

    with TestClient(create_app(Settings(db=db_url))) as c:
        r = c.post("/v1/courses", json={"title": "No LMS"})
        course, token = r.json()["id"], r.json()["teacher_token"]
        got = c.get(f"/v1/courses/{course}/lti/scores",
                    headers={"Authorization": f"Bearer {token}"})
        assert got.status_code == 404
        assert "without --lti" in got.json()["detail"]


def test_the_backoff_doubles_up_to_ten_minutes() -> None:
    assert [backoff(5.0, n) for n in range(1, 8)] == [5, 10, 20, 40, 80, 160, 320]
    assert backoff(5.0, 8) == backoff(5.0, 1000) == MOST_BACKOFF == 600


def test_an_assignment_s_score_policy_is_best_or_last() -> None:
    from tracer.classroom.reading import parse_assignment
    from tracer.errors import InputError

    assert parse_assignment({**AIMA, "id": "a"}).score_policy == "best"
    last = parse_assignment({**AIMA, "id": "a", "score_policy": "last"})
    assert last.score_policy == "last" and last.to_json()["score_policy"] == "last"
    assert parse_assignment(last.to_json()) == last
    assert "score_policy" not in parse_assignment({**AIMA, "id": "a"}).to_json()
    with pytest.raises(InputError) as refused:
        parse_assignment({**AIMA, "id": "a", "score_policy": "worst"})
    assert refused.value.where == "$.score_policy"
    assert "best" in str(refused.value) and "last" in str(refused.value)
