"""``--record counters``: the fast tier's counting loops (``minimax_counters``,
``alpha_beta_counters``) count, per ply, exactly what a full trace of the same search
shows (inner nodes, leaves, cuts by the rank of the child that cut), and return the
untraced loop's result; on random trees and on the built-in games."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.search.test_fast_equals_reference import FAST_ORDERS, SEARCHES, Node, OddGame, roots
from tracer.analysis.stats import SearchStats, Tally, count_search
from tracer.errors import UsageError
from tracer.games.registry import make_game
from tracer.limits import Limits
from tracer.record import MemoryRecorder
from tracer.search import CUT_TESTS, alpha_beta, minimax, run_search
from tracer.search.fast.tally import CountingRecorder
from tracer.spec import SearchSpec


def _from_trace(search: Any, game: Any, state: Any, options: dict[str, Any]) -> SearchStats:
    memory = MemoryRecorder()
    search(game, state, recorder=memory, **options)
    tally = Tally()
    tally.start(memory.trace.header)
    tally.walk(memory.trace.events)
    return tally.stats()


def _counted(search: Any, game: Any, state: Any, options: dict[str, Any]
             ) -> tuple[SearchStats, Any]:
    spec = SearchSpec.make(algorithm="minimax" if search is minimax else "alphabeta",
                           **options)
    return count_search(game, state, spec=spec, name=game.name)


def _rows(stats: SearchStats) -> list[dict[str, Any]]:
    return [d.to_json() for d in stats.depths]


@settings(max_examples=examples(120), deadline=None, derandomize=True)
@given(root=roots, named=st.booleans(), depth=st.sampled_from([None, 0, 1, 2, 3]))
def test_counters_equal_the_full_traces_statistics(root: Node, named: bool,
                                                   depth: int | None) -> None:
    game = OddGame(root, named)
    for search, variant in SEARCHES:
        for order in FAST_ORDERS:
            for cut_on in CUT_TESTS if search is alpha_beta else (None,):
                options: dict[str, Any] = {"variant": variant, "order": order,
                                           "depth": depth}
                if cut_on is not None:
                    options["cut_on"] = cut_on
                counted, result = _counted(search, game, (), options)
                assert _rows(counted) == _rows(_from_trace(search, game, (), options)), options
                assert result == search(game, (), **options), options  # the untraced result
                assert counted.nodes == result.stats.nodes_visited
                assert counted.cuts == result.stats.cuts


@pytest.mark.parametrize(("name", "params", "depth"), [
    ("tictactoe", {}, None),
    ("tictactoe", {"board": "x...o....", "utility": "eval"}, 3),
    ("grundy", {"coins": "9"}, None),
    ("nim", {"piles": "2,3"}, None),
    ("chomp", {"rows": "3", "cols": "4"}, None),
    ("othello", {}, 5),
], ids=lambda v: str(v) if not isinstance(v, dict) else ",".join(f"{k}={x}" for k, x in v.items()))
def test_counters_equal_the_full_trace_on_the_games(name: str, params: dict[str, str],
                                                     depth: int | None) -> None:
    game, state, _ = make_game(name, params)
    for search, variant in SEARCHES:
        for order in FAST_ORDERS:
            options: dict[str, Any] = {"variant": variant, "order": order, "depth": depth}
            counted, result = _counted(search, game, state, options)
            assert _rows(counted) == _rows(_from_trace(search, game, state, options))
            assert counted.nodes == result.stats.nodes_visited


def test_othello_depth_5_counts_what_the_trace_shows() -> None:
    """A known answer: Othello from the start, fail-soft alpha-beta to depth 5."""
    game, state, _ = make_game("othello", {})
    counted, _ = _counted(alpha_beta, game, state, {"depth": 5})
    assert [d.nodes for d in counted.depths] == [1, 4, 8, 38, 75, 332]
    assert [d.cuts for d in counted.depths] == [0, 3, 0, 30, 17, 0]
    assert counted.depths[3].ranks == {1: 22, 2: 8}
    assert counted.fail_high_first == pytest.approx(38 / 50)


def test_a_budget_stops_the_counting_loop_where_it_stops_the_untraced_one() -> None:
    game, state, _ = make_game("tictactoe", {})
    limits = Limits(max_nodes=500)
    counted, result = _counted(alpha_beta, game, state, {"limits": limits})
    assert not result.complete
    assert result == alpha_beta(game, state, limits=limits)
    assert counted.nodes == result.stats.nodes_visited


@pytest.mark.parametrize("options", [
    {"algorithm": "alphabeta", "variant": "negamax"},
    {"algorithm": "alphabeta", "order": "best"},
    {"algorithm": "enhanced"},
    {"algorithm": "expectiminimax"},
], ids=lambda o: " ".join(o.values()))
def test_searches_without_a_counting_loop_are_refused(options: dict[str, str]) -> None:
    game, state, _ = make_game("tictactoe", {"board": "xo.xo...."})
    with pytest.raises(UsageError, match="--record counters counts minimax"):
        count_search(game, state, spec=SearchSpec.make(**options), name="t")


def test_a_counting_recorder_takes_the_counting_loop() -> None:
    game, state, _ = make_game("tictactoe", {"board": "xo.xo...."})
    recorder = CountingRecorder()
    result = run_search(game, state, algorithm="alphabeta", recorder=recorder)
    assert recorder.tally.counted
    inner, leaves = recorder.tally.trimmed(result.stats.max_depth)
    assert (sum(inner), sum(leaves)) == (result.stats.nodes_expanded,
                                         result.stats.leaves_evaluated)
