"""How every number a person writes is read: one grammar, one limit, one message.

Options (``--depth 3``), game parameters (``-p piles=3,4``), environment variables
(``GAMETRACE_MAX_EVENTS``), the service's query strings and path segments (``?limit=``,
``/nodes/12``) and the numbers inside files (tree text, answer files, fractions) are all
read here, so that the same text gets the same verdict everywhere (``docs/errors.md``,
"How numbers are read"):

- the digits ``0``-``9`` only: Python's ``int()`` also takes ``"٣"`` (3), ``"1_0"`` (10)
  and fullwidth ``"３"``, which no one means as a number here;
- an optional ``+`` or ``-`` in front; spaces and tabs around the number are ignored;
- at most :data:`MAX_DIGITS` digits in all (a float's range ends near ``1e308``);
- a real number is ``3``, ``-2.5``, ``.5``, ``1e6``; one that would be infinite
  (``1e400``) is refused, never read as ``+inf``; unbounded values are written ``+inf``
  / ``-inf`` where a place takes them;
- a whole-number place refuses ``1280.5`` (and ``1e3``) rather than rounding it.

Each function raises :class:`BadNumber` (a :class:`ValueError`) with the reason as a
:class:`~tracer.said.Said`; the place that reads the number adds its name and turns it
into its own error (:class:`~tracer.errors.UsageError`, an input error with a file and a
line, a problem of the service).
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

from .errors import UsageError
from .said import Said, said

__all__ = ["MAX_DIGITS", "BadNumber", "TooManyDigits", "fraction_number", "real_number",
           "real_option", "whole_number", "whole_option"]

MAX_DIGITS = 300
"""The most digits a number may have, wherever it is written (``tracer.jsonio`` applies
the same limit to JSON)."""

_SPACE = " \t"
_WHOLE = re.compile(r"[+-]?[0-9]+")
_REAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_FRACTION = re.compile(r"([+-]?[0-9]+)[ \t]*/[ \t]*([0-9]+)")
_INFINITE = {"+inf": math.inf, "inf": math.inf, "-inf": -math.inf}


class BadNumber(ValueError):
    """A text that is not a number of the kind asked: :attr:`said` says why."""

    def __init__(self, reason: Said) -> None:
        super().__init__(str(reason))
        self.said = reason


class TooManyDigits(BadNumber):
    """A number written well but with more than :data:`MAX_DIGITS` digits."""


def _shown(text: str) -> str:
    return text if len(text) <= 40 else text[:40] + "..."


def _digits(text: str) -> None:
    digits = sum(c.isdigit() for c in text)
    if digits > MAX_DIGITS:
        raise TooManyDigits(said("a number with {digits} digits (at most {most} are accepted)",
                                 digits=digits, most=MAX_DIGITS))


def _within(value: int | float, low: float | None, high: float | None,
            low_open: bool) -> None:
    if low is not None and high is not None and not (
            (low < value if low_open else low <= value) and value <= high):
        raise BadNumber(said("expected a number in {low}..{high}, got {value}",
                             low=low, high=high, value=value) if not low_open else
                        said("expected a number above {low} and at most {high}, got {value}",
                             low=low, high=high, value=value))
    if low is not None and (value <= low if low_open else value < low):
        raise BadNumber(said("expected a number above {low}, got {value}", low=low,
                             value=value) if low_open else
                        said("expected a number of at least {low}, got {value}", low=low,
                             value=value))
    if high is not None and value > high:
        raise BadNumber(said("expected a number of at most {high}, got {value}", high=high,
                             value=value))


def whole_number(text: str, *, low: int | None = None, high: int | None = None) -> int:
    """``text`` as a whole number in ``low..high`` (either end may be open): digits 0-9,
    an optional sign, at most :data:`MAX_DIGITS` digits; else :class:`BadNumber`."""
    word = text.strip(_SPACE)
    if _WHOLE.fullmatch(word) is None:
        raise BadNumber(said("expected a whole number written with the digits 0-9, got "
                             "{text!r}", text=_shown(text)))
    _digits(word)
    value = int(word)
    _within(value, low, high, False)
    return value


def real_number(text: str, *, low: float | None = None, high: float | None = None,
                low_open: bool = False, infinite: bool = False) -> int | float:
    """``text`` as a number: an int when it is written whole (``3``), else a finite float
    (``2.5``, ``1e6``); ``+inf``/``-inf`` too when ``infinite``; within ``low..high``
    (``low`` excluded when ``low_open``); else :class:`BadNumber`."""
    word = text.strip(_SPACE)
    if infinite and word.lower() in _INFINITE:
        value: int | float = _INFINITE[word.lower()]
        _within(value, low, high, low_open)
        return value
    if _REAL.fullmatch(word) is None:
        raise BadNumber(said("expected a number written with the digits 0-9 (such as 3, "
                             "-2.5 or 1e6), got {text!r}", text=_shown(text)))
    _digits(word)
    if _WHOLE.fullmatch(word):
        value = int(word)
    else:
        value = float(word)
        if not math.isfinite(value):
            raise BadNumber(said("the number {number} is out of range (it would be "
                                 'infinite; write "+inf" or "-inf" for unbounded values)',
                                 number=_shown(word)))
    _within(value, low, high, low_open)
    return value


def fraction_number(text: str) -> Fraction:
    """``"1/3"`` as an exact :class:`Fraction` (numerator and denominator whole numbers of
    at most :data:`MAX_DIGITS` digits each, the denominator not 0); else :class:`BadNumber`."""
    m = _FRACTION.fullmatch(text.strip(_SPACE))
    if m is None:
        raise BadNumber(said("expected a fraction such as 1/3 written with the digits 0-9, "
                             "got {text!r}", text=_shown(text)))
    _digits(m[1])
    _digits(m[2])
    if int(m[2]) == 0:
        raise BadNumber(said("the fraction {text} divides by 0", text=_shown(text)))
    return Fraction(int(m[1]), int(m[2]))


def whole_option(text: str, option: Said | str, *, low: int | None = None,
                 high: int | None = None) -> int:
    """:func:`whole_number`, its refusal a :class:`~tracer.errors.UsageError` naming
    ``option`` (``--cuts``, ``GAMETRACE_MAX_EVENTS``)."""
    try:
        return whole_number(text, low=low, high=high)
    except BadNumber as exc:
        raise UsageError(said("{option}: {problem}", option=option, problem=exc.said)
                         ) from None


def real_option(text: str, option: Said | str, *, low: float | None = None,
                high: float | None = None, low_open: bool = False,
                infinite: bool = False) -> int | float:
    """:func:`real_number`, its refusal a :class:`~tracer.errors.UsageError` naming
    ``option``."""
    try:
        return real_number(text, low=low, high=high, low_open=low_open, infinite=infinite)
    except BadNumber as exc:
        raise UsageError(said("{option}: {problem}", option=option, problem=exc.said)
                         ) from None
