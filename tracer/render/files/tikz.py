"""TikZ output: the diagram as one ``tikzpicture`` at Graphviz's own coordinates.

The pinned drawing (the one the SVG is made from) is rendered by Graphviz as *xdot*:
every shape, line and text of every node and edge as drawing operations in points (read
by :mod:`.xdot`).  Those operations become TikZ paths and text nodes, so every
coordinate is the SVG's (with y pointing up, as in Graphviz).  Colours are named after
their role in the theme (``gt-ink``, ``gt-fill-max``, ``gt-ghost-line``...) and line
kinds are TikZ styles (``gt/dashed`` for pruned, ``gt/dotted`` for not searched
yet...), all defined in a separate preamble, so a course can restyle every picture in
one place.

Texts are centred on the point Graphviz centred them on and set in the document's sans
serif font, so they stay centred whatever the font's widths.

>>> write_tikz(Drawing("aima.json"), "aima.tex")   # doctest: +SKIP
(PosixPath('aima.tex'), PosixPath('aima-preamble.tex'))
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...errors import TracerError
from ...said import said
from ..draw.themes import Theme
from ..model.view import View
from .xdot import xdot_ops

# Type-only: the pipeline sits above files/ (it uses every stage); the caller hands
# the drawing in.
if TYPE_CHECKING:
    from ..pipeline import Drawing

__all__ = ["Picture", "TexColours", "is_tex", "picture", "preamble", "tex_text", "write_tikz"]

_ELEMENT_DRAWS = ("_draw_", "_ldraw_", "_hdraw_", "_tdraw_", "_hldraw_", "_tldraw_")
LINE_STYLES = {"dashed": "gt/dashed", "dotted": "gt/dotted", "solid": "gt/solid",
               "bold": "gt/bold"}
"""Graphviz line styles -> the TikZ styles defined in the preamble."""

_TEX = {
    "\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "#": r"\#", "$": r"\$", "%": r"\%",
    "&": r"\&", "_": r"\_", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
    "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}",
    "≥": r"$\geq$", "≤": r"$\leq$", "α": r"$\alpha$", "β": r"$\beta$", "∞": r"$\infty$",
    "−": "-", "–": "--", "—": "---", "✓": r"$\checkmark$", "✗": r"$\times$", "✕": r"$\times$",
    "×": r"$\times$", "·": r"$\cdot$", "…": r"\dots{}", "→": r"$\rightarrow$",
    "←": r"$\leftarrow$", "▲": r"$\blacktriangle$", "▼": r"$\blacktriangledown$",
    "━": r"\rule[0.5ex]{0.6em}{1.5pt}", "●": r"\textbullet{}", "◡": r"$\smile$",
}
"""Characters that mean something to TeX, and the symbols the pictures use."""


def tex_text(text: str) -> str:
    """``text`` as TeX: special characters escaped, symbols as math.

    Letters outside ASCII with no entry here (accented letters) go through as UTF-8;
    control characters (a newline would end a paragraph, a NUL is not TeX) and lone
    surrogates are spaces."""
    return "".join(_TEX.get(ch, ch) for ch in _TEX_UNSAFE.sub(" ", text))


_TEX_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


# colours ----------------------------------------------------------------------------------


def _hex(colour: str) -> str | None:
    """``#rrggbb`` in capitals, or None for a transparent or unknown colour."""
    text = colour.strip()
    named = {"white": "#ffffff", "black": "#000000"}
    text = named.get(text.lower(), text)
    if not re.fullmatch(r"#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?", text):
        return None
    if len(text) == 9 and text[7:].lower() == "00":
        return None  # fully transparent
    return text[:7].upper()


@dataclass
class TexColours:
    """Named colours: the theme's by role, others (rare) by their value."""

    theme: Theme
    names: dict[str, str] = field(default_factory=dict)
    """``#RRGGBB`` -> colour name, the theme's roles first."""
    used: dict[str, str] = field(default_factory=dict)
    """Colour name -> ``RRGGBB``, in order of first use."""
    drawn: dict[tuple[Any, ...], list[str]] = field(default_factory=dict)
    """The TikZ lines of each element's xdot drawing, already translated (frames repeat
    most elements; the colours they use are in ``used``)."""

    def __post_init__(self) -> None:
        for f in fields(self.theme):
            value = getattr(self.theme, f.name)
            if isinstance(value, str):
                self._name(value, f"gt-{f.name.replace('_', '-')}")
            elif isinstance(value, dict):
                for key, colour in value.items():
                    self._name(colour, f"gt-{f.name.replace('_', '-')}-{key}")

    def _name(self, colour: str, name: str) -> None:
        code = _hex(colour)
        if code is not None and code not in self.names:
            self.names[code] = name

    def __call__(self, colour: str) -> str | None:
        code = _hex(colour)
        if code is None:
            return None
        name = self.names.setdefault(code, f"gt-{code[1:].lower()}")
        self.used.setdefault(name, code[1:])
        return name


