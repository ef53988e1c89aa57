"""What is drawn under a node: its position (a board, piles) and small notes (proof
numbers, where a transposition-table value came from).

Graphviz cannot hang a label under a fixed-size triangle and keep room for it, so the
notes of a node are a node of their own, tied under it by a heavy invisible edge (the
*stub*), and the node's tree edges leave from under its notes.  When any node has notes
every node gets such a box (an invisible point for most), so the levels of the tree
stay level.  Sizes are fixed from the text (monospaced boards, an average glyph width
for the notes), so the layout does not depend on the fonts installed.  Drawings with
positions pull each box up under its node (:func:`tracer.render.geometry.tuck`).
"""

from __future__ import annotations

import functools
from html import escape

from .themes import THEMES
from .view import View, ViewNode

__all__ = ["NOTE", "STUB_WEIGHT", "note_attrs", "note_name", "note_size", "stub_attrs"]

NOTE = "gt.note."
"""Prefix of the name of the box under a node."""
STUB_WEIGHT = "100"
BOARD_PT = 11
"""Positions of up to four lines (tic-tac-toe, Nim, Grundy, Chomp)."""
TALL_BOARD_PT = 9
"""Taller boards (Othello), drawn at the root and along the principal variation."""
NOTE_PT = 10
MONO_EM = 0.602
"""Advance of every glyph of DejaVu Sans Mono, in ems."""
MONO_LINE = 1.3
"""Height of a line of the board, in ems (Graphviz takes about 1.28)."""
SANS_EM = 0.6
NOTE_LINE = 13.0
"""Height of a note line, in points."""
PAD = 3.0
FRAME = 3.0
"""A board's thin frame and the room inside it, on each side."""


def note_name(key: str) -> str:
    return NOTE + key


def _board_pt(position: str) -> int:
    return BOARD_PT if position.count("\n") < 4 else TALL_BOARD_PT


def note_size(node: ViewNode) -> tuple[float, float]:
    """Width and height of the box under ``node``, in points (0, 0: an empty point)."""
    width = height = 0.0
    if node.position:
        lines = node.position.split("\n")
        size = _board_pt(node.position)
        width = max(len(x) for x in lines) * size * MONO_EM + 2 * FRAME
        height = len(lines) * size * MONO_LINE + 2 * FRAME
    if node.note:
        width = max(width, node.note_chars * NOTE_PT * SANS_EM)
        height += len(node.note) * NOTE_LINE
    if not width:
        return (0.0, 0.0)
    return (width + 2 * PAD, height + PAD)


@functools.lru_cache(maxsize=1 << 16)
def note_attrs(node: ViewNode, theme_name: str, parent: bool) -> dict[str, str]:
    """The box under ``node``; ``parent``: tree edges leave from it."""
    theme = THEMES[theme_name]
    width, height = note_size(node)
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in node.key)
    attrs = {"id": f"p-{safe}", "tooltip": node.tooltip, "fixedsize": "true",
             "group": node.key, "peripheries": "0"}
    if not width:
        attrs.update(shape="point", width="0.01", height="0.01", style="invis", label="")
        return attrs
    attrs.update(shape="none", width=f"{width / 72:.3f}", height=f"{height / 72:.3f}",
                 style="solid", label=_label(node, theme.ink, theme.ghost_line, theme.mono))
    if node.status == "hidden":
        attrs.update(style="invis", label="")
    elif node.status in ("pruned", "unvisited"):
        attrs["label"] = _label(node, theme.ghost_text, theme.ghost_line, theme.mono)
    return attrs


def _label(node: ViewNode, colour: str, frame: str, mono: str) -> str:
    rows: list[str] = []
    if node.position:
        size = _board_pt(node.position)
        lines = "<BR/>".join(escape(x).replace(" ", "&#160;") for x in
                             node.position.split("\n"))
        rows.append(f'<TR><TD BORDER="1" COLOR="{frame}" CELLPADDING="{FRAME - 1:.0f}">'
                    f'<FONT FACE="{mono}" POINT-SIZE="{size}" COLOR="{colour}">'
                    f"{lines}</FONT></TD></TR>")
    for text in node.note:
        body = escape(text) if text else "&#160;"
        rows.append(f'<TR><TD HEIGHT="{NOTE_LINE:.0f}"><FONT POINT-SIZE="{NOTE_PT}" '
                    f'COLOR="{colour}">{body}</FONT></TD></TR>')
    return (f'<<TABLE BORDER="0" CELLBORDER="0" CELLPADDING="0" CELLSPACING="0">'
            f'{"".join(rows)}</TABLE>>')


def stub_attrs(node: ViewNode, *, parent: bool, pinned: bool, colour: str) -> dict[str, str]:
    """The edge tying the box under ``node`` to it.  Invisible, except in DOT for
    ``dot`` when the box is an empty point with edges under it: there the line joins the
    edges to the node (pinned drawings move the point up to the node instead)."""
    attrs = {"weight": STUB_WEIGHT, "style": "invis"}
    if parent and not pinned and not note_size(node)[0] and node.status != "hidden":
        attrs.update(style="solid", color=colour)
    return attrs


def parents(view: View) -> frozenset[str]:
    """Nodes with edges under them."""
    return frozenset(e.tail for e in view.edges)
