"""The editor and the stepper in a real browser (Debian's chromium, never a downloaded
one), at a phone's, a tablet's and a desktop's size, in English and Italian: axe finds no
serious fault, nothing scrolls sideways, every control is at least 44 px, every word is
the catalog's; and what the class needs of them: the diagram pans and zooms by touch,
stepping works from the keyboard alone, the step survives a change of option or
language, long searches come a page of frames at a time, the heading spoils nothing,
problems come back in the page's language, the icon is served, and a page's keys go
with it.  GAMETRACE_SCREENSHOTS=DIR saves the pictures of docs/service.md there.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from browsers import browser
from pages import LANGUAGES, SIZES, checked, opened, screenshot
from playwright.sync_api import Page
from starlette.testclient import TestClient

__all__ = ["browser"]

BOUND = 1_100_000
"""Bytes one answer of frames may weigh: the service's page of SVG (1 MB) and its JSON."""


def _wide_tree(branching: int, depth: int) -> str:
    """A complete tree in the text notation, its leaves 0..22 in a fixed scramble."""
    leaves = iter(range(10_000))

    def node(level: int) -> str:
        if level == 0:
            return str(next(leaves) * 7 % 23)
        return "(" + " ".join(node(level - 1) for _ in range(branching)) + ")"

    return node(depth)


def _counter(page: Page) -> str:
    return page.text_content("#stepper-counter") or ""


# --- every size, both languages ------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", list(SIZES))
def test_the_editor_fits_every_size_in_both_languages(browser: Any, live_server: str,
                                                      size: str, lang: str) -> None:
    with opened(browser, size, lang, at=f"{live_server}/#/edit", ready="#parse-status.ok") as page:
        assert page.text_content("#open-step") == ("Step through" if lang == "en"
                                                   else "Passo per passo")
        checked(page, lang)
        screenshot(page, f"page-edit-{size}-{lang}")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", list(SIZES))
def test_the_stepper_fits_every_size_in_both_languages(browser: Any, live_server: str,
                                                       size: str, lang: str) -> None:
    with opened(browser, size, lang, at=f"{live_server}/#/step?example=aima&at=4",
                ready="#stepper-figure svg") as page:
        assert _counter(page) == "4 / 23"
        step = "Step" if lang == "en" else "Passo"
        assert (page.text_content("#stepper-caption") or "").startswith(f"{step} 4/23")
        checked(page, lang)
        if size == "phone":
            # the stepper's buttons sit at the bottom of the screen, in reach of a thumb
            box = page.locator("#stepper-next").bounding_box()
            bottom = SIZES[size]["height"]
            assert box is not None and bottom - 100 < box["y"] + box["height"] <= bottom
        # on a phone, the screen as it shows the page: a whole-page picture would draw the
        # fixed buttons over the middle of the page
        screenshot(page, f"page-step-{size}-{lang}", whole=size != "phone")


@pytest.fixture
def page(browser: Any, live_server: str) -> Iterator[Page]:
    """The page of the tests that take one: the AIMA example's stepper, its diagram
    drawn, on a desktop in English."""
    with opened(browser, "desktop", "en", at=f"{live_server}/#/step?example=aima",
                ready="#stepper-figure svg") as page:
        yield page


# --- phones: pan and zoom ------------------------------------------------------------

def _transform(page: Page) -> str:
    return str(page.eval_on_selector("#stepper-figure > svg", "s => s.style.transform"))


def _touch(cdp: Any, kind: str, points: list[tuple[float, float]]) -> None:
    cdp.send("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [{"x": x, "y": y, "id": i}
                                      for i, (x, y) in enumerate(points)]})


