"""A game in normal form as people look at it: the matrix as aligned text, as Graphviz DOT
and as a small SVG, its words in English or Italian.

The pure Nash equilibria are marked (``*`` in text, shaded in the pictures) and the
strategies iterated elimination removes are struck out, as a matrix is worked by hand:
a line through the strategy and its payoffs in the pictures (SVG ``line-through``,
Graphviz's ``<S>``), ``~~NC~~`` in text, each mark explained under the table.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from html import escape as html_escape
from xml.sax.saxutils import escape as xml_escape

from ...jsonio import encode_number
from ...said import Said, said
from .payoff import MatrixGame, Number, Pair

__all__ = ["FONT_PT", "STRUCK", "format_table", "legend", "show_number", "show_pair", "strike",
           "title", "to_dot", "to_svg"]

Struck = tuple[Collection[int], Collection[int]]
"""The rows and the columns struck out (by index)."""

NOTHING: Struck = ((), ())

FONT_PT = 14
"""The pictures' text size at their own size, in points."""

STRUCK = "#888888"
"""The colour of a struck-out strategy's payoffs."""


def show_number(x: Number, lang: str = "en") -> str:
    """A payoff as people write it: ``2``, ``2.5`` (Italian ``2,5``), ``+inf``."""
    if isinstance(x, float):
        text = str(encode_number(x)) if math.isinf(x) else f"{x:g}"
    else:
        text = str(x)
    return text.replace(".", ",") if lang == "it" else text


def show_pair(pair: Pair, lang: str = "en") -> str:
    """``2, 2``; in Italian ``2; 0,5`` when a payoff has a decimal comma."""
    a, b = show_number(pair[0], lang), show_number(pair[1], lang)
    sep = "; " if "," in a + b else ", "
    return f"{a}{sep}{b}"


def strike(name: str) -> str:
    """A strategy's name struck out, in text."""
    return f"~~{name}~~"


def title(game: MatrixGame, lang: str = "en") -> str:
    """The pictures' title: the game, whose payoffs come first, and which are better."""
    a, b = game.players
    if game.prefer == "lower":
        return said("{name}: payoffs ({a}, {b}), lower is better", name=game.title(lang),
                    a=a, b=b).worded(lang)
    return said("{name}: payoffs ({a}, {b}), higher is better", name=game.title(lang),
                a=a, b=b).worded(lang)


def legend(struck: Struck) -> list[Said]:
    """What the pictures' marks mean: the shading, and the line when a strategy is struck."""
    out = [said("shaded: pure Nash equilibrium")]
    if any(struck):
        out.append(said("struck out: strictly dominated (iterated elimination)"))
    return out


def format_table(game: MatrixGame, marked: Sequence[tuple[int, int]] = (), *,
                 struck: Struck = NOTHING, lang: str = "en") -> str:
    """The matrix as aligned text; ``*`` after the marked cells (the equilibria), the
    ``struck`` rows' and columns' names as :func:`strike` writes them."""
    marks = set(marked)
    rows = [strike(r) if i in struck[0] else r for i, r in enumerate(game.rows)]
    columns = [strike(c) if j in struck[1] else c for j, c in enumerate(game.columns)]
    corner = f"{game.players[0]} \\ {game.players[1]}"
    cells = [[show_pair(game.payoffs[i][j], lang) + (" *" if (i, j) in marks else "")
              for j in range(len(columns))] for i in range(len(rows))]
    first = max(len(corner), *(len(r) for r in rows))
    widths = [max(len(c), *(len(cells[i][j]) for i in range(len(rows))))
              for j, c in enumerate(columns)]
    lines = ["   ".join([corner.ljust(first), *(c.ljust(w) for c, w in
                                                 zip(columns, widths, strict=True))])]
    for name, row in zip(rows, cells, strict=True):
        lines.append("   ".join([name.ljust(first), *(c.ljust(w) for c, w in
                                                      zip(row, widths, strict=True))]))
    return "\n".join(line.rstrip() for line in lines)


def _texts(game: MatrixGame, lang: str) -> list[list[str]]:
    corner = f"{game.players[0]} \\ {game.players[1]}"
    return [[corner, *game.columns]] + [
        [r, *(show_pair(game.payoffs[i][j], lang) for j in range(len(game.columns)))]
        for i, r in enumerate(game.rows)]


def _is_struck(r: int, k: int, struck: Struck) -> bool:
    """Whether the cell at text row ``r``, column ``k`` (headers at 0) is struck out."""
    return (r > 0 and r - 1 in struck[0]) or (k > 0 and k - 1 in struck[1])


