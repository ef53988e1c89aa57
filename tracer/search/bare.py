"""Minimax and alpha-beta with recording off: the general loops, specialised for speed.

With the null recorder and an ordering that only reads the game's own move order
(natural or reverse), the general loops (``minimax._two_function``, ``alphabeta._ab``)
spend most of each node in bookkeeping: a method call to ask whether the node is a
leaf, another to list its children as (state, key) pairs, another to count it, and
two tuples to return.  These copies do the same search with the game's methods held
in local variables, children made one at a time, the counters in local variables
(handed back to the run at every budget check and when the search ends) and one
tuple per returned node.  Full tic-tac-toe minimax runs in about half the time.

They run only where they are exactly the general loops (``Run.bare``); the property
tests (tests/search/test_bare.py) check on random games, depth limits, budgets and
every built-in game that they return the general loops' values, principal variations
and counts, and that they are the loops that run.
"""

from __future__ import annotations

from typing import Any

from ..games.base import Player
from .common import INF, PV, Run

__all__ = ["alpha_beta_bare", "minimax_bare"]

_MAX, _CHANCE = Player.MAX, Player.CHANCE


def _no_chance(run: Run, state: Any, key: Any) -> Exception:
    from .common import no_chance

    return no_chance(run.name(state, key))  # by its id, as the general loops say it


def minimax_bare(run: Run, state: Any) -> tuple[float, PV]:
    """MAX-VALUE / MIN-VALUE from ``state`` without events (``Run.bare`` must hold)."""
    return _bare(run, state, alpha_beta=False, hard=False)


def alpha_beta_bare(run: Run, state: Any, hard: bool) -> tuple[float, PV]:
    """Fail-soft (or with ``hard`` fail-hard) alpha-beta from ``state`` without events."""
    return _bare(run, state, alpha_beta=True, hard=hard)


def _bare(run: Run, root: Any, *, alpha_beta: bool, hard: bool) -> tuple[float, PV]:
    game = run.game
    is_terminal, utility = game.is_terminal, game.utility
    to_move, actions, result = game.to_move, game.actions, game.result

    def evaluate(state: Any) -> float:  # looked up only when needed: a game without
        return game.evaluate(state)     # evaluation may lack the method
    limit = run.depth_cap
    reverse = run.opts.order == "reverse"
    ge = run.opts.cut_on == "ge"
    # The run's counters, as locals of this search (``Run.scored`` and ``Run.opened``).
    visited, expanded, evaluated = run.visited, run.expanded, run.evaluated
    max_depth, next_check = run.max_depth, run.next_check
    cuts = pruned = 0

    def store() -> None:
        run.visited, run.expanded, run.evaluated = visited, expanded, evaluated
        run.max_depth = max_depth
        run.cuts += cuts
        run.pruned += pruned

    def check() -> None:
        nonlocal next_check, cuts, pruned
        store()
        cuts = pruned = 0
        run.check_limits()
        next_check = run.next_check

    def opened(ply: int) -> None:
        nonlocal visited, expanded, max_depth
        visited += 1
        if visited >= next_check:
            check()
        expanded += 1
        if ply > max_depth:
            max_depth = ply

    def leaf(state: Any, key: Any, ply: int, value: float) -> tuple[float, PV]:
        nonlocal visited, evaluated, max_depth
        visited += 1
        if visited >= next_check:
            check()
        evaluated += 1
        if ply > max_depth:
            max_depth = ply
        return value, (key, None)

    def minimax(state: Any, key: Any, ply: int) -> tuple[float, PV]:
        if is_terminal(state):
            return leaf(state, key, ply, utility(state))
        if ply >= limit:
            return leaf(state, key, ply, evaluate(state))
        player = to_move(state)
        if player is _CHANCE:
            raise _no_chance(run, state, key)
        acts = actions(state)
        if not acts:
            return leaf(state, key, ply, evaluate(state))
        if reverse:
            acts = acts[::-1]
        opened(ply)
        best_pv: PV = None
        ply += 1
        if player is _MAX:
            v = -INF
            for a in acts:
                cv, cpv = minimax(result(state, a), a, ply)
                if cv > v:
                    v, best_pv = cv, cpv
        else:
            v = INF
            for a in acts:
                cv, cpv = minimax(result(state, a), a, ply)
                if cv < v:
                    v, best_pv = cv, cpv
        return v, (key, best_pv)

    def ab(state: Any, key: Any, ply: int, alpha: float, beta: float) -> tuple[float, PV]:
        nonlocal cuts, pruned
        if is_terminal(state):
            return leaf(state, key, ply, utility(state))
        if ply >= limit:
            return leaf(state, key, ply, evaluate(state))
        player = to_move(state)
        if player is _CHANCE:
            raise _no_chance(run, state, key)
        acts = actions(state)
        if not acts:
            return leaf(state, key, ply, evaluate(state))
        if reverse:
            acts = acts[::-1]
        opened(ply)
        best_pv: PV = None
        last = len(acts) - 1
        ply += 1
        if player is _MAX:
            v = -INF
            for i, a in enumerate(acts):
                cv, cpv = ab(result(state, a), a, ply, alpha, beta)
                if cv > v:
                    v, best_pv = cv, cpv
                if v > alpha:
                    alpha = v
                if alpha >= beta if ge else alpha > beta:
                    if i < last:
                        cuts += 1
                        pruned += last - i
                    return (beta if hard else v), (key, best_pv)
            return (alpha if hard else v), (key, best_pv)
        v = INF
        for i, a in enumerate(acts):
            cv, cpv = ab(result(state, a), a, ply, alpha, beta)
            if cv < v:
                v, best_pv = cv, cpv
            if v < beta:
                beta = v
            if alpha >= beta if ge else alpha > beta:
                if i < last:
                    cuts += 1
                    pruned += last - i
                return (alpha if hard else v), (key, best_pv)
        return (beta if hard else v), (key, best_pv)

    try:
        if alpha_beta:
            return ab(root, run.root_key, 0, -INF, INF)
        return minimax(root, run.root_key, 0)
    finally:
        store()
