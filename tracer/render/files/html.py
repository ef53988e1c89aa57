"""A self-contained HTML player for the frames: one file, no network, works from file://.

Every frame's SVG is inlined (ids made unique per frame); a few lines of script show one
at a time with previous / next buttons, a slider and the arrow keys (Home / End jump to
the ends), and write the step's caption under the picture.  Without script, every frame
is shown one under the other with its caption.
"""

from __future__ import annotations

import json
import re
from html import escape

__all__ = ["inline_svg", "player_html"]

_WORDS = {
    "en": {"prev": "Previous", "next": "Next", "first": "First", "last": "Last",
           "step": "Step", "keys": "Keys: ← → (Home, End)", "slider": "Step"},
    "it": {"prev": "Precedente", "next": "Successivo", "first": "Primo", "last": "Ultimo",
           "step": "Passo", "keys": "Tasti: ← → (Home, End)", "slider": "Passo"},
}

_PROLOGUE = re.compile(r"^.*?(?=<svg\b)", re.DOTALL)
_SIZE = re.compile(r'<svg width="[^"]*" height="[^"]*"')
_IDS = re.compile(r'\b(id="|href="#|url\(#)')

_STYLE = """
:root { color-scheme: light; }
body { margin: 0; font-family: "DejaVu Sans", system-ui, sans-serif; color: #1a1a1a;
       background: #fafafa; }
main { max-width: 1100px; margin: 0 auto; padding: 1rem 1.25rem 2rem; }
h1 { font-size: 1.15rem; font-weight: 600; margin: 0 0 .75rem; }
.stage { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: .5rem; }
.frame svg { display: block; width: 100%; height: auto; }
.caption { min-height: 3em; font-size: 1.15rem; margin: .75rem .25rem; }
.controls { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
.controls button { font: inherit; padding: .35rem .8rem; border: 1px solid #888;
                   border-radius: 4px; background: #fff; cursor: pointer; }
.controls button:disabled { opacity: .4; cursor: default; }
.controls input[type=range] { flex: 1 1 14rem; }
.counter { min-width: 7rem; text-align: right; font-variant-numeric: tabular-nums; }
.keys { color: #666; font-size: .85rem; margin-top: .5rem; }
.frame { margin: 0; }
.js .frame[hidden] { display: none; }
.nojs .frame { margin-bottom: 1rem; }
/* With script, the page is one screen (a 1280x720 projector included): the picture
   takes the height the title, caption and controls leave, so they stay in view. */
.js body { height: 100vh; overflow: hidden; }
.js main { height: 100vh; box-sizing: border-box; display: flex; flex-direction: column;
           padding: .5rem 1.25rem .5rem; }
.js h1 { margin-bottom: .4rem; }
.js .stage { flex: 1 1 auto; min-height: 0; }
.js .frame { height: 100%; }
.js .frame svg { width: 100%; height: 100%; }
.js .caption { min-height: 2.4em; margin: .4rem .25rem; }
.js .keys { margin-top: .25rem; }
"""

_SCRIPT = """
(function () {
  document.documentElement.className = "js";
  var frames = document.querySelectorAll(".frame");
  var captions = JSON.parse(document.getElementById("captions").textContent);
  var slider = document.getElementById("slider");
  var caption = document.getElementById("caption");
  var counter = document.getElementById("counter");
  var prev = document.getElementById("prev"), next = document.getElementById("next");
  var first = document.getElementById("first"), last = document.getElementById("last");
  var word = counter.getAttribute("data-word");
  var n = frames.length, i = 0;
  function show(k) {
    i = Math.max(0, Math.min(n - 1, k));
    for (var j = 0; j < n; j++) { frames[j].hidden = j !== i; }
    slider.value = String(i + 1);
    caption.textContent = captions[i];
    counter.textContent = word + " " + (i + 1) + "/" + n;
    prev.disabled = first.disabled = i === 0;
    next.disabled = last.disabled = i === n - 1;
    if (history.replaceState) { history.replaceState(null, "", "#" + (i + 1)); }
  }
  prev.onclick = function () { show(i - 1); };
  next.onclick = function () { show(i + 1); };
  first.onclick = function () { show(0); };
  last.onclick = function () { show(n - 1); };
  slider.oninput = function () { show(parseInt(slider.value, 10) - 1); };
  document.addEventListener("keydown", function (e) {
    if (e.target === slider) { return; }
    var k = {ArrowLeft: i - 1, PageUp: i - 1, ArrowRight: i + 1, PageDown: i + 1,
             " ": i + 1, Home: 0, End: n - 1}[e.key];
    if (k !== undefined) { e.preventDefault(); show(k); }
  });
  var start = parseInt((location.hash || "#1").slice(1), 10);
  show(isNaN(start) ? 0 : start - 1);
})();
"""


def player_html(frames: list[tuple[str, str]], *, title: str, lang: str = "en") -> str:
    """The player page for ``frames``: (SVG text, caption) pairs, in order."""
    w = _WORDS.get(lang, _WORDS["en"])
    n = len(frames)
    blocks = []
    for i, (svg, caption) in enumerate(frames, start=1):
        blocks.append(
            f'<figure class="frame" id="step-{i}">'
            f"{inline_svg(svg, f'f{i}-')}"
            f'<noscript><figcaption>{escape(caption)}</figcaption></noscript></figure>')
    # No "<" at all in the script's text ("</script>", "<!--" in a caption would end it
    # or change how it is read): JSON may write it as \u003c.
    captions = json.dumps([c for _, c in frames], ensure_ascii=True).replace("<", "\\u003c")
    first_caption = escape(frames[0][1]) if frames else ""
    return f"""<!DOCTYPE html>
<html lang="{escape(lang)}" class="nojs">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>{_STYLE}</style>
</head>
<body>
<main>
<h1>{escape(title)}</h1>
<div class="stage">
{"".join(blocks)}
</div>
<p class="caption" id="caption" aria-live="polite">{first_caption}</p>
<div class="controls">
<button type="button" id="first" aria-label="{w["first"]}">&#x21E4; {w["first"]}</button>
<button type="button" id="prev">&#x2190; {w["prev"]}</button>
<input type="range" id="slider" min="1" max="{n}" value="1" aria-label="{w["slider"]}">
<button type="button" id="next">{w["next"]} &#x2192;</button>
<button type="button" id="last" aria-label="{w["last"]}">{w["last"]} &#x21E5;</button>
<span class="counter" id="counter" data-word="{w["step"]}">{w["step"]} 1/{n}</span>
</div>
<p class="keys">{w["keys"]}</p>
</main>
<script type="application/json" id="captions">{captions}</script>
<script>{_SCRIPT}</script>
</body>
</html>
"""


def inline_svg(svg: str, prefix: str) -> str:
    """An SVG document as an inline element: no prologue, fluid size, ids unique per frame."""
    body = _PROLOGUE.sub("", svg, count=1)
    body = _SIZE.sub("<svg", body, count=1)
    return _IDS.sub(lambda m: m.group(1) + prefix, body)
