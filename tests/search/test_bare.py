"""The specialised loops that run minimax and alpha-beta with recording off
(tracer/search/bare.py) return what the general loops return: value, principal
variation, move and every count, whatever the tree, depth limit, budget or ordering."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_streamed import Node, OddGame, nodes

from tracer.errors import UsageError
from tracer.games.registry import make_game
from tracer.record import MemoryRecorder
from tracer.search import alpha_beta, bare, minimax
from tracer.search.common import Limits

SEARCHES = [(minimax, "two-function"), (alpha_beta, "fail-soft"), (alpha_beta, "fail-hard")]


def bare_and_general(search: Any, game: Any, state: Any = None, **options: Any) -> tuple[Any, Any]:
    """The result with recording off (the specialised loop) and with events kept (the
    general loop, which reports every node)."""
    return search(game, state, **options), search(game, state, recorder=MemoryRecorder(),
                                                  **options)


@settings(max_examples=200, deadline=None)
@given(root=st.tuples(st.sampled_from(["max", "min"]), st.integers(-5, 5),
                      st.lists(nodes, min_size=1, max_size=4)),
       named=st.booleans(), order=st.sampled_from(["natural", "reverse"]),
       depth=st.sampled_from([None, 0, 1, 2, 3]), cut_on=st.sampled_from(["ge", "gt"]),
       max_nodes=st.sampled_from([None, 1, 2, 3, 5, 8]))
def test_the_bare_loops_return_the_general_loops_results(
        root: Node, named: bool, order: str, depth: int | None, cut_on: str,
        max_nodes: int | None) -> None:
    game = OddGame(root, named)
    limits = Limits(max_nodes=max_nodes)
    for search, variant in SEARCHES:
        extra = {} if search is minimax else {"cut_on": cut_on}
        got, expected = bare_and_general(search, game, variant=variant, order=order,
                                         depth=depth, limits=limits, **extra)
        assert got == expected, variant


@pytest.mark.parametrize(("name", "params", "depth"), [
    ("tictactoe", {}, None),
    ("tictactoe", {"board": "x...o....", "utility": "eval"}, 3),
    ("tictactoe", {"symmetry": "true"}, 4),
    ("grundy", {"coins": "9"}, None),
    ("nim", {"piles": "2,3", "symmetry": "true"}, None),
    ("gameof5", {}, None),
    ("chomp", {"rows": "3", "cols": "4"}, None),
    ("othello", {}, 4),
    ("othello", {"board": "x" * 20 + "o" + "." * 43}, 3),
], ids=lambda v: str(v) if not isinstance(v, dict) else ",".join(f"{k}={x}" for k, x in v.items()))
@pytest.mark.parametrize("order", ["natural", "reverse"])
def test_bare_games_return_the_general_loops_results(name: str, params: dict[str, str],
                                                     depth: int | None, order: str) -> None:
    game, state, _ = make_game(name, params)
    for search, variant in SEARCHES:
        got, expected = bare_and_general(search, game, state, variant=variant, depth=depth,
                                         order=order)
        assert got == expected, variant
        budget = Limits(max_nodes=got.stats.nodes_expanded // 2 + 1)
        got, expected = bare_and_general(search, game, state, variant=variant, depth=depth,
                                         order=order, limits=budget)
        assert got == expected, (variant, "budget")
        assert not got.complete


def test_untraced_searches_take_the_bare_loops(monkeypatch: pytest.MonkeyPatch) -> None:
    """Otherwise the tests above would compare the general loops with themselves."""
    calls: list[str] = []
    real = bare._bare

    def spy(run: Any, root: Any, *, alpha_beta: bool, hard: bool) -> Any:
        calls.append("alpha-beta" if alpha_beta else "minimax")
        return real(run, root, alpha_beta=alpha_beta, hard=hard)

    monkeypatch.setattr(bare, "_bare", spy)
    game = OddGame(("max", 0, [1, 2]), named=False)
    minimax(game)
    alpha_beta(game)
    alpha_beta(game, variant="fail-hard", order="reverse")
    minimax(game, recorder=MemoryRecorder())
    minimax(game, order="random")
    alpha_beta(game, order="best")
    minimax(game, variant="negamax")
    assert calls == ["minimax", "alpha-beta", "alpha-beta"]


def test_a_chance_node_is_named_in_the_bare_loops_error() -> None:
    game = OddGame(("max", 0, [("chance", 0, [1])]), named=True)
    for search, variant in SEARCHES:
        with pytest.raises(UsageError, match="is a chance node"):
            search(game, variant=variant)
