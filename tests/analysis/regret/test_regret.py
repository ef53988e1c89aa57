"""The regret map: the ideal tree cut out of a recorded search, and the waste beyond it."""

from __future__ import annotations

from typing import Any

from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import do_search
from tracer.analysis.regret import Drawn, RegretReport, regret_of, regret_of_trace
from tracer.trace import Trace, write_trace

AIMA = "A(B(3 12 8) C(2 4 6) D(14 5 2))"


def regret(trace: Trace, depth: int = 3) -> RegretReport:
    assert trace.result is not None and trace.result.value is not None
    return regret_of(trace.header, trace.events, trace.result.value, depth=depth)


def uniform(b: int, d: int, values: list[int]) -> Any:
    it = iter(values)

    def build(level: int) -> Any:
        return next(it) if level == d else [build(level + 1) for _ in range(b)]

    return build(0)


def nodes(trace: Trace) -> int:
    return sum(e.type in ("expand", "evaluate") for e in trace.events)


def test_perfect_ordering_wastes_nothing() -> None:
    report = regret(do_search(AIMA, order="best").trace)
    assert (report.searched, report.ideal, report.wasted, report.worst) == (9, 9, 0, ())


def test_the_natural_order_of_the_aima_tree_wastes_k_and_l() -> None:
    """D (value 2) is refuted by M, its third child: K and L are searched in vain."""
    report = regret(do_search(AIMA).trace)
    assert (report.searched, report.ideal, report.wasted) == (11, 9, 2)
    [worst] = report.worst
    assert (worst.path, worst.local, worst.refuter, worst.refuter_rank) == (("D",), 2, "M", 3)
    assert worst.cut is None  # M came last: nothing was left to prune
    assert [(c.move, c.kept) for c in worst.children] == [("K", False), ("L", False),
                                                          ("M", True)]
    drawn = {d.node: d for d in report.drawn}
    assert (drawn["A"].wasted, drawn["D"].wasted, drawn["K"].ideal) == (2, 2, False)


def test_a_cut_after_the_second_child_names_the_cut_and_its_rank() -> None:
    """C's first child 5 does not refute it against A's 3; its second child 1 does."""
    report = regret(do_search("A(B(3 4) C(5 1 7))").trace)
    [worst] = report.worst
    assert (worst.path, worst.cut, worst.cut_rank, worst.refuter, worst.refuter_rank,
            worst.local) == (("C",), "G", 2, "G", 2, 1)


def test_the_worst_ordering_wastes_the_knuth_moore_excess() -> None:
    """Uniform trees with distinct leaves: the worst order searches the whole tree, and
    the ideal tree is the minimal tree the best order searches."""
    for b, d in [(2, 2), (3, 2), (2, 3), (3, 3), (2, 4)]:
        tree = uniform(b, d, list(range(b ** d)))
        worst, best = do_search(tree, order="worst").trace, do_search(tree, order="best").trace
        full = sum(b ** k for k in range(d + 1))
        assert nodes(worst) == full
        report = regret(worst)
        assert report.ideal == nodes(best), (b, d)
        assert report.wasted == full - nodes(best)
        assert regret(best).wasted == 0


def _sum_rule(drawn: tuple[Drawn, ...]) -> None:
    """Each drawn node of the ideal tree wastes what its dropped children searched plus
    what its kept children waste; a dropped node wastes all it searched."""
    children: dict[str, list[Drawn]] = {}
    for d in drawn:
        if d.parent is not None:
            children.setdefault(d.parent, []).append(d)
    for d in drawn:
        # a bound, not a value: the exact waste is checked by the sum rule below
        assert 0 <= d.wasted <= d.searched - (1 if d.ideal else 0)
        if not d.ideal:
            assert d.wasted == d.searched
        elif d.node in children and not d.folded:
            kids = children[d.node]
            assert d.wasted == sum(k.wasted for k in kids)  # kept: their own; dropped: all
            assert d.searched == 1 + sum(k.searched for k in kids)


leaf = st.integers(min_value=-9, max_value=9)
trees = st.recursive(leaf, lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=40)


@settings(max_examples=examples(80), deadline=None)
@given(tree=st.lists(trees, min_size=1, max_size=4),
       order=st.sampled_from(["natural", "reverse", "random", "best", "worst"]),
       cut_on=st.sampled_from(["ge", "gt"]), seed=st.integers(0, 3),
       variant=st.sampled_from(["fail-soft", "fail-hard", "negamax"]))
def test_on_random_trees_waste_is_never_negative_and_adds_up(
        tree: Any, order: str, cut_on: str, seed: int, variant: str) -> None:
    trace = do_search(tree, "alphabeta", variant, order=order, cut_on=cut_on, seed=seed).trace
    report = regret(trace, depth=99)
    assert report.searched == nodes(trace)
    # the property on any tree (the root itself is never wasted); exact waste is pinned on
    # the uniform trees above and added up by the sum rule below
    assert 0 <= report.wasted < report.searched
    assert sum(d.wasted for d in report.drawn if d.depth == 0) == report.wasted
    _sum_rule(report.drawn)
    assert all(w.local > 0 for w in report.worst)
    assert [w.local for w in report.worst] == sorted((w.local for w in report.worst),
                                                     reverse=True)
    assert sum(w.local for w in report.worst) <= report.wasted


@settings(max_examples=examples(30), deadline=None)
@given(tree=st.lists(trees, min_size=1, max_size=4), cut_on=st.sampled_from(["ge", "gt"]))
def test_on_random_trees_best_order_wastes_nothing(tree: Any, cut_on: str) -> None:
    assert regret(do_search(tree, order="best", cut_on=cut_on).trace).wasted == 0


def test_a_file_is_read_as_a_stream(tmp_path: Any) -> None:
    trace = do_search(AIMA).trace
    path = tmp_path / "aima.jsonl"
    with path.open("w") as out:
        write_trace(out, trace.header, trace.events, trace.result, jsonl=True)
    assert regret_of_trace(path).to_json() == regret(trace).to_json()
    report = regret_of_trace(path, depth=1)
    assert [d.node for d in report.drawn] == ["A", "B", "C", "D"]
    assert [d.folded for d in report.drawn] == [False, True, True, True]
