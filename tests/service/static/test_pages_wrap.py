"""Pages that wrap: every text a user gave (a course's and an assignment's title, a
student's id and name, a stored trace's tags, a tree's node labels on the steps and the
quiz pages) wraps, or is cut with its whole value in a ``title`` attribute,
on every page that shows it.  Measured element by element in the browser: each box
must end inside the viewport (or inside a box that scrolls sideways on purpose, a
table's), which the page's own overflow can hide from the no-sideways-scroll check."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browsers import browser
from loopback import served
from pages import SIZES, opened
from playwright.sync_api import Page

from tracer.analysis.check import extract_solution
from tracer.examples import example_tree
from tracer.service import Settings, create_app
from tracer.student import scripted_alpha_beta

__all__ = ["browser"]

LONG_TITLE = "W" * 200
"""A course's or an assignment's title at its bound, with no place to break."""
LONG_ID = "s" * 64
LONG_NAME = "N" * 200
LONG_TAG = "T" * 39 + "x"
"""A stored trace's tag at its bound (40 characters), with no place to break."""

OUTSIDE = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = (e) => {
    for (let p = e.parentElement; p; p = p.parentElement) {
      const x = getComputedStyle(p).overflowX;
      if (x === 'auto' || x === 'scroll') return true;
    }
    return false;
  };
  const bad = [];
  for (const e of document.querySelectorAll('body *')) {
    if (e.closest('svg') || scrolls(e)) continue;
    const r = e.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1 || r.right <= 0) continue;  // hidden, or off on purpose
    const s = getComputedStyle(e);
    if (s.visibility === 'hidden' || s.display === 'none') continue;
    const name = e.tagName.toLowerCase() + (e.id ? "#" + e.id : "")
      + (e.htmlFor ? `[for=${e.htmlFor}]` : "") + ` "${e.textContent.trim().slice(0, 30)}"`;
    if (r.right > width + 1 || r.left < -1) {
      bad.push(`${name} spans ${Math.round(r.left)}..${Math.round(r.right)} of ${width}`);
    }
    const cut = e.scrollWidth > e.clientWidth + 1 && ['hidden', 'clip'].includes(s.overflowX);
    const text = e.textContent.trim();
    if (cut && text && !e.children.length && e.getAttribute('title') !== text) {
      bad.push(`${name} cuts its text without it whole in a title`);
    }
  }
  return bad;
}"""


def boxes_outside(page: Page) -> list[str]:
    """Every element whose box ends past the viewport (not in a sideways scroller), or
    that cuts its text without the whole of it in its ``title``."""
    found: list[str] = page.evaluate(OUTSIDE)
    return found


def _api(base: str, method: str, path: str, token: str | None = None,
         body: Any = None) -> Any:
    import json
    import urllib.request

    headers = {"content-type": "application/json"}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    request = urllib.request.Request(f"{base}/{path}", method=method, headers=headers,
                                     data=None if body is None else json.dumps(body).encode())
    with urllib.request.urlopen(request, timeout=60) as r:
        return json.loads(r.read().decode())


@pytest.fixture(scope="module")
def long_class(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A course, an assignment and a student, each with the longest unbroken texts."""
    db = str(tmp_path_factory.mktemp("wrap") / "class.db")
    for base in served(create_app(Settings(db=db))):
        made = _api(base, "POST", "v1/courses", body={"title": LONG_TITLE})
        course, teacher = made["id"], made["teacher_token"]
        document = {"title": LONG_TITLE, "source": {"example": "aima"},
                    "spec": {"algorithm": "alphabeta"}, "items": ["value", "move"],
                    "attempts": 3, "feedback": "full", "solution": "always"}
        ident = _api(base, "POST", f"v1/courses/{course}/assignments", teacher,
                     document)["id"]
        joined = _api(base, "POST", f"v1/assignments/{ident}/join",
                      body={"student": LONG_ID, "name": LONG_NAME})
        answer = extract_solution(scripted_alpha_beta(example_tree("aima"),
                                                      variant="fail-hard")).to_json()
        _api(base, "POST", f"v1/assignments/{ident}/submissions", joined["student_token"],
             {"answer": {"value": answer["value"], "move": answer["move"]}})
        _api(base, "POST", "v1/search", body={
            "tree": "A(" + " ".join(str(i) for i in range(30)) + ")", "store": True,
            "tags": [LONG_TAG, LONG_TAG[::-1]]})
        yield {"base": base, "course": course, "teacher": teacher, "assignment": ident,
               "student": joined["student_token"]}


