"""The one node body of the reference tier, and the hooks its variants override.

:meth:`AlphaBeta.search` is fail-soft alpha-beta (AIMA's MAX-VALUE / MIN-VALUE as one
loop, the comparison chosen by the player to move), reporting every event through the
run.  Values, alpha and beta are from MAX's point of view.  A variant is a subclass
(or a flag) that overrides what it does differently, and nothing else:

* minimax (two-function): the flag ``window`` off, no window in the events and no cut;
* fail-hard (Pearl 1984, p. 234) and the rule of the slide "Pseudo Codifica Alpha Beta
  Cutoff" (variant ``slide-002``): the flags ``hard`` and ``slide``, read in the loop
  (what the node returns, how a new best moves the window, which test cuts).  The
  slide's code is not alpha-beta, but it visits, reports and cuts nodes as the body
  does; only its window rule and its test differ, so it is two branches here rather
  than a loop of its own;
* negamax, of minimax and of alpha-beta (:class:`Negamax` below): the same search with
  each leaf and backup also scored from the side to move (``leaf``, ``no_moves``,
  ``backup``);
* expectiminimax (``expectiminimax.Plain``) and Star1 (``expectiminimax.Star1``):
  chance nodes searched by their own procedure (``chance``), values that may be exact
  fractions reported as numbers (``expand``, ``backup``, ``cut``); Star1 also checks
  every leaf against its bounds (``leaf``, ``no_moves``);
* the techniques (``techniques.Searcher``): a transposition table (``probe`` before the
  children, ``leave`` after them), children ordered by the previous principal variation,
  the table's move, killers and history (``children``), PVS null windows (``child``).

The notes' list procedure (``minimax._list``) walks an explicit list L of nodes
instead of recursing: a different algorithm, so not a variant of this body.  The fast
tier (``search/fast/``) is the same search with the bookkeeping taken out, for
two-function minimax, fail-soft and fail-hard; its README says how it is kept equal to
this body.
"""

from __future__ import annotations

from typing import Any

from ..events import Backup
from ..games.base import Player
from .common import INF, PV, Run, no_chance
from .ordering import Child

__all__ = ["AlphaBeta", "Negamax"]


