"""``gametrace matrix``: the normal-form analysis of a payoff matrix, and its files."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import UsageError
from ..said import said

# Type-only: each analysis is imported by the call that needs it, so importing the
# front door does not load every analysis (and the searches they run).
if TYPE_CHECKING:
    from ..analysis.matrices import MatrixReport
    from ..render.model.canvas import Canvas

__all__ = ["analyse_matrix_source", "write_matrix"]


def analyse_matrix_source(game: str | None = None, *,
                          tree: str | None = None) -> MatrixReport:
    """The normal-form analysis of ``game`` (a payoff file or a built-in game) or of the
    strategy matrix of ``tree`` (a tree file or example): exactly one of them."""
    from ..analysis.matrices import BUILTIN, analyse_matrix, from_tree, load_game
    from ..sources import load_tree_source

    if (game is None) == (tree is None):
        raise UsageError(said("give one of GAME_OR_FILE or --from-tree TREEFILE "
                              "(built-in games: {games})", games=", ".join(BUILTIN)))
    matrix = from_tree(load_tree_source(tree)) if tree is not None else load_game(str(game))
    return analyse_matrix(matrix)


def write_matrix(report: MatrixReport, output: str, *, lang: str = "en",
                 size: str | None = None) -> str | None:
    """Write the game as a payoff file (``.json``) or as a picture with the equilibria
    marked and the strictly dominated strategies struck out, its words in ``lang``
    (``.svg``, ``.png``, ``.pdf``, ``.dot``; ``-``: DOT on standard output).  ``size``:
    a canvas (``slides``, ``1280x720``, ``a4``: :func:`tracer.render.model.canvas.parse_size`)
    the picture fills, centred and scaled.  Returns what to warn of (text under the
    canvas's least size), else None."""
    from ..analysis.matrices import to_dot, to_svg
    from ..jsonio import atomic_write_text, dumps_json_pretty
    from ..render.model.canvas import parse_size

    canvas = None if size is None else parse_size(size)
    if output.lower().endswith(".json"):
        atomic_write_text(output, dumps_json_pretty(report.game.to_json()))
        return None
    from ..render.files.engine import render
    from ..render.model.render_options import output_format
    from ..writing import write_output_bytes

    fmt = output_format(output)
    equilibria = list(report.equilibria)
    if canvas is None:
        text = to_svg(report.game, equilibria, struck=report.struck, lang=lang) \
            if fmt == "svg" else to_dot(_drawable(report.game), equilibria,
                                        struck=report.struck, lang=lang)
        write_output_bytes(output, text.encode() if fmt in ("svg", "dot")
                           else render(text, fmt, pinned=False))
        return None
    source = to_dot(_drawable(report.game), equilibria, struck=report.struck, lang=lang,
                    wrap_title=True)
    data, warning = _on_canvas(source, fmt, canvas)
    write_output_bytes(output, data)
    return warning


def _on_canvas(source: str, fmt: str, canvas: Canvas) -> tuple[bytes, str | None]:
    """The matrix's DOT ``source`` drawn as ``fmt`` on ``canvas``: laid out once at its own
    size, then scaled and centred by Graphviz's ``viewport``, as the trees on a canvas
    are (:mod:`tracer.render.draw.canvas`); and what to warn of."""
    import pygraphviz

    from ..analysis.matrices.pictures import FONT_PT
    from ..render.draw.canvas import Measure, canvas_svg, fit_canvas
    from ..render.files.engine import layout_graph, render

    graph = pygraphviz.AGraph(string=source)
    graph.graph_attr["margin"] = "0"
    x0, y0, x1, y1 = (float(v) for v in str(layout_graph(graph).graph_attr["bb"]).split(","))
    unit = canvas.unit if canvas.unit == "px" else "pt"
    note = said("text under {least} {unit} on this canvas: the matrix has too many "
                "strategies for it", least=f"{canvas.min_font:g}", unit=unit).worded("en")
    fit = fit_canvas(canvas, Measure((x0, y0, x1, y1), float(FONT_PT)), note=note)
    w, h = canvas.points
    viewport = f"{w:.3f},{h:.3f},{fit.zoom:.6f},{(x0 + x1) / 2:.3f},{(y0 + y1) / 2:.3f}"
    if fmt == "dot":
        return _with_viewport(source, viewport).encode(), fit.note
    data = render(source, fmt, pinned=False, dpi=fit.dpi(150),
                  graph_attrs={"viewport": viewport})
    return (canvas_svg(data, fit) if fmt == "svg" else data), fit.note


def _with_viewport(source: str, viewport: str) -> str:
    """The DOT ``source`` with the canvas's ``viewport`` set on its graph."""
    head, _, rest = source.partition("\n")
    return f'{head}\n\tgraph [viewport="{viewport}" margin=0]\n{rest}'


def _drawable(game: Any) -> Any:
    """``game`` with its names as every text that reaches Graphviz is: bounded, and no
    character a C string or XML cannot carry (tracer.render.draw.dotquote)."""
    from dataclasses import replace

    from ..render.draw.dotquote import clean, clip

    def text(x: str) -> str:
        return clean(clip(x))

    return replace(game, name=None if game.name is None else text(game.name),
                   players=(text(game.players[0]), text(game.players[1])),
                   rows=tuple(map(text, game.rows)), columns=tuple(map(text, game.columns)))
