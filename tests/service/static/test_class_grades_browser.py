"""A class on phones, through the pages (Debian's chromium through Playwright): a teacher
on a desktop makes a course and an assignment on the AIMA tree with the course form's
new fields (late submissions accepted, two tries per step, feedback "first mistake");
three students on phones (390 x 844) join through the link (the join page shows the
title, the token is shown once), answer steps (the tree shows what is answered so far,
its node letters at least 14 px) and submit; one student reads the page in Italian;
one loses the phone, the teacher gives a new token on the course page, and the student
gets back in on a new phone with it ("I already joined") while the old token stops
working.  The teacher's table shows every student who joined (the one who never
submitted marked so), scores out of the maximum and as percentages, the steps right at
the first try, each student's work one click away; the gradebook's columns are named
by their labels and both CSVs download.  No page shows a raw item key, nor an expected
value under "first mistake".  On SQLite and on PostgreSQL; the checks of every page
(axe, no sideways scroll, touch targets, catalog text) on the new pages.

``GAMETRACE_SCREENSHOTS=DIR`` saves the pictures of docs/classroom.md there
(``classroom-students-*.png``, ``classroom-work-*.png``, ``classroom-steps-*.png``,
``classroom-join-*.png``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsers import browser, guarded
from loopback import served
from pages import SIZES, accessible, checked, fits, messages, screenshot
from playwright.sync_api import Page
from test_classroom_browser import _api

from tracer.service import Settings, create_app

__all__ = ["browser"]

AIMA_STEPS = [  # the AIMA tree, fail-soft: docs/classroom.md
    {"kind": "evaluate", "node": "E", "value": 3, "alpha": "-inf", "beta": "+inf"},
    {"kind": "evaluate", "node": "F", "value": 12, "alpha": "-inf", "beta": 3},
    {"kind": "evaluate", "node": "G", "value": 8, "alpha": "-inf", "beta": 3},
    {"kind": "return", "node": "B", "value": 3, "alpha": "-inf", "beta": 3},
    {"kind": "evaluate", "node": "H", "value": 2, "alpha": 3, "beta": "+inf"},
    {"kind": "cut", "node": "C", "value": 2, "alpha": 3, "beta": 2},
]
RAW_KEY = re.compile(r"\b(values|alphabeta|nodes)\.[A-Za-z0-9_]+|\b[A-Z]\.(alpha|beta)\b")
KEYS = {"value", "move", "values", "evaluated", "pruned", "alphabeta", "expanded"}


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def class_server(request: pytest.FixtureRequest,
                 tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if request.param == "sqlite":
        db = str(tmp_path_factory.mktemp("classgrades") / "class.db")
    else:
        from pg_server import fresh_database

        db = fresh_database(request.getfixturevalue("postgres"), "classgrades")
    yield from served(create_app(Settings(db=db)))


def phone(browser: Any, lang: str = "en") -> Any:
    """A phone's browser context (touch, 390 x 844) reading the pages in ``lang``."""
    return guarded(browser, viewport=SIZES["phone"], has_touch=True, is_mobile=True,
                   locale="it-IT" if lang == "it" else "en-US",
                   script=f"localStorage.setItem('gametrace.lang', '{lang}')")


def no_raw_keys(page: Page) -> None:
    """No item key anywhere a person reads: the page's text, its tables' item cells."""
    text = page.inner_text("body")
    assert not RAW_KEY.search(text), RAW_KEY.search(text)
    cells = page.eval_on_selector_all("td, th", "e => e.map(c => c.textContent.trim())")
    assert not KEYS & set(cells), KEYS & set(cells)


def teacher_makes_the_assignment(page: Page, base: str) -> tuple[str, str, str]:
    page.goto(f"{base}/#/course")
    page.fill("#course-title", "AI 2026")
    page.click("#course-create-button")
    token = page.text_content("#course-token") or ""
    page.click("#course-open-new")
    page.wait_for_selector("#course-new")
    course = page.evaluate("new URLSearchParams(location.hash.split('?')[1]).get('course')")
    # the documented defaults: first mistake, the solution after the due time (a due
    # time is filled in), late submissions refused, steps tried without limit
    assert page.input_value("#new-feedback") == "first-mistake"
    assert page.input_value("#new-solution") == "after-due"
    assert page.input_value("#new-due") != ""
    assert page.input_value("#new-late") == "refuse"
    assert page.input_value("#new-step-tries") == ""
    assert page.is_hidden("#new-penalty")
    assert set(page.eval_on_selector_all("#new-feedback option", "e => e.map(o => o.value)")
               ) == {"score", "first-mistake", "explain", "full"}
    page.fill("#new-title", "Alpha-beta on the AIMA tree")
    page.select_option("#new-example", "aima")
    page.check("#new-item-values")
    page.fill("#new-attempts", "2")
    page.fill("#new-step-tries", "2")
    page.select_option("#new-late", "penalty")
    assert page.is_visible("#new-penalty")
    page.select_option("#new-late", "accept")
    page.wait_for_selector("#preview-figure svg")
    page.click("#course-new-button")
    link = page.get_attribute("#course-new-link", "href") or ""
    return course, token, link


