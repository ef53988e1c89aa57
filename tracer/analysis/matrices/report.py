"""The analysis of a game in normal form, as ``gametrace matrix`` prints it: dominant
strategies, iterated elimination of strictly dominated strategies, pure Nash equilibria
(:mod:`.payoff` computes them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...jsonio import encode_number
from .payoff import MatrixGame, dominance, eliminate, format_table, pure_equilibria, show_pair

__all__ = ["MatrixReport", "analyse_matrix"]


@dataclass(frozen=True)
class MatrixReport:
    """A game in normal form and its pure Nash equilibria (row, column)."""

    game: MatrixGame
    equilibria: tuple[tuple[int, int], ...]

    def to_json(self) -> dict[str, Any]:
        """The game, the dominant strategies, the elimination and the equilibria."""
        game, equilibria = self.game, self.equilibria
        row, col = dominance(game)
        elim = eliminate(game)
        return {
            "game": game.to_json(),
            "dominant": {game.players[0]: {"strict": row.strict, "weak": row.weak},
                         game.players[1]: {"strict": col.strict, "weak": col.weak}},
            "elimination": {"steps": [{"player": s.player, "strategy": s.strategy,
                                       "dominated_by": s.dominated_by} for s in elim.steps],
                            "rows": list(elim.rows), "columns": list(elim.columns)},
            "equilibria": [{"row": game.rows[i], "column": game.columns[j],
                            "payoffs": [encode_number(x) for x in game.payoffs[i][j]]}
                           for i, j in equilibria],
        }

    def to_text(self) -> str:
        """The table with the equilibria starred, then each analysis in a few lines."""
        game, equilibria = self.game, self.equilibria
        a, b = game.players
        lines = [f"{game.name or 'game'}: {a} chooses a row, {b} a column; payoffs are ({a}, {b}), "
                 f"{game.prefer} is better"]
        if game.description:
            lines.append(game.description)
        lines += ["", format_table(game, equilibria), "* pure Nash equilibrium", "",
                  "dominant strategies:"]
        for player, dom in zip(game.players, dominance(game), strict=True):
            text = (f"{dom.strict} (strictly)" if dom.strict is not None else
                    f"{dom.weak} (weakly)" if dom.weak is not None else "none")
            lines.append(f"  {player}: {text}")
        elim = eliminate(game)
        lines.append("iterated elimination of strictly dominated strategies:")
        for n, step in enumerate(elim.steps, start=1):
            lines.append(f"  {n}. {step.player} drops {step.strategy} "
                         f"(strictly dominated by {step.dominated_by})")
        if not elim.steps:
            lines.append("  nothing is strictly dominated")
        lines.append(f"  left: {a} {{{', '.join(elim.rows)}}}, {b} {{{', '.join(elim.columns)}}}")
        if equilibria:
            lines.append("pure Nash equilibria: " + "; ".join(
                f"({game.rows[i]}, {game.columns[j]}) paying ({show_pair(game.payoffs[i][j])})"
                for i, j in equilibria))
        else:
            lines.append("pure Nash equilibria: none")
        return "\n".join(lines)


def analyse_matrix(game: MatrixGame) -> MatrixReport:
    """Dominance, elimination and pure equilibria of ``game``."""
    return MatrixReport(game, tuple(pure_equilibria(game)))
