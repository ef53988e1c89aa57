"""The checker's own words on the pages follow the page's language: the quiz asks the
check in the page's language and marks the reasons with it (they come from the server,
not from the catalogs, so they stay ``translate="no"``)."""

from __future__ import annotations

from typing import Any

import pytest
from browsers import browser
from pages import accessible, fits, only_catalog_text, opened, screenshot
from playwright.sync_api import Page

from tracer.analysis.check.wording import EN, IT

__all__ = ["browser"]


def _wrong_answer(page: Page, live_server: str) -> str:
    page.goto(f"{live_server}/#/quiz?example=aima")
    page.wait_for_selector("#quiz-figure svg g.node[role=checkbox]")
    page.fill("#value-A", "3")
    for node in ("G", "H"):
        page.check(f"#pick-{node}")
    page.click("#quiz-check")
    page.wait_for_selector("#quiz-first-mistake")
    return " ".join(page.locator("#quiz-items tr.wrong td:last-child").all_text_contents())


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_an_italian_quiz_explains_a_mistake_in_italian(browser: Any, live_server: str,
                                                        size: str) -> None:
    with opened(browser, size, "it") as page:
        why = _wrong_answer(page, live_server)
        assert "quindi non c'è taglio e B passa a G; hai potato G" in why
        for english in (EN["check.you.pruned"].split("{")[0], "no cut", " so "):
            assert english not in why
        marked = page.locator("#quiz-result .checker-text")
        assert marked.count() > 0
        assert set(marked.evaluate_all("els => els.map(e => e.lang)")) == {"it"}
        assert set(marked.evaluate_all("els => els.map(e => e.translate)")) == {False}
        accessible(page)
        fits(page)
        only_catalog_text(page, "it")
        screenshot(page, f"page-quiz-why-{size}-it")


def test_an_english_quiz_explains_in_english(browser: Any, live_server: str) -> None:
    with opened(browser, "desktop", "en") as page:
        why = _wrong_answer(page, live_server)
        assert "so there is no cut and B goes on to G; you pruned G" in why
        assert IT["check.you.pruned"].split("{")[0] not in why
        marked = page.locator("#quiz-result .checker-text")
        assert set(marked.evaluate_all("els => els.map(e => e.lang)")) == {"en"}
