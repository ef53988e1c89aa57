"""Search statistics from a full trace (read as a stream) and the minimal tree, with the
lecture's and the textbook's numbers."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import do_search
from tracer._api import search_source
from tracer.analysis.stats import (
    MoveClasses,
    SearchStats,
    Tally,
    knuth_moore,
    minimal_tree,
    read_header,
    read_stats,
    stats_of_trace,
)
from tracer.errors import InputError, UsageError
from tracer.games.registry import make_game
from tracer.jsonio import dumps_json
from tracer.record import FileRecorder, MemoryRecorder
from tracer.search import run_search

AIMA = "A(B(3 12 8) C(2 4 6) D(14 5 2))"


def _stats(trace: Any) -> SearchStats:
    tally = Tally()
    tally.start(trace.header)
    tally.walk(trace.events)
    return tally.stats()


def test_aima_alpha_beta_per_depth() -> None:
    """AIMA fig. 5.5: C is cut after its first leaf (2), so depth 1 has one cut, made by
    the first child; 7 of the 9 leaves are scored."""
    stats = _stats(do_search(AIMA).trace)
    assert [(d.nodes, d.inner, d.leaves, d.cuts) for d in stats.depths] == [
        (1, 1, 0, 0), (3, 3, 0, 1), (7, 0, 7, 0)]
    assert stats.depths[1].ranks == {1: 1}
    assert stats.depths[1].fail_high == pytest.approx(1 / 3)
    assert stats.depths[1].fail_high_first == 1.0
    assert stats.ebf(1) == 3.0 and stats.ebf(2) == pytest.approx(7 / 3)
    assert stats.ebf_root == pytest.approx(11 ** 0.5)
    assert stats.uniform == (3, 2) and stats.knuth_moore_leaves == 5


def test_reverse_order_on_aima_cuts_nothing() -> None:
    """Reversed, D (2) is searched first; C's 2 ties alpha only at its last leaf, so the
    test alpha >= beta leaves no child unsearched: no cut node, every leaf scored."""
    stats = _stats(do_search(AIMA, order="reverse").trace)
    assert [d.nodes for d in stats.depths] == [1, 3, 9]
    assert stats.cuts == 0 and stats.fail_high_first is None
    assert stats.depths[0].fail_high == 0.0


def test_a_cut_by_a_later_child_has_its_rank() -> None:
    # At C (MIN, window alpha=3): 9 does not cut, 1 does; C is cut by its second child.
    stats = _stats(do_search("A(B(3 4) C(9 1 7))").trace)
    assert stats.depths[1].ranks == {2: 1}
    assert stats.depths[1].fail_high_first == 0.0


def test_minimal_tree_of_aima_is_knuth_moore() -> None:
    trace = do_search(AIMA).trace
    assert minimal_tree(trace.header, file="aima") == [1, 3, 5]
    stats = _stats(trace).with_minimal([1, 3, 5])
    assert [d.beyond for d in stats.depths] == [0, 0, 2]


def uniform(b: int, d: int, values: list[int]) -> Any:
    it = iter(values)

    def build(level: int) -> Any:
        return next(it) if level == d else [build(level + 1) for _ in range(b)]

    return build(0)


@settings(max_examples=examples(30), deadline=None, derandomize=True)
@given(b=st.integers(2, 3), d=st.integers(1, 4), data=st.data())
def test_the_minimal_tree_of_a_uniform_tree_has_knuth_moore_leaves(b: int, d: int,
                                                                    data: Any) -> None:
    values = data.draw(st.permutations(list(range(b**d))))
    trace = do_search(uniform(b, d, values)).trace
    minimal = minimal_tree(trace.header, file="t")
    assert minimal[d] == knuth_moore(b, d)
    stats = _stats(trace)
    assert stats.depths[d].leaves >= minimal[d]
    assert stats.uniform == (b, d)


def test_minimal_tree_of_a_game_is_searched_again_from_its_parameters() -> None:
    game, state, block = make_game("tictactoe", {"board": "x...o...."})
    memory = MemoryRecorder()
    run_search(game, state, algorithm="alphabeta", depth=3, recorder=memory, source=block)
    minimal = minimal_tree(memory.trace.header, file="t")
    best = MemoryRecorder()
    run_search(game, state, algorithm="alphabeta", order="best", depth=3, recorder=best)
    assert minimal == [d.nodes for d in _stats(best.trace).depths]
    assert sum(minimal) <= _stats(memory.trace).nodes


def test_transposition_hits_are_counted_at_their_depth() -> None:
    game, state, block = make_game("tictactoe", {"board": "x...o...."})
    memory = MemoryRecorder()
    run_search(game, state, algorithm="enhanced", techniques="tt", recorder=memory,
               source=block)
    hits = [ev for ev in memory.trace.events if ev.type == "tt" and ev.kind == "hit"]
    assert hits  # the position repeats by transposition
    stats = _stats(memory.trace)
    by_depth: dict[int, int] = {}
    for ev in hits:  # a game's node id is its moves joined by "/"
        depth = ev.node.count("/") + 1
        by_depth[depth] = by_depth.get(depth, 0) + 1
    assert {d.depth: d.tt_hits for d in stats.depths if d.tt_hits} == by_depth
    assert sum(d.tt_cutoffs for d in stats.depths) == sum(ev.flag != "exact" for ev in hits)
    assert "TT hits" in stats.to_text()


def test_a_jsonl_trace_is_read_as_a_stream(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Never the whole trace: load_trace is not called, and the open path stays as
    short as the tree is deep."""
    import tracer.trace

    path = tmp_path / "t.jsonl"
    result, _ = search_source("tictactoe", output=path, depth=4)
    monkeypatch.setattr(tracer.trace, "load_trace", None)
    deepest = 0
    real = Tally.visit_expand

    def spy(self: Tally, ev: Any) -> None:
        nonlocal deepest
        real(self, ev)
        deepest = max(deepest, len(self.path))

    monkeypatch.setattr(Tally, "visit_expand", spy)
    stats = stats_of_trace(path)
    assert stats.nodes == result.stats.nodes_visited
    assert deepest <= 4
    assert read_header(path).algorithm == "alphabeta"


