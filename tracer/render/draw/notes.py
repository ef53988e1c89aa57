"""What is drawn under a node: its position (a board, piles) and small notes (proof
numbers, where a transposition-table value came from).

Graphviz cannot hang a label under a fixed-size triangle and keep room for it, so the
notes of a node are a node of their own, tied under it by a heavy invisible edge (the
*stub*), and the node's tree edges leave from under its notes.  When any node has notes
every node gets such a box (an invisible point for most), so the levels of the tree
stay level.  Sizes are fixed from the text (monospaced boards, an average glyph width
for the notes), so the layout does not depend on the fonts installed.  Drawings with
positions pull each box up under its node (:func:`tracer.render.draw.geometry.tuck`).
"""

from __future__ import annotations

import functools

from ..model.view import View, ViewNode
from .dotquote import LABEL_CHARS, attr_text, clip, dot_name, html_text, svg_safe
from .fontwidths import chars_width
from .themes import THEMES

__all__ = ["NOTE", "STUB_WEIGHT", "board_grid", "note_attrs", "note_name", "note_size",
           "stub_attrs"]

NOTE = "gt.note."
"""Prefix of the name of the box under a node."""
STUB_WEIGHT = "100"
BOARD_PT = 11
"""Positions of up to four lines (tic-tac-toe, Nim, Grundy, Chomp)."""
TALL_BOARD_PT = 9
"""Taller boards (Othello), drawn at the root and along the principal variation."""
NOTE_PT = 10
MONO_LINE = 1.3
"""Height of a line of the board, in ems (Graphviz takes about 1.28)."""
NOTE_LINE = 13.0
"""Height of a note line, in points."""
PAD = 3.0
FRAME = 3.0
"""A board's thin frame and the room inside it, on each side."""


TOKEN = "●"
"""A stick of a Nim pile."""
MAX_TOKENS = 8
"""Piles higher than this are written as numbers only."""


def note_name(key: str) -> str:
    return NOTE + key


def _board_pt(position: str) -> int:
    return BOARD_PT if position.count("\n") < 4 else TALL_BOARD_PT


def board_grid(position: str) -> list[list[str]] | None:
    """A position as a grid of cells, or None when it is not a board.

    Tic-tac-toe and Othello boards (``.``, ``X``, ``O``) are one cell per character;
    a Chomp board (numbers, ``.`` once eaten) one per word, ``#`` and its number for a
    square left (``#13``); Nim piles (one line of counts) are columns of tokens
    (:data:`TOKEN`) from the bottom, each pile's count under it (counts only, past
    :data:`MAX_TOKENS`): a reader counts the sticks, or reads the number."""
    lines = position.split("\n")
    if len(lines) >= 2 and len({len(x) for x in lines}) == 1 \
            and all(ch in ".XO" for x in lines for ch in x):
        return [["" if ch == "." else ch for ch in x] for x in lines]
    words = [x.split() for x in lines]
    if len(lines) >= 2 and len({len(w) for w in words}) == 1 \
            and all(t == "." or t.isdigit() for w in words for t in w):
        return [["" if t == "." else "#" + t for t in w] for w in words]
    piles = position.split()
    if len(lines) == 1 and 1 < len(piles) <= 8 and all(t.isdigit() for t in piles):
        counts = [int(t) for t in piles]
        top = max(counts) if max(counts) <= MAX_TOKENS else 0
        return [*([TOKEN if top - row <= c else "" for c in counts] for row in range(top)),
                [str(c) for c in counts]]
    return None


def _coordinates(grid: list[list[str]]) -> bool:
    """An Othello board is drawn with its files a-h above and its ranks 1-8 beside, as
    its moves are named (``d3``); smaller boards need none."""
    return len(grid) > 4


def _position(node: ViewNode) -> str | None:
    """The position as drawn: at most :data:`tracer.render.draw.dotquote.LABEL_CHARS`
    characters in all (its lines are escaped one by one)."""
    return clip(node.position) if node.position else node.position


def _cell_pt(grid: list[list[str]]) -> tuple[int, int]:
    """Side of a cell and size of a piece, in points (a cell's border takes 1 a side)."""
    return (16, 11) if max(len(grid), len(grid[0])) <= 4 else (15, 10)


def note_size(node: ViewNode) -> tuple[float, float]:
    """Width and height of the box under ``node``, in points (0, 0: an empty point)."""
    width = height = 0.0
    position = _position(node)
    grid = board_grid(position) if position else None
    if grid is not None:
        cell, _ = _cell_pt(grid)
        extra = 1 if _coordinates(grid) else 0
        width = (len(grid[0]) + extra) * cell + 2 * FRAME
        height = (len(grid) + extra) * cell + 2 * FRAME
    elif position:
        lines = position.split("\n")
        size = _board_pt(position)
        width = chars_width(max(len(x) for x in lines), size, mono=True) + 2 * FRAME
        height = len(lines) * size * MONO_LINE + 2 * FRAME
    if node.note:
        width = max(width, chars_width(min(node.note_chars, LABEL_CHARS), NOTE_PT))
        height += len(node.note) * NOTE_LINE
    if not width:
        return (0.0, 0.0)
    return (width + 2 * PAD, height + PAD)


