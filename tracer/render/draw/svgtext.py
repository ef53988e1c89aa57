"""Portable SVG text: centred on its cell, in a font list that ends with a generic family.

Graphviz writes the texts of HTML-like labels ``text-anchor="start"`` at an ``x`` it
computed from the text's width in the font found at render time, and names one font
family.  On a machine without that font (a student's browser, a slide tool) the text is
drawn in another font from the same left edge, so values drift off-centre.  Each such
text is rewritten here anchored at its middle (``x`` plus half its width in DejaVu Sans,
the font it was measured in), and every ``font-family`` gets fallbacks ending in
``sans-serif`` (``monospace`` for the boards), so the picture degrades gracefully.
The widths are DejaVu Sans's advances (:mod:`tracer.render.draw.fontwidths`).
"""

from __future__ import annotations

import html
import re

from .fontwidths import text_width

__all__ = ["FALLBACK", "portable_svg", "text_width"]

FALLBACK = {
    "DejaVu Sans": "DejaVu Sans,Verdana,Arial,Helvetica,sans-serif",
    "DejaVu Sans Mono": "DejaVu Sans Mono,Menlo,Consolas,Courier New,monospace",
}
"""The font list written for each family Graphviz names."""

_TEXT = re.compile(r'<text([^>]*?) text-anchor="start" x="([-0-9.]+)"([^>]*)>([^<]*)</text>')
_FAMILY = re.compile(r'font-family="([^"]*)"')
_SIZE = re.compile(r'font-size="([0-9.]+)"')


def portable_svg(svg: bytes) -> bytes:
    """``svg`` with texts anchored at their middle and font lists with a generic family."""
    text = svg.decode()

    def centre(m: re.Match[str]) -> str:
        before, x, after, content = m.groups()
        attrs = before + after
        size_m = _SIZE.search(attrs)
        family_m = _FAMILY.search(attrs)
        size = float(size_m.group(1)) if size_m else 14.0
        family = family_m.group(1) if family_m else ""
        width = text_width(html.unescape(content), size, bold='font-weight="bold"' in attrs,
                           mono="Mono" in family)
        return (f'<text{before} text-anchor="middle" x="{float(x) + width / 2:.2f}"{after}>'
                f"{content}</text>")

    text = _TEXT.sub(centre, text)
    text = _FAMILY.sub(lambda m: f'font-family="{FALLBACK.get(m.group(1), m.group(1))}"', text)
    return text.encode()
