"""The index of a trace says what the trace says: each node's parent, children in search
order, value, window, cut and subtree size, and the statistics; a stale, foreign or
truncated index is refused."""

from __future__ import annotations

import itertools
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from helpers import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import do_search, taken, to_tree
from tracer._api import search_tree
from tracer.analysis.index import Index, build_index, open_index
from tracer.analysis.stats import Tally
from tracer.errors import InputError, MissingInput, UsageError
from tracer.events import Backup, Cut, Evaluate, Expand
from tracer.jsonio import dumps_json, encode_number
from tracer.record import FileRecorder
from tracer.trace import Trace

AIMA = "A(B(3 12 8) C(2 4 6) D(14 5 2))"

leaf = st.integers(min_value=-9, max_value=9)
trees = st.recursive(leaf, lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=30)
inner_trees = st.lists(trees, min_size=1, max_size=4)


def _index(trace: Trace, tmp_path: Path, *, name: str = "t.json") -> Index:
    path = tmp_path / name
    path.write_text(dumps_json(trace.to_json()), encoding="utf-8")
    tally = Tally(file=str(path))
    build_index(path, tmp_path / f"{name}.index", counter=tally,
                summary=lambda: tally.stats().to_json())
    return open_index(tmp_path / f"{name}.index", trace=path)


def _expected(trace: Trace) -> dict[str, dict[str, Any]]:
    """Each node's facts read straight off the events (a second reading, not the index's)."""
    nodes: dict[str, dict[str, Any]] = {}
    children: dict[str, tuple[str, ...]] = {}
    for n, ev in enumerate(trace.events, start=1):
        if isinstance(ev, (Expand, Evaluate)):
            nodes[ev.node] = {"parent": ev.parent, "depth": ev.depth, "first": n,
                              "value": ev.value, "cut": None, "pruned": 0,
                              "rank": (children[ev.parent].index(ev.node) + 1
                                       if ev.parent is not None else None)}
            if isinstance(ev, Expand):
                children[ev.node] = ev.children
                nodes[ev.node].update(alpha=ev.alpha, beta=ev.beta)
        elif isinstance(ev, Backup):
            nodes[ev.child]["value"] = ev.child_value
        elif isinstance(ev, Cut):
            nodes[ev.node].update(cut=ev.kind, pruned=len(ev.pruned))
    assert trace.result is not None
    nodes[trace.header.root]["value"] = trace.result.value

    def size(node: str) -> int:
        return 1 + sum(size(c) for c in children.get(node, ()) if c in nodes)

    for node, facts in nodes.items():
        facts["size"] = size(node)
        facts["kids"] = [c for c in children.get(node, ()) if c in nodes]
    return nodes


def _check(index: Index, trace: Trace) -> None:
    expected = _expected(trace)
    assert index.nodes == len(expected)
    assert index.events == len(trace.events)
    seen = 0
    todo = [index.node(0)]
    while todo:
        node = todo.pop()
        assert node is not None
        seen += 1
        facts = expected[node.id]
        kids = index.children(node.ord, limit=1000)
        assert [k.id for k in kids] == facts["kids"]
        assert all(k.parent == node.ord and k.depth == node.depth + 1 for k in kids)
        assert node.value == encode_number(facts["value"])
        assert (node.cut, node.pruned, node.size, node.first, node.rank) == (
            facts["cut"], facts["pruned"], facts["size"], facts["first"], facts["rank"])
        if "alpha" in facts and facts["alpha"] is not None:
            assert (node.alpha, node.beta) == (encode_number(facts["alpha"]),
                                               encode_number(facts["beta"]))
        # A subtree is the run of numbers from its root: its last event closes it.
        if kids:
            assert kids[0].ord == node.ord + 1
            assert node.last >= kids[-1].last
            assert all(a.last < b.first for a, b in itertools.pairwise(kids))
        todo.extend(kids)
    assert seen == index.nodes


@settings(max_examples=examples(25), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tree=inner_trees, algorithm=st.sampled_from(["minimax", "alphabeta"]),
       order=st.sampled_from(["natural", "reverse", "random"]))
def test_the_index_says_what_the_trace_says(tree: Any, algorithm: str, order: str,
                                             tmp_path: Path) -> None:
    trace = do_search(tree, algorithm, order=order, seed=3).trace
    with _index(trace, tmp_path) as index:
        _check(index, trace)
        tally = Tally()
        tally.start(trace.header)
        tally.walk(trace.events)
        assert index.stats == json.loads(dumps_json(tally.stats().to_json()))
        assert index.header == trace.header.to_json()


@settings(max_examples=examples(10), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tree=inner_trees)
def test_minimax_values_in_the_index_back_up(tree: Any, tmp_path: Path) -> None:
    """Under minimax every inner node's value is the max (or min) of its children's."""
    trace = do_search(tree, "minimax").trace
    with _index(trace, tmp_path) as index:
        for ord_ in range(index.nodes):
            node = index.node(ord_)
            assert node is not None
            kids = [k.value for k in index.children(ord_, limit=1000)]
            if kids:
                assert node.value == (max(kids) if node.player == "max" else min(kids))


def test_aima_alpha_beta(tmp_path: Path) -> None:
    """AIMA fig. 5.5: value 3; C is cut after its first leaf, pruning 4 and 6."""
    trace = do_search(AIMA).trace
    with _index(trace, tmp_path) as index:
        root = index.node(0)
        assert root is not None
        assert (root.id, root.value, root.size, root.children) == ("A", 3, 11, 3)
        assert [(c.id, c.value) for c in index.children(0)] == [("B", 3), ("C", 2), ("D", 2)]
        c = index.find("C")
        assert (c.cut, c.pruned, c.size, c.alpha, c.beta) == ("alpha", 2, 2, 3, "+inf")
        assert index.find("B/F").value == 12
        assert index.find("  B  G ").value == 8
        assert index.find("").id == "A"
        with pytest.raises(UsageError, match=r"no move 'Z' searched at node 'B' \(searched "
                                             r"there: E, F, G\)"):
            index.find("B Z")


