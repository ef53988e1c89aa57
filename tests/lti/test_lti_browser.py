"""An LMS's launches in a real browser (Debian's chromium through Playwright) against the
test platform (tests/lti/lti_platform.py) and the tool served on loopback, every step the
browser's own: the tool's login URL, the redirect to the platform, the platform's
auto-submitting form posted to the tool's launch URL, the tool's 303 to its page, and
the page's trade of the one-time code for a token.

- a teacher's deep-linking launch: the course page of the LMS course (made with its
  title), an assignment written on it and "Add to the LMS course": the platform gets a
  deep-linking answer it verifies against the tool's key set, naming that assignment;
- a learner's launch on a phone, in Italian: the assignment page, signed in as the
  LMS's student, no code or token in the address (nor in the history), the token kept;
  their submission's score reaches the platform; the same code once more is refused;
- scores the LMS did not take (down, then refusing one): pending and refused on the
  course page with the LMS's reason, then "Send again" once it is back: sent;
- the gradebook's LMS members who never opened the tool;
- a launch with a bad signature: the tool's refusal page, in Italian.

``GAMETRACE_SCREENSHOTS=DIR`` saves the pictures of docs/lti.md there
(``tools/lti_screenshots.py`` makes them and records them in docs/img/pictures.sha256).
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlencode

import lti_platform as P
import pytest
from browsers import browser
from pages import checked, messages, opened, screenshot
from playwright.sync_api import Page

from tracer.analysis.check import extract_solution
from tracer.examples import example_tree
from tracer.service.lti.refusals import HEADING, REASONS
from tracer.student import scripted_alpha_beta

__all__ = ["browser"]

MEMBERS = [
    {"status": "Active", "user_id": "lti-ada", "name": "Ada Lovelace",
     "roles": [P.LEARNER]},
    {"status": "Active", "user_id": "lti-alan", "name": "Alan Turing", "roles": [P.LEARNER]},
    {"status": "Active", "user_id": "lti-edsger", "name": "Edsger Dijkstra",
     "roles": [P.LEARNER]},
    {"status": "Active", "user_id": "lti-barbara", "name": "Barbara Liskov",
     "roles": [P.LEARNER]},
    {"status": "Active", "user_id": "lti-prof", "name": "Grace Hopper",
     "roles": [P.INSTRUCTOR]},
]
"""The LMS course's roster: two learners launch, two never do, and a teacher."""


def login_url(tool: Any, hint: str) -> str:
    """The address an LMS opens for a launch (third-party initiated login)."""
    platform = tool.platform
    return f"{tool.base}/lti/login?" + urlencode({
        "iss": platform.issuer, "login_hint": hint,
        "target_link_uri": f"{tool.base}/lti/launch", "lti_message_hint": f"m-{hint}",
        "client_id": platform.client_id, "lti_deployment_id": platform.deployment_id})


def codes_of(page: Page) -> list[str]:
    """The one-time codes of the tool's 303 answers to the launches this page made."""
    codes: list[str] = []

    def seen(response: Any) -> None:
        if response.url.endswith("/lti/launch") and response.status == 303:
            found = re.search(r"launch=([^&]+)", response.headers.get("location", ""))
            if found:
                codes.append(found.group(1))

    page.on("response", seen)
    return codes


def keep_teacher(page: Page, course: str, teacher: str) -> None:
    """The teacher's token kept in this page's browser, as their launch kept it."""
    page.add_init_script(f"localStorage.setItem('gametrace.teacher.{course}', "
                         f"{json.dumps(teacher)})")


def right_answer() -> dict[str, Any]:
    return extract_solution(scripted_alpha_beta(example_tree("aima"))).to_json()


@pytest.fixture(scope="module")
def lms_course(tool: Any, browser: Any) -> dict[str, str]:
    """A teacher's deep-linking launch in the browser: the course page of the LMS
    course, an assignment written there, and "Add to the LMS course" posted back to the
    platform.  The course, the assignment and the teacher's token."""
    tool.platform.members = MEMBERS
    with opened(browser, "desktop", "en") as page:
        hint = tool.platform.prepare(P.DEEP_LINKING, [P.INSTRUCTOR], "lti-prof",
                                     name="Grace Hopper", context_title="Intelligenza Artificiale")
        page.goto(login_url(tool, hint))
        page.wait_for_selector("#lti-deep-banner")
        page.wait_for_selector("#course-new")
        address = page.evaluate("location.hash")
        assert "launch" not in address
        course = address.split("course=", 1)[1]
        teacher = page.evaluate(f"localStorage.getItem('gametrace.teacher.{course}')")
        assert teacher and teacher not in page.url
        assert page.text_content("#course-name") == "Intelligenza Artificiale"
        page.fill("#new-title", "Alfa-beta sull'albero di AIMA")
        page.select_option("#new-example", "aima")
        for item in ("values", "evaluated"):  # the AIMA assignment of docs/classroom.md
            page.uncheck(f"#new-item-{item}")
        page.check("#new-item-values")
        page.fill("#new-nodes-values", "B C D")
        page.fill("#new-attempts", "3")
        page.click("#course-new-button")
        page.wait_for_selector("#course-new-status .lti-add")
        ident = page.get_attribute("#course-new-link", "href").rsplit("=", 1)[1]
        page.wait_for_selector(f"#course-assignments #lti-add-{ident}")
        page.wait_for_function("t => document.querySelector('#preview-title')?.textContent"
                               " === t", arg="Alfa-beta sull'albero di AIMA")
        screenshot(page, "course-deep-desktop-en", whole=False, top="#lti-deep-banner")
        checked(page, "en")
        with page.expect_navigation(url=f"{tool.platform.base}/deep_link_return"):
            page.click(f"#course-assignments #lti-add-{ident}")
        assert "Added to the course" in page.text_content("body")
    [answer] = tool.platform.deep_links
    [item] = answer[P.DL + "content_items"]
    assert item["type"] == "ltiResourceLink"
    assert item["custom"] == {"assignment": ident}
    assert item["title"] == "Alfa-beta sull'albero di AIMA"
    # the value, the move, the values at B, C and D, the pruned leaves: 6 points
    assert item["lineItem"]["scoreMaximum"] == 6
    return {"course": course, "assignment": ident, "teacher": teacher}


