"""Proof-number search (Allis 1994): a hand-checked trace, Grundy's game, and agreement
with the depth-first AND/OR search."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import do_search
from tracer.errors import UsageError
from tracer.events import Evaluate, Event, Expand, Numbers, Select, Status
from tracer.games.base import Capabilities, Player
from tracer.games.grundy import Grundy
from tracer.jsonio import dumps_json
from tracer.record import MemoryRecorder
from tracer.schema import validate
from tracer.search import Limits
from tracer.search.andor import and_or, solution_tree
from tracer.search.pns import proof_number_search
from tracer.trace import Trace

INF = float("inf")


def brief(event: Event) -> tuple[Any, ...]:
    """The parts of an event this file checks."""
    if isinstance(event, Numbers):
        return ("numbers", event.node, event.proof, event.disproof)
    if isinstance(event, Select):
        return ("select", event.node, event.number)
    if isinstance(event, Expand):
        return ("expand", event.node, event.children)
    if isinstance(event, Evaluate):
        return ("evaluate", event.node, event.value)
    assert isinstance(event, Status)
    return ("status", event.node, event.status, event.because)


def test_a_small_tree_step_by_step() -> None:
    """OR root A; AND nodes B (1, -1) and C (1, 1); MAX proves."""
    s = do_search("A(B(b1:1 b2:-1) C(c1:1 c2:1))", "pns")
    assert [brief(e) for e in s.trace.events] == [
        ("numbers", "A", 1, 1),
        ("select", "A", 1),
        ("expand", "A", ("B", "C")),
        ("numbers", "B", 1, 1),
        ("numbers", "C", 1, 1),
        ("numbers", "A", 1, 2),  # OR: min of the proofs, sum of the disproofs
        ("select", "B", 2),  # ties go to the first child
        ("expand", "B", ("b1", "b2")),
        ("evaluate", "b1", 1),
        ("numbers", "b1", 0, INF),
        ("status", "b1", "solved", ()),
        ("evaluate", "b2", -1),
        ("numbers", "b2", INF, 0),
        ("status", "b2", "unsolvable", ()),
        ("numbers", "B", INF, 0),  # AND: sum of the proofs, min of the disproofs
        ("status", "B", "unsolvable", ("b2",)),
        ("numbers", "A", 1, 1),
        ("select", "C", 3),
        ("expand", "C", ("c1", "c2")),
        ("evaluate", "c1", 1),
        ("numbers", "c1", 0, INF),
        ("status", "c1", "solved", ()),
        ("evaluate", "c2", 1),
        ("numbers", "c2", 0, INF),
        ("status", "c2", "solved", ()),
        ("numbers", "C", 0, INF),
        ("status", "C", "solved", ("c1", "c2")),
        ("numbers", "A", 0, INF),
        ("status", "A", "solved", ("C",)),
    ]
    assert s.result.value == 1
    assert s.result.move == "C"
    assert s.result.pv == ("A", "C", "c1")
    assert s.result.stats.nodes_expanded == 3
    assert s.result.stats.leaves_evaluated == 4


def test_an_and_node_follows_the_smallest_disproof_number() -> None:
    """MIN proving: the MAX root is an AND node.  After the first expansion B has
    disproof 2 (two MIN replies to refute) and C disproof 1: C is most proving."""
    s = do_search("A(B(B1(1 1) B2(1 1)) C(C1(-1 -1)))", "pns", prover="min")
    selects = [e.node for e in s.trace.events if isinstance(e, Select)]
    assert selects[:4] == ["A", "B", "C", "C1"]
    assert s.result.value == 1
    assert s.result.move == "B"  # MAX's move that refutes MIN's proof


def test_grundy_7_min_first() -> None:
    rec = MemoryRecorder()
    result = proof_number_search(Grundy(7), recorder=rec)
    assert result.value == 1
    assert result.move is None
    events = rec.trace.events
    assert brief(events[0]) == ("numbers", "root", 1, 1)
    numbers = [e.number for e in events if isinstance(e, Select)]
    assert numbers == list(range(1, result.stats.nodes_expanded + 1))
    last_root = [e for e in events if isinstance(e, Numbers) and e.node == "root"][-1]
    assert (last_root.proof, last_root.disproof) == (0, INF)
    dfs = MemoryRecorder()
    and_or(Grundy(7), recorder=dfs)
    assert solution_tree(rec.trace) == solution_tree(dfs.trace)
    doc = rec.trace.to_json()
    validate(doc, "trace", file="grundy-pns")
    assert Trace.from_json(json.loads(dumps_json(doc))).to_json() == doc


def _child(game: Grundy, state: Any, move_id: str) -> Any:
    name = move_id.rsplit("/", 1)[-1]
    action = next(a for a in game.actions(state) if game.move_name(state, a) == name)
    return game.result(state, action)


@pytest.mark.parametrize("coins", range(1, 13))
@pytest.mark.parametrize("first", ["max", "min"])
@pytest.mark.parametrize("prover", ["max", "min"])
def test_pns_agrees_with_the_depth_first_search_on_grundy(coins: int, first: str,
                                                          prover: str) -> None:
    game = Grundy(coins, first=first)
    best_first = proof_number_search(game, prover=prover)
    depth_first = and_or(game, prover=prover)
    assert best_first.value == depth_first.value
    assert (best_first.move is None) == (depth_first.move is None)
    if best_first.move is not None:
        # PNS may pick another deciding move: it must decide the same way.
        after = _child(game, game.initial_state(), best_first.move)
        assert and_or(game, after, prover=prover).value == best_first.value


def test_recording_does_not_change_the_result() -> None:
    for coins in (7, 10, 12):
        traced = proof_number_search(Grundy(coins), recorder=MemoryRecorder())
        assert proof_number_search(Grundy(coins)) == traced


class _Stuck:
    """MAX chooses ``stuck`` (no moves, not over, evaluated +1) or ``lose`` (-1)."""

    name = "stuck"
    capabilities = Capabilities(evaluation=True)

    def initial_state(self) -> str:
        return "start"

    def to_move(self, state: str) -> Player:
        return Player.MAX if state == "start" else Player.MIN

    def actions(self, state: str) -> list[str]:
        return ["lose", "stuck"] if state == "start" else []

    def result(self, state: str, action: str) -> str:
        return action

    def is_terminal(self, state: str) -> bool:
        return state == "lose"

    def utility(self, state: str) -> float:
        return -1.0

    def evaluate(self, state: str) -> float:
        return 1.0

    def probability(self, state: str, action: str) -> float:
        raise AssertionError("no chance")

    def move_name(self, state: str, action: str) -> str:
        return action

    def node_id(self, state: str) -> str:
        raise AssertionError("unused")

    def describe(self, state: str) -> str:
        return state


def test_a_position_without_moves_is_scored_as_in_the_depth_first_search() -> None:
    rec = MemoryRecorder()
    best_first = proof_number_search(_Stuck(), recorder=rec)
    assert best_first.value == and_or(_Stuck()).value == 1
    assert best_first.move == "stuck"
    assert [brief(e) for e in rec.trace.events][-6:] == [
        ("select", "stuck", 2),
        ("evaluate", "stuck", 1.0),
        ("numbers", "stuck", 0, INF),
        ("status", "stuck", "solved", ()),
        ("numbers", "root", 0, INF),
        ("status", "root", "solved", ("stuck",)),
    ]


def test_chance_and_depth_are_refused() -> None:
    with pytest.raises(UsageError, match="chance node"):
        do_search("A(B[chance](C[p=0.5]:1 D[p=0.5]:-1) E:1)", "pns")
    with pytest.raises(UsageError, match="--depth"):
        do_search("A(1 -1)", "pns", depth=2)


def test_a_budget_stops_the_search_cleanly() -> None:
    result = proof_number_search(Grundy(12), limits=Limits(max_nodes=20))
    assert result.value is None
    assert result.stopped == "max-nodes"
