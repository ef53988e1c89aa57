"""The pages' side of a launch from an LMS, in a real browser with the LTI routes answered
by the test (Playwright's ``page.route``) as the service's contract says they answer:
the rest (the course, its assignments, the gradebook, the student's task) is the real
service on loopback.

- a learner's address ``#/assignment?id=ID&launch=CODE``: the code is out of the address
  before it is traded (``POST /v1/lti/exchange``, once), the token is kept as the pages
  keep every token, and the assignment page draws with it;
- a code the service refuses: a page saying so in the page's language, the code gone;
- a teacher's deep-linking launch ``#/course?id=COURSE&launch=CODE``: each assignment
  (and a new one) has "Add to the LMS course", which asks ``/v1/lti/deep-link`` and posts
  its answer to the LMS as a form with the field ``JWT``;
- the scores sent to the LMS (pending, refused with its reason, sent) and "Send again";
- the gradebook's LMS members who never opened the tool, and a roster the LMS did not give.

Every page at phone and desktop size in both languages, with the checks of every page
(tests/service/pages.py).  The same flows against the real LTI routes and a test
platform are in ``test_lti_browser.py``."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "service"))

from browsers import browser
from loopback import served
from pages import checked, messages, opened
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, Route
from test_classroom_api import AIMA, assignment, course, join

from tracer.service import Settings, create_app

__all__ = ["browser"]

SIZES = ("phone", "desktop")
LANGS = ("en", "it")


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The service on a fresh SQLite store: the pages store nothing of their own here,
    the routes they call are the classroom's (tested on both databases elsewhere)."""
    yield from served(create_app(Settings(db=str(tmp_path_factory.mktemp("ltipages")
                                                 / "class.db"))))


@pytest.fixture(scope="module")
def made(base: str) -> dict[str, str]:
    """A course with one assignment and one student joined (whose token the stubbed
    exchange hands over, as the service's exchange hands the launch's)."""
    with httpx.Client(base_url=base) as client:
        course_id, teacher = course(client, "Intelligenza artificiale")
        ident = assignment(client, course_id, teacher)
        student = join(client, ident, "lti-sub-7f3a", "Ada Lovelace")
    return {"course": course_id, "teacher": teacher, "assignment": ident, "student": student}


def _answer(route: Route, status: int, body: Any) -> None:
    route.fulfill(status=status, body=json.dumps(body),
                  content_type="application/problem+json" if status >= 400
                  else "application/json")


def _exchange(page: Page, answer: dict[str, Any], status: int = 200) -> list[dict[str, Any]]:
    """Answers /v1/lti/exchange with ``answer``; the calls it got, each with the page's
    address at that moment."""
    calls: list[dict[str, Any]] = []

    def handle(route: Route) -> None:
        calls.append({"body": json.loads(route.request.post_data or "null"),
                      "url": page.url, "method": route.request.method})
        _answer(route, status, answer)

    page.route("**/v1/lti/exchange", handle)
    return calls


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_a_learner_s_launch_keeps_the_token_and_leaves_no_code_in_the_address(
        browser: Any, base: str, made: dict[str, str], size: str, lang: str) -> None:
    ident = made["assignment"]
    with opened(browser, size, lang) as page:
        calls = _exchange(page, {"token": made["student"], "role": "student",
                                 "course": made["course"], "assignment": ident,
                                 "deep_linking": False})
        page.goto(f"{base}/#/assignment?id={ident}&launch=one-time-code")
        page.wait_for_selector("#assignment-figure svg")
        assert [c["body"] for c in calls] == [{"code": "one-time-code"}]
        assert "launch" not in calls[0]["url"]  # out of the address before the trade
        assert page.evaluate("location.hash") == f"#/assignment?id={ident}"
        assert page.evaluate(f"localStorage.getItem('gametrace.student.{ident}')") == \
            made["student"]
        assert page.text_content("#lti-student-note") == messages(lang)["lti.student.note"]
        assert "one-time-code" not in page.evaluate("JSON.stringify(history.state) + "
                                                    "location.href")
        checked(page, lang)
        # a reload draws the page from the kept token, and trades nothing
        page.reload()
        page.wait_for_selector("#assignment-figure svg")
        assert len(calls) == 1


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_code_says_so_in_the_page_s_language(
        browser: Any, base: str, made: dict[str, str], size: str, lang: str) -> None:
    with opened(browser, size, lang) as page:
        calls = _exchange(page, {"type": "about:blank", "title": "Forbidden", "status": 403,
                                 "detail": "this launch code was used or has expired"}, 403)
        page.goto(f"{base}/#/assignment?id={made['assignment']}&launch=used-code")
        page.wait_for_selector("#lti-refused-title")
        words = messages(lang)
        assert page.text_content("#lti-refused-title") == words["lti.refused.title"]
        assert page.text_content("#lti-refused") == words["lti.refused.help"]
        assert "used or has expired" in (page.text_content("#view .error") or "")
        assert page.locator("#assignment-join").count() == 0  # not the join form
        assert page.locator("#lti-refused-open").count() == 0  # no token kept here
        assert len(calls) == 1 and "launch" not in page.evaluate("location.href")
        checked(page, lang)


