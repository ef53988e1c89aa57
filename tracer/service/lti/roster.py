"""The LMS's roster (LTI Names and Role Provisioning Services 2.0): the learners of the
course's LMS context who never opened any of its assignments, for the gradebook.

The course bound to an LMS context keeps the context's memberships URL from an
instructor's launch (``LtiStore.context_of_course``).  The members are read with
pylti1p3's ``NamesRolesProvisioningService`` through the registration's connector (the
same one, and token, as the scores': :class:`.scores.Connectors`), page by page
(:data:`MOST_PAGES` at most), in the thread pool.  A learner *opened* the course when
they launched any of its assignments (an ``lti_people`` row of their issuer and
``sub``).  The gradebook gains ``lms_members_never_opened`` (``[{"sub", "name"}]``),
or, when the platform cannot be read, ``lms_roster_error`` saying why and no list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

from ...said import said
from ..core import service_of
from ..json_values import JsonObject
from ..storage.class_store import ClassStore
from .connectors import Connectors, connectors_of, outcome_of
from .store import Context, LtiStore

__all__ = ["MOST_PAGES", "NRPS_SCOPE", "gradebook_part", "is_active_learner", "never_opened"]

NRPS_SCOPE = "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly"
"""The scope the memberships are read with (pylti1p3 asks for it)."""

MOST_PAGES = 100
"""Pages of members read at most (a platform's ``next`` links could go on for ever)."""


def is_active_learner(member: Mapping[str, Any]) -> bool:
    """Whether an NRPS member is an active learner of the context: a ``Learner`` role
    (``http://purl.imsglobal.org/vocab/lis/v2/membership#Learner``, or the short
    ``Learner`` NRPS allows) and a status of ``Active`` (the default)."""
    roles = member.get("roles") or []
    learner = any(isinstance(r, str) and (r == "Learner" or r.endswith("#Learner"))
                  for r in roles)
    return learner and member.get("status", "Active") == "Active"


def _name(member: Mapping[str, Any]) -> str:
    name = member.get("name")
    if isinstance(name, str) and name.strip():
        return name.strip()
    parts = [member.get("given_name"), member.get("family_name")]
    joined = " ".join(p.strip() for p in parts if isinstance(p, str) and p.strip())
    return joined or str(member.get("user_id", ""))


def never_opened(members: Sequence[Mapping[str, Any]], opened: set[str]
                 ) -> list[JsonObject]:
    """The active learners of ``members`` whose ``user_id`` (their LTI ``sub``) is not in
    ``opened``: ``{"sub", "name"}`` each, by name (case aside) then sub, each once."""
    seen: dict[str, str] = {}
    for m in members:
        sub = m.get("user_id")
        if isinstance(sub, str) and sub and sub not in opened and is_active_learner(m):
            seen.setdefault(sub, _name(m))
    return [{"sub": sub, "name": name}
            for sub, name in sorted(seen.items(), key=lambda kv: (kv[1].casefold(), kv[0]))]


def members_of(connectors: Connectors, context: Context) -> list[dict[str, Any]]:
    """Every member of ``context`` (blocking: in the thread pool)."""
    from pylti1p3.names_roles import NamesRolesProvisioningService

    assert context.memberships_url is not None
    nrps = NamesRolesProvisioningService(
        connectors.of(context.issuer, context.client_id),
        {"context_memberships_url": context.memberships_url})
    members: list[dict[str, Any]] = []
    url: str | None = context.memberships_url
    for _ in range(MOST_PAGES):
        if not url:
            break
        page, url = nrps.get_members_page(url)
        members.extend(dict(m) for m in page if isinstance(m, Mapping))
    return members


def _opened(lti: LtiStore, classes: ClassStore, course: str, issuer: str) -> set[str]:
    """The ``sub`` of every learner of ``issuer`` who launched one of ``course``'s
    assignments."""
    return {p.sub for a in classes.assignments_of(course) for p in lti.people_of(a.id)
            if p.issuer == issuer}


async def gradebook_part(request: Request, course: str, lang: str) -> JsonObject:
    """What the gradebook of ``course`` adds from the LMS: ``lms_members_never_opened``,
    or ``lms_roster_error``; nothing when the course is bound to no context with a
    memberships URL (or the server takes no LTI launches)."""
    service = service_of(request)
    connectors = connectors_of(service)
    if connectors is None:
        return {}
    lti = service.lti_store
    context = await run_in_threadpool(lti.context_of_course, course)
    if context is None or not context.memberships_url:
        return {}
    try:
        members = await run_in_threadpool(members_of, connectors, context)
    except Exception as exc:  # the platform's fault or its absence: the gradebook stands
        why = outcome_of(exc, token_url=None).why
        assert why is not None
        return {"lms_roster_error": said("the LMS's list of members could not be read: "
                                         "{why}", why=why).worded(lang)}
    opened = await run_in_threadpool(_opened, lti, service.classes, course, context.issuer)
    return {"lms_members_never_opened": never_opened(members, opened)}
