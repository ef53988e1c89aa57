"""What goes around the tree: a title above it, the caption and the legend under it.

For ``dot`` the three form one graph label.  In pinned drawings (the diagram and every
frame) they are plain nodes placed under the laid-out tree: the caption's box has a
fixed size, so a frame's caption, whatever its length, never moves the tree.
"""

from __future__ import annotations

import textwrap

from ..model.view import View
from .dotquote import clip, html_text
from .fontwidths import chars_width
from .themes import Theme

__all__ = ["FOOTER", "caption_lines", "graph_label", "nodes"]

CAPTION_PT = 13
LEGEND_PT = 11
WRAP_EM = 0.64
"""A generous glyph width, for wrapping captions inside a fixed-size box."""
FOOTER = ("gt:title", "gt:caption", "gt:legend")
LEGEND_PER_ROW = 4


def graph_label(view: View, theme: Theme) -> str:
    """Title, caption and legend as one label under the tree (DOT for ``dot``)."""
    rows: list[str] = []
    for text, size, bold in ((view.title, 15, True), (view.caption, CAPTION_PT, False)):
        if text:
            body = html_text(text)
            body = f"<B>{body}</B>" if bold else body
            rows.append(f'<TR><TD><FONT POINT-SIZE="{size}">{body}</FONT></TD></TR>')
    if view.legend:
        # Without positions there is no AND arc: the nodes carry a tag, and so does the key.
        entries = tuple((k, t) if k != "legend.and" else ("legend.and.tag", t)
                        for k, t in view.legend)
        rows.append(f"<TR><TD>{_legend(entries, theme)}</TD></TR>")
    if not rows:
        return ""
    return (f'<<TABLE BORDER="0" CELLBORDER="0" CELLPADDING="2" CELLSPACING="0">'
            f'{"".join(rows)}</TABLE>>')


def nodes(view: View, theme: Theme,
          bb: tuple[float, float, float, float]) -> list[tuple[str, dict[str, str]]]:
    """Title above the tree, caption and legend under it, as pinned plain nodes.

    The caption box has a fixed size (captions change from frame to frame; the
    drawing's size must not), wide enough for two lines."""
    x0, y0, x1, y1 = bb
    cx = (x0 + x1) / 2
    width = max(x1 - x0, 420.0)
    out: list[tuple[str, dict[str, str]]] = []
    if view.title:
        lines = textwrap.wrap(clip(view.title), max(20, int(width / (15 * WRAP_EM)))) or [""]
        height = 15 * 1.3 * len(lines) + 6
        out.append((FOOTER[0], _text_node("<BR/>".join(f"<B>{html_text(x)}</B>" for x in lines),
                                          15, width, height, cx, y1 + 8 + height / 2, theme)))
    y = y0 - 12
    if view.caption:
        # The caption grows with the tree's text (theme.scale: a slide's 1.4), so that a
        # frame's step is never the smallest text of a slide.
        scale = theme.scale
        lines, size = caption_lines(clip(view.caption), width / scale)
        height = (CAPTION_PT * 1.3 * 2 + 8) * scale
        out.append((FOOTER[1], _text_node("<BR/>".join(html_text(x) for x in lines),
                                          round(size * scale), width, height, cx,
                                          y - height / 2, theme)))
        y -= height
    if view.legend:
        # A frame's legend and the diagram's differ; both keep room for the larger.
        texts = [t for _, t in view.legend]
        room = list(view.legend_room) if tuple(texts) == view.legend_room_for else []
        rows = max(_rows(texts, width), _rows(room, width))
        height = rows * 22 + 2
        out.append((FOOTER[2], {"shape": "plain", "fixedsize": "false",
                                "label": f"<{_legend(view.legend, theme, width, rows)}>",
                                "pos": f"{cx:.2f},{y - 4 - height / 2:.2f}"}))
    return out


def caption_lines(caption: str, width: float) -> tuple[list[str], int]:
    """The caption's lines and font size: broken between phrases ("; ", then ", "), never
    inside one unless a phrase alone is longer than a line, and never shortened; a long
    caption gets a smaller size, so that it fits the box kept for two lines."""
    for size, most in ((CAPTION_PT, 2), (12, 2), (11, 2), (10, 2), (9, 2), (8, 3)):
        lines = _pack(caption, max(20, int(width / (size * WRAP_EM))))
        if len(lines) <= most:
            return lines, size
    return lines, 8


def _pack(text: str, chars: int) -> list[str]:
    """Greedy lines of whole phrases: split at "; ", then ", ", then between words."""
    def pieces(part: str, seps: tuple[str, ...]) -> list[str]:
        if len(part) <= chars or not seps:
            return [part] if len(part) <= chars else textwrap.wrap(part, chars)
        bits = part.split(seps[0])
        tails = [b + seps[0].rstrip() for b in bits[:-1]] + bits[-1:]
        return [p for t in tails for p in pieces(t, seps[1:])]

    lines: list[str] = []
    for piece in pieces(text, ("; ", ", ")):
        if lines and len(lines[-1]) + 1 + len(piece) <= chars:
            lines[-1] += " " + piece
        else:
            lines.append(piece)
    return lines


