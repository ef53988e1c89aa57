"""A strip of panels, one per step, in one SVG: the layout of AIMA's Fig. 5.5.

Each panel is one frame of the step-by-step sequence (by default one per leaf
evaluated, as in the book), lettered (a), (b), ... under the picture, on the same
positions as every other panel.  Panels are placed left to right, ``columns`` to a row.

>>> write_strip(Drawing("aima.json", RenderOptions(step="leaf")), "strip.svg")  # doctest: +SKIP
8
"""

from __future__ import annotations

import os
import re
import string
from dataclasses import replace
from typing import TYPE_CHECKING

from ...errors import LimitExceeded, UsageError

if TYPE_CHECKING:
    from ..pipeline import Drawing

__all__ = ["GAP", "MAX_PANELS", "strip_svg", "write_strip"]

GAP = 12.0
"""Points between two panels."""
MAX_PANELS = 52
"""Panels are lettered a..z, then aa..zz: past that a strip is no figure anyone reads."""

_STEP = re.compile(r"^\S+ \d+/\d+: ")
_ROOT = re.compile(r"<svg\b[^>]*>(.*)</svg>", re.DOTALL)
_SIZE = re.compile(r'<svg\b[^>]*\bwidth="([0-9.]+)pt"[^>]*\bheight="([0-9.]+)pt"')


def letter(k: int) -> str:
    """0 -> ``a``, 25 -> ``z``, 26 -> ``aa``, 27 -> ``bb``..."""
    return string.ascii_lowercase[k % 26] * (k // 26 + 1)


def strip_svg(drawing: Drawing, *, columns: int = 3) -> tuple[bytes, int]:
    """The strip of ``drawing``'s frames as one SVG; also the number of panels."""
    if columns < 1:
        raise UsageError(f"strip columns must be at least 1, got {columns}")
    frames = list(drawing.frames())
    if len(frames) > MAX_PANELS:
        raise LimitExceeded(f"{len(frames)} panels exceed {MAX_PANELS}: use --step leaf or "
                            f"node, --focus NODE or --depth for a shorter strip")
    show = drawing.options.caption
    # The letter says which step it is: "Step 3/8: " would say it twice.
    views = [replace(f.view, caption=f"({letter(k)}) {_STEP.sub('', f.caption)}" if show
                     else f"({letter(k)})") for k, f in enumerate(frames)]
    drawing.prepare(views)
    panels = [drawing.render("svg", view).decode("utf-8") for view in views]
    size = _SIZE.search(panels[0])
    if size is None:  # pragma: no cover - Graphviz always writes a size in points
        raise UsageError("cannot read the size of a panel")
    width, height = float(size[1]), float(size[2])
    cols = min(columns, len(panels))
    rows = (len(panels) + cols - 1) // cols
    total_w = cols * width + (cols - 1) * GAP
    total_h = rows * height + (rows - 1) * GAP
    out = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
           f'<svg width="{total_w:.2f}pt" height="{total_h:.2f}pt" '
           f'viewBox="0.00 0.00 {total_w:.2f} {total_h:.2f}" '
           'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">']
    for k, svg in enumerate(panels):
        x, y = (k % cols) * (width + GAP), (k // cols) * (height + GAP)
        body = _ROOT.search(svg)
        inner = _prefixed(body[1] if body else "", f"p{letter(k)}-")
        out.append(f'<g id="panel-{letter(k)}" class="panel" '
                   f'transform="translate({x:.2f} {y:.2f})">{inner}</g>')
    out.append("</svg>")
    return ("\n".join(out) + "\n").encode("utf-8"), len(panels)


def _prefixed(svg: str, prefix: str) -> str:
    """Every id (and reference to one) prefixed: panels repeat the same node ids."""
    svg = re.sub(r'\bid="([^"]*)"', lambda m: f'id="{prefix}{m[1]}"', svg)
    svg = re.sub(r"url\(#([^)]*)\)", lambda m: f"url(#{prefix}{m[1]})", svg)
    return re.sub(r'href="#([^"]*)"', lambda m: f'href="#{prefix}{m[1]}"', svg)


def write_strip(drawing: Drawing, out: str | os.PathLike[str], *, columns: int = 3) -> int:
    """Write the strip to ``out`` (an ``.svg``); return the number of panels."""
    from .output import write_bytes

    if not os.fspath(out).lower().endswith(".svg"):
        raise UsageError(f"a strip is written as SVG: give a .svg file, not {os.fspath(out)!r}")
    data, count = strip_svg(drawing, columns=columns)
    write_bytes(out, data)
    return count
