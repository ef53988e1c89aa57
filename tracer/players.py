"""Who chooses at a node: the one type that every stage (trees, games, search, traces,
drawings, checks) shares, so none of them has to import another's module for it."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Player"]


class Player(StrEnum):
    """Who chooses at a node: MAX (Più), MIN (Meno), or chance."""

    MAX = "max"
    MIN = "min"
    CHANCE = "chance"

    @property
    def opponent(self) -> Player:
        """The other player; chance has no opponent and returns itself."""
        if self is Player.MAX:
            return Player.MIN
        if self is Player.MIN:
            return Player.MAX
        return self

    sign: int
    """+1 for MAX, -1 for MIN (+1 for chance): turns a MAX-view value into the
    side-to-move view.  A plain attribute, not a property: searches read it at every
    node."""


for _player, _sign in ((Player.MAX, 1), (Player.MIN, -1), (Player.CHANCE, 1)):
    _player.sign = _sign
del _player, _sign