# pictures ---------------------------------------------------------------------------------


@dataclass
class Picture:
    """One drawing as TikZ commands (without the ``tikzpicture`` around them)."""

    bbox: tuple[float, float, float, float]
    """Lower left and upper right corners, in points: the same in every frame."""
    body: list[str]
    nodes: dict[str, tuple[float, float]]
    """Node id -> the centre Graphviz put it at (``pos``), in points."""


def picture(xdot: bytes, colours: TexColours, *, swatches: Sequence[str] = (),
            rounded: Sequence[bool] = ()) -> Picture:
    """The TikZ commands of one xdot drawing (Graphviz's ``-Txdot`` of a pinned graph);
    ``swatches``: the line style of each box outlined in the legend, in order;
    ``rounded``: whether each of those boxes has rounded corners."""
    from .engine import _agraph

    # Read as Latin-1, one character per byte, so that the byte counts of xdot's strings
    # survive whatever bytes it holds; each attribute is turned back into those bytes.
    graph = _agraph(xdot.decode("latin-1"))
    bb = [float(v) for v in str(graph.graph_attr["bb"]).split(",")]
    bbox = (bb[0], bb[1], bb[2], bb[3])
    for op, args in xdot_ops(_raw(graph.graph_attr.get("_draw_"))):
        if op == "P":  # the background: the drawing with its margin
            xs, ys = [p[0] for p in args], [p[1] for p in args]
            bbox = (min(xs), min(ys), max(xs), max(ys))
    body: list[str] = []
    centres: dict[str, tuple[float, float]] = {}
    items: list[tuple[str, str, Any]] = [("edge", f"{_utf8(e[0])} -> {_utf8(e[1])}", e)
                                         for e in graph.edges()]
    items += [("node", _utf8(n), n) for n in graph.nodes()]
    for kind, name, item in items:  # edges first, as in the SVG (outputorder=edgesfirst)
        legend = name.startswith("gt:legend")
        draws = tuple(str(item.attr.get(attr) or "") for attr in _ELEMENT_DRAWS)
        key = (legend, (tuple(swatches), tuple(rounded)) if legend else (), draws)
        lines = colours.drawn.get(key)
        if lines is None:  # most elements look the same in every frame: translated once
            lines = []
            for text in draws:
                if text:
                    lines.extend(_commands(xdot_ops(_raw(text)), colours, centre=not legend,
                                           swatches=list(swatches) if legend else None,
                                           rounded=list(rounded) if legend else None))
            colours.drawn[key] = lines
        if not lines:
            continue
        ident = _utf8(item.attr.get("id"))
        body.append(f"% {kind} {' '.join(name.split())}" + (f" ({ident})" if ident else ""))
        if kind == "node" and not name.startswith("gt:"):
            x, y = (float(v) for v in str(item.attr["pos"]).split(","))
            centres[name] = (x, y)
            if ident:
                body.append(f"\\coordinate ({ident}) at ({_n(x)},{_n(y)});")
        body.extend(lines)
    return Picture(bbox, body, centres)


def _raw(value: object) -> bytes:
    return str(value or "").encode("latin-1")


def _utf8(value: object) -> str:
    return _raw(value).decode("utf-8", "replace")


