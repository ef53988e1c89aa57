"""Search algorithms, one module per family, all reporting through one recorder."""

from __future__ import annotations

from typing import Any

from ..games.base import Game
from ..record import NULL, Recorder
from ..trace import Result
from .alphabeta import ALPHABETA_VARIANTS, alpha_beta
from .common import CUT_TESTS, NO_LIMITS, ORDERS, Limits, choose
from .minimax import MINIMAX_VARIANTS, minimax

__all__ = [
    "ALGORITHMS",
    "CUT_TESTS",
    "ORDERS",
    "Limits",
    "alpha_beta",
    "minimax",
    "run_search",
]

ALGORITHMS: dict[str, tuple[str, ...]] = {
    "minimax": MINIMAX_VARIANTS,
    "alphabeta": ALPHABETA_VARIANTS,
}
"""Each algorithm family and its variants; the first variant is the default."""


def run_search(game: Game[Any, Any], state: Any = None, *, algorithm: str = "alphabeta",
               variant: str | None = None, order: str = "natural", seed: int | None = None,
               depth: int | None = None, cut_on: str = "ge", limits: Limits = NO_LIMITS,
               recorder: Recorder = NULL, source: dict[str, Any] | None = None) -> Result:
    """Run any algorithm by name (what the CLI calls); ``variant=None`` picks the default."""
    choose("algorithm", algorithm, tuple(ALGORITHMS))
    variants = ALGORITHMS[algorithm]
    variant = variants[0] if variant is None else choose(f"{algorithm} variant", variant,
                                                         variants)
    if algorithm == "minimax":  # minimax has no cut test: cut_on does not apply
        return minimax(game, state, variant=variant, order=order, seed=seed, depth=depth,
                       limits=limits, recorder=recorder, source=source)
    return alpha_beta(game, state, variant=variant, order=order, seed=seed, depth=depth,
                      cut_on=cut_on, limits=limits, recorder=recorder, source=source)
