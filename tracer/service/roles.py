"""Who may do what in the classroom: capability tokens (``Authorization: Bearer ...``).

Three kinds of token, each random 32 bytes kept only as its SHA-256
(:mod:`.storage.class_store`): the *admin* token (``gametrace serve --admin-token-file``: once
given, only it may create a course), a course's *teacher* token (given when the course
is made: that course and everything under it) and a *student* token (given when a
student joins an assignment: that student's own task, steps, submissions, and the
solution when the policy allows).

The refusals, in this order, all ``application/problem+json``:

- **401** no token where one is needed (with ``WWW-Authenticate: Bearer``);
- **403** a token that is no one's, or of the wrong kind for the route (a student's on a
  teacher's route and the other way round), or a solution asked before the policy
  shows it;
- **404** a token of the right kind, but the thing named is not its own: another
  course's, another assignment's, or none at all.  The same answer for "not yours" and
  "no such thing", so that a token never confirms that someone else's id exists.

The checks are coroutines: each looks the token (and the thing named) up in one call
on the thread pool, never on the event loop, where one slow query would stall every
other request of the process.
"""

from __future__ import annotations

import hmac
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from ..said import said
from .core import service_of
from .models.bodies import SEND_JSON, is_json
from .models.problem_details import Problem, guarded
from .storage.class_store import Assigned, ClassStore, Course, Enrolled

if TYPE_CHECKING:  # LTI's routes import this module: the service hands over its tables
    from .lti.store import LtiStore

__all__ = ["NO_SUCH_ASSIGNMENT", "NO_SUCH_COURSE", "Caller", "authed", "bearer", "caller",
           "check_admin", "classes", "own_assignment", "own_course", "student", "teacher"]

NO_SUCH_COURSE = said("no such course among yours")
NO_SUCH_ASSIGNMENT = said("no such assignment among yours")
"""The 404s of a course or an assignment that is not the caller's (or does not exist:
the two are not told apart)."""

MAX_TOKEN = 200
"""Longest token looked up (ours have 43 characters)."""


@dataclass(frozen=True)
class Caller:
    """Whose token came: a course's teacher, or a student of one assignment."""

    course: Course | None = None
    enrolled: Enrolled | None = None


def classes(request: Request) -> ClassStore:
    return service_of(request).classes


def bearer(request: Request) -> str | None:
    """The request's bearer token, or None; a malformed header is a 401."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > MAX_TOKEN:
        raise Problem(401, "Unauthorized",
                      said("send the token as Authorization: Bearer TOKEN"))
    return token


def _holder(store: ClassStore, lti: LtiStore, token: str) -> Caller | None:
    """Whose ``token`` is (None: no one's), read in the thread pool: a course's teacher
    token, a student's token, else an access token an LTI launch gave (a teacher's: the
    course; a student's: their row of the assignment, while it is there)."""
    course = store.course_of_teacher(token)
    if course is not None:
        return Caller(course=course)
    enrolled = store.student_of(token)
    if enrolled is not None:
        return Caller(enrolled=enrolled)
    access = lti.access_of(token)
    if access is None:
        return None
    if access.kind == "teacher":
        course = lti.course(access.course)
        return None if course is None else Caller(course=course)
    if access.assignment is None or access.student is None:
        return None
    enrolled = store.enrolled(access.assignment, access.student)
    return None if enrolled is None else Caller(enrolled=enrolled)


async def caller(request: Request) -> Caller:
    """The holder of the request's token: 401 without one, 403 for a token of no one."""
    token = bearer(request)
    if token is None:
        raise Problem(401, "Unauthorized", said("this needs a token: send it as "
                                                "Authorization: Bearer TOKEN"))
    who = await run_in_threadpool(_holder, classes(request), service_of(request).lti_store,
                                  token)
    if who is None:
        raise Problem(403, "Forbidden", said("this token is not valid here (a student's "
                                             "token stops working when the teacher gives "
                                             "them a new one): ask the teacher for the "
                                             "course's link or a new token"))
    return who


async def teacher(request: Request) -> Course:
    """The course of the request's teacher token (403 for a student's)."""
    who = await caller(request)
    if who.course is None:
        raise Problem(403, "Forbidden", said("only the course's teacher may do this"))
    return who.course


async def student(request: Request) -> Enrolled:
    """The student of the request's token (403 for a teacher's)."""
    who = await caller(request)
    if who.enrolled is None:
        raise Problem(403, "Forbidden", said("only a student who joined the assignment may do "
                                             "this"))
    return who.enrolled


async def own_course(request: Request) -> Course:
    """The path's ``course``, when the request's teacher token is its teacher's."""
    course = await teacher(request)
    if course.id != request.path_params["course"]:
        raise Problem(404, "Not found", NO_SUCH_COURSE)
    return course


async def own_assignment(request: Request, course: Course) -> Assigned:
    """The path's assignment ``id``, when it is in ``course``."""
    found = await run_in_threadpool(classes(request).assignment,
                                    request.path_params["id"])
    if found is None or found.course != course.id:
        raise Problem(404, "Not found", NO_SUCH_ASSIGNMENT)
    return found


def check_admin(request: Request) -> None:
    """Once the server has an admin token, only it may create a course."""
    admin = service_of(request).settings.admin_token
    if admin is None:
        return
    token = bearer(request)
    if token is None:
        raise Problem(401, "Unauthorized", said("this server creates courses with its admin "
                                                "token only: send it as Authorization: "
                                                "Bearer TOKEN"))
    if not hmac.compare_digest(token.encode(), admin.encode()):
        raise Problem(403, "Forbidden", said("this token is not the server's admin token"))


def authed(fn: Callable[[Request], Awaitable[Response]]
           ) -> Callable[[Request], Awaitable[Response]]:
    """:func:`.models.problem_details.guarded`, and a 401 says how to authenticate; a POST whose
    body is not JSON is a 415 before any token is looked at (as on every other route)."""

    async def checked(request: Request) -> Response:
        if request.method == "POST" and not is_json(request.headers.get("content-type")):
            raise Problem(415, "Unsupported media type", SEND_JSON)
        return await fn(request)

    route = guarded(checked)

    async def answer(request: Request) -> Response:
        response = await route(request)
        if response.status_code == 401:
            response.headers["WWW-Authenticate"] = 'Bearer realm="gametrace"'
        return response

    return answer
