"""LTI 1.3 launches: ``GET|POST /lti/login``, ``POST /lti/launch``, ``GET /lti/jwks``, and
the page's ``POST /v1/lti/exchange`` and ``POST /v1/lti/deep-link``.

A launch (IMS LTI 1.3 Core 5.1: OIDC third-party initiated login, then the id_token's
form post) is checked by pylti1p3 with what it leaves out (:mod:`.adapter`), then:

- **deep linking** (``LtiDeepLinkingRequest``, an instructor): the course bound to the
  LMS context (issuer and ``context.id``; made on the first launch, with the context's
  title) and a teacher's code that remembers the launch; ``303`` to the course page;
  there the teacher picks an assignment and ``/v1/lti/deep-link`` answers the signed
  ``LtiDeepLinkingResponse`` (one ``ltiResourceLink`` whose custom ``assignment`` is its
  id and whose ``lineItem`` has its maximum: Deep Linking 2.0, 4.4), which the page
  posts to the platform;
- **a resource link** (``LtiResourceLinkRequest``) names its assignment in the custom
  parameter ``assignment``: a learner is that assignment's student ``sub`` (joined on
  the first launch, the same row on every later one, from any device), their line item
  kept for the scores; an instructor or a teaching assistant gets the course's teacher
  view.  ``303`` to the assignment's or the course's page.

The address carries a one-time code (60 s), never a token: the page trades it with
``/v1/lti/exchange`` for an access token of its own (:meth:`.store.LtiStore.take_code`).
Every refusal of a launch is a page (:mod:`.refusals`); of the two API routes, a
problem+json.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from ...said import said
from ..core import Service, now, service_of
from ..models.problem_details import Problem
from ..roles import NO_SUCH_ASSIGNMENT, authed, bearer
from ..storage.class_store import MAX_STUDENTS, ClassStore, Conflict, new_token
from ..storage.store_text import stored_text
from .adapter import (
    DEEP_LINKING,
    LTI_CLAIM,
    WebRequest,
    apply_cookies,
    restored_launch,
    start_login,
    tool_launch,
    web_request,
)
from .config import ToolConfig
from .refusals import Refused, page, refused_page
from .store import LtiStore, Person

__all__ = ["CODE_LIFETIME", "ROUTES"]

CODE_LIFETIME = timedelta(seconds=60)
"""How long a launch's code may wait for the page to trade it."""
AGS_ENDPOINT = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"
NRPS_CLAIM = "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice"
DL_SETTINGS = "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"
MAX_SMALL_BODY = 4096
"""Largest body of the two API routes (a code, an assignment id)."""
LMS_COURSE = said("LMS course")
"""The title of a course made for a context that has none."""

BAD_CODE = said("this launch code is not valid: it was used already or has expired (a "
                "code lasts 60 s): open the activity again from the LMS")
NOT_DEEP_LINKING = said("only a teacher who came from the LMS to add an activity (deep "
                        "linking) may do this: add the activity again from the LMS")


PURGE_EVERY = timedelta(minutes=10)
"""How often a login forgets what has expired (cached launch data, codes) and old nonces."""
NONCES_KEPT = timedelta(days=1)
"""How long a used nonce is remembered: far past any launch that could bring it again (a
login's nonce is in this browser's launch data for five minutes only, and pylti1p3
refuses a nonce it does not find there)."""


class _Purges:
    """When the LTI tables were last purged, in this process (each process purges on its
    own: the purge is idempotent, and one every few minutes costs nothing)."""

    def __init__(self) -> None:
        self.last: datetime | None = None
        self.lock = threading.Lock()

    def due(self, at: datetime) -> bool:
        with self.lock:
            if self.last is not None and at - self.last < PURGE_EVERY:
                return False
            self.last = at
            return True


_purges = _Purges()


def _purged(lti: LtiStore) -> None:
    at = now()
    if _purges.due(at):
        lti.purge(at.isoformat(), nonces_before=(at - NONCES_KEPT).isoformat())


