"""Depth-first AND/OR proof search ("Giochi a due giocatori": proving W(X) by problem reduction).

To prove that the *prover* (MAX, Più, by default) wins from X: at a node where the
prover moves it is enough to prove one successor (an OR node); where the opponent
moves, every successor must be proved (an AND node).  The search goes depth first,
children in the search order, and stops at an OR node at its first solved child and
at an AND node at its first unsolvable child.  A terminal position is solved when its
utility is a win for the prover: value > 0 for MAX, < 0 for MIN.  A draw (0) proves
nothing for either side, so on a game with draws "unsolvable" means only that the
prover cannot force a win.

Events: ``Expand`` for inner nodes, ``Evaluate`` for terminal positions, then a
``Status`` for every node searched, after its children: ``solved`` or ``unsolvable``,
``because`` the children that decide it (the solved child of an OR node, all children
of an AND node; all children of an unsolvable OR node, the unsolvable child of an
unsolvable AND node), ``kind`` ``or`` / ``and``.  Children left unsearched once a node
is decided get no event at all; the result counts them in ``children_pruned`` and
each early stop in ``cuts``.  :func:`solution_tree` rebuilds the solution (or the
refutation) from the Status events of a trace, for renderers to highlight.

The result is from MAX's point of view: ``value`` +1 when the search shows that MAX
wins (MAX proved, or MIN's proof failed), -1 when it shows that MIN wins (on a game
with draws: that the prover cannot force a win).  ``move`` is the root mover's
deciding move: the prover's winning move at a solved OR root, the opponent's refuting
move at an unsolvable AND root, else ``None``.  ``pv`` is one line of the solution
(or refutation) tree: it follows the first child in each ``because``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..errors import UsageError
from ..events import Event, Expand, Status
from ..families import ANDOR_VARIANTS, PROVERS
from ..games.base import Game, Player
from ..limits import NO_LIMITS, Limits
from ..record import NULL, Recorder
from ..said import said
from ..spec import SearchSpec
from ..trace import Result, Trace
from ..visit import EventVisitor
from .common import PV, Run, drive, open_search
from .expectiminimax import node_name

__all__ = ["ANDOR_VARIANTS", "PROVERS", "and_or", "prove", "search_and_or",
           "solution_tree"]

ProofBody = Callable[[Run, Any, Any, Player], tuple[bool, PV]]
"""A proof search's body: (run, root state, root id, prover) -> (solved, pv)."""


def and_or(game: Game[Any, Any], state: Any = None, *, variant: str = "dfs",
           prover: str = "max", order: str = "natural", seed: int | None = None,
           depth: int | None = None, limits: Limits = NO_LIMITS, recorder: Recorder = NULL,
           source: dict[str, Any] | None = None) -> Result:
    """Prove (or refute) a win for ``prover`` from ``state`` (default: the initial state)."""
    spec = SearchSpec(algorithm="andor", variant=variant, prover=prover, order=order,
                      seed=seed, depth=depth, limits=limits)
    return search_and_or(game, state, spec, recorder, source)


def search_and_or(game: Game[Any, Any], state: Any, spec: SearchSpec, recorder: Recorder,
                  source: dict[str, Any] | None) -> Result:
    """The depth-first AND/OR search as ``spec`` (checked when made) asks for it."""
    return prove(game, state, spec, recorder, source,
                 lambda run, root_state, root, side: _prove(run, root_state, root, None, 0,
                                                            side))


def prove(game: Game[Any, Any], state: Any, spec: SearchSpec, recorder: Recorder,
          source: dict[str, Any] | None, body: ProofBody) -> Result:
    """Run a proof search's ``body`` (AND/OR, proof numbers): its header names the
    prover; its value is MAX's view and its move the root mover's deciding move."""
    side = Player(spec.prover or "max")
    run, state, root, header = open_search(game, state, spec, recorder, source,
                                           prover=side.value)
    root_player = game.to_move(state)

    def result(solved: bool, pv: PV) -> Result:
        done = run.result(side.sign if solved else -side.sign, pv)
        deciding = solved == (root_player is side)
        return done if deciding else replace(done, move=None)

    return drive(run, header, lambda: body(run, state, root, side), finish=result)


def no_chance_proof(node_id: Any) -> UsageError:
    return UsageError(said("node {node} is a chance node: AND/OR and proof-number search "
                           "need a game without chance (use expectiminimax)", node=node_id))


def node_kind(run: Run, state: Any, player: Player, prover: Player, nid: Any) -> str:
    """``or`` where the prover moves, ``and`` where the opponent does."""
    if player is Player.CHANCE:
        raise no_chance_proof(node_name(run, state, nid))
    return "or" if player is prover else "and"


def _prove(run: Run, state: Any, nid: Any, parent: Any, ply: int,
           prover: Player) -> tuple[bool, PV]:
    value = run.leaf(state, nid, parent, ply)
    player = run.game.to_move(state)
    kids = [] if value is not None else run.children(state, nid, player, ply)
    if not kids:
        if value is None:  # no moves though not over: the lectures' "deep enough"
            value = run.evaluate(state, nid, parent, ply)
        solved = prover.sign * value > 0
        if run.on:
            run.emit(Status(run.next_seq(), nid, "solved" if solved else "unsolvable", ()))
        return solved, (nid, None)
    is_or = node_kind(run, state, player, prover, nid) == "or"
    kind = "or" if is_or else "and"
    run.opened(ply)
    if run.on:
        run.emit(Expand(run.next_seq(), nid, parent, ply, player.value,
                        tuple(c for _, c in kids), label=run.label(state)))
    first_pv: PV = None
    for i, (child, cid) in enumerate(kids):
        ok, cpv = _prove(run, child, cid, nid, ply + 1, prover)
        if i == 0:
            first_pv = cpv
        # A solved child decides an OR node, an unsolvable child an AND node.
        if ok == is_or:
            skipped = len(kids) - 1 - i
            if skipped:
                run.cuts += 1
                run.pruned += skipped
            if run.on:
                run.emit(Status(run.next_seq(), nid, "solved" if ok else "unsolvable",
                                (cid,), kind))
            return ok, (nid, cpv)
    # No child decided it: every child of an OR node failed, every AND child held.
    if run.on:
        run.emit(Status(run.next_seq(), nid, "unsolvable" if is_or else "solved",
                        tuple(c for _, c in kids), kind))
    return not is_or, (nid, first_pv)


def solution_tree(trace: Trace) -> dict[str, tuple[str, ...]]:
    """The solution graph of a proof trace (AND/OR or proof-number search).

    Maps each node of the solution tree to its children in it: one child for an OR
    node, all children for an AND node, none for a terminal position.  When the root
    is unsolvable the same walk gives the refutation tree (every child of an OR node,
    the refuting child of an AND node).  Built from the trace's Status events only;
    empty when the root has no Status (a search stopped by a budget)."""
    statuses = _Because()
    statuses.walk(trace.events)
    because = statuses.because
    out: dict[str, tuple[str, ...]] = {}
    todo = [trace.header.root] if trace.header.root in because else []
    while todo:
        node = todo.pop()
        if node in out:
            continue
        kids = because.get(node, ())
        out[node] = kids
        todo.extend(reversed(kids))
    return out


class _Because(EventVisitor[None]):
    """The children each node's last status was decided by."""

    def __init__(self) -> None:
        self.because: dict[str, tuple[str, ...]] = {}

    def visit_status(self, event: Status) -> None:
        self.because[event.node] = event.because

    def visit_event(self, event: Event) -> None:
        pass
