"""A canvas of an exact size: a 1280x720 slide, a 4:3 slide, an A4 page.

A drawing's own size follows its tree; a slide or a sheet of paper has a size of its
own.  The canvas is made by Graphviz itself, with the graph attribute ``viewport``
(width and height of the output in points, a zoom, and the point of the drawing at its
centre): PNG, SVG and PDF come out at exactly that size, the tree scaled to fit and
centred, from one mechanism, vector output staying vector.  A wrap done afterwards would
need a rasteriser for PNG (none is installed with the package) and a second mechanism
for each format.

A pixel canvas (``1280x720``) is 96 pixels to the inch, as slide tools count: its PNG is
exactly that many pixels, its PDF page 0.75 pt a pixel (1280x720 is PowerPoint's 16:9
page, 960x540 pt), and its SVG is written in pixels.  A paper canvas (``210x297mm``) is
its size in points in PDF (A4: 595x842 pt), in millimetres in SVG, and in pixels at the
drawing's ``dpi`` in PNG.

Text is never shrunk out of sight in silence: when fitting the tree would draw its
smallest text under :attr:`Canvas.min_font` (14 px on a slide, 8 pt on paper), the tree
is still drawn whole and :attr:`Fit.note` says so and what to draw instead, for the
command line to say on stderr.  Nothing about size is written in the picture: a slide
is shown to a class, and a warning burned into it would be shown too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model.canvas import PX_PT, Canvas

__all__ = ["CORNERS", "Fit", "MAX_ZOOM", "Measure", "canvas_svg", "corner_nodes",
           "fit_canvas", "measure_svg"]

MAX_ZOOM = 2.5
"""A small tree is enlarged at most this much: a two-leaf tree is not drawn in 60 px
letters."""


@dataclass(frozen=True)
class Measure:
    """What a drawing at its own size takes: its box in graph points, its least text."""

    bb: tuple[float, float, float, float]
    least_font: float | None
    """The smallest ``font-size`` of its SVG, in points; None without text."""


_FONT = re.compile(r'font-size="([0-9.]+)"')


def measure_svg(bb: tuple[float, float, float, float], svg: str) -> Measure:
    """The measure of a drawing whose box is ``bb`` and whose SVG at scale 1 is ``svg``."""
    sizes = [float(v) for v in _FONT.findall(svg)]
    return Measure(bb, min(sizes) if sizes else None)


@dataclass(frozen=True)
class Fit:
    """How a drawing sits on its canvas."""

    canvas: Canvas
    zoom: float
    """Graph points to canvas points."""
    centre: tuple[float, float]
    """The point of the drawing (graph coordinates) at the canvas's centre."""
    note: str | None = None
    """What the command line says when text is under the least size (never drawn)."""
    least: float | None = None
    """The drawing's smallest text after scaling, in the canvas's units."""
    bb: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    """The drawing's own box (graph points), as measured."""

    def dpi(self, dpi: int) -> int:
        """The PNG resolution: 96 on a pixel canvas (one pixel a pixel), else ``dpi``."""
        return 96 if self.canvas.unit == "px" else dpi

    def graph_attrs(self) -> dict[str, str]:
        """Graphviz's ``viewport``: ``neato -n2`` moves every drawing so that its box
        starts at (0, 0), and the box is the canvas's (:func:`corner_nodes`): the point
        at the canvas's centre is half the box."""
        w, h = self.canvas.points
        x, y = w / 2 / self.zoom + HALF_CORNER[0], h / 2 / self.zoom + HALF_CORNER[1]
        return {"viewport": f"{w:.3f},{h:.3f},{self.zoom:.6f},{x:.3f},{y:.3f}"}


def fit_canvas(canvas: Canvas, measure: Measure, *, note: str) -> Fit:
    """Scale the drawing to fit ``canvas`` within its margins, centred, at most
    :data:`MAX_ZOOM`; when its least text would end under the canvas's least size,
    the fit carries ``note`` (to be said on stderr, not drawn)."""
    w, h = canvas.points
    m = canvas.margin
    x0, y0, x1, y1 = measure.bb
    bw, bh = max(x1 - x0, 1.0), max(y1 - y0, 1.0)
    z = min((w - 2 * m) / bw, (h - 2 * m) / bh, MAX_ZOOM)
    least = None if measure.least_font is None else measure.least_font * z / canvas.unit_pt()
    small = least is not None and least < canvas.min_font - 1e-6
    return Fit(canvas, z, ((x0 + x1) / 2, (y0 + y1) / 2), note if small else None, least,
               measure.bb)


CORNERS = ("gt:canvas:sw", "gt:canvas:ne")
"""The invisible points at the canvas's corners (:func:`corner_nodes`)."""
CORNER = ("0.01", "0.02")
HALF_CORNER = (0.36, 0.72)
"""A corner point's width and height in inches (Graphviz draws none smaller), and half
of each in points."""


def corner_nodes(fit: Fit) -> list[tuple[str, dict[str, str]]]:
    """Two invisible points at the canvas's corners: every picture on the canvas has
    the canvas as its bounding box, so that its ``viewport`` is known
    (:meth:`Fit.graph_attrs`) and a frame whose caption makes its own box taller sits
    where the diagram does."""
    w, h = fit.canvas.points
    x, y = fit.centre
    dx, dy = w / 2 / fit.zoom, h / 2 / fit.zoom
    return [(name, {"label": "", "style": "invis", "width": CORNER[0], "height": CORNER[1],
                    "fixedsize": "true", "pos": f"{px:.3f},{py:.3f}"})
            for name, (px, py) in zip(CORNERS, ((x - dx, y - dy), (x + dx, y + dy)),
                                      strict=True)]


_HEAD = re.compile(r'<svg width="[^"]*" height="[^"]*"\s+viewBox="[^"]*"')
_SIZE_ATTRS = re.compile(r'<svg width="[^"]*" height="[^"]*"')
_SCALE = re.compile(r'(<g id="graph0" class="graph" transform="scale\()([-0-9.]+) ([-0-9.]+)')


def canvas_svg(svg: bytes, fit: Fit) -> bytes:
    """Graphviz's SVG of a canvas, sized in the canvas's units: pixels (the viewBox in
    pixels too, the drawing's scale times 4/3) or millimetres (the viewBox stays in
    points, as Graphviz rounded them)."""
    c = fit.canvas
    text = svg.decode()
    if c.unit == "px":
        head = (f'<svg width="{c.width:g}px" height="{c.height:g}px"\n'
                f' viewBox="0.00 0.00 {c.width:.2f} {c.height:.2f}"')
        k = 1 / PX_PT
        text = _SCALE.sub(lambda g: f"{g[1]}{float(g[2]) * k:.5f} {float(g[3]) * k:.5f}",
                          text, count=1)
        return _HEAD.sub(head, text, count=1).encode()
    return _SIZE_ATTRS.sub(f'<svg width="{c.width:g}mm" height="{c.height:g}mm"', text,
                           count=1).encode()
