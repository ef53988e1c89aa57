"""How the classroom says a value is not one it takes: the two sentences several of its
modules say, built here once so that each has one template (and one wording in every
catalog)."""

from __future__ import annotations

from collections.abc import Sequence

from ..said import Said, said

__all__ = ["expected_one_of", "unknown_choice"]


def expected_one_of(allowed: Sequence[str], got: str) -> Said:
    """``expected one of score, first-mistake, full, got 'fast'``: ``got`` is the value as
    the caller shows it (quoted, JSON, or cut short)."""
    return said("expected one of {allowed}, got {value}", allowed=", ".join(allowed),
                value=got)


def unknown_choice(what: Said, value: str, allowed: Sequence[str]) -> Said:
    """``unknown score policy 'bset' (choose from: best, last)``: ``what`` a word the
    catalogs know.  The sentence of :func:`tracer.choices.unknown_choice` without its
    guess (``did you mean``), as the classroom has always said it."""
    return said("unknown {what} {value!r} (choose from: {allowed})", what=what, value=value,
                allowed=", ".join(allowed))
