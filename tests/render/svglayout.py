"""Read an SVG's texts and edge paths as boxes and segments, to test for collisions.

Text boxes are approximate: the width from DejaVu Sans advances
(:func:`tracer.render.draw.svgtext.text_width`), the height from the font size (ascent 0.76
em above the baseline, descent 0.24 em below).
"""

from __future__ import annotations

import html
import itertools
import re
from dataclasses import dataclass

from tracer.render.draw.svgtext import text_width

_GROUP = re.compile(r'<g id="([^"]*)" class="(node|edge)">\n<title>(.*?)</title>(.*?)\n</g>\n'
                    r'(?=<!--|</g>)', re.DOTALL)
_TEXT = re.compile(r"<text([^>]*)>([^<]*)</text>")
_PATH = re.compile(r'<path[^>]*\bd="([^"]*)"')
_NUM = re.compile(r"-?[0-9.]+")

Box = tuple[float, float, float, float]
"""x0, y0, x1, y1 (SVG coordinates: y grows downwards)."""
Segment = tuple[float, float, float, float]


@dataclass(frozen=True)
class Text:
    owner: str
    text: str
    box: Box


@dataclass(frozen=True)
class Edge:
    owner: str
    segments: tuple[Segment, ...]
    dashed: bool


def _attr(attrs: str, name: str) -> str | None:
    m = re.search(rf'\b{name}="([^"]*)"', attrs)
    return m.group(1) if m else None


def read(svg: str) -> tuple[list[Text], list[Edge]]:
    texts: list[Text] = []
    edges: list[Edge] = []
    for _, kind, title, body in _GROUP.findall(svg):
        owner = html.unescape(title)
        for attrs, content in _TEXT.findall(body):
            words = html.unescape(content)
            if not words.strip():
                continue
            size = float(_attr(attrs, "font-size") or 14)
            x, y = float(_attr(attrs, "x") or 0), float(_attr(attrs, "y") or 0)
            family = _attr(attrs, "font-family") or ""
            w = text_width(words, size, bold=_attr(attrs, "font-weight") == "bold",
                           mono="Mono" in family)
            anchor = _attr(attrs, "text-anchor")
            x0 = x - w / 2 if anchor == "middle" else (x - w if anchor == "end" else x)
            texts.append(Text(owner, words, (x0, y - 0.76 * size, x0 + w, y + 0.24 * size)))
        if kind == "edge":
            for path in _PATH.findall(body):
                pts = [float(v) for v in _NUM.findall(path)]
                xy = list(zip(pts[0::2], pts[1::2], strict=False))
                segs = tuple((a[0], a[1], b[0], b[1]) for a, b in itertools.pairwise(xy)
                             if a != b)
                edges.append(Edge(owner, segs, "stroke-dasharray" in body))
    return texts, edges


def overlap(a: Box, b: Box, slack: float = 0.5) -> bool:
    return (a[0] + slack < b[2] and b[0] + slack < a[2]
            and a[1] + slack < b[3] and b[1] + slack < a[3])


def crosses(seg: Segment, box: Box, slack: float = 0.5) -> bool:
    """Does the segment pass through the box (shrunk by ``slack``)?"""
    x0, y0, x1, y1 = box[0] + slack, box[1] + slack, box[2] - slack, box[3] - slack
    if x0 >= x1 or y0 >= y1:
        return False
    ax, ay, bx, by = seg
    # Liang-Barsky clipping.
    t0, t1 = 0.0, 1.0
    dx, dy = bx - ax, by - ay
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def collisions(svg: str) -> list[str]:
    """Every text overlapping another text, or crossed by an edge's line."""
    texts, edges = read(svg)
    out: list[str] = []
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if overlap(a.box, b.box):
                out.append(f"text {a.text!r} ({a.owner}) overlaps {b.text!r} ({b.owner})")
        for e in edges:
            if any(crosses(s, a.box) for s in e.segments):
                out.append(f"text {a.text!r} ({a.owner}) is crossed by edge {e.owner}")
    return out
