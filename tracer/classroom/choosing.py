"""How the classroom says a value is not one it takes, a sentence several of its modules
say, built here once so that it has one template (and one wording in every catalog).  An
unknown name is :func:`tracer.choices.unknown_choice`'s sentence, without its guess, as
the classroom has always said it."""

from __future__ import annotations

from collections.abc import Sequence

from ..said import Said, said

__all__ = ["expected_one_of"]


def expected_one_of(allowed: Sequence[str], got: str) -> Said:
    """``expected one of score, first-mistake, full, got 'fast'``: ``got`` is the value as
    the caller shows it (quoted, JSON, or cut short)."""
    return said("expected one of {allowed}, got {value}", allowed=", ".join(allowed),
                value=got)
