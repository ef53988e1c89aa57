"""The quiz in a real browser at a phone's, a tablet's and a desktop's size, in English
and Italian, before checking and after (with a mistake, and without): axe finds no
serious fault, nothing scrolls sideways, controls are at least 44 px, every word is the
catalog's.  Items are named as a person would, nothing says "null", and the nodes are
picked by touch and by keyboard.  GAMETRACE_SCREENSHOTS=DIR saves the docs' pictures."""

from __future__ import annotations

from typing import Any

import pytest
from browsers import browser
from pages import LANGUAGES, SIZES, checked, messages, opened, screenshot
from playwright.sync_api import Page
from starlette.testclient import TestClient

__all__ = ["browser"]

QUIZ = "/#/quiz?example=aima"


def _open(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}{QUIZ}")
    page.wait_for_selector("#quiz-figure svg g.node[role=checkbox]")


def _check(page: Page, wait_for: str) -> str:
    page.click("#quiz-check")
    page.wait_for_selector(wait_for)
    return page.text_content("#quiz-result") or ""


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", list(SIZES))
def test_the_quiz_before_and_after_checking_at_every_size(browser: Any, live_server: str,
                                                           size: str, lang: str) -> None:
    words = messages(lang)
    with opened(browser, size, lang) as page:
        _open(page, live_server)
        checked(page, lang)
        page.fill("#value-A", "3")
        page.fill("#value-C", "4")
        for node in ("G", "H"):
            page.check(f"#pick-{node}")
        result = _check(page, "#quiz-first-mistake")
        assert "null" not in result and "values." not in result
        first = page.text_content("#quiz-first-mistake") or ""
        assert first.startswith(words["quiz.first_mistake"].replace("{item}",
                                                                    words["quiz.item.pruned"]))
        rows = page.locator("#quiz-items th[scope=row]").all_text_contents()
        assert words["quiz.item.value"].replace("{node}", "C") in rows
        checked(page, lang)
        screenshot(page, f"page-quiz-{size}-{lang}")
        for node in ("G", "H"):
            page.uncheck(f"#pick-{node}")
        for node in ("I", "J"):
            page.check(f"#pick-{node}")
        page.fill("#value-C", "<=2")
        result = _check(page, "#quiz-no-mistakes")
        assert page.text_content("#quiz-score") == "100%"
        assert page.text_content("#quiz-no-mistakes") == words["quiz.no_mistakes"]
        assert "null" not in result and page.locator("#quiz-first-mistake").count() == 0
        checked(page, lang)


def _node(page: Page, key: str) -> Any:
    return page.locator("#quiz-figure g.node", has=page.locator("title", has_text=key)).first


def test_the_quiz_is_answered_by_touch_on_a_phone(browser: Any, live_server: str) -> None:
    with opened(browser, "phone", "en") as page:
        _open(page, live_server)
        page.tap("#value-A")
        page.keyboard.type("3")
        for key in ("I", "J"):
            _node(page, key).tap()
        assert page.text_content("#quiz-pruned") == "I J"
        assert page.is_checked("#pick-I") and page.is_checked("#pick-J")
        assert _node(page, "I").get_attribute("aria-checked") == "true"
        page.tap("#quiz-check")
        page.wait_for_selector("#quiz-no-mistakes")
        assert page.text_content("#quiz-score") == "100%"


def test_the_quiz_nodes_are_picked_from_the_keyboard(browser: Any, live_server: str) -> None:
    with opened(browser, "desktop", "en") as page:
        _open(page, live_server)
        _node(page, "G").focus()
        assert page.evaluate("document.activeElement.getAttribute('aria-label')") == \
            "node G pruned"
        page.keyboard.press("Space")
        assert page.is_checked("#pick-G")
        page.keyboard.press("Enter")
        assert not page.is_checked("#pick-G") and page.text_content("#quiz-pruned") == ""
        page.keyboard.press("Enter")
        assert page.text_content("#quiz-pruned") == "G"


def test_the_quiz_names_items_and_bounds_as_a_person_writes_them(browser: Any,
                                                                   live_server: str) -> None:
    with opened(browser, "desktop", "it") as page:
        _open(page, live_server)
        page.fill("#value-B", "4")
        page.fill("#alpha-C", "-inf")
        page.fill("#beta-C", "3")
        _check(page, "#quiz-items")
        rows = {row.locator("th").text_content(): row.locator("td").all_text_contents()
                for row in page.locator("#quiz-items tr.wrong").all()}
        assert rows["valore di B"][:3] == ["sbagliato", "4", "3"]
        assert rows["alfa in C"][:3] == ["sbagliato", "−∞", "3"]
        assert rows["beta in C"][:3] == ["sbagliato", "3", "2"]
        assert rows["nodi potati"][:3] == ["sbagliato", "nessuno", "I J"]


@pytest.mark.parametrize(("lang", "caption", "legend"), [
    ("en", "Alpha-beta by hand: write each node's value", "MAX"),
    ("it", "Alfa-beta a mano: scrivi il valore", "MAX (Più)")])
def test_the_sheet_is_drawn_in_the_page_language(browser: Any, live_server: str, lang: str,
                                                  caption: str, legend: str) -> None:
    with opened(browser, "desktop", lang) as page:
        _open(page, live_server)
        words = page.locator("#quiz-figure svg text").all_text_contents()
        assert any(w.startswith(caption) for w in words) and legend in words


def test_the_sheet_takes_a_language_and_refuses_another(client: TestClient) -> None:
    sheet = client.post("/v1/worksheet", json={"example": "aima", "lang": "it"})
    assert sheet.status_code == 200
    assert "Alfa&#45;beta a mano" in sheet.text and "Alpha" not in sheet.text
    assert "Alpha&#45;beta by hand" in client.post("/v1/worksheet",
                                                   json={"example": "aima"}).text
    wrong = client.post("/v1/worksheet", json={"example": "aima", "lang": "fr"})
    assert (wrong.status_code, wrong.json()["detail"]) == (
        422, "unknown lang 'fr' (choose from: en, it)")
