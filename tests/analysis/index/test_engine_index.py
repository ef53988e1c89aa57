"""Version-2 engine streams indexed: a row per search of a node, re-searches in order."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracer import TraceWriter
from tracer.analysis.index import build_index, open_index
from tracer.errors import InputError


def engine_trace(path: Path) -> None:
    """Two iterations; the second searches its root with an aspiration window that fails
    low, then wider; a PVS re-search of b, an LMR re-search of c, a TT cutoff at d, and a
    fail-high (a cutoff by the node's last move) at b's second search."""
    with TraceWriter(str(path), game="g", variant="pvs", convention="minimax", eval="e",
                     classes=("capture", "quiet")) as t:
        t.iteration(1)
        t.enter("a")
        t.leave(-1)
        t.enter("b")
        t.leave(-2)
        t.leave(2)                    # root, depth 1: 2
        t.iteration(2)
        t.enter("a", move_class="capture")
        t.leave(-1)
        t.leave(1)                    # root with (1, 3): fails low
        t.research(-50, 50)           # the root again, a wider window
        t.enter("a")
        t.enter("x")
        t.leave(0)
        t.leave(0)
        t.enter("b")                  # null window
        t.enter("y")
        t.leave(-4)
        t.leave(-4)
        t.research(-50, 50)           # PVS: b again with the full window
        t.enter("y")
        t.leave(-5)
        t.cut()                       # a fail-high by its last (and only) move
        t.leave(-5)
        t.enter("c", move_class="quiet")  # reduced (LMR)
        t.leave(3)
        t.research(-50, 50)           # LMR: c again at full depth
        t.leave(4)
        t.enter("d")
        t.tt_probe(True, "exact", 1, 3)  # settled by the table
        t.leave(1)
        t.leave(5)


def test_each_search_is_a_row_and_a_node_searched_again_lists_them_in_order(
        tmp_path: Path) -> None:
    trace = tmp_path / "e.jsonl"
    engine_trace(trace)
    counts = build_index(trace, tmp_path / "e.index")
    lines = trace.read_text().splitlines()
    assert counts["events"] == len(lines) - 2
    with open_index(tmp_path / "e.index", trace=trace) as index:
        assert index.header["version"] == 2
        root = index.root()
        assert root is not None
        roots = index.searches(root)
        assert [(r.search, r.alpha, r.beta) for r in roots] == [
            (1, None, None), (2, None, None), (3, -50, 50)]
        assert index.result is not None and root.value == 5 == index.result["value"]
        kids = index.children(root.ord)
        assert [(k.move, k.rank, k.search) for k in kids] == [
            ("a", 1, 1), ("b", 2, 1), ("b", 2, 2), ("c", 3, 1), ("c", 3, 2), ("d", 4, 1)]
        b1, b2 = kids[1], kids[2]
        assert index.searches(b1) == [b1, b2] == index.searches(b2)
        assert (b2.alpha, b2.beta) == (-50, 50) and b1.alpha is None
        assert b2.cut is not None and b2.children == 1 and b1.cut is None
        assert b2.player == "min" and b2.cut == "alpha"  # MIN's fail-high: an alpha cut
        assert index.find("b").ord == b2.ord  # the last search: the one whose value counts
        assert index.find("b/y").parent == b2.ord
        d = kids[-1]
        assert (d.children, d.size, d.value) == (0, 1, 1)
        assert root.children == 4 and root.size == 1 + sum(k.size for k in kids)
        assert sum(r.size for r in roots) == index.nodes
        assert root.first < root.last <= counts["events"]


def test_a_counters_stream_is_refused_in_one_line(tmp_path: Path) -> None:
    trace = tmp_path / "c.jsonl"
    with TraceWriter(str(trace), game="g", variant="pvs", mode="counters") as t:
        t.enter("a")
        t.leave(1)
        t.leave(1)
    with pytest.raises(InputError, match="a counters stream has no events to index"):
        build_index(trace, tmp_path / "c.index")
    assert not (tmp_path / "c.index").exists()


def test_a_broken_stream_names_its_line(tmp_path: Path) -> None:
    trace = tmp_path / "e.jsonl"
    engine_trace(trace)
    lines = trace.read_text().splitlines()
    lines.insert(3, '{"type":"leave","node":7,"value":1}')
    trace.write_text("\n".join(lines) + "\n")
    with pytest.raises(InputError, match=r"line 4: leave of node 7, but node 1 is being"):
        build_index(trace, tmp_path / "e.index")
