"""tracer.numbers and tracer.players: how numbers are written for people, and who
chooses at a node."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tracer.jsonio import decode_number
from tracer.numbers import format_number
from tracer.players import Player


@pytest.mark.parametrize(("x", "text"), [
    (3, "3"), (3.0, "3"), (-0.0, "0"), (2.5, "2.5"), (-7, "-7"),
    (math.inf, "+inf"), (-math.inf, "-inf"),
])
def test_format_number(x: float, text: str) -> None:
    assert format_number(x) == text


@given(st.one_of(st.integers(), st.floats(allow_nan=False)))
def test_a_written_number_reads_back_as_the_same_value(x: float) -> None:
    text = format_number(x)
    # A whole number is written in full (reading it as a float would round 2**53 + 1).
    back = decode_number(text) if "inf" in text else (
        int(text) if text.lstrip("-").isdigit() else float(text))
    assert back == x


def test_players() -> None:
    assert [p.value for p in Player] == ["max", "min", "chance"]
    assert (Player.MAX.opponent, Player.MIN.opponent, Player.CHANCE.opponent) == (
        Player.MIN, Player.MAX, Player.CHANCE)
    assert (Player.MAX.sign, Player.MIN.sign, Player.CHANCE.sign) == (1, -1, 1)
    assert Player("min") is Player.MIN and Player.MAX == "max"