def _configured(service: Service) -> ToolConfig:
    """The pylti1p3 tool configuration (a page's 404 when the service runs without
    ``--lti``)."""
    if service.lti is None:
        raise Refused(404, "not_configured")
    return service.lti


def _launch_url(request: Request) -> str:
    """The tool's launch URL as the platform knows it (the login's ``redirect_uri``)."""
    return str(request.base_url).rstrip("/") + "/lti/launch"


# ---------------------------------------------------------------- the browser's routes


async def login(request: Request) -> Response:
    service = service_of(request)
    try:
        asked = await web_request(request)
        conf = _configured(service)
        await run_in_threadpool(_purged, service.lti_store)
        started = await run_in_threadpool(start_login, asked, conf, service.lti_store, now,
                                          _launch_url(request))
    except Refused as refusal:
        return refused_page(request, refusal)
    return apply_cookies(started.cookies, started.response)


async def launch(request: Request) -> Response:
    service = service_of(request)
    try:
        asked = await web_request(request)
        where = await run_in_threadpool(_landed, service, _configured(service), asked)
    except Refused as refusal:
        return refused_page(request, refusal)
    return RedirectResponse(request.scope.get("root_path", "") + where, status_code=303,
                            headers={"Cache-Control": "no-store",
                                     "Referrer-Policy": "no-referrer"})


def _landed(service: Service, conf: ToolConfig, asked: WebRequest) -> str:
    """The checked launch's page (``/#/...?launch=CODE``); in the thread pool."""
    lti = service.lti_store
    checked, _ = tool_launch(asked, conf, lti, now)
    checked.validate()
    body: Mapping[str, Any] = checked.get_launch_data()
    if body.get(LTI_CLAIM + "message_type") == DEEP_LINKING:
        if not (checked.check_teacher_access() or checked.check_teaching_assistant_access()):
            raise Refused(403, "deep_linking_role")
        course = _bound_course(service.classes, lti, body, checked.get_client_id(), None)
        code = _code(lti, "teacher", course, None, None, checked.get_launch_id())
        return f"/#/course?id={course}&launch={code}"
    custom = body.get(LTI_CLAIM + "custom")
    ident = custom.get("assignment") if isinstance(custom, Mapping) else None
    if not isinstance(ident, str) or not ident:
        raise Refused(400, "no_assignment")
    found = service.classes.assignment(ident)
    if found is None:
        raise Refused(404, "unknown_assignment", f"assignment {ident[:80]!r}")
    if checked.check_teacher_access() or checked.check_teaching_assistant_access():
        course = _bound_course(service.classes, lti, body, checked.get_client_id(),
                               found.course)
        return f"/#/course?id={course}&launch={_code(lti, 'teacher', course, None, None, None)}"
    if not checked.check_student_access():
        raise Refused(403, "role")
    bound = _context_course(lti, body)
    if bound is not None and bound != found.course:
        raise Refused(403, "other_course")
    student = _learner(service.classes, lti, body, found.id, checked.get_client_id())
    code = _code(lti, "student", found.course, found.id, student, None)
    return f"/#/assignment?id={found.id}&launch={code}"


def _context(body: Mapping[str, Any]) -> Mapping[str, Any]:
    context = body.get(LTI_CLAIM + "context")
    if not isinstance(context, Mapping) or not isinstance(context.get("id"), str):
        raise Refused(400, "message", "the launch has no context claim with an id")
    return context


def _context_course(lti: LtiStore, body: Mapping[str, Any]) -> str | None:
    context = body.get(LTI_CLAIM + "context")
    if not isinstance(context, Mapping) or not isinstance(context.get("id"), str):
        return None
    return lti.context_course(str(body["iss"]), context["id"])


def _memberships_url(body: Mapping[str, Any]) -> str | None:
    nrps = body.get(NRPS_CLAIM)
    url = nrps.get("context_memberships_url") if isinstance(nrps, Mapping) else None
    return url if isinstance(url, str) and url else None


