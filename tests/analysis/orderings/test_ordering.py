"""The ordering comparison: known counts on the lecture trees, the Knuth-Moore and
critical-tree bounds, the random summary, the plot and the side-by-side picture."""

from __future__ import annotations

import math
from typing import Any

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import do_search, to_tree
from tracer._api import search_tree
from tracer.analysis.orderings.counting import Counter, knuth_moore
from tracer.analysis.orderings.report import (
    OrderingReport,
    Spread,
    compare_orderings,
    parse_orders,
)
from tracer.errors import UsageError
from tracer.examples import example_tree
from tracer.games.registry import make_game
from tracer.search import enhanced_search
from tracer.trace import Trace

ORDERS = ("natural", "reverse", "best", "worst")


def compare(source: Any, orders: tuple[str, ...] = ORDERS, randoms: int = 0,
            variant: str = "fail-soft") -> OrderingReport:
    tree = example_tree(source) if isinstance(source, str) and "(" not in source \
        else to_tree(source)
    return compare_orderings(
        lambda order, seed, counter: search_tree(tree, variant=variant, order=order, seed=seed,
                                                 recorder=counter),
        lambda counter: search_tree(tree, algorithm="minimax", recorder=counter),
        orders, randoms=randoms, title="test")


GIVEN_THREE_MINS = "A(B(3 5 10) C(2 a:4 b:6) D(2 7 3))"
"""three-mins with values for the notes' unknown a and b (every ordering reads them)."""


def trace_of(source: str, order: str) -> Trace:
    return do_search(example_tree(source), "alphabeta", order=order).trace


# -- known counts on the lecture trees ----------------------------------------------------


@pytest.mark.parametrize(("name", "leaves", "cuts", "first", "critical", "km"), [
    # natural, reverse, best, worst
    ("aima", (7, 9, 5, 9), (1, 0, 2, 0), (1, 0, 2, 0), 5, 5),
    (GIVEN_THREE_MINS, (5, 9, 5, 9), (2, 0, 2, 0), (2, 0, 2, 0), 5, 5),
    ("two-mins", (4, 5, 4, 5), (1, 0, 1, 0), (1, 0, 1, 0), 4, None),
])
def test_known_counts_on_the_lecture_trees(name: str, leaves: tuple[int, ...],
                                           cuts: tuple[int, ...], first: tuple[int, ...],
                                           critical: int, km: int | None) -> None:
    """AIMA: natural order prunes I and J (7 leaves); right to left (the lecture's
    exercise) prunes nothing; best first reaches 3^1 + 3^1 - 1 = 5."""
    report = compare(name)
    assert [r.name for r in report.runs] == list(ORDERS)
    assert tuple(r.tally.leaves for r in report.runs) == leaves
    assert tuple(r.tally.cuts for r in report.runs) == cuts
    assert tuple(r.tally.first_child_cuts for r in report.runs) == first
    assert report.minimax.tally.leaves == report.shape.leaves == max(leaves)
    assert report.shape.critical == critical
    assert report.shape.knuth_moore == km
    assert all(r.value == 3 for r in (report.minimax, *report.runs))


def test_the_aima_natural_order_in_detail() -> None:
    report = compare("aima", ("natural",))
    run = report.runs[0]
    assert run.tally.expanded == 4 and run.tally.pruned == 2
    assert run.tally.first_share == 1.0  # C's cut is made by H, its first child
    assert run.tally.ebf(2) == pytest.approx(math.sqrt(7))
    assert report.shape.height == 2 and report.shape.branching == 3


def test_a_cut_by_a_later_child_is_not_a_first_child_cut() -> None:
    """A(B(3) C(5 1 9)): at C, 5 does not cut, 1 does; B's 3 makes alpha 3."""
    report = compare("A(B(3) C(5 1 9))", ("natural",))
    t = report.runs[0].tally
    assert (t.cuts, t.first_child_cuts, t.first_share) == (1, 0, 0.0)


def test_the_critical_tree_can_beat_best_first() -> None:
    """A(5 C(D(1 1 1) 4)): best first refutes C with D (its lowest child, 3 leaves); the
    leaf 4 refutes it alone, so the critical tree has 2 leaves, best first 4."""
    report = compare("A(5 C(D(1 1 1) 4))", ("best",))
    assert report.runs[0].tally.leaves == 4
    assert report.shape.critical == 2
    assert report.shape.knuth_moore is None


# -- bounds: properties on random trees -----------------------------------------------------


def uniform(b: int, d: int, values: list[int]) -> Any:
    it = iter(values)

    def build(level: int) -> Any:
        return next(it) if level == d else [build(level + 1) for _ in range(b)]

    return build(0)