def test_the_diagram_pans_and_zooms_by_touch_on_a_phone(browser: Any,
                                                         live_server: str) -> None:
    with opened(browser, "phone", "en", at=f"{live_server}/#/step?example=aima",
                ready="#stepper-figure svg") as page:
        box = page.locator("#stepper-figure").bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        cdp = page.context.new_cdp_session(page)
        _touch(cdp, "touchStart", [(x, y)])
        _touch(cdp, "touchMove", [(x + 40, y + 30)])
        _touch(cdp, "touchEnd", [])
        assert _transform(page) == "translate(40px, 30px) scale(1)"
        _touch(cdp, "touchStart", [(x - 20, y), (x + 20, y)])
        _touch(cdp, "touchMove", [(x - 60, y), (x + 60, y)])
        _touch(cdp, "touchEnd", [])
        scale = re.search(r"scale\(([\d.]+)\)", _transform(page))
        assert scale is not None and float(scale[1]) > 2.5  # the fingers spread 3 times
        page.click(".zoom-tools button:nth-child(3)")
        assert _transform(page) == "translate(0px, 0px) scale(1)"


def test_the_diagram_zooms_by_wheel_and_keys_on_a_desktop(page: Page) -> None:
    page.hover("#stepper-figure")
    page.mouse.wheel(0, -100)
    assert "scale(1.15)" in _transform(page)
    page.focus("#stepper-figure")
    page.keyboard.press("0")
    page.keyboard.press("+")
    assert "scale(1.25)" in _transform(page)


# --- keyboard, live region, text alternative -----------------------------------------

def test_the_stepper_steps_from_the_keyboard_alone(page: Page) -> None:
    for _ in range(40):  # Tab until the Next button has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "stepper-next":
            break
    assert page.evaluate("document.activeElement.id") == "stepper-next"
    outline = page.eval_on_selector("#stepper-next",
                                    "b => getComputedStyle(b).outlineStyle")
    assert outline == "solid"  # the focus is visible
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    assert _counter(page) == "3 / 23"
    page.keyboard.press("ArrowRight")
    assert _counter(page) == "4 / 23"
    caption = page.locator("#stepper-caption")
    assert caption.get_attribute("aria-live") == "polite"
    assert (caption.text_content() or "").startswith("Step 4/23")
    figure = page.locator("#stepper-figure")
    assert figure.get_attribute("role") == "img"
    alt = figure.get_attribute("aria-label") or ""
    assert alt.startswith(caption.text_content() or "-") and "Values so far:" in alt
    page.keyboard.press("End")
    assert _counter(page) == "23 / 23"
    assert "A 3" in (figure.get_attribute("aria-label") or "")
    page.keyboard.press("Home")
    assert _counter(page) == "1 / 23"


# --- no lost place, no spoilers ------------------------------------------------------

def test_the_step_survives_a_change_of_option_and_language(page: Page) -> None:
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    assert _counter(page) == "7 / 23"
    assert "at=7" in page.url
    page.check("#toggle-window")
    page.wait_for_function("() => document.querySelector('#toggle-window')?.checked")
    page.wait_for_selector("#stepper-figure svg")
    assert _counter(page) == "7 / 23"
    page.select_option("#language", "it")
    page.wait_for_selector("#stepper-caption >> text=Passo 7/23")
    assert _counter(page) == "7 / 23"
    assert page.is_checked("#toggle-window")
    assert page.text_content("label:has(#toggle-theme)") \
        == "Tema per la stampa"


def test_the_heading_does_not_say_the_root_value_at_step_one(client: TestClient,
                                                              page: Page) -> None:
    trace = client.post("/v1/search", json={"example": "aima"}).json()["trace"]
    answer = client.post("/v1/frames", json={"trace": trace, "count": 1}).json()
    assert answer["caption"] == "alpha-beta (fail-soft): value 3, best move B"  # the result
    assert answer["title"] == "alpha-beta (fail-soft)"
    heading = page.text_content("#step-title") or ""
    assert heading == "alpha-beta (fail-soft)"
    assert "3" not in heading and "B" not in heading.replace("alpha-beta", "")
    assert "value 3" not in (page.text_content("#stepper-caption") or "")


