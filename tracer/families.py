"""The names a search may be asked for, as data: each family and its variants, the
orderings, the cut tests, the provers and the move-ordering techniques.

They are the core's, not the searches': the search spec (:mod:`tracer.spec`) checks a
request against them without importing a search, and each family
(:mod:`tracer.search`) imports its own row.  A new variant is one more name in its
family's tuple here, and one more branch in its family's module.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .choices import unknown_choice
from .errors import UsageError
from .reading_numbers import BadNumber, real_number
from .said import Said, said

__all__ = ["ALGORITHMS", "ALPHABETA_VARIANTS", "ANDOR_VARIANTS", "CUT_TESTS",
           "ENHANCED_VARIANTS", "EXPECTIMINIMAX_VARIANTS", "MINIMAX_VARIANTS", "ORDERS",
           "PNS_VARIANTS", "PROVERS", "TECHNIQUES", "Techniques", "choose"]

MINIMAX_VARIANTS = ("two-function", "negamax", "list")
ALPHABETA_VARIANTS = ("fail-soft", "fail-hard", "negamax", "list", "slide-002")
EXPECTIMINIMAX_VARIANTS = ("plain", "star1")
ANDOR_VARIANTS = ("dfs",)
PNS_VARIANTS = ("pns",)
ENHANCED_VARIANTS = ("fail-soft", "pvs", "mtdf")

ALGORITHMS: dict[str, tuple[str, ...]] = {
    "minimax": MINIMAX_VARIANTS,
    "alphabeta": ALPHABETA_VARIANTS,
    "expectiminimax": EXPECTIMINIMAX_VARIANTS,
    "andor": ANDOR_VARIANTS,
    "pns": PNS_VARIANTS,
    "enhanced": ENHANCED_VARIANTS,
}
"""Each algorithm family and its variants; the first variant is the default."""

ORDERS = ("natural", "reverse", "random", "best", "worst")
"""Child orderings: as the game lists them, reversed, seeded random, and the two oracles
(sorted by the exact minimax value)."""
CUT_TESTS = ("ge", "gt")
"""Cut when alpha >= beta (``ge``, the textbooks) or only when alpha > beta (``gt``)."""
PROVERS = ("max", "min")
"""Whose win a proof search proves; also who moves at the root of a tree file."""
TECHNIQUES = ("id", "killer", "history", "tt", "aspiration")
"""The move-ordering techniques of the ``enhanced`` family."""


def choose(name: Said, value: str, allowed: Iterable[str]) -> str:
    """Return ``value`` if allowed, else a UsageError listing the choices; ``name`` is
    the choice's word (``said("ordering")``)."""
    names = tuple(allowed)
    if value not in names:
        raise UsageError(unknown_choice(name, value, names))
    return value


@dataclass(frozen=True)
class Techniques:
    """Which techniques a search uses."""

    id: bool = False
    killer: bool = False
    history: bool = False
    tt: bool = False
    aspiration: float | None = None
    """Half-width of the aspiration window; None: no aspiration windows."""

    @classmethod
    def parse(cls, spec: str | Iterable[str]) -> Techniques:
        """``"id,tt,aspiration:25"`` or ``["id", "tt"]``; a UsageError names a bad item."""
        items = spec.split(",") if isinstance(spec, str) else list(spec)
        found: dict[str, Any] = {}
        for raw in items:
            item = raw.strip(" \t").lower()  # spaces as a number's: "1\u00a0" is none
            if not item:
                continue
            name, sep, arg = item.partition(":")
            choose(said("technique"), name, TECHNIQUES)
            if name == "aspiration":
                found[name] = _width(arg) if sep else 1
            elif sep:
                raise UsageError(said("technique {name!r} takes no value (got {item!r})",
                                      name=name, item=item))
            else:
                found[name] = True
        return cls(**found)

    def names(self) -> list[str]:
        """The techniques in use, as the header records them."""
        out = [n for n in ("id", "killer", "history", "tt") if getattr(self, n)]
        if self.aspiration is not None:
            out.append(f"aspiration:{self.aspiration:g}")
        return out


def _width(text: str) -> float:
    try:
        value = float(real_number(text))
    except BadNumber:
        value = -1.0
    if not 0 < value < float("inf"):
        raise UsageError(said("aspiration window half-width must be a positive number, "
                              "got {text!r}", text=text))
    return int(value) if value.is_integer() else value
