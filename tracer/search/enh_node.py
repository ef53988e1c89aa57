"""The node search of the ``enhanced`` family: fail-soft alpha-beta or principal variation
search, with the move-ordering techniques' tables (see :mod:`tracer.search.enhanced`).

One loop serves MAX and MIN nodes, the comparison chosen by the player to move; values,
alpha and beta are from MAX's point of view, as in every trace.  Events are built only
when the recorder is on.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from typing import Any

from ..events import Backup, Cut, Expand, Reorder, Transposition
from ..games.base import Player
from .common import INF, PV, Run, no_chance

__all__ = ["Searcher", "above", "below", "position_key"]

Kid = tuple[Any, Any, Any]
"""A child state, its key (node id, or the action when ids are not needed), its action."""
Entry = tuple[str, float, str, bool]
"""A table entry: flag, value (MAX's view), the node that stored it, and whether its
subtree met the depth limit (iterative deepening to the end of the game needs to know)."""

_NO_KEY = object()
_NO_BOUND = 1 << 62


def above(x: float) -> float:
    """The upper end of a null window above ``x``: ``x + 1`` (integer-valued games, as
    NegaScout and MTD(f) are written), or the next float where ``x + 1`` is ``x`` (inf)."""
    y = x + 1
    return y if y > x else math.nextafter(x, INF)


def below(x: float) -> float:
    """The lower end of a null window below ``x`` (see :func:`above`)."""
    y = x - 1
    return y if y < x else math.nextafter(x, -INF)


def position_key(run: Run) -> Callable[[Any], Hashable]:
    """How the transposition table names a position: the node id of an explicit tree
    (each node is its own position), else the game's picture of the board plus the side
    to move (``describe`` shows every piece; the side to move is not always on it)."""
    game = run.game
    if run.named:
        return game.node_id
    describe, to_move = game.describe, game.to_move
    return lambda state: (describe(state), to_move(state))


class Searcher:
    """One enhanced search in progress: the node search and the techniques' memory."""

    def __init__(self, run: Run, *, pvs: bool, killer: bool, history: bool,
                 tt: bool) -> None:
        self.run = run
        self.game = run.game
        self.pvs = pvs
        self.killer = killer
        self.use_history = history
        self.tt: dict[tuple[Hashable, int | None], Entry] | None = {} if tt else None
        self.tt_move: dict[Hashable, Any] = {}
        """Best action found at each position (any draft): searched first when it returns."""
        self.key = position_key(run)
        self.killers: dict[int, list[str]] = {}
        """Per ply, the last two moves that caused a cut there, the latest first."""
        self.history: dict[str, int] = {}
        """Per move name, the sum of draft squared over the cuts and best moves it made."""
        self.pv_keys: tuple[Any, ...] = ()
        """The previous iteration's principal variation (keys), searched first."""
        self.limit: int | None = run.depth_limit
        self.watch = False
        """Iterative deepening: note whether a leaf was scored at the depth limit."""
        self.cut_off = False
        self.names = killer or history or (tt and run.on)
        order = run.opts.order
        self._reverse, self._random = order == "reverse", order == "random"

    def set_depth(self, limit: int | None) -> None:
        self.limit = limit
        # Run's own leaf test reads the limit; iterative deepening moves it each iteration.
        self.run.depth_cap = _NO_BOUND if limit is None else limit

    # children ---------------------------------------------------------------------------

    def children(self, state: Any, nid: Any) -> list[Kid]:
        """The children in the base order (natural, reverse or seeded random), keyed as
        :meth:`Run.children` keys them, so that the same node gets the same id."""
        game, run = self.game, self.run
        acts = list(game.actions(state))
        if self._reverse:
            acts.reverse()
        if not run.ids:
            kids = [(game.result(state, a), a, a) for a in acts]
        elif run.named:
            kids = [(c, game.node_id(c), a) for a in acts for c in (game.result(state, a),)]
        else:
            prefix = "" if nid == "root" else nid + "/"
            kids = [(game.result(state, a), prefix + game.move_name(state, a), a) for a in acts]
        if self._random:  # the same per-node generator as Run's random ordering
            random.Random(f"{run.opts.seed}:{nid}").shuffle(kids)
        return kids

    def order(self, kids: list[Kid], state: Any, nid: Any, ply: int, on_pv: bool,
              skey: Hashable) -> tuple[list[Kid], list[str] | None, Any]:
        """Put the previous principal variation, the table's move and the killers first,
        the rest by history score (stable: ties keep the base order).  Returns the kids,
        their move names (when a technique needs them) and the PV child's key."""
        pv_key = self.pv_keys[ply + 1] if on_pv and ply + 1 < len(self.pv_keys) else _NO_KEY
        tt_act = self.tt_move.get(skey, _NO_KEY) if skey is not None else _NO_KEY
        names = ([self.game.move_name(state, a) for _, _, a in kids] if self.names else None)
        killers = self.killers.get(ply, ()) if self.killer else ()
        history = self.history if self.use_history else None
        if pv_key is _NO_KEY and tt_act is _NO_KEY and not killers and not history:
            return kids, names, pv_key
        ranked: list[tuple[int, int, int, str]] = []
        for i, (_, key, action) in enumerate(kids):
            name = names[i] if names is not None else ""
            score = history.get(name, 0) if history else 0
            if key == pv_key:
                rank, why = 0, "pv"
            elif action == tt_act:
                rank, why = 1, "tt"
            elif name in killers:
                rank, why = 2 + killers.index(name), "killer"
            else:
                rank, why = 4, "history" if score > 0 else ""
            ranked.append((rank, -score, i, why))
        ranked.sort()
        out = [kids[i] for _, _, i, _ in ranked]
        if names is not None:
            names = [names[i] for _, _, i, _ in ranked]
        run = self.run
        if run.on and any(why for *_, why in ranked):
            run.emit(Reorder(run.next_seq(), nid, tuple(k for _, k, _ in out),
                             tuple(why for *_, why in ranked),
                             history=tuple(-s for _, s, _, _ in ranked) if history else None))
        return out, names, pv_key

    # the node search --------------------------------------------------------------------

    def search(self, state: Any, nid: Any, parent: Any, ply: int, alpha: float, beta: float,
               on_pv: bool) -> tuple[float, PV]:
        """Fail-soft alpha-beta (or PVS) below ``state`` in the window (alpha, beta)."""
        run = self.run
        leaf = run.leaf(state, nid, parent, ply)
        if leaf is not None:
            if self.watch and not self.game.is_terminal(state):
                self.cut_off = True
            return leaf, (nid, None)
        player = self.game.to_move(state)
        if player is Player.CHANCE:
            raise no_chance(run.name(state, nid))
        draft = None if self.limit is None else self.limit - ply
        tt = self.tt
        skey: Hashable = None
        if tt is not None:
            skey = self.key(state)
            entry = tt.get((skey, draft)) if ply > 0 else None  # the root always searches
            if entry is not None:
                flag, value, where, deep = entry
                if flag == "exact" or (value >= beta if flag == "lower" else value <= alpha):
                    self.cut_off = self.cut_off or deep
                    if run.on:
                        run.emit(Transposition(run.next_seq(), nid, "hit", flag, value, draft,
                                               stored_at=where))
                    return value, (nid, None)
        kids = self.children(state, nid)
        if not kids:
            return run.evaluate(state, nid, parent, ply), (nid, None)
        kids, names, pv_key = self.order(kids, state, nid, ply, on_pv, skey)
        run.opened(ply)
        saved, self.cut_off = self.cut_off, False
        is_max = player is Player.MAX
        sign = player.sign
        v = -sign * INF
        if run.on:
            run.emit(Expand(run.next_seq(), nid, parent, ply, player.value,
                            tuple(k for _, k, _ in kids), value=v, alpha=alpha, beta=beta,
                            label=run.label(state)))
        a0, b0 = alpha, beta
        best: Any = None
        best_i = -1
        best_pv: PV = None
        cut = False
        last = len(kids) - 1
        for i, (child, key, _) in enumerate(kids):
            child_on_pv = on_pv and key == pv_key
            if self.pvs and i > 0 and not run.is_leaf(child, ply + 1):
                cv, cpv = self._scout(child, key, nid, ply + 1, alpha, beta, is_max,
                                      child_on_pv)
            else:
                cv, cpv = self.search(child, key, nid, ply + 1, alpha, beta, child_on_pv)
            if sign * cv > sign * v:
                v, best, best_i, best_pv = cv, key, i, cpv
            if is_max:
                if v > alpha:
                    alpha = v
            elif v < beta:
                beta = v
            if run.on:
                run.emit(Backup(run.next_seq(), nid, key, cv, v, best, alpha=alpha, beta=beta))
            if alpha >= beta:
                if i < last:
                    pruned = kids[i + 1:]
                    run.cuts += 1
                    run.pruned += len(pruned)
                    if run.on:
                        run.emit(Cut(run.next_seq(), nid, "beta" if is_max else "alpha", key,
                                     alpha, beta, v, tuple(k for _, k, _ in pruned)))
                cut = True
                break
        if names is not None and best_i >= 0 and (cut or sign * v > sign * (a0 if is_max else b0)):
            self._reward(names[best_i], ply, draft, cut)
        deep, self.cut_off = self.cut_off, saved or self.cut_off
        if tt is not None:
            flag = "upper" if v <= a0 else "lower" if v >= b0 else "exact"
            tt[(skey, draft)] = (flag, v, nid, deep)
            if best_i >= 0:
                self.tt_move[skey] = kids[best_i][2]
            if run.on:
                run.emit(Transposition(run.next_seq(), nid, "store", flag, v, draft,
                                       move=None if names is None or best_i < 0
                                       else names[best_i]))
        return v, (nid, best_pv)

    def _scout(self, child: Any, key: Any, nid: Any, ply: int, alpha: float, beta: float,
               is_max: bool, on_pv: bool) -> tuple[float, PV]:
        """PVS / NegaScout (Marsland & Campbell 1982; Reinefeld 1983): test with a null
        window whether the child beats the best so far; search it again with the full
        window only if it does (and does not already cause a cut)."""
        lo, hi = (alpha, above(alpha)) if is_max else (below(beta), beta)
        if hi >= beta and lo <= alpha:  # the window is no wider than a null window
            return self.search(child, key, nid, ply, alpha, beta, on_pv)
        cv, cpv = self.search(child, key, nid, ply, lo, hi, on_pv)
        # A value strictly inside the null window is exact (non-integer values).
        better = hi <= cv < beta if is_max else alpha < cv <= lo
        if better:
            return self.search(child, key, nid, ply, alpha, beta, on_pv)
        return cv, cpv

    def _reward(self, name: str, ply: int, draft: int | None, cut: bool) -> None:
        """Killer moves remember cuts per ply; the history heuristic scores a move by the
        depth of the subtrees it settled (draft squared; 1 without a depth limit)."""
        if self.killer and cut:
            slots = self.killers.setdefault(ply, [])
            if not slots or slots[0] != name:
                slots.insert(0, name)
                del slots[2:]
        if self.use_history:
            weight = 1 if draft is None else draft * draft
            self.history[name] = self.history.get(name, 0) + weight
