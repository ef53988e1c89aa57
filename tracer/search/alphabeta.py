"""Alpha-beta pruning in the four forms the lectures teach.

* ``fail-soft`` (AIMA; "Giochi a Due Avversari"): MAX-VALUE / MIN-VALUE keep the best value v
  and return it as soon as v >= beta (MAX) or v <= alpha (MIN); the value returned
  after a cut is v, which may lie outside the window.
* ``fail-hard`` (Pearl 1984, p. 234; the notes "Giochi a due giocatori", "Algoritmo
  Minimax con potatura alfa-beta" and "Teoria dei giochi"): AB(n; alpha, beta)
  keeps alpha at MAX and beta at MIN; MAX returns beta when alpha >= beta, MIN
  returns alpha when beta <= alpha, so values never leave the window.
* ``negamax``: fail-soft alpha-beta with one side-to-move score and the window
  negated and swapped at each change of side (Knuth & Moore 1975).
* ``list``: the list procedure of "Tagli Alfa-Beta" with its ALFA / BETA tests on ancestors.
* ``slide-002``: MaxMove / MinMove exactly as "Giochi a Due Avversari" writes them, to
  show what that code does: a new best sets alpha (MAX) or beta (MIN) to its value,
  even a worse one, and MaxMove returns when ``beta > alpha`` (the inverted test),
  MinMove when ``beta < alpha``.  Not alpha-beta: see docs/algorithms.md.

All report values, alpha and beta from MAX's point of view.  The cut test is a
convention: ``cut_on="ge"`` cuts when alpha >= beta (the textbooks), ``"gt"`` only
when alpha > beta.
"""

from __future__ import annotations

from typing import Any

from ..events import Backup, Cut, Expand
from ..games.base import Game, Player
from ..record import NULL, Recorder
from ..trace import Result
from . import fast
from .common import (
    INF,
    NO_LIMITS,
    PV,
    Limits,
    Run,
    SearchOptions,
    choose,
    drive,
    no_chance,
)
from .minimax import _list

__all__ = ["ALPHABETA_VARIANTS", "alpha_beta"]

ALPHABETA_VARIANTS = ("fail-soft", "fail-hard", "negamax", "list", "slide-002")


def alpha_beta(game: Game[Any, Any], state: Any = None, *, variant: str = "fail-soft",
               order: str = "natural", seed: int | None = None, depth: int | None = None,
               cut_on: str = "ge", limits: Limits = NO_LIMITS, recorder: Recorder = NULL,
               source: dict[str, Any] | None = None) -> Result:
    """Search ``state`` (default: the game's initial state) with alpha-beta pruning,
    starting from the window (-inf, +inf)."""
    choose("alpha-beta variant", variant, ALPHABETA_VARIANTS)
    opts = SearchOptions(order=order, seed=seed, depth=depth, cut_on=cut_on)
    if state is None:
        state = game.initial_state()
    run = Run(game, recorder, opts, limits,
              quoted_ids=variant in ("fail-soft", "fail-hard", "slide-002"))
    root = run.root_id(state)
    header = run.header("alphabeta", variant, root, source,
                        {"root_player": game.to_move(state).value})

    def body() -> tuple[float, PV]:
        if variant == "list":
            return _list(run, state, root, pruning=True)
        if variant == "negamax":
            score, pv = _negamax(run, state, root, None, 0, -INF, INF)
            return game.to_move(state).sign * score, pv
        hard, slide = variant == "fail-hard", variant == "slide-002"
        if run.bare and not slide:  # recording off: the same loop, specialised for speed
            return fast.alpha_beta_bare(run, state, hard)
        if run.quoted and not slide:  # streaming to a file: the same loop, specialised
            return fast.alpha_beta_lines(run, state, hard)
        return _ab(run, state, run.root_key, None, 0, -INF, INF, hard, slide)

    return drive(run, header, body)


