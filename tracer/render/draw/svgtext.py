"""Portable SVG text: centred on its cell, in a font list that ends with a generic family.

Graphviz writes the texts of HTML-like labels ``text-anchor="start"`` at an ``x`` it
computed from the text's width in the font found at render time, and names one font
family.  On a machine without that font (a student's browser, a slide tool) the text is
drawn in another font from the same left edge, so values drift off-centre.  Each such
text is rewritten here anchored at its middle (``x`` plus half its width in DejaVu Sans,
the font it was measured in), and every ``font-family`` gets fallbacks ending in
``sans-serif`` (``monospace`` for the boards), so the picture degrades gracefully.
The widths are DejaVu Sans's advances (``python tools/dejavu_widths.py`` prints them).
"""

from __future__ import annotations

import html
import re

__all__ = ["FALLBACK", "portable_svg", "text_width"]

FALLBACK = {
    "DejaVu Sans": "DejaVu Sans,Verdana,Arial,Helvetica,sans-serif",
    "DejaVu Sans Mono": "DejaVu Sans Mono,Menlo,Consolas,Courier New,monospace",
}
"""The font list written for each family Graphviz names."""

MONO_EM = 0.6021
"""Advance of every glyph of DejaVu Sans Mono, in ems."""
DEFAULT_EM = 0.6
"""A glyph the table does not have."""

