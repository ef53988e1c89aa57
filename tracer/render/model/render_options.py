"""What a drawing shows and how it is made: one frozen options object, checked once.

Every switch of ``gametrace render`` is a field here, so the CLI, the library call
and ``gametrace run --render`` share one set of defaults.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields
from typing import Any

from ...choices import unknown_choice
from ...errors import UsageError
from ...said import Said, said
from ...windows import WINDOW_DEFAULT, WINDOWS

__all__ = [
    "ENGINES",
    "FORMATS",
    "FRAME_FORMATS",
    "LANGS",
    "LEAST",
    "RANGES",
    "DIRECTIONS",
    "PRUNED",
    "RenderOptions",
    "STEPS",
    "THEMES",
    "WINDOWS",
    "WINDOW_DEFAULT",
    "output_format",
]

FORMATS = ("svg", "png", "pdf", "dot")
"""Formats of a single diagram (``-o OUT``), chosen by OUT's extension."""
FRAME_FORMATS = ("svg", "png")
"""Formats of the one-file-per-step frames."""
STEPS = ("event", "node", "leaf")
"""What one frame is: every event, every node visited, or every leaf evaluated."""
LANGS = ("en", "it")
THEMES = ("colour", "print")
PRUNED = ("ghost", "cross", "hide")
"""How pruned subtrees look: dashed ghosts, or as the lecture draws them (a cross on the
cut edge, values hidden; ``hide`` leaves only the crossed edge)."""
DIRECTIONS = ("down", "right")
"""Which way the tree grows: the root on top, or at the left (a deep, narrow tree, such as
Grundy's game, on a wide slide)."""
ENGINES = ("bundled", "system")
"""``bundled``: the Graphviz inside the pygraphviz wheel; ``system``: a ``dot`` on PATH."""

RANGES: dict[str, tuple[float, float]] = {"scale": (0.5, 4), "aspect": (0.2, 5),
                                          "pad": (0, 2)}
"""The range of each fractional option, both ends included (``pad`` in inches): checked
here, and published in the web service's request schema."""
LEAST: dict[str, int] = {"max_nodes": 10, "max_width": 2}
"""The least value of the whole-number options that need more than 1."""

_THEME_ALIASES = {"color": "colour", "grey": "print", "gray": "print", "grayscale": "print"}


