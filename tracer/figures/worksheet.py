"""A printable worksheet: the exercise on page 1, its answer key on page 2, on A4.

Page 1 has a name and date line, the tree with its leaves' values and, under every
inner node, an empty box to write its value in (and boxes for alpha and beta when
``ask="alpha-beta"``).  The boxes are the boxes the renderer keeps under a node for its
notes (:mod:`tracer.render.draw.notes`): the layout leaves room for them, and their
label is replaced by empty framed cells.  They are made :data:`BOX_MM` wide on paper:
the tree is laid out once, fitted to the page (:mod:`tracer.render.draw.canvas`), and
laid out again with wider boxes when the fit shrank them below that; a tree too large
for boxes of at least :data:`MIN_BOX_MM` on the page is refused, saying what would fit.
Page 2 is the solved diagram on the same page size, its result line naming the root's
value.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ..choices import unknown_choice
from ..errors import UsageError
from ..render.draw.fontwidths import chars_width
from ..render.draw.notes import NOTE_LINE, NOTE_PT, PAD, note_name
from ..render.draw.presets import preset_options
from ..render.files.pdf import merge_pdfs
from ..render.model.canvas import MM_PT
from ..render.model.view import View
from ..render.pipeline import Drawing
from ..said import Said, said
from ..trace import Trace
from .check_render import whole_tree_options, worksheet_view

__all__ = ["ASKS", "BOX_MM", "MIN_BOX_MM", "PAPERS", "Worksheet", "worksheet"]

ASKS = ("value", "alpha-beta")
"""What a worksheet asks at each inner node: its value, or its value, alpha and beta."""
PAPERS = ("a4", "a4-landscape")
"""The pages a worksheet is printed on (presets of :mod:`tracer.render.draw.presets`)."""
BOX_MM = 9.0
"""The width an answer box is made on paper, when the page has room for it."""
MIN_BOX_MM = 8.0
"""The least width of an answer box on paper (a handwritten number); a tree whose boxes
would be narrower is refused."""
BOX_PT = 36.0
"""An answer box's width in the drawing before it is fitted (the height is 2/3)."""
SPACING = 4.0
"""Points between the cells (and around them)."""
LABEL_PT = 14.0
"""The column of the small labels (v, alpha, beta) left of the boxes."""
_NAME_LINE = said("Name ___________________   Date _________")
NAME_LINE = str(_NAME_LINE)
"""The first line of the sheet, in English (:data:`_NAME_LINE` words it in the sheet's
language): short enough to stay one line above a narrow tree."""


@dataclass(frozen=True)
class Worksheet:
    """The two pages, and what they were made with."""

    pdf: bytes
    """Both pages: the sheet, then the answer key."""
    sheet_svg: bytes
    key_svg: bytes
    box_mm: float
    """The width of an answer box on paper, in millimetres."""


def worksheet(trace: Trace, *, title: str, size: str = "a4", ask: str = "value",
              ascii: bool = False, lang: str = "en") -> Worksheet:
    """The worksheet of the tree searched in ``trace`` (an exercise's alpha-beta search)
    on ``size`` paper (:data:`PAPERS`), asking ``ask`` (:data:`ASKS`) at each inner node,
    both pages' words in ``lang``."""
    if size not in PAPERS:
        raise UsageError(unknown_choice(said("worksheet size"), size, PAPERS, suggest=False))
    if ask not in ASKS:
        raise UsageError(unknown_choice(said("question"), ask, ASKS, suggest=False))
    tries: list[tuple[float, float, Drawing, View]] = []
    box = BOX_PT
    for _ in range(3):  # on a tree that fits, widening the boxes once is enough
        drawing, view = _sheet(trace, title, size, ask, box, lang)
        zoom = _zoom(drawing)
        tries.append((round(box) * zoom / MM_PT, box, drawing, view))
        wanted = BOX_MM * MM_PT / zoom
        if box >= wanted - 0.01:
            break
        box = math.ceil(wanted * 1.02)
    width, box, drawing, view = max(tries, key=lambda t: t[0])
    if width < MIN_BOX_MM:
        shown = math.floor(width * 10) / 10  # 7.98 is not "8.0 mm, at least 8"
        raise UsageError(said("the tree is too large for a worksheet on {size}: its answer "
                              "boxes would be {width:.1f} mm wide, at least {least:g} mm "
                              "wanted to write in (try {ways})", size=size, width=shown,
                              least=MIN_BOX_MM, ways=_smaller(size, ask)))
    parts = drawing.canvas_elements(view)
    rows = _rows(ask, ascii)
    boxed = {note_name(key) for key in _inner(view)}
    for name, attrs in parts[0]:
        if name in boxed:
            attrs["label"] = _boxes(rows, box, drawing.theme.ink)
    sheet_pdf = drawing.render_elements(parts, "pdf")
    sheet_svg = drawing.render_elements(parts, "svg")
    key = Drawing(trace, preset_options(size, title=said("{title}: answer key", title=title)
                                        .worded(lang), ascii=ascii, lang=lang,
                                        **whole_tree_options(trace)))
    return Worksheet(merge_pdfs([sheet_pdf, key.render("pdf")]), sheet_svg,
                     key.render("svg"), width)