def _commands(ops: Iterable[tuple[str, list[Any]]], colours: TexColours, *,
              centre: bool = True, swatches: list[str] | None = None,
              rounded: list[bool] | None = None) -> Iterator[str]:
    """TikZ commands of xdot operations.  With ``centre``, every text is centred on the
    point Graphviz centred it on (values in nodes); else left-aligned texts stay so
    (legend rows, where the key sits left of the words).  ``swatches``: the line style
    of each outlined box, in order (the legend's); ``rounded``: whether each has rounded
    corners, as Graphviz rounds a cell (a third of its shorter side), for both its fill
    (drawn first) and its outline."""
    pen: str | None = "gt-ink"
    fill: str | None = None
    width = 1.0
    dash = "gt/solid"
    font_size, font, flags = 14.0, "", 0
    for op, args in ops:
        if op == "c":
            pen = colours(args[0])
        elif op == "C":
            fill = colours(args[0])
        elif op == "S":
            style = args[0]
            m = re.fullmatch(r"setlinewidth\(([0-9.]+)\)", style)
            if m:
                width = float(m[1])
            else:
                dash = next((v for k, v in LINE_STYLES.items() if style.startswith(k)), dash)
        elif op == "F":
            font_size, font = args
        elif op == "t":
            flags = args[0]
        elif op in ("P", "p", "E", "e", "L", "B", "b"):
            filled = op in ("P", "E", "b")
            corner = op in ("P", "p") and rounded is not None and bool(rounded) and rounded[0]
            if op == "p" and swatches:
                dash = LINE_STYLES[swatches.pop(0)]
                if rounded:
                    rounded.pop(0)
            keys = [dash, f"line width={_n(width)}pt"]
            if corner:
                xs, ys = [p[0] for p in args], [p[1] for p in args]
                side = min(max(xs) - min(xs), max(ys) - min(ys))
                keys.append(f"rounded corners={_n(side / 3)}pt")
            if pen is not None:
                keys.insert(0, f"draw={pen}")
            if filled and fill is not None:
                keys.insert(0, f"fill={fill}")
            if pen is None and not (filled and fill is not None):
                continue
            yield f"\\path[{', '.join(keys)}] {_path(op, args)};"
        elif op == "T":
            x, y, just, w, text = args
            if not text.strip():
                continue
            # Graphviz: -1 left, 0 centre, 1 right; widths were measured with its font.
            anchor = "base" if centre or just == 0 else ("base west" if just < 0
                                                          else "base east")
            cx = x - just * w / 2 if anchor == "base" else x
            style = ["gt/text", f"anchor={anchor}"]
            if pen is not None:
                style.append(f"text={pen}")
            face = r"\ttfamily" if "Mono" in font else ""
            if flags & 1:
                face += r"\bfseries"
            if flags & 2:
                face += r"\itshape"
            yield (f"\\node[{', '.join(style)}] at ({_n(cx)},{_n(y)}) "
                   f"{{\\gtsize{{{_n(font_size)}}}{face}{{}}{tex_text(text)}}};")


def _path(op: str, args: list[Any]) -> str:
    if op in ("E", "e"):
        x, y, rx, ry = args
        return f"({_n(x)},{_n(y)}) ellipse [x radius={_n(rx)}, y radius={_n(ry)}]"
    points = [f"({_n(x)},{_n(y)})" for x, y in args]
    if op in ("B", "b"):
        parts = [points[0]]
        for k in range(1, len(points) - 2, 3):
            parts.append(f".. controls {points[k]} and {points[k + 1]} .. {points[k + 2]}")
        return " ".join(parts) + (" -- cycle" if op == "b" else "")
    return " -- ".join(points) + (" -- cycle" if op in ("P", "p") else "")


def _n(value: float) -> str:
    """A coordinate in points, as Graphviz writes them (two decimals at most)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


# files ------------------------------------------------------------------------------------


def tikzpicture(pic: Picture, *, overlays: list[str] | None = None) -> str:
    """A ``tikzpicture`` of ``pic``; with ``overlays`` (files to ``\\input``), one
    ``\\only<k>`` per file instead, inside ``pic``'s bounding box."""
    x0, y0, x1, y1 = pic.bbox
    lines = ["\\begin{tikzpicture}[gt/picture]",
             f"\\useasboundingbox ({_n(x0)},{_n(y0)}) rectangle ({_n(x1)},{_n(y1)});"]
    if overlays is None:
        lines.extend(pic.body)
    else:
        lines.extend(f"\\only<{k}>{{\\input{{\\gtframes {name}}}}}%"
                     for k, name in enumerate(overlays, start=1))
    lines.append("\\end{tikzpicture}")
    return "\n".join(lines) + "\n"


