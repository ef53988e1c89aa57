"""Two-player games in normal form (payoff matrices), as ``gametrace matrix`` analyses them.

- :mod:`.payoff`: the game (:class:`MatrixGame`: read from a payoff file, built in, or
  made from a game tree's strategies), dominance, iterated elimination of strictly
  dominated strategies, pure Nash equilibria;
- :mod:`.pictures`: the matrix as text, DOT or SVG, in English or Italian, the
  equilibria marked and the strictly dominated strategies struck out;
- :mod:`.report`: the analysis ``gametrace matrix`` prints (:class:`MatrixReport`).

What other layers import is named here and loaded on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import exports

if TYPE_CHECKING:
    from .payoff import BUILTIN, MatrixGame, from_tree, load_game
    from .pictures import to_dot, to_svg
    from .report import MatrixReport, analyse_matrix

_WHERE = {
    **dict.fromkeys(("BUILTIN", "MatrixGame", "from_tree", "load_game"), "payoff"),
    **dict.fromkeys(("to_dot", "to_svg"), "pictures"),
    **dict.fromkeys(("MatrixReport", "analyse_matrix"), "report"),
}

__all__ = [
    "BUILTIN",
    "MatrixGame",
    "MatrixReport",
    "analyse_matrix",
    "from_tree",
    "load_game",
    "to_dot",
    "to_svg",
]

__getattr__, __dir__ = exports(__name__, _WHERE)
