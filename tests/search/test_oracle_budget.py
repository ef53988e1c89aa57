"""The best and worst orderings value every child exactly before the search visits it;
that work, off the trace, is bounded by the node budget and the clock as the visits are."""

from __future__ import annotations

import itertools

import pytest

from tracer.games.registry import make_game
from tracer.record import MemoryRecorder
from tracer.search import Limits, run_search


@pytest.mark.parametrize("order", ["best", "worst"])
def test_an_oracle_ordering_of_a_big_game_stops_at_the_node_budget(order: str) -> None:
    game, state, block = make_game("grundy", {"coins": "60"})
    rec = MemoryRecorder()
    result = run_search(game, state, algorithm="alphabeta", order=order, source=block,
                        limits=Limits(max_nodes=500), recorder=rec)
    assert result.stopped == "max-nodes" and not result.complete


def test_an_oracle_ordering_reads_the_clock_while_it_values(
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = itertools.count(0.0, 1.0)  # a second between readings
    monkeypatch.setattr("tracer.search.common.time.monotonic", lambda: next(clock))
    game, state, block = make_game("grundy", {"coins": "60"})
    result = run_search(game, state, algorithm="alphabeta", order="best", source=block,
                        limits=Limits(time_limit=3.5), recorder=MemoryRecorder())
    assert result.stopped == "time-limit"
    assert result.stats.nodes_visited == 0  # stopped while valuing the root's children


def test_an_oracle_within_its_budget_gives_the_same_search() -> None:
    traces = []
    for limits in (Limits(), Limits(max_nodes=10_000, time_limit=600)):
        game, state, block = make_game("nim", {"piles": "3,3"})
        rec = MemoryRecorder()
        result = run_search(game, state, algorithm="alphabeta", order="best", source=block,
                            limits=limits, recorder=rec)
        assert result.complete
        traces.append(rec.trace.events)
    assert traces[0] == traces[1]


def test_proof_number_search_keeps_at_most_the_node_budget_of_children() -> None:
    """PNS keeps every child it generates: 200,000 expansions of Grundy's game from
    100 coins held 3.4 GB.  The children kept count against the node budget too."""
    from tracer.events import Expand

    game, state, block = make_game("grundy", {"coins": "100"})
    rec = MemoryRecorder()
    result = run_search(game, state, algorithm="pns", source=block,
                        limits=Limits(max_nodes=2_000), recorder=rec)
    assert result.stopped == "max-nodes"
    kept = sum(len(e.children) for e in rec.trace.events if isinstance(e, Expand))
    assert 2_000 - 49 < kept <= 2_000  # the root alone has 49 children
    assert result.stats.nodes_visited < 100
