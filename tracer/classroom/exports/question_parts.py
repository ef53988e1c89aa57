"""The parts of an exported question: one per item the assignment asks (every node of a
``values`` or ``alphabeta`` item its own part), each with its answer from the key.

A part is graded as ``gametrace check`` grades its item
(:mod:`tracer.analysis.check.items`): a number exactly; a value exactly or, where the
search leaves it undecided, as the bound it is (the plain number is right too); a move
exactly; the pruned nodes as a set (the overlap over the union, a node inside a pruned
subtree standing for the subtree's root); the leaves evaluated as a sequence (the
longest common run over the longer of the two).  The Moodle and PrairieLearn exports
write each part as their own tools grade it (:mod:`.moodle`, :mod:`.pl_server`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...numbers import format_number

if TYPE_CHECKING:
    from ...analysis.check.solution import Solution
    from ...numbers import Number
    from ...trees import Node, Tree
    from ..assignments import Ask

__all__ = ["KINDS", "NONE", "Part", "none_word", "parts_for"]

KINDS = ("number", "value", "node", "set", "sequence")
"""What a part's answer is: a number (the root's value; alpha or beta), a value (a
node's: a number or a bound), a node (the best move), a set of nodes (pruned), a
sequence of nodes (evaluated)."""

NONE = {"en": "none", "it": "nessuno"}
"""How "no node at all" is written, by language: an answer's spelling, so it is data
here (an edit of a catalog's wording must not change what a question accepts)."""


def none_word(lang: str) -> str:
    return NONE.get(lang, NONE["en"])


@dataclass(frozen=True)
class Part:
    """One answer box of a question."""

    key: str
    """The item's key (``value``, ``values.C``, ``alphabeta.B.alpha``, ``pruned``...):
    an id, said in words by :func:`tracer.classroom.item_words.item_words`."""
    kind: str
    """One of :data:`KINDS`."""
    number: Number | None = None
    """A ``number`` or ``value`` part's number (``inf`` and ``-inf`` for an unbounded
    alpha or beta)."""
    bound: str = "exact"
    """A ``value`` part's bound: ``exact``, ``le`` (at most) or ``ge`` (at least)."""
    nodes: tuple[str, ...] = ()
    """A ``node`` part's node, a ``set`` part's nodes in the tree's order, a
    ``sequence`` part's nodes in order."""
    inside: tuple[tuple[str, str], ...] = field(default=())
    """A ``set`` part: each node inside a pruned subtree and the subtree's root."""

    def answer_text(self, lang: str = "en") -> str:
        """The answer as the question asks it to be written."""
        if self.kind in ("number", "value"):
            assert self.number is not None
            prefix = {"exact": "", "le": "<=", "ge": ">="}[self.bound]
            return prefix + _number_text(self.number)
        if self.kind in ("set", "sequence") and not self.nodes:
            return none_word(lang)
        return " ".join(self.nodes)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"key": self.key, "kind": self.kind}
        if self.number is not None:
            out["number"] = _number_text(self.number)
            out["bound"] = self.bound
        else:
            out["nodes"] = list(self.nodes)
        if self.inside:
            out["inside"] = dict(self.inside)
        return out


def _number_text(number: Number) -> str:
    if number == float("inf"):
        return "+inf"
    if number == float("-inf"):
        return "-inf"
    return format_number(number)


def parts_for(key: Solution, asks: Sequence[Ask], tree: Tree,
              order: Sequence[str]) -> tuple[Part, ...]:
    """The parts of the items ``asks`` with their answers from ``key`` (the answer key
    cut down to the items asked, :func:`tracer.classroom.tasks.restrict`), in the order
    the items are asked; ``order`` is the tree's nodes top to bottom, left to right (how
    a set of nodes is written)."""
    place = {node: i for i, node in enumerate(order)}
    out: list[Part] = []
    for ask in asks:
        name = ask.item
        if name == "value" and key.value is not None:
            out.append(Part("value", "number", number=key.value.number))
        elif name == "move" and key.move is not None:
            out.append(Part("move", "node", nodes=(key.move,)))
        elif name == "values":
            for node in _nodes_asked(ask, key.values, place):
                v = key.values[node]
                out.append(Part(f"values.{node}", "value", number=v.number, bound=v.bound))
        elif name == "alphabeta":
            for node in _nodes_asked(ask, key.alphabeta, place):
                window = key.alphabeta[node]
                for side in ("alpha", "beta"):
                    got = getattr(window, side)
                    if got is not None:
                        out.append(Part(f"alphabeta.{node}.{side}", "number", number=got))
        elif name == "pruned":
            pruned = tuple(sorted(key.pruned or (), key=lambda n: place.get(n, len(place))))
            out.append(Part("pruned", "set", nodes=pruned,
                            inside=_inside(tree, pruned)))
        elif name == "evaluated":
            out.append(Part("evaluated", "sequence", nodes=tuple(key.evaluated or ())))
    return tuple(out)


def _nodes_asked(ask: Ask, table: Mapping[str, object],
                 place: Mapping[str, int]) -> list[str]:
    """The nodes of a ``values`` or ``alphabeta`` item: the chosen ones in the order
    chosen, or every node of the key in the tree's order (a chosen node the search
    never reaches is not in the key, and not asked)."""
    if ask.nodes:
        return [n for n in ask.nodes if n in table]
    return sorted(table, key=lambda n: place.get(n, len(place)))


def _inside(tree: Tree, roots: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """Every node below one of ``roots`` (the pruned subtrees' roots) and its root."""
    wanted = set(roots)
    found: list[tuple[str, str]] = []
    stack: list[tuple[Node, str | None]] = [(tree.root, None)]
    while stack:
        node, under = stack.pop()
        if under is not None:
            found.append((node.id, under))
        below = node.id if node.id in wanted else under
        stack.extend((k, below) for k in reversed(node.children))
    return tuple(found)
