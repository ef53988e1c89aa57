"""The library: stored traces newest first, paged with a total, searched; titles that
name what was searched; the page at three sizes in both languages."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsers import browser
from pages import LANGUAGES, SIZES, checked, messages, opened, screenshot
from playwright.sync_api import Page
from served import serving
from starlette.testclient import TestClient

from tracer.service import Settings, create_app
from tracer.service.storage.store import SqlStore, describe

__all__ = ["browser"]

PAGE_SIZE = 20
"""Traces on a page of the library (library.js)."""
TREES = [f"R(X({n} {n + 1}) Y({n + 2} {n + 3}))" for n in range(7)]


def _info(n: int) -> dict[str, str]:
    return {"algorithm": "minimax", "variant": "v", "source": f"s{n % 2}",
            "title": f"trace {n}"}


def test_the_store_lists_newest_first_when_asked_and_counts_what_matches(
        store: SqlStore) -> None:
    ids = [store.put(f"t{n}".encode(), **_info(n), tags=[f"w{n % 3}"])[0] for n in range(7)]
    assert [r.id for r in store.list(newest=True)] == ids[::-1]
    assert [r.id for r in store.list(newest=True, limit=2, offset=2)] == [ids[4], ids[3]]
    assert [r.id for r in store.list()] == ids  # oldest first stays the default
    assert store.count() == 7
    assert (store.count(source="s1"), store.count(tag="w0"), store.count(text="TRACE 5"),
            store.count(algorithm="alphabeta")) == (3, 3, 1, 0)


@pytest.fixture
def fresh(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The service on an empty store (no seeded traces), with seven trees stored."""
    nothing = tmp_path_factory.mktemp("no-seeds")
    with TestClient(create_app(Settings(db=db_url, seed_dir=nothing))) as c:
        for tree in TREES:
            got = c.post("/v1/search", json={"tree": tree, "store": True})
            assert got.status_code == 200, got.text
        yield c


def _titles(c: TestClient, **query: str | int) -> list[str]:
    return [r["title"] for r in c.get("/v1/traces", params=query).json()["items"]]


def test_the_listing_is_newest_first_paged_with_its_total(fresh: TestClient) -> None:
    first = fresh.get("/v1/traces", params={"limit": 3}).json()
    assert (first["total"], first["limit"], first["offset"]) == (7, 3, 0)
    titles = [f"alphabeta (fail-soft) on tree R(X({n} {n + 1}) Y({n + 2} {n + 3})) (4 leaves)"
              for n in range(7)]
    assert [r["title"] for r in first["items"]] == titles[:3:-1]
    assert _titles(fresh, limit=3, offset=3) == titles[3:0:-1]
    assert _titles(fresh, limit=3, offset=6) == titles[:1]
    assert _titles(fresh, order="oldest", limit=2) == titles[:2]
    searched = fresh.get("/v1/traces", params={"text": "X(5 6)", "limit": 3}).json()
    assert (searched["total"], [r["title"] for r in searched["items"]]) == (1, [titles[5]])


def test_an_unknown_order_is_refused_naming_the_orders(fresh: TestClient) -> None:
    got = fresh.get("/v1/traces", params={"order": "random"})
    assert got.status_code == 400
    assert got.json()["detail"] == "unknown order 'random' (choose from: newest, oldest)"
    assert got.json()["where"] == "order"


def test_titles_name_the_tree_the_game_and_the_options() -> None:
    def title(source: dict[str, object], **options: object) -> str:
        return describe({"algorithm": "alphabeta", "variant": "fail-hard",
                         "source": source, "options": options})["title"]

    tree = {"kind": "tree", "name": None, "tree": {"tree": {"label": "A", "children": [
        {"label": "B", "children": [{"value": 3}, {"value": 12}]}, {"value": -2}]}}}
    assert title(tree) == "alphabeta (fail-hard) on tree A(B(3 12) -2) (3 leaves)"
    assert title(tree, order="random", seed=7, depth=2, cut_on="gt", root_player="min") == (
        "alphabeta (fail-hard) on tree A(B(3 12) -2) (3 leaves), order random seed 7, "
        "depth 2, cut on >, MIN at the root")
    wide = {"kind": "tree", "tree": {"tree": {"children": [{"value": n} for n in range(500)]}}}
    assert title(wide).endswith("19 20 21... (500 leaves)")
    assert len(title(wide)) < 120
    nim = {"kind": "game", "name": "nim", "params": {"piles": [2, 2], "misere": False}}
    assert title(nim, order="best") == (
        "alphabeta (fail-hard) on nim, order best, piles=2,2 misere=false")
    assert title({"kind": "tree", "name": "aima"}) == "alphabeta (fail-hard) on aima"


