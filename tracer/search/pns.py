"""Proof-number search (Allis, van der Meulen and van den Herik 1994; Allis 1994, ch. 2).

A best-first AND/OR proof search.  Every node of the tree built so far carries a
*proof number* (how many leaves must still be proved to prove it) and a *disproof
number* (how many must be disproved to disprove it): 1 / 1 at an unexpanded leaf,
0 / inf at a proved terminal position, inf / 0 at a disproved one.  An OR node (the
prover moves) takes the minimum of its children's proof numbers and the sum of their
disproof numbers; an AND node the sum of the proof numbers and the minimum of the
disproof numbers.  Each iteration walks down from the root to the *most-proving node*
(at an OR node the child with the smallest proof number, at an AND node the one with
the smallest disproof number, the first in search order on ties), expands it, and
updates the numbers of its ancestors, stopping at the first one that does not change.
The search ends when the root is proved (proof number 0) or disproved (disproof 0).

Leaves, OR / AND and the result are as in :mod:`tracer.search.andor`, so the two
searches agree on every finite game.  Events: ``Select(node, number)`` for the
most-proving node of iteration ``number``; ``Expand`` when it is opened; ``Evaluate``
for each terminal child; ``Numbers(node, proof, disproof)`` whenever a node's numbers
are set or change (1 / 1 for each new non-terminal leaf); ``Status`` when a node
becomes proved (``solved``) or disproved (``unsolvable``), with ``because`` as in
:mod:`tracer.search.andor`.
"""

from __future__ import annotations

from typing import Any

from ..events import Expand, Numbers, Select, Status
from ..families import PNS_VARIANTS
from ..games.base import Game, Player
from ..limits import NO_LIMITS, Limits
from ..record import NULL, Recorder
from ..spec import SearchSpec
from ..trace import Result
from .andor import node_kind, prove
from .common import INF, PV, Run

__all__ = ["PNS_VARIANTS", "proof_number_search", "search_proof_numbers"]


class _Node:
    """A node of the tree PNS keeps in memory."""

    __slots__ = ("children", "disproof", "id", "is_or", "parent", "player", "ply", "proof",
                 "state")

    def __init__(self, state: Any, nid: Any, parent: _Node | None, ply: int) -> None:
        self.state = state
        self.id = nid
        self.parent = parent
        self.ply = ply
        self.player = Player.MAX
        self.is_or = True
        self.proof: float = 1
        self.disproof: float = 1
        self.children: list[_Node] = []


def proof_number_search(game: Game[Any, Any], state: Any = None, *, variant: str = "pns",
                        prover: str = "max", order: str = "natural", seed: int | None = None,
                        depth: int | None = None, limits: Limits = NO_LIMITS,
                        recorder: Recorder = NULL,
                        source: dict[str, Any] | None = None) -> Result:
    """Prove (or disprove) a win for ``prover`` from ``state`` by proof-number search."""
    spec = SearchSpec(algorithm="pns", variant=variant, prover=prover, order=order,
                      seed=seed, depth=depth, limits=limits)
    return search_proof_numbers(game, state, spec, recorder, source)


def search_proof_numbers(game: Game[Any, Any], state: Any, spec: SearchSpec,
                         recorder: Recorder, source: dict[str, Any] | None) -> Result:
    """Proof-number search as ``spec`` (checked when made) asks for it."""
    return prove(game, state, spec, recorder, source,
                 lambda run, root_state, root, side: _search(
                     run, _Node(root_state, root, None, 0), side))


def _search(run: Run, root: _Node, prover: Player) -> tuple[bool, PV]:
    _set_leaf(run, root, prover)
    number = 0
    while root.proof != 0 and root.disproof != 0:
        number += 1
        node = _most_proving(root)
        if run.on:
            run.emit(Select(run.next_seq(), node.id, number, label=run.label(node.state)))
        _expand(run, node, prover)
        _update_ancestors(run, node)
    return root.proof == 0, _line(root)