def to_dot(game: MatrixGame, marked: Sequence[tuple[int, int]] = (), *,
           struck: Struck = NOTHING, lang: str = "en", wrap_title: bool = False) -> str:
    """The matrix as Graphviz DOT: one table, the cells of ``marked`` (the equilibria)
    shaded and bold, the ``struck`` strategies and their payoffs struck out and grey, as
    :func:`to_svg` draws it; Graphviz turns it into PNG or PDF.  ``wrap_title``: the
    game's name on a line of its own above its payoffs (on a slide, a long title would
    set the width, and the table would be drawn small)."""
    marks = set(marked)
    rows = []
    for r, row in enumerate(_texts(game, lang)):
        cells = []
        for k, text in enumerate(row):
            header = r == 0 or k == 0
            hit = not header and (r - 1, k - 1) in marks
            fill = "#fde68a" if hit else ("#eeeeee" if header else "#ffffff")
            shown = f"<B>{html_escape(text)}</B>" if hit or header else html_escape(text)
            if _is_struck(r, k, struck) and not (r == 0 and k == 0):
                shown = f'<FONT COLOR="{STRUCK}"><S>{shown}</S></FONT>' if not header \
                    else f"<S>{shown}</S>"
            cells.append(f'<TD BGCOLOR="{fill}" CELLPADDING="6">{shown}</TD>')
        rows.append(f"<TR>{''.join(cells)}</TR>")
    notes = "".join(f"<BR/>{html_escape(n.worded(lang))}" for n in legend(struck))
    heading = html_escape(title(game, lang))
    if wrap_title:
        name, colon, payoffs = heading.partition(": ")
        heading = f"{name}:<BR/>{payoffs}" if colon else heading
    return ("digraph matrix {\n"
            f'\tgraph [fontname="DejaVu Sans Mono" fontsize={FONT_PT} labelloc=t '
            f"label=<{heading}{notes}>]\n"
            f'\tnode [fontname="DejaVu Sans Mono" fontsize={FONT_PT} shape=plain]\n'
            '\tmatrix [label=<<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0" '
            f'COLOR="#444444">{"".join(rows)}</TABLE>>]\n'
            "}\n")


def to_svg(game: MatrixGame, marked: Sequence[tuple[int, int]] = (), *,
           struck: Struck = NOTHING, lang: str = "en") -> str:
    """The matrix as a small standalone SVG table; marked cells (the equilibria) are
    shaded and bold, struck strategies and their payoffs crossed by a line.  Written by
    hand: no Graphviz needed."""
    char, height, pad = 8.4, 28, 12  # 14px monospace
    marks = set(marked)
    texts = _texts(game, lang)
    widths = [max(len(row[k]) for row in texts) * char + 2 * pad for k in range(len(texts[0]))]
    lefts = [sum(widths[:k]) for k in range(len(widths))]
    heading = title(game, lang)
    notes = [n.worded(lang) for n in legend(struck)]
    table_width = sum(widths)
    width = max(table_width, *(len(t) * char for t in (heading, *notes))) + 2
    top = height
    total = top + height * len(texts) + height * len(notes)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{total}" '
           f'viewBox="0 0 {width:.0f} {total}" font-family="monospace" font-size="14">',
           f'<text x="1" y="{height - 9}">{xml_escape(heading)}</text>']
    for r, row in enumerate(texts):
        y = top + r * height
        for k, text in enumerate(row):
            header = r == 0 or k == 0
            hit = not header and (r - 1, k - 1) in marks
            fill = "#fde68a" if hit else ("#eeeeee" if header else "#ffffff")
            weight = ' font-weight="bold"' if hit or header else ""
            line = ""
            if _is_struck(r, k, struck) and not (r == 0 and k == 0):
                line = ' text-decoration="line-through"' + (
                    "" if header else f' fill="{STRUCK}"')
            out.append(f'<rect x="{lefts[k] + 1:.1f}" y="{y}" width="{widths[k]:.1f}" '
                       f'height="{height}" fill="{fill}" stroke="#444444"/>')
            out.append(f'<text x="{lefts[k] + 1 + widths[k] / 2:.1f}" y="{y + height - 9}" '
                       f'text-anchor="middle"{weight}{line}>{xml_escape(text)}</text>')
    for n, note in enumerate(notes):
        y = top + height * len(texts) + height * (n + 1) - 9
        out.append(f'<text x="1" y="{y}">{xml_escape(note)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