def _smaller(size: str, ask: str) -> Said:
    """What would give a worksheet larger boxes: fewer boxes, a wider page, fewer nodes."""
    options = [*(["--ask value"] if ask != "value" else []),
               *(["--size a4-landscape"] if size == "a4" else [])]
    if len(options) == 2:
        return said("{first}, {second} or a smaller tree", first=options[0],
                    second=options[1])
    if options:
        return said("{option} or a smaller tree", option=options[0])
    return said("a smaller tree")


def _zoom(drawing: Drawing) -> float:
    fit = drawing.fit
    if fit is None:  # pragma: no cover - every paper of PAPERS is a canvas
        raise UsageError(said("a worksheet is drawn on a page: choose a paper size"))
    return fit.zoom


def _inner(view: View) -> frozenset[str]:
    return frozenset(n.key for n in view.nodes if n.shape != "terminal")


def _rows(ask: str, ascii: bool) -> tuple[str, ...]:
    if ask == "value":
        return ("",)
    return ("v", "alpha" if ascii else "α", "beta" if ascii else "β")


def _sheet(trace: Trace, title: str, size: str, ask: str, box: float,
           lang: str) -> tuple[Drawing, View]:
    """The sheet's drawing, laid out with room for answer boxes ``box`` points wide."""
    drawing, view = worksheet_view(trace, _NAME_LINE.worded(lang), size, lang=lang)
    rows = _rows(ask, drawing.options.ascii)
    cols = 2 if rows != ("",) else 1
    # the table: its cells, the spacing around them and their borders (1 pt a side)
    width = (LABEL_PT if cols == 2 else 0.0) + round(box) + SPACING * (cols + 1) + 2 * cols
    height = len(rows) * (round(box * 2 / 3) + SPACING + 2) + SPACING
    chars = math.ceil((width - 2 * PAD) / chars_width(1, NOTE_PT))
    lines = math.ceil((height - PAD) / NOTE_LINE)
    inner = _inner(view)
    nodes = tuple(replace(n, note=("",) * lines, note_chars=chars) if n.key in inner else n
                  for n in view.nodes)
    caption = (said("{title}. Alpha-beta by hand: write in the box under each node its "
                    "value; cross out the pruned branches.", title=title)
               if ask == "value" else
               said("{title}. Alpha-beta by hand: write in the box under each node its "
                    "value, alpha and beta; cross out the pruned branches.", title=title)
               ).worded(lang)
    view = replace(view, nodes=nodes, notes=True, caption=caption)
    # The layout is made from the drawing's view: this one, with room for the boxes.
    drawing.view = view
    return drawing, view


def _boxes(rows: tuple[str, ...], box: float, ink: str) -> str:
    """Empty framed cells ``box`` points wide, one a row, each after its small label."""
    height = round(box * 2 / 3)
    cells = []
    for text in rows:
        label = (f'<TD WIDTH="{LABEL_PT:.0f}" HEIGHT="{height:.0f}" FIXEDSIZE="TRUE">'
                 f'<FONT POINT-SIZE="11">{text}</FONT></TD>') if text else ""
        cells.append(f'<TR>{label}<TD BORDER="1" COLOR="{ink}" WIDTH="{round(box)}" '
                     f'HEIGHT="{height:.0f}" FIXEDSIZE="TRUE"> </TD></TR>')
    return (f'<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="{SPACING:.0f}" '
            f'CELLPADDING="0">'
            f'{"".join(cells)}</TABLE>>')
