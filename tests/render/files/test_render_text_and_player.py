"""Numbers and words in both languages; the HTML player's page."""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tracer.errors import UsageError
from tracer.render._entry import write_frames
from tracer.render.files.html import player_html
from tracer.render.model.render_options import RenderOptions
from tracer.render.model.text import words
from tracer.render.pipeline import Drawing
from tracer.trace import Trace


@pytest.mark.parametrize(("lang", "ascii_", "x", "text"), [
    ("en", False, 3, "3"),
    ("en", False, 3.0, "3"),
    ("en", False, 2.5, "2.5"),
    ("it", False, 2.5, "2,5"),
    ("en", False, -6, "−6"),
    ("en", True, -6, "-6"),
    ("en", False, math.inf, "+∞"),
    ("en", True, -math.inf, "-inf"),
    ("en", False, 40.9, "40.9"),
])
def test_numbers(lang: str, ascii_: bool, x: float, text: str) -> None:
    assert words(lang, ascii=ascii_).number(x) == text


def test_counts_and_lists() -> None:
    assert words("en").count(1234567) == "1,234,567"
    assert words("it").count(1234567) == "1.234.567"
    assert words("en").names(["I", "J", "K"]) == "I, J and K"
    assert words("it").names(["I", "J"]) == "I e J"


def test_options_reject_unknown_values() -> None:
    with pytest.raises(UsageError, match="unknown language 'fr'"):
        RenderOptions(lang="fr")
    with pytest.raises(UsageError, match="unknown render option 'colour'"):
        RenderOptions.from_kwargs(colour="red")
    assert RenderOptions(theme="color").theme == "colour"


def test_player_page_is_self_contained(aima: Trace) -> None:
    drawing = Drawing(aima, RenderOptions(step="leaf", lang="it"))
    frames = [(drawing.render("svg", f.view).decode(), f.caption) for f in drawing.frames()]
    page = player_html(frames, title="AIMA", lang="it")
    assert page.count('<figure class="frame"') == 8
    assert '<html lang="it"' in page and "Successivo" in page
    captions = json.loads(page.split('id="captions">', 1)[1].split("</script>", 1)[0])
    assert captions[-1] == "alfa-beta (morbida): valore 3, mossa migliore B"
    # No fetches: no scripts, styles or images from elsewhere.
    assert not re.search(r'(src|href)="(https?:)?//', page)
    # Every frame's ids are its own.
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == len(set(ids))
    for key in ("ArrowLeft", "ArrowRight", 'type="range"'):
        assert key in page


_DOM_STUB = r"""
const fs = require("fs");
const page = fs.readFileSync(process.argv[2], "utf8");
const n = (page.match(/<figure class="frame"/g) || []).length;
const captions = page.split('id="captions">')[1].split("</script>")[0];
const script = page.split("<script>")[1].split("</script>")[0];
function el(id) { return {id, hidden: false, disabled: false, value: "", textContent: "",
                          onclick: null, oninput: null,
                          getAttribute: () => "Step"}; }
const els = {captions: {textContent: captions}};
for (const id of ["slider", "caption", "counter", "prev", "next", "first", "last"]) {
  els[id] = el(id);
}
const frames = Array.from({length: n}, (_, i) => ({hidden: i > 0}));
let keydown = null;
global.document = {
  documentElement: {},
  querySelectorAll: () => frames,
  getElementById: (id) => els[id],
  addEventListener: (type, f) => { if (type === "keydown") keydown = f; },
};
global.location = {hash: ""};
global.history = {replaceState: () => {}};
eval(script);
const shown = () => frames.findIndex((f) => !f.hidden);
const log = [];
log.push([shown(), els.caption.textContent, els.prev.disabled]);
els.next.onclick(); els.next.onclick();
log.push([shown(), els.counter.textContent]);
keydown({key: "ArrowLeft", target: {}, preventDefault() {}});
log.push([shown()]);
keydown({key: "End", target: {}, preventDefault() {}});
log.push([shown(), els.next.disabled]);
els.slider.value = "3"; els.slider.oninput();
log.push([shown(), frames.filter((f) => !f.hidden).length]);
console.log(JSON.stringify(log));
"""


@pytest.mark.skipif(shutil.which("node") is None and not os.environ.get("CI"),
                    reason="runs the page's script under node; CI machines have node, "
                           "so there a missing node fails the test instead of skipping it")
def test_player_script_steps_through_frames(aima: Trace, tmp_path: Path) -> None:
    written = write_frames(aima, tmp_path / "f", RenderOptions(step="leaf"))
    stub = tmp_path / "stub.js"
    stub.write_text(_DOM_STUB, encoding="utf-8")
    out = subprocess.run(["node", str(stub), str(written.html)], capture_output=True,
                         text=True, check=True).stdout
    log = json.loads(out)
    assert log[0] == [0, "Step 1/8: E = 3 (terminal); E returns 3 to B: B ≤ 3 (β = 3)", True]
    assert log[1] == [2, "Step 3/8"]
    assert log[2] == [1]
    assert log[3] == [7, True]
    assert log[4] == [2, 1]
