"""Expectiminimax for games with chance nodes (AIMA 5.5; "Teoria dei giochi"), in two variants.

* ``plain``: MAX and MIN nodes back up as in minimax; a chance node's value is the
  probability-weighted sum of its children's values, sum(p_i * v_i).  Nothing is divided
  by the number of outcomes: the probabilities already weight the sum.  (aima-python's
  ``expect_minmax`` divides the weighted sum by the number of outcomes once more, which
  is wrong for every chance node with more than one outcome.)
* ``star1``: Ballard's Star1 (Ballard 1983, "The *-minimax search procedure for trees
  containing chance nodes"), fail-soft alpha-beta at MAX and MIN nodes and, at a chance
  node, a cut as soon as the children searched so far prove that its value lies outside
  the window whatever the unsearched children are worth.  It needs bounds ``(L, U)`` on
  every leaf value: after children 1..i, with S the weighted sum so far and R the
  probability of the children left, the node's value lies in [S + L*R, S + U*R].

Events: the Expand of a chance node carries ``probs`` (in search order) and starts from
the provisional value 0; each Backup at a chance node carries the child's ``prob`` and,
as ``value``, the weighted sum so far.  A Star1 cut is a ``Cut`` of kind ``star1``.
The principal variation stops at the first chance node: below it nobody chooses.

Probabilities given as fractions (``1/3``, ``uniform``: :class:`~fractions.Fraction`)
are summed exactly: the weighted sums stay fractions as long as the leaf values are
whole numbers, and so do the MAX and MIN values backed up from them.  Events carry
numbers (a fraction as its float) and, where a value is not a finite decimal, its
exact spelling in the Backup's ``exact`` (``"11/3"``).  Star1's bounds are floats.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ..errors import InputError
from ..events import Backup, Cut, Expand
from ..families import EXPECTIMINIMAX_VARIANTS
from ..games.base import Game, Player
from ..limits import NO_LIMITS, Limits
from ..record import NULL, Recorder
from ..said import said
from ..spec import SearchSpec
from ..trace import Result
from .body import AlphaBeta
from .common import INF, PV, Run, drive, open_search
from .ordering import Child

__all__ = ["EXPECTIMINIMAX_VARIANTS", "expected_sum", "expectiminimax", "node_name",
           "search_expectiminimax"]

PROB_TOLERANCE = 1e-9
"""How far the probabilities below a chance node may sum away from 1."""


def expectiminimax(game: Game[Any, Any], state: Any = None, *, variant: str = "plain",
                   order: str = "natural", seed: int | None = None, depth: int | None = None,
                   cut_on: str | None = None, bounds: tuple[float, float] | None = None,
                   limits: Limits = NO_LIMITS, recorder: Recorder = NULL,
                   source: dict[str, Any] | None = None) -> Result:
    """Search ``state`` (default: the game's initial state) with expectiminimax.

    ``star1`` needs ``bounds=(L, U)``, a lower and an upper bound on every leaf value
    (a leaf outside them is an :class:`InputError`); ``cut_on`` applies to its MAX and
    MIN nodes, chance nodes always cut on <= / >=."""
    spec = SearchSpec(algorithm="expectiminimax", variant=variant, order=order, seed=seed,
                      depth=depth, cut_on=cut_on, bounds=bounds, limits=limits)
    return search_expectiminimax(game, state, spec, recorder, source)


def search_expectiminimax(game: Game[Any, Any], state: Any, spec: SearchSpec,
                          recorder: Recorder, source: dict[str, Any] | None) -> Result:
    """Expectiminimax as ``spec`` (checked when made) asks for it."""
    star1 = spec.shown_variant == "star1"
    lo, hi = spec.star1_bounds() if star1 else (-INF, INF)
    extra: dict[str, Any] = {"bounds": [lo, hi]} if star1 else {}
    run, state, root, header = open_search(game, state, spec, recorder, source, **extra)

    def body() -> tuple[float, PV]:
        searcher = Star1(run, lo, hi) if star1 else Plain(run)
        # An exact value stays a Fraction: the Result keeps it as ``value`` and ``exact``.
        return searcher.search(state, root, None, 0, -INF, INF)

    return drive(run, header, body)


def node_name(run: Run, state: Any, key: Any) -> str:
    """A readable name of a node for an error message.  Untraced searches key nodes by
    their action, so the name comes from the game: the tree's id, or the position."""
    if run.ids:
        return str(key)
    return str(run.game.node_id(state)) if run.named else repr(run.game.describe(state))


def chance_probabilities(run: Run, state: Any, nid: Any,
                         kids: list[tuple[Any, Any]]) -> tuple[float | Fraction, ...]:
    """The probability of each child of a chance node, in search order (a fraction
    stays a :class:`Fraction`, anything else becomes a float).

    Raises an :class:`InputError` naming the node when a probability lies outside
    [0, 1] or they do not sum to 1 (exactly for fractions, else within 1e-9): trees are
    checked when loaded, generated games only here."""
    game = run.game
    if run.ids:
        by_id = {run.child_id(nid, state, a, game.result(state, a)): game.probability(state, a)
                 for a in game.actions(state)}
        probs = tuple(_probability(by_id[cid]) for _, cid in kids)
    else:  # untraced: children are keyed by their action
        probs = tuple(_probability(game.probability(state, a)) for _, a in kids)
    exact = all(type(p) is Fraction for p in probs)
    total: float | Fraction = sum(probs, Fraction(0)) if exact else math.fsum(probs)
    if (total != 1 if exact else abs(total - 1.0) > PROB_TOLERANCE) or not all(
            0 <= p <= 1 for p in probs):
        name = node_name(run, state, nid)
        shown = ", ".join(repr(p) for p in probs)
        raise InputError(said("the probabilities below chance node {node} must lie in "
                              "[0, 1] and sum to 1; they are {shown} (sum {total})",
                              node=name, shown=shown, total=repr(total)))
    return probs


def _probability(p: Any) -> float | Fraction:
    return p if type(p) is Fraction else float(p)


def _number(x: Any) -> Any:
    """``x`` as an event or a result holds it: a fraction as its float (a whole one as
    an int); any other number as it is."""
    if type(x) is not Fraction:
        return x
    return x.numerator if x.denominator == 1 else float(x)


def _numbers(xs: tuple[Any, ...] | None) -> tuple[Any, ...] | None:
    return xs if xs is None or not any(type(x) is Fraction for x in xs) else tuple(
        _number(x) for x in xs)


def exact_text(x: Any) -> str | None:
    """``"11/3"`` for a fraction whose decimal expansion does not end (the only values a
    JSON number cannot give exactly); None for every other value."""
    if type(x) is not Fraction or x.denominator == 1:
        return None
    d = x.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return None if d == 1 else f"{x.numerator}/{x.denominator}"


def expected_sum(run: Run, state: Any, nid: Any, total: float, p: float | Fraction,
                 value: float) -> float:
    """``total + p * value``, the weighted sum of a chance node so far: an outcome of
    probability 0 adds nothing (even an infinite one, where ``0 * inf`` is NaN); one
    infinity makes the sum that infinity; +inf and -inf together have no expected value,
    an :class:`InputError` naming the node."""
    if p == 0:
        return total
    out = total + p * value
    if out != out:
        raise InputError(said("chance node {node} has outcomes worth +inf and -inf: their "
                              "expected value is undefined (give one of them a finite value "
                              "or probability 0)", node=node_name(run, state, nid)))
    return out


class Exact(AlphaBeta):
    """The body reporting values that may be exact fractions: events hold numbers (a
    fraction as its float), and a Backup whose value has no finite decimal also its
    exact spelling."""

    def expand(self, nid: Any, parent: Any, ply: int, player: Player, state: Any,
               kids: list[Child], value: float, alpha: float, beta: float) -> None:
        super().expand(nid, parent, ply, player, state, kids, value, _number(alpha),
                       _number(beta))

    def backup(self, nid: Any, cid: Any, child_value: float, value: float, best: Any,
               alpha: float, beta: float, player: Player) -> None:
        run, window = self.run, self.window
        run.emit(Backup(run.next_seq(), nid, cid, _number(child_value), _number(value), best,
                        alpha=_number(alpha) if window else None,
                        beta=_number(beta) if window else None, exact=exact_text(value)))

    def cut(self, nid: Any, kind: str, cid: Any, alpha: float, beta: float, value: float,
            pruned: list[Child]) -> None:
        super().cut(nid, kind, cid, _number(alpha), _number(beta), _number(value), pruned)


class Plain(Exact):
    """MAX and MIN nodes as minimax (the body without a window); a chance node's value is
    the probability-weighted sum of its children's values."""

    def __init__(self, run: Run) -> None:
        super().__init__(run, window=False)

    def chance(self, state: Any, nid: Any, parent: Any, ply: int, alpha: float,
               beta: float) -> tuple[float, PV]:
        run = self.run
        kids = run.children(state, nid, Player.CHANCE, ply)
        if not kids:
            return self.no_moves(state, nid, parent, ply), (nid, None)
        run.opened(ply)
        probs = chance_probabilities(run, state, nid, kids)
        # A chance node builds its weighted sum from 0.
        v: float = 0
        if run.on:
            run.emit(Expand(run.next_seq(), nid, parent, ply, Player.CHANCE.value,
                            tuple(c for _, c in kids), value=v, label=run.label(state),
                            probs=_numbers(probs)))
        for i, (child, cid) in enumerate(kids):
            cv, _ = self.search(child, cid, nid, ply + 1, alpha, beta)
            v = expected_sum(run, state, nid, v, probs[i], cv)
            if run.on:
                run.emit(Backup(run.next_seq(), nid, cid, _number(cv), _number(v), None,
                                prob=_number(probs[i]), exact=exact_text(v)))
        return v, (nid, None)


class Star1(Exact):
    """Star1: fail-soft alpha-beta (the body) at MAX and MIN nodes, every leaf checked
    against the bounds ``lo``, ``hi``, and a chance node cut by the bounds on its
    unsearched outcomes.  A value <= alpha is an upper bound, >= beta a lower bound,
    else exact."""

    def __init__(self, run: Run, lo: float, hi: float) -> None:
        super().__init__(run)
        self.lo, self.hi = lo, hi

    def _checked(self, state: Any, nid: Any, value: float) -> float:
        if not self.lo <= value <= self.hi:
            raise InputError(said("leaf {node} has the value {value:g}, outside the Star1 "
                                  "bounds [{lo:g}, {hi:g}] (widen --bounds)",
                                  node=node_name(self.run, state, nid), value=value,
                                  lo=self.lo, hi=self.hi))
        return value

    def leaf(self, state: Any, nid: Any, parent: Any, ply: int) -> float | None:
        value = self.run.leaf(state, nid, parent, ply)
        return None if value is None else self._checked(state, nid, value)

    def no_moves(self, state: Any, nid: Any, parent: Any, ply: int) -> float:
        return self._checked(state, nid, self.run.evaluate(state, nid, parent, ply))

    def chance(self, state: Any, nid: Any, parent: Any, ply: int, alpha: float,
               beta: float) -> tuple[float, PV]:
        """Child i is searched in the window that would make the node fail: its value v_i
        fails low when S + p_i*v_i + U*R <= alpha, high when S + p_i*v_i + L*R >= beta."""
        run, lo, hi = self.run, self.lo, self.hi
        kids = run.children(state, nid, Player.CHANCE, ply)
        if not kids:
            return self.no_moves(state, nid, parent, ply), (nid, None)
        run.opened(ply)
        probs = chance_probabilities(run, state, nid, kids)
        if run.on:
            run.emit(Expand(run.next_seq(), nid, parent, ply, Player.CHANCE.value,
                            tuple(c for _, c in kids), value=0, alpha=_number(alpha),
                            beta=_number(beta), label=run.label(state),
                            probs=_numbers(probs)))
        # rest[i]: the probability of the children after child i (summed exactly once).
        rest = [math.fsum(probs[i + 1:]) for i in range(len(probs))]
        s: float = 0
        last = len(kids) - 1
        for i, (child, cid) in enumerate(kids):
            p = probs[i]
            if p > 0:
                a = (alpha - s - hi * rest[i]) / p
                b = (beta - s - lo * rest[i]) / p
            else:  # an outcome that never happens cannot move the value
                a, b = -INF, INF
            # The child's window, clamped to the bounds (a clamped end is shown as the bound).
            cv, _ = self.search(child, cid, nid, ply + 1, lo if a <= lo else a,
                                hi if b >= hi else b)
            s = expected_sum(run, state, nid, s, p, cv)
            if run.on:
                run.emit(Backup(run.next_seq(), nid, cid, _number(cv), _number(s), None,
                                alpha=_number(alpha), beta=_number(beta), prob=_number(p),
                                exact=exact_text(s)))
            # The test is on the child's own result against its window, so a child that
            # failed (and returned only a bound) always ends the node.  The returned bound
            # is clamped to the window: in exact arithmetic it already lies there, and
            # rounding must not turn a fail-low into a value above alpha.
            if cv <= a:
                ret = min(s + hi * rest[i], alpha)
            elif cv >= b:
                ret = max(s + lo * rest[i], beta)
            else:
                continue
            if i < last:
                _cut(run, nid, "star1", cid, alpha, beta, ret, kids[i + 1:])
            return ret, (nid, None)
        return s, (nid, None)


def _cut(run: Run, nid: Any, kind: str, after: Any, alpha: float, beta: float,
         value: float, pruned: list[tuple[Any, Any]]) -> None:
    run.cuts += 1
    run.pruned += len(pruned)
    if run.on:
        run.emit(Cut(run.next_seq(), nid, kind, after, _number(alpha), _number(beta),
                     _number(value), tuple(c for _, c in pruned)))