def answer_steps(page: Page, steps: list[dict[str, Any]], first: int = 1) -> None:
    """Answers ``steps`` right on the page, the first of them being step ``first``."""
    for n, step in enumerate(steps, start=first):
        page.wait_for_function("n => document.querySelector('#assignment-step-number')"
                               "?.dataset.step == n", arg=n)
        page.select_option("#assignment-step-kind", step["kind"])
        page.select_option("#assignment-step-node", step["node"])
        for name in ("value", "alpha", "beta"):
            page.fill(f"#assignment-step-{name}", str(step[name]))
        page.click("#assignment-step-answer")
        page.wait_for_selector(f"#assignment-step-log li[data-step='{n}']")
    # the next step's form is drawn (a field filled before would be lost)
    page.wait_for_function("n => document.querySelector('#assignment-step-number')"
                           "?.dataset.step == n", arg=first + len(steps))


def join(page: Page, link: str, student: str, name: str) -> str:
    """Joins on the page: the title shown first, the token shown once; (the token)."""
    page.goto(link)
    page.wait_for_selector("#assignment-join")
    assert page.text_content("#assignment-about") == "Alpha-beta on the AIMA tree"
    page.fill("#assignment-student", student)
    page.fill("#assignment-name", name)
    page.click("#assignment-join-button")
    token = page.text_content("#assignment-token") or ""
    ident = link.rsplit("=", 1)[1]
    assert page.evaluate(f"localStorage.getItem('gametrace.student.{ident}')") == token
    page.click("#assignment-continue")
    page.wait_for_selector("#assignment-step-form")
    return token


def the_tree_reads_on_a_phone(page: Page) -> None:
    """The node letters of the student's tree are at least 14 px, the page does not
    scroll sideways, and the answered nodes carry their values on the tree."""
    sizes = page.eval_on_selector_all(
        "#assignment-figure g.node text:not(.answered)",
        "e => e.map(t => t.getBoundingClientRect().height)")
    assert sizes and min(sizes) >= 14, sizes
    fits(page)


