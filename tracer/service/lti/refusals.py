"""The page of a refused LTI launch: in the browser's language, saying which check failed.

A launch arrives as the platform's form post into a browser tab (or the LMS's iframe):
the person there reads a page, not problem+json.  Each refusal names its check (IMS LTI
1.3 Core 5.1.3, IMS Security Framework 5.1.3: signature, ``iss``, ``aud``, ``azp``,
``exp``, ``nonce``, state, deployment, message type, version) with a 4xx status, in the
language of ``Accept-Language`` (English or Italian, :mod:`tracer.said`), every word
HTML-escaped; pylti1p3's own sentence follows, for the LMS's administrator.
"""

from __future__ import annotations

import html

from starlette.requests import Request
from starlette.responses import HTMLResponse

from ...said import Said, said
from ..models.problem_words import wanted_language

__all__ = ["REASONS", "Refused", "page"]

REASONS: dict[str, Said] = {
    "not_configured": said("this service takes no LTI launches (it was started without "
                           "--lti)"),
    "form": said("the launch is not a form as an LMS posts it (URL-encoded, of a few "
                 "kilobytes)"),
    "login": said("the login from the LMS is incomplete or names a platform this tool "
                  "does not know (its iss, login_hint or client_id)"),
    "state": said("the launch did not come back to the browser that started it (its "
                  "state cookie is missing or different): open the activity again from "
                  "the LMS, in the same browser, with cookies allowed"),
    "format": said("the launch's id_token is not a JWT"),
    "nonce_unknown": said("the launch's nonce was not made by this browser's login"),
    "nonce_used": said("the launch's nonce was used already (each launch is used once): "
                       "open the activity again from the LMS"),
    "registration": said("the launch comes from a platform or a client id that is not "
                         "registered with this tool"),
    "audience": said("the launch is meant for another tool: its audience (aud) does not "
                     "name this tool's client id"),
    "azp": said("the launch names several audiences and its authorized party (azp) is "
                "not this tool's client id"),
    "signature": said("the launch's signature does not match the platform's key set"),
    "expired": said("the launch has expired (its exp is past): open the activity again "
                    "from the LMS"),
    "not_yet": said("the launch is dated in the future (iat): the platform's clock is "
                    "wrong"),
    "key_set": said("the platform's key set could not be fetched, so the launch could not "
                    "be checked: try again in a moment"),
    "deployment": said("the launch's deployment id is not one this tool knows"),
    "version": said("the launch's LTI version is not 1.3.0"),
    "message_type": said("the launch's message type is not one this tool answers (a "
                         "resource link or a deep-linking request)"),
    "message": said("the launch lacks a claim its message type requires (a resource "
                    "link's id, the deep-linking settings, the roles or the user)"),
    "no_assignment": said("the activity names no assignment (its custom parameter "
                          "assignment is missing): the teacher adds it again from this "
                          "tool"),
    "unknown_assignment": said("the activity names an assignment this tool does not "
                               "have (it was deleted, or belongs to another server)"),
    "other_course": said("the activity's assignment belongs to a course bound to another LMS "
                         "course"),
    "role": said("the launch's roles are neither a learner's nor an instructor's"),
    "deep_linking_role": said("only an instructor may add an activity to the course"),
    "student_taken": said("a student who joined this assignment by hand has the student id "
                          "this LMS gives you: ask the teacher"),
    "full": said("this assignment has as many students as it takes"),
}
"""Each check's sentence (the key is the check's name)."""

TITLE = said("Launch refused")
HEADING = said("The LMS's launch was refused")
DETAIL = said("For the LMS's administrator:")


class Refused(Exception):
    """A launch refused by check ``reason`` (a key of :data:`REASONS`), with ``status``,
    and the library's own words ``detail`` (English, for the administrator)."""

    def __init__(self, status: int, reason: str, detail: str = "") -> None:
        if reason not in REASONS:
            raise KeyError(f"unknown refusal {reason!r} (choose from: {', '.join(REASONS)})")
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.status, self.reason, self.detail = status, reason, detail


def page(request: Request, status: int, reason: str, detail: str = "") -> HTMLResponse:
    """The refusal's page, in the language of the request's ``Accept-Language``."""
    lang = wanted_language(request.headers.get("accept-language"))

    def words(sentence: Said) -> str:
        return html.escape(sentence.worded(lang))

    extra = (f'<p class="detail">{words(DETAIL)} <code>{html.escape(detail[:500])}</code></p>'
             if detail else "")
    body = (f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{words(TITLE)}</title></head><body><main>"
            f"<h1>{words(HEADING)}</h1><p>{words(REASONS[reason])}</p>{extra}"
            f"</main></body></html>\n")
    return HTMLResponse(body, status_code=status,
                        headers={"Content-Language": lang, "Cache-Control": "no-store",
                                 "X-Refused": reason})


def refused_page(request: Request, refusal: Refused) -> HTMLResponse:
    return page(request, refusal.status, refusal.reason, refusal.detail)