# --- pages of frames -----------------------------------------------------------------

def test_pages_of_frames_join_into_the_whole_sequence(client: TestClient) -> None:
    trace = client.post("/v1/search", json={"example": "aima"}).json()["trace"]
    whole = client.post("/v1/frames", json={"trace": trace}).json()
    assert whole["count"] == len(whole["frames"]) == 23 and whole["first"] == 0
    joined = []
    for first in range(0, 23, 5):
        part = client.post("/v1/frames", json={"trace": trace, "first": first,
                                               "count": 5}).json()
        assert part["count"] == 23 and part["first"] == first
        assert len(part["frames"]) == min(5, 23 - first)
        joined += part["frames"]
    assert joined == whole["frames"]  # the same pictures: every page on one layout
    beyond = client.post("/v1/frames", json={"trace": trace, "first": 23, "count": 5})
    assert beyond.json()["frames"] == []


def test_a_search_of_more_than_400_steps_is_answered_in_bounded_pages(
        client: TestClient) -> None:
    tree = _wide_tree(6, 3)
    trace = client.post("/v1/search", json={"tree": tree, "algorithm": "minimax"}
                        ).json()["trace"]
    first = client.post("/v1/frames", json={"trace": trace, "count": 50})
    total = first.json()["count"]
    assert total > 400
    # the byte bound, not the count asked, ends the page: fewer than 50 frames, but some
    assert len(first.content) <= BOUND and 0 < len(first.json()["frames"]) < 50
    last = client.post("/v1/frames", json={"trace": trace, "first": total - 1, "count": 50})
    assert len(last.content) <= BOUND
    frames = last.json()["frames"]
    assert len(frames) == 1 and frames[0]["caption"] == last.json()["caption"]
    assert last.json()["caption"].startswith("minimax (two-function): value ")
    ident = client.post("/v1/search", json={"tree": tree, "algorithm": "minimax",
                                            "store": True}).json()["id"]
    paged = client.get(f"/v1/traces/{ident}/frames", params={"first": total - 3, "count": 2})
    assert [f["caption"][:len(f"Step {total - 2}/")] for f in paged.json()["frames"]] == \
        [f"Step {total - 2}/", f"Step {total - 1}/"]
    zero = client.get(f"/v1/traces/{ident}/frames", params={"count": 0})
    assert (zero.status_code, zero.json()["detail"]) == (400, "count must be in 1..400, got 0")


def test_a_long_search_is_stepped_to_its_end_a_page_at_a_time(browser: Any,
                                                              live_server: str) -> None:
    tree = _wide_tree(6, 3)
    with opened(browser, "desktop", "en") as page:
        sizes: list[int] = []
        page.on("response", lambda r: sizes.append(len(r.body()))
                if r.url.endswith("/v1/frames") else None)
        page.goto(f"{live_server}/#/step?algorithm=minimax&tree={quote(tree)}")
        page.wait_for_selector("#stepper-figure svg", timeout=120_000)
        total = int(_counter(page).split(" / ")[1])
        assert total > 400
        page.keyboard.press("End")
        page.wait_for_selector("#stepper-caption >> text=value", timeout=120_000)
        assert _counter(page) == f"{total} / {total}"
        page.keyboard.press("ArrowLeft")
        page.wait_for_selector(f"#stepper-caption >> text=Step {total - 1}/{total}",
                               timeout=120_000)
        assert sizes and max(sizes) <= BOUND
        assert f"at={total - 1}" in page.url


def test_the_service_bounds_the_steps_of_a_sequence(tmp_path: Path) -> None:
    from tracer.service import Settings, create_app

    with TestClient(create_app(Settings(db=str(tmp_path / "t.db"), max_nodes=20))) as c:
        trace = c.post("/v1/search", json={"example": "aima"}).json()["trace"]
        answer = c.post("/v1/frames", json={"trace": trace})
        assert answer.status_code == 422
        assert answer.json()["detail"] == (
            "the trace has 23 steps and the service steps through at most 20: choose a "
            "coarser step (node, leaf) or search with a depth limit")
        assert "--max-frames" not in answer.text
        coarser = c.post("/v1/frames", json={"trace": trace, "options": {"step": "leaf"}})
        assert coarser.status_code == 200 and coarser.json()["count"] < 20


