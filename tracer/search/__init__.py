"""Search algorithms, one module per family, all reporting through one recorder."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..families import ALGORITHMS, CUT_TESTS, ORDERS, TECHNIQUES
from ..games.base import Game
from ..limits import Limits
from ..record import NULL, Recorder
from ..spec import SearchSpec
from ..trace import Result
from .alphabeta import alpha_beta, search_alpha_beta
from .andor import and_or, search_and_or
from .enhanced import enhanced_search, search_enhanced
from .expectiminimax import expectiminimax, search_expectiminimax
from .minimax import minimax, search_minimax
from .pns import proof_number_search, search_proof_numbers

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

Family = Callable[[Game[Any, Any], Any, SearchSpec, Recorder, "dict[str, Any] | None"],
                  Result]
"""A family's search: (game, state, spec, recorder, header source) -> result."""

FAMILIES: dict[str, Family] = {
    "minimax": search_minimax,
    "alphabeta": search_alpha_beta,
    "expectiminimax": search_expectiminimax,
    "andor": search_and_or,
    "pns": search_proof_numbers,
    "enhanced": search_enhanced,
}
"""Each family of :data:`~tracer.families.ALGORITHMS` and the function that searches it."""


def run_search(game: Game[Any, Any], state: Any = None, *, spec: SearchSpec | None = None,
               recorder: Recorder = NULL, source: dict[str, Any] | None = None,
               **options: Any) -> Result:
    """Run the search ``spec`` asks for (what the front door calls, with the spec it made
    once) on ``game`` from ``state`` (default: the initial state), reporting to
    ``recorder``.

    Instead of a spec, a script may give the spec's fields as keywords
    (``algorithm="minimax", cut_on="gt"``, ``limits=``): they make the spec
    (:meth:`SearchSpec.given`), which checks them once, in the words ``gametrace run``
    uses; the family then runs from the spec as it is."""
    spec = SearchSpec.given(spec, options)
    return FAMILIES[spec.algorithm](game, state, spec, recorder, source)
