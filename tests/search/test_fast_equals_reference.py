"""The fast tier (tracer/search/fast/) equals the reference tier (``body.AlphaBeta.search``,
minimax without its window): with recording off it returns the same value, principal variation,
move and counts, and streamed to a file it writes, byte for byte, the lines of the
reference's events; whatever the tree, names, values, depth limit, budget, ordering and
cut test; in both builds, the compiled one (tracer/search/fast/_lines.c) and the pure-Python one
(``GAMETRACE_PURE=1``)."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tracer.errors import LimitExceeded, UsageError
from tracer.games.base import Capabilities, Player
from tracer.games.registry import make_game
from tracer.limits import Limits
from tracer.record import FileRecorder, MemoryRecorder, StreamRecorder
from tracer.search import CUT_TESTS, ORDERS, alpha_beta, fast, minimax
from tracer.search.alphabeta import ALPHABETA_VARIANTS
from tracer.search.fast import pure
from tracer.search.minimax import MINIMAX_VARIANTS
from tracer.trace import write_trace

# Move names and pictures with everything JSON must escape, and some things it need not.
ODD = ['a"b', "back\\slash", "é", "new\nline", "tab\t", "/", "%s", "{x}", "\x01", "ok"]

Node = Any
"""A leaf value, or (player, static value, children) for an inner node."""

numbers = st.one_of(
    st.integers(-9, 9),
    st.sampled_from([0.5, -2.25, 1.0, -0.0, 1e300, 1e-7, float("inf"), float("-inf"),
                     10**20, -(2**63)]),
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


BUILDS = ("compiled", "pure")


@contextmanager
def build(name: str) -> Iterator[None]:
    """Run the streamed loops of one build: ``GAMETRACE_PURE`` set for the block."""
    old = os.environ.get("GAMETRACE_PURE")
    os.environ["GAMETRACE_PURE"] = "1" if name == "pure" else "0"
    try:
        yield
    finally:
        if old is None:
            del os.environ["GAMETRACE_PURE"]
        else:
            os.environ["GAMETRACE_PURE"] = old


def streamed_and_kept(search: Any, game: Any, jsonl: bool,
                      **options: Any) -> tuple[dict[str, str], str]:
    """What each build streams, and the lines of the events a memory recorder keeps."""
    memory = MemoryRecorder()
    search(game, recorder=memory, **options)
    kept = memory.trace
    expected = io.StringIO()
    write_trace(expected, kept.header, kept.events, kept.result, jsonl=jsonl)
    got = {}
    for name in BUILDS:
        out = io.StringIO()
        with build(name):
            search(game, recorder=StreamRecorder(out, jsonl=jsonl), **options)
        got[name] = out.getvalue()
    return got, expected.getvalue()


def test_the_compiled_build_is_there() -> None:
    """``pip install -e .`` compiles it (hatch_build.py); without it every "compiled"
    run below would silently be the pure one."""
    assert pure.compiled_search is not None, (
        "tracer/search/fast/_lines.c is not built: reinstall with a C compiler (make test does)")


SEARCHES = ((minimax, "two-function"), (alpha_beta, "fail-soft"), (alpha_beta, "fail-hard"))
"""Every variant with a fast tier.  The others (minimax's negamax and list, alpha-beta's
negamax, list and slide-002) run only the reference loop, as
:func:`test_only_these_searches_take_the_fast_tier` pins."""
FAST_ORDERS = ("natural", "reverse")
"""The orderings with a fast tier: the others read node ids (random seeds by id, the
oracles memoise), so they run only the reference loop (pinned below too)."""
roots = st.tuples(st.sampled_from(["max", "min"]), st.integers(-5, 5),
                  st.lists(nodes, min_size=1, max_size=4))


@settings(max_examples=examples(120), deadline=None, derandomize=True)
@given(root=roots, named=st.booleans(), jsonl=st.booleans(),
       depth=st.sampled_from([None, 0, 1, 2, 3]), max_nodes=st.sampled_from([None, 1, 3, 8]))
def test_the_fast_tier_equals_the_reference(root: Node, named: bool, jsonl: bool,
                                            depth: int | None, max_nodes: int | None) -> None:
    """For every fast variant, ordering and cut test: the untraced result (value, principal
    variation, move, counts, completeness) is the reference's, and each build writes the
    reference's lines byte for byte and returns its result."""
    game = OddGame(root, named)
    limits = Limits(max_nodes=max_nodes)
    for search, variant in SEARCHES:
        for order in FAST_ORDERS:
            for cut_on in CUT_TESTS if search is alpha_beta else ("ge",):
                options: dict[str, Any] = {"variant": variant, "order": order, "depth": depth,
                                           "limits": limits}
                if search is alpha_beta:
                    options["cut_on"] = cut_on
                case = (variant, order, cut_on)
                memory = MemoryRecorder()
                reference = search(game, recorder=memory, **options)
                assert search(game, **options) == reference, case
                kept = memory.trace
                expected = io.StringIO()
                write_trace(expected, kept.header, kept.events, kept.result, jsonl=jsonl)
                for name in BUILDS:
                    out = io.StringIO()
                    with build(name):
                        streamed = search(game, recorder=StreamRecorder(out, jsonl=jsonl),
                                          **options)
                    assert out.getvalue() == expected.getvalue(), (*case, name)
                    assert streamed == reference, (*case, name)


