"""Jupyter: traces draw themselves inline, and :class:`Frames` is a stepper.

IPython shows an object through its ``_repr_mimebundle_`` / ``_repr_svg_`` /
``_repr_html_`` methods, as the ``graphviz`` package's objects do; nothing here imports
IPython.  A :class:`~tracer.trace.Trace` shows its diagram as SVG (:func:`trace_svg`,
registered with :mod:`tracer.display` when this module is imported: the trace's hook
asks the registry, it does not import its renderer), a :class:`Frames` shows buttons, a
slider and the step's caption over the frames (HTML and a little JavaScript).

Notebooks keep the JavaScript of an output only while the notebook is trusted: a
notebook reopened from a file (or from someone else) shows the stepper's last frame,
the final diagram, and no buttons until the cell is run again (or the notebook is
trusted: ``jupyter trust NOTEBOOK.ipynb``).

>>> from tracer.render.notebook import Frames
>>> Frames("aima.json", step="leaf")      # doctest: +SKIP
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import replace
from html import escape
from typing import Any

from ..display import HTML, SVG, mimebundle, register
from ..trace import Trace
from .model.render_options import RenderOptions
from .pipeline import Drawing, TraceSource

__all__ = ["HTML", "SVG", "Frames", "mimebundle", "stepper_html", "trace_svg"]


def trace_svg(source: TraceSource, options: RenderOptions | None = None) -> str:
    """The diagram of a trace as SVG text (what a notebook shows for a trace)."""
    return Drawing(source, options).render("svg").decode("utf-8")


register(Trace, SVG, trace_svg)


class Frames:
    """The step-by-step frames of a trace, shown in a notebook as a stepper.

    ``options`` are :class:`RenderOptions` fields (``step="leaf"``, ``lang="it"``...).
    """

    def __init__(self, source: TraceSource, **options: Any) -> None:
        from .draw.presets import preset_options

        preset = options.pop("preset", None)
        self.drawing = Drawing(source, preset_options(preset, **options))
        frames = list(self.drawing.frames())
        views = [replace(f.view, caption=None) for f in frames]  # the caption is in the page
        self.drawing.prepare(views)
        self.svgs: tuple[str, ...] = tuple(self.drawing.render("svg", v).decode("utf-8")
                                           for v in views)
        self.captions: tuple[str, ...] = tuple(f.caption for f in frames)

    def __len__(self) -> int:
        return len(self.svgs)

    def __getitem__(self, k: int) -> str:
        """Frame ``k`` (from 0) as SVG text."""
        return self.svgs[k]

    def _repr_html_(self) -> str:
        return stepper_html(self.svgs, self.captions)

    def _repr_mimebundle_(self, include: Iterable[str] | None = None,
                          exclude: Iterable[str] | None = None) -> dict[str, str]:
        return mimebundle({HTML: self._repr_html_()}, include, exclude)


_SCRIPT = """<script>(function () {
  var root = document.getElementById(%(id)s), frames = root.querySelectorAll(".gt-frame");
  var captions = %(captions)s, slider = root.querySelector("input"), k = 0;
  function show(i) {
    k = Math.max(0, Math.min(frames.length - 1, i));
    frames.forEach(function (f, j) { f.style.display = j === k ? "block" : "none"; });
    slider.value = k + 1;
    root.querySelector(".gt-count").textContent = (k + 1) + " / " + frames.length;
    root.querySelector(".gt-caption").textContent = captions[k];
  }
  root.querySelector(".gt-prev").onclick = function () { show(k - 1); };
  root.querySelector(".gt-next").onclick = function () { show(k + 1); };
  slider.oninput = function () { show(slider.value - 1); };
  root.querySelector(".gt-controls").style.display = "block";
  show(0);
})();</script>"""


def stepper_html(svgs: tuple[str, ...], captions: tuple[str, ...]) -> str:
    """A self-contained stepper: every frame, the last one shown until the script runs
    (a notebook that drops the script still shows the final diagram)."""
    from .files.strip import _prefixed

    digest = hashlib.sha1("".join(captions).encode() + "".join(svgs).encode()).hexdigest()
    ident = f"gt-{digest[:12]}"
    last = len(svgs) - 1
    frames = "".join(
        f'<div class="gt-frame" style="display:{"block" if k == last else "none"}">'
        f"{_prefixed(_body(svg), f'{ident}-{k}-')}</div>" for k, svg in enumerate(svgs))
    script = _SCRIPT % {"id": json.dumps(ident), "captions": json.dumps(list(captions))}
    return (f'<div id="{ident}" class="gametrace-stepper">'
            f'<div class="gt-controls" style="display:none">'
            f'<button class="gt-prev" title="previous step">&#9664;</button> '
            f'<input type="range" min="1" max="{len(svgs)}" value="{len(svgs)}" '
            f'style="vertical-align:middle"> '
            f'<button class="gt-next" title="next step">&#9654;</button> '
            f'<span class="gt-count">{len(svgs)} / {len(svgs)}</span></div>'
            f'{frames}<p class="gt-caption">{escape(captions[-1])}</p>{script}</div>')


def _body(svg: str) -> str:
    """The SVG without its XML declaration and doctype (it goes inside HTML)."""
    start = svg.find("<svg")
    return svg[start:] if start >= 0 else svg