class AlphaBeta:
    """Fail-soft alpha-beta over one run; ``hard``: fail-hard; ``slide``: the slide's
    MaxMove / MinMove as it writes them (not alpha-beta: see docs/algorithms.md);
    without ``window``: minimax."""

    hard = False
    """Fail-hard: a node's value is its bound (alpha at MAX, beta at MIN), never outside
    the window."""
    slide = False
    """The slide's rule: a new best *sets* alpha (MAX) or beta (MIN), even a worse one,
    and MaxMove stops when beta > alpha (MinMove when beta < alpha)."""

    window = True
    """Alpha-beta: the window is narrowed, tested and shown in the events.  Without it
    the body is minimax (MAX-VALUE / MIN-VALUE): no window in the events, no cut."""

    def __init__(self, run: Run, *, hard: bool = False, slide: bool = False,
                 window: bool = True) -> None:
        self.run = run
        self.hard = hard
        self.slide = slide
        self.window = window
        self.ge = run.opts.cut_on == "ge"

    # The hooks: what a variant may do differently.  The defaults are alpha-beta's.

    def leaf(self, state: Any, nid: Any, parent: Any, ply: int) -> float | None:
        """Score and report ``state`` if it is a leaf (terminal, or at the depth limit)."""
        return self.run.leaf(state, nid, parent, ply)

    def no_moves(self, state: Any, nid: Any, parent: Any, ply: int) -> float:
        """Score a node that has no moves though the game is not over (deep enough)."""
        return self.run.evaluate(state, nid, parent, ply)

    def chance(self, state: Any, nid: Any, parent: Any, ply: int, alpha: float,
               beta: float) -> tuple[float, PV]:
        """Search a chance node: two-player alpha-beta has none."""
        raise no_chance(self.run.name(state, nid))

    def probe(self, state: Any, nid: Any, ply: int, alpha: float,
              beta: float) -> tuple[Any, float | None]:
        """Before the children: what the node remembers for :meth:`leave` and, when the
        node's value is already known (a transposition table's entry), that value."""
        return None, None

    def children(self, state: Any, nid: Any, player: Player, ply: int, on_pv: bool,
                 memo: Any) -> list[Child]:
        """The children in the order to search them, each with its node key."""
        return self.run.children(state, nid, player, ply)

    def child(self, i: int, state: Any, cid: Any, nid: Any, ply: int, alpha: float,
              beta: float, is_max: bool, memo: Any) -> tuple[float, PV]:
        """Search the ``i``-th child (at ``ply``) in the node's window."""
        return self.search(state, cid, nid, ply, alpha, beta)

    def backup(self, nid: Any, cid: Any, child_value: float, value: float, best: Any,
               alpha: float, beta: float, player: Player) -> None:
        """Report a child's value backed up into the node (the recorder is on)."""
        if self.window:
            self.run.backup(nid, cid, child_value, value, best, alpha, beta)
        else:
            self.run.backup(nid, cid, child_value, value, best)

    def expand(self, nid: Any, parent: Any, ply: int, player: Player, state: Any,
               kids: list[Child], value: float, alpha: float, beta: float) -> None:
        """Report the node opened with its children (the recorder is on)."""
        if self.window:
            self.run.expand(nid, parent, ply, player, state, kids, value, alpha, beta)
        else:
            self.run.expand(nid, parent, ply, player, state, kids, value)

    def cut(self, nid: Any, kind: str, cid: Any, alpha: float, beta: float, value: float,
            pruned: list[Child]) -> None:
        """Report the children left unsearched after child ``cid`` (the recorder is on)."""
        self.run.cut(nid, kind, cid, alpha, beta, value, pruned)

    def leave(self, memo: Any, state: Any, nid: Any, ply: int, value: float, best: int,
              cut: bool, alpha: float, beta: float, is_max: bool) -> None:
        """After the children: ``value`` was found in the node's first window (``alpha``,
        ``beta``), ``best`` is the index of the best child, ``cut`` says whether one
        caused a cut.  Called only when :meth:`probe` remembered something."""

    # The node body.

    def search(self, state: Any, nid: Any, parent: Any, ply: int, alpha: float, beta: float,
               on_pv: bool = False) -> tuple[float, PV]:
        """The value of ``state`` searched in the window (alpha, beta), and its principal
        variation.  ``on_pv``: the node lies on the previous iteration's principal
        variation (iterative deepening searches it first)."""
        leaf = self.leaf(state, nid, parent, ply)
        if leaf is not None:
            return leaf, (nid, None)
        run = self.run
        player = run.game.to_move(state)
        if player is Player.CHANCE:
            return self.chance(state, nid, parent, ply, alpha, beta)
        memo, known = self.probe(state, nid, ply, alpha, beta)
        if known is not None:
            return known, (nid, None)
        kids = self.children(state, nid, player, ply, on_pv, memo)
        if not kids:
            return self.no_moves(state, nid, parent, ply), (nid, None)
        run.opened(ply)
        is_max = player is Player.MAX
        sign = player.sign
        v = -sign * INF
        on = run.on
        hard, slide, ge, window = self.hard, self.slide, self.ge, self.window
        if on:
            self.expand(nid, parent, ply, player, state, kids, v, alpha, beta)
        a0, b0 = alpha, beta
        best: Any = None
        best_i = -1
        best_pv: PV = None
        cut = False
        last = len(kids) - 1
        for i, (child, cid) in enumerate(kids):
            cv, cpv = self.child(i, child, cid, nid, ply + 1, alpha, beta, is_max, memo)
            if sign * cv > sign * v:
                v, best, best_i, best_pv = cv, cid, i, cpv
                if slide:  # the slide's "alpha <- Value(move)": set, not raised
                    alpha, beta = (v, beta) if is_max else (alpha, v)
            if slide:
                pass
            elif is_max:
                if v > alpha:
                    alpha = v
            elif v < beta:
                beta = v
            if on:  # fail-hard's provisional value is its bound (alpha at MAX, beta at MIN)
                self.backup(nid, cid, cv, (alpha if is_max else beta) if hard else v, best,
                            alpha, beta, player)
            if window and ((beta > alpha if is_max else beta < alpha) if slide
                           else alpha >= beta if ge else alpha > beta):
                cut = True
                if hard:
                    v = beta if is_max else alpha
                if i < last:
                    pruned = kids[i + 1:]
                    run.cuts += 1
                    run.pruned += len(pruned)
                    if on:
                        self.cut(nid, "beta" if is_max else "alpha", cid, alpha, beta, v,
                                 pruned)
                break
        else:
            if hard:
                v = alpha if is_max else beta
        if memo is not None:
            self.leave(memo, state, nid, ply, v, best_i, cut, a0, b0, is_max)
        return v, (nid, best_pv)


class Negamax(AlphaBeta):
    """Negamax (Knuth & Moore 1975): the search written from the side to move, scores
    negated and (with a window) the window negated and swapped where the side changes.
    Negating a MIN node's score, and its window (-beta, -alpha), gives back MAX's view
    exactly, so the search is the body's; what negamax adds is each leaf's and each
    backup's ``score``, the value from the side to move.  Minimax's negamax is this
    without the window."""

    def leaf(self, state: Any, nid: Any, parent: Any, ply: int) -> float | None:
        run = self.run
        if run.game.to_move(state) is Player.CHANCE:
            raise no_chance(run.name(state, nid))
        return run.leaf(state, nid, parent, ply, negamax=True)

    def no_moves(self, state: Any, nid: Any, parent: Any, ply: int) -> float:
        return self.run.evaluate(state, nid, parent, ply, negamax=True)

    def backup(self, nid: Any, cid: Any, child_value: float, value: float, best: Any,
               alpha: float, beta: float, player: Player) -> None:
        run = self.run
        window = self.window
        run.emit(Backup(run.next_seq(), nid, cid, child_value, value, best,
                        alpha=alpha if window else None, beta=beta if window else None,
                        score=player.sign * value))
