"""What the search did at each node, as far as the events replayed so far tell."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...events import Cut, Transposition

__all__ = ["NodeState", "Summary"]

Number = float | int


@dataclass(slots=True)
class NodeState:
    """What the search did at one node, as far as the events replayed so far tell."""

    visited: bool = False
    """Expanded or evaluated (A*, proof-number search: selected)."""
    searched: bool = False
    """Expanded, evaluated or answered by the transposition table: searched again, the
    node starts afresh."""
    order: int = 0
    """Visit number (1 for the root), in the order of expand / evaluate events."""
    value: Number | Fraction | None = None
    """The latest value reported: provisional while open, then what the node returned
    (a :class:`Fraction` where the trace gives it exactly, ``exact``)."""
    alpha0: Number | None = None
    """Alpha on entry."""
    beta0: Number | None = None
    """Beta on entry."""
    alpha: Number | None = None
    """Alpha after the latest update."""
    beta: Number | None = None
    """Beta after the latest update."""
    reason: str | None = None
    """For evaluated nodes: ``terminal`` or ``depth-limit``."""
    cut: Cut | None = None
    """The cut made at this node, if any."""
    pruned_by: str | None = None
    """Id of the parent whose cut skipped this node."""
    best: str | None = None
    """The child giving the provisional value."""
    g: Number | None = None
    """A*: cost of the path from the start (the node's value is f = g + h)."""
    h: Number | None = None
    """A*: heuristic estimate of the cost still to pay."""
    solved: str | None = None
    """AND/OR and proof-number search: ``solved`` or ``unsolvable``."""
    because: tuple[str, ...] = ()
    """AND/OR: the children that decide the node's status."""
    proof: Number | None = None
    """Proof-number search: the latest proof number."""
    disproof: Number | None = None
    """Proof-number search: the latest disproof number."""
    tt: Transposition | None = None
    """The transposition-table hit that answered this node (it was not searched)."""
    returned: bool = False
    """The node's value reached its parent (a backup names it, or the search went on to
    a sibling or above): until then the parent knows nothing from it."""


@dataclass(slots=True)
class Summary:
    """Counts of what happened below a node whose deeper levels were folded away."""

    nodes: int = 0
    """Nodes visited (expanded or evaluated)."""
    cuts: int = 0
    pruned: int = 0
    """Children skipped by those cuts."""

    def add(self, other: Summary) -> None:
        self.nodes += other.nodes
        self.cuts += other.cuts
        self.pruned += other.pruned
