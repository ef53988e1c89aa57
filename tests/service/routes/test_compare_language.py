"""``POST /v1/compare`` in Italian: the report's title is written in the language asked,
English stays the command line's, another language is refused; the compare page asks in
its own language and marks the title with it."""

from __future__ import annotations

from typing import Any

import pytest
from browsers import browser
from pages import opened
from starlette.testclient import TestClient

from tracer.analysis.orderings import compare_source, plan_comparison

__all__ = ["browser"]


def test_the_title_is_in_the_language_asked(client: TestClient) -> None:
    english = client.post("/v1/compare", json={"example": "aima"}).json()
    italian = client.post("/v1/compare", json={"example": "aima", "lang": "it"}).json()
    assert english["title"] == "alphabeta (fail-soft) on aima"
    assert italian["title"] == "alphabeta (fail-soft) su aima"
    # only the words change, never the counts
    assert {k: v for k, v in italian.items() if k != "title"} == {
        k: v for k, v in english.items() if k != "title"}


def test_another_language_is_refused(client: TestClient) -> None:
    wrong = client.post("/v1/compare", json={"example": "aima", "lang": "fr"})
    assert (wrong.status_code, wrong.json()["detail"]) == (
        422, "unknown lang 'fr' (choose from: en, it)")


@pytest.mark.parametrize(("lang", "title"), [
    ("en", "alpha-beta on aima, depth 2"), ("it", "alfa-beta su aima, profondità 2")])
def test_the_library_titles_a_technique_comparison_in_either_language(lang: str,
                                                                      title: str) -> None:
    plan = plan_comparison(techniques="alphabeta,pvs")
    assert compare_source("aima", plan, depth=2, repeat=1, lang=lang).title == title


def test_the_page_shows_the_italian_title(browser: Any, live_server: str) -> None:
    with opened(browser, "desktop", "it") as page:
        page.goto(f"{live_server}/#/compare?example=aima&left=natural&right=reverse")
        page.wait_for_selector("#right-figure svg")
        title = page.locator("#compare-title span")
        assert title.text_content() == "alphabeta (fail-soft) su aima"
        assert title.get_attribute("lang") == "it"
