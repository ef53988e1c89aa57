"""Depth-first AND/OR proof search: Grundy's game (Giochi a due giocatori), the OR / AND stopping
rules, the Status events, the solution tree and the result's conventions."""

from __future__ import annotations

import pytest

from tests.conftest import do_search
from tracer.errors import UsageError
from tracer.events import Evaluate, Expand, Status
from tracer.games.grundy import Grundy
from tracer.games.registry import make_game
from tracer.record import MemoryRecorder
from tracer.search import Limits, run_search
from tracer.search.andor import and_or, solution_tree
from tracer.trace import Trace

# Sprague-Grundy values of one pile of n coins, n = 0..12 (OEIS A002188): the player to
# move wins exactly when the value is not 0.
GRUNDY_VALUES = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]


def statuses(trace: Trace) -> list[tuple[str, str, tuple[str, ...], str | None]]:
    return [(e.node, e.status, e.because, e.kind) for e in trace.events
            if isinstance(e, Status)]


def labels(trace: Trace) -> dict[str, str | None]:
    return {e.node: e.label for e in trace.events if isinstance(e, (Expand, Evaluate))}


# --- Giochi a due giocatori: Grundy's game, 7 coins, Meno first------------------------------


def test_grundy_7_min_first_max_wins() -> None:
    game, state, source = make_game("grundy", {"coins": "7", "first": "min"})
    rec = MemoryRecorder()
    result = run_search(game, state, algorithm="andor", recorder=rec, source=source)
    assert result.value == 1
    # The root is an AND node (Meno moves): Più has no move to name there.
    assert result.move is None
    tree = solution_tree(rec.trace)
    names = labels(rec.trace)
    # Meno's three splits (6,1), (5,2), (4,3) are all in the solution (AND) ...
    assert [names[c] for c in tree["root"]] == ["(6, 1)", "(5, 2)", "(4, 3)"]
    # ... and each has one winning reply of Più (OR).
    replies = [tree[c] for c in tree["root"]]
    assert [len(r) for r in replies] == [1, 1, 1]
    assert [names[r[0]] for r in replies] == ["(4, 2, 1)", "(4, 2, 1)", "(3, 3, 1)"]
    # Every line of the solution ends in a position where Meno cannot move.
    ends = [node for node, kids in tree.items() if not kids]
    assert all(names[n] == "(2, 2, 1, 1, 1)" for n in ends)
    root_status = statuses(rec.trace)[-1]
    assert root_status == ("root", "solved", tuple(tree["root"]), "and")


def test_grundy_7_min_first_search_stops_early() -> None:
    rec = MemoryRecorder()
    result = and_or(Grundy(7), recorder=rec)
    # At (6, 1) Più's first move 6->5+1 fails (Meno answers 5->4+1), 6->4+2 wins.
    found = statuses(rec.trace)
    assert ("7->6+1", "solved", ("7->6+1/6->4+2",), "or") in found
    assert ("7->6+1/6->5+1", "unsolvable", ("7->6+1/6->5+1/5->4+1",), "and") in found
    assert result.stats.nodes_expanded == 13
    assert result.stats.leaves_evaluated == 4
    assert result.stats.children_pruned == 3
    assert result.pv == ("root", "7->6+1", "7->6+1/6->4+2", "7->6+1/6->4+2/4->3+1",
                         "7->6+1/6->4+2/4->3+1/3->2+1")


def test_grundy_7_min_cannot_prove_its_own_win() -> None:
    result = and_or(Grundy(7), prover="min")
    assert result.value == 1  # MAX's view: MIN's proof fails, and Grundy has no draws
    assert result.move is None


@pytest.mark.parametrize("coins", range(1, 13))
@pytest.mark.parametrize("first", ["max", "min"])
def test_grundy_matches_sprague_grundy_theory(coins: int, first: str) -> None:
    mover_wins = GRUNDY_VALUES[coins] != 0
    winner = first if mover_wins else ("min" if first == "max" else "max")
    for prover in ("max", "min"):
        result = and_or(Grundy(coins, first=first), prover=prover)
        assert result.value == (1 if winner == "max" else -1), prover
        # The root mover's deciding move exists exactly when the mover wins.
        assert (result.move is not None) == (mover_wins and coins >= 3)


# --- the stopping rules on trees ------------------------------------------------------


