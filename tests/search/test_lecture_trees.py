"""Known answers from the lectures (Algoritmo Minimax con potatura alfa-beta; Teoria dei
giochi: Esempio di α-β pruning) under every variant."""

from __future__ import annotations

import pytest

from tests.conftest import AB_VARIANTS, VARIANTS, Searched, do_search
from tracer.errors import UsageError
from tracer.events import Backup, Cut, Evaluate
from tracer.examples import EXAMPLES, example_tree

AIMA = "A(B(3 12 8) C(2 4 6) D(14 5 2))"
ALL_AIMA_LEAVES = list("EFGHIJKLM")


@pytest.mark.parametrize(("algorithm", "variant"), VARIANTS, ids=[f"{a}-{v}" for a, v in VARIANTS])
@pytest.mark.parametrize("name", [n for n, e in EXAMPLES.items() if "chance" not in e.text])
def test_every_variant_finds_the_lecture_value(name: str, algorithm: str, variant: str) -> None:
    tree = example_tree(name)
    if algorithm == "minimax" and tree.unknown_leaves:  # three-mins: a, b never given
        with pytest.raises(UsageError, match="minimax reads every leaf"):
            do_search(tree, algorithm, variant)
        return
    s = do_search(tree, algorithm, variant)
    assert s.result.value == EXAMPLES[name].value == 3
    assert s.result.move == "B"
    assert s.result.pv[:2] == ("A", "B")


@pytest.mark.parametrize("variant", ["two-function", "negamax", "list"])
def test_minimax_evaluates_every_leaf_left_to_right(variant: str) -> None:
    s = do_search(AIMA, "minimax", variant)
    assert s.evaluated == ALL_AIMA_LEAVES
    assert s.result.pv == ("A", "B", "E")
    assert s.result.stats.nodes_expanded == 4
    assert s.result.stats.cuts == 0


@pytest.mark.parametrize("variant", AB_VARIANTS)
def test_alphabeta_on_the_aima_tree_prunes_4_and_6(variant: str) -> None:
    """AIMA fig. 5.5: after H = 2, C <= 2 < 3 = alpha, so I (4) and J (6) are pruned."""
    s = do_search(AIMA, "alphabeta", variant)
    assert s.evaluated == list("EFGHKLM")
    assert s.pruned_leaves == ["I", "J"]
    cuts = [e for e in s.trace.events if isinstance(e, Cut)]
    assert [(c.node, c.kind, c.after, c.pruned) for c in cuts] == [("C", "alpha", "H", ("I", "J"))]
    assert cuts[0].alpha == 3
    assert s.result.stats.cuts == 1
    assert s.result.stats.children_pruned == 2
    assert s.result.stats.leaves_evaluated == 7


@pytest.mark.parametrize("variant", AB_VARIANTS)
def test_three_mins_never_looks_at_a_b_7_3(variant: str) -> None:
    """Algoritmo Minimax con potatura alfa-beta:
    MAX{MIN{3,5,10}, MIN{2,a,b}, MIN{2,7,3}} = 3 without a, b, 7, 3."""
    s = do_search(example_tree("three-mins"), "alphabeta", variant)
    values = {n.id: n.value for n in s.tree.nodes()}
    assert [values[n] for n in s.evaluated] == [3, 5, 10, 2, 2]
    assert s.pruned_leaves == ["a", "b", "J", "K"]
    assert [values[n] for n in s.pruned_leaves] == [None, None, 7, 3]  # a, b: unknown


@pytest.mark.parametrize("variant", AB_VARIANTS)
def test_two_mins_prunes_the_second_2(variant: str) -> None:
    s = do_search(example_tree("two-mins"), "alphabeta", variant)
    assert s.evaluated == list("DEFG")  # A(B(3 5 10) C(2 2)): leaves D..H
    assert s.pruned_leaves == ["H"]


def test_fail_soft_and_fail_hard_return_different_values_at_the_cut_node() -> None:
    soft = do_search(AIMA, "alphabeta", "fail-soft")
    hard = do_search(AIMA, "alphabeta", "fail-hard")

    def arriving(s: Searched, child: str) -> float:
        return next(e.child_value for e in s.trace.events
                    if isinstance(e, Backup) and e.child == child)

    assert arriving(soft, "C") == 2  # v, below the window
    assert arriving(hard, "C") == 3  # alpha: Pearl's AB never leaves the window
    assert arriving(soft, "D") == 2
    assert arriving(hard, "D") == 3


def test_reverse_order_on_the_aima_tree_prunes_nothing() -> None:
    s = do_search(AIMA, "alphabeta", order="reverse")
    assert s.evaluated == list("MLKJIHGFE")
    assert s.result.value == 3 and s.result.move == "B"
    assert s.result.stats.cuts == 0


def test_best_order_prunes_most() -> None:
    s = do_search(AIMA, "alphabeta", order="best")
    # B (3) first, then C and D (2 each, stable order); in each MIN node the lowest leaf
    # first: B must be searched whole, C and D are refuted by one leaf each.
    assert s.evaluated == ["E", "G", "F", "H", "M"]
    assert s.result.stats.cuts == 2


def test_root_player_min_flips_the_levels() -> None:
    s = do_search(AIMA, "alphabeta", root_player="min")
    assert s.result.value == 6  # MIN{MAX{3,12,8}, MAX{2,4,6}, MAX{14,5,2}}
    assert s.result.move == "C"


def test_cut_on_gt_does_not_cut_on_equality() -> None:
    tree = "A(B(3 5) C(3 9))"
    assert do_search(tree, cut_on="ge").evaluated == ["D", "E", "F"]
    assert do_search(tree, cut_on="gt").evaluated == ["D", "E", "F", "G"]


def test_depth_limit_uses_the_static_values() -> None:
    s = do_search("A(B:5(3 12 8) C:2(2 4 6) D:4(14 5 2))", "minimax", depth=1)
    evals = [e for e in s.trace.events if isinstance(e, Evaluate)]
    assert [(e.node, e.value, e.reason) for e in evals] == [
        ("B", 5, "depth-limit"), ("C", 2, "depth-limit"), ("D", 4, "depth-limit")]
    assert s.result.value == 5 and s.result.move == "B"


def test_negamax_reports_the_side_to_move_score() -> None:
    s = do_search(AIMA, "minimax", "negamax")
    first = next(e for e in s.trace.events if isinstance(e, Evaluate))
    assert (first.player, first.value, first.score) == ("max", 3, 3)
    leaf_under_min = do_search("A(B(C(7)))", "minimax", "negamax")
    ev = next(e for e in leaf_under_min.trace.events if isinstance(e, Evaluate))
    assert ev.player == "min" and ev.value == 7 and ev.score == -7


def test_list_variant_records_the_longest_list() -> None:
    s = do_search(AIMA, "minimax", "list")
    # L = (A) -> (B C D A) -> (E F G B C D A): 7 entries at most.
    assert s.result.stats.max_list_length == 7