@functools.lru_cache(maxsize=1 << 16)
def note_attrs(node: ViewNode, theme_name: str, parent: bool) -> dict[str, str]:
    """The box under ``node``; ``parent``: tree edges leave from it."""
    theme = THEMES[theme_name]
    width, height = note_size(node)
    attrs = {"id": svg_safe(node.key, "p-"), "tooltip": attr_text(node.tooltip),
             "fixedsize": "true", "group": dot_name(node.key), "peripheries": "0"}
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
    position = _position(node)
    grid = board_grid(position) if position else None
    if grid is not None:
        rows.append(f"<TR><TD>{_grid_table(grid, colour, frame)}</TD></TR>")
    elif position:
        size = _board_pt(position)
        lines = "<BR/>".join(html_text(x).replace(" ", "&#160;") for x in
                             position.split("\n"))
        rows.append(f'<TR><TD BORDER="1" COLOR="{frame}" CELLPADDING="{FRAME - 1:.0f}">'
                    f'<FONT FACE="{mono}" POINT-SIZE="{size}" COLOR="{colour}">'
                    f"{lines}</FONT></TD></TR>")
    for text in node.note:
        body = html_text(text) if text else "&#160;"
        rows.append(f'<TR><TD HEIGHT="{NOTE_LINE:.0f}"><FONT POINT-SIZE="{NOTE_PT}" '
                    f'COLOR="{colour}">{body}</FONT></TD></TR>')
    return (f'<<TABLE BORDER="0" CELLBORDER="0" CELLPADDING="0" CELLSPACING="0">'
            f'{"".join(rows)}</TABLE>>')


def _grid_table(grid: list[list[str]], colour: str, frame: str) -> str:
    """A board drawn as a grid of square cells of one fixed size, pieces as letters
    (Othello's as discs, with the files a-h above and the ranks 1-8 beside).  A Chomp
    square left is a framed square with its number, as the notes number them, the
    poisoned one (the bottom left, "la casella 13" on 4x4) filled; an eaten one is
    blank.  Nim's sticks are tokens over their pile's count, without cell borders: a
    row of filled cells read as one grey block, not as sticks to count."""
    cell, size = _cell_pt(grid)
    discs = _coordinates(grid)  # Othello: X is black, O is white
    piles = grid[-1] and all(t.isdigit() for t in grid[-1])  # Nim: counts under the piles
    bar = any(mark.startswith("#") for row in grid for mark in row)
    square = f'WIDTH="{cell}" HEIGHT="{cell}" FIXEDSIZE="TRUE"'
    out = []
    if discs:
        files = "".join(f'<TD {square}><FONT POINT-SIZE="{size}" COLOR="{frame}">{f}'
                        "</FONT></TD>" for f in "abcdefgh"[:len(grid[0])])
        out.append(f'<TR><TD {square}></TD>{files}</TR>')
    for i, row in enumerate(grid):
        tds = []
        if discs:
            tds.append(f'<TD {square}><FONT POINT-SIZE="{size}" COLOR="{frame}">{i + 1}'
                       "</FONT></TD>")
        for j, mark in enumerate(row):
            if bar:
                tds.append(_chomp_cell(mark, square, size, colour, frame,
                                       poison=i == len(grid) - 1 and j == 0))
                continue
            text = {"X": "●", "O": "○"}.get(mark, mark) if discs else mark
            point = size - 2 if piles and i == len(grid) - 1 else size
            body = (f'<FONT POINT-SIZE="{point}" COLOR="{colour}"><B>{text}</B></FONT>'
                    if text else "")
            border = ' BORDER="1"' if discs else ""
            tds.append(f'<TD {square}{border}>{body}</TD>')
        out.append(f"<TR>{''.join(tds)}</TR>")
    if piles or bar or discs:  # each cell its own border, or none
        return (f'<TABLE BORDER="{0 if discs or bar else 1}" CELLBORDER="0" CELLSPACING="0" '
                f'CELLPADDING="0" COLOR="{frame}">{"".join(out)}</TABLE>')
    return (f'<TABLE BORDER="1" CELLBORDER="1" CELLSPACING="0" CELLPADDING="0" '
            f'COLOR="{frame}">{"".join(out)}</TABLE>')


def _chomp_cell(mark: str, square: str, size: int, colour: str, frame: str, *,
                poison: bool) -> str:
    """A square of a Chomp board: its number in a frame, filled when poisoned; blank
    once eaten."""
    if not mark:
        return f"<TD {square}></TD>"
    number = mark.removeprefix("#")
    size -= 1  # two digits in a square
    if poison:
        return (f'<TD {square} BORDER="1" BGCOLOR="{frame}"><FONT POINT-SIZE="{size}" '
                f'COLOR="white"><B>{number}</B></FONT></TD>')
    return (f'<TD {square} BORDER="1"><FONT POINT-SIZE="{size}" COLOR="{colour}">'
            f"{number}</FONT></TD>")


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