def test_the_json_document_round_trips(tmp_path: Path) -> None:
    stats = _stats(do_search(AIMA).trace).with_minimal([1, 3, 5])
    path = tmp_path / "s.json"
    path.write_text(dumps_json(stats.to_json()))
    again = read_stats(path)
    assert again == stats
    assert json.loads(path.read_text())["total"]["beyond_minimal"] == 2


@pytest.mark.parametrize(("change", "where"), [
    (lambda d: d.update(format="x"), "$.format"),
    (lambda d: d["depths"][1].update(inner=-1), "$.depths[1].inner"),
    (lambda d: d["depths"][1].update(cut_ranks={"0": 1}), "$.depths[1].cut_ranks"),
    (lambda d: d["depths"][2].update(depth=5), "$.depths[2].depth"),
], ids=["format", "count", "rank", "depth"])
def test_a_bad_document_is_named_by_its_json_path(change: Any, where: str) -> None:
    data = _stats(do_search(AIMA).trace).to_json()
    change(data)
    with pytest.raises(InputError, match=f"^s.json: {re.escape(where)}: "):
        SearchStats.from_json(data, file="s.json")


def test_a_trace_of_another_search_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.jsonl"
    with FileRecorder(path) as rec:
        run_search(*make_game("grundy", {"coins": "5"})[:2], algorithm="pns", recorder=rec)
    with pytest.raises(InputError, match="statistics are for game-tree searches"):
        stats_of_trace(path)


def test_the_minimal_tree_needs_a_tree_or_a_game() -> None:
    trace = do_search(AIMA).trace
    header = type(trace.header)(trace.header.algorithm, trace.header.variant,
                                trace.header.root, source={"kind": "problem"})
    with pytest.raises(UsageError, match="needs a trace of a tree or a built-in game"):
        minimal_tree(header, file="x")


def _square(game: Any, state: Any, action: Any) -> str:
    """A classifier for tic-tac-toe: the kind of square the move takes."""
    name = game.move_name(state, action)
    return "centre" if name == "b2" else "corner" if name in ("a1", "c1", "a3", "c3") \
        else "edge"


def test_cuts_by_move_class_replay_the_game(tmp_path: Path) -> None:
    """Each cut is classified in its own position: the counts equal the classes read off
    the cutting child's id (its last move), and add up to the cuts of each ply."""
    game, state, block = make_game("tictactoe", {"board": "x...o...."})
    path = tmp_path / "t.jsonl"
    with FileRecorder(path) as rec:
        run_search(game, state, algorithm="alphabeta", order="reverse", recorder=rec,
                   source=block)
    stats = stats_of_trace(path, classes=MoveClasses(game, state, _square))
    expected: dict[tuple[int, str], list[int]] = {}
    depth_of: dict[str, int] = {}
    for line in path.read_text().splitlines()[1:]:
        ev = json.loads(line)
        if ev["type"] == "expand":
            depth_of[ev["node"]] = ev["depth"]
        if ev["type"] == "cut":
            name = ev["after"].split("/")[-1]
            kind = "centre" if name == "b2" else "corner" if name in (
                "a1", "c1", "a3", "c3") else "edge"
            counts = expected.setdefault((depth_of[ev["node"]], kind), [0, 0])
            counts[0] += 1
    got = {(d.depth, name): c.cuts for d in stats.depths for name, c in d.classes.items()
           if c.cuts}
    assert got == {k: v[0] for k, v in expected.items()}
    for d in stats.depths:
        assert sum(c.cuts for c in d.classes.values()) == d.cuts
        assert sum(c.first for c in d.classes.values()) == d.ranks.get(1, 0)
        below = stats.depths[d.depth + 1].nodes if d.depth + 1 < len(stats.depths) else 0
        assert sum(c.searched for c in d.classes.values()) == below
    assert "by move class" in stats.to_text()
    again = SearchStats.from_json(stats.to_json(), file="s.json")
    assert again == stats


def test_the_plain_classifier_puts_every_cut_in_one_class(tmp_path: Path) -> None:
    game, state, block = make_game("othello", {})
    path = tmp_path / "o.jsonl"
    with FileRecorder(path) as rec:
        run_search(game, state, algorithm="alphabeta", depth=4, recorder=rec, source=block)
    stats = stats_of_trace(path, classes=MoveClasses(game, state))
    assert all(set(d.classes) == {"move"} for d in stats.depths if d.cuts)
    assert all(d.classes["move"].ranks == d.ranks for d in stats.depths if d.cuts)
