"""Grade passback (LTI Assignment and Grade Services 2.0): each LTI learner's score goes
to the line item of their launch, and is never lost on the way.

After every submission of a learner who came from an LMS launch with a line item
(:func:`after_submission`), the assignment's score by its gradebook policy (best or
last, the late policy applied: :func:`score_of`, the gradebook's own choice of the
attempt kept) is written to the store's queue (``LtiStore.queue_score``: pending,
overwriting an older score of the same learner) *before* anything is sent, so a
server that dies later loses nothing.  The :class:`ScoreSender` of each server process
(started in the app's lifespan: :func:`sending`) then claims the due scores with a
lease (``LtiStore.due_scores``: two processes never post one row at once) and posts
each with pylti1p3 (``ServiceConnector`` + ``AssignmentsGradesService.put_grade``: an
``application/vnd.ims.lis.v1.score+json`` body and a bearer token from the platform's
token URL, got by client credentials with a signed JWT assertion, scope
:data:`SCORE_SCOPE`).

What the platform answers decides the row (:func:`.connectors.outcome_of`): a 2xx marks it sent; a
5xx, a 408, a 429, a timeout or a refused connection leaves it pending, tried again
after :func:`backoff` (``Settings.lti_retry_base`` doubled on every try, at most
:data:`MOST_BACKOFF`); a 401 drops the cached token and tries again likewise; any other
4xx marks it refused with the platform's reason (its body, the first
:data:`REASON_CHARS` characters), which the teacher reads on the course page
(``GET /v1/courses/{course}/lti/scores``) until they send it again
(``POST /v1/courses/{course}/lti/scores/resend``).

Every HTTP call blocks (pylti1p3 uses requests) and runs in the thread pool, within
:data:`HTTP_TIMEOUT`; one connector per registration (issuer, client id) in a process
(:class:`Connectors`), so its access token is asked for once and used until it expires

"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import weakref
from collections.abc import AsyncIterator, Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, Final

from pylti1p3.exception import LtiServiceException
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...jsonio import dumps_json
from ...said import LANGUAGES, Said, said
from ..core import Service, service_of
from ..json_values import JsonObject
from ..models.problem_details import Problem
from ..roles import authed, classes, own_course
from ..web import unknown_parameter
from .connectors import HTTP_TIMEOUT, Connectors, Outcome, connectors_of, outcome_of
from .store import LtiStore, Score

if TYPE_CHECKING:
    from starlette.applications import Starlette

    from ..storage.class_store import Assigned

__all__ = ["MOST_BACKOFF", "ROUTES", "SCORE_MEDIA_TYPE", "SCORE_SCOPE", "ScoreSender",
           "after_submission", "backoff", "lti_store", "post_score", "score_of", "sender_of",
           "sending"]

log = logging.getLogger(__name__)

SCORE_SCOPE: Final = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
"""The scope a score is posted with."""

SCORE_MEDIA_TYPE = "application/vnd.ims.lis.v1.score+json"
"""The content type of a posted score (pylti1p3 sends it)."""

MOST_BACKOFF = 600.0
"""The longest wait before a score is tried again: ten minutes."""

LEASE = timedelta(seconds=2 * sum(HTTP_TIMEOUT) + 60)
"""How long a sender holds the one row it claims: longer than posting it can take (a
token and the score, both timing out), so no other process takes it meanwhile; the row
of a process that dies while posting goes to the others once it ends."""

STOP_WAIT = 10.0
"""Seconds a stopping server waits for the post under way to be answered and recorded
(past them it is cancelled, and its row waits for its lease to end)."""


def stamp(at: datetime) -> str:
    """A time of the queue (``next_try``, ``lease``, ``sent``): ISO 8601 UTC to the
    microsecond, so that waits shorter than a second order rightly as text."""
    return at.astimezone(UTC).isoformat(timespec="microseconds")


def backoff(base: float, tries: int) -> float:
    """Seconds before the next try of a score that failed ``tries`` times (1 or more):
    ``base``, twice it, four times it ... at most :data:`MOST_BACKOFF`."""
    return min(MOST_BACKOFF, base * 2.0 ** min(max(tries - 1, 0), 30))


# ------------------------------------------------------------------ the score


def lms_policy(document: JsonObject) -> str:
    """The gradebook policy an assignment's scores go to the LMS by: its
    ``score_policy`` (``best`` or ``last``; ``best``, the gradebook's default, when it
    names none).  Read from the stored document, checked when it was stored."""
    from ...classroom.gradebook import SCORE_POLICIES

    policy = document.get("score_policy", "best")
    return policy if isinstance(policy, str) and policy in SCORE_POLICIES else "best"


def score_of(graded: Sequence[JsonObject], *, student: str, policy: str, attempts: int
             ) -> tuple[float, int, str, str] | None:
    """What the LMS gets of ``student``'s graded attempts (the gradebook's records of
    them): ``(scoreGiven, scoreMaximum, activityProgress, timestamp)``.  The score is
    the one :func:`tracer.classroom.gradebook.build_gradebook` keeps by ``policy``
    (after any late penalty); the timestamp is the latest attempt's, so the platform
    takes it as newer than what it has whichever attempt is kept; ``Completed`` once
    all of ``attempts`` are used, ``Submitted`` before.  ``None``: nothing handed in."""
    from ...classroom.gradebook import Submission, build_gradebook

    theirs = [s for s in map(Submission.from_json, graded) if s.student == student]
    if not theirs:
        return None
    row = build_gradebook(theirs, policy=policy).students[0]
    result = next(iter(row.assignments.values()))
    latest = max(theirs, key=lambda s: (s.at, s.attempt))
    activity = "Completed" if len(theirs) >= attempts else "Submitted"
    return result.score, result.max_score, activity, latest.at.isoformat()


def lti_store(service: Service) -> LtiStore:
    """The LTI tables of ``service``'s database."""
    return service.lti_store


