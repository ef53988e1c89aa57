"""The specialised loops that stream minimax and alpha-beta to a file write exactly what
the general loops' events spell (tracer/search/streamed.py), whatever the tree, names,
values, depth limit, budget or ordering."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tracer.errors import UsageError
from tracer.games.base import Capabilities, Player
from tracer.record import MemoryRecorder, StreamRecorder
from tracer.search import alpha_beta, minimax, streamed
from tracer.search.common import Limits
from tracer.trace import write_trace

# Move names and pictures with everything JSON must escape, and some things it need not.
ODD = ['a"b', "back\\slash", "é", "new\nline", "tab\t", "/", "%s", "{x}", "\x01", "ok"]

Node = Any
"""A leaf value, or (player, static value, children) for an inner node."""

numbers = st.one_of(
    st.integers(-9, 9),
    st.sampled_from([0.5, -2.25, 1.0, -0.0, 1e300, float("inf"), float("-inf")]),
)
nodes = st.recursive(
    numbers,
    lambda kids: st.tuples(st.sampled_from(["max", "min"]), st.integers(-5, 5),
                           st.lists(kids, min_size=0, max_size=3)),
    max_leaves=25,
)


@dataclass
class OddGame:
    """A game read off a random tree: passes (a side may move twice), inner nodes with no
    moves (scored by their static value), and names that need escaping."""

    root: Node
    named: bool

    def __post_init__(self) -> None:
        self.name = "odd"
        self.capabilities = Capabilities(evaluation=True, named_nodes=self.named)

    def _node(self, state: tuple[int, ...]) -> Node:
        node = self.root
        for i in state:
            node = node[2][i]
        return node

    def initial_state(self) -> tuple[int, ...]:
        return ()

    def to_move(self, state: tuple[int, ...]) -> Player:
        node = self._node(state)
        return Player(node[0]) if isinstance(node, tuple) else Player.MAX

    def actions(self, state: tuple[int, ...]) -> list[int]:
        node = self._node(state)
        return list(range(len(node[2]))) if isinstance(node, tuple) else []

    def result(self, state: tuple[int, ...], action: int) -> tuple[int, ...]:
        return (*state, action)

    def is_terminal(self, state: tuple[int, ...]) -> bool:
        return not isinstance(self._node(state), tuple)

    def utility(self, state: tuple[int, ...]) -> float:
        value: float = self._node(state)
        return value

    def evaluate(self, state: tuple[int, ...]) -> float:
        value: float = self._node(state)[1]
        return value

    def probability(self, state: tuple[int, ...], action: int) -> float:
        raise AssertionError("no chance nodes")

    def move_name(self, state: tuple[int, ...], action: int) -> str:
        return ODD[(len(state) + action) % len(ODD)] + str(action)

    def node_id(self, state: tuple[int, ...]) -> str:
        return 'n"' + "\\".join(ODD[i % len(ODD)] + str(i) for i in state)

    def describe(self, state: tuple[int, ...]) -> str:
        return f'at {state}: "{ODD[len(state) % len(ODD)]}"\n\\'


def streamed_and_kept(search: Any, game: Any, jsonl: bool, **options: Any) -> tuple[str, str]:
    memory = MemoryRecorder()
    search(game, recorder=memory, **options)
    kept = memory.trace
    expected = io.StringIO()
    write_trace(expected, kept.header, kept.events, kept.result, jsonl=jsonl)
    out = io.StringIO()
    search(game, recorder=StreamRecorder(out, jsonl=jsonl), **options)
    return out.getvalue(), expected.getvalue()


@settings(max_examples=150, deadline=None)
@given(root=st.tuples(st.sampled_from(["max", "min"]), st.integers(-5, 5),
                      st.lists(nodes, min_size=1, max_size=4)),
       named=st.booleans(), jsonl=st.booleans(), order=st.sampled_from(["natural", "reverse"]),
       depth=st.sampled_from([None, 0, 1, 2, 3]), max_nodes=st.sampled_from([None, 1, 3, 8]),
       cut_on=st.sampled_from(["ge", "gt"]))
def test_the_streamed_loop_writes_the_general_loops_lines(
        root: Node, named: bool, jsonl: bool, order: str, depth: int | None,
        max_nodes: int | None, cut_on: str) -> None:
    game = OddGame(root, named)
    limits = Limits(max_nodes=max_nodes)
    for search, variant in ((minimax, "two-function"), (alpha_beta, "fail-soft"),
                            (alpha_beta, "fail-hard")):
        extra = {} if search is minimax else {"cut_on": cut_on}
        got, expected = streamed_and_kept(search, game, jsonl, variant=variant, order=order,
                                          depth=depth, limits=limits, **extra)
        assert got == expected, variant


def test_streaming_minimax_takes_the_specialised_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Otherwise the test above would compare the general loop with itself."""
    calls = []
    real = streamed.two_function_lines

    def spy(run: Any, state: Any) -> Any:
        calls.append(state)
        return real(run, state)

    monkeypatch.setattr(streamed, "two_function_lines", spy)
    game = OddGame(("max", 0, [1, 2]), named=False)
    minimax(game, recorder=StreamRecorder(io.StringIO(), jsonl=True))
    minimax(game, recorder=MemoryRecorder())
    minimax(game, recorder=StreamRecorder(io.StringIO(), jsonl=True), order="random")
    assert calls == [()]