def test_a_later_deep_linking_launch_on_a_phone_is_the_same_course(
        browser: Any, tool: Any, lms_course: dict[str, str]) -> None:
    with opened(browser, "phone", "it") as page:
        hint = tool.platform.prepare(P.DEEP_LINKING, [P.INSTRUCTOR], "lti-prof",
                                     name="Grace Hopper")
        page.goto(login_url(tool, hint))
        page.wait_for_selector(f"#lti-add-{lms_course['assignment']}")
        assert page.evaluate("location.hash") == f"#/course?course={lms_course['course']}"
        assert page.text_content(f"#lti-add-{lms_course['assignment']}") == messages("it")[
            "lti.deep.add"]
        checked(page, "it")
        screenshot(page, "course-deep-phone-it", whole=False, top="#lti-deep-banner")


def test_a_learner_s_launch_on_a_phone_in_italian(browser: Any, tool: Any,
                                                 lms_course: dict[str, str]) -> None:
    ident = lms_course["assignment"]
    words = messages("it")
    with opened(browser, "phone", "it") as page:
        codes = codes_of(page)
        hint = tool.platform.prepare(P.RESOURCE_LINK, [P.LEARNER], "lti-ada",
                                     name="Ada Lovelace", assignment=ident, lineitem="ada")
        page.goto(login_url(tool, hint))
        page.wait_for_selector("#assignment-figure svg")
        token = page.evaluate(f"localStorage.getItem('gametrace.student.{ident}')")
        assert token and len(codes) == 1
        # nothing secret in the address, nor in the history's entry the launch made
        assert page.evaluate("location.hash") == f"#/assignment?id={ident}"
        assert token not in page.url and codes[0] not in page.url
        assert "launch=" not in page.evaluate("location.href")
        assert page.text_content("#lti-student-note") == words["lti.student.note"]
        assert "Ada Lovelace" in (page.text_content("#view") or "")
        checked(page, "it")
        screenshot(page, "assignment-phone-it", whole=False)
        # the same code once more: refused, said in Italian
        page.goto(f"{tool.base}/#/assignment?id={ident}&launch={codes[0]}")
        page.wait_for_selector("#lti-refused-title")
        assert page.text_content("#lti-refused-title") == words["lti.refused.title"]
        assert page.locator("#lti-refused-open").count() == 1  # the kept token goes on
        assert "launch=" not in page.evaluate("location.href")
        checked(page, "it")
        page.click("#lti-refused-open")
        page.wait_for_selector("#assignment-figure svg")
    # the token works for the API, and its submission's score reaches the platform
    with tool.api() as api:
        made = api.post(f"/v1/assignments/{ident}/submissions", json={"answer": right_answer()},
                        headers={"Authorization": f"Bearer {token}"})
        assert made.status_code == 201, made.text
    _wait_for(lambda: [s.body for s in tool.platform.scores if s.lineitem == "ada"])
    [score] = [s.body for s in tool.platform.scores if s.lineitem == "ada"]
    assert (score["userId"], score["scoreGiven"], score["scoreMaximum"]) == ("lti-ada", 6, 6)


def _wait_for(check: Any, seconds: float = 30) -> Any:
    import time

    for _ in range(int(seconds * 10)):
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError("waited in vain")


