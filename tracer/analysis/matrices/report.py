"""The analysis of a game in normal form, as ``gametrace matrix`` prints it: dominant
strategies, iterated elimination of strictly dominated strategies, pure Nash equilibria
(:mod:`.payoff` computes them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...jsonio import encode_number
from ...said import said, said_n
from .payoff import MatrixGame, dominance, eliminate, eliminated, pure_equilibria
from .pictures import format_table, show_pair, strike

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

    @property
    def struck(self) -> tuple[frozenset[int], frozenset[int]]:
        """The rows and the columns iterated elimination strikes out."""
        return eliminated(self.game)

    def to_text(self, lang: str = "en") -> str:
        """The table with the equilibria starred and the strictly dominated strategies
        struck out, then each analysis in a few lines, in ``lang``."""
        game, equilibria = self.game, self.equilibria
        a, b = game.players
        head = (said("{name}: {a} chooses a row, {b} a column; payoffs are ({a}, {b}), "
                     "lower is better", name=game.title(lang), a=a, b=b)
                if game.prefer == "lower" else
                said("{name}: {a} chooses a row, {b} a column; payoffs are ({a}, {b}), "
                     "higher is better", name=game.title(lang), a=a, b=b))
        lines = [head.worded(lang)]
        about = game.about(lang)
        if about:
            lines.append(about)
        struck = self.struck
        lines += ["", format_table(game, equilibria, struck=struck, lang=lang),
                  said("* pure Nash equilibrium").worded(lang)]
        if any(struck):
            lines.append(said("{mark}: strategy {s} is strictly dominated (struck out by "
                              "iterated elimination)", mark=strike("S"), s="S").worded(lang))
        lines += ["", said("dominant strategies:").worded(lang)]
        for player, dom in zip(game.players, dominance(game), strict=True):
            text = (said("{player}: {strategy} (strictly)", player=player, strategy=dom.strict)
                    if dom.strict is not None else
                    said("{player}: {strategy} (weakly)", player=player, strategy=dom.weak)
                    if dom.weak is not None else said("{player}: none", player=player))
            lines.append("  " + text.worded(lang))
        elim = eliminate(game)
        lines.append(said("iterated elimination of strictly dominated strategies:").worded(lang))
        for n, step in enumerate(elim.steps, start=1):
            lines.append("  " + said("{step}. {player} drops {strategy} (strictly dominated "
                                     "by {by})", step=n, player=step.player,
                                     strategy=step.strategy, by=step.dominated_by).worded(lang))
        if not elim.steps:
            lines.append("  " + said("nothing is strictly dominated").worded(lang))
        lines.append("  " + said("left: {a} {{{rows}}}, {b} {{{columns}}}", a=a,
                                 rows=", ".join(elim.rows), b=b,
                                 columns=", ".join(elim.columns)).worded(lang))
        found = "; ".join(
            said("({row}, {column}) paying ({payoffs})", row=game.rows[i],
                 column=game.columns[j],
                 payoffs=show_pair(game.payoffs[i][j], lang)).worded(lang)
            for i, j in equilibria)
        lines.append(said_n("{n} pure Nash equilibrium: {found}",
                            "{n} pure Nash equilibria: {found}", len(equilibria),
                            found=found).worded(lang) if equilibria
                     else said("pure Nash equilibria: none").worded(lang))
        return "\n".join(lines)


def analyse_matrix(game: MatrixGame) -> MatrixReport:
    """Dominance, elimination and pure equilibria of ``game``."""
    return MatrixReport(game, tuple(pure_equilibria(game)))
