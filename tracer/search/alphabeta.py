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

from ..families import ALPHABETA_VARIANTS
from ..games.base import Game
from ..limits import NO_LIMITS, Limits
from ..record import NULL, Recorder
from ..spec import SearchSpec
from ..trace import Result
from . import fast
from .body import AlphaBeta, Negamax
from .common import INF, PV, drive, open_search
from .minimax import _list

__all__ = ["ALPHABETA_VARIANTS", "alpha_beta", "search_alpha_beta"]


def alpha_beta(game: Game[Any, Any], state: Any = None, *, variant: str = "fail-soft",
               order: str = "natural", seed: int | None = None, depth: int | None = None,
               cut_on: str | None = None, limits: Limits = NO_LIMITS,
               recorder: Recorder = NULL, source: dict[str, Any] | None = None) -> Result:
    """Search ``state`` (default: the game's initial state) with alpha-beta pruning,
    starting from the window (-inf, +inf); ``cut_on`` ``None`` is ``"ge"``."""
    spec = SearchSpec(algorithm="alphabeta", variant=variant, order=order, seed=seed,
                      depth=depth, cut_on=cut_on, limits=limits)
    return search_alpha_beta(game, state, spec, recorder, source)


def search_alpha_beta(game: Game[Any, Any], state: Any, spec: SearchSpec,
                      recorder: Recorder, source: dict[str, Any] | None) -> Result:
    """Alpha-beta as ``spec`` (checked when made) asks for it."""
    variant = spec.shown_variant
    run, state, root, header = open_search(
        game, state, spec, recorder, source,
        quoted_ids=variant in ("fail-soft", "fail-hard", "slide-002"))

    def body() -> tuple[float, PV]:
        if variant == "list":
            return _list(run, state, root, pruning=True)
        if variant == "negamax":
            return Negamax(run).search(state, root, None, 0, -INF, INF)
        hard, slide = variant == "fail-hard", variant == "slide-002"
        if run.bare and not slide:  # recording off: the same loop, specialised for speed
            return fast.alpha_beta_bare(run, state, hard)
        if run.quoted and not slide:  # streaming to a file: the same loop, specialised
            return fast.alpha_beta_lines(run, state, hard)
        return AlphaBeta(run, hard=hard, slide=slide).search(state, run.root_key, None, 0,
                                                              -INF, INF)

    return drive(run, header, body)