def test_a_subtree_is_drawn_within_its_budget(tmp_path: Path) -> None:
    trace = do_search(AIMA).trace
    with _index(trace, tmp_path) as index:
        whole = index.subtree(0, depth=5, budget=100)
        assert len(whole.nodes) == 11 and whole.folds == ()
        shallow = index.subtree(0, depth=1, budget=100)
        assert [n.id for n in shallow.nodes] == ["A", "B", "C", "D"]
        assert {(f.node, f.children, f.nodes) for f in shallow.folds} == {
            (index.find("B").ord, 3, 3), (index.find("C").ord, 1, 1),
            (index.find("D").ord, 3, 3)}
        tight = index.subtree(0, depth=5, budget=6)
        assert len(tight.nodes) == 6
        drawn = len(tight.nodes) + sum(f.nodes for f in tight.folds)
        assert drawn == 11  # every node is drawn or in a fold
        with pytest.raises(UsageError, match="no node numbered 99"):
            index.subtree(99, depth=1, budget=5)


def test_a_streamed_trace_gives_the_same_index(tmp_path: Path) -> None:
    tree = to_tree(AIMA)
    for name in ("t.jsonl", "t.jsonl.gz"):
        with FileRecorder(tmp_path / name) as rec:
            search_tree(tree, recorder=rec, **taken("alphabeta", None))
        build_index(tmp_path / name, tmp_path / f"{name}.index")
        with open_index(tmp_path / f"{name}.index", trace=tmp_path / name) as index:
            _check(index, do_search(AIMA).trace)
            assert index.stats is None  # no counter given


def test_a_stale_index_is_refused(tmp_path: Path) -> None:
    trace = do_search(AIMA).trace
    _index(trace, tmp_path).close()
    path = tmp_path / "t.json"
    path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    with pytest.raises(InputError, match="the index is stale: it was built from a trace of"):
        open_index(tmp_path / "t.json.index", trace=path)
    other = tmp_path / "o.json"
    other.write_text(dumps_json(do_search("A(1 2)").trace.to_json()), encoding="utf-8")
    with pytest.raises(InputError, match="stale"):
        open_index(tmp_path / "t.json.index", trace=other)


def test_a_foreign_or_truncated_index_is_refused(tmp_path: Path) -> None:
    _index(do_search(AIMA).trace, tmp_path).close()
    good = (tmp_path / "t.json.index").read_bytes()
    (tmp_path / "cut.index").write_bytes(good[:len(good) // 2])
    with pytest.raises(InputError, match=r"cut.index: the index is truncated \("):
        open_index(tmp_path / "cut.index")
    (tmp_path / "text.index").write_text("hello", encoding="utf-8")
    with pytest.raises(InputError, match=r"text\.index: not an index"):
        open_index(tmp_path / "text.index")
    db = sqlite3.connect(tmp_path / "other.db")
    db.execute("CREATE TABLE meta (key TEXT, value TEXT)")
    db.execute("INSERT INTO meta VALUES ('format', 'something-else')")
    db.commit()
    db.close()
    with pytest.raises(InputError, match=r"other\.db: not an index: expected format"):
        open_index(tmp_path / "other.db")
    plain = sqlite3.connect(tmp_path / "plain.db")
    plain.execute("CREATE TABLE t (x)")
    plain.commit()
    plain.close()
    with pytest.raises(InputError, match=r"plain\.db: not an index, or a damaged one"):
        open_index(tmp_path / "plain.db")
    old = tmp_path / "old.index"
    old.write_bytes(good)
    db = sqlite3.connect(old)
    db.execute("UPDATE meta SET value = '0' WHERE key = 'version'")
    db.commit()
    db.close()
    with pytest.raises(InputError, match="unsupported index version '0'"):
        open_index(old)
    with pytest.raises(MissingInput):
        open_index(tmp_path / "absent.index")


def test_iterative_deepening_indexes_each_search_of_the_root_in_order(tmp_path: Path) -> None:
    """Iterative deepening opens the root once per depth: a row per search, in order."""
    from tracer.games.registry import make_game
    from tracer.search import run_search

    game, state, block = make_game("othello", {})
    with FileRecorder(tmp_path / "id.jsonl") as rec:
        result = run_search(game, state, algorithm="enhanced", techniques=("id",), depth=2,
                            recorder=rec, source=block)
    build_index(tmp_path / "id.jsonl", tmp_path / "id.index")
    with open_index(tmp_path / "id.index") as index:
        root = index.root()
        assert root is not None
        searches = index.searches(root)
        assert [s.search for s in searches] == [1, 2]
        assert searches[0].ord == 0 and searches[-1] == root
        assert root.value == result.value
        assert sum(s.size for s in searches) == index.nodes
        assert index.find("") == root
        first_child = index.children(root.ord, limit=1)[0]
        assert first_child.depth == 1 and first_child.search == 1


def test_a_search_without_a_tree_is_refused(tmp_path: Path) -> None:
    from tracer.games.registry import make_game
    from tracer.search import run_search

    with FileRecorder(tmp_path / "p.jsonl") as rec:
        run_search(*make_game("grundy", {"coins": "5"})[:2], algorithm="pns", recorder=rec)
    with pytest.raises(InputError, match="an index is for game-tree searches"):
        build_index(tmp_path / "p.jsonl", tmp_path / "p.index")
    assert not (tmp_path / "p.index").exists()