def test_only_these_searches_take_the_fast_tier(monkeypatch: pytest.MonkeyPatch) -> None:
    """Otherwise the test above would compare the reference with itself, or a search
    outside SEARCHES and FAST_ORDERS would run a fast loop that no test compares."""
    calls: list[tuple[str, ...]] = []
    for name in ("minimax_bare", "two_function_lines", "alpha_beta_bare", "alpha_beta_lines"):
        real = getattr(fast, name)

        def spy(*args: Any, _name: str = name, _real: Any = real) -> Any:
            calls.append((_name, *(str(a) for a in args[2:])))
            return _real(*args)

        monkeypatch.setattr(fast, name, spy)
    game = OddGame(("max", 0, [("min", 0, [1, 2]), 3]), named=False)
    for search, variants in ((minimax, MINIMAX_VARIANTS), (alpha_beta, ALPHABETA_VARIANTS)):
        for variant in variants:
            for order in ORDERS:
                for recorder in (None, StreamRecorder(io.StringIO(), jsonl=True)):
                    calls.clear()
                    kw: dict[str, Any] = {} if recorder is None else {"recorder": recorder}
                    seed = 1 if order == "random" else None  # a seed goes with random only
                    search(game, variant=variant, order=order, seed=seed, **kw)
                    fast_case = (search, variant) in SEARCHES and order in FAST_ORDERS
                    assert len(calls) == (1 if fast_case else 0), (variant, order, calls)
                    if fast_case:
                        kind = "_bare" if recorder is None else "_lines"
                        assert calls[0][0].endswith(kind)
                        assert calls[0][1:] == (() if search is minimax
                                                else (str(variant == "fail-hard"),))


def test_streaming_minimax_takes_the_specialised_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Otherwise the test above would compare the general loop with itself."""
    calls = []
    real = fast.two_function_lines

    def spy(run: Any, state: Any) -> Any:
        calls.append(state)
        return real(run, state)

    monkeypatch.setattr(fast, "two_function_lines", spy)
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


@pytest.mark.parametrize("name", BUILDS)
def test_a_chance_node_is_named_plainly_in_the_error(name: str) -> None:
    game = OddGame(("max", 0, [("chance", 0, [1])]), named=False)
    with build(name), pytest.raises(UsageError, match='node a"b0 is a chance node'):
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
    game, state, _ = make_game(name, params)
    for jsonl in (True, False):
        got, expected = streamed_and_kept(
            lambda g, **kw: minimax(g, state, **kw), game, jsonl, depth=depth)
        assert got == {name: expected for name in BUILDS}
    for variant in ("fail-soft", "fail-hard"):
        got, expected = streamed_and_kept(
            lambda g, **kw: alpha_beta(g, state, **kw), game, True, depth=depth,
            variant=variant)
        assert got == {name: expected for name in BUILDS}, variant


def test_streaming_alpha_beta_takes_the_specialised_loop(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Otherwise the tests above would compare alpha-beta's general loop with itself."""
    calls = []
    real = fast.alpha_beta_lines

    def spy(run: Any, state: Any, hard: bool) -> Any:
        calls.append(hard)
        return real(run, state, hard)

    monkeypatch.setattr(fast, "alpha_beta_lines", spy)
    game = OddGame(("max", 0, [1, 2]), named=False)
    for variant in ("fail-soft", "fail-hard", "negamax", "list"):
        alpha_beta(game, recorder=StreamRecorder(io.StringIO(), jsonl=True), variant=variant)
    alpha_beta(game, recorder=MemoryRecorder())
    alpha_beta(game, recorder=StreamRecorder(io.StringIO(), jsonl=True), order="best")
    assert calls == [False, True]


