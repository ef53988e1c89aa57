"""The teacher's gradebook names its misconceptions in the page's language: the JSON
carries each one's name from the checker's words (``?lang=it``), another language is
refused, and the Italian course page shows the Italian names, never the ids."""

from __future__ import annotations

import csv
import io
from typing import Any

from browsers import browser
from pages import opened
from starlette.testclient import TestClient
from test_classroom_api import assignment, bearer, course, fail_hard_answer, join
from test_classroom_browser import _keep, class_data

__all__ = ["browser", "class_data"]

IT = "valori fail-hard (un nodo tagliato riporta il suo limite, alfa o beta)"


def _one_fail_hard_submission(client: TestClient) -> tuple[str, str]:
    """A course whose one student, Carol, answered with fail-hard values: its id and
    the teacher's token."""
    course_id, teacher = course(client)
    ident = assignment(client, course_id, teacher)
    carol = join(client, ident, "s3", "Carol")
    client.post(f"/v1/assignments/{ident}/submissions", headers=bearer(carol),
                json={"answer": fail_hard_answer()})
    return course_id, teacher


def test_the_gradebook_names_its_misconceptions_in_the_language_asked(
        client: TestClient) -> None:
    course_id, teacher = _one_fail_hard_submission(client)
    url = f"/v1/courses/{course_id}/gradebook"
    english = client.get(url, headers=bearer(teacher)).json()
    italian = client.get(f"{url}?lang=it", headers=bearer(teacher)).json()
    assert english["misconception_titles"] == {
        "fail-hard": "fail-hard values (a cut node returns its bound, alpha or beta)"}
    assert italian["misconception_titles"] == {"fail-hard": IT}
    # the ids stay the data; only the names are added
    assert italian["students"] == english["students"]
    wrong = client.get(f"{url}?lang=fr", headers=bearer(teacher))
    assert (wrong.status_code, wrong.json()["detail"]) == (
        400, "unknown lang 'fr' (choose from: en, it)")


def test_the_gradebook_csv_names_its_misconceptions_in_the_language_asked(
        client: TestClient) -> None:
    course_id, teacher = _one_fail_hard_submission(client)
    url = f"/v1/courses/{course_id}/gradebook.csv"
    italian = list(csv.DictReader(io.StringIO(client.get(f"{url}?lang=it",
                                                         headers=bearer(teacher)).text)))
    english = list(csv.DictReader(io.StringIO(client.get(url, headers=bearer(teacher)).text)))
    # the headers are in the language asked too
    assert [(r["errore concettuale"], r["nome dell'errore concettuale"]) for r in italian] == [
        ("fail-hard", IT)]
    assert english[0]["misconception_name"].startswith("fail-hard values (a cut node")
    wrong = client.get(f"{url}?lang=fr", headers=bearer(teacher))
    assert wrong.status_code == 400


def test_the_italian_course_page_shows_the_italian_names(browser: Any,
                                                         class_data: dict[str, str]) -> None:
    base = class_data["base"]
    with opened(browser, "desktop", "it") as page:
        page.goto(f"{base}/#/course")
        page.wait_for_selector("#course-create")
        _keep(page, "teacher", class_data["course"], class_data["teacher"])
        page.goto(f"{base}/#/course?course={class_data['course']}")
        page.wait_for_selector("#course-book")
        shown = page.locator("#course-book tr[data-student='s3'] .class-misconception")
        assert shown.text_content() == IT
        bar = page.text_content("#course-chart [data-misconception='fail-hard']") or ""
        assert IT in bar and "fail-hard values" not in bar
        stats = page.locator("#course-stats").text_content() or ""
        assert f"{IT} (×1)" in stats
        # one of two students right: the mean score and the share as Italian writes them
        row = page.locator("#course-stats tr", has_text="il valore di C").locator("td")
        assert row.all_text_contents()[1:3] == ["0,5", "50%"]