def _queue(service: Service, found: Assigned, student: str, now: str) -> bool:
    """Queue ``student``'s score on ``found`` when they came from an LMS with a line
    item (in the thread pool); whether one was queued."""
    lti = lti_store(service)
    person = next((p for p in lti.people_of(found.id) if p.student == student), None)
    if person is None or not person.lineitem:
        return False
    attempts = found.document.get("attempts", 1)
    kept = score_of(service.classes.graded_of([found.id]), student=student,
                    policy=lms_policy(found.document),
                    attempts=attempts if isinstance(attempts, int) else 1)
    if kept is None:
        return False
    given, maximum, activity, timestamp = kept
    lti.queue_score(Score(
        assignment=found.id, student=student, issuer=person.issuer,
        client_id=person.client_id, lineitem=person.lineitem, sub=person.sub,
        given=given, maximum=float(maximum), activity=activity, grading="FullyGraded",
        timestamp=timestamp, state="pending", tries=0, next_try=now, lease=None,
        error=None, sent=None))
    return True


async def after_submission(request: Request, found: Assigned, student: str) -> None:
    """After ``student``'s submission to ``found`` is stored: their score queued for
    the LMS (when they came from one, with a line item) and the sender woken."""
    service = service_of(request)
    if service.lti is None:
        return
    if await run_in_threadpool(_queue, service, found, student, stamp(datetime.now(UTC))):
        sender = sender_of(request.app)
        if sender is not None:
            sender.wake()


def post_score(connectors: Connectors, score: Score) -> Outcome:
    """Post ``score`` to its line item (blocking: in the thread pool)."""
    from pylti1p3.assignments_grades import AssignmentsGradesService
    from pylti1p3.grade import Grade

    token_url: str | None = None
    try:
        connector = connectors.of(score.issuer, score.client_id)
        token_url = connector.token_url
        grade = (Grade().set_user_id(score.sub).set_score_given(score.given)
                 .set_score_maximum(score.maximum).set_activity_progress(score.activity)
                 .set_grading_progress(score.grading).set_timestamp(score.timestamp))
        AssignmentsGradesService(connector, {"scope": [SCORE_SCOPE],
                                             "lineitem": score.lineitem}).put_grade(grade)
    except Exception as exc:  # every failure is the row's: kept, tried again or refused
        if isinstance(exc, LtiServiceException) and exc.response.status_code == 401:
            connectors.of(score.issuer, score.client_id).drop_tokens()
        return outcome_of(exc, token_url=token_url)
    return Outcome(True)


def said_text(why: Said) -> str:
    """``why`` as the store keeps it (the queue's ``error``): its template and values in
    JSON, so the course page words it in the teacher's language (:func:`error_words`)."""
    return json.dumps({"said": why.template, "values": dict(why.values)},
                      ensure_ascii=False)


def error_words(text: str, lang: str) -> str:
    """The error :func:`said_text` kept, in ``lang`` (text of another kind: as it is)."""
    try:
        data = json.loads(text)
        template, values = data["said"], data["values"]
    except (ValueError, KeyError, TypeError):
        return text
    if not isinstance(template, str) or not isinstance(values, dict):
        return text
    return Said(template, tuple(values.items())).worded(lang)


# ------------------------------------------------------------------ the sender


