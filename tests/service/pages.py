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

from axe_playwright_python.sync_playwright import Axe
from browsers import guarded
from playwright.sync_api import Page

import tracer.service

SIZES = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 768, "height": 1024},
         "desktop": {"width": 1280, "height": 720}}
LANGUAGES = ("en", "it")
MESSAGES = Path(tracer.service.__file__).parent / "static" / "messages"
TOUCH_TARGET = 44
SERIOUS = ("serious", "critical")


@contextmanager
def opened(browser: Any, size: str, lang: str, *, at: str | None = None,
           ready: str | None = None) -> Iterator[Page]:
    """A page of its own context at ``size`` in ``lang``, guarded
    (:func:`browsers.guarded`: its requests all stay on 127.0.0.1, no script error);
    gone to the address ``at`` if given, and there until the selector ``ready`` matches."""
    phone = size == "phone"
    with guarded(browser, viewport=SIZES[size], locale="it-IT" if lang == "it" else "en-US",
                 has_touch=phone, is_mobile=phone,
                 script=f"localStorage.setItem('gametrace.lang', {json.dumps(lang)})") as page:
        if at is not None:
            page.goto(at)
        if ready is not None:
            page.wait_for_selector(ready)
        yield page


def checked(page: Page, lang: str) -> None:
    """The checks of every page as it is now: :func:`accessible`, :func:`fits` and
    :func:`only_catalog_text` in ``lang``."""
    accessible(page)
    fits(page)
    only_catalog_text(page, lang)


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


def messages(lang: str) -> dict[str, str]:
    """The message catalog of ``lang``: key to message."""
    catalog: dict[str, str] = json.loads((MESSAGES / f"{lang}.json").read_text(encoding="utf-8"))
    return catalog


def _patterns(lang: str) -> list[re.Pattern[str]]:
    out = []
    for message in messages(lang).values():
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


def screenshot(page: Page, name: str, *, whole: bool = True, top: str | None = None) -> None:
    """Saves the page as DIR/NAME.png when GAMETRACE_SCREENSHOTS=DIR is set (the docs'
    pictures are made this way), at CSS pixels: the whole page, or without ``whole`` the
    screen as it shows the page (scrolled first to put the element ``top`` at its top)."""
    folder = os.environ.get("GAMETRACE_SCREENSHOTS")
    if folder:
        if top is not None:
            page.eval_on_selector(top, "e => e.scrollIntoView({block: 'start'})")
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=whole, scale="css")