SCORES = [
    {"student": "lti-sub-7f3a", "name": "Ada Lovelace", "given": 7.0, "maximum": 9.0,
     "state": "pending", "tries": 3, "error": "HTTP 503 Service Unavailable",
     "next_try": "2026-12-01T10:05:20Z", "sent": None},
    {"student": "lti-sub-91c2", "name": "Alan Turing", "given": 9.0, "maximum": 9.0,
     "state": "refused", "tries": 1,
     "error": "User lti-sub-91c2 is not enrolled in this course", "next_try": None,
     "sent": None},
    {"student": "lti-sub-0b11", "name": "Grace Hopper", "given": 5.0, "maximum": 9.0,
     "state": "sent", "tries": 1, "error": None, "next_try": None,
     "sent": "2026-12-01T10:01:00Z"},
]
NEVER_OPENED = [{"sub": "lti-sub-5555", "name": "Edsger Dijkstra"},
                {"sub": "lti-sub-6666", "name": "Barbara Liskov"}]


def _lms_course(page: Page, base: str, made: dict[str, str], *,
                roster: dict[str, Any]) -> dict[str, list[Any]]:
    """The LTI routes of a teacher's deep-linking launch answered, the gradebook's answer
    given ``roster``'s keys; what each got."""
    seen: dict[str, list[Any]] = {"deep": [], "posted": [], "resend": [], "listed": []}
    _exchange(page, {"token": made["teacher"], "role": "teacher", "course": made["course"],
                     "assignment": None, "deep_linking": True})
    queued = {"n": 0}

    def scores(route: Route) -> None:
        if route.request.method == "POST":
            assert route.request.headers.get("content-type") == "application/json"  # or 415
            seen["resend"].append(route.request.headers.get("authorization"))
            queued["n"] += 1
            _answer(route, 200, {"queued": 2})
        else:
            seen["listed"].append(route.request.url)
            _answer(route, 200, {"scores": [{**s, "assignment": made["assignment"]}
                                            for s in SCORES]})

    def deep(route: Route) -> None:
        seen["deep"].append((json.loads(route.request.post_data or "null"),
                             route.request.headers.get("authorization")))
        _answer(route, 200, {"action": f"{base}/lms/deep_link_return", "jwt": "h.p.s"})

    def lms(route: Route) -> None:
        seen["posted"].append(parse_qs(route.request.post_data or ""))
        route.fulfill(status=200, content_type="text/html",
                      body="<!doctype html><title>LMS</title><p>ok")

    def gradebook(route: Route) -> None:
        try:
            book = route.fetch().json()
        except PlaywrightError:  # the page went on to the LMS meanwhile
            return
        route.fulfill(status=200, content_type="application/json",
                      body=json.dumps({**book, **roster}))

    page.route("**/v1/courses/*/lti/scores**", scores)
    page.route("**/v1/lti/deep-link", deep)
    page.route("**/lms/deep_link_return", lms)
    page.route("**/v1/courses/*/gradebook?*", gradebook)
    return seen


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_a_deep_linking_course_page_adds_an_assignment_to_the_lms(
        browser: Any, base: str, made: dict[str, str], size: str, lang: str) -> None:
    ident, words = made["assignment"], messages(lang)
    with opened(browser, size, lang) as page:
        seen = _lms_course(page, base, made, roster={"lms_members_never_opened": NEVER_OPENED})
        page.goto(f"{base}/#/course?id={made['course']}&launch=teacher-code")
        page.wait_for_selector(f"#lti-add-{ident}")
        assert page.evaluate("location.hash") == f"#/course?course={made['course']}"
        assert page.text_content("#lti-deep-banner strong") == words["lti.deep.title"]
        assert page.text_content(f"#lti-add-{ident}") == words["lti.deep.add"]
        # the scores the LMS has: each state in words, the LMS's reason as it said it
        page.wait_for_selector("#lti-scores-table")
        states = page.eval_on_selector_all(
            "#lti-scores-table tr[data-state] td[data-state]", "cells => cells.map("
            "c => [c.closest('tr').dataset.student, c.textContent])")
        assert states == [[s["student"], words[f"lti.scores.state.{s['state']}"]]
                          for s in SCORES]
        assert seen["listed"][0].endswith(f"/lti/scores?lang={lang}")  # reasons in it
        assert page.eval_on_selector_all(
            "#lti-scores-table tr[data-assignment] td:first-child",
            "cells => cells.map(c => c.textContent)") == [AIMA["title"]] * len(SCORES)
        assert "is not enrolled in this course" in (page.text_content(
            "tr[data-student='lti-sub-91c2'] .lti-reason") or "")
        # the gradebook: who in the LMS course never came
        assert page.eval_on_selector_all("#lti-never-opened li", "l => l.map(e => "
                                         "e.textContent)") == ["Edsger Dijkstra",
                                                               "Barbara Liskov"]
        checked(page, lang)
        # send again: the teacher's token in the header, the page says how many
        page.click("#lti-scores-resend")
        page.wait_for_selector("#lti-scores-said .ok")
        assert seen["resend"] == [f"Bearer {made['teacher']}"]
        assert page.text_content("#lti-scores-said .ok") == words[
            "lti.scores.queued.other"].replace("{count}", "2")
        # add to the LMS: the signed answer posted back as its form's JWT field
        with page.expect_navigation(url=f"{base}/lms/deep_link_return"):
            page.click(f"#lti-add-{ident}")
        assert seen["deep"] == [({"assignment": ident}, f"Bearer {made['teacher']}")]
        assert seen["posted"] == [{"JWT": ["h.p.s"]}]


