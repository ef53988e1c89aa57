"""The plot of an ordering comparison: leaves evaluated over random orderings, with the
fixed orderings and the bounds marked.

A histogram of the random orderings' counts with a box plot above it (quartiles, whiskers
to the minimum and maximum, a diamond at the mean), and one vertical line per yardstick:
plain minimax, the Knuth-Moore count, the critical tree, and each fixed ordering.  Lines
differ by dash pattern as well as colour, so the plot reads in grayscale.

The plot is Graphviz DOT with every position fixed (no layout), drawn by the same
bundled Graphviz as the diagrams: SVG, PNG and PDF from one source, byte for byte the
same on every run.
"""

from __future__ import annotations

import math

from ..analysis.orderings import OrderingReport
from ..render.draw.dotquote import attr_text
from ..render.files.engine import render
from .fixed_plot import BAR_FILL, BAR_LINE, GRID, INK, FixedPlot

__all__ = ["plot_dot", "render_plot"]

WIDTH, HIST_H, BOX_H, LABEL_ROW = 560.0, 170.0, 34.0, 15.0
LEFT, BOTTOM = 58.0, 52.0

# name -> (colour, style, pen width); dash patterns tell them apart without colour.
MARKS: dict[str, tuple[str, str, str]] = {
    "minimax": ("#404040", "solid", "2.4"),
    "worst": ("#8c2d04", "dotted", "2.2"),
    "reverse": ("#7030a0", "dashed", "1.6"),
    "natural": ("#c00000", "solid", "1.6"),
    "best": ("#38761d", "dashed", "2.4"),
    "Knuth-Moore": ("#000000", "dotted", "1.4"),
    "critical tree": ("#000000", "bold", "1.2"),
}


def plot_dot(report: OrderingReport) -> str:
    """The DOT source of the plot, every element at a fixed position (``neato -n2``)."""
    marks = _marks(report)
    randoms = [r.tally.leaves for r in report.random]
    lo = min([*marks.values(), *randoms])
    hi = max([*marks.values(), *randoms])
    step = _nice_step(max(hi - lo, 1) / 8)
    # Room for half a bar beyond the extreme counts (a bar of width 1 is centred on its count).
    x_lo = math.floor((lo - 0.5) / step) * step if lo > 0 else 0.0
    x_hi = math.ceil((hi + 0.5) / step) * step
    scale = WIDTH / (x_hi - x_lo)

    def x(value: float) -> float:
        return LEFT + (value - x_lo) * scale

    plot = FixedPlot("ordering_plot")
    g, point, line, text = plot.graph, plot.point, plot.line, plot.text

    # Histogram: one bar per bin of the random orderings' counts.
    top = BOTTOM + HIST_H
    bins = _bins(randoms, x_lo, x_hi)
    peak = max((n for _, _, n in bins), default=1)
    for start, end, n in bins:
        if n:
            h = HIST_H * 0.9 * n / peak
            g.node(plot.name("b"), shape="box", style="filled", fillcolor=BAR_FILL,
                   color=BAR_LINE, penwidth="0.8", width=f"{(end - start) * scale / 72:.3f}",
                   height=f"{h / 72:.3f}", pos=f"{x((start + end) / 2):.2f},{BOTTOM + h / 2:.2f}",
                   tooltip=f"{n} orderings with {_span(start, end)} leaves")
    # Axes, ticks, gridlines.
    line(LEFT, BOTTOM, LEFT + WIDTH, BOTTOM)
    line(LEFT, BOTTOM, LEFT, top)
    tick = x_lo
    while tick <= x_hi + 1e-9:
        line(x(tick), BOTTOM, x(tick), BOTTOM - 4)
        text(x(tick), BOTTOM - 13, _num(tick))
        tick += step
    if bins:  # gridlines at the tallest bar and about half of it (whole orderings)
        for count in sorted({peak, max(1, round(peak / 2))}):
            yy = BOTTOM + HIST_H * 0.9 * count / peak
            line(LEFT, yy, LEFT + WIDTH, yy, color=GRID, style="dotted")
            text(LEFT - 16, yy, _num(count))
    text(LEFT + WIDTH / 2, BOTTOM - 30, "leaves evaluated", 11)
    text(LEFT - 16, top + 8, "orderings", 9)
    # Box plot of the random orderings above the histogram.
    spread = report.spread("leaves")
    box_mid = top + BOX_H / 2 + 4
    if spread is not None:
        g.node(plot.name("q"), shape="box", style="filled", fillcolor="white", color=INK,
               width=f"{max((spread.q3 - spread.q1) * scale, 1.5) / 72:.3f}",
               height=f"{(BOX_H - 14) / 72:.3f}",
               pos=f"{x((spread.q1 + spread.q3) / 2):.2f},{box_mid:.2f}",
               tooltip=f"quartiles {_num(spread.q1)} .. {_num(spread.q3)}")
        half = (BOX_H - 14) / 2
        line(x(spread.median), box_mid - half, x(spread.median), box_mid + half, penwidth="2")
        line(x(spread.min), box_mid, x(spread.q1), box_mid)
        line(x(spread.q3), box_mid, x(spread.max), box_mid)
        for end in (spread.min, spread.max):
            line(x(end), box_mid - half / 2, x(end), box_mid + half / 2)
        g.node(plot.name("m"), shape="diamond", style="filled", fillcolor=INK,
               width="0.1", height="0.1", pos=f"{x(spread.mean):.2f},{box_mid:.2f}",
               tooltip=f"mean {spread.mean:.1f}")
        text(LEFT + WIDTH + 40, box_mid, f"{spread.n} random", 9)
    # The yardsticks: a line each, up to its label, which sits beside the line (right,
    # else left) in the lowest row where it covers no other label and no line that
    # runs up through that row, and where no label below covers its line; a side that
    # covers no other mark's line at all comes first.
    from ..render.draw.svgtext import text_width

    rows: list[list[tuple[float, float]]] = []
    placed: list[tuple[float, int]] = []  # (x of a line, the row it reaches)
    line_top = top + BOX_H + 8
    for name, value in sorted(marks.items(), key=lambda kv: (kv[1], kv[0])):
        colour, style, pen = MARKS[name]
        label = f"{name} {_num(value)}"
        xv, w = x(value), text_width(label, 10) + 4
        sides = [(xv + 4, xv + 4 + w), (xv - 4 - w, xv - 4)]
        if xv + 4 + w > LEFT + WIDTH + 88:  # no room on the right: left first
            sides.reverse()

        def fits(row: int, span: tuple[float, float], xv: float = xv) -> bool:
            a, b = span
            return (all(b < c or a > d for c, d in (rows[row] if row < len(rows) else []))
                    and all(not a - 2 <= lx <= b + 2 for lx, r in placed if r >= row)
                    and all(not c - 2 <= xv <= d + 2
                            for r in range(min(row, len(rows))) for c, d in rows[r]))

        def clear(span: tuple[float, float], xv: float = xv) -> bool:
            """Covers the line of no other mark (placed or still to come)."""
            return all(not span[0] - 2 <= x(v) <= span[1] + 2 for v in marks.values()
                       if abs(x(v) - xv) > 0.5)

        tries = [(r, sp) for r in range(len(rows) + 1) for sp in sides if fits(r, sp)]
        row, span = next((t for t in tries if clear(t[1])),
                         tries[0] if tries else (len(rows), sides[0]))
        if row == len(rows):
            rows.append([])
        rows[row].append(span)
        placed.append((xv, row))
        ly = line_top + 10 + row * LABEL_ROW
        line(xv, BOTTOM, xv, ly, color=colour, style=style, penwidth=pen, tooltip=attr_text(label))
        text((span[0] + span[1]) / 2, ly, label, fontcolor=colour)
    height = line_top + 10 + len(rows) * LABEL_ROW + 26
    if report.title:
        text(LEFT + WIDTH / 2, height - 8, report.title, 12)
    # Invisible corners fix the picture's size.
    point(0, 0)
    point(LEFT + WIDTH + 90, height + 4)
    return plot.source