# --- store, share, download ----------------------------------------------------------

def test_a_view_is_stored_shared_and_downloaded_in_its_language(browser: Any,
                                                                live_server: str) -> None:
    with opened(browser, "desktop", "it") as page:
        page.context.grant_permissions(["clipboard-read", "clipboard-write"])
        # a tree of its own: the library test of the shared server finds one aima trace
        page.goto(f"{live_server}/#/step?tree={quote('A(B(5 1) C(2 9))')}&theme=print&at=3")
        page.wait_for_selector("#stepper-figure svg")
        page.click("#step-store")
        page.wait_for_function("() => location.hash.includes('id=')")
        assert re.search(r"#/step\?id=[0-9a-f]{64}&theme=print&at=3$", page.url)
        page.click("#step-share")
        page.wait_for_selector("#step-status >> text=Indirizzo copiato.")
        assert page.evaluate("navigator.clipboard.readText()") == page.url
        for fmt, magic in (("svg", b"<?xml"), ("png", b"\x89PNG"), ("pdf", b"%PDF"),
                           ("json", b"{")):
            with page.expect_download() as info:
                page.click(f"#step-download-{fmt}")
            path = info.value.path()
            data = Path(path).read_bytes()
            assert data.startswith(magic), (fmt, data[:20])
            assert info.value.suggested_filename.endswith(f"-it.{fmt}")
            if fmt == "svg":
                assert b"Passo" in data or b"valore" in data  # drawn in Italian
        fresh = page.context.new_page()
        fresh.goto(page.url)
        fresh.wait_for_selector("#stepper-figure svg")
        assert (fresh.text_content("#stepper-counter") or "").startswith("3 / ")
        fresh.close()


# --- problems in the page's language -------------------------------------------------

def test_problems_follow_accept_language(client: TestClient) -> None:
    bad = {"tree": "A(B(3 12 8) C(2 4 6 D(14 5 2))"}
    english = client.post("/v1/parse", json=bad)
    assert english.headers["content-language"] == "en"
    assert english.json()["where"] == "line 1, column 31"
    italian = client.post("/v1/parse", json=bad, headers={"accept-language": "it-IT,it;q=0.9"})
    assert italian.headers["content-language"] == "it"
    body = italian.json()
    assert (body["title"], body["where"]) == ("Contenuto non valido", "riga 1, colonna 31")
    assert body["detail"] == ("manca ')' per chiudere la '(' di riga 1, colonna 2: trovato "
                              "fine del testo")
    unknown = client.post("/v1/search", json={"example": "aimx"},
                          headers={"accept-language": "it"}).json()
    assert unknown["detail"].startswith("esempio: nessuna scelta si chiama 'aimx' "
                                        "(scegli tra: aima, ")
    assert unknown["detail"].endswith("; forse 'aima'?")
    missing = client.get(f"/v1/traces/{'a' * 64}", headers={"accept-language": "it"})
    assert missing.json()["detail"] == f"nessuna traccia salvata con id {'a' * 64}"
    assert missing.json()["title"] == "Non trovato"
    bad_param = client.get("/v1/traces", params={"limit": "x"},
                           headers={"accept-language": "en;q=0.2, it;q=0.8"})
    assert bad_param.json()["detail"] == \
        "limit: serve un numero intero scritto con le cifre 0-9, non 'x'"
    nowhere = client.get("/v1/nowhere", headers={"accept-language": "it"})
    assert nowhere.json()["detail"] == "/v1/nowhere non esiste (vedi /v1/openapi.json)"
    french = client.get("/v1/nowhere", headers={"accept-language": "fr"})
    assert french.headers["content-language"] == "en"
    assert french.json()["title"] == "Not found"


