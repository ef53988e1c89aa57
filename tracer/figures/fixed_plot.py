"""What the plots draw with: a Graphviz graph whose every element sits at a fixed
position (drawn with ``neato -n2``, no layout), its invisible points, lines and text.

The ordering plot (:mod:`.ordering_plot`) and the statistics plot (:mod:`.stats_plot`)
both draw on one; each keeps its own scales and marks.
"""

from __future__ import annotations

from typing import Any

import graphviz

from ..render.draw.dotquote import label_text

__all__ = ["BAR_FILL", "BAR_LINE", "CHAR", "FONT", "GRID", "INK", "FixedPlot"]

FONT = "DejaVu Sans"
CHAR = 5.6  # average width of a 10 pt character, in points
INK, GRID, BAR_FILL, BAR_LINE = "#1a1a1a", "#bfbfbf", "#dbe9f6", "#1f4e79"


class FixedPlot:
    """A graph of fixed positions: ``point``, ``line`` and ``text`` at coordinates in
    points; any other shape through :attr:`graph` with a name from :meth:`name`."""

    def __init__(self, name: str) -> None:
        g = graphviz.Graph(name)
        g.attr("graph", bgcolor="white", pad="0.2", splines="line", outputorder="edgesfirst")
        g.attr("node", fontname=FONT, fontsize="10", fontcolor=INK, fixedsize="true",
               margin="0", label="")
        g.attr("edge", color=INK, penwidth="1")
        self.graph = g
        self._names = iter(range(1 << 30))

    def name(self, prefix: str) -> str:
        """A new node name: ``prefix`` and a counter shared by every element, so the same
        plot gives the same DOT."""
        return f"{prefix}{next(self._names)}"

    def point(self, px: float, py: float) -> str:
        """An invisible point at (``px``, ``py``): a line's end, or a corner of the picture."""
        name = self.name("p")
        self.graph.node(name, shape="point", width="0.01", style="invis",
                        pos=f"{px:.2f},{py:.2f}")
        return name

    def line(self, x0: float, y0: float, x1: float, y1: float, **attrs: str) -> None:
        self.graph.edge(self.point(x0, y0), self.point(x1, y1), **attrs)

    def text(self, px: float, py: float, words: str, size: int = 10, **attrs: Any) -> None:
        """``words`` centred at (``px``, ``py``) in ``size`` points."""
        self.graph.node(self.name("t"), label=label_text(words), shape="plaintext",
                        fontsize=str(size), fixedsize="false",
                        width=f"{max(len(words), 1) * CHAR * size / 10 / 72:.2f}",
                        height="0.2", pos=f"{px:.2f},{py:.2f}", **attrs)

    @property
    def source(self) -> str:
        return str(self.graph.source)