def test_the_compiled_loop_is_the_one_that_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """For JSON lines unless GAMETRACE_PURE=1; never for the one-document form, whose
    separators only the pure loop writes."""
    calls = []
    real = pure.compiled_search

    def spy(*args: Any) -> Any:
        calls.append(args[5])  # alpha_beta
        return real(*args)

    monkeypatch.setattr(pure, "compiled_search", spy)
    game = OddGame(("max", 0, [1, 2]), named=False)
    with build("compiled"):
        minimax(game, recorder=StreamRecorder(io.StringIO(), jsonl=True))
        alpha_beta(game, recorder=StreamRecorder(io.StringIO(), jsonl=True))
        minimax(game, recorder=StreamRecorder(io.StringIO(), jsonl=False))
    with build("pure"):
        minimax(game, recorder=StreamRecorder(io.StringIO(), jsonl=True))
    assert calls == [False, True]


def test_the_compiled_loop_stays_within_the_threads_c_stack(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """It recurses in C as deep as the recursion limit lets it: only on a thread whose
    stack is known to hold that many levels."""
    import sys
    import threading

    from tracer.search.common import Run, SearchOptions

    run = Run(OddGame(("max", 0, [1]), named=False),
              StreamRecorder(io.StringIO(), jsonl=True), SearchOptions(), quoted_ids=True)
    with build("compiled"):
        assert pure.uses_compiled(run)
        monkeypatch.setattr(sys, "getrecursionlimit", lambda: 1 << 30)
        assert not pure.uses_compiled(run)
        monkeypatch.undo()
        seen = []
        other = threading.Thread(target=lambda: seen.append(pure.uses_compiled(run)))
        other.start()
        other.join()
        assert seen == [False]
        # the command line's big-stack thread, with its recursion limit for 100,000 plies
        from tracer.recursion import DEFAULT_MAX_PLY, run_deep

        assert run_deep(lambda: pure.uses_compiled(run), max_ply=DEFAULT_MAX_PLY)


@pytest.mark.parametrize("name", BUILDS)
def test_a_tree_deeper_than_the_recursion_limit_is_a_clear_error(name: str) -> None:
    import sys

    node: Node = 7
    for _ in range(sys.getrecursionlimit() + 100):
        node = ("max", 0, [node])
    with build(name), pytest.raises(LimitExceeded, match="recursion limit"):
        minimax(OddGame(node, named=False), recorder=StreamRecorder(io.StringIO(), jsonl=True))


class Failing(OddGame):
    """An OddGame whose evaluation fails at its third leaf."""

    leaves = 0

    def utility(self, state: tuple[int, ...]) -> float:
        self.leaves += 1
        if self.leaves == 3:
            raise ValueError("broken game")
        return super().utility(state)


def test_a_failing_game_leaves_the_same_lines_in_both_builds() -> None:
    """The compiled loop hands over what it has buffered before the error goes on."""
    root = ("max", 0, [("min", 0, [1, 2]), ("min", 0, [3, 4])])
    got = {}
    for name in BUILDS:
        out = io.StringIO()
        with build(name), pytest.raises(ValueError, match="broken game"):
            minimax(Failing(root, named=False), recorder=StreamRecorder(out, jsonl=True))
        got[name] = out.getvalue()
    assert got["compiled"] == got["pure"]
    # the header; the first MIN node's expand, two leaves and backups; the root's
    # expand and backup; the second MIN node's expand
    assert got["pure"].count("\n") == 9


@pytest.mark.parametrize("suffix", [".jsonl", ".jsonl.gz"])
@pytest.mark.parametrize(("game_name", "params", "depth"), [
    ("tictactoe", {"board": "x...o...."}, None),
    ("grundy", {"coins": "9"}, None),
    ("nim", {"piles": "3,2", "misere": "true"}, None),
    ("gameof5", {}, None),
    ("chomp", {"rows": "3", "cols": "4"}, None),
    ("othello", {}, 4),
])
def test_both_builds_write_byte_identical_files(tmp_path: Path, suffix: str, game_name: str,
                                                params: dict[str, str],
                                                depth: int | None) -> None:
    """Through a FileRecorder the compiled loop writes bytes under the text stream."""
    for search, variant in ((minimax, "two-function"), (alpha_beta, "fail-soft"),
                            (alpha_beta, "fail-hard")):
        files = []
        for name in BUILDS:
            game, state, _ = make_game(game_name, params)
            path = tmp_path / f"{name}-{variant}{suffix}"
            with build(name), FileRecorder(path) as rec:
                search(game, state, variant=variant, depth=depth, recorder=rec)
            files.append(path.read_bytes())
        assert files[0] == files[1], variant
        assert len(files[0]) > 500


def test_the_lecture_trees_write_byte_identical_files(tmp_path: Path) -> None:
    """Named nodes: ids from the tree, no labels."""
    from tracer._api import search_tree
    from tracer.sources import load_tree_source

    for example in ("aima", "two-mins", "three-mins"):
        tree = load_tree_source(example)
        for algorithm in ("minimax", "alphabeta"):
            if algorithm == "minimax" and tree.unknown_leaves:
                continue  # three-mins leaves a and b unknown: minimax is refused
            files = []
            for name in BUILDS:
                path = tmp_path / f"{example}-{algorithm}-{name}.jsonl"
                with build(name), FileRecorder(path) as rec:
                    search_tree(tree, algorithm=algorithm, recorder=rec)
                files.append(path.read_bytes())
            assert files[0] == files[1], (example, algorithm)


class Trickle(io.RawIOBase):
    """A raw file that takes at most 777 bytes per write, as a raw write may."""

    def __init__(self) -> None:
        self.data = bytearray()

    def writable(self) -> bool:
        return True

    def write(self, b: Any) -> int:
        taken = bytes(b[:777])
        self.data += taken
        return len(taken)


def test_the_compiled_loop_writes_all_of_each_chunk_to_a_raw_file() -> None:
    """Under a file recorder it writes to the raw file, which may take part of a chunk."""
    game, state, _ = make_game("tictactoe", {"board": "x...o...."})
    got = {}
    for name in BUILDS:
        raw = Trickle()
        out = io.TextIOWrapper(io.BufferedWriter(raw), encoding="utf-8", newline="\n")
        recorder = StreamRecorder(out, jsonl=True)
        recorder._raw = raw  # as FileRecorder does for the files it opens
        with build(name):
            minimax(game, state, recorder=recorder)
        out.flush()
        got[name] = bytes(raw.data)
    assert got["compiled"] == got["pure"]
    assert len(got["pure"]) > 1 << 18  # more than one chunk of the compiled loop


class Full(Trickle):
    """A raw file whose disk fills up after the first 100,000 bytes."""

    def write(self, b: Any) -> int:
        if len(self.data) >= 100_000:
            raise OSError(28, "No space left on device")
        return super().write(b)


@pytest.mark.parametrize("name", BUILDS)
def test_a_failing_write_raises_its_own_error(name: str) -> None:
    """A full disk is the OSError the file gave (the CLI spells it in one line)."""
    game, state, _ = make_game("tictactoe", {"board": "x...o...."})
    raw = Full()
    out = io.TextIOWrapper(io.BufferedWriter(raw), encoding="utf-8", newline="\n")
    recorder = StreamRecorder(out, jsonl=True)
    recorder._raw = raw
    with build(name), pytest.raises(OSError, match="No space left"):
        minimax(game, state, recorder=recorder)


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
@pytest.mark.parametrize("order", FAST_ORDERS)
def test_untraced_games_return_the_references_results(name: str, params: dict[str, str],
                                                      depth: int | None, order: str) -> None:
    """The untraced fast loops on every built-in game, whole and stopped by a budget."""
    game, state, _ = make_game(name, params)
    for search, variant in SEARCHES:
        options: dict[str, Any] = {"variant": variant, "depth": depth, "order": order}
        got = search(game, state, **options)
        assert got == search(game, state, recorder=MemoryRecorder(), **options), variant
        options["limits"] = Limits(max_nodes=got.stats.nodes_expanded // 2 + 1)
        got = search(game, state, **options)
        assert got == search(game, state, recorder=MemoryRecorder(), **options), variant
        assert not got.complete


def test_a_chance_node_is_named_in_the_untraced_loops_error() -> None:
    game = OddGame(("max", 0, [("chance", 0, [1])]), named=True)
    for search, variant in SEARCHES:
        with pytest.raises(UsageError, match="is a chance node"):
            search(game, variant=variant)
