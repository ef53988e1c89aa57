"""Names for the command line's choices: the nearest allowed name for a typo
(:func:`nearest`, :func:`unknown_choice`) and the one frame option that needs another
(:func:`check_frame_options`).  Which search option applies where is the search spec's
(:mod:`tracer.spec`).
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from .errors import UsageError

__all__ = ["check_frame_options", "nearest", "unknown_choice"]


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