def preamble(colours: TexColours) -> str:
    """The packages, colours and styles every picture needs (``\\input`` it once)."""
    defs = "\n".join(f"\\definecolor{{{name}}}{{HTML}}{{{code}}}"
                     for name, code in sorted(colours.used.items()))
    return f"""% gametrace: colours and styles of the pictures (theme {colours.theme.name}).
% \\input this file in the preamble; edit a colour or a style here to restyle them all.
\\usepackage[T1]{{fontenc}}
\\usepackage{{lmodern}}
\\usepackage{{amssymb}}
\\usepackage{{tikz}}
{defs}
\\providecommand{{\\gtsize}}[1]{{\\fontsize{{#1}}{{#1}}\\selectfont}}
\\tikzset{{
  gt/picture/.style={{x=1pt, y=1pt, line join=miter, font=\\sffamily}},
  gt/text/.style={{inner sep=0pt, outer sep=0pt, font=\\sffamily}},
  gt/solid/.style={{solid}},
  gt/dashed/.style={{dash pattern=on 5pt off 2pt}},
  gt/dotted/.style={{dash pattern=on 1pt off 5pt}},
  gt/bold/.style={{line width=2pt}},
}}
""" + FIT


_TABLE_STYLE = re.compile(r' STYLE="[a-z,]*"')


FIT = r"""% \gtfit{...}: the picture as large as fits (the line's width, 85% of the text height).
\ifdefined\gtbox\else\newsavebox{\gtbox}\fi
\providecommand{\gtfit}[1]{\sbox{\gtbox}{#1}%
  \ifnum\numexpr\wd\gtbox/65536*(\textheight*85/100/65536)\relax
       >\numexpr\ht\gtbox/65536*(\linewidth/65536)\relax
    \resizebox{\linewidth}{!}{\usebox{\gtbox}}%
  \else\resizebox{!}{0.85\textheight}{\usebox{\gtbox}}\fi}
"""


def drawing_picture(drawing: Drawing, view: View | None = None,
                    colours: TexColours | None = None) -> Picture:
    """The pinned drawing (the diagram, or ``view``) as TikZ: what the SVG is.

    The bundled Graphviz's xdot writer reads freed memory for HTML tables with a
    ``STYLE`` (the legend's swatches), and may crash: they are drawn without it, and the
    line style and rounded corners of each swatch are put back from the legend's keys."""
    from .engine import _agraph, _quiet, _tidy

    view = view or drawing.view
    # Drawn as the frames are (positions as they are, no layout step; a graph restyled
    # in place would keep a node's old border count), from a fresh parse.
    graph = _agraph(_TABLE_STYLE.sub("", drawing.pinned_dot(view)))
    graph.has_layout = True
    with _quiet():
        try:
            xdot = _tidy(bytes(graph.draw(format="xdot")), "xdot")
        except (ValueError, OSError) as exc:
            raise TracerError(said("Graphviz could not draw the TikZ picture: {reason}",
                                   reason=str(exc))) from None
    return picture(xdot, colours or TexColours(drawing.theme), swatches=legend_swatches(view),
                   rounded=legend_rounded(view))


def legend_swatches(view: View) -> list[str]:
    """The line style of each swatch (box) of the legend, in drawing order."""
    from ..draw.footer import _GLYPHS, _SWATCHES

    out: list[str] = []
    for key, _ in view.legend:
        if key in _GLYPHS:
            continue
        style = _SWATCHES.get(key, "")
        out.append("dashed" if "dashed" in style else "dotted" if "dotted" in style
                   else "solid")
    return out


def legend_rounded(view: View) -> list[bool]:
    """Whether each swatch (box) of the legend has rounded corners, in drawing order
    (the style :func:`drawing_picture` must leave out of the DOT)."""
    from ..draw.footer import _GLYPHS, _SWATCHES

    return ["rounded" in _SWATCHES.get(key, "") for key, _ in view.legend
            if key not in _GLYPHS]


def is_tex(out: str | os.PathLike[str]) -> bool:
    """Whether ``out`` names a TeX file (``-o x.tex``)."""
    return os.fspath(out).lower().endswith(".tex")


def preamble_path(out: str | os.PathLike[str]) -> Path:
    """``x.tex`` -> ``x-preamble.tex``."""
    path = Path(out)
    return path.with_name(f"{path.stem}-preamble.tex")


def write_tikz(drawing: Drawing, out: str | os.PathLike[str]) -> tuple[Path, Path]:
    """Write the diagram as ``out`` (a ``tikzpicture``) and its preamble beside it."""
    from ...writing import write_output_bytes

    colours = TexColours(drawing.theme)
    pic = drawing_picture(drawing, colours=colours)
    path, pre = Path(out), preamble_path(out)
    header = (f"% gametrace: {drawing.caption}\n% needs \\input{{{pre.stem}}} in the "
              f"preamble (TikZ at Graphviz's coordinates, in points)\n")
    write_output_bytes(pre, preamble(colours).encode("utf-8"))
    write_output_bytes(path, (header + tikzpicture(pic)).encode("utf-8"))
    return path, pre
