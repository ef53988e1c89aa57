"""The HTML player at projector size: one screen, controls in view, no answer up front."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tracer.render._entry import write_frames
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing
from tracer.trace import Trace

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

_PROBE = """<script>
window.addEventListener("load", function () {
  var r = function (id) { return document.getElementById(id).getBoundingClientRect(); };
  var svg = document.querySelector(".frame:not([hidden]) svg").getBoundingClientRect();
  document.body.setAttribute("data-probe", [r("next").bottom, r("slider").bottom,
    r("caption").bottom, svg.height, document.documentElement.scrollHeight].join(","));
});
</script></body>"""


def test_the_player_does_not_tell_the_result_before_the_last_step(
        aima: Trace, tmp_path: Path) -> None:
    # The page's title was the result line ("value 3, best move B"), shown from step 1.
    page = write_frames(Drawing(aima), tmp_path).html.read_text()
    head = page.split('<div class="stage">', 1)[0]
    assert "value 3" not in head and "best move" not in head
    assert "<h1>alpha-beta (fail-soft)</h1>" in head
    titled = write_frames(Drawing(aima, RenderOptions(title="Giochi a due giocatori")),
                          tmp_path / "t")
    assert "<h1>Giochi a due giocatori</h1>" in titled.html.read_text()


@pytest.mark.render
@pytest.mark.skipif(CHROMIUM is None and not os.environ.get("CI"),
                    reason="needs a headless chromium: make sysdeps-browser (CI: a failure)")
def test_the_player_fits_a_1280x720_screen_with_its_controls(
        aima: Trace, tmp_path: Path) -> None:
    # The player was 947 px tall at 1280x720: the controls were below the fold.
    html = write_frames(Drawing(aima), tmp_path).html
    probe = tmp_path / "probe.html"
    probe.write_text(html.read_text().replace("</body>", _PROBE, 1))
    assert CHROMIUM is not None
    dom = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--window-size=1280,720", "--virtual-time-budget=3000", "--dump-dom",
         probe.as_uri()], capture_output=True, text=True, timeout=120, check=True).stdout
    m = re.search(r'data-probe="([^"]+)"', dom)
    assert m is not None, dom[-500:]
    next_bottom, slider_bottom, caption_bottom, svg_height, page_height = (
        float(x) for x in m.group(1).split(","))
    assert max(next_bottom, slider_bottom, caption_bottom) <= 720
    assert page_height <= 720
    assert svg_height >= 400  # the picture takes the room left, not a thumbnail