def test_the_streamed_result_has_plain_ids() -> None:
    game = OddGame(("max", 0, [("min", 0, [3, 1]), 2]), named=False)
    out = io.StringIO()
    result = minimax(game, recorder=StreamRecorder(out, jsonl=True))
    assert result.value == 2
    assert result.pv == ("root", "back\\slash1")
    assert result.move == "back\\slash1"


def test_a_chance_node_is_named_plainly_in_the_error() -> None:
    game = OddGame(("max", 0, [("chance", 0, [1])]), named=False)
    with pytest.raises(UsageError, match='node a"b0 is a chance node'):
        minimax(game, recorder=StreamRecorder(io.StringIO(), jsonl=True))


@pytest.mark.parametrize(("name", "params", "depth"), [
    ("tictactoe", {"board": "xo..x.o.."}, None),
    ("tictactoe", {"board": "x...o....", "utility": "eval"}, 3),
    ("tictactoe", {"symmetry": "true"}, 2),
    ("grundy", {"coins": "7"}, None),
    ("nim", {"piles": "2,2", "symmetry": "true"}, None),
    ("gameof5", {}, None),
    ("chomp", {"rows": "3", "cols": "3"}, None),
    ("othello", {}, 3),
    ("othello", {"board": "x" * 20 + "o" + "." * 43}, 2),
], ids=lambda v: str(v) if not isinstance(v, dict) else ",".join(f"{k}={x}" for k, x in v.items()))
def test_streamed_games_write_the_general_loops_lines(name: str, params: dict[str, str],
                                                      depth: int | None) -> None:
    """Positions as labels, passes (Othello), symmetric moves merged, wins scored +-inf."""
    from tracer.games.registry import make_game

    game, state, _ = make_game(name, params)
    for jsonl in (True, False):
        got, expected = streamed_and_kept(
            lambda g, **kw: minimax(g, state, **kw), game, jsonl, depth=depth)
        assert got == expected
    for variant in ("fail-soft", "fail-hard"):
        got, expected = streamed_and_kept(
            lambda g, **kw: alpha_beta(g, state, **kw), game, True, depth=depth,
            variant=variant)
        assert got == expected, variant


def test_streaming_alpha_beta_takes_the_specialised_loop(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Otherwise the tests above would compare alpha-beta's general loop with itself."""
    calls = []
    real = streamed.alpha_beta_lines

    def spy(run: Any, state: Any, hard: bool) -> Any:
        calls.append(hard)
        return real(run, state, hard)

    monkeypatch.setattr(streamed, "alpha_beta_lines", spy)
    game = OddGame(("max", 0, [1, 2]), named=False)
    for variant in ("fail-soft", "fail-hard", "negamax", "list"):
        alpha_beta(game, recorder=StreamRecorder(io.StringIO(), jsonl=True), variant=variant)
    alpha_beta(game, recorder=MemoryRecorder())
    alpha_beta(game, recorder=StreamRecorder(io.StringIO(), jsonl=True), order="best")
    assert calls == [False, True]