def _set_leaf(run: Run, node: _Node, prover: Player) -> None:
    """Numbers of a new node: 0/inf or inf/0 when terminal (it is evaluated), else 1/1."""
    game = run.game
    node.player = game.to_move(node.state)
    node.is_or = node_kind(run, node.state, node.player, prover, node.id) == "or"
    parent = None if node.parent is None else node.parent.id
    value = run.leaf(node.state, node.id, parent, node.ply)
    if value is not None:
        proved = prover.sign * value > 0
        node.proof, node.disproof = (0, INF) if proved else (INF, 0)
        if run.on:
            run.emit(Numbers(run.next_seq(), node.id, node.proof, node.disproof))
            run.emit(Status(run.next_seq(), node.id, "solved" if proved else "unsolvable", ()))
    elif run.on:
        run.emit(Numbers(run.next_seq(), node.id, node.proof, node.disproof))


def _most_proving(node: _Node) -> _Node:
    while node.children:
        # min() keeps the first of equal children: ties go to the search order.
        if node.is_or:
            node = min(node.children, key=lambda c: c.proof)
        else:
            node = min(node.children, key=lambda c: c.disproof)
    return node


def _expand(run: Run, node: _Node, prover: Player) -> None:
    kids = run.children(node.state, node.id, node.player, node.ply)
    if not kids:
        # No moves though the game is not over: scored by its static value, as the
        # depth-first search does (the lectures' "deep enough").
        parent = None if node.parent is None else node.parent.id
        value = run.evaluate(node.state, node.id, parent, node.ply)
        node.proof, node.disproof = (0, INF) if prover.sign * value > 0 else (INF, 0)
        return
    run.opened(node.ply)
    run.charge(len(kids))  # every child is kept in memory till the end: a budget too
    if run.on:
        run.emit(Expand(run.next_seq(), node.id, None if node.parent is None else node.parent.id,
                        node.ply, node.player.value, tuple(c for _, c in kids),
                        label=run.label(node.state)))
    for state, cid in kids:
        child = _Node(state, cid, node, node.ply + 1)
        node.children.append(child)
        _set_leaf(run, child, prover)


def _update_ancestors(run: Run, node: _Node) -> None:
    """Recompute the numbers from ``node`` up; stop at the first that does not change."""
    current: _Node | None = node
    first = True
    while current is not None:
        kids = current.children
        if kids:
            proofs = [c.proof for c in kids]
            disproofs = [c.disproof for c in kids]
            if current.is_or:
                proof, disproof = min(proofs), sum(disproofs)
            else:
                proof, disproof = sum(proofs), min(disproofs)
        else:
            proof, disproof = current.proof, current.disproof
        if not first and (proof, disproof) == (current.proof, current.disproof):
            return
        first = False
        if (proof, disproof) != (current.proof, current.disproof) or not kids:
            current.proof, current.disproof = proof, disproof
            if run.on:
                run.emit(Numbers(run.next_seq(), current.id, proof, disproof))
        if run.on and (proof == 0 or disproof == 0):
            kind = None if not kids else "or" if current.is_or else "and"
            run.emit(Status(run.next_seq(), current.id, "solved" if proof == 0 else "unsolvable",
                            _because(current), kind))
        current = current.parent


def _because(node: _Node) -> tuple[Any, ...]:
    """The children that decide a proved or disproved node (as in the AND/OR search)."""
    kids = node.children
    if not kids:
        return ()
    if node.proof == 0 and node.is_or:
        return (next(c.id for c in kids if c.proof == 0),)
    if node.disproof == 0 and not node.is_or:
        return (next(c.id for c in kids if c.disproof == 0),)
    return tuple(c.id for c in kids)


def _line(root: _Node) -> PV:
    """One line of the solution (or refutation) tree: the first deciding child each time.

    Below a decided node the first deciding child is decided the same way, so the line
    stays inside the solution tree down to a terminal position."""
    path = [root.id]
    node = root
    while node.children and (node.proof == 0 or node.disproof == 0):
        first = _because(node)[0]
        node = next(c for c in node.children if c.id == first)
        path.append(node.id)
    linked: PV = None
    for nid in reversed(path):
        linked = (nid, linked)
    return linked
