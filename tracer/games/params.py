"""A game's parameters as the command line gives them (``-p name=value``): :class:`ParamSpec`
parses and checks one value.  The built-in games (:mod:`tracer.games.registry`) and user
games (:mod:`tracer.games.user`) both use it, so neither imports the other for it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from tracer.errors import UsageError

__all__ = ["KINDS", "MAX_GAME_INT", "MAX_GAME_INTS", "ParamSpec", "check_bound"]

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
        value = text.strip()
        low = value.lower()
        if self.kind == "choice":
            if low in self.choices:
                return low
            return self._bad(text, game, f"choose from: {', '.join(self.choices)}")
        if self.kind == "bool":
            if low in _TRUE or low in _FALSE:
                return low in _TRUE
            return self._bad(text, game, "expected true or false")
        if self.kind == "int":
            number = _int(value)
            if number is None or (self.minimum is not None and number < self.minimum):
                return self._bad(text, game, f"expected an integer{self._at_least()}")
            if number > self._most():
                return self._bad(text, game, f"at most {self._most():,}")
            if abs(number) > MAX_GAME_INT:
                return self._bad(text, game, f"at most {MAX_GAME_INT:,}")
            return number
        if self.kind == "ints":
            if value.count(",") >= MAX_GAME_INTS:
                return self._bad(text, game, f"at most {MAX_GAME_INTS} numbers")
            parts = [_int(p) for p in value.split(",")] if value else []
            if any(p is not None and p > self._most() for p in parts):
                return self._bad(text, game, f"each at most {self._most():,}")
            if any(p is not None and abs(p) > MAX_GAME_INT for p in parts):
                return self._bad(text, game, f"each at most {MAX_GAME_INT:,}")
            if not parts or any(p is None or (self.minimum is not None and p < self.minimum)
                                for p in parts):
                return self._bad(text, game,
                                 f"expected integers{self._at_least()} separated by commas")
            return tuple(parts)
        if self.kind == "number":
            whole = _int(value)
            if whole is not None:
                return whole
            try:
                real = float(value)
            except ValueError:
                real = math.nan
            if math.isnan(real):
                return self._bad(text, game, "expected a number or inf")
            return real
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

    def _at_least(self) -> str:
        return "" if self.minimum is None else f" >= {self.minimum}"

    def _most(self) -> int:
        return MAX_GAME_INT if self.maximum is None else self.maximum

    def _bad(self, text: str, game: str, expected: str) -> Any:
        shown = repr(text) if len(text) <= 40 else repr(text[:37] + "...")
        raise UsageError(f"bad value {shown} for parameter '{self.name}' of {game} ({expected})")


MAX_GAME_INT = 1_000_000
"""The largest whole-number parameter of a game (``-p coins=N``) that has no
``maximum`` of its own: past it even one move takes minutes to list."""
MAX_GAME_INTS = 64
"""The most numbers in one ``ints`` parameter (``-p piles=...``)."""


def check_bound(game: str, name: str, value: int, maximum: int, why: str) -> None:
    """A :class:`UsageError` when a game's parameter ``name`` is above ``maximum``; one
    line naming the parameter, its bound and ``why`` (what the bound keeps small).
    Game constructors call it, so a game made in Python has the command line's bounds."""
    if value > maximum:
        raise UsageError(f"{game} {name} must be at most {maximum:,}, got {value:,} "
                         f"({why})")


def _int(text: str) -> int | None:
    try:
        return int(text.strip())
    except ValueError:
        return None