def _bound_course(classes: ClassStore, lti: LtiStore, body: Mapping[str, Any],
                  client_id: str, course: str | None) -> str:
    """The course bound to the launch's LMS context: bound now if it was not (to
    ``course``, an assignment's, or to a new course titled as the context).  An
    assignment's course bound to another context, or a context bound to another course
    than the assignment's, is refused: a link names an assignment, never whose course a
    teacher may open."""
    context = _context(body)
    issuer = str(body["iss"])
    title = context.get("title") or context.get("label")
    title = stored_text(str(title), field="title", most=200, repair=True) if title else \
        LMS_COURSE.worded("en")  # the LMS's words: kept as every database keeps them
    deployment = str(body.get(LTI_CLAIM + "deployment_id", ""))
    bound = lti.context_course(issuer, context["id"])
    made = False
    if course is None:
        if bound is None:
            course, made = classes.add_course(title, new_token(), now().isoformat()), True
        else:
            course = bound
    elif bound is not None and bound != course:
        raise Refused(403, "other_course")
    elif bound is None and lti.context_of_course(course) is not None:
        raise Refused(403, "other_course")  # bound to another LMS context already
    kept = lti.bind_context(issuer, context["id"], course, title, client_id, deployment,
                            _memberships_url(body))
    if kept != course:  # another first launch of this context bound a course first
        if not made:
            raise Refused(403, "other_course")
        course = kept
    return course


def _name(body: Mapping[str, Any]) -> str:
    """The learner's name as the platform gives it (``name``, else given and family
    names, else their ``sub``)."""
    name = body.get("name")
    if not isinstance(name, str) or not name.strip():
        parts = [body.get(k) for k in ("given_name", "family_name")]
        name = " ".join(p.strip() for p in parts if isinstance(p, str) and p.strip())
    return stored_text(name.strip() if name and name.strip() else str(body["sub"]),
                       field="name", most=200, repair=True)


def _learner(classes: ClassStore, lti: LtiStore, body: Mapping[str, Any], assignment: str,
             client_id: str) -> str:
    """The student id of the launch's learner in ``assignment`` (``sub``), joined on the
    first launch (with a token no one is given: the launch is their way in), their
    line item kept (a later launch's replaces it)."""
    issuer, sub = str(body["iss"]), str(body["sub"])
    person = lti.person(assignment, issuer, sub)
    if person is None:
        try:
            classes.join(assignment, sub, _name(body), new_token(), now().isoformat(),
                         most=MAX_STUDENTS)
        except Conflict:
            # the id is someone's already: a student who joined by hand with it may not
            # become this learner (nor see their work), and a second launch racing this
            # one has kept its person by now
            if lti.person(assignment, issuer, sub) is None:
                raise Refused(409, "student_taken", f"student {sub[:80]!r}") from None
        except OverflowError:
            raise Refused(409, "full") from None
    endpoint = body.get(AGS_ENDPOINT)
    lineitem = endpoint.get("lineitem") if isinstance(endpoint, Mapping) else None
    student = person.student if person is not None else sub
    lti.keep_person(Person(assignment, student, issuer, sub, client_id,
                           str(body.get(LTI_CLAIM + "deployment_id", "")),
                           lineitem if isinstance(lineitem, str) else None))
    return student


def _code(lti: LtiStore, kind: str, course: str, assignment: str | None,
          student: str | None, launch_id: str | None) -> str:
    code = new_token()
    lti.add_code(code, "teacher" if kind == "teacher" else "student", course, assignment,
                 student, launch_id, (now() + CODE_LIFETIME).isoformat())
    return code


async def jwks(request: Request) -> Response:
    conf = service_of(request).lti
    if conf is None:
        return page(request, 404, "not_configured")
    keys = await run_in_threadpool(conf.get_jwks)
    return JSONResponse(keys, headers={"Cache-Control": "public, max-age=300"})


# ---------------------------------------------------------------- the page's routes


