"""The classroom's pages in a real browser (Debian's chromium through Playwright): a
teacher makes a course and an assignment on the course page (a tree for each student),
two students in two browser contexts join it through the link handed out and answer it
on the assignment page, one right and one with fail-hard values where fail-soft is asked,
and the teacher's gradebook (the page and its CSV) shows both, the misconception named;
one student's token reads nothing of the other's.  On SQLite and on PostgreSQL.  Then
the four checks of every page (tests/service/pages.py) on both pages, at three sizes in
two languages.

``GAMETRACE_SCREENSHOTS=DIR`` saves the pictures of docs/classroom.md there
(``classroom-*.png``)."""

from __future__ import annotations

import csv
import io
import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsers import browser, guarded
from loopback import served
from pages import LANGUAGES, SIZES, checked, messages, opened, screenshot
from playwright.sync_api import Page

from tracer.analysis.check import extract_solution
from tracer.classroom.steps import steps_of
from tracer.service import Settings, create_app
from tracer.student import scripted_alpha_beta
from tracer.trees.json_form import parse_tree_json

__all__ = ["browser"]


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def class_server(request: pytest.FixtureRequest,
                 tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The service on a fresh store, on each database the classroom runs on."""
    if request.param == "sqlite":
        db = str(tmp_path_factory.mktemp("classpages") / "class.db")
    else:
        from pg_server import fresh_database

        db = fresh_database(request.getfixturevalue("postgres"), "classpages")
    yield from served(create_app(Settings(db=db)))


def _api(base: str, method: str, path: str, token: str | None = None,
         body: Any = None) -> tuple[int, Any]:
    """One API call as a script would make it: (status, the JSON answer or the text)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"accept": "application/json"}
    if data is not None:
        headers["content-type"] = "application/json"
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    request = urllib.request.Request(f"{base}/{path}", data=data, method=method,
                                     headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            text = r.read().decode()
            status = r.status
    except urllib.error.HTTPError as err:
        text, status = err.read().decode(), err.code
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


EXERCISE = {"branching": "3", "depth": "3", "cuts-low": "2", "cuts-high": "4",
            "values-low": "-50", "values-high": "50", "seed": "7"}


def _teacher_makes_an_assignment(page: Page, base: str) -> tuple[str, str, str]:
    """On the course page: a course, then an assignment on a random exercise with a tree
    for each student.  (course id, teacher token, the link for the students)."""
    page.goto(f"{base}/#/course")
    page.fill("#course-title", "AI 2026")
    page.click("#course-create-button")
    token = page.text_content("#course-token") or ""
    assert len(token) > 30
    page.click("#course-open-new")
    page.wait_for_selector("#course-new")
    course = page.evaluate("new URLSearchParams(location.hash.split('?')[1]).get('course')")
    assert page.evaluate(f"localStorage.getItem('gametrace.teacher.{course}')") == token
    page.fill("#new-title", "Alpha-beta, fail-soft")
    page.select_option("#new-source", "exercise")
    for name, value in EXERCISE.items():
        page.fill(f"#new-{name}", value)
    page.select_option("#new-variant", "fail-soft")
    page.check("#new-item-values")
    page.check("#new-per-student")
    page.fill("#new-attempts", "2")
    page.select_option("#new-feedback", "full")
    page.select_option("#new-solution", "never")
    # the live preview: a student's task, drawn by the student page's own function
    page.wait_for_function("() => document.querySelectorAll('#preview-figure svg g.node')"
                           ".length == 40")
    assert page.text_content("#preview-title") == "Alpha-beta, fail-soft"
    page.click("#course-new-button")
    link = page.get_attribute("#course-new-link", "href") or ""
    assert "/#/assignment?id=" in link
    return course, token, link


def _student_answers(browser: Any, base: str, link: str, student: str, name: str,
                     variant: str) -> tuple[str, dict[str, Any]]:
    """A student joins through ``link`` in a guarded context of their own and answers the
    whole assignment as ``variant`` alpha-beta finds it (two steps first): (their token,
    the feedback shown)."""
    with guarded(browser, console=False, viewport=SIZES["desktop"]) as page:
        page.goto(link)
        page.fill("#assignment-student", student)
        page.fill("#assignment-name", name)
        page.click("#assignment-join-button")
        page.click("#assignment-continue")  # after the token, shown once to keep
        page.wait_for_selector("#assignment-figure svg")
        ident = link.rsplit("=", 1)[1]
        token = page.evaluate(f"localStorage.getItem('gametrace.student.{ident}')")
        status, task = _api(base, "GET", f"v1/assignments/{ident}/task", token)
        assert status == 200 and task["student"] == student
        tree = parse_tree_json(task["tree"])
        trace = scripted_alpha_beta(tree, variant=variant)

        # step by step: the first step right, the second wrong (only it is revealed)
        first, second = (s.fields() for s in steps_of(trace)[:2])
        page.wait_for_selector("#assignment-step-form")
        _answer_step(page, first)
        page.wait_for_selector("#assignment-step-log li.right")
        page.wait_for_function("text => document.querySelector('#assignment-step-number')"
                               ".textContent === text",
                               arg=messages("en")["assignment.step.prompt"].replace("{step}", "2"))
        wrong_value = second["value"] + 1 if isinstance(second["value"], int) else 0
        _answer_step(page, {**second, "value": wrong_value})
        page.wait_for_selector("#assignment-step-log li.wrong")
        told = page.text_content("#assignment-step-log li.wrong") or ""
        value = messages("en")["assignment.step.value"]
        assert messages("en")["assignment.step.wrong_fields"].format(fields=value) in told
        assert f"{value} = {second['value']}" in told  # the whole step: full feedback

        answer = extract_solution(trace).to_json()
        page.fill("#answer-value", str(answer["value"]))
        page.select_option("#answer-move", answer["move"])
        inner = page.eval_on_selector_all("#answer-values input", "e => e.map(i => i.id)")
        assert len(inner) == 12  # every inner node of a 3 x 3 x 3 tree but the root
        for node, value in answer["values"].items():
            box = f"answer-values-value-{node}"
            if box in inner:
                page.fill(f"#{box}", str(value))
        page.fill("#answer-pruned", " ".join(answer["pruned"]))
        page.click("#assignment-submit")
        page.wait_for_selector("#assignment-score")
        shown = {"score": page.text_content("#assignment-score"),
                 "correct": page.get_attribute("#assignment-correct", "class"),
                 "misconceptions": page.eval_on_selector_all(
                     "[data-misconception]", "e => e.map(d => d.dataset.misconception)"),
                 "solution": page.text_content("#assignment-solution-policy"),
                 "solution_button": page.locator("#assignment-show-solution").count(),
                 "left": page.text_content("#assignment-attempts-left")}
    return str(token), shown


def _answer_step(page: Page, step: dict[str, Any]) -> None:
    page.select_option("#assignment-step-kind", step["kind"])
    page.select_option("#assignment-step-node", step["node"])
    for name in ("value", "alpha", "beta"):
        page.fill(f"#assignment-step-{name}", str(step[name]))
    page.click("#assignment-step-answer")


def test_a_class_through_the_pages(browser: Any, class_server: str, tmp_path: Path) -> None:
    base = class_server
    teacher = browser.new_context(viewport=SIZES["desktop"], accept_downloads=True)
    page = teacher.new_page()
    page.set_default_timeout(30_000)
    course, token, link = _teacher_makes_an_assignment(page, base)
    ident = link.rsplit("=", 1)[1]

    alice, right = _student_answers(browser, base, link, "s1", "Alice", "fail-soft")
    carol, wrong = _student_answers(browser, base, link, "s3", "Carol", "fail-hard")
    assert right["correct"] == "right" and right["misconceptions"] == []
    assert wrong["correct"] == "wrong" and "fail-hard" in wrong["misconceptions"]
    never = messages("en")["assignment.solution.never"]
    assert right["solution"] == wrong["solution"] == never  # the policy's words, no error
    assert right["solution_button"] == 0
    assert right["left"] == "Attempts left: 1 of 2."
    # each had a tree of their own
    trees = [_api(base, "GET", f"v1/assignments/{ident}/task", who)[1]["tree"]
             for who in (alice, carol)]
    assert trees[0] != trees[1]

    # one student's token reads nothing of the other's work, nor the teacher's
    for path in (f"v1/courses/{course}/gradebook", f"v1/courses/{course}/gradebook.csv",
                 f"v1/assignments/{ident}/submissions", f"v1/courses/{course}",
                 f"v1/assignments/{ident}/solution?student=s3"):
        status, _ = _api(base, "GET", path, alice)
        assert status in (403, 404), (path, status)
    status, mine = _api(base, "GET", f"v1/assignments/{ident}/task", alice)
    assert status == 200 and mine["student"] == "s1"
    _, listed = _api(base, "GET", f"v1/assignments/{ident}/submissions", token)
    theirs = [s["id"] for s in listed["submissions"] if s["student"] == "s3"]
    assert _api(base, "DELETE", f"v1/submissions/{theirs[0]}", alice)[0] in (403, 404)

    # the teacher's gradebook: the page, the chart and the CSV
    assert page.url.endswith(f"#/course?course={course}")
    page.reload()
    page.wait_for_selector("#course-book")
    rows = page.eval_on_selector_all("#course-book tr[data-student]", """rows => rows.map(r =>
        [r.dataset.student, r.querySelector('.class-total').textContent,
         r.querySelector('.class-misconception').textContent])""")
    def scored(shown: dict[str, Any]) -> tuple[str, str, str]:  # "Score: 9 of 13 (69.2%)"
        words = shown["score"].split()
        return words[1], words[3], words[4].strip("()")

    assert scored(right)[0] == scored(right)[1]
    # every asked item is scored: one maximum for the two trees
    assert scored(wrong)[1] == scored(right)[1]
    assert float(scored(wrong)[0]) < float(scored(wrong)[1])
    # each total is the percentage the student was shown (one assignment: its own)
    assert rows == [["s1", scored(right)[2], ""], ["s3", scored(wrong)[2], FAIL_HARD]]
    bar = page.text_content("#course-chart [data-misconception='fail-hard']") or ""
    assert "fail-hard" in bar and "1 of 2" in bar
    with page.expect_download() as done:
        page.click("#course-csv")
    saved = tmp_path / "book.csv"
    done.value.save_as(saved)
    table = list(csv.DictReader(io.StringIO(saved.read_text(encoding="utf-8"))))
    assert [(r["student"], r["name"], r["misconception"]) for r in table] == [
        ("s1", "Alice", ""), ("s3", "Carol", "fail-hard")]
    assert [round(float(r["total (%)"]), 1) for r in table] == [
        float(scored(shown)[2].rstrip("%")) for shown in (right, wrong)]
    # the download was fetched with the token in a header: no URL of the page holds it
    assert token not in page.url and token not in (page.content())

    # deleting Carol's attempt, confirmed in the page's dialog
    page.on("dialog", lambda dialog: dialog.accept())
    page.click(f"#course-show-{ident}")
    page.click(f"#course-delete-submission-{theirs[0]}")
    # Carol stays a row of the gradebook (she joined), now with no submission
    page.wait_for_selector("#course-book tr[data-student='s3'] td.class-none")
    assert page.locator("#course-book tr[data-student]").count() == 2
    # the exports of a random exercise, fetched with the token and saved
    with page.expect_download(timeout=120_000) as done:  # 20 variants searched and drawn
        page.click(f"#course-moodle-{ident}")
    done.value.save_as(tmp_path / "bank.xml")
    assert (tmp_path / "bank.xml").read_text(encoding="utf-8").count(
        '<question type="multianswer">') == 20
    teacher.close()

    # the teacher on another browser: the course opens with its id and the token pasted
    elsewhere = browser.new_context(viewport=SIZES["phone"])
    page = elsewhere.new_page()
    page.set_default_timeout(30_000)
    page.goto(f"{base}/#/course")
    page.fill("#course-id", course)
    page.fill("#course-paste", token)
    page.click("#course-open-button")
    page.wait_for_selector("#course-book")
    assert page.text_content("#course-name") == "AI 2026"
    # deleting the assignment, confirmed: its students' tokens stop working
    page.on("dialog", lambda dialog: dialog.accept())
    page.click(f"#course-delete-{ident}")
    page.wait_for_selector("#course-assignments >> text="
                           + messages("en")["course.assignments.none"])
    assert _api(base, "GET", f"v1/assignments/{ident}/task", alice)[0] == 403
    elsewhere.close()


FAIL_HARD = "fail-hard values (a cut node returns its bound, alpha or beta)"
"""The misconception's name the English gradebook shows (the checker's words)."""


# ---------------------------------------------------------------- every page, every size


@pytest.fixture(scope="module")
def class_data(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A server with a course, an assignment on the AIMA tree, and a student who
    submitted a fail-hard answer: the pages as they look in use."""
    db = str(tmp_path_factory.mktemp("classlook") / "class.db")
    for base in served(create_app(Settings(db=db))):
        _, made = _api(base, "POST", "v1/courses", body={"title": "AI 2026"})
        course, teacher = made["id"], made["teacher_token"]
        document = {"title": "Alpha-beta on the AIMA tree", "source": {"example": "aima"},
                    "spec": {"algorithm": "alphabeta", "variant": "fail-soft"},
                    "items": ["value", "move", {"values": ["B", "C", "D"]}, "pruned"],
                    "attempts": 3, "feedback": "full", "solution": "after-due",
                    "due": "2999-01-01T12:00:00Z"}
        status, made = _api(base, "POST", f"v1/courses/{course}/assignments", teacher,
                            document)
        assert status == 201, made
        ident = made["id"]
        for student, name in (("s1", "Alice"), ("s3", "Carol")):
            _, joined = _api(base, "POST", f"v1/assignments/{ident}/join",
                             body={"student": student, "name": name})
            variant = "fail-soft" if student == "s1" else "fail-hard"
            from tracer.examples import example_tree

            answer = extract_solution(scripted_alpha_beta(example_tree("aima"),
                                                          variant=variant)).to_json()
            status, _ = _api(base, "POST", f"v1/assignments/{ident}/submissions",
                             joined["student_token"], {"answer": answer})
            assert status == 201
        yield {"base": base, "course": course, "teacher": teacher, "assignment": ident}


def _keep(page: Page, kind: str, ident: str, token: str) -> None:
    """The token kept in the page's browser, as the page keeps it."""
    page.evaluate("([key, token]) => localStorage.setItem(key, token)",
                  [f"gametrace.{kind}.{ident}", token])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", list(SIZES))
def test_the_course_page_at_every_size(browser: Any, class_data: dict[str, str], size: str,
                                       lang: str) -> None:
    base = class_data["base"]
    with opened(browser, size, lang) as page:
        page.goto(f"{base}/#/course")
        page.wait_for_selector("#course-create")
        checked(page, lang)
        _keep(page, "teacher", class_data["course"], class_data["teacher"])
        page.goto(f"{base}/#/course?course={class_data['course']}")
        page.wait_for_selector("#course-book")
        page.wait_for_selector("#preview-figure svg")
        assert page.text_content("#course-chart [data-misconception='fail-hard']")
        checked(page, lang)
        if size in ("phone", "desktop"):
            screenshot(page, f"classroom-gradebook-{size}-{lang}", whole=False,
                       top="#course-gradebook")
            screenshot(page, f"classroom-course-{size}-{lang}", whole=False,
                       top="#course-new-section")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", list(SIZES))
def test_the_assignment_page_at_every_size(browser: Any, class_data: dict[str, str],
                                           size: str, lang: str) -> None:
    base, ident = class_data["base"], class_data["assignment"]
    _, joined = _api(base, "POST", f"v1/assignments/{ident}/join",
                     body={"student": f"{size}-{lang}", "name": f"Student {size} {lang}"})
    with opened(browser, size, lang) as page:
        page.goto(f"{base}/#/assignment?id={ident}")
        page.wait_for_selector("#assignment-join")
        checked(page, lang)
        _keep(page, "student", ident, joined["student_token"])
        page.goto(f"{base}/#/assignment?id={ident}&v=1")
        page.wait_for_selector("#assignment-figure svg")
        page.wait_for_selector("#assignment-step-form")
        # the student's tree is drawn in the page's language (its caption)
        drawn = page.text_content("#assignment-figure svg") or ""
        assert ("Alfa-beta a mano" in drawn) == (lang == "it"), drawn[-200:]
        # a right step (drawn on the tree), a wrong one, and a whole answer, so that the
        # verdicts show
        _answer_step(page, {"kind": "evaluate", "node": "E", "value": 3, "alpha": "-inf",
                            "beta": "+inf"})
        page.wait_for_selector("#assignment-step-number[data-step='2']")
        _answer_step(page, {"kind": "evaluate", "node": "F", "value": 12, "alpha": "-inf",
                            "beta": "+inf"})
        page.wait_for_selector("#assignment-step-log li.wrong")
        assert page.text_content("#assignment-figure text.answered.window") == "[−∞, +∞]"
        page.fill("#answer-value", "3")
        page.click("#assignment-submit")
        page.wait_for_selector("#assignment-score")
        policy = page.text_content("#assignment-solution-policy") or ""
        assert policy.startswith(messages(lang)["assignment.solution.after_due"]
                                 .split("{due}")[0])
        checked(page, lang)
        if size in ("phone", "desktop"):
            screenshot(page, f"classroom-assignment-{size}-{lang}", whole=False, top="#view")
