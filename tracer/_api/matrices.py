"""``gametrace matrix``: the normal-form analysis of a payoff matrix, and its files."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import UsageError
from ..said import said

# Type-only: each analysis is imported by the call that needs it, so importing the
# front door does not load every analysis (and the searches they run).
if TYPE_CHECKING:
    from ..analysis.matrices import MatrixReport

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


def write_matrix(report: MatrixReport, output: str, *, lang: str = "en") -> None:
    """Write the game as a payoff file (``.json``) or as a picture with the equilibria
    marked and the strictly dominated strategies struck out, its words in ``lang``
    (``.svg``, ``.png``, ``.pdf``, ``.dot``; ``-``: DOT on standard output)."""
    from ..analysis.matrices import to_dot, to_svg
    from ..jsonio import atomic_write_text, dumps_json_pretty

    if output.lower().endswith(".json"):
        atomic_write_text(output, dumps_json_pretty(report.game.to_json()))
        return
    from ..render.files.engine import render
    from ..render.model.render_options import output_format
    from ..writing import write_output_bytes

    fmt = output_format(output)
    equilibria = list(report.equilibria)
    text = to_svg(report.game, equilibria, struck=report.struck, lang=lang) if fmt == "svg" \
        else to_dot(_drawable(report.game), equilibria, struck=report.struck, lang=lang)
    write_output_bytes(output, text.encode() if fmt in ("svg", "dot")
                 else render(text, fmt, pinned=False))


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