async def _small_json(request: Request, field: str) -> str:
    """The body's string ``field`` (a small JSON object)."""
    raw = await request.body()
    if len(raw) > MAX_SMALL_BODY:
        raise Problem(413, "Too large", said("the body exceeds {most} bytes",
                                             most=MAX_SMALL_BODY))
    try:
        data = json.loads(raw)
    except ValueError:
        raise Problem(400, "Bad request", said("the body is not JSON")) from None
    value = data.get(field) if isinstance(data, dict) else None
    if not isinstance(value, str) or not value or len(value) > 200:
        raise Problem(400, "Bad request", said("the body must be an object with the text "
                                               "field {field!r}", field=field),
                      where=f"$.{field}")
    return value


def _lti_on(service: Service) -> ToolConfig:
    conf = service.lti
    if conf is None:
        raise Problem(404, "Not found", said("this service takes no LTI launches (it was "
                                             "started without --lti)"))
    return conf


async def exchange(request: Request) -> Response:
    service = service_of(request)
    _lti_on(service)
    code = await _small_json(request, "code")
    lti = service.lti_store
    taken = await run_in_threadpool(lti.take_code, code, now().isoformat())
    if taken is None:
        raise Problem(403, "Forbidden", BAD_CODE)
    token = new_token()
    await run_in_threadpool(lti.add_access_token, token, taken.kind, taken.course,
                            taken.assignment, taken.student, taken.launch,
                            now().isoformat())
    answer: dict[str, Any] = {"token": token, "role": taken.kind, "course": taken.course,
                              "deep_linking": taken.launch is not None}
    if taken.kind == "student":
        answer["assignment"] = taken.assignment
        answer["student"] = taken.student
    return JSONResponse(answer, headers={"Cache-Control": "no-store"})


async def deep_link(request: Request) -> Response:
    service = service_of(request)
    conf = _lti_on(service)
    token = bearer(request)
    if token is None:
        raise Problem(401, "Unauthorized", said("this needs a token: send it as "
                                                "Authorization: Bearer TOKEN"))
    lti = service.lti_store
    access = await run_in_threadpool(lti.access_of, token)
    if access is None or access.kind != "teacher" or access.launch is None:
        raise Problem(403, "Forbidden", NOT_DEEP_LINKING)
    ident = await _small_json(request, "assignment")
    found = await run_in_threadpool(service.classes.assignment, ident)
    if found is None or found.course != access.course:
        raise Problem(404, "Not found", NO_SUCH_ASSIGNMENT)
    document = found.document

    def measured() -> tuple[str, int]:
        from ...classroom.reading import parse_assignment
        from ...classroom.tasks import asked_keys

        read = parse_assignment(document)
        return read.title, len(asked_keys(read))  # the gradebook's maximum

    title, maximum = await service.job(measured)
    launch_id = access.launch
    url = _launch_url(request)

    def answered() -> tuple[str, str]:
        from pylti1p3.deep_link_resource import DeepLinkResource
        from pylti1p3.lineitem import LineItem

        restored = restored_launch(launch_id, conf, lti, now)
        launched: Mapping[str, Any] = restored.get_launch_data()
        settings = launched.get(DL_SETTINGS)
        settings = settings if isinstance(settings, Mapping) else {}
        resource = (DeepLinkResource().set_url(url).set_title(title)
                    .set_custom_params({"assignment": found.id})
                    .set_lineitem(LineItem().set_score_maximum(maximum).set_label(title)
                                  .set_resource_id(found.id)))
        signed: str = restored.get_deep_link().get_response_jwt([resource])
        return str(settings.get("deep_link_return_url", "")), signed

    try:
        action, signed = await run_in_threadpool(answered)
    except Refused:
        raise Problem(410, "Gone", said("the LMS's deep-linking launch has expired: add "
                                        "the activity again from the LMS")) from None
    return JSONResponse({"action": action, "jwt": signed},
                        headers={"Cache-Control": "no-store"})


ROUTES: list[BaseRoute] = [
    Route("/lti/login", login, methods=["GET", "POST"]),
    Route("/lti/launch", launch, methods=["POST"]),
    Route("/lti/jwks", jwks, methods=["GET"]),
    Route("/v1/lti/exchange", authed(exchange), methods=["POST"]),
    Route("/v1/lti/deep-link", authed(deep_link), methods=["POST"]),
]
"""The launch's routes."""
