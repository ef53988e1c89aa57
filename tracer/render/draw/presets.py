"""Named sets of render options: ``slides``, ``slides-4:3``, ``a4``, ``a4-landscape``,
``print`` and ``web``.

A preset only chooses defaults; an option given explicitly wins over it:

>>> preset_options("slides", legend=True).legend
True
>>> preset_options("slides").scale
1.4

``slides`` is made to be pasted on a 16:9 slide: a 1280x720 canvas (the tree scaled to
fit it, :mod:`tracer.render.draw.canvas`), values and names large, the layout stretched
to 16:9 (never the nodes), no legend and no result line (``--caption`` brings the line
back; frames keep their step captions), a tight margin.  ``slides-4:3`` is the same on
a 1024x768 canvas.  ``a4`` and ``a4-landscape`` are an A4 page with the legend, for a
handout.  ``print`` is grayscale with the legend, for handouts and photocopies; ``web``
is the colour diagram with its legend and captions (the defaults, named).

The sizes are applied to the DOT attributes (:func:`scale_elements`), so the styles in
:mod:`tracer.render.draw.styles` stay written once, at scale 1.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from ...choices import unknown_choice
from ...errors import UsageError
from ...said import said
from ..model.render_options import RenderOptions

__all__ = ["PRESETS", "preset_options", "scale_elements"]

PRESETS: dict[str, dict[str, Any]] = {
    "slides": {"scale": 1.4, "aspect": 16 / 9, "pad": 0.04, "legend": False,
               "size": "slides"},
    "slides-4:3": {"scale": 1.4, "aspect": 4 / 3, "pad": 0.04, "legend": False,
                   "size": "slides-4:3"},
    "a4": {"size": "a4", "legend": True, "caption": True},
    "a4-landscape": {"size": "a4-landscape", "legend": True, "caption": True},
    "print": {"theme": "print", "legend": True, "caption": True},
    "web": {"theme": "colour", "legend": True, "caption": True},
}
"""Each preset's option values; every other option keeps :class:`RenderOptions`' default."""


def preset_options(name: str | None, **given: Any) -> RenderOptions:
    """Options of preset ``name`` (None: no preset) with the options ``given`` on top."""
    if name is None:
        return RenderOptions.from_kwargs(**given)
    if name not in PRESETS:
        raise UsageError(unknown_choice(said("preset"), name, list(PRESETS), suggest=False))
    return RenderOptions.from_kwargs(**{**PRESETS[name], **given})


_POINT_SIZE = re.compile(r'POINT-SIZE="([0-9.]+)"')
_TD = re.compile(r'<TD\b[^>]*>')
_TD_SIZE = re.compile(r'\b(WIDTH|HEIGHT)="([0-9.]+)"')
_SIZES = ("width", "height", "fontsize")


def scale_elements(items: Iterable[tuple[Any, dict[str, str]]], factor: float) -> None:
    """Multiply the sizes of nodes (or edges) and of their texts by ``factor``, in place.

    Node sizes are fixed (``fixedsize``) and labels are HTML tables with fixed row
    heights, so text and boxes grow together and the layout still ignores the fonts."""
    for _, attrs in items:
        for name in _SIZES:
            if name in attrs:
                attrs[name] = _times(attrs[name], factor)
        for name in ("label", "xlabel"):
            text = attrs.get(name)
            if text and text.startswith("<"):
                # Graphviz reads HTML point sizes as whole numbers.
                text = _POINT_SIZE.sub(lambda m: f'POINT-SIZE="{round(float(m[1]) * factor)}"',
                                       text)
                attrs[name] = _TD.sub(lambda m: _cell(m[0], factor), text)
        if "label" in attrs and not attrs["label"].startswith("<") and "fontsize" not in attrs:
            attrs["fontsize"] = _times("14", factor)


def _cell(td: str, factor: float) -> str:
    """A table cell scaled by ``factor``: a row's height, or both sides of a cell of
    fixed size (a board's square), in whole points, as Graphviz reads them: a square
    cell stays square."""
    if 'FIXEDSIZE="TRUE"' in td and "WIDTH=" in td:
        return _TD_SIZE.sub(lambda m: f'{m[1]}="{round(float(m[2]) * factor)}"', td)
    return _TD_SIZE.sub(lambda m: m[0] if m[1] == "WIDTH" else
                        f'HEIGHT="{_times(m[2], factor)}"', td)


def _times(value: str, factor: float) -> str:
    try:
        number = float(value)
    except ValueError:
        return value
    return f"{number * factor:.2f}".rstrip("0").rstrip(".")
