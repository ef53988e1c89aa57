"""The UI in a real browser: Playwright driving Debian's chromium (never a downloaded one).

Every request the page makes must stay on 127.0.0.1: any other is aborted and fails the
test.  Set GAMETRACE_SCREENSHOTS=DIR to save a 1280x720 picture of each page there.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from browsers import browser, guarded
from pages import SIZES, screenshot
from playwright.sync_api import Page

__all__ = ["browser"]

AIMA = "A(B(3 12 8) C(2 4 6) D(14 5 2))"
GAMETRACE = [sys.executable, "-m", "tracer"]
NODE_BOX = """key => {
  const g = [...document.querySelectorAll('#stepper-figure g.node')]
    .find(n => n.querySelector('title').textContent === key);
  const shape = g.querySelector('polygon, ellipse, path');  // the node's box (first shape)
  const b = shape.getBBox(), m = shape.getScreenCTM();      // geometry, without the stroke
  return [m.a * b.x + m.e, m.d * b.y + m.f, m.a * b.width, m.d * b.height];
}"""


@pytest.fixture
def page(browser: Any, live_server: str) -> Iterator[Page]:
    with guarded(browser, console=False, viewport=SIZES["desktop"]) as pg:
        yield pg


def _cli(*args: str) -> str:
    done = subprocess.run([*GAMETRACE, *args], capture_output=True, text=True, check=False)
    assert done.returncode in (0, 1), done.stderr
    return done.stdout


def test_the_aima_tree_typed_in_the_editor_steps_like_render_frames(
        page: Page, live_server: str, tmp_path: Path) -> None:
    tree = tmp_path / "aima.tree"
    tree.write_text(AIMA + "\n")
    _cli("run", str(tree), "-o", str(tmp_path / "aima.json"))
    _cli("render", str(tmp_path / "aima.json"), "--frames", str(tmp_path / "frames"))
    expected = len(list((tmp_path / "frames").glob("frame-*.svg")))

    page.goto(f"{live_server}/#/edit")
    page.fill("#tree", "A(B(3 12 8) C(2 4 6 D(14 5 2))")
    page.wait_for_selector("#parse-status.error >> text=line 1, column")
    page.fill("#tree", AIMA)
    page.wait_for_selector("#parse-status.ok >> text=13 nodes")
    screenshot(page, "edit", whole=False)
    page.click("#open-step")
    page.wait_for_selector("#stepper-counter")
    assert page.text_content("#stepper-counter") == f"1 / {expected}"
    boxes = []
    for i in range(expected):
        boxes.append(page.evaluate(NODE_BOX, "A"))
        if i == 1:
            screenshot(page, "step", whole=False)
        page.keyboard.press("ArrowRight")
    assert page.text_content("#stepper-counter") == f"{expected} / {expected}"
    assert len(boxes) == expected and all(box == boxes[0] for box in boxes), boxes
    page.click("#stepper-first")
    assert page.text_content("#stepper-counter") == f"1 / {expected}"


def _quiz(page: Page, live_server: str, root_value: str, pruned: list[str]) -> None:
    page.goto(f"{live_server}/#/quiz?example=aima")
    page.wait_for_selector("#quiz-figure svg")
    page.fill("#value-A", root_value)
    for node in pruned:
        page.locator("#quiz-figure g.node", has=page.locator("title", has_text=node)
                     ).first.click()
    page.click("#quiz-check")
    page.wait_for_selector("#quiz-score")


def _percent(page: Page) -> float:
    text = page.text_content("#quiz-score") or ""
    assert text.endswith("%")
    return float(text[:-1])


def test_the_quiz_marks_a_right_answer_100(page: Page, live_server: str) -> None:
    _quiz(page, live_server, "3", ["I", "J"])
    assert _percent(page) == 100
    assert page.locator("#quiz-first-mistake").count() == 0


def test_the_quiz_shows_the_first_mistake_of_a_wrong_answer(page: Page, live_server: str,
                                                            tmp_path: Path) -> None:
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps({"value": 3, "pruned": ["G", "H"]}))
    report = json.loads(_cli("check", "aima", str(answer), "--json"))
    _quiz(page, live_server, "3", ["G", "H"])
    assert _percent(page) == report["percent"] < 100
    first = report["first_mistake"]
    text = page.text_content("#quiz-first-mistake") or ""
    assert text == f"First mistake, pruned nodes: {first['why']}"  # the item as said
    marked = page.locator("#quiz-figure g.node.mistake title").all_text_contents()
    assert sorted(marked) == sorted(first["marks"])
    screenshot(page, "quiz", whole=False)


def test_compare_shows_the_counts_of_gametrace_compare(page: Page, live_server: str) -> None:
    report = json.loads(_cli("compare", "aima", "--format", "json"))
    page.goto(f"{live_server}/#/compare?example=aima")
    page.wait_for_selector("#right-counter")
    for run in [report["minimax"], *report["orderings"]]:
        cells = page.locator(f"#compare-table tr[data-ordering='{run['ordering']}'] td"
                             ).all_text_contents()  # the ordering is the row's header
        assert cells[0:4] == [str(run[k]) for k in ("leaves", "expanded", "cuts", "pruned")]
    page.click("#compare-next")  # one set of controls steps both runs
    assert page.text_content("#right-counter", ).startswith("2 / ")
    screenshot(page, "compare", whole=False)


def test_the_library_opens_a_recorded_trace_by_its_link(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/#/library?text=aima")  # newest first, a page at a time
    page.wait_for_selector("#library-list a.open")
    screenshot(page, "library", whole=False)
    link = page.locator("#library-list a.open",
                        has_text=re.compile(r"^alphabeta \(fail-soft\) on aima$"))
    href = link.get_attribute("href")
    assert href is not None and href.startswith("#/step?id=")
    page.goto(f"{live_server}/{href}")
    page.wait_for_selector("#stepper-counter")
    assert page.text_content("#stepper-counter") == "1 / 23"  # the AIMA search: 22 steps
    assert (page.text_content("#step-title") or "").startswith("alpha-beta (fail-soft)")


def test_the_permalink_carries_tree_and_options(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/#/edit")
    page.fill("#tree", "A(B(5 1) C(2 9))")
    page.wait_for_selector("#parse-status.ok")
    page.select_option("#variant", "fail-hard")
    page.select_option("#order", "reverse")
    href = page.get_attribute("#permalink", "href") or ""
    fresh = page.context.new_page()
    fresh.goto(f"{live_server}/{href}")
    fresh.wait_for_selector("#stepper-counter")
    assert (fresh.text_content("#step-title") or "").startswith("alpha-beta (fail-hard)")
    fresh.click("#stepper-last")
    svg = fresh.inner_html("#stepper-figure")
    assert "<title>C</title>" in svg and "<title>B</title>" in svg
    fresh.close()


def test_the_stepper_speaks_italian_and_prints_in_grey(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/#/step?example=aima")
    page.wait_for_selector("#stepper-counter")
    english = page.text_content("#stepper-caption") or ""
    page.select_option("#language", "it")  # the header's menu: the page and the diagram
    page.wait_for_selector("#stepper-caption >> text=Passo")
    assert (page.text_content("#stepper-caption") or "") != english
    page.check("#toggle-theme")
    page.wait_for_function("() => document.querySelector('#toggle-theme')?.checked")
    page.wait_for_selector("#stepper-figure svg")
    fills = page.eval_on_selector_all(
        "#stepper-figure polygon", "ps => ps.map(p => p.getAttribute('fill'))")
    assert all(f in ("none", "transparent") or _grey(f) for f in fills), set(fills)


def _grey(colour: str | None) -> bool:
    if colour is None or not colour.startswith("#") or len(colour) != 7:
        return colour in ("white", "black")
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return r == g == b


def test_a_game_position_picked_in_the_editor_steps_like_render_frames(
        page: Page, live_server: str, tmp_path: Path) -> None:
    trace = tmp_path / "ttt.json"
    _cli("run", "tictactoe", "-p", "board=xx.oo....", "-o", str(trace), "-q")
    _cli("render", str(trace), "--frames", str(tmp_path / "frames"))
    expected = len(list((tmp_path / "frames").glob("frame-*.svg")))
    page.goto(f"{live_server}/#/edit")
    page.select_option("#game", "tictactoe")
    assert "board=........." in (page.text_content("#game-help") or "")
    page.fill("#params", "board=xx.oo....")
    page.click("#open-step")
    page.wait_for_selector("#stepper-counter")
    assert page.text_content("#stepper-counter") == f"1 / {expected}"


def test_the_page_works_under_a_sub_path(page: Page, live_prefixed: str) -> None:
    # every request the page makes stays under the prefix (a proxy forwards nothing else)
    outside: list[str] = []
    page.on("request", lambda r: None if urlsplit(r.url).path.startswith("/gametrace/")
            else outside.append(r.url))
    page.goto(f"{live_prefixed}#/step?example=aima")
    page.wait_for_selector("#stepper-counter")
    assert page.text_content("#stepper-counter") == "1 / 23"
    page.click("#stepper-last")
    assert "<title>A</title>" in page.inner_html("#stepper-figure")
    page.goto(f"{live_prefixed}#/library")
    page.wait_for_selector("#library-list a.open")
    page.goto(f"{live_prefixed}#/edit")
    page.wait_for_selector("#parse-status.ok")
    assert page.locator("#example option").count() > 1
    assert outside == []


def test_compare_takes_a_game_position(page: Page, live_server: str) -> None:
    report = json.loads(_cli("compare", "nim", "-p", "piles=2,2", "--depth", "3",
                             "--format", "json"))
    page.goto(f"{live_server}/#/compare?game=nim&params=piles%3D2%2C2&depth=3")
    page.wait_for_selector("#right-counter")
    for run in [report["minimax"], *report["orderings"]]:
        cells = page.locator(f"#compare-table tr[data-ordering='{run['ordering']}'] td"
                             ).all_text_contents()
        assert cells[0:4] == [str(run[k]) for k in ("leaves", "expanded", "cuts", "pruned")]


def test_the_quiz_on_a_game_position_says_why_not(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/#/quiz?game=nim&params=piles%3D2%2C2")
    message = page.wait_for_selector("#view p.error").text_content() or ""
    assert "worksheets are drawn for trees and examples, not games" in message
