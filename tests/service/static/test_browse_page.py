"""The page #/browse on a small indexed trace (Othello alpha-beta at depth 4), at three
sizes in both languages: the overview, expanding a node, finding a node by its path and
drawing a subtree, with the four checks every page passes."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from browsers import browser
from playwright.sync_api import expect

from tests.service.pages import (
    LANGUAGES,
    SIZES,
    accessible,
    fits,
    only_catalog_text,
    opened,
    screenshot,
)
from tracer.analysis.index import build_index
from tracer.service.routes.indexes import INDEXES_ENV

__all__ = ["browser"]

@pytest.fixture(scope="module")
def othello_index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("browse")
    trace = folder / "othello.jsonl"
    subprocess.run([sys.executable, "-m", "tracer", "run", "othello", "--depth", "4", "-a",
                    "alphabeta", "-o", str(trace), "-q"], check=True,
                   stdout=subprocess.DEVNULL)
    from tracer.analysis.stats import Tally

    tally = Tally()
    build_index(trace, folder / "othello.index", counter=tally,
                summary=lambda: tally.stats().to_json())
    before = os.environ.get(INDEXES_ENV)
    os.environ[INDEXES_ENV] = str(folder / "othello.index")
    yield "othello"
    if before is None:
        del os.environ[INDEXES_ENV]
    else:
        os.environ[INDEXES_ENV] = before


def _checks(page: Any, lang: str) -> None:
    accessible(page)
    fits(page)
    only_catalog_text(page, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", list(SIZES))
def test_browse_page(browser: Any, live_server: str, othello_index: str, size: str,
                     lang: str) -> None:
    with opened(browser, size, lang) as page:
        page.goto(f"{live_server}/#/browse?index={othello_index}")
        tree = page.locator(".browse-tree")
        # the overview: the statistics per depth and the root's four children
        expect(page.locator(".browse-stats tr")).to_have_count(6)
        expect(tree.locator("li[role=treeitem]")).to_have_count(5)
        expect(page.locator(".browse-status")).not_to_be_empty()
        _checks(page, lang)
        screenshot(page, f"browse-overview-{size}-{lang}")
        # expand the first child (c4): its three children appear
        tree.locator(".browse-toggle").nth(1).click()
        expect(tree.locator("li[role=treeitem]")).to_have_count(8)
        # draw the subtree of the root: nodes and folded boxes
        page.locator(".browse-draw").first.click()
        expect(page.locator(".browse-figure svg")).to_have_count(1)
        assert page.locator(".browse-figure svg rect, .browse-figure svg circle").count() > 5
        _checks(page, lang)
        screenshot(page, f"browse-drawn-{size}-{lang}")
        # find a node by its path
        page.fill("#browse-path", "d3 / c3")
        page.click("#browse-go")
        expect(page.locator(".browse-crumbs")).to_contain_text("d3")
        expect(tree.locator("li[role=treeitem]").first).to_contain_text("c3")
        _checks(page, lang)