@settings(max_examples=examples(40), deadline=None)
@given(b=st.integers(2, 3), d=st.integers(1, 4), data=st.data())
def test_best_order_meets_knuth_moore_and_the_critical_tree_on_uniform_trees(
        b: int, d: int, data: Any) -> None:
    values = data.draw(st.permutations(list(range(b**d))))
    report = compare(uniform(b, d, values), ("best",))
    assert report.shape.branching == b and report.shape.height == d
    assert report.runs[0].tally.leaves == knuth_moore(b, d) == report.shape.critical
    assert report.runs[0].tally.first_share in (None, 1.0)


leaf = st.integers(min_value=-4, max_value=4)  # plenty of ties
trees = st.recursive(leaf, lambda kids: st.lists(kids, min_size=1, max_size=3), max_leaves=25)


@settings(max_examples=examples(60), deadline=None)
@given(tree=st.lists(trees, min_size=1, max_size=3),
       variant=st.sampled_from(["fail-soft", "fail-hard", "negamax"]))
def test_no_ordering_evaluates_fewer_leaves_than_the_critical_tree(tree: Any,
                                                                   variant: str) -> None:
    report = compare(tree, ORDERS, randoms=3, variant=variant)
    assert report.shape.critical <= report.runs[2].tally.leaves  # best first
    for run in (*report.runs, *report.random):
        assert report.shape.critical <= run.tally.leaves <= report.shape.leaves


def test_knuth_moore_counts() -> None:
    assert [knuth_moore(3, d) for d in range(5)] == [1, 3, 5, 11, 17]
    assert knuth_moore(2, 3) == 4 + 2 - 1


# -- random orderings ----------------------------------------------------------------------


def test_random_orderings_are_summarised_with_quartiles() -> None:
    report = compare("aima", ("natural",), randoms=20)
    assert [r.seed for r in report.random] == list(range(20))
    spread = report.spread("leaves")
    assert spread is not None and spread.n == 20
    assert 5 <= spread.min <= spread.q1 <= spread.median <= spread.q3 <= spread.max <= 9
    assert compare("aima", ("natural",), randoms=20).to_json() == report.to_json()


def test_spread_uses_inclusive_quartiles() -> None:
    s = Spread.of([1, 2, 3, 4, 5])
    assert (s.mean, s.min, s.q1, s.median, s.q3, s.max) == (3, 1, 2, 3, 4, 5)
    assert Spread.of([7]).to_json() == {"n": 1, "mean": 7, "min": 7, "q1": 7, "median": 7,
                                        "q3": 7, "max": 7}


@pytest.mark.parametrize(("text", "parsed"), [
    ("natural,reverse,best,worst,random:200", (ORDERS, 200)),
    ("random", ((), 1)),
    (" best , natural, best", (("best", "natural"), 0)),
])
def test_parse_orders(text: str, parsed: tuple[tuple[str, ...], int]) -> None:
    assert parse_orders(text) == parsed


@pytest.mark.parametrize(("text", "message"), [
    ("natrual", "unknown ordering 'natrual'"),
    ("random:0", "random:N"),
    ("random:x", "random:N"),
    ("", "no ordering"),
])
def test_parse_orders_errors(text: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        parse_orders(text)


def test_chance_trees_are_refused() -> None:
    with pytest.raises(UsageError, match="chance node"):
        compare("coin", ("natural",))


# -- counting from traces ------------------------------------------------------------------


def test_the_counter_reads_a_recorded_trace_like_a_live_search() -> None:
    trace = do_search(GIVEN_THREE_MINS, "alphabeta").trace
    counter = Counter()
    for event in trace.events:
        counter.emit(event)
    live = compare(GIVEN_THREE_MINS, ("natural",)).runs[0].tally
    assert counter.tally() == live


@pytest.mark.parametrize("order", ["natural", "reverse"])
def test_the_counters_statistics_are_the_traces_own(order: str) -> None:
    # One statistics type: what the counter folds from the events is the Stats the
    # search itself reports in the trace's result, field for field.
    trace = trace_of("aima", order)
    counter = Counter()
    for event in trace.events:
        counter.emit(event)
    assert trace.result is not None
    assert counter.tally().stats == trace.result.stats


def test_the_counter_counts_transposition_hits() -> None:
    game, state, _ = make_game("tictactoe", {})
    counter = Counter()
    enhanced_search(game, state, techniques="tt", depth=4, recorder=counter)
    assert counter.tally().tt_hits > 0