# --- the page -------------------------------------------------------------------------

NEWEST = "alphabeta (fail-soft) on tree R(X(6 7) Y(8 9)) (4 leaves)"


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """``gametrace serve`` on a store seeded with the repository's traces and then the
    seven trees above: its URL, and how many traces it holds."""
    db = tmp_path_factory.mktemp("library-page") / "traces.db"
    with serving(str(db), workers=1) as base:
        for tree in TREES:
            request = urllib.request.Request(
                f"{base}/v1/search", data=json.dumps({"tree": tree, "store": True}).encode(),
                headers={"content-type": "application/json"})
            assert urllib.request.urlopen(request, timeout=60).status == 200
        with urllib.request.urlopen(f"{base}/v1/traces?limit=1", timeout=60) as answer:
            total = json.loads(answer.read())["total"]
        yield base, total


def _shown(page: Page) -> list[str]:
    return page.locator("#library-list a.open").all_text_contents()


def _wait_total(page: Page, words: dict[str, str], first: int, last: int, total: int) -> None:
    """Wait until the listing says exactly this range: a wait on a part of the text can
    pass on the previous page's (its "21" holds a "1") before the new page is drawn."""
    text = words["library.total"].format(**{"from": first, "to": last, "total": total})
    page.wait_for_function("t => document.querySelector('#library-total')?.textContent === t",
                           arg=text)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", list(SIZES))
def test_the_library_paged_and_searched_at_every_size(browser: Any, library: tuple[str, int],
                                                      size: str, lang: str) -> None:
    base, total = library
    words = messages(lang)
    pages = -(-total // PAGE_SIZE)
    assert pages >= 2
    with opened(browser, size, lang) as page:
        page.goto(f"{base}/#/library")
        page.wait_for_selector("#library-list a.open")
        first = _shown(page)
        assert len(first) == PAGE_SIZE and first[0] == NEWEST
        assert page.text_content("#library-total") == words["library.total"].format(
            **{"from": 1, "to": PAGE_SIZE, "total": total})
        assert page.is_disabled("#library-prev") and not page.is_disabled("#library-next")
        checked(page, lang)
        page.click("#library-next")
        _wait_total(page, words, PAGE_SIZE + 1, min(2 * PAGE_SIZE, total), total)
        second = _shown(page)
        assert second and not set(second) & set(first)
        assert page.text_content("#library-page") == words["library.page"].format(
            page=2, pages=pages)
        assert not page.is_disabled("#library-prev")
        checked(page, lang)
        page.fill("#library-text", "X(3 4)")
        page.press("#library-text", "Enter")
        _wait_total(page, words, 1, 1, 1)
        assert _shown(page) == ["alphabeta (fail-soft) on tree R(X(3 4) Y(5 6)) (4 leaves)"]
        assert page.is_disabled("#library-prev") and page.is_disabled("#library-next")
        checked(page, lang)
        page.fill("#library-text", "on aima")  # the lecture's traces: one page, for the docs
        page.press("#library-text", "Enter")
        _wait_total(page, words, 1, 9, 9)
        assert len(_shown(page)) == 9
        screenshot(page, f"page-library-{size}-{lang}")


def test_downloads_follow_the_language_and_the_theme(browser: Any,
                                                     library: tuple[str, int]) -> None:
    base, _ = library
    with opened(browser, "desktop", "it") as page:
        page.goto(f"{base}/#/library")
        page.wait_for_selector("#library-list a.open")
        page.select_option("#library-theme", "print")
        page.wait_for_selector("#library-list a.open")
        assert "theme=print" in page.url
        row = page.locator("#library-list tr", has=page.locator("a.open", has_text=NEWEST))
        ident = (row.locator("a.open").get_attribute("href") or "").split("id=")[1]
        for fmt in ("svg", "png", "pdf"):
            href = row.locator(f"a.download-{fmt}").get_attribute("href")
            assert href == f"v1/traces/{ident}/diagram.{fmt}?lang=it&theme=print"
        assert row.locator("a.download-trace").get_attribute("href") == f"v1/traces/{ident}"
        with page.expect_download() as got:
            row.locator("a.download-svg").click()
        svg = Path(got.value.path()).read_text(encoding="utf-8")
        assert "mossa migliore" in svg and "best move" not in svg