def test_a_class_on_phones(browser: Any, class_server: str, tmp_path: Path) -> None:
    base = class_server
    en, it = messages("en"), messages("it")
    teacher = browser.new_context(viewport=SIZES["desktop"], accept_downloads=True)
    tpage = teacher.new_page()
    tpage.set_default_timeout(30_000)
    tpage.on("dialog", lambda dialog: dialog.accept())
    _, _, link = teacher_makes_the_assignment(tpage, base)
    ident = link.rsplit("=", 1)[1]

    # Alice, in English: the menu folds on the phone; steps drawn on her tree
    with phone(browser) as page:
        page.goto(link)
        page.wait_for_selector("#assignment-join")
        assert page.is_hidden("header nav") and page.is_visible("#nav-toggle")
        page.click("#nav-toggle")
        assert page.is_visible("header nav a[data-page='edit']")
        page.click("#nav-toggle")
        checked(page, "en")
        join(page, link, "s1", "Alice")
        answer_steps(page, AIMA_STEPS)
        values = page.eval_on_selector_all("#assignment-figure text.answered",
                                           "e => e.map(t => t.textContent)")
        assert "= 3" in values and "[−∞, 3]" in values and "✂ = 2" in values, values
        assert page.locator("#assignment-figure g.node.is-pruned").count() == 2  # I, J
        the_tree_reads_on_a_phone(page)
        # a wrong step under "first mistake": the wrong field, never the expected value
        page.select_option("#assignment-step-kind", "evaluate")
        page.select_option("#assignment-step-node", "K")
        for name, typed in (("value", "14"), ("alpha", "3"), ("beta", "2")):
            page.fill(f"#assignment-step-{name}", typed)
        page.click("#assignment-step-answer")
        told = page.text_content("#assignment-step-log li.wrong") or ""
        assert told.startswith("Step 7: not right. Wrong: β."), told
        assert en["assignment.step.expected"] not in told and "+∞" not in told
        page.fill("#answer-value", "3")
        page.select_option("#answer-move", "B")
        for node, typed in (("B", "3"), ("C", "<=2"), ("D", "2")):
            page.fill(f"#answer-values-value-{node}", typed)
        assert page.locator("#answer-values-value-A").count() == 0  # the root: "value"
        page.fill("#answer-pruned", "I J")
        page.click("#assignment-submit")
        page.wait_for_selector("#assignment-score")
        assert page.text_content("#assignment-score") == "Score: 6 of 6 (100%)"
        no_raw_keys(page)
        checked(page, "en")
        screenshot(page, "classroom-steps-phone-en", whole=False, top="#assignment-figure")

    # Bruno, in Italian: a wrong answer; the verdicts in words, no expected value
    with phone(browser, "it") as page:
        join(page, link, "s2", "Bruno")
        answer_steps(page, AIMA_STEPS[:2])
        page.select_option("#assignment-step-kind", "evaluate")
        page.select_option("#assignment-step-node", "G")
        for name, typed in (("value", "8"), ("alpha", "-inf"), ("beta", "12")):
            page.fill(f"#assignment-step-{name}", typed)
        page.click("#assignment-step-answer")
        told = page.text_content("#assignment-step-log li.wrong") or ""
        assert told.startswith("Passo 3: non è giusto. Sbagliato: β."), told
        assert it["assignment.step.expected"] not in told
        page.fill("#answer-value", "3")
        page.select_option("#answer-move", "B")
        for node, typed in (("B", "3"), ("C", "3"), ("D", "3")):
            page.fill(f"#answer-values-value-{node}", typed)
        page.click("#assignment-submit")
        page.wait_for_selector("#assignment-score")
        score = page.text_content("#assignment-score") or ""
        assert re.fullmatch(r"Punteggio: 3 su 6 \(50%\)", score), score
        verdicts = page.eval_on_selector_all("#assignment-verdicts tr[data-item] td:first-child",
                                             "e => e.map(c => c.textContent)")
        assert "il valore di C" in verdicts and "i nodi potati" in verdicts, verdicts
        unanswered = page.text_content("#assignment-verdicts tr[data-item='pruned']") or ""
        assert it["assignment.feedback.not_answered"] in unanswered
        first = page.text_content("#assignment-first-mistake") or ""
        assert it["assignment.feedback.expected"] not in first
        no_raw_keys(page)
        checked(page, "it")
        screenshot(page, "classroom-feedback-phone-it", whole=False, top="#assignment-score")

    # Carol joins, answers two steps, then loses her phone before submitting
    with phone(browser) as page:
        carol_old = join(page, link, "s3", "Carol")
        answer_steps(page, AIMA_STEPS[:2])

    # the teacher: every student who joined, Carol with no submission
    tpage.reload()
    tpage.click(f"#course-students-{ident}")
    tpage.wait_for_selector("#course-students-table")
    rows = tpage.eval_on_selector_all("#course-students-table tr[data-student]",
                                      "rows => rows.map(r => [r.dataset.student, "
                                      "[...r.cells].slice(2, 5).map(c => c.textContent)])")
    # steps right at the first try, of the search's 11 steps
    assert rows == [["s1", ["6 of 6", "100%", "6 of 11"]],
                    ["s2", ["3 of 6", "50%", "2 of 11"]],
                    ["s3", [en["course.no_submission"], "2 of 11", ""]]], rows
    tpage.click("#course-work-s2")
    tpage.wait_for_selector("#course-work-steps")
    tries = tpage.eval_on_selector_all("#course-work-steps tr.wrong td:nth-child(2)",
                                       "e => e.map(c => c.textContent)")
    assert tries == ["1"]
    assert tpage.locator("#course-work-submissions section").count() == 1
    no_raw_keys(tpage)
    accessible(tpage)
    screenshot(tpage, "classroom-students-desktop-en", whole=False, top="#course-submissions")
    screenshot(tpage, "classroom-work-desktop-en", whole=False, top="#course-work")
    tpage.click("#course-reset-s3")
    carol_new = tpage.text_content("#course-student-token") or ""
    assert len(carol_new) > 30 and carol_new != carol_old
    screenshot(tpage, "classroom-reset-desktop-en", whole=False, top="#course-new-token")
    assert _api(base, "GET", f"v1/assignments/{ident}/task", carol_old)[0] in (401, 403)

    # Carol on a new phone: "I already joined" with the new token; her steps are kept
    with phone(browser) as page:
        page.goto(link)
        page.wait_for_selector("#assignment-join")
        page.click("#assignment-back-section summary")
        page.fill("#assignment-paste", carol_new)
        page.click("#assignment-back-button")
        page.wait_for_selector("#assignment-step-form")
        assert page.get_attribute("#assignment-step-number", "data-step") == "3"
        answer_steps(page, AIMA_STEPS[2:3], first=3)
        checked(page, "en")

    # the gradebook: columns by their labels, both CSVs
    tpage.reload()
    tpage.wait_for_selector("#course-book")
    heads = tpage.eval_on_selector_all("#course-book th[data-key]",
                                       "e => e.map(h => [h.textContent, h.title])")
    assert ["the value of C", "Alpha-beta on the AIMA tree: the value of C"] in heads, heads
    assert tpage.text_content(f"#course-book th[data-assignment='{ident}']") == (
        "Alpha-beta on the AIMA tree")
    no_raw_keys(tpage)
    for button, first_bytes, separator in (("#course-csv", b"student", b","),
                                           ("#course-csv-it", "\ufeff".encode(), b";")):
        with tpage.expect_download() as done:
            tpage.click(button)
        saved = tmp_path / "book.csv"
        done.value.save_as(saved)
        data = saved.read_bytes()
        assert data.startswith(first_bytes) and separator in data.splitlines()[0], data[:80]
        bruno = next(line for line in data.decode("utf-8-sig").splitlines()
                     if line.startswith("s2"))
        assert bruno.split(separator.decode())[:2] == ["s2", "Bruno"]
    teacher.close()