def _student(browser: Any, tool: Any, ident: str, sub: str, name: str, lineitem: str,
             answer: dict[str, Any]) -> None:
    """A learner's launch in a browser of their own, and a submission with its token."""
    with opened(browser, "desktop", "en") as page:
        hint = tool.platform.prepare(P.RESOURCE_LINK, [P.LEARNER], sub, name=name,
                                     assignment=ident, lineitem=lineitem)
        page.goto(login_url(tool, hint))
        page.wait_for_selector("#assignment-figure svg")
        token = page.evaluate(f"localStorage.getItem('gametrace.student.{ident}')")
        if sub == "lti-alan":
            page.wait_for_selector("#assignment-step-form")
            screenshot(page, "assignment-desktop-en", whole=False)
    with tool.api() as api:
        made = api.post(f"/v1/assignments/{ident}/submissions", json={"answer": answer},
                        headers={"Authorization": f"Bearer {token}"})
        assert made.status_code == 201, made.text


def test_scores_the_lms_did_not_take_are_shown_and_sent_again(
        browser: Any, tool: Any, lms_course: dict[str, str]) -> None:
    platform, ident = tool.platform, lms_course["assignment"]
    platform.scores_answer = "400"  # one score refused ...
    platform.refusal = "User lti-grace is not enrolled in the course"
    grace = {**right_answer(), "value": 12}
    _student(browser, tool, ident, "lti-grace", "Grace Murray", "grace", grace)
    course, teacher = lms_course["course"], lms_course["teacher"]

    def states() -> dict[str, str]:
        with tool.api() as api:
            listed = api.get(f"/v1/courses/{course}/lti/scores",
                             headers={"Authorization": f"Bearer {teacher}"}).json()
        return {s["student"]: s["state"] for s in listed["scores"]}

    _wait_for(lambda: states().get("lti-grace") == "refused")
    platform.scores_answer = "down"  # ... then the LMS down: another waits
    tries = platform.score_tries
    _student(browser, tool, ident, "lti-alan", "Alan Turing", "alan", right_answer())
    _wait_for(lambda: platform.score_tries > tries)
    platform.scores_answer = "503"
    now = states()
    assert (now["lti-grace"], now["lti-alan"]) == ("refused", "pending")
    for size, lang in (("desktop", "en"), ("phone", "it")):
        with opened(browser, size, lang) as page:
            keep_teacher(page, course, teacher)
            page.goto(f"{tool.base}/#/course?course={course}")
            page.wait_for_selector("#lti-scores-table")
            words = messages(lang)
            state = {r: page.text_content(f"#lti-scores-table tr[data-student='{r}'] "
                                          "td[data-state]") for r in ("lti-alan", "lti-grace")}
            assert state == {"lti-alan": words["lti.scores.state.pending"],
                             "lti-grace": words["lti.scores.state.refused"]}
            assert "not enrolled in the course" in (page.text_content(
                "tr[data-student='lti-grace'] .lti-reason") or "")
            checked(page, lang)
            screenshot(page, f"scores-{size}-{lang}", whole=False, top="#lti-scores")
            if lang == "en":
                page.wait_for_selector("#lti-never-opened")
                never = page.eval_on_selector_all("#lti-never-opened li",
                                                  "l => l.map(e => e.textContent)")
                # by name; Ada too when her launch (the test above) did not run
                assert [n for n in never if n != "Ada Lovelace"] == [
                    "Barbara Liskov", "Edsger Dijkstra"]
                screenshot(page, "roster-desktop-en", whole=False, top="#course-gradebook")
    platform.scores_answer = "ok"
    with opened(browser, "desktop", "en") as page:
        keep_teacher(page, course, teacher)
        page.goto(f"{tool.base}/#/course?course={course}")
        page.click("#lti-scores-resend")
        page.wait_for_selector("#lti-scores-said .ok")
        _wait_for(lambda: set(states().values()) == {"sent"})
    sent = {s.body["userId"]: s.body["scoreGiven"] for s in platform.scores}
    assert sent["lti-alan"] == 6 and sent["lti-grace"] == 5  # her value is wrong


def test_a_launch_with_a_bad_signature_is_refused_in_italian(browser: Any, tool: Any,
                                                           lms_course: dict[str, str]) -> None:
    with opened(browser, "phone", "it") as page:
        hint = tool.platform.prepare(P.RESOURCE_LINK, [P.LEARNER], "lti-mallory",
                                     key=tool.platform.other_key,
                                     assignment=lms_course["assignment"])
        answer = []
        page.on("response", lambda r: answer.append(r.status) if r.url.endswith(
            "/lti/launch") else None)
        page.goto(login_url(tool, hint))
        page.wait_for_selector("h1")
        assert answer == [401]
        assert page.evaluate("document.documentElement.lang") == "it"
        assert page.text_content("h1") == HEADING.worded("it")
        assert REASONS["signature"].worded("it") in (page.text_content("main") or "")
        screenshot(page, "refusal-phone-it", whole=False)


def test_a_code_refused_says_so_on_a_phone(browser: Any, tool: Any,
                                           lms_course: dict[str, str]) -> None:
    with opened(browser, "phone", "en") as page:
        page.goto(f"{tool.base}/#/assignment?id={lms_course['assignment']}&launch=expired")
        page.wait_for_selector("#lti-refused-title")
        checked(page, "en")
        screenshot(page, "refused-code-phone-en", whole=False)
