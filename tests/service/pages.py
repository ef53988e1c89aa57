"""What every page test checks, at every size and in both languages: a browser context of
one size (touch emulated on the phone), the page's language chosen, axe-core finding no
serious or critical violation, no sideways scrolling, controls of at least 44 px, and no
text on the page outside the message catalogs.

A page marks what is not its own wording (a user's tree, a title, a node's name, a number,
a server-drawn diagram) with ``translate="no"``; everything else it shows must be a message
of the catalog of its language, with its ``{NAME}`` placeholders filled in.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, Route

import tracer.service

SIZES = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 768, "height": 1024},
         "desktop": {"width": 1280, "height": 720}}
LANGUAGES = ("en", "it")
MESSAGES = Path(tracer.service.__file__).parent / "static" / "messages"
TOUCH_TARGET = 44
SERIOUS = ("serious", "critical")
ANSWERED = "Failed to load resource: the server responded with a status of 4"
"""What chromium logs for every 4xx answer: a problem the page shows (a parse error as
the user types) is not a script error."""


@contextmanager
def opened(browser: Any, size: str, lang: str) -> Iterator[Page]:
    """A page of its own context at ``size`` in ``lang``, whose requests must all stay on
    127.0.0.1 and which must raise no script error."""
    outside: list[str] = []
    errors: list[str] = []

    def guard(route: Route) -> None:
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    phone = size == "phone"
    context = browser.new_context(viewport=SIZES[size], locale="it-IT" if lang == "it" else "en-US",
                                  has_touch=phone, is_mobile=phone)
    context.add_init_script(f"localStorage.setItem('gametrace.lang', {json.dumps(lang)})")
    page = context.new_page()
    page.route("**/*", guard)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error"
            and not msg.text.startswith(ANSWERED) else None)
    page.set_default_timeout(30_000)
    try:
        yield page
    finally:
        context.close()
    assert outside == [], f"requests left loopback: {outside}"
    assert errors == [], f"script errors in the page: {errors}"


def accessible(page: Page) -> None:
    """axe-core (bundled with axe-playwright-python, nothing downloaded) finds no serious
    or critical violation in the page as it is now."""
    results = Axe().run(page)
    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
           for v in results.response["violations"] if v["impact"] in SERIOUS]
    assert bad == [], f"axe: {bad}"


def fits(page: Page) -> None:
    """The page does not scroll sideways, and every visible control is at least 44 px."""
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow} px"
    small = page.evaluate("""min => [...document.querySelectorAll(
        'button, select, a[href], input:not([type=hidden]), [role=button]')]
      .filter(e => e.offsetParent !== null && !e.closest('svg, table')
                   && !['checkbox', 'radio'].includes(e.type))
      .map(e => [e.id || e.textContent.trim().slice(0, 20) || e.tagName,
                 e.getBoundingClientRect()])
      .filter(([, r]) => r.width > 0 && (r.height < min || r.width < min))
      .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)""",
                          TOUCH_TARGET)
    assert small == [], f"controls smaller than {TOUCH_TARGET} px: {small}"


def _patterns(lang: str) -> list[re.Pattern[str]]:
    catalog = json.loads((MESSAGES / f"{lang}.json").read_text(encoding="utf-8"))
    out = []
    for message in catalog.values():
        parts = re.split(r"\{\w+\}", message)
        out.append(re.compile(".+?".join(re.escape(p.strip()) for p in parts).strip(),
                              re.DOTALL))
    return out


def only_catalog_text(page: Page, lang: str) -> None:
    """Every piece of text the page shows (its text nodes, and the labels, titles and
    placeholders of its controls) is a message of ``lang``'s catalog, except inside
    ``translate="no"`` (a user's data) and server-drawn SVG."""
    shown = page.evaluate("""() => {
      const out = [];
      const foreign = n => n.closest('[translate="no"], svg, script, style, option[data-user]');
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent.trim();
        if (text && n.parentElement && !foreign(n.parentElement)
            && n.parentElement.offsetParent !== null) out.push(text);
      }
      for (const e of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
        if (foreign(e)) continue;
        for (const a of ['aria-label', 'title', 'placeholder'])
          if (e.getAttribute(a)) out.push(e.getAttribute(a).trim());
      }
      return out;
    }""")
    patterns = _patterns(lang)
    symbols = re.compile(r"^[\s\d.,:;/+\-−–—()\[\]%#×▶◀⟲αβ∞=<>≤≥|…]*$")
    strays = [text for text in shown if not symbols.match(text)
              and not any(p.fullmatch(text) for p in patterns)]
    assert strays == [], f"{lang}: text outside the catalog: {strays[:10]}"


def screenshot(page: Page, name: str) -> None:
    """Saves the page as DIR/NAME.png when GAMETRACE_SCREENSHOTS=DIR is set (the docs'
    pictures are made this way)."""
    folder = os.environ.get("GAMETRACE_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True, scale="css")
