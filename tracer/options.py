"""Which search options apply where: one table for the CLI and the web service.

Every family takes an ordering, a depth limit and budgets; the other options belong to
some families or variants only, and one option needs another.  :func:`check_options`
refuses an option given where it does nothing, in one line that says where it applies
(``--cut-on applies to -a alphabeta (...), enhanced, expectiminimax (star1), not to
minimax``),
instead of letting it be silently ignored.  :func:`nearest` gives the closest allowed
name for a typo.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence

from .errors import UsageError

__all__ = ["APPLIES", "check_frame_options", "check_options", "nearest", "takes",
           "unknown_choice"]

APPLIES: Mapping[str, Mapping[str, tuple[str, ...] | None]] = {
    "cut_on": {"alphabeta": ("fail-soft", "fail-hard", "negamax", "list"),
               "enhanced": None, "expectiminimax": ("star1",)},
    "bounds": {"expectiminimax": ("star1",)},
    "prover": {"andor": None, "pns": None},
    "techniques": {"enhanced": None},
}
"""Per option: the families that take it, and in each the variants (``None``: all).
The lecture's ``slide-002`` alpha-beta has its own tests, so no ``--cut-on``."""

FLAGS = {"cut_on": "--cut-on applies", "bounds": "--bounds applies",
         "prover": "--prover applies",
         "techniques": "move-ordering techniques (--technique) apply"}
"""How the messages name each option (the command line's spelling)."""


def takes(option: str, algorithm: str, variant: str | None) -> bool:
    """Whether ``algorithm``/``variant`` takes ``option`` (a key of :data:`APPLIES`;
    ``variant`` ``None``: the algorithm's default, which takes what its family takes)."""
    families = APPLIES[option]
    if algorithm not in families:
        return False
    variants = families[algorithm]
    return variants is None or variant is None or variant in variants


def check_options(algorithm: str, variant: str, *, order: str = "natural",
                  given: Mapping[str, object]) -> None:
    """A :class:`UsageError` for the first option in ``given`` (name -> value; ``None``
    or empty means not given) that ``algorithm``/``variant`` does not take, or a
    ``seed`` without the random ordering."""
    for name, families in APPLIES.items():
        if given.get(name) in (None, "", ()):
            continue
        variants = families.get(algorithm, ())
        if variants is None or variant in variants:
            continue
        where = ", ".join(f"{a} ({', '.join(v)})" if v else a for a, v in families.items())
        here = algorithm if algorithm not in families else f"{algorithm} {variant}"
        raise UsageError(f"{FLAGS[name]} to -a {where}, not to {here}")
    if given.get("seed") is not None and order != "random":
        raise UsageError(f"--seed applies to --order random, not to --order {order}")


def check_frame_options(*, frames: bool, frame_format: str | None) -> None:
    """A :class:`UsageError` for a frame option without frames to apply it to."""
    if frame_format is not None and not frames:
        raise UsageError("--frame-format applies to --frames DIR: give --frames, or "
                         "choose the diagram's format by the extension of -o")


def nearest(value: str, allowed: Sequence[str]) -> str | None:
    """The allowed name closest to ``value``, if one is close (a typo)."""
    lowered = {a.lower(): a for a in allowed}
    if value.lower() in lowered:
        return lowered[value.lower()]
    close = difflib.get_close_matches(value.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[close[0]] if close else None


def unknown_choice(what: str, value: str, allowed: Sequence[str]) -> str:
    """``unknown algorithm 'alphabta' (choose from: ...); did you mean 'alphabeta'?``"""
    text = f"unknown {what} {value!r} (choose from: {', '.join(allowed)})"
    guess = nearest(value, allowed)
    return text if guess is None else f"{text}; did you mean {guess!r}?"