def _keep(page: Page, kind: str, ident: str, token: str) -> None:
    page.evaluate("([key, token]) => localStorage.setItem(key, token)",
                  [f"gametrace.{kind}.{ident}", token])


@pytest.mark.parametrize("size", list(SIZES))
def test_the_course_page_wraps_the_longest_texts(browser: Any, long_class: dict[str, str],
                                                 size: str) -> None:
    base = long_class["base"]
    with opened(browser, size, "en", at=f"{base}/#/course", ready="#course-create") as page:
        _keep(page, "teacher", long_class["course"], long_class["teacher"])
        page.goto(f"{base}/#/course?course={long_class['course']}")
        page.wait_for_selector("#course-book")
        assert page.text_content("#course-name") == LONG_TITLE
        for button, shown in (("show", "#course-submission-table"),
                              ("students", "#course-students-table")):
            page.click(f"#course-{button}-{long_class['assignment']}")
            page.wait_for_selector(shown)
            outside = boxes_outside(page)
            assert outside == [], f"{button}:\n" + "\n".join(outside)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_assignment_page_wraps_the_longest_texts(browser: Any,
                                                     long_class: dict[str, str],
                                                     size: str) -> None:
    base, ident = long_class["base"], long_class["assignment"]
    with opened(browser, size, "en", at=f"{base}/#/course", ready="#course-create") as page:
        _keep(page, "student", ident, long_class["student"])
        page.goto(f"{base}/#/assignment?id={ident}")
        page.get_by_text(LONG_TITLE).first.wait_for()
        outside = boxes_outside(page)
        assert outside == [], "\n".join(outside)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_library_wraps_the_longest_tags(browser: Any, long_class: dict[str, str],
                                            size: str) -> None:
    base = long_class["base"]
    with opened(browser, size, "en", at=f"{base}/#/library",
                ready="#library-list a.open") as page:
        page.get_by_text(LONG_TAG, exact=False).first.wait_for()
        outside = boxes_outside(page)
        assert outside == [], "\n".join(outside)


LONG_LABEL = "W" * 199 + "1"
"""A node's label with no place to break: the tree's own text, shown by the steps and the
quiz pages (captions, the list of nodes to pick, the values' table, the verdicts)."""
LONG_TREE = f"A({LONG_LABEL}(3 5) {LONG_LABEL[:-1]}2(2 9))"


def _tree_query() -> str:
    from urllib.parse import quote

    return f"tree={quote(LONG_TREE)}"


@pytest.mark.parametrize("size", list(SIZES))
def test_the_steps_page_wraps_the_longest_labels(browser: Any, long_class: dict[str, str],
                                                 size: str) -> None:
    base = long_class["base"]
    with opened(browser, size, "en", at=f"{base}/#/step?{_tree_query()}",
                ready="#stepper-figure svg") as page:
        named = 0
        for frame in range(1, 14):  # every frame of the search: 13
            page.wait_for_function("(k) => document.querySelector('#stepper-counter')"
                                   ".textContent === `${k} / 13`", arg=frame)
            named += LONG_LABEL[:40] in (page.text_content("#stepper-caption") or "")
            outside = boxes_outside(page)
            assert outside == [], f"step {frame}:\n" + "\n".join(outside)
            if frame < 13:
                page.click("#stepper-next")
        assert named >= 4  # the captions that name a long label were measured too


@pytest.mark.parametrize("size", list(SIZES))
def test_the_quiz_page_wraps_the_longest_labels(browser: Any, long_class: dict[str, str],
                                                size: str) -> None:
    base = long_class["base"]
    with opened(browser, size, "en", at=f"{base}/#/quiz?{_tree_query()}",
                ready="#quiz-figure svg g.node[role=checkbox]") as page:
        outside = boxes_outside(page)
        assert outside == [], "before checking:\n" + "\n".join(outside)
        page.fill(f"[id='value-{LONG_LABEL}']", "7")  # a wrong value: a verdict names it
        page.click(f"[id='pick-{LONG_LABEL[:-1]}2']")
        page.click("#quiz-check")
        page.wait_for_selector("#quiz-items")
        assert LONG_LABEL[:40] in (page.text_content("#quiz-result") or "")
        outside = boxes_outside(page)
        assert outside == [], "after checking:\n" + "\n".join(outside)
