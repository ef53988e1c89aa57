"""Expectiminimax and Star1: the examples of Teoria dei giochi (Giochi non deterministici,
Valori esatti necessari), the events, the checks on probabilities and bounds, and the dice race."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import do_search
from tracer._api import search_tree
from tracer.errors import InputError, UsageError
from tracer.events import Backup, Cut, Expand
from tracer.examples import EXAMPLES, example_tree
from tracer.games.base import Capabilities, Player
from tracer.games.dice import DiceRace
from tracer.jsonio import dumps_json
from tracer.record import MemoryRecorder
from tracer.schema import validate
from tracer.search import run_search
from tracer.search.expectiminimax import expectiminimax
from tracer.trace import Trace

COIN_BAD_F = ("A(B[chance](C[p=0.5](1 4) D[p=0.5](7 4)) "
              "E[chance](F[p=0.5](-2 0) G[p=0.5](5 -2)))")


def chance_backups(s: Any, node: str) -> list[tuple[str, float | None, float]]:
    return [(e.child, e.prob, e.value) for e in s.trace.events
            if isinstance(e, Backup) and e.node == node]


# --- Giochi non deterministici: the coin-----------------------------------------------------


def test_coin_chance_nodes_are_worth_2_5_and_minus_1() -> None:
    s = do_search(example_tree("coin"), "expectiminimax")
    assert s.result.value == EXAMPLES["coin"].value == 2.5
    assert s.result.move == "B"
    # The principal variation stops at the chance node: below it nobody chooses.
    assert s.result.pv == ("A", "B")
    assert chance_backups(s, "A") == [("B", None, 2.5), ("E", None, 2.5)]
    root_backups = [e for e in s.trace.events if isinstance(e, Backup) and e.node == "A"]
    assert [e.child_value for e in root_backups] == [2.5, -1.0]


def test_coin_backups_build_the_weighted_sum() -> None:
    s = do_search(example_tree("coin"), "expectiminimax")
    # Each Backup at a chance node carries the child's probability and the sum so far.
    assert chance_backups(s, "B") == [("C", 0.5, 0.5), ("D", 0.5, 2.5)]
    assert chance_backups(s, "E") == [("F", 0.5, 0.0), ("G", 0.5, -1.0)]
    expands = {e.node: e for e in s.trace.events if isinstance(e, Expand)}
    assert expands["B"].probs == (0.5, 0.5)
    assert expands["B"].player == "chance"
    assert expands["B"].value == 0
    assert expands["C"].probs is None
    assert s.evaluated == list("HIJKLMNO")


def test_no_division_by_the_number_of_outcomes() -> None:
    """aima-python divides the weighted sum by the number of outcomes: 4/3 here, not 4."""
    s = do_search("A[chance](B[p=0.5]:4 C[p=0.25]:8 D[p=0.25]:0)", "expectiminimax")
    assert s.result.value == 4.0
    assert s.result.move is None
    assert s.result.pv == ("A",)


# --- Valori esatti necessari: order-preserving transformations-------------------------------


@pytest.mark.parametrize(("name", "b", "e", "move"), [
    ("transform-a", 2.1, 1.3, "B"),
    ("transform-b", 21.0, 40.9, "E"),
], ids=["values-1-4", "values-1-400"])
def test_a_monotonic_change_of_the_leaves_flips_the_decision(name: str, b: float, e: float,
                                                             move: str) -> None:
    s = do_search(example_tree(name), "expectiminimax")
    root = [ev for ev in s.trace.events if isinstance(ev, Backup) and ev.node == "A"]
    assert [ev.child_value for ev in root] == [b, e]
    assert s.result.value == max(b, e) == EXAMPLES[name].value
    assert s.result.move == move
    probs = {ev.node: ev.probs for ev in s.trace.events if isinstance(ev, Expand)}
    assert probs["B"] == probs["E"] == (0.9, 0.1)


def test_minimax_decisions_survive_the_same_change() -> None:
    """The contrast the notes draw: without chance only the order of the values matters."""
    before = do_search("A(B(2 3) E(1 4))", "minimax")
    after = do_search("A(B(20 30) E(1 400))", "minimax")
    assert before.result.move == after.result.move == "B"


# --- plain expectiminimax is minimax without chance nodes -------------------------------


# three-mins with values for the notes' unknown a and b: minimax reads every leaf
GIVEN_THREE_MINS = "A(B(3 5 10) C(2 a:4 b:6) D(2 7 3))"


@pytest.mark.parametrize("name", ["aima", "two-mins", "three-mins"])
@pytest.mark.parametrize("variant", ["plain", "star1"])
def test_without_chance_it_is_minimax(name: str, variant: str) -> None:
    tree = GIVEN_THREE_MINS if name == "three-mins" else example_tree(name)
    reference = do_search(tree, "minimax")
    s = do_search(tree, "expectiminimax", variant, bounds=(-20, 20))
    assert s.result.value == reference.result.value == 3
    assert s.result.pv == reference.result.pv
    if variant == "plain":
        assert s.evaluated == reference.evaluated


# --- Star1 ----------------------------------------------------------------------------


def test_star1_cuts_a_chance_node_when_its_first_outcome_is_bad_enough() -> None:
    """After B = 2.5, E's first outcome F is worth -2: with leaves at most 7,
    E <= 0.5*(-2) + 0.5*7 = 2.5 whatever G is, so G is pruned (Ballard 1983)."""
    plain = do_search(COIN_BAD_F, "expectiminimax")
    star = do_search(COIN_BAD_F, "expectiminimax", "star1", bounds=(-2, 7))
    assert plain.result.value == star.result.value == 2.5
    cuts = [e for e in star.trace.events if isinstance(e, Cut)]
    assert [(c.node, c.kind, c.after, c.pruned, c.value) for c in cuts] == [
        ("F", "alpha", "L", ("M",), -2),
        ("E", "star1", "F", ("G",), 2.5),
    ]
    assert star.evaluated == list("HIJKL")
    assert star.result.stats.cuts == 2
    assert star.result.stats.children_pruned == 2
    window = {e.node: (e.alpha, e.beta) for e in star.trace.events if isinstance(e, Expand)}
    assert window["E"] == (2.5, float("inf"))
    assert window["F"] == (-2, 7)  # (2.5 - 7*0.5) / 0.5 = -2, clamped to the bounds


def test_star1_with_loose_bounds_prunes_less() -> None:
    star = do_search(COIN_BAD_F, "expectiminimax", "star1", bounds=(-100, 100))
    assert star.result.value == 2.5
    assert not [e for e in star.trace.events if isinstance(e, Cut) and e.kind == "star1"]


def test_star1_needs_bounds() -> None:
    with pytest.raises(UsageError, match="--bounds"):
        do_search(example_tree("coin"), "expectiminimax", "star1")


def test_star1_rejects_reversed_bounds() -> None:
    with pytest.raises(UsageError, match="LO <= HI"):
        do_search(example_tree("coin"), "expectiminimax", "star1", bounds=(5, -5))


def test_star1_names_a_leaf_outside_the_bounds() -> None:
    with pytest.raises(InputError, match="leaf J has the value 7, outside"):
        do_search(example_tree("coin"), "expectiminimax", "star1", bounds=(-2, 6))


def test_an_untraced_search_names_the_leaf_too() -> None:
    """Without a recorder children are keyed by action; the message still says J."""
    with pytest.raises(InputError, match="leaf J has the value 7, outside"):
        search_tree(example_tree("coin"), algorithm="expectiminimax", variant="star1",
                    bounds=(-2, 6))


def test_bounds_are_recorded_in_the_header() -> None:
    s = do_search(example_tree("coin"), "expectiminimax", "star1", bounds=(-2, 7))
    assert s.trace.header.options["bounds"] == [-2, 7]
    assert s.trace.header.algorithm == "expectiminimax"
    assert s.trace.header.variant == "star1"


# --- generated games with chance ------------------------------------------------------


class _Lopsided:
    """MAX plays ``go``; then a coin whose two sides are given 0.5 and 0.6."""

    name = "lopsided"
    capabilities = Capabilities(chance=True)

    def initial_state(self) -> str:
        return "start"

    def to_move(self, state: str) -> Player:
        return {"start": Player.MAX, "coin": Player.CHANCE}.get(state, Player.MIN)

    def actions(self, state: str) -> list[str]:
        return {"start": ["go"], "coin": ["heads", "tails"]}.get(state, [])

    def result(self, state: str, action: str) -> str:
        return "coin" if action == "go" else action

    def is_terminal(self, state: str) -> bool:
        return state in ("heads", "tails")

    def utility(self, state: str) -> float:
        return 1.0

    def evaluate(self, state: str) -> float:
        return 0.0

    def probability(self, state: str, action: str) -> float:
        return 0.5 if action == "heads" else 0.6

    def move_name(self, state: str, action: str) -> str:
        return action

    def node_id(self, state: str) -> str:
        raise AssertionError("unused")

    def describe(self, state: str) -> str:
        return f"<{state}>"


@pytest.mark.parametrize("traced", [True, False], ids=["traced", "untraced"])
def test_probabilities_of_a_generated_game_must_sum_to_1(traced: bool) -> None:
    recorder = MemoryRecorder() if traced else None
    with pytest.raises(InputError, match=r"chance node (go|'<coin>') .*sum 1\.1"):
        if recorder is None:
            expectiminimax(_Lopsided())
        else:
            expectiminimax(_Lopsided(), recorder=recorder)


def test_dice_one_turn_walking_wins_for_sure() -> None:
    """Goal 2, a coin for a die (a 1 scores 0, a 2 scores 2), one turn: walking to 1 : 0
    wins (+1); rolling wins only half the time and draws otherwise (0.5)."""
    game = DiceRace(2, sides=2, turns=1)
    rec = MemoryRecorder()
    result = expectiminimax(game, recorder=rec)
    assert result.value == 1
    assert result.move == "walk"
    backups = [(e.child, e.child_value) for e in rec.trace.events
               if isinstance(e, Backup) and e.node == "root"]
    assert backups == [("walk", 1), ("roll", 0.5)]
    expand = next(e for e in rec.trace.events if isinstance(e, Expand) and e.node == "roll")
    assert expand.children == ("roll/1", "roll/2")
    assert expand.probs == (0.5, 0.5)
    assert expand.label == "MAX 0 : MIN 0, MAX rolls, 1 left"
    doc = rec.trace.to_json()
    validate(doc, "trace", file="dice")
    assert Trace.from_json(json.loads(dumps_json(doc))).to_json() == doc


def test_dice_defaults_value() -> None:
    """Goal 5, a six-sided die, four turns: MAX rolls first and wins with probability
    P(win) - P(loss) = 107/324 (every leaf is reached with probability k/6^4)."""
    result = run_search(DiceRace(), algorithm="expectiminimax")
    assert result.value == pytest.approx(107 / 324, abs=1e-12)
    assert result.move == "roll"


@pytest.mark.parametrize("depth", [None, 0, 1, 2, 3, 5])
def test_dice_star1_agrees_with_plain(depth: int | None) -> None:
    game = DiceRace(4, sides=4, turns=4, first="min")
    plain = run_search(game, algorithm="expectiminimax", depth=depth)
    star = run_search(game, algorithm="expectiminimax", variant="star1", bounds=(-1, 1),
                      depth=depth)
    assert star.value == pytest.approx(plain.value, abs=1e-12)
    assert star.stats.leaves_evaluated <= plain.stats.leaves_evaluated


def test_minimax_still_refuses_chance_nodes() -> None:
    with pytest.raises(UsageError, match="node walk/walk/walk/roll is a chance node"):
        run_search(DiceRace(), algorithm="minimax", recorder=MemoryRecorder())
