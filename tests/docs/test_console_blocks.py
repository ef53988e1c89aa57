"""Every console block of README.md and docs/*.md runs, and prints what it shows.

The collector is tests/docs/console.py (why not Sybil or pytest-examples: a console
block is a shell session, which neither runs without a parser of our own, and the
pages' commands must share one folder per page, in order)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.docs.console import BUDGET_S, Block, every_block, matches, normalise, prepare, run

BLOCKS = every_block()
RUN = [b for b in BLOCKS if b.not_run is None]


class Page:
    """A page's folder, and how many of its blocks have run in it."""

    def __init__(self, folder: Path, page: Path) -> None:
        self.folder = folder
        self.env = prepare(folder, page)
        self.done = 0


@pytest.fixture(scope="session")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[Path, Page]:
    return {}


def folder_for(block: Block, pages: dict[Path, Page],
               factory: pytest.TempPathFactory) -> Page:
    """The page's folder, with the page's blocks before this one run in it first (a
    block may read what an earlier one wrote), even when this block is run alone."""
    page = pages.get(block.page)
    if page is None:
        page = pages[block.page] = Page(factory.mktemp(block.page.stem), block.page)
    earlier = [b for b in RUN if b.page == block.page and b.lineno < block.lineno]
    for before in earlier[page.done:]:
        for command in before.commands:
            run(command.line, page.folder, page.env, BUDGET_S)
    page.done = len(earlier) + 1
    return page


@pytest.mark.parametrize("block", RUN, ids=[b.id for b in RUN])
def test_a_console_block_shows_what_its_commands_print(
        block: Block, pages: dict[Path, Page], tmp_path_factory: pytest.TempPathFactory) -> None:
    page = folder_for(block, pages, tmp_path_factory)
    started = time.monotonic()
    for command in block.commands:
        left = BUDGET_S - (time.monotonic() - started)
        printed = normalise(run(command.line, page.folder, page.env, max(left, 1)))
        shown = normalise(command.shown)
        assert matches(shown, printed), (
            f"$ {command.line}\n--- the page shows:\n" + "\n".join(shown)
            + "\n--- the command prints:\n" + "\n".join(printed))


def test_blocks_not_run_are_few_and_say_why() -> None:
    skipped = [b for b in BLOCKS if b.not_run is not None]
    assert len(skipped) <= len(BLOCKS) // 4, [b.id for b in skipped]
    assert all(len(b.not_run or "") >= 10 for b in skipped)