def test_every_title_the_service_answers_with_is_in_italian() -> None:
    from tracer.service.models.problem_words import TITLES

    service = Path(__file__).parents[3] / "tracer" / "service"
    titles = set()
    for path in service.rglob("*.py"):
        if {"lti", "migrations"} & set(path.relative_to(service).parts):
            continue  # as when the modules of the service were one folder
        titles |= set(re.findall(r'Problem\(\s*\d{3},\s*"([^"]+)"', path.read_text()))
        titles |= set(re.findall(r'"(Not found|Method not allowed)"', path.read_text()))
    assert titles and titles <= set(TITLES["it"]), titles - set(TITLES["it"])


def test_a_detail_without_a_template_stays_english_and_says_so() -> None:
    from tracer.said import said
    from tracer.service.models.problem_details import Problem

    answer = Problem(422, "Cannot do that", said("the moon is made of cheese")).response("it")
    assert answer.headers["content-language"] == "it, en"
    body = json.loads(bytes(answer.body))
    assert (body["title"], body["detail"]) == ("Operazione impossibile",
                                               "the moon is made of cheese")


def test_the_editor_shows_a_parse_error_in_italian(browser: Any, live_server: str) -> None:
    with opened(browser, "phone", "it", at=f"{live_server}/#/edit",
                ready="#parse-status.ok") as page:
        page.fill("#tree", "A(B(3 12 8) C(2 4 6 D(14 5 2))")
        page.wait_for_selector("#parse-status.error >> text=riga 1, colonna 31")
        assert "manca ')'" in (page.text_content("#parse-status") or "")
        checked(page, "it")


# --- defects -------------------------------------------------------------------------

def test_a_fresh_page_puts_its_tree_in_the_tabs(browser: Any, live_server: str) -> None:
    with opened(browser, "desktop", "en", at=f"{live_server}/", ready="#parse-status.ok") as page:
        href = page.get_attribute("header nav a[data-page=quiz]", "href") or ""
        assert "tree=A%28B%283" in href
        page.click("header nav a[data-page=step]")
        page.wait_for_selector("#stepper-figure svg")
        assert _counter(page) == "1 / 23"
        assert page.locator("p.error").count() == 0


def test_the_favicon_is_served_and_linked(client: TestClient) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/x-icon"
    assert icon.content[:4] == b"\x00\x00\x01\x00"  # an ICO with one image
    svg = client.get("/static/favicon.svg")
    assert svg.status_code == 200 and svg.text.startswith("<svg")
    page = client.get("/").text
    assert 'rel="icon" href="static/favicon.svg"' in page
    assert 'rel="icon" href="favicon.ico"' in page


def test_the_stepper_keys_go_with_the_page(page: Page, live_server: str) -> None:
    press = """key => { const e = new KeyboardEvent('keydown', {key, bubbles: true,
                                                                cancelable: true});
                        document.body.dispatchEvent(e); return e.defaultPrevented; }"""
    assert page.evaluate(press, "ArrowRight") is True  # the stepper took it
    page.click("header nav a[data-page=edit]")
    page.wait_for_selector("#open-step")
    assert page.evaluate(press, "ArrowRight") is False  # no one took it
    assert page.evaluate(press, "End") is False
    assert json.loads(page.evaluate("JSON.stringify(location.hash)")).startswith(
        "#/edit")
    # a stepper left before its frames came takes no key and keeps no address
    page.goto(f"{live_server}/#/step?algorithm=minimax&tree={quote(_wide_tree(6, 3))}")
    page.click("header nav a[data-page=edit]")
    page.wait_for_load_state("networkidle")
    assert page.evaluate(press, "ArrowRight") is False
    assert page.evaluate("location.hash").startswith("#/edit")
    assert page.locator("#stepper").count() == 0
