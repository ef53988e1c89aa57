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

from ..events import Reorder, Transposition
from ..games.base import Player
from .body import AlphaBeta
from .common import INF, PV, Run
from .ordering import Child

__all__ = ["Searcher", "above", "below", "position_key"]

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


class _Memo:
    """What a node's techniques remember from before its children to after them."""

    __slots__ = ("actions", "draft", "names", "on_pv", "pv_key", "saved", "skey")

    def __init__(self, skey: Hashable, draft: int | None) -> None:
        self.skey = skey
        self.draft = draft
        self.names: list[str] | None = None
        self.pv_key: Any = _NO_KEY
        self.on_pv = False
        self.actions: list[Any] = []
        self.saved = False


class Searcher(AlphaBeta):
    """One enhanced search in progress: fail-soft alpha-beta (or PVS) with the techniques'
    memory, through the hooks of the node body (:class:`body.AlphaBeta`)."""

    def __init__(self, run: Run, *, pvs: bool, killer: bool, history: bool,
                 tt: bool) -> None:
        super().__init__(run)
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

    def kids(self, state: Any, nid: Any) -> tuple[list[Child], list[Any]]:
        """The children in the base order (natural, reverse or seeded random), keyed as
        :meth:`Run.children` keys them, so that the same node gets the same id; and the
        action leading to each."""
        game, run = self.game, self.run
        acts = list(game.actions(state))
        if self._reverse:
            acts.reverse()
        if self._random:  # the same per-node generator as Run's random ordering (a
            # shuffle reads only the length, so the actions move as the children would)
            random.Random(f"{run.opts.seed}:{nid}").shuffle(acts)
        if not run.ids:
            kids = [(game.result(state, a), a) for a in acts]
        elif run.named:
            kids = [(c, game.node_id(c)) for a in acts for c in (game.result(state, a),)]
        else:
            prefix = "" if nid == "root" else nid + "/"
            kids = [(game.result(state, a), prefix + game.move_name(state, a)) for a in acts]
        return kids, acts

    def order(self, kids: list[Child], acts: list[Any], state: Any, nid: Any, ply: int,
              on_pv: bool, skey: Hashable
              ) -> tuple[list[Child], list[Any], list[str] | None, Any]:
        """Put the previous principal variation, the table's move and the killers first,
        the rest by history score (stable: ties keep the base order).  Returns the kids,
        their actions, their move names (when a technique needs them) and the PV child's
        key."""
        pv_key = self.pv_keys[ply + 1] if on_pv and ply + 1 < len(self.pv_keys) else _NO_KEY
        tt_act = self.tt_move.get(skey, _NO_KEY) if skey is not None else _NO_KEY
        names = [self.game.move_name(state, a) for a in acts] if self.names else None
        killers = self.killers.get(ply, ()) if self.killer else ()
        history = self.history if self.use_history else None
        if pv_key is _NO_KEY and tt_act is _NO_KEY and not killers and not history:
            return kids, acts, names, pv_key
        ranked: list[tuple[int, int, int, str]] = []
        for i, ((_, key), action) in enumerate(zip(kids, acts, strict=True)):
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
        acts = [acts[i] for _, _, i, _ in ranked]
        if names is not None:
            names = [names[i] for _, _, i, _ in ranked]
        run = self.run
        if run.on and any(why for *_, why in ranked):
            run.emit(Reorder(run.next_seq(), nid, tuple(k for _, k in out),
                             tuple(why for *_, why in ranked),
                             history=tuple(-s for _, s, _, _ in ranked) if history else None))
        return out, acts, names, pv_key

    # the hooks of the node body (body.AlphaBeta.search) -------------------------------

    def leaf(self, state: Any, nid: Any, parent: Any, ply: int) -> float | None:
        value = self.run.leaf(state, nid, parent, ply)
        if value is not None and self.watch and not self.game.is_terminal(state):
            self.cut_off = True
        return value

    def probe(self, state: Any, nid: Any, ply: int, alpha: float,
              beta: float) -> tuple[_Memo, float | None]:
        """Look the position up in the transposition table (the root always searches)."""
        run = self.run
        draft = None if self.limit is None else self.limit - ply
        tt = self.tt
        skey: Hashable = None
        if tt is not None:
            skey = self.key(state)
            entry = tt.get((skey, draft)) if ply > 0 else None
            if entry is not None:
                flag, value, where, deep = entry
                if flag == "exact" or (value >= beta if flag == "lower" else value <= alpha):
                    self.cut_off = self.cut_off or deep
                    if run.on:
                        run.emit(Transposition(run.next_seq(), nid, "hit", flag, value, draft,
                                               stored_at=where))
                    return _Memo(skey, draft), value
        return _Memo(skey, draft), None

    def children(self, state: Any, nid: Any, player: Player, ply: int, on_pv: bool,
                 memo: _Memo) -> list[Child]:
        kids, acts = self.kids(state, nid)
        if not kids:
            return kids
        kids, memo.actions, memo.names, memo.pv_key = self.order(kids, acts, state, nid, ply,
                                                                 on_pv, memo.skey)
        memo.on_pv = on_pv
        # Iterative deepening asks whether this subtree met the depth limit.
        memo.saved, self.cut_off = self.cut_off, False
        return kids

    def child(self, i: int, state: Any, cid: Any, nid: Any, ply: int, alpha: float,
              beta: float, is_max: bool, memo: _Memo) -> tuple[float, PV]:
        on_pv = memo.on_pv and cid == memo.pv_key
        if self.pvs and i > 0 and not self.run.is_leaf(state, ply):
            return self._scout(state, cid, nid, ply, alpha, beta, is_max, on_pv)
        return self.search(state, cid, nid, ply, alpha, beta, on_pv)

    def leave(self, memo: _Memo, state: Any, nid: Any, ply: int, value: float, best: int,
              cut: bool, alpha: float, beta: float, is_max: bool) -> None:
        """Reward the best move, and store the value in the table with its flag."""
        names = memo.names
        if names is not None and best >= 0 and (
                cut or (value > alpha if is_max else value < beta)):
            self._reward(names[best], ply, memo.draft, cut)
        deep, self.cut_off = self.cut_off, memo.saved or self.cut_off
        tt = self.tt
        if tt is not None:
            run = self.run
            flag = "upper" if value <= alpha else "lower" if value >= beta else "exact"
            tt[(memo.skey, memo.draft)] = (flag, value, nid, deep)
            if best >= 0:
                self.tt_move[memo.skey] = memo.actions[best]
            if run.on:
                run.emit(Transposition(run.next_seq(), nid, "store", flag, value, memo.draft,
                                       move=None if names is None or best < 0
                                       else names[best]))

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