# ---------------------------------------------------------------- the pictures


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_join_page_and_the_kept_token(browser: Any, class_server: str, lang: str) -> None:
    """The join page: its title, the forms, and the token shown once; the checks of every
    page at phone size."""
    _, made = _api(class_server, "POST", "v1/courses", body={"title": "AI"})
    document = {"title": "Alpha-beta on the AIMA tree", "source": {"example": "aima"},
                "spec": {"algorithm": "alphabeta"}, "items": ["value", "pruned"],
                "solution": "never"}
    status, a = _api(class_server, "POST", f"v1/courses/{made['id']}/assignments",
                     made["teacher_token"], document)
    assert status == 201, a
    with phone(browser, lang) as page:
        page.goto(f"{class_server}/#/assignment?id={a['id']}")
        page.wait_for_selector("#assignment-join")
        page.click("#assignment-back-section summary")
        checked(page, lang)
        screenshot(page, f"classroom-join-phone-{lang}", whole=False)
        page.fill("#assignment-student", "s9")
        page.fill("#assignment-name", "Zoe")
        page.click("#assignment-join-button")
        page.wait_for_selector("#assignment-token")
        checked(page, lang)
        screenshot(page, f"classroom-token-phone-{lang}", whole=False, top="#assignment-keep")
        # the teacher's list counts in words, singular and plural as the language says
        page.evaluate("([key, token]) => localStorage.setItem(key, token)",
                      [f"gametrace.teacher.{made['id']}", made["teacher_token"]])
        page.goto(f"{class_server}/#/course?course={made['id']}")
        page.wait_for_selector(".class-assignment")
        counts = page.text_content(".class-assignment > span") or ""
        assert counts == {"en": "1 student, 0 submissions", "it": "1 studente, 0 consegne"}[lang]


@pytest.mark.parametrize(("late", "said"), [
    ({"late": "accept"}, "Handed in late."),
    ({"late": "penalty", "penalty": 20}, "Handed in late: 20% taken off.")])
def test_a_late_submission_is_marked_late(browser: Any, class_server: str,
                                          late: dict[str, Any], said: str) -> None:
    """Past the due time, with late work taken: the page says the policy, and marks the
    submission late (with its penalty); the teacher's table marks it too."""
    _, made = _api(class_server, "POST", "v1/courses", body={"title": "AI"})
    document = {"title": "Late", "source": {"example": "aima"},
                "spec": {"algorithm": "alphabeta"}, "items": ["value", "move"],
                "solution": "never", "due": "2000-01-01T00:00:00Z", **late}
    status, a = _api(class_server, "POST", f"v1/courses/{made['id']}/assignments",
                     made["teacher_token"], document)
    assert status == 201, a
    with phone(browser) as page:
        page.goto(f"{class_server}/#/assignment?id={a['id']}")
        page.fill("#assignment-student", "s1")
        page.fill("#assignment-name", "Ada")
        page.click("#assignment-join-button")
        page.click("#assignment-continue")
        page.wait_for_selector("#assignment-late-policy")
        page.fill("#answer-value", "3")
        page.select_option("#answer-move", "B")
        page.click("#assignment-submit")
        assert page.text_content("#assignment-late") == said
        checked(page, "en")
    _, listed = _api(class_server, "GET", f"v1/assignments/{a['id']}/students",
                     made["teacher_token"])
    assert [s["late"] for s in listed["students"]] == [True]
