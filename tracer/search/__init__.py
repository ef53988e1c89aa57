"""Search algorithms, one module per family, all reporting through one recorder."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..games.base import Game
from ..record import NULL, Recorder
from ..trace import Result
from .alphabeta import ALPHABETA_VARIANTS, alpha_beta
from .andor import ANDOR_VARIANTS, and_or
from .common import CUT_TESTS, NO_LIMITS, ORDERS, Limits, choose
from .enhanced import ENHANCED_VARIANTS, TECHNIQUES, enhanced_search
from .expectiminimax import EXPECTIMINIMAX_VARIANTS, expectiminimax
from .minimax import MINIMAX_VARIANTS, minimax
from .pns import PNS_VARIANTS, proof_number_search

__all__ = [
    "ALGORITHMS",
    "CUT_TESTS",
    "ORDERS",
    "TECHNIQUES",
    "Limits",
    "alpha_beta",
    "check_search",
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


def run_search(game: Game[Any, Any], state: Any = None, *, algorithm: str = "alphabeta",
               variant: str | None = None, order: str = "natural", seed: int | None = None,
               depth: int | None = None, cut_on: str | None = None,
               limits: Limits = NO_LIMITS, recorder: Recorder = NULL,
               source: dict[str, Any] | None = None,
               bounds: tuple[float, float] | None = None, prover: str | None = None,
               techniques: str | tuple[str, ...] = ()) -> Result:
    """Run any algorithm by name (what the CLI and the service call); ``variant=None``
    picks the default.

    An option the algorithm or variant does not take is a :class:`UsageError`, in the
    words ``gametrace run`` uses (:func:`check_search`): ``cut_on`` outside alpha-beta,
    enhanced and Star1, ``bounds`` outside Star1, ``prover`` outside the proof searches,
    ``techniques`` outside ``enhanced``, ``seed`` without ``order="random"``.  ``None``
    (or empty) means not given: ``cut_on`` is then ``"ge"`` and ``prover`` ``"max"``."""
    variant = check_search(algorithm, variant, order=order,
                           given={"cut_on": cut_on, "bounds": bounds, "prover": prover,
                                  "techniques": techniques, "seed": seed})
    cut, proving = cut_on or "ge", prover or "max"
    common: dict[str, Any] = dict(variant=variant, order=order, seed=seed, depth=depth,
                                  limits=limits, recorder=recorder, source=source)
    if algorithm == "enhanced":
        return enhanced_search(game, state, techniques=techniques, cut_on=cut, **common)
    if algorithm == "minimax":
        return minimax(game, state, **common)
    if algorithm == "expectiminimax":
        return expectiminimax(game, state, cut_on=cut, bounds=bounds, **common)
    if algorithm == "andor":
        return and_or(game, state, prover=proving, **common)
    if algorithm == "pns":
        return proof_number_search(game, state, prover=proving, **common)
    return alpha_beta(game, state, cut_on=cut, **common)


def check_search(algorithm: str, variant: str | None, *, order: str = "natural",
                 given: Mapping[str, object]) -> str:
    """The variant a search runs (``None``: the algorithm's first), after refusing an
    unknown algorithm or variant (naming the nearest) and the options in ``given`` that
    it does not take (:func:`tracer.spec.check_options`): what ``run`` and the web
    service check."""
    from ..spec import check_options

    choose("algorithm", algorithm, tuple(ALGORITHMS))
    variants = ALGORITHMS[algorithm]
    shown = variant if variant is not None else variants[0]
    choose(f"{algorithm} variant", shown, variants)
    check_options(algorithm, shown, order=order, given=given)
    return shown
