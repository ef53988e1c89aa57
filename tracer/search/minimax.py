"""Minimax in the three forms the lectures teach.

* ``two-function``: MAX-VALUE / MIN-VALUE (AIMA; Giochi a Due Avversari).  Written as
  one loop whose comparison is chosen by the player to move, so the two halves
  cannot drift apart; the events are those of the two-function version.
* ``negamax``: MINIMAX(POSITION, DEPTH) of "Giochi a due giocatori", returning value and path;
  the static evaluation scores from the side to move and values are negated on the
  way up (only where the side to move changes, so passes are handled).  A node with
  no successors is treated as deep enough.
* ``list``: "Algoritmo min-MAX" revised to save space: depth first over a list L of nodes
  (space O(b*m)): provisional values -inf / +inf, children pushed at the head of L.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from ..errors import UsageError
from ..events import Backup, Expand
from ..families import MINIMAX_VARIANTS
from ..games.base import Game, Player
from ..limits import NO_LIMITS, Limits
from ..record import NULL, Recorder
from ..said import said
from ..spec import SearchSpec
from ..trace import Result
from . import fast
from .body import AlphaBeta, Negamax
from .common import INF, PV, Run, drive, no_chance, open_search

__all__ = ["MINIMAX_VARIANTS", "minimax", "search_minimax"]


def minimax(game: Game[Any, Any], state: Any = None, *, variant: str = "two-function",
            order: str = "natural", seed: int | None = None, depth: int | None = None,
            limits: Limits = NO_LIMITS, recorder: Recorder = NULL,
            source: dict[str, Any] | None = None) -> Result:
    """Search ``state`` (default: the game's initial state) with plain minimax."""
    spec = SearchSpec(algorithm="minimax", variant=variant, order=order, seed=seed,
                      depth=depth, limits=limits)
    return search_minimax(game, state, spec, recorder, source)


def search_minimax(game: Game[Any, Any], state: Any, spec: SearchSpec, recorder: Recorder,
                   source: dict[str, Any] | None) -> Result:
    """Minimax as ``spec`` (checked when made) asks for it; refused, before anything is
    written, on a tree that leaves leaves unknown (minimax reads every leaf)."""
    unknown = game.capabilities.unknown_leaves
    if unknown and spec.depth is None:
        raise UsageError(said("minimax reads every leaf, and the tree leaves unknown: "
                              "{leaves} (give them values, or search with alpha-beta, "
                              "-a alphabeta, which may prune them)",
                              leaves=", ".join(unknown)))
    variant = spec.shown_variant
    run, state, root, header = open_search(game, state, spec, recorder, source,
                                           quoted_ids=variant == "two-function")

    def body() -> tuple[float, PV]:
        if variant == "list":
            return _list(run, state, root)
        if variant == "negamax":
            return Negamax(run, window=False).search(state, root, None, 0, -INF, INF)
        if run.quoted:  # streaming to a file: the same loop, specialised for speed
            return fast.two_function_lines(run, state)
        if run.bare:  # recording off: the same loop, specialised for speed
            return fast.minimax_bare(run, state)
        return AlphaBeta(run, window=False).search(state, run.root_key, None, 0, -INF, INF)

    return drive(run, header, body)


@dataclass(slots=True, eq=False)
class _Entry:
    """A node on the list L of "Algoritmo min-MAX" (compared by identity)."""

    state: Any
    id: str
    parent: _Entry | None
    ply: int
    player: Player | None = None
    value: float | None = None
    best: _Entry | None = None


def _list(run: Run, state: Any, root_id: str, *, pruning: bool = False) -> tuple[float, PV]:
    """The list procedure of "Algoritmo min-MAX"; with ``pruning``, "Tagli Alfa-Beta"."""
    game = run.game
    ge = run.opts.cut_on == "ge"
    root = _Entry(state, root_id, None, 0)
    todo: deque[_Entry] = deque([root])
    longest = 1
    while True:
        x = todo[0]
        if x.value is not None:
            p = x.parent
            if p is None:  # x is the root and has its value: done
                break
            assert p.value is not None and p.player is not None
            if pruning and _list_cut(run, x, p, ge, todo):
                continue
            sign = p.player.sign
            if sign * x.value > sign * p.value:
                p.value, p.best = x.value, x
            todo.popleft()
            if run.on:
                alpha, beta = _window(p) if pruning else (None, None)
                run.emit(Backup(run.next_seq(), p.id, x.id, x.value, p.value,
                                None if p.best is None else p.best.id, alpha=alpha, beta=beta))
            continue
        player = game.to_move(x.state)
        if player is Player.CHANCE:
            raise no_chance(run.name(x.state, x.id))
        x.player = player
        parent_id = None if x.parent is None else x.parent.id
        # Terminal, or we decide not to expand further: e(x), and x stays in L.
        x.value = run.leaf(x.state, x.id, parent_id, x.ply)
        if x.value is not None:
            continue
        kids = run.children(x.state, x.id, player, x.ply)
        if not kids:
            x.value = run.evaluate(x.state, x.id, parent_id, x.ply)
            continue
        run.opened(x.ply)
        x.value = -player.sign * INF
        if run.on:
            alpha, beta = _window(x) if pruning else (None, None)
            run.emit(Expand(run.next_seq(), x.id, parent_id, x.ply, player.value,
                            tuple(c for _, c in kids), value=x.value, alpha=alpha, beta=beta,
                            label=run.label(x.state)))
        todo.extendleft(_Entry(c, cid, x, x.ply + 1) for c, cid in reversed(kids))
        longest = max(longest, len(todo))
    run.max_list_length = longest
    assert root.value is not None
    pv: list[str] = []
    e: _Entry | None = root
    while e is not None:
        pv.append(e.id)
        e = e.best
    linked: PV = None
    for nid in reversed(pv):
        linked = (nid, linked)
    return root.value, linked


def _window(node: _Entry) -> tuple[float, float]:
    """ALFA and BETA as "Tagli Alfa-Beta" defines them for the children of ``node``.

    ALFA is the best value already backed up into a MAX node on the path from the
    root to ``node`` (included); BETA the lowest backed up into such a MIN node."""
    alpha, beta = -INF, INF
    e: _Entry | None = node
    while e is not None:
        if e.value is not None:
            if e.player is Player.MAX and e.value > alpha:
                alpha = e.value
            elif e.player is Player.MIN and e.value < beta:
                beta = e.value
        e = e.parent
    return alpha, beta


def _list_cut(run: Run, x: _Entry, p: _Entry, ge: bool, todo: deque[_Entry]) -> bool:
    """The test of "Tagli Alfa-Beta": may ``p`` and its descendants be removed from L?"""
    assert x.value is not None and p.player is not None
    grand = p.parent
    if grand is None:
        return False
    alpha, beta = _window(grand)
    vx = x.value
    if p.player is Player.MIN:
        cut = vx <= alpha if ge else vx < alpha
        kind = "alpha"
    else:
        cut = vx >= beta if ge else vx > beta
        kind = "beta"
    if not cut or todo[1] is p:
        # Nothing left to prune: back x up as usual, so that the trace shows p's value
        # (removing p here, as the notes do, would change only p's parent's provisional value).
        return False
    todo.popleft()  # x itself
    pruned: list[str] = []
    while todo[0] is not p:
        pruned.append(todo.popleft().id)
    todo.popleft()  # p: removed with its descendants, its parent is not updated
    run.cuts += 1
    run.pruned += len(pruned)
    if run.on:
        from ..events import Cut

        if p.player is Player.MIN:
            a, b = alpha, min(beta, vx)
        else:
            a, b = max(alpha, vx), beta
        run.emit(Cut(run.next_seq(), p.id, kind, x.id, a, b, vx, tuple(pruned)))
    return True
