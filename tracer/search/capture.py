"""Triggered capture: record one subtree of a search, or every subtree where a condition
holds, as ordinary traces (``gametrace run --capture PATH``, ``--capture-when COND``).

:class:`PathCapture` gates a run: the search builds no event until it enters the node
the move path reaches, records that node's subtree, and stops building events when it
leaves it; elsewhere it only counts (nodes per ply, and the run's own totals).  A node
searched more than once (iterative deepening, a PVS re-search) is captured as its last
search.  :class:`~.capture_when.WhenCapture` records every event but keeps only those of
the open nodes that may still match, within a byte budget, and hands each subtree that
matches, when its node is left, to a sink.  Both write what :mod:`.subtree` makes of a
subtree: a re-rooted trace whose header says where it was cut from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import UsageError
from ..events import Event
from ..header import Header, Result
from ..record import FULL, Stopped
from ..said import Said, said
from ..trace import Trace
from .capture_when import Classify, SourceOf, WhenCapture
from .subtree import (
    Members,
    captured_trace,
    cut_subtree,
    event_size,
    owner,
    reroot,
    subtree_result,
)
from .switch import Switch

if TYPE_CHECKING:  # the run and the game are annotations here
    from ..games.base import Game
    from .common import Run

__all__ = ["CAPTURED", "Classify", "PathCapture", "SourceOf", "Target", "WhenCapture",
           "check_captured", "cut_subtree", "reroot", "resolve_path", "subtree_result"]

CAPTURED = {"minimax": ("two-function", "negamax"),
            "alphabeta": ("fail-soft", "fail-hard", "negamax", "slide-002"),
            "expectiminimax": ("plain", "star1"),
            "enhanced": ("fail-soft", "pvs", "mtdf")}
"""The searches a capture gates: those that search depth first, one node at a time (the
list procedures and the proof searches do not)."""


def check_captured(algorithm: str, variant: str, *, option: str) -> None:
    """Refuse a search a capture cannot gate, naming those it can."""
    if variant not in CAPTURED.get(algorithm, ()):
        known = "; ".join(f"{a} {', '.join(v)}" for a, v in CAPTURED.items())
        raise UsageError(said("{option} captures a depth-first search ({known}), not "
                              "{algorithm} {variant}", option=option, known=known,
                              algorithm=algorithm, variant=variant))


@dataclass(frozen=True)
class Target:
    """The node a move path reaches from the root."""

    path: tuple[str, ...]
    """The moves, as the game names them."""
    node: str
    """Its node id in the search (a tree's node name, or the move path)."""
    ply: int
    """Its ply (the number of moves)."""
    state: Any
    """Its position."""


def resolve_path(game: Game[Any, Any], state: Any, text: str) -> Target:
    """The node the move path ``text`` reaches from ``state``: moves separated by ``/``
    (``e4/e5/Nf3``, ``B/E``), each as ``move_name`` names it."""
    moves = tuple(m.strip() for m in text.strip().strip("/").split("/"))
    if not text.strip().strip("/") or any(not m for m in moves):
        raise UsageError(said("--capture {text!r}: expected moves separated by '/' (e.g. "
                              "e4/e5 or B/E), at least one", text=text))
    named = game.capabilities.named_nodes
    node = str(game.node_id(state)) if named else "root"
    for i, move in enumerate(moves):
        where: Said | str = said("the root") if i == 0 else "/".join(moves[:i])
        if game.is_terminal(state):
            raise UsageError(said("--capture {text!r}: {where} is a leaf: there is no move "
                                  "{move!r}", text=text, where=where, move=move))
        actions = list(game.actions(state))
        names = [str(game.move_name(state, a)) for a in actions]
        if move not in names:
            from ..choices import nearest

            guess = nearest(move, names)
            there: Said | str = ", ".join(names) or said("none")
            if guess is None:
                raise UsageError(said("--capture {text!r}: no move {move!r} at {where} "
                                      "(moves there: {there})", text=text, move=move,
                                      where=where, there=there))
            raise UsageError(said("--capture {text!r}: no move {move!r} at {where} (moves "
                                  "there: {there}); did you mean {guess!r}?", text=text,
                                  move=move, where=where, there=there, guess=guess))
        child = game.result(state, actions[names.index(move)])
        node = str(game.node_id(child)) if named else (
            move if node == "root" else f"{node}/{move}")
        state = child
    return Target(moves, node, len(moves), state)


class PathCapture(Switch):
    """Records the subtree of one node (its last search), counting everywhere else."""

    def __init__(self, target: Target, *, max_bytes: int | None = None) -> None:
        self.target = target
        self.max_bytes = max_bytes
        self.header: Header | None = None
        self.result: Result | None = None
        self.events: list[Event] = []
        """The subtree's events, as the search numbered them."""
        self.searched = 0
        """How many times the node was searched (the capture is the last)."""
        self.inner: list[int] = []
        """Inner nodes per ply, over the whole search."""
        self.leaves: list[int] = []
        """Leaves per ply, over the whole search."""
        self.stopped: str | None = None
        """Why the capture is incomplete (the search stopped inside it, or it outgrew
        its budget)."""
        self._members = Members(target.node)
        self._grow = self._members.handlers()
        self._inside = False
        self._left = 0
        self._run: Run | None = None

    def attach(self, run: Run) -> None:
        self._run = run
        leaf, opened, scored = run.leaf, run.opened, run.scored
        node, ply0 = self.target.node, self.target.ply
        inner, leaves = self.inner, self.leaves

        def gated_leaf(state: Any, node_id: Any, parent: Any, ply: int, *,
                       negamax: bool = False) -> float | None:
            if ply <= ply0:
                if self._inside:
                    self._leave()
                if ply == ply0 and node_id == node:
                    self._enter()
            return leaf(state, node_id, parent, ply, negamax=negamax)

        def counted_opened(ply: int) -> None:
            opened(ply)
            if ply >= len(inner):
                inner.extend([0] * (ply + 1 - len(inner)))
            inner[ply] += 1

        def counted_scored(ply: int) -> None:
            scored(ply)
            if ply >= len(leaves):
                leaves.extend([0] * (ply + 1 - len(leaves)))
            leaves[ply] += 1

        run.leaf = gated_leaf  # type: ignore[method-assign]
        run.opened = counted_opened  # type: ignore[method-assign]
        run.scored = counted_scored  # type: ignore[method-assign]

    def _enter(self) -> None:
        assert self._run is not None
        self.searched += 1
        self.events = []
        self.stopped = None
        self._members = Members(self.target.node)
        self._grow = self._members.handlers()
        self._left = self.max_bytes if self.max_bytes is not None else -1
        self._inside = True
        self._run.on = True

    def _leave(self) -> None:
        assert self._run is not None
        self._inside = False
        self._run.on = False

    def start(self, header: Header) -> None:
        assert self._run is not None, "a capture records a search's run (attach first)"
        self.header = header
        self._run.on = False

    def emit(self, event: Event) -> None:
        if not self._inside or owner(event) not in self._members.nodes:
            self._leave()  # the node's parent goes on: its subtree is done
            return
        self._grow[event.__class__](event)
        if self.max_bytes is not None:
            self._left -= event_size(event)
            if self._left < 0:
                self.stopped = FULL
                self._leave()
                raise Stopped(FULL)
        self.events.append(event)

    def finish(self, result: Result) -> None:
        if self._inside:
            self._leave()
            if result.stopped is not None:
                self.stopped = result.stopped
        self.result = result

    def counts(self) -> dict[str, Any]:
        """What the whole search did: its result and the nodes at each ply."""
        assert self.result is not None
        plies = max(len(self.inner), len(self.leaves))
        inner = self.inner + [0] * (plies - len(self.inner))
        leaves = self.leaves + [0] * (plies - len(self.leaves))
        return {**self.result.to_json(),
                "depths": [{"depth": d, "inner": i, "leaves": n}
                           for d, (i, n) in enumerate(zip(inner, leaves, strict=True))]}

    def trace(self, source: dict[str, Any] | None) -> Trace:
        """The captured subtree as a trace; ``source``: the header's (None: the whole
        search's)."""
        if self.header is None or self.result is None:
            raise RuntimeError("nothing captured yet: run a search with this recorder")
        target = self.target
        if self.searched == 0:
            from ..errors import TracerError

            raise TracerError(said("the search never reached node {node}: nothing "
                                   "captured", node=target.node))
        return captured_trace(self.header, self.events, node=target.node, ply=target.ply,
                              path=target.path, source=source, stopped=self.stopped,
                              searched=self.searched, search=self.counts())
