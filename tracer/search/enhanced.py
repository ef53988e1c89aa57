"""Alpha-beta with the move-ordering techniques of game-playing programs: the
``enhanced`` family.

The variant says how a node searches its children:

* ``fail-soft``: fail-soft alpha-beta (AIMA), the baseline the techniques improve on.
* ``pvs``: principal variation search, or NegaScout (Marsland & Campbell 1982;
  Reinefeld 1983): the first child with the full window, every other one with a null
  window that only asks "is it better?"; a child that is better (and does not already
  cause a cut) is searched again with the full window.
* ``mtdf``: MTD(f) (Plaat, Schaeffer, Pijls & de Bruin 1996): only null-window
  searches, each one a test "is the value at least g?" answered with a transposition
  table, the bounds closing in on the value from a first guess (0, or the previous
  iteration's value).

Techniques (any combination; ``--technique id,killer,history,tt,aspiration``):

* ``id``: iterative deepening: depth 1, 2, ... up to ``depth`` (or until no leaf is
  scored at the depth limit: the game is solved); each iteration searches the previous
  one's principal variation first.  One ``iteration`` event per search of the root.
* ``killer``: killer moves (Akl & Newborn 1977): the last two moves that caused a cut at
  the same ply are tried early.
* ``history``: the history heuristic (Schaeffer 1983): moves are ranked by how often,
  and how deep, they were the best move or caused a cut anywhere.
* ``tt``: a transposition table (Greenblatt 1967): a position searched before to the same
  remaining depth returns its stored value (``tt`` events: ``hit`` and ``store`` with
  the flags ``exact`` / ``lower`` / ``upper``), and its best move is searched first.
* ``aspiration`` (with ``id``; ``aspiration:D`` sets the half-width, default 1): each
  iteration first searches the window (previous value - D, previous value + D); if the
  value falls outside, the same depth is searched again with that side opened.

Ordering events (``order``) say why children moved.  Every combination returns the value
plain alpha-beta returns at the same depth: the table answers only a search of the
*same* remaining depth (a deeper entry would be more useful, and could change the value
of a depth-limited search), and the games here have no repetitions, so a position's
value depends only on the position and the depth left.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..errors import InputError, UsageError
from ..events import Iteration
from ..families import ENHANCED_VARIANTS, TECHNIQUES, Techniques
from ..games.base import Game, Player
from ..limits import NO_LIMITS, Limits
from ..record import NULL, Recorder
from ..said import said
from ..spec import SearchSpec
from ..trace import Result
from .common import INF, PV, Run, drive, flatten_pv, open_search
from .techniques import Searcher, above, below

__all__ = ["ENHANCED_VARIANTS", "TECHNIQUES", "Techniques", "enhanced_search",
           "search_enhanced"]


def enhanced_search(game: Game[Any, Any], state: Any = None, *, variant: str = "fail-soft",
                    techniques: str | Iterable[str] | Techniques = (),
                    order: str = "natural", seed: int | None = None, depth: int | None = None,
                    cut_on: str | None = None, limits: Limits = NO_LIMITS,
                    recorder: Recorder = NULL, source: dict[str, Any] | None = None) -> Result:
    """Search ``state`` (default: the game's initial state) with alpha-beta, PVS or MTD(f)
    and the chosen move-ordering ``techniques``; the value is plain alpha-beta's."""
    names = techniques.names() if isinstance(techniques, Techniques) else techniques
    spec = SearchSpec(algorithm="enhanced", variant=variant,
                      techniques=names if isinstance(names, str) else tuple(names),
                      order=order, seed=seed, depth=depth, cut_on=cut_on, limits=limits)
    return search_enhanced(game, state, spec, recorder, source)


def search_enhanced(game: Game[Any, Any], state: Any, spec: SearchSpec, recorder: Recorder,
                    source: dict[str, Any] | None) -> Result:
    """The ``enhanced`` family as ``spec`` (checked when made) asks for it."""
    variant, tech, depth = spec.shown_variant, spec.technique_set, spec.depth
    if variant == "mtdf" and not tech.tt:  # MTD(f) is a memory-enhanced test driver
        tech = Techniques(tech.id, tech.killer, tech.history, True, tech.aspiration)
    run, state, root, header = open_search(game, state, spec, recorder, source,
                                           techniques=tech.names())
    if tech.id and not game.capabilities.evaluation:
        raise UsageError(said("iterative deepening scores the positions at each depth limit, "
                              "and {game} has no static evaluation", game=game.name))
    searcher = Searcher(run, pvs=variant == "pvs", killer=tech.killer, history=tech.history,
                        tt=tech.tt)

    def body() -> tuple[float, PV]:
        if tech.id:
            return _deepen(searcher, state, root, depth, variant, tech.aspiration)
        if variant == "mtdf":
            return _mtdf(searcher, state, root, depth, 0)
        return searcher.search(state, root, None, 0, -INF, INF, False)

    return drive(run, header, body)


def _deepen(s: Searcher, state: Any, root: str, final: int | None, variant: str,
            width: float | None) -> tuple[float, PV]:
    """Iterative deepening: depths 1, 2, ... up to ``final``, or until no leaf was scored
    at the depth limit (then deeper searches would see the same tree)."""
    run = s.run
    s.watch = True
    d = 0 if final == 0 else 1
    value: float | None = None
    while True:
        s.set_depth(d)
        s.cut_off = False
        try:
            if variant == "mtdf":
                guess = value if value is not None and abs(value) < INF else 0
                value, pv = _mtdf(s, state, root, d, guess)
            elif width is not None and value is not None and abs(value) < INF:
                value, pv = _aspiration(s, state, root, d, value, width)
            else:
                value, pv = s.search(state, root, None, 0, -INF, INF, True)
                _report(run, root, d, "iteration", value, -INF, INF, pv)
        except InputError as exc:
            raise UsageError(said("iterative deepening scores positions at depth {depth}: "
                                  "{reason}", depth=d, reason=exc.said)) from None
        s.pv_keys = flatten_pv(pv)
        if not s.cut_off or (final is not None and d >= final):
            return value, pv
        d += 1


def _aspiration(s: Searcher, state: Any, root: str, d: int, previous: float,
                width: float) -> tuple[float, PV]:
    """Search the window around the previous value; if the value falls outside, search
    again with the failed side open (the value is then known to lie on that side)."""
    lo, hi = previous - width, previous + width
    value, pv = s.search(state, root, None, 0, lo, hi, True)
    _report(s.run, root, d, "aspiration", value, lo, hi, pv)
    if lo < value < hi:
        return value, pv
    lo, hi = (-INF, hi) if value <= lo else (lo, INF)
    value, pv = s.search(state, root, None, 0, lo, hi, True)
    _report(s.run, root, d, "re-search", value, lo, hi, pv)
    return value, pv


def _mtdf(s: Searcher, state: Any, root: str, d: int | None, guess: float) -> tuple[float, PV]:
    """MTD(f): null-window tests until the lower and upper bounds meet.  The move is the
    one of the last test that proved the bound on the mover's side: at a MAX root a test
    that did not fail low (its best child is worth at least the value), at a MIN root one
    that did not fail high."""
    lower, upper = -INF, INF
    g = guess
    proved: PV = None
    pv: PV = None
    at_max = s.game.to_move(state) is Player.MAX
    while lower < upper:
        beta = above(g) if g == lower else g
        alpha = below(beta)
        g, pv = s.search(state, root, None, 0, alpha, beta, True)
        if g > alpha:
            lower = g
        if g < beta:
            upper = g
        if (g > alpha) if at_max else (g < beta):
            proved = pv
        _report(s.run, root, d, "mtdf", g, alpha, beta, pv)
    return g, proved if proved is not None else pv


def _report(run: Run, root: str, d: int | None, kind: str, value: float, alpha: float,
            beta: float, pv: PV) -> None:
    if not run.on:
        return
    flag = "upper" if value <= alpha else "lower" if value >= beta else "exact"
    path = flatten_pv(pv)
    run.emit(Iteration(run.next_seq(), root, d, kind, value, flag,
                       path, run.visited, alpha=alpha, beta=beta))
