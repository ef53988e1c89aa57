"""The browser of the page tests: Debian's chromium driven by Playwright (never a
downloaded one), one per test module (``from browsers import browser``), and pages in
browser contexts of their own, guarded: every request must stay on 127.0.0.1 and the
page must raise no script error."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, Route, sync_playwright

CHROMIUM = os.environ.get("GAMETRACE_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ANSWERED = "Failed to load resource: the server responded with a status of 4"
"""What chromium logs for every 4xx answer: a problem the page shows (a parse error as
the user types) is not a script error."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make sysdeps-browser` installs Debian's chromium")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield b
        b.close()


@contextmanager
def guarded(browser: Any, *, console: bool = True, script: str | None = None,
            **options: Any) -> Iterator[Page]:
    """A page of a context of its own (``options`` go to ``browser.new_context``, and
    ``script`` runs in each of its pages before the page's own), whose requests must all
    stay on 127.0.0.1 and which must raise no script error; with ``console``, it must log
    no error either (but a 4xx answer, see :data:`ANSWERED`).  Checked when the block
    ends, after the context is closed."""
    outside: list[str] = []
    errors: list[str] = []

    def guard(route: Route) -> None:
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context = browser.new_context(**options)
    if script is not None:
        context.add_init_script(script)
    try:
        page = context.new_page()
        page.route("**/*", guard)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        if console:
            page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error"
                    and not msg.text.startswith(ANSWERED) else None)
        page.set_default_timeout(30_000)
        yield page
    finally:
        context.close()
    assert outside == [], f"requests left loopback: {outside}"
    assert errors == [], f"script errors in the page: {errors}"