class ScoreSender:
    """The process's sender: an asyncio task that posts every due score, woken after a
    submission and every :attr:`poll` seconds (a retry come due, a row queued by
    another process or left by one that died)."""

    def __init__(self, service: Service, *, clock: Callable[[], datetime] | None = None
                 ) -> None:
        self._service = service
        self._clock = clock or (lambda: datetime.now(UTC))
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        self.base = service.settings.lti_retry_base
        self.poll = min(5.0, max(0.05, self.base))

    def wake(self) -> None:
        self._wake.set()

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="lti-scores")

    async def stop(self) -> None:
        """Stop after the post under way (:data:`STOP_WAIT` at most): its outcome is
        recorded, so its row is free for the next server at once."""
        task, self._task = self._task, None
        if task is None:
            return
        self._stopping = True
        self._wake.set()
        try:
            async with asyncio.timeout(STOP_WAIT):
                await asyncio.shield(task)
        except TimeoutError:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _run(self) -> None:
        while not self._stopping:
            self._wake.clear()  # before sending: a wake meanwhile is kept for the next round
            try:
                await self.send_due()
            except Exception:  # the store down for a moment: the scores wait in it
                log.exception("sending LTI scores")
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.poll):
                    await self._wake.wait()

    async def send_due(self) -> int:
        """Post every score due now, claiming one at a time (a stopping sender holds
        none but the one it is posting); how many went."""
        connectors = connectors_of(self._service)
        if connectors is None:
            return 0
        store = lti_store(self._service)
        sent = 0
        while not self._stopping:
            now = self._clock()
            due = await run_in_threadpool(store.due_scores, stamp(now), stamp(now + LEASE),
                                          1)
            if not due:
                break
            outcome = await run_in_threadpool(post_score, connectors, due[0])
            await run_in_threadpool(self._record, store, due[0], outcome)
            sent += outcome.sent
        return sent

    def _record(self, store: LtiStore, score: Score, outcome: Outcome) -> None:
        now = self._clock()
        if outcome.sent:
            store.score_sent(score.assignment, score.student, score.timestamp, stamp(now))
            return
        assert outcome.why is not None
        wait = backoff(self.base, score.tries + 1)
        store.score_failed(score.assignment, score.student, said_text(outcome.why),
                           stamp(now + timedelta(seconds=wait)), outcome.refused,
                           timestamp=score.timestamp)


_senders: weakref.WeakKeyDictionary[Any, ScoreSender] = weakref.WeakKeyDictionary()


def sender_of(app: Starlette) -> ScoreSender | None:
    """The sender running in ``app`` (``None`` outside its lifespan, or without LTI)."""
    return _senders.get(app)


@contextlib.asynccontextmanager
async def sending(app: Starlette) -> AsyncIterator[None]:
    """The app's lifespan part: one score sender while the app serves (with ``--lti``)."""
    service = app.state.service
    assert isinstance(service, Service)
    if service.lti is None:
        yield
        return
    sender = _senders[app] = ScoreSender(service)
    sender.start()
    sender.wake()  # scores left pending by the last run go now
    try:
        yield
    finally:
        await sender.stop()
        _senders.pop(app, None)


# ------------------------------------------------------------------ routes


async def _course_scores(request: Request) -> tuple[str, LtiStore]:
    """The path's course (its teacher only) and the LTI store: 404 without LTI."""
    course = await own_course(request)
    service = service_of(request)
    if service.lti is None:
        raise Problem(404, "Not found", said("this server sends no scores to an LMS: it was "
                                            "started without --lti"))
    return course.id, lti_store(service)


def _listing(store: LtiStore, names: dict[tuple[str, str], str], course: str, lang: str
             ) -> JsonObject:
    return {"scores": [
        {"assignment": s.assignment, "student": s.student,
         "name": names.get((s.assignment, s.student), s.student), "given": s.given,
         "maximum": s.maximum, "state": s.state, "tries": s.tries,
         "error": None if s.error is None else error_words(s.error, lang),
         "next_try": s.next_try if s.state != "sent" else None, "sent": s.sent}
        for s in store.scores_of(course)]}


def _names(request: Request, course: str) -> dict[tuple[str, str], str]:
    store = classes(request)
    ids = [a.id for a in store.assignments_of(course)]
    return {(e.assignment, e.student): e.name for e in store.roster(ids)}


def _lang(request: Request) -> str:
    """The query's ``lang`` (en, it): the language of the errors shown.  (Not
    :func:`..classroom.courses.lang_of`: the gradebook there imports the roster, which imports
    this module.)"""
    lang = request.query_params.get("lang", "en")
    if lang not in LANGUAGES:
        raise Problem(400, "Bad request", unknown_parameter("lang", lang[:40], LANGUAGES),
                      where="lang")
    return lang


async def scores(request: Request) -> Response:
    course, store = await _course_scores(request)
    lang = _lang(request)
    names = await run_in_threadpool(_names, request, course)
    listing = await run_in_threadpool(_listing, store, names, course, lang)
    return Response(dumps_json(listing), media_type="application/json")


async def resend(request: Request) -> Response:
    course, store = await _course_scores(request)
    queued = await run_in_threadpool(store.retry_now, course, stamp(datetime.now(UTC)))
    sender = sender_of(request.app)
    if sender is not None:
        sender.wake()
    return Response(dumps_json({"queued": queued}), media_type="application/json")


ROUTES = [
    Route("/v1/courses/{course}/lti/scores", authed(scores)),
    Route("/v1/courses/{course}/lti/scores/resend", authed(resend), methods=["POST"]),
]
"""The course page's view of the scores sent to the LMS, and its "Send again"."""
