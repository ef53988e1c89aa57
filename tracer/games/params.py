"""A game's parameters as the command line gives them (``-p name=value``): :class:`ParamSpec`
parses and checks one value.  The built-in games (:mod:`tracer.games.registry`) and user
games (:mod:`tracer.games.user`) both use it, so neither imports the other for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tracer.errors import UsageError
from tracer.reading_numbers import BadNumber, real_number, whole_number
from tracer.said import Said, said

__all__ = ["KINDS", "MAX_GAME_INT", "MAX_GAME_INTS", "ParamSpec", "check_bound", "check_least",
           "number_refused", "unknown_parameter"]

KINDS = ("int", "number", "bool", "choice", "ints", "str")
"""Parameter kinds: an integer, a number (``inf`` allowed), true/false, one of ``choices``,
comma-separated integers, free text (checked by the game)."""

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


@dataclass(frozen=True)
class ParamSpec:
    """One parameter of a game, as given on the command line (``-p name=value``)."""

    name: str
    """The key; also the game constructor's keyword argument."""
    kind: str
    """One of :data:`KINDS`; says how the text is parsed."""
    default: str
    """The default, written as a user would type it (``"7"``, ``"2,2"``, ``"inf"``)."""
    help: str
    """One line for ``gametrace games``."""
    choices: tuple[str, ...] = ()
    """The allowed values of a ``choice``."""
    minimum: int | None = None
    """The smallest allowed value of an ``int`` or of each of ``ints``."""
    maximum: int | None = None
    """The largest allowed value of an ``int`` or of each of ``ints``: what keeps one
    node of the game (its moves, its state, its id) small enough to search and record."""

    def parse(self, text: str, game: str) -> Any:
        """The typed value of ``text``; a :class:`UsageError` naming the game and the kind."""
        value = text.strip(" \t")  # as every number is read: "3\u00a0" is no number
        low = value.lower()
        # the value quoted, cut to about 40 characters
        bad = {"value": text if len(text) <= 40 else text[:37] + "...", "name": self.name,
               "game": game}
        if self.kind == "choice":
            if low in self.choices:
                return low
            raise UsageError(said("bad value {value!r} for parameter '{name}' of {game} "
                                  "(choose from: {choices})",
                                  **bad, choices=", ".join(self.choices)))
        if self.kind == "bool":
            if low in _TRUE or low in _FALSE:
                return low in _TRUE
            raise UsageError(said("bad value {value!r} for parameter '{name}' of {game} "
                                  "(expected true or false)", **bad))
        # every number in the reader's words, after the parameter's name (as an option's)
        low_most = -MAX_GAME_INT if self.minimum is None else self.minimum
        if self.kind == "int":
            return _whole(value, self.name, game, low_most, self._most())
        if self.kind == "ints":
            if value.count(",") >= MAX_GAME_INTS:
                raise UsageError(said("bad value {value!r} for parameter '{name}' of {game} "
                                      "(at most {most} numbers)", **bad, most=MAX_GAME_INTS))
            return tuple(_whole(part, self.name, game, low_most, self._most())
                         for part in value.split(","))
        if self.kind == "number":
            try:
                return real_number(value, infinite=True)
            except BadNumber as exc:
                raise number_refused(self.name, game, exc) from None
        return value

    def to_json(self) -> dict[str, Any]:
        """The parameter as ``gametrace games --json`` lists it."""
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "default": self.default,
                               "help": self.help}
        if self.choices:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out

    def _most(self) -> int:
        return MAX_GAME_INT if self.maximum is None else self.maximum


MAX_GAME_INT = 1_000_000
"""The largest whole-number parameter of a game (``-p coins=N``) that has no
``maximum`` of its own: past it even one move takes minutes to list."""
MAX_GAME_INTS = 64
"""The most numbers in one ``ints`` parameter (``-p piles=...``)."""


def check_bound(game: str, name: Said | str, value: int, maximum: int, why: Said) -> None:
    """A :class:`UsageError` when a game's parameter ``name`` (its key, or a phrase such as
    "piles (sticks in all)") is above ``maximum``; one line naming the parameter, its bound
    and ``why`` (what the bound keeps small).  Game constructors call it, so a game made in
    Python has the command line's bounds."""
    if value > maximum:
        raise UsageError(said("{game} {name} must be at most {maximum:,}, got {value:,} "
                              "({why})", game=game, name=name, maximum=maximum, value=value,
                              why=why))


def check_least(game: str, name: str, value: int, least: int) -> None:
    """A :class:`UsageError` when a game's parameter ``name`` is below ``least``."""
    if value < least:
        raise UsageError(said("{game} {name} must be at least {least}, got {value}",
                              game=game, name=name, least=least, value=value))


def unknown_parameter(key: str, game: str, known: Sequence[str]) -> Said:
    """``unknown parameter 'x' for nim (parameters: piles, first, ...)``."""
    if not known:
        return said("unknown parameter {key!r} for {game} (parameters: none)",
                    key=key, game=game)
    return said("unknown parameter {key!r} for {game} (parameters: {known})",
                key=key, game=game, known=", ".join(known))


def number_refused(name: str, game: str, refusal: BadNumber) -> UsageError:
    """The :class:`UsageError` for a number the reader refused as the value of parameter
    ``name`` of ``game``: the reader's words after the parameter's name, as an option's
    (``parameter 'piles' of nim: expected a whole number ...``)."""
    return UsageError(said("{option}: {problem}", problem=refusal.said,
                           option=said("parameter '{name}' of {game}", name=name, game=game)))


def _whole(text: str, name: str, game: str, low: int, high: int) -> int:
    """``text`` read by :func:`tracer.reading_numbers.whole_number` within ``low..high``."""
    try:
        return whole_number(text, low=low, high=high)
    except BadNumber as exc:
        raise number_refused(name, game, exc) from None