def _choose(what: Said, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise UsageError(unknown_choice(what, value, allowed, suggest=False))


def _too_small(option: str, least: int, got: int) -> Said:
    return said("{option} must be at least {least}, got {got}",
                option=option, least=least, got=got)


def _out_of_range(option: str, low: float, high: float, got: float) -> Said:
    if option == "pad":
        return said("{option} must be between {low:g} and {high:g} inches, got {got:g}",
                    option=option, low=low, high=high, got=got)
    return said("{option} must be between {low:g} and {high:g}, got {got:g}",
                option=option, low=low, high=high, got=got)


@dataclass(frozen=True)
class RenderOptions:
    """The switches of a drawing; the defaults suit a lecture slide."""

    lang: str = "en"
    """Wording: ``en`` or ``it`` (the course is taught in Italian)."""
    theme: str = "colour"
    """``colour`` or ``print`` (grayscale; states differ by line style, not colour)."""
    values: bool = True
    """Show backed-up values; off, the inner nodes are blank and the leaves keep theirs
    (the exercise: back the values up by hand)."""
    ids: bool = True
    """Show node names (the tree's labels A, B, ...; generated games show moves instead)."""
    window: str | None = None
    """Show each node's alpha/beta window: ``entry`` (as its parent passed it down) or
    ``final`` (as it ended, :data:`tracer.windows.WINDOW_DEFAULT`); None: no window."""
    visit_order: bool = False
    """Number the nodes in the order the search visited them."""
    pv: bool = True
    """Draw the principal variation in bold."""
    cuts: bool = True
    """Mark each cut with its kind and the comparison that caused it."""
    ghosts: bool = True
    """Draw subtrees never searched as dashed, light ghosts (else one small box per cut)."""
    ghost_values: bool = True
    """Show leaf values inside ghosts (turn off to make an exercise of the picture)."""
    legend: bool = True
    """Add a legend and a one-line summary under the tree (off: neither; frames keep
    their step captions)."""
    positions: bool | None = None
    """Draw each position (the ``label`` of generated games) under its node; None: when
    the trace has positions and the drawing has at most ``POSITIONS_AUTO_NODES`` nodes.
    Boards taller than ``SMALL_BOARD_LINES`` lines (Othello) are drawn at the root and
    along the principal variation only."""
    numbers: bool = True
    """Proof-number search: write each node's proof and disproof numbers under it."""
    title: str | None = None
    """A title above the tree; None for none."""
    ascii: bool = False
    """Write >=, <=, alpha, beta, inf instead of the symbols."""
    max_nodes: int = 400
    """Above this many nodes, pruned and deep subtrees collapse into summary boxes."""
    max_width: int | None = None
    """At most this many nodes side by side (default: max_nodes / 10, at least 10; an
    explicit tree of at most max_nodes nodes is drawn whole, however wide)."""
    depth: int | None = None
    """Draw nodes down to this depth below the root (or the focus); deeper ones are boxed.
    On a canvas (``size``), without ``max_width``, a part whose text would be too small
    also keeps fewer nodes side by side (:meth:`tracer.render.pipeline.Drawing._narrow`)."""
    focus: str | None = None
    """Draw only the subtree of this node, with the path from the root for context."""
    dpi: int = 144
    """Resolution of PNG output."""
    engine: str = "bundled"
    """Which Graphviz lays out and renders: the bundled one or a system ``dot``."""
    step: str = "event"
    """Frames: one per ``event``, per ``node`` visited or per ``leaf`` evaluated."""
    frame_format: str = "svg"
    """Format of the frame files: ``svg`` or ``png``."""
    max_frames: int = 500
    """Refuse to write more frames than this (use a coarser --step or --focus)."""
    memory_nodes: int = 100_000
    """Nodes kept in memory while reading a stream; deeper levels are then summarised."""
    caption: bool | None = None
    """The line under the picture (the result; a frame's step); None: the result line
    with the legend, and a frame's step always.  Frames keep their step text for the
    player and Beamer either way."""
    pruned: str = "ghost"
    """Pruned subtrees: ``ghost`` (dashed, with leaf values), ``cross`` (a cross on each
    cut edge, values hidden) or ``hide`` (only the crossed cut edge is drawn)."""
    scale: float = 1.0
    """Text and node sizes, times this (spacing stays): above 1 for slides."""
    aspect: float | None = None
    """Stretch the layout (never the nodes) to this width/height ratio, e.g. 16/9."""
    pad: float = 0.2
    """Margin around the picture, in inches."""
    size: str | None = None
    """The canvas: ``slides`` (1280x720), ``slides-4:3``, ``a4``, ``a4-landscape``,
    ``WxH`` pixels or ``WxHmm``; the tree is scaled to fit it, centred
    (:mod:`tracer.render.draw.canvas`).  None: the drawing's own size."""
    direction: str | None = None
    """``down`` (the root on top) or ``right`` (the root at the left); None: down, or,
    with an ``aspect``, the one that draws the tree larger in that frame."""

    def __post_init__(self) -> None:
        theme = _THEME_ALIASES.get(self.theme, self.theme)
        object.__setattr__(self, "theme", theme)
        _choose(said("language"), self.lang, LANGS)
        _choose(said("theme"), theme, THEMES)
        _choose(said("engine"), self.engine, ENGINES)
        _choose(said("step"), self.step, STEPS)
        _choose(said("frame format"), self.frame_format, FRAME_FORMATS)
        _choose(said("pruned style"), self.pruned, PRUNED)
        if self.direction is not None:
            _choose(said("direction"), self.direction, DIRECTIONS)
        if self.window is not None:
            _choose(said("window"), self.window, WINDOWS)
        if self.size is not None:
            from .canvas import check_pixels, parse_size

            check_pixels(parse_size(self.size), self.dpi)
        for name, (low, high) in RANGES.items():
            value = getattr(self, name)
            if value is not None and not low <= value <= high:
                raise UsageError(_out_of_range(name, low, high, value))
        for name in ("max_nodes", "dpi", "max_frames", "memory_nodes"):
            if getattr(self, name) < 1:
                raise UsageError(_too_small(name.replace("_", "-"), 1, getattr(self, name)))
        from ...ranges import MAX_DPI, check_depth

        if self.dpi > MAX_DPI:
            raise UsageError(said("dpi must be at most {most}, got {got}",
                                  most=MAX_DPI, got=self.dpi))
        if self.max_nodes < LEAST["max_nodes"]:
            raise UsageError(_too_small("max-nodes", LEAST["max_nodes"], self.max_nodes))
        if self.max_width is not None and self.max_width < LEAST["max_width"]:
            raise UsageError(_too_small("max-width", LEAST["max_width"], self.max_width))
        check_depth(self.depth)

    @classmethod
    def from_kwargs(cls, **kwargs: Any) -> RenderOptions:
        """Build from keyword options, rejecting unknown names with the allowed ones."""
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(kwargs) - names)
        if unknown:
            raise UsageError(unknown_choice(said("render option"), unknown[0], sorted(names),
                                            suggest=False))
        return cls(**kwargs)


def output_format(out: str | os.PathLike[str]) -> str:
    """The format named by OUT's extension (``-`` is DOT on stdout)."""
    text = os.fspath(out)
    if text == "-":
        return "dot"
    ext = os.path.splitext(text)[1].lower().lstrip(".")
    if ext == "gv":
        ext = "dot"
    if ext not in FORMATS:
        allowed = ", ".join("." + f for f in FORMATS)
        if not ext:
            raise UsageError(said("cannot tell the output format from {out!r} (no extension; "
                                  "use one of: {allowed}, or - for DOT on stdout)",
                                  out=text, allowed=allowed))
        raise UsageError(said("cannot tell the output format from {out!r} ('.{ext}'; use one "
                              "of: {allowed}, or - for DOT on stdout)",
                              out=text, ext=ext, allowed=allowed))
    return ext
