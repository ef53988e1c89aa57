"""Nim: the matchsticks of Teoria dei giochi (piles 2, 2) and Bouton's theory on small positions."""

from __future__ import annotations

from functools import reduce
from operator import xor

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tracer.errors import UsageError
from tracer.events import Evaluate, Expand
from tracer.games.base import Player
from tracer.games.nim import Nim
from tracer.record import MemoryRecorder
from tracer.search import alpha_beta, minimax


@pytest.mark.parametrize("misere", [False, True], ids=["last-wins", "misere"])
def test_matchsticks_are_won_by_the_second_player(misere: bool) -> None:
    # Teoria dei giochi: "Vince sempre B (ossia il secondo che muove)", under either rule.
    assert minimax(Nim((2, 2), misere=misere)).value == -1
    assert minimax(Nim((2, 2), first="min", misere=misere)).value == 1


def test_symmetry_gives_the_notes_tree() -> None:
    # The tree of Teoria dei giochi: 2 2 -> (1 2, 0 2); 1 2 -> (0 2, 1 1, 1 0); 0 2 -> (0 1, 0 0).
    rec = MemoryRecorder()
    minimax(Nim((2, 2), symmetry=True), recorder=rec)
    events = rec.trace.events
    labels = {e.node: e.label for e in events if isinstance(e, (Expand, Evaluate))}
    children = {e.node: [labels[c] for c in e.children] for e in events
                if isinstance(e, Expand)}
    assert labels["root"] == "2 2"
    assert children["root"] == ["1 2", "0 2"]
    assert children["p1-1"] == ["0 2", "1 1", "1 0"]
    assert children["p1-2"] == ["0 1", "0 0"]


def test_moves_and_names() -> None:
    game = Nim((1, 3))
    start = game.initial_state()
    assert [game.move_name(start, a) for a in game.actions(start)] == [
        "p1-1", "p2-1", "p2-2", "p2-3"]
    assert game.result(start, (1, 2)) == ((1, 1), Player.MIN)
    assert game.describe(start) == "1 3"
    end = ((0, 0), Player.MAX)
    assert game.is_terminal(end) and game.actions(end) == []
    assert game.utility(end) == -1  # MIN took the last stick
    assert Nim((1, 3), misere=True).utility(end) == 1


def bouton(piles: list[int], misere: bool) -> bool:
    """True when the player to move wins (Bouton 1901; the misère rule differs only when
    every pile has at most one stick)."""
    if misere and all(p <= 1 for p in piles):
        return sum(piles) % 2 == 0
    return reduce(xor, piles, 0) != 0


@settings(max_examples=examples(40), deadline=None)
@given(piles=st.lists(st.integers(0, 3), min_size=1, max_size=3), misere=st.booleans())
def test_values_follow_boutons_theory(piles: list[int], misere: bool) -> None:
    value = alpha_beta(Nim(piles, misere=misere)).value
    assert value == (1 if bouton(piles, misere) else -1)


def test_bad_parameters() -> None:
    with pytest.raises(UsageError, match="piles"):
        Nim(())
    with pytest.raises(UsageError, match="piles"):
        Nim((2, -1))
    with pytest.raises(UsageError, match="max or min"):
        Nim(first="b")
