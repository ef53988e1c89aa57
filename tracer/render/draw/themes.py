"""Colours and line styles.  Explored, pruned, unsearched and current nodes differ by
line style and border too (solid / dashed / dotted / double), never by colour alone, so
the ``print`` theme (grayscale) tells them apart as well as the ``colour`` one; pruned
(dark grey, dashed) and not yet searched (light blue or light grey, dotted) also differ
in lightness, so a colour picture printed in grayscale keeps them apart.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["THEMES", "Theme", "theme"]


@dataclass(frozen=True)
class Theme:
    name: str
    ink: str
    """Text and default lines."""
    edge: str
    fill: dict[str, str]
    """Fill by shape: max, min, chance, terminal, static, box, state (A*)."""
    line: dict[str, str]
    """Border by shape."""
    ghost_line: str
    """Pruned nodes and edges (dashed)."""
    wait_line: str
    """Nodes and edges not searched yet (dotted): another colour, and lighter than the
    pruned ones, so the two differ in grayscale too."""
    ghost_text: str
    ghost_fill: str
    """Fill of ghosts; MAX / MIN / chance ghosts take a pale tint of their own (below),
    so a ghost still reads as a triangle or a circle."""
    ghost_tint: dict[str, str]
    current_fill: str
    pv: str
    cut: str
    """The "alpha cut" / "beta cut" words."""
    legend_text: str
    background: str = "white"
    font: str = "DejaVu Sans"
    mono: str = "DejaVu Sans Mono"
    """Positions (boards, piles) under the nodes: columns must line up."""
    tt: str = "#1f6f6f"
    """Border of a node answered by the transposition table (also drawn with diagonals)."""
    scale: float = 1.0
    """Sizes of nodes and texts, times this (:func:`tracer.render.draw.presets.scale_elements`);
    set from the render options, like the two below."""
    aspect: float | None = None
    """Stretch the layout to this width/height ratio (Graphviz ``ratio``)."""
    pad: float = 0.2
    """Margin around the drawing, in inches."""
    ranksep: float | None = None
    """Inches between ranks (times ``scale``); None: Graphviz's defaults of the drawing
    (:func:`tracer.render.draw.dot.elements_dot`).  Set when the edges' labels need more
    room (:func:`tracer.render.draw.labels.strays`)."""
    rankdir: str = "TB"
    """``TB``: the root on top; ``LR``: the root at the left (a deep, narrow tree on a
    wide slide; see :func:`tracer.render.pipeline.choose_direction`)."""


COLOUR = Theme(
    name="colour",
    ink="#1a1a1a",
    edge="#404040",
    fill={"max": "#dbe9f6", "min": "#fbe3d6", "chance": "#e2efd9", "terminal": "#f2f2f2",
          "static": "#fff2cc", "box": "#f2f2f2", "state": "#e8eef7"},
    line={"max": "#1f4e79", "min": "#8c2d04", "chance": "#38761d", "terminal": "#404040",
          "static": "#7f6000", "box": "#7f7f7f", "state": "#2f4f6f"},
    ghost_line="#7a7a7a",
    wait_line="#8fb8e0",
    ghost_text="#8c8c8c",
    ghost_fill="#f7f7f7",
    ghost_tint={"max": "#eef4fa", "min": "#fcf1eb", "chance": "#f0f6ec"},
    current_fill="#ffd966",
    pv="#111111",
    cut="#c00000",
    legend_text="#404040",
)

PRINT = Theme(
    name="print",
    ink="#000000",
    edge="#000000",
    fill={"max": "#ffffff", "min": "#e8e8e8", "chance": "#ffffff", "terminal": "#ffffff",
          "static": "#f2f2f2", "box": "#f2f2f2", "state": "#ffffff"},
    line={"max": "#000000", "min": "#000000", "chance": "#000000", "terminal": "#000000",
          "static": "#000000", "box": "#404040", "state": "#000000"},
    ghost_line="#6e6e6e",
    wait_line="#b8b8b8",
    ghost_text="#808080",
    ghost_fill="#f7f7f7",
    ghost_tint={"max": "#f0f0f0", "min": "#f0f0f0", "chance": "#f0f0f0"},
    current_fill="#bfbfbf",
    pv="#000000",
    cut="#000000",
    legend_text="#000000",
    tt="#000000",
)

THEMES = {"colour": COLOUR, "print": PRINT}


def theme(name: str) -> Theme:
    return THEMES[name]
