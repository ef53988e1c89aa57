"""The words and numbers of a drawing, in English and Italian.

The Italian follows the course's vocabulary: *taglio alfa* / *taglio beta*, *potato*
for pruned, *valore*, *passo* for step, MAX / MIN (the notes also say Più / Meno).
Numbers are written the way each language writes them (``2.5`` / ``2,5``,
``1,234`` / ``1.234``), infinities as +∞ / −∞.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Words", "words"]

Number = float | int

_EN = {
    "alpha cut": "alpha cut",
    "beta cut": "beta cut",
    "MAX": "MAX",
    "MIN": "MIN",
    "chance": "chance",
    "legend.max": "MAX",
    "legend.min": "MIN",
    "legend.chance": "chance",
    "legend.terminal": "terminal leaf",
    "legend.static": "static evaluation",
    "legend.pruned": "pruned (never searched)",
    "legend.unvisited": "not searched",
    "legend.current": "current",
    "legend.pv": "principal variation",
    "legend.box": "collapsed subtree",
    "legend.expanded": "expanded (#: order), g+h=f",
    "legend.open": "generated, not expanded",
    "legend.discarded": "discarded: repeated state",
    "legend.path": "path to the goal",
    "legend.solved": "solved",
    "legend.unsolvable": "unsolvable",
    "legend.solution": "solution graph",
    "andor": "{algorithm} ({variant}): root {status}",
    "cap.generate": "{node} {label} generated from {parent}{action}: g+h = {g}+{h} = {f}",
    "cap.select": "{node} {label} expanded (#{number}), f = {f}",
    "cap.discard": "{node} discarded: same state as {existing}",
    "cap.goal": "goal {node} reached, cost {cost}",
    "cap.status": "{node}: {status}",
    "cap.numbers": "{node}: proof {proof}, disproof {disproof}",
    "solved": "solved",
    "unsolvable": "unsolvable",
    "solved.f": "solved",
    "unsolvable.f": "unsolvable",
    "by": " by {action}",
    "astar": "{algorithm} ({variant}): cost {value}",
    "and": "and",
    "pruned.one": "pruned",
    "pruned.many": "pruned",
    "step": "Step",
    "value": "value",
    "best move": "best move",
    "summary": "{algorithm} ({variant}): value {value}, best move {move}",
    "summary.nomove": "{algorithm} ({variant}): value {value}",
    "incomplete": "stopped early",
    "cap.expand": "{node}: {player} node opened",
    "cap.window": "{alpha}, {beta}",
    "cap.terminal": "{node} = {value} (terminal)",
    "cap.static": "{node} = {value} (static evaluation)",
    "cap.backup": "{child} returns {child_value} to {node}: {node} {shown}",
    "cap.cut": "{node}: {comparison} → {kind}, {pruned} {pruned_word}",
    "cap.cut.none": "{node}: {comparison} → {kind}",
    "cap.final": "Result: value {value}, best move {move}",
    "cap.final.nomove": "Result: value {value}",
    "box.explored": "+{nodes} nodes",
    "box.explored.one": "+1 node",
    "box.cuts.one": "{cuts} cut",
    "box.cuts.many": "{cuts} cuts",
    "box.pruned": "{nodes} pruned",
    "box.unvisited": "{nodes} not searched",
    "node.one": "node",
    "node.many": "nodes",
}

_IT = {
    "alpha cut": "taglio alfa",
    "beta cut": "taglio beta",
    "MAX": "MAX",
    "MIN": "MIN",
    "chance": "caso",
    "legend.max": "MAX (Più)",
    "legend.min": "MIN (Meno)",
    "legend.chance": "nodo di fortuna",
    "legend.terminal": "foglia terminale",
    "legend.static": "valutazione statica",
    "legend.pruned": "potato (mai esplorato)",
    "legend.unvisited": "non esplorato",
    "legend.current": "nodo corrente",
    "legend.pv": "variante principale",
    "legend.box": "sottoalbero riassunto",
    "legend.expanded": "espanso (#: ordine), g+h=f",
    "legend.open": "generato, non espanso",
    "legend.discarded": "scartato: stato ripetuto",
    "legend.path": "cammino all'obiettivo",
    "legend.solved": "risolto",
    "legend.unsolvable": "irrisolvibile",
    "legend.solution": "grafo soluzione",
    "andor": "{algorithm} ({variant}): radice {status}",
    "cap.generate": "{node} {label} generato da {parent}{action}: g+h = {g}+{h} = {f}",
    "cap.select": "{node} {label} espanso (#{number}), f = {f}",
    "cap.discard": "{node} scartato: stesso stato di {existing}",
    "cap.goal": "obiettivo {node} raggiunto, costo {cost}",
    "cap.status": "{node}: {status}",
    "cap.numbers": "{node}: prova {proof}, refutazione {disproof}",
    "solved": "risolto",
    "unsolvable": "irrisolvibile",
    "solved.f": "risolta",
    "unsolvable.f": "irrisolvibile",
    "by": " con {action}",
    "astar": "{algorithm} ({variant}): costo {value}",
    "and": "e",
    "pruned.one": "potato",
    "pruned.many": "potati",
    "step": "Passo",
    "value": "valore",
    "best move": "mossa migliore",
    "summary": "{algorithm} ({variant}): valore {value}, mossa migliore {move}",
    "summary.nomove": "{algorithm} ({variant}): valore {value}",
    "incomplete": "interrotta prima della fine",
    "cap.expand": "{node}: nodo {player} espanso",
    "cap.window": "{alpha}, {beta}",
    "cap.terminal": "{node} = {value} (terminale)",
    "cap.static": "{node} = {value} (valutazione statica)",
    "cap.backup": "{child} riporta {child_value} a {node}: {node} {shown}",
    "cap.cut": "{node}: {comparison} → {kind}, {pruned} {pruned_word}",
    "cap.cut.none": "{node}: {comparison} → {kind}",
    "cap.final": "Risultato: valore {value}, mossa migliore {move}",
    "cap.final.nomove": "Risultato: valore {value}",
    "box.explored": "+{nodes} nodi",
    "box.explored.one": "+1 nodo",
    "box.cuts.one": "{cuts} taglio",
    "box.cuts.many": "{cuts} tagli",
    "box.pruned": "{nodes} potati",
    "box.unvisited": "{nodes} non esplorati",
    "node.one": "nodo",
    "node.many": "nodi",
}

_TABLES = {"en": _EN, "it": _IT}

_ALGORITHMS = {
    "en": {"alphabeta": "alpha-beta", "minimax": "minimax", "astar": "A*", "andor": "AND/OR"},
    "it": {"alphabeta": "alfa-beta", "minimax": "minimax", "astar": "A*", "andor": "AND/OR"},
}


@dataclass(frozen=True)
class Words:
    """Wording and number spelling for one language and symbol set."""

    lang: str = "en"
    ascii: bool = False

    def __call__(self, key: str, **fmt: object) -> str:
        text = _TABLES[self.lang][key]
        text = text.format(**fmt) if fmt else text
        return text.replace("→", "->") if self.ascii else text

    # symbols ------------------------------------------------------------------------

    @property
    def alpha(self) -> str:
        return "alpha" if self.ascii else "α"

    @property
    def beta(self) -> str:
        return "beta" if self.ascii else "β"

    @property
    def ge(self) -> str:
        return ">=" if self.ascii else "≥"

    @property
    def le(self) -> str:
        return "<=" if self.ascii else "≤"

    @property
    def dot(self) -> str:
        return "-" if self.ascii else "·"

    # numbers ------------------------------------------------------------------------

    def number(self, x: Number) -> str:
        """``3``, ``2.5`` (``2,5`` in Italian), ``+∞`` / ``−∞``; integral floats drop ``.0``."""
        if isinstance(x, float):
            if math.isinf(x):
                if self.ascii:
                    return "+inf" if x > 0 else "-inf"
                return "+∞" if x > 0 else "−∞"
            if x.is_integer() and abs(x) < 1e15:
                x = int(x)
        if isinstance(x, int):
            text = str(x)
        else:
            text = f"{x:.4g}" if abs(x) >= 1e-3 or x == 0 else f"{x:.3g}"
            if self.lang == "it":
                text = text.replace(".", ",")
        if text.startswith("-") and not self.ascii:
            text = "−" + text[1:]
        return text

    def count(self, n: int) -> str:
        """A count with thousands separators: ``1,234`` / ``1.234``."""
        text = f"{n:,}"
        return text.replace(",", ".") if self.lang == "it" else text

    def bound(self, relation: str, x: Number) -> str:
        """``≥ 3`` (relation ``ge``), ``≤ 2`` (``le``) or the bare number (``eq``)."""
        if relation == "ge":
            return f"{self.ge} {self.number(x)}"
        if relation == "le":
            return f"{self.le} {self.number(x)}"
        return self.number(x)

    def names(self, items: Sequence[str]) -> str:
        """``I``, ``I and J``, ``I, J and K`` (``e`` in Italian)."""
        if len(items) <= 1:
            return "".join(items)
        return f"{', '.join(items[:-1])} {self('and')} {items[-1]}"

    def algorithm(self, name: str) -> str:
        return _ALGORITHMS[self.lang].get(name, name)

    def player(self, player: str | None) -> str:
        if player == "max":
            return self("MAX")
        if player == "min":
            return self("MIN")
        return self("chance") if player == "chance" else "?"


def words(lang: str = "en", *, ascii: bool = False) -> Words:
    """The :class:`Words` for ``lang`` (``en`` or ``it``)."""
    return Words(lang, ascii)