REGULAR = {
    ' ': 0.3179, '!': 0.4009, '"': 0.46, '#': 0.8379, '$': 0.6362, '%': 0.9502, '&': 0.7798,
    "'": 0.2749, '(': 0.3901, ')': 0.3901, '*': 0.5, '+': 0.8379, ',': 0.3179, '-': 0.3608,
    '.': 0.3179, '/': 0.3369, '0': 0.6362, '1': 0.6362, '2': 0.6362, '3': 0.6362,
    '4': 0.6362, '5': 0.6362, '6': 0.6362, '7': 0.6362, '8': 0.6362, '9': 0.6362,
    ':': 0.3369, ';': 0.3369, '<': 0.8379, '=': 0.8379, '>': 0.8379, '?': 0.5308, '@': 1.0,
    'A': 0.6841, 'B': 0.686, 'C': 0.6982, 'D': 0.77, 'E': 0.6318, 'F': 0.5752, 'G': 0.7749,
    'H': 0.752, 'I': 0.2949, 'J': 0.2949, 'K': 0.6558, 'L': 0.5571, 'M': 0.8628, 'N': 0.748,
    'O': 0.7871, 'P': 0.603, 'Q': 0.7871, 'R': 0.6948, 'S': 0.6348, 'T': 0.6108,
    'U': 0.7319, 'V': 0.6841, 'W': 0.9888, 'X': 0.6851, 'Y': 0.6108, 'Z': 0.6851,
    '[': 0.3901, '\\': 0.3369, ']': 0.3901, '^': 0.8379, '_': 0.5, '`': 0.5, 'a': 0.6128,
    'b': 0.6348, 'c': 0.5498, 'd': 0.6348, 'e': 0.6152, 'f': 0.3521, 'g': 0.6348,
    'h': 0.6338, 'i': 0.2778, 'j': 0.2778, 'k': 0.5791, 'l': 0.2778, 'm': 0.9741,
    'n': 0.6338, 'o': 0.6118, 'p': 0.6348, 'q': 0.6348, 'r': 0.4111, 's': 0.521,
    't': 0.3921, 'u': 0.6338, 'v': 0.5918, 'w': 0.8179, 'x': 0.5918, 'y': 0.5918,
    'z': 0.5249, '{': 0.6362, '|': 0.3369, '}': 0.6362, '~': 0.8379, 'à': 0.6128,
    'è': 0.6152, 'é': 0.6152, 'ì': 0.2778, 'ò': 0.6118, 'ù': 0.6338, 'À': 0.6841,
    'È': 0.6318, 'É': 0.6318, 'Ì': 0.2949, 'Ò': 0.7871, 'Ù': 0.7319, '°': 0.5, '≤': 0.8379,
    '≥': 0.8379, 'α': 0.6592, 'β': 0.6382, '∞': 0.833, '−': 0.8379, '→': 0.8379,
    '←': 0.8379, '✓': 0.8379, '✗': 0.8379, '·': 0.3179, '…': 1.0, '▲': 0.769, '▼': 0.769,
    '━': 0.6021, '■': 0.9448, '□': 0.9448, '●': 0.8726, '○': 0.8726, '◆': 0.769, '◇': 0.769,
    '▶': 0.769, '◀': 0.769, '↑': 0.8379, '↓': 0.8379, '×': 0.8379, '÷': 0.8379, '±': 0.8379,
    '≠': 0.8379,
}
BOLD = {
    ' ': 0.3481, '!': 0.4561, '"': 0.521, '#': 0.8379, '$': 0.6958, '%': 1.002, '&': 0.8721,
    "'": 0.3062, '(': 0.457, ')': 0.457, '*': 0.5229, '+': 0.8379, ',': 0.3799, '-': 0.415,
    '.': 0.3799, '/': 0.3652, '0': 0.6958, '1': 0.6958, '2': 0.6958, '3': 0.6958,
    '4': 0.6958, '5': 0.6958, '6': 0.6958, '7': 0.6958, '8': 0.6958, '9': 0.6958,
    ':': 0.3999, ';': 0.3999, '<': 0.8379, '=': 0.8379, '>': 0.8379, '?': 0.5801, '@': 1.0,
    'A': 0.7739, 'B': 0.7622, 'C': 0.7339, 'D': 0.8301, 'E': 0.6831, 'F': 0.6831,
    'G': 0.8208, 'H': 0.8369, 'I': 0.3721, 'J': 0.3721, 'K': 0.7749, 'L': 0.6372,
    'M': 0.9951, 'N': 0.8369, 'O': 0.8501, 'P': 0.7329, 'Q': 0.8501, 'R': 0.77, 'S': 0.7202,
    'T': 0.6821, 'U': 0.812, 'V': 0.7739, 'W': 1.103, 'X': 0.771, 'Y': 0.7241, 'Z': 0.7251,
    '[': 0.457, '\\': 0.3652, ']': 0.457, '^': 0.8379, '_': 0.5, '`': 0.5, 'a': 0.6748,
    'b': 0.7158, 'c': 0.5928, 'd': 0.7158, 'e': 0.6782, 'f': 0.4351, 'g': 0.7158,
    'h': 0.7119, 'i': 0.3428, 'j': 0.3428, 'k': 0.665, 'l': 0.3428, 'm': 1.042, 'n': 0.7119,
    'o': 0.687, 'p': 0.7158, 'q': 0.7158, 'r': 0.4932, 's': 0.5952, 't': 0.478, 'u': 0.7119,
    'v': 0.6519, 'w': 0.9238, 'x': 0.645, 'y': 0.6519, 'z': 0.582, '{': 0.7119, '|': 0.3652,
    '}': 0.7119, '~': 0.8379, 'à': 0.6748, 'è': 0.6782, 'é': 0.6782, 'ì': 0.3428,
    'ò': 0.687, 'ù': 0.7119, 'À': 0.7739, 'È': 0.6831, 'É': 0.6831, 'Ì': 0.3721,
    'Ò': 0.8501, 'Ù': 0.812, '°': 0.5, '≤': 0.8379, '≥': 0.8379, 'α': 0.687, 'β': 0.7158,
    '∞': 0.833, '−': 0.8379, '→': 0.8379, '←': 0.8379, '✓': 0.8379, '✗': 0.8379,
    '·': 0.3799, '…': 1.0, '▲': 0.769, '▼': 0.769, '━': 0.6021, '■': 0.9448, '□': 0.9448,
    '●': 0.8726, '○': 0.8726, '◆': 0.769, '◇': 0.769, '▶': 0.769, '◀': 0.769, '↑': 0.8379,
    '↓': 0.8379, '×': 0.8379, '÷': 0.8379, '±': 0.8379, '≠': 0.8379,
}

_TEXT = re.compile(r'<text([^>]*?) text-anchor="start" x="([-0-9.]+)"([^>]*)>([^<]*)</text>')
_FAMILY = re.compile(r'font-family="([^"]*)"')
_SIZE = re.compile(r'font-size="([0-9.]+)"')


def text_width(text: str, size: float, *, bold: bool = False, mono: bool = False) -> float:
    """Width of ``text`` at ``size`` points in DejaVu Sans (Bold, Mono), without kerning."""
    if mono:
        return len(text) * MONO_EM * size
    table = BOLD if bold else REGULAR
    return sum(table.get(ch, DEFAULT_EM) for ch in text) * size


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
