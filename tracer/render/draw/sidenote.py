"""The DOT node of a :class:`~tracer.render.model.view.SideNote`: a table beside the tree.

Pinned drawings place it right of the layout's bounding box, centred on its height;
plain DOT leaves the place to ``dot``.
"""

from __future__ import annotations

from ..model.view import SideNote
from .dotquote import html_text

__all__ = ["SIDE_NOTE", "side_note_node"]

SIDE_NOTE = "gt:side"
"""The node's name."""


def side_note_node(note: SideNote, bb: tuple[float, float, float, float] | None
                   ) -> tuple[str, dict[str, str]]:
    """The node drawing ``note``, pinned beside ``bb`` when the drawing has positions."""
    # One row per note, the node named once beside its rows: two notes on one node
    # (its value and its alpha) stay two readable lines.
    cells = ""
    for node, texts in note.rows:
        for i, text in enumerate(texts):
            name = (f'<TD ALIGN="LEFT" VALIGN="TOP" ROWSPAN="{len(texts)}">✗ '
                    f'{html_text(node)}:&#160;</TD>') if i == 0 else ""
            cells += f'<TR>{name}<TD ALIGN="LEFT">{html_text(text)}</TD></TR>'
    lines = [f"✗ {node}  {text}" for node, texts in note.rows for text in texts]
    for line in note.tail:
        cells += f'<TR><TD ALIGN="LEFT" COLSPAN="2"><I>{html_text(line)}</I></TD></TR>'
        lines.append(line)
    attrs = {"shape": "plain", "fixedsize": "false", "fontsize": "11",
             "fontcolor": note.colour,
             "label": (f'<<TABLE BORDER="0" CELLPADDING="1" CELLSPACING="0">'
                       f'<TR><TD ALIGN="LEFT" COLSPAN="2"><B>{html_text(note.title)}</B></TD></TR>'
                       f"{cells}</TABLE>>")}
    if bb is not None:
        _, y0, x1, y1 = bb
        width = max((len(line) for line in lines), default=len(note.title)) * 11 * 0.56
        attrs["pos"] = f"{x1 + 16 + width / 2:.2f},{(y0 + y1) / 2:.2f}"
    return SIDE_NOTE, attrs
