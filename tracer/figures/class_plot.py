"""The plot of a search's moves by class (``gametrace stats --class-plot``): one row per
move class (over every depth), with two bars on a 0 to 100% scale: the fail-high rate
(the class's cuts / its moves searched) and the cuts by the rank the cutting move had
(1, 2, 3, 4 and later, stacked, darkest first: the first segment is the fail-high-first
rate).  Every bar is labelled with its numbers, so the plot reads in grayscale.

Like the statistics plot (:mod:`.stats_plot`), it is Graphviz DOT with every position
fixed, drawn by the bundled Graphviz.
"""

from __future__ import annotations

from ..analysis.stats import ClassStats, SearchStats
from ..render.files.engine import render
from .fixed_plot import BAR_LINE, GRID, FixedPlot

__all__ = ["class_plot_dot", "render_class_plot"]

LEFT, SCALE, ROW, BAR = 96.0, 300.0, 44.0, 12.0
"""The bars' left end, the length of 100%, one class's height and a bar's, in points."""
RANK_FILLS = ("#1f4e79", "#5b8bc0", "#9dbfe0", "#dbe9f6")
"""Ranks 1, 2, 3 and 4+, darkest first."""
RANK_NAMES = ("1", "2", "3", "4+")
HIGH_FILL = "#f4b183"
"""The fail-high bar: warm, apart from the ranks' blues."""


def class_plot_dot(stats: SearchStats) -> str:
    """The DOT source of the plot, every element at a fixed position (``neato -n2``)."""
    classes = stats.by_class
    plot = FixedPlot("class_plot")
    g, point, line, text = plot.graph, plot.point, plot.line, plot.text
    bottom = 56.0
    top = bottom + ROW * max(len(classes), 1)
    right = LEFT + SCALE

    def bar(x: float, y: float, length: float, fill: str, tip: str) -> None:
        if length <= 0:
            return
        g.node(plot.name("b"), shape="box", style="filled", fillcolor=fill, color=BAR_LINE,
               penwidth="0.6", width=f"{length / 72:.3f}", height=f"{BAR / 72:.3f}",
               pos=f"{x + length / 2:.2f},{y:.2f}", tooltip=tip)

    for pct in (0, 50, 100):
        x = LEFT + SCALE * pct / 100
        line(x, bottom, x, top, color=GRID, style="dotted")
        text(x, bottom - 12, f"{pct}%")
    for i, (name, c) in enumerate(classes.items()):
        y = top - ROW * i - ROW / 2
        text(LEFT - 50, y, name, 10)
        high, low = y + BAR * 0.7, y - BAR * 0.7
        rate = c.fail_high or 0.0
        bar(LEFT, high, SCALE * rate, HIGH_FILL, f"{name}: fail-high {100 * rate:.1f}%")
        text(right + 90, high, f"fail-high {_pct(c.fail_high)} ({c.cuts} of {c.searched})", 9)
        x = LEFT
        for rank, share in _rank_shares(c):
            bar(x, low, SCALE * share, RANK_FILLS[rank],
                f"{name}: rank {RANK_NAMES[rank]}, {100 * share:.1f}% of its cuts")
            x += SCALE * share
        text(right + 90, low, "ranks " + (" ".join(
            f"{RANK_NAMES[r]}:{n}" for r, n in enumerate(_rank_counts(c)) if n) or "-"), 9)
    # the legend: the rank shades
    for r, fill in enumerate(RANK_FILLS):
        x = LEFT + 70 * r
        bar(x, bottom - 32, 12, fill, f"rank {RANK_NAMES[r]}")
        text(x + 34, bottom - 32, f"rank {RANK_NAMES[r]}", 9)
    text(LEFT + SCALE / 2, top + 20,
         f"{stats.algorithm} ({stats.variant}) on {stats.source}: moves by class", 12)
    point(0, 0)  # invisible corners fix the picture's size
    point(right + 190, top + 36)
    return plot.source


def _rank_counts(c: ClassStats) -> tuple[int, int, int, int]:
    """Cuts by rank 1, 2, 3 and 4 or later."""
    r = c.ranks
    return r.get(1, 0), r.get(2, 0), r.get(3, 0), sum(n for k, n in r.items() if k > 3)


def _rank_shares(c: ClassStats) -> list[tuple[int, float]]:
    cuts = c.cuts
    return [(i, n / cuts) for i, n in enumerate(_rank_counts(c)) if n] if cuts else []


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def render_class_plot(stats: SearchStats, fmt: str) -> bytes:
    """The plot as ``svg``, ``png``, ``pdf`` or ``dot`` bytes."""
    source = class_plot_dot(stats)
    if fmt == "dot":
        return source.encode()
    return render(source, fmt, pinned=True)
