"""Compare in a real browser at a phone's, a tablet's and a desktop's size, in English and
Italian, as loaded and stepped: axe finds no serious fault, nothing scrolls sideways,
controls are at least 44 px, every word is the catalog's.  The keyboard steps both runs
together (each as far as it goes), every column is explained, the runs stack on a phone,
and each run's diagram is downloaded in the page's language.
GAMETRACE_SCREENSHOTS=DIR saves the docs' pictures."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from browsers import browser
from pages import LANGUAGES, SIZES, checked, fits, messages, only_catalog_text, opened, screenshot
from playwright.sync_api import Page

__all__ = ["browser"]

PAIR = "/#/compare?example=aima&left=natural&right=reverse"
STORED = "S(T(1 5) U(4 2) V(3 9))"


def _open(page: Page, live_server: str, address: str = PAIR) -> None:
    page.goto(f"{live_server}{address}")
    page.wait_for_selector("#right-figure svg")


def _counters(page: Page) -> tuple[str, str, str]:
    return (page.text_content("#left-counter") or "", page.text_content("#right-counter") or "",
            page.text_content("#compare-counter") or "")


def _lengths(page: Page) -> tuple[int, int]:
    left, right, _ = _counters(page)
    return int(left.split(" / ")[1]), int(right.split(" / ")[1])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", list(SIZES))
def test_compare_loaded_and_stepped_at_every_size(browser: Any, live_server: str, size: str,
                                                  lang: str) -> None:
    with opened(browser, size, lang) as page:
        _open(page, live_server)
        checked(page, lang)
        for _ in range(3):
            page.click("#compare-next")
        assert _counters(page)[:2] == tuple(f"4 / {n}" for n in _lengths(page))
        checked(page, lang)
        left = page.locator("#left-figure").bounding_box()
        right = page.locator("#right-figure").bounding_box()
        assert left is not None and right is not None
        if size == "phone":  # stacked, each the width of the page
            assert right["y"] >= left["y"] + left["height"] and left["width"] > 300
        else:
            assert right["x"] >= left["x"] + left["width"] and abs(right["y"] - left["y"]) < 1
        screenshot(page, f"page-compare-{size}-{lang}")


def test_the_keys_step_both_runs_each_as_far_as_it_goes(browser: Any,
                                                        live_server: str) -> None:
    with opened(browser, "desktop", "en") as page:
        _open(page, live_server)
        short, long = _lengths(page)
        assert short < long  # natural prunes, reverse does not on aima
        page.keyboard.press("ArrowRight")
        assert _counters(page) == (f"2 / {short}", f"2 / {long}", f"Step 2 of {long}")
        for _ in range(short):
            page.keyboard.press("ArrowRight")
        # the shorter run stays on its last step while the longer goes on
        assert _counters(page) == (f"{short} / {short}", f"{short + 2} / {long}",
                                   f"Step {short + 2} of {long}")
        page.keyboard.press("End")
        assert _counters(page)[:2] == (f"{short} / {short}", f"{long} / {long}")
        page.keyboard.press("ArrowLeft")
        assert _counters(page)[:2] == (f"{short} / {short}", f"{long - 1} / {long}")
        page.keyboard.press("Home")
        assert _counters(page) == (f"1 / {short}", f"1 / {long}", f"Step 1 of {long}")
        page.select_option("#left", "best")
        page.wait_for_selector("#left-name:has-text('best')")
        assert "left=best" in page.url
        page.keyboard.press("ArrowRight")
        assert _counters(page)[2].startswith("Step 2 of ")


def test_every_column_is_explained(browser: Any, live_server: str) -> None:
    words = messages("it")
    with opened(browser, "desktop", "it") as page:
        _open(page, live_server)
        heads = page.locator("#compare-table th[data-column]")
        columns = heads.evaluate_all("hs => hs.map(h => h.dataset.column)")
        assert columns == ["leaves", "expanded", "cuts", "pruned", "first_share", "ebf"]
        for column in columns:
            head = page.locator(f"#compare-table th[data-column={column}] abbr")
            assert head.get_attribute("title") == words[f"compare.about.{column}"]
            assert head.text_content() == words[f"compare.col.{column}"]
        assert page.locator("#compare-columns dd").all_text_contents() == [
            words[f"compare.about.{c}"] for c in columns]
        assert page.text_content("#compare-table caption") == words["compare.caption"]


@pytest.mark.parametrize(("lang", "ebf", "share"), [("en", "2.65", "100%"),
                                                    ("it", "2,65", "100%")])
def test_numbers_are_written_as_the_page_language_writes_them(
        browser: Any, live_server: str, lang: str, ebf: str, share: str) -> None:
    with opened(browser, "desktop", lang) as page:
        _open(page, live_server)
        row = page.locator("#compare-table tr[data-ordering=natural] td")
        cells = dict(zip(["leaves", "expanded", "cuts", "pruned", "first_share", "ebf"],
                         row.all_text_contents(), strict=True))
        assert (cells["ebf"], cells["first_share"], cells["leaves"]) == (ebf, share, "7")
        minimax = page.locator("#compare-table tr[data-ordering=minimax] td").last
        assert minimax.text_content() == ("3.00" if lang == "en" else "3,00")


def test_each_run_downloads_in_the_page_language(browser: Any, live_server: str) -> None:
    with opened(browser, "desktop", "it") as page:
        _open(page, live_server)
        asked: list[dict[str, Any]] = []
        page.on("request", lambda r: asked.append(json.loads(r.post_data or "{}"))
                if r.url.endswith("/v1/render") else None)
        with page.expect_download() as got:
            page.click("#right-download-svg")
        assert got.value.suggested_filename == "reverse.svg"
        assert asked[-1]["options"] == {"lang": "it", "theme": "colour"}
        assert asked[-1]["format"] == "svg"
        svg = Path(got.value.path()).read_text(encoding="utf-8")
        assert "valore 3, mossa migliore B" in svg and "best move" not in svg


def test_both_runs_are_stored_and_linked(browser: Any, live_server: str) -> None:
    with opened(browser, "phone", "en") as page:
        # a tree of its own: the shared server's other tests list the lecture's traces
        _open(page, live_server, f"/#/compare?tree={quote(STORED)}&left=natural&right=reverse")
        page.tap("#compare-store")
        page.wait_for_selector("#compare-shared a.stored >> nth=1")
        links = page.locator("#compare-shared a.stored")
        assert links.all_text_contents() == ["natural", "reverse"]
        ids = [(a.get_attribute("href") or "").removeprefix("#/step?id=")
               for a in links.all()]
        listed = page.request.get(f"{live_server}/v1/traces?tag=compare&limit=500").json()
        titles = {r["id"]: r["title"] for r in listed["items"]}
        named = f"alphabeta (fail-soft) on tree {STORED} (6 leaves)"
        assert [titles[i] for i in ids] == [named, f"{named}, order reverse"]
        fits(page)
        only_catalog_text(page, "en")
