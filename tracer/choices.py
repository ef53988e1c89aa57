"""Names for the command line's choices: the nearest allowed name for a typo
(:func:`nearest`, :func:`unknown_choice`) and the one frame option that needs another
(:func:`check_frame_options`).  Which search option applies where is the search spec's
(:mod:`tracer.spec`).
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from .errors import UsageError
from .said import Said, said

__all__ = ["check_frame_options", "nearest", "unknown_choice"]


def check_frame_options(*, frames: bool, frame_format: str | None) -> None:
    """A :class:`UsageError` for a frame option without frames to apply it to."""
    if frame_format is not None and not frames:
        raise UsageError(said("--frame-format applies to --frames DIR: give --frames, or "
                              "choose the diagram's format by the extension of -o"))


def nearest(value: str, allowed: Sequence[str]) -> str | None:
    """The allowed name closest to ``value``, if one is close (a typo)."""
    lowered = {a.lower(): a for a in allowed}
    if value.lower() in lowered:
        return lowered[value.lower()]
    close = difflib.get_close_matches(value.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[close[0]] if close else None


def unknown_choice(what: Said | str, value: str, allowed: Sequence[str], *,
                   suggest: bool = True) -> Said:
    """``unknown algorithm 'alphabta' (choose from: ...); did you mean 'alphabeta'?``

    ``what`` is a word the catalogs know (``said("algorithm")``) or a name shown as it
    is (a field of a request); ``suggest=False`` leaves the nearest name out."""
    guess = nearest(value, allowed) if suggest else None
    if guess is None:
        return said("unknown {what} {value!r} (choose from: {allowed})",
                    what=what, value=value, allowed=", ".join(allowed))
    return said("unknown {what} {value!r} (choose from: {allowed}); did you mean {guess!r}?",
                what=what, value=value, allowed=", ".join(allowed), guess=guess)
