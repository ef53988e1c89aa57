"""Search algorithms, one module per family, all reporting through one recorder."""

from __future__ import annotations

from typing import Any

from ..games.base import Game, check_search_bounds
from ..record import NULL, Recorder
from ..spec import SearchSpec
from ..trace import Result
from .alphabeta import ALPHABETA_VARIANTS, alpha_beta
from .andor import ANDOR_VARIANTS, and_or
from .common import CUT_TESTS, ORDERS
from .enhanced import ENHANCED_VARIANTS, TECHNIQUES, enhanced_search
from .expectiminimax import EXPECTIMINIMAX_VARIANTS, expectiminimax
from .limits import NO_LIMITS, Limits
from .minimax import MINIMAX_VARIANTS, minimax
from .pns import PNS_VARIANTS, proof_number_search

__all__ = [
    "ALGORITHMS",
    "CUT_TESTS",
    "ORDERS",
    "TECHNIQUES",
    "Limits",
    "alpha_beta",
    "and_or",
    "enhanced_search",
    "expectiminimax",
    "minimax",
    "proof_number_search",
    "run_search",
]

ALGORITHMS: dict[str, tuple[str, ...]] = {
    "minimax": MINIMAX_VARIANTS,
    "alphabeta": ALPHABETA_VARIANTS,
    "expectiminimax": EXPECTIMINIMAX_VARIANTS,
    "andor": ANDOR_VARIANTS,
    "pns": PNS_VARIANTS,
    "enhanced": ENHANCED_VARIANTS,
}
"""Each algorithm family and its variants; the first variant is the default."""


def run_search(game: Game[Any, Any], state: Any = None, *, spec: SearchSpec | None = None,
               recorder: Recorder = NULL, source: dict[str, Any] | None = None,
               **options: Any) -> Result:
    """Run the search ``spec`` asks for (what the front door calls, with the spec it made
    once) on ``game`` from ``state``, reporting to ``recorder``.

    Instead of a spec, a script may give the spec's fields as keywords
    (``algorithm="minimax", cut_on="gt"``, ``limits=``): they make the spec first
    (:meth:`SearchSpec.make`), so either way the search is checked by the spec and run
    from it.  An option the algorithm or variant does not take is a
    :class:`~tracer.errors.UsageError` in the words ``gametrace run`` uses: ``cut_on``
    outside alpha-beta, enhanced and Star1, ``bounds`` outside Star1, ``prover`` outside
    the proof searches, ``techniques`` outside ``enhanced``, ``seed`` without
    ``order="random"``.  ``None`` (or empty) means not given: the variant is then the
    algorithm's first, ``cut_on`` ``"ge"`` and ``prover`` ``"max"``."""
    if spec is None:
        spec = SearchSpec.make(**options)
    elif options:
        raise TypeError(f"give spec= or the search options, not both ({', '.join(options)})")
    limits = spec.limits or NO_LIMITS
    check_search_bounds(game, depth=spec.depth, max_nodes=limits.max_nodes)
    algorithm, cut, proving = spec.algorithm, spec.cut_on or "ge", spec.prover or "max"
    common: dict[str, Any] = dict(variant=spec.shown_variant, order=spec.order,
                                  seed=spec.seed, depth=spec.depth,
                                  limits=limits, recorder=recorder,
                                  source=source)
    if algorithm == "enhanced":
        return enhanced_search(game, state, techniques=spec.techniques, cut_on=cut, **common)
    if algorithm == "minimax":
        return minimax(game, state, **common)
    if algorithm == "expectiminimax":
        return expectiminimax(game, state, cut_on=cut, bounds=spec.bounds, **common)
    if algorithm == "andor":
        return and_or(game, state, prover=proving, **common)
    if algorithm == "pns":
        return proof_number_search(game, state, prover=proving, **common)
    return alpha_beta(game, state, cut_on=cut, **common)
