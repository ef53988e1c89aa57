"""Bisecting two searches of one position: the first divergence and the difference by
subtree, on the lecture trees searched in different orders."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import do_search
from tracer.analysis.regret import bisect_traces
from tracer.errors import InputError, UsageError
from tracer.trace import write_trace

AIMA = "A(B(3 12 8) C(2 4 6) D(14 5 2))"
THREE_MINS = "A(B(3 5 10) C(2 4 6) D(2 7 3))"


def saved(folder: Path, name: str, tree: Any, **options: Any) -> Path:
    trace = do_search(tree, **options).trace
    path = folder / f"{name}.jsonl"
    with path.open("w") as out:
        write_trace(out, trace.header, trace.events, trace.result, jsonl=True)
    return path


def test_identical_traces_do_not_diverge(tmp_path: Path) -> None:
    a = saved(tmp_path, "a", AIMA)
    b = saved(tmp_path, "b", AIMA)
    found = bisect_traces(a, b)
    assert found.divergence is None and found.parts == () and found.totals == (11, 11)
    assert "no divergence" in found.to_text()


def test_natural_against_reverse_parts_at_the_root(tmp_path: Path) -> None:
    found = bisect_traces(saved(tmp_path, "a", AIMA), saved(tmp_path, "b", AIMA,
                                                              order="reverse"))
    d = found.divergence
    assert d is not None
    assert (d.node, d.path, d.orders, d.event) == ("A", (), (("B", "C", "D"), ("D", "C", "B")),
                                                   0)
    assert [(p.path, p.kind, p.difference) for p in found.parts] == [
        (("C", "I"), "b-only", -1), (("C", "J"), "b-only", -1)]
    assert sum(p.difference for p in found.parts) == found.totals[0] - found.totals[1]


def test_natural_against_best_parts_at_b(tmp_path: Path) -> None:
    """Best first keeps A's and B's order up to B's leaves (3 12 8 becomes 3 8 12)."""
    found = bisect_traces(saved(tmp_path, "a", AIMA), saved(tmp_path, "b", AIMA,
                                                              order="best"))
    d = found.divergence
    assert d is not None
    assert (d.node, d.path, d.orders, d.windows) == (
        "B", ("B",), (("E", "F", "G"), ("E", "G", "F")),
        ((-float("inf"), float("inf")), (-float("inf"), float("inf"))))
    assert [(p.path, p.kind) for p in found.parts] == [(("D", "K"), "a-only"),
                                                       (("D", "L"), "a-only")]


def test_one_search_cuts_where_the_other_goes_on(tmp_path: Path) -> None:
    """C's first leaf 3 ties alpha = 3: the cut test ">=" cuts there, ">" searches G."""
    tree = "A(B(3 5) C(3 1))"
    found = bisect_traces(saved(tmp_path, "ge", tree), saved(tmp_path, "gt", tree,
                                                               cut_on="gt"))
    d = found.divergence
    assert d is not None
    assert (d.node, d.next) == ("C", ("cut", "G"))
    assert [(p.path, p.kind) for p in found.parts] == [(("C", "G"), "b-only")]


def test_the_depth_bound_keeps_a_subtree_whole(tmp_path: Path) -> None:
    found = bisect_traces(saved(tmp_path, "a", AIMA), saved(tmp_path, "b", AIMA,
                                                              order="reverse"), depth=0)
    assert [(p.path, p.kind, p.nodes) for p in found.parts] == [((), "below", (11, 13))]


def test_two_positions_are_refused(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="not searches of one position"):
        bisect_traces(saved(tmp_path, "a", AIMA), saved(tmp_path, "b", THREE_MINS))


def test_a_proof_number_trace_is_refused(tmp_path: Path) -> None:
    from tracer.games.registry import make_game
    from tracer.record import MemoryRecorder
    from tracer.search import run_search

    game, state, block = make_game("grundy", {"coins": "5"})
    memory = MemoryRecorder()
    run_search(game, state, algorithm="pns", recorder=memory, source=block)
    path = tmp_path / "p.jsonl"
    with path.open("w") as out:
        write_trace(out, memory.trace.header, memory.trace.events, memory.trace.result,
                    jsonl=True)
    with pytest.raises(InputError, match="not pns"):
        bisect_traces(path, path)


leaf = st.integers(min_value=-9, max_value=9)
trees = st.recursive(leaf, lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=30)


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tree=st.lists(trees, min_size=1, max_size=4),
       orders=st.tuples(*[st.sampled_from(["natural", "reverse", "best", "worst"])] * 2),
       depth=st.integers(0, 4))
def test_the_parts_add_up_to_the_difference(tmp_path: Path, tree: Any,
                                            orders: tuple[str, str], depth: int) -> None:
    found = bisect_traces(saved(tmp_path, "a", tree, order=orders[0]),
                          saved(tmp_path, "b", tree, order=orders[1]), depth=depth)
    assert sum(p.difference for p in found.parts) == found.totals[0] - found.totals[1]
    if found.divergence is None:
        assert found.parts == () and found.totals[0] == found.totals[1]
    differences = [abs(p.difference) for p in found.parts]
    assert differences == sorted(differences, reverse=True)