def _ab(run: Run, state: Any, nid: Any, parent: Any, ply: int,
        alpha: float, beta: float, hard: bool, slide: bool = False) -> tuple[float, PV]:
    leaf = run.leaf(state, nid, parent, ply)
    if leaf is not None:
        return leaf, (nid, None)
    player = run.game.to_move(state)
    if player is Player.CHANCE:
        raise no_chance(run.name(state, nid))
    kids = run.children(state, nid, player, ply)
    if not kids:
        return run.evaluate(state, nid, parent, ply), (nid, None)
    run.opened(ply)
    is_max = player is Player.MAX
    sign = player.sign
    v = -sign * INF
    on = run.on
    if on:
        run.expand(nid, parent, ply, player, state, kids, v, alpha, beta)
    ge = run.opts.cut_on == "ge"
    best: Any = None
    best_pv: PV = None
    last = len(kids) - 1
    for i, (child, cid) in enumerate(kids):
        cv, cpv = _ab(run, child, cid, nid, ply + 1, alpha, beta, hard, slide)
        if sign * cv > sign * v:
            v, best, best_pv = cv, cid, cpv
            if slide:  # the slide's "alpha <- Value(move)": set, not raised
                alpha, beta = (v, beta) if is_max else (alpha, v)
        if slide:
            pass
        elif is_max:
            if v > alpha:
                alpha = v
        elif v < beta:
            beta = v
        # Fail-hard's provisional value is its bound (alpha at MAX, beta at MIN).
        shown = (alpha if is_max else beta) if hard else v
        if on:
            run.backup(nid, cid, cv, shown, best, alpha, beta)
        if ((beta > alpha if is_max else beta < alpha) if slide
                else alpha >= beta if ge else alpha > beta):
            ret = (beta if is_max else alpha) if hard else v
            if i < last:
                pruned = kids[i + 1:]
                run.cuts += 1
                run.pruned += len(pruned)
                if on:
                    run.cut(nid, "beta" if is_max else "alpha", cid, alpha, beta, ret, pruned)
            return ret, (nid, best_pv)
    return (alpha if is_max else beta) if hard else v, (nid, best_pv)


def _negamax(run: Run, state: Any, nid: Any, parent: Any, ply: int,
             a: float, b: float) -> tuple[float, PV]:
    """Fail-soft negamax; ``a``, ``b`` and the returned score are from the side to move."""
    game = run.game
    player = game.to_move(state)
    if player is Player.CHANCE:
        raise no_chance(run.name(state, nid))
    sign = player.sign
    leaf = run.leaf(state, nid, parent, ply, negamax=True)
    if leaf is not None:
        return sign * leaf, (nid, None)
    kids = run.children(state, nid, player, ply)
    if not kids:
        return sign * run.evaluate(state, nid, parent, ply, negamax=True), (nid, None)
    run.opened(ply)
    is_max = player is Player.MAX
    if run.on:
        lo, hi = (a, b) if is_max else (-b, -a)
        run.emit(Expand(run.next_seq(), nid, parent, ply, player.value,
                        tuple(c for _, c in kids), value=-sign * INF, alpha=lo, beta=hi,
                        label=run.label(state)))
    ge = run.opts.cut_on == "ge"
    best = -INF
    best_id: Any = None
    best_pv: PV = None
    last = len(kids) - 1
    for i, (child, cid) in enumerate(kids):
        # The window is negated and swapped only where the side to move changes.
        if game.to_move(child).sign == sign:
            score, cpv = _negamax(run, child, cid, nid, ply + 1, a, b)
        else:
            child_score, cpv = _negamax(run, child, cid, nid, ply + 1, -b, -a)
            score = -child_score
        if score > best:
            best, best_id, best_pv = score, cid, cpv
        if best > a:
            a = best
        if run.on:
            lo, hi = (a, b) if is_max else (-b, -a)
            run.emit(Backup(run.next_seq(), nid, cid, sign * score, sign * best, best_id,
                            alpha=lo, beta=hi, score=best))
        if a >= b if ge else a > b:
            if i < last:
                pruned = kids[i + 1:]
                run.cuts += 1
                run.pruned += len(pruned)
                if run.on:
                    lo, hi = (a, b) if is_max else (-b, -a)
                    run.emit(Cut(run.next_seq(), nid, "beta" if is_max else "alpha", cid,
                                 lo, hi, sign * best, tuple(c for _, c in pruned)))
            return best, (nid, best_pv)
    return best, (nid, best_pv)