def test_an_or_node_stops_at_its_first_solved_child() -> None:
    s = do_search("A(B(b1:1 b2:1) C(c1:-1 c2:1))", "andor")
    assert statuses(s.trace) == [
        ("b1", "solved", (), None),
        ("b2", "solved", (), None),
        ("B", "solved", ("b1", "b2"), "and"),
        ("A", "solved", ("B",), "or"),
    ]
    assert s.evaluated == ["b1", "b2"]
    assert s.result.value == 1
    assert s.result.move == "B"
    assert s.result.pv == ("A", "B", "b1")
    assert s.result.stats.cuts == 1
    assert s.result.stats.children_pruned == 1


def test_an_and_node_stops_at_its_first_unsolvable_child() -> None:
    s = do_search("A(B(b1:-1 b2:1) C(c1:1 c2:1))", "andor")
    assert ("B", "unsolvable", ("b1",), "and") in statuses(s.trace)
    assert s.evaluated == ["b1", "c1", "c2"]
    assert s.result.value == 1
    assert s.result.move == "C"
    assert s.result.pv == ("A", "C", "c1")
    assert solution_tree(s.trace) == {"A": ("C",), "C": ("c1", "c2"), "c1": (), "c2": ()}


def test_an_unsolvable_root_gives_the_refutation_tree() -> None:
    s = do_search("A(B(b1:-1 b2:1) C(c1:1 c2:-1))", "andor")
    assert statuses(s.trace)[-1] == ("A", "unsolvable", ("B", "C"), "or")
    assert s.result.value == -1
    assert s.result.move is None  # Più has no winning move
    assert s.result.pv == ("A", "B", "b1")
    assert solution_tree(s.trace) == {"A": ("B", "C"), "B": ("b1",), "b1": (),
                                      "C": ("c2",), "c2": ()}


def test_min_as_prover_swaps_or_and_and() -> None:
    s = do_search("A(B(b1:-1 b2:-1) C(c1:1 c2:-1))", "andor", prover="min")
    assert statuses(s.trace)[-1] == ("A", "solved", ("B", "C"), "and")
    assert ("C", "solved", ("c2",), "or") in statuses(s.trace)
    assert s.result.value == -1  # MIN wins
    assert s.result.move is None  # the root is MAX's: MIN has no move there
    assert s.trace.header.options["prover"] == "min"


def test_min_prover_refuted_at_the_root_names_the_refuting_move() -> None:
    s = do_search("A(B(b1:-1 b2:-1) C(c1:1 c2:1))", "andor", prover="min")
    assert s.result.value == 1
    assert s.result.move == "C"  # MAX's move that defeats MIN's proof


def test_a_draw_proves_nothing_for_either_side() -> None:
    # MAX proving: A is an OR node, both draws fail.  MIN proving: A is an AND node
    # and the first draw already fails it.
    for prover, labelled in (("max", ["a", "b", "A"]), ("min", ["a", "A"])):
        s = do_search("A(a:0 b:0)", "andor", prover=prover)
        assert [(n, st) for n, st, _, _ in statuses(s.trace)] == [
            (n, "unsolvable") for n in labelled]
    assert do_search("A(a:0 b:0)", "andor").result.value == -1
    assert do_search("A(a:0 b:0)", "andor", prover="min").result.value == 1


def test_a_leaf_root() -> None:
    s = do_search([5], "andor")
    assert s.result.value == 1


# --- options and errors ---------------------------------------------------------------


def test_chance_nodes_are_refused() -> None:
    with pytest.raises(UsageError, match="node B is a chance node"):
        do_search("A(B[chance](C[p=0.5]:1 D[p=0.5]:-1) E:1)", "andor")


def test_depth_is_refused() -> None:
    with pytest.raises(UsageError, match="--depth"):
        do_search("A(1 -1)", "andor", depth=1)


def test_unknown_prover() -> None:
    with pytest.raises(UsageError, match=r"unknown prover 'both' \(choose from: max, min\)"):
        do_search("A(1 -1)", "andor", prover="both")


def test_a_budget_stops_the_proof_cleanly() -> None:
    rec = MemoryRecorder()
    result = and_or(Grundy(12), recorder=rec, limits=Limits(max_nodes=10))
    assert result.value is None
    assert not result.complete
    assert result.stopped == "max-nodes"
    assert solution_tree(rec.trace) == {}