def _rows(texts: list[str], width: float) -> int:
    if not texts:
        return 0
    per_row = _legend_columns(texts, width)
    return (len(texts) + per_row - 1) // per_row


def _text_node(body: str, size: int, width: float, height: float, x: float, y: float,
               theme: Theme) -> dict[str, str]:
    return {"shape": "box", "style": "invis" if not body else "solid", "color": "none",
            "width": f"{width / 72:.3f}", "height": f"{height / 72:.3f}", "labelloc": "t",
            "label": f'<<FONT POINT-SIZE="{size}" COLOR="{theme.ink}">{body}</FONT>>',
            "pos": f"{x:.2f},{y:.2f}"}


def _legend(entries: tuple[tuple[str, str], ...], theme: Theme, width: float = 0.0,
            min_rows: int = 0) -> str:
    """A grid of entries (symbol, words): as many to a row as fit in ``width`` points;
    empty rows up to ``min_rows``."""
    cells = [_legend_cell(key, text, theme) for key, text in entries]
    per_row = _legend_columns([text for _, text in entries], width)
    rows = ["".join(cells[i:i + per_row]) for i in range(0, len(cells), per_row)]
    rows += ['<TD HEIGHT="20"></TD>'] * (min_rows - len(rows))
    body = "".join(f"<TR>{r}</TR>" for r in rows)
    return (f'<TABLE BORDER="0" CELLBORDER="0" CELLPADDING="1" CELLSPACING="0">{body}'
            f"</TABLE>")


def _legend_columns(texts: list[str], width: float) -> int:
    if not texts:
        return 1
    if width <= 0:
        return min(len(texts), LEGEND_PER_ROW)
    sizes = [36 + chars_width(len(t), LEGEND_PT) for t in texts]
    for k in range(len(sizes), 1, -1):
        columns = [max(sizes[i::k]) for i in range(k)]
        if sum(columns) <= width:
            return k
    return 1


_GLYPHS = {"legend.max": ("▲", "max"), "legend.min": ("▼", "min"),
           "legend.chance": ("●", "chance"), "legend.pv": ("━━", "pv"),
           "legend.path": ("━━", "pv"), "legend.solution": ("━━", "pv"),
           "legend.solved": ("✓", "ink"), "legend.unsolvable": ("✗", "ink"),
           "legend.and": ("◡", "ink"), "legend.and.tag": ("AND", "ink"),
           "legend.numbers": ("", "ink"), "legend.window": ("", "ink"),
           "legend.tt": ("TT", "tt")}
_SWATCHES = {"legend.terminal": "", "legend.static": ' STYLE="rounded"',
             "legend.pruned": ' STYLE="dashed"', "legend.unvisited": ' STYLE="dotted"',
             "legend.unvisited.yet": ' STYLE="dotted"',
             "legend.current": "", "legend.box": "", "legend.expanded": ' STYLE="rounded"',
             "legend.open": ' STYLE="rounded,dotted"',
             "legend.discarded": ' STYLE="rounded,dashed"'}


def _legend_cell(key: str, text: str, theme: Theme) -> str:
    label = (f'<TD HEIGHT="20" ALIGN="LEFT" BALIGN="LEFT">'
             f'<FONT POINT-SIZE="{LEGEND_PT}" COLOR="{theme.legend_text}">{html_text(text)}</FONT>'
             f'</TD><TD WIDTH="12"></TD>')
    if key in _GLYPHS:
        glyph, part = _GLYPHS[key]
        colour = {"pv": theme.pv, "ink": theme.ink, "tt": theme.tt}.get(part) or theme.line[part]
        size = LEGEND_PT - 2 - (len(glyph) > 2) if glyph.isalpha() else LEGEND_PT + 1
        body = f"<B>{glyph}</B>" if glyph.isalpha() else glyph
        font = f'<FONT POINT-SIZE="{size}" COLOR="{colour}">{body}</FONT>' if body else ""
        mark = f'<TD WIDTH="20" HEIGHT="20" FIXEDSIZE="TRUE">{font}</TD>'
        return mark + label
    line, fill, border = theme.line["terminal"], theme.fill["terminal"], 1
    if key in ("legend.pruned", "legend.discarded"):
        line, fill = theme.ghost_line, theme.ghost_fill
    elif key in ("legend.unvisited", "legend.unvisited.yet", "legend.open"):
        line, fill = theme.wait_line, theme.ghost_fill
    elif key == "legend.expanded":
        line, fill = theme.line["state"], theme.fill["state"]
    elif key == "legend.static":
        line, fill = theme.line["static"], theme.fill["static"]
    elif key == "legend.current":
        line, fill, border = theme.ink, theme.current_fill, 3
    elif key == "legend.box":
        line, fill = theme.line["box"], theme.fill["box"]
    swatch = (f'<TD WIDTH="20" HEIGHT="20" FIXEDSIZE="TRUE"><TABLE BORDER="{border}" '
              f'CELLBORDER="0" CELLPADDING="0" CELLSPACING="0" WIDTH="14" HEIGHT="14" '
              f'FIXEDSIZE="TRUE" COLOR="{line}" BGCOLOR="{fill}"{_SWATCHES.get(key, "")}>'
              f'<TR><TD></TD></TR></TABLE></TD>')
    return swatch + label
