"""The canvas a drawing is made for: its size and units (``--size``).

The named sizes are a 16:9 and a 4:3 slide in pixels (96 to the inch, as slide tools
count) and A4 in millimetres, portrait and landscape; how a drawing is fitted onto a
canvas is :mod:`tracer.render.draw.canvas`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...errors import UsageError
from ...reading_numbers import real_option
from ...said import said

__all__ = ["Canvas", "MIN_FONT", "MM_PT", "PX_PT", "SIZES", "check_pixels", "parse_size"]

SIZES: dict[str, str] = {
    "slides": "1280x720",
    "slides-4:3": "1024x768",
    "a4": "210x297mm",
    "a4-landscape": "297x210mm",
}
"""Named canvases: a 16:9 and a 4:3 slide in pixels, A4 portrait and landscape."""

PX_PT = 0.75
"""Points to a pixel (96 pixels to the inch)."""
MM_PT = 72 / 25.4
MIN_FONT = {"px": 14.0, "mm": 8.0}
"""The least text size after scaling: 14 px on a slide, 8 pt on paper."""
LIMITS = {"px": (64, 8192), "mm": (30, 1000)}
"""Each side of a canvas, both ends included."""

_SIZE = re.compile(r"\s*([0-9]+(?:\.[0-9]+)?)\s*[xX×]\s*([0-9]+(?:\.[0-9]+)?)\s*(px|mm)?\s*")


@dataclass(frozen=True)
class Canvas:
    """The size of the picture, whatever the tree."""

    width: float
    height: float
    unit: str
    """``px`` (a screen or a slide) or ``mm`` (paper)."""

    @property
    def points(self) -> tuple[float, float]:
        """Width and height in points (Graphviz's ``viewport``, a PDF page)."""
        k = PX_PT if self.unit == "px" else MM_PT
        return self.width * k, self.height * k

    @property
    def min_font(self) -> float:
        """The least text size after scaling, in the canvas's units (px, or pt on paper)."""
        return MIN_FONT[self.unit]

    @property
    def margin(self) -> float:
        """Points left free at each side: 2.5% of a slide's shorter side, 10 mm on paper
        (printers do not print to the edge)."""
        w, h = self.points
        return 0.025 * min(w, h) if self.unit == "px" else 10 * MM_PT

    @property
    def aspect(self) -> float:
        return self.width / self.height

    def unit_pt(self) -> float:
        """Points in one unit of :attr:`min_font` (a pixel, or a point on paper)."""
        return PX_PT if self.unit == "px" else 1.0


def check_pixels(canvas: Canvas, dpi: int) -> None:
    """A paper canvas's PNG is drawn at ``dpi``: refuse one of more than the largest
    pixel canvas a side (it would take minutes and gigabytes)."""
    if canvas.unit != "mm":
        return
    high = LIMITS["px"][1]
    w, h = (round(side / 25.4 * dpi) for side in (canvas.width, canvas.height))
    if max(w, h) > high:
        raise UsageError(said("size {width:g}x{height:g}mm at dpi {dpi} is {w}x{h} pixels: "
                              "at most {high} a side (lower the dpi)", width=canvas.width,
                              height=canvas.height, dpi=dpi, w=w, h=h, high=high))


def parse_size(text: str) -> Canvas:
    """``slides``, ``slides-4:3``, ``a4``, ``a4-landscape``, ``WxH`` (pixels) or
    ``WxHmm``."""
    spec = SIZES.get(text.strip().lower(), text)
    m = _SIZE.fullmatch(spec)
    if m is None:
        raise UsageError(said("unknown size {value!r} (choose from: {allowed}, or WxH in "
                              "pixels such as 1280x720, or WxHmm such as 210x297mm)",
                              value=text, allowed=", ".join(SIZES)))
    unit = m[3] or "px"
    low, high = LIMITS[unit]
    if unit == "px" and "." in m[1] + m[2]:
        raise UsageError(said("size {value!r}: pixels are whole numbers (such as 1280x720), "
                              "not {width}x{height}", value=text, width=m[1], height=m[2]))
    width, height = (float(real_option(m[k], said("size {value!r}", value=text)))
                     for k in (1, 2))
    if not (low <= width <= high and low <= height <= high):
        raise UsageError(said("size {value!r}: each side must be between {low} and {high} "
                              "{unit}", value=text, low=low, high=high, unit=unit))
    return Canvas(width, height, unit)