def render_plot(report: OrderingReport, fmt: str) -> bytes:
    """The plot as ``svg``, ``png``, ``pdf`` or ``dot`` bytes."""
    source = plot_dot(report)
    if fmt == "dot":
        return source.encode()
    return render(source, fmt, pinned=True)


def _marks(report: OrderingReport) -> dict[str, int]:
    shape = report.shape
    out = {"minimax": report.minimax.tally.leaves, "critical tree": shape.critical}
    if shape.knuth_moore is not None:
        out["Knuth-Moore"] = shape.knuth_moore
    for r in report.runs:
        out[r.name] = r.tally.leaves
    return out


def _bins(values: list[int], x_lo: float, x_hi: float) -> list[tuple[float, float, int]]:
    """One bin per integer when the range is small, else about 40 bins of a nice width."""
    if not values:
        return []
    width = max(1.0, _nice_step((x_hi - x_lo) / 40))
    out: dict[int, int] = {}
    for v in values:
        k = math.floor((v - x_lo) / width)
        out[k] = out.get(k, 0) + 1
    # Counts are integers: a bin [a, a + 1) is drawn centred on a.
    shift = 0.5 if width == 1 else 0.0
    return [(x_lo + k * width - shift, x_lo + (k + 1) * width - shift, n)
            for k, n in sorted(out.items())]


def _nice_step(raw: float) -> float:
    """1, 2 or 5 times a power of ten, at least ``raw`` (and at least 1: counts)."""
    if raw <= 1:
        return 1.0
    power = 10 ** math.floor(math.log10(raw))
    return float(next(m * power for m in (1, 2, 5, 10) if m * power >= raw))


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def _span(start: float, end: float) -> str:
    a, b = math.ceil(start), math.ceil(end) - 1
    return _num(a) if a == b else f"{_num(a)}-{_num(b)}"
