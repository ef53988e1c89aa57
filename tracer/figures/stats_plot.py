"""The plot of a search's statistics (``gametrace stats --plot``): nodes per depth as bars
on a logarithmic scale (left axis), and the fail-high-first rate per depth as a line of
points (right axis, 0 to 100%).  The line is dashed and its points are diamonds, so the
plot reads in grayscale.

Like the ordering plot (:mod:`.ordering_plot`), it is Graphviz DOT with every position
fixed, drawn by the bundled Graphviz: SVG, PNG and PDF from one source, the same bytes
on every run.
"""

from __future__ import annotations

import math

from ..analysis.stats import SearchStats
from ..render.files.engine import render
from .fixed_plot import BAR_FILL, BAR_LINE, GRID, FixedPlot

__all__ = ["stats_plot_dot", "render_stats_plot"]

LEFT, BOTTOM, HEIGHT, RIGHT_PAD = 64.0, 48.0, 200.0, 64.0
FLOOR = math.log10(2)
"""The node axis starts at half a node, so that a ply of one node has a bar."""
RATE = "#c00000"


def stats_plot_dot(stats: SearchStats) -> str:
    """The DOT source of the plot, every element at a fixed position (``neato -n2``)."""
    depths = stats.depths
    slot = max(28.0, min(60.0, 480.0 / max(len(depths), 1)))
    width = slot * len(depths)
    peak = max((d.nodes for d in depths), default=1)
    decades = max(1, math.ceil(math.log10(max(peak, 1)) + 1e-9))
    top = BOTTOM + HEIGHT

    def y_nodes(n: float) -> float:  # log scale from half a node (one node shows a bar)
        return BOTTOM + HEIGHT * ((math.log10(n) + FLOOR) / (decades + FLOOR) if n > 0
                                  else 0.0)

    def y_rate(rate: float) -> float:
        return BOTTOM + HEIGHT * rate

    plot = FixedPlot("stats_plot")
    g, point, line, text = plot.graph, plot.point, plot.line, plot.text

    # Axes: nodes on the left (powers of ten), the rate on the right (0, 50, 100%).
    right = LEFT + width
    line(LEFT, BOTTOM, right, BOTTOM)
    line(LEFT, BOTTOM, LEFT, top)
    line(right, BOTTOM, right, top, color=RATE)
    for k in range(decades + 1):
        yy = y_nodes(10 ** k)
        if k:
            line(LEFT, yy, right, yy, color=GRID, style="dotted")
        text(LEFT - 24, yy, f"1e{k}" if k > 3 else str(10 ** k))
    for pct in (0, 50, 100):
        text(right + 20, y_rate(pct / 100), f"{pct}%", fontcolor=RATE)
    text(LEFT - 30, top + 16, "nodes", 9)
    text(right + 30, top + 16, "fail-high-first", 9, fontcolor=RATE)
    text(LEFT + width / 2, BOTTOM - 32, "depth", 11)
    # Bars (nodes) and the line (fail-high-first).
    last: tuple[float, float] | None = None
    for i, d in enumerate(depths):
        cx = LEFT + slot * (i + 0.5)
        text(cx, BOTTOM - 13, str(d.depth))
        h = y_nodes(d.nodes) - BOTTOM
        if h > 0:
            g.node(plot.name("b"), shape="box", style="filled", fillcolor=BAR_FILL,
                   color=BAR_LINE, penwidth="0.8", width=f"{slot * 0.6 / 72:.3f}",
                   height=f"{h / 72:.3f}", pos=f"{cx:.2f},{BOTTOM + h / 2:.2f}",
                   tooltip=f"depth {d.depth}: {d.nodes} nodes")
        rate = d.fail_high_first
        if rate is None:
            last = None
            continue
        here = (cx, y_rate(rate))
        if last is not None:
            line(*last, *here, color=RATE, style="dashed", penwidth="1.6")
        g.node(plot.name("r"), shape="diamond", style="filled", fillcolor=RATE, color=RATE,
               width="0.1", height="0.1", pos=f"{here[0]:.2f},{here[1]:.2f}",
               tooltip=f"depth {d.depth}: fail-high-first {100 * rate:.1f}%")
        last = here
    title = f"{stats.algorithm} ({stats.variant}) on {stats.source}"
    text(LEFT + width / 2, top + 34, title, 12)
    point(0, 0)  # invisible corners fix the picture's size
    point(right + RIGHT_PAD + 20, top + 48)
    return plot.source


def render_stats_plot(stats: SearchStats, fmt: str) -> bytes:
    """The plot as ``svg``, ``png``, ``pdf`` or ``dot`` bytes."""
    source = stats_plot_dot(stats)
    if fmt == "dot":
        return source.encode()
    return render(source, fmt, pinned=True)