def test_a_new_assignment_of_a_deep_linking_page_can_be_added_too(
        browser: Any, base: str, made: dict[str, str]) -> None:
    with opened(browser, "desktop", "en") as page:
        seen = _lms_course(page, base, made, roster={})
        page.goto(f"{base}/#/course?id={made['course']}&launch=teacher-code")
        page.wait_for_selector("#course-new")
        page.fill("#new-title", "Minimax, the AIMA tree")
        page.click("#course-new-button")
        page.wait_for_selector("#course-new-link")
        page.wait_for_load_state("networkidle")  # the list and the gradebook drawn again
        made_id = page.get_attribute("#course-new-link", "href").rsplit("=", 1)[1]
        with page.expect_navigation(url=f"{base}/lms/deep_link_return"):
            page.click(f"#course-new-status #lti-add-{made_id}")
        assert seen["deep"][0][0] == {"assignment": made_id}
        assert seen["posted"] == [{"JWT": ["h.p.s"]}]


@pytest.mark.parametrize("lang", LANGS)
def test_the_gradebook_says_why_the_lms_roster_is_missing(
        browser: Any, base: str, made: dict[str, str], lang: str) -> None:
    with opened(browser, "phone", lang) as page:
        _lms_course(page, base, made, roster={
            "lms_roster_error": "the LMS answered 401 Unauthorized"})
        page.goto(f"{base}/#/course?id={made['course']}&launch=teacher-code")
        page.wait_for_selector("#lti-roster-error")
        assert page.text_content("#lti-roster-error") == (
            f"{messages(lang)['lti.roster.error']} the LMS answered 401 Unauthorized")
        assert page.locator("#lti-never-opened").count() == 0
        checked(page, lang)


def test_a_course_page_without_lti_shows_no_lms_part(
        browser: Any, base: str, made: dict[str, str]) -> None:
    """The service without --lti answers 404 for the scores: the page is the course page
    of a teacher without an LMS, unchanged."""
    with opened(browser, "desktop", "en") as page:
        page.add_init_script(f"localStorage.setItem('gametrace.teacher.{made['course']}', "
                             f"{json.dumps(made['teacher'])})")
        page.goto(f"{base}/#/course?course={made['course']}")
        page.wait_for_selector("#course-book, #course-gradebook")
        page.wait_for_load_state("networkidle")
        assert page.locator("#lti-scores, #lti-deep-banner, .lti-add, #lti-roster").count() == 0
        assert AIMA["title"] in (page.text_content("#course-assignments") or "")
