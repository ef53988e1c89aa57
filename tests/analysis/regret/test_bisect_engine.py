"""``gametrace bisect`` on two engine streams (version 2): nodes matched by their path of
moves (an engine's integer ids differ between two orders), a node searched again one
node with several searches, the parts adding up to the difference."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from helpers import gametrace

from tracer import TraceWriter
from tracer.analysis.regret import Bisection, bisect_traces, regret_of_trace
from tracer.errors import InputError, UsageError

MASK = (1 << 64) - 1


def _child(pos: int, i: int) -> int:
    return (pos * 6364136223846793005 + 1442695040888963407 + i) & MASK


def _leaf(pos: int) -> int:  # -32 .. 31, the side to move's view
    return (((pos * 0x9E3779B97F4A7C15) & MASK) >> 58) - 32


def engine(path: Path, *, order: Sequence[int] = (0, 1, 2), at: int = 2, pvs: bool = False,
           depths: Sequence[int] = (1, 2, 3, 4), position: str = "1",
           aspiration: bool = False, deepen: bool = True) -> Path:
    """The page's negamax over random-3, deepened; at remaining depth ``at`` the moves
    are tried in ``order`` (elsewhere a1 a2 a3); with ``pvs`` a null window after the
    first move and a re-search on a fail-high; with ``aspiration`` each iteration
    after the first searches the root with the window (-1, 1) first; without ``deepen``
    no iteration is marked (one search of the root, to the first of ``depths``)."""

    def negamax(t: TraceWriter, pos: int, depth: int, alpha: int, beta: int) -> int:
        if depth == 0:
            return _leaf(pos)
        best = -1000
        for k, i in enumerate(order if depth == at else (0, 1, 2)):
            t.enter(f"a{i + 1}")
            if k == 0 or not pvs:
                score = negamax(t, _child(pos, i), depth - 1, -beta, -alpha)
            else:
                score = negamax(t, _child(pos, i), depth - 1, -alpha - 1, -alpha)
                if alpha < -score < beta:
                    t.leave(score)
                    t.research(-beta, -alpha)
                    score = negamax(t, _child(pos, i), depth - 1, -beta, -alpha)
            t.leave(score)
            best = max(best, -score)
            alpha = max(alpha, best)
            if alpha >= beta:
                t.cut()
                break
        return best

    with TraceWriter(str(path), game="random-3", variant="pvs" if pvs else "ab",
                     convention="negamax", eval="hash", position=position) as t:
        for depth in depths if deepen else depths[:1]:
            if deepen:
                t.iteration(depth)
            value = negamax(t, int(position), depth, *((-1, 1) if aspiration
                                                       and depth > 1 else (-1000, 1000)))
            if aspiration and depth > 1 and not -1 < value < 1:
                t.leave(value)
                t.research(-1000, 1000)
                value = negamax(t, int(position), depth, -1000, 1000)
            t.leave(value)
    return path


def _adds_up(found: Bisection) -> None:
    assert sum(p.difference for p in found.parts) == found.totals[0] - found.totals[1]


def test_the_same_search_twice_does_not_diverge(tmp_path: Path) -> None:
    a, b = engine(tmp_path / "a.jsonl"), engine(tmp_path / "b.jsonl")
    found = bisect_traces(a, b)
    assert found.divergence is None and found.parts == ()
    assert found.totals[0] == found.totals[1] == regret_of_trace(a).searched


def test_two_orders_part_at_the_first_node_ordered_otherwise(tmp_path: Path) -> None:
    """Reversed at remaining depth 2 of the last iteration, depth 4: ply 2's first node,
    a1 a1, is the first whose moves come in another order; the engine's ids of every
    node after it differ, the paths do not."""
    a = engine(tmp_path / "a.jsonl")
    b = engine(tmp_path / "b.jsonl", order=(2, 1, 0))
    found = bisect_traces(a, b, depth=2)
    d = found.divergence
    assert d is not None
    assert (d.node, d.path, d.player, d.orders, d.next) == (
        "a1/a1", ("a1", "a1"), "max", (("a1", "a2", "a3"), ("a3", "a2", "a1")),
        ("a1", "a3"))
    assert d.event == 3  # the root, a1, a1 a1: the nodes both searched alike before
    assert d.windows == ((None, None), (None, None))  # an engine stream has none
    assert found.totals == (regret_of_trace(a).searched, regret_of_trace(b).searched)
    assert found.iterations[0] is not None and found.iterations[0].number == 4
    _adds_up(found)
    assert {p.kind for p in found.parts} == {"below"}
    assert all(len(p.path) == 2 for p in found.parts)
    text = found.to_text()
    assert "first divergence after 3 shared node events, at a1 a1 (max):" in text
    assert "window" not in text


@pytest.mark.parametrize("depth", [0, 1, 2, 3, 4, 6])
@pytest.mark.parametrize("order", [(1, 0, 2), (2, 0, 1), (0, 2, 1)])
def test_the_parts_add_up_at_every_depth_bound(tmp_path: Path, depth: int,
                                               order: tuple[int, ...]) -> None:
    a = engine(tmp_path / "a.jsonl", at=3)
    b = engine(tmp_path / "b.jsonl", order=order, at=3, pvs=True)
    found = bisect_traces(a, b, depth=depth)
    _adds_up(found)
    assert all(len(p.path) <= depth for p in found.parts)


def test_a_re_search_is_one_node_searched_again(tmp_path: Path) -> None:
    """PVS against plain alpha-beta, one order: the first difference is PVS's first
    re-search, and a node searched twice by B only is an ``again`` part of one node."""
    a = engine(tmp_path / "a.jsonl")
    b = engine(tmp_path / "b.jsonl", pvs=True)
    found = bisect_traces(a, b, depth=4)
    d = found.divergence
    assert d is not None
    assert d.orders[0] == d.orders[1]
    assert d.next[1].endswith(" again") and d.next[0] != d.next[1]
    again = [p for p in found.parts if p.kind == "again"]
    assert again and all(p.nodes[1] > p.nodes[0] >= 1 for p in again)
    _adds_up(found)
    assert found.totals[1] == regret_of_trace(b).searched


def test_an_aspiration_failure_searches_the_root_again(tmp_path: Path) -> None:
    a = engine(tmp_path / "a.jsonl")
    b = engine(tmp_path / "b.jsonl", aspiration=True)
    found = bisect_traces(a, b, depth=3)
    _adds_up(found)
    root = [p for p in found.parts if p.path == ()]
    assert [(p.kind, p.nodes) for p in root] == [("again", (1, 2))]
    assert found.totals[1] == regret_of_trace(b).searched


def test_the_iteration_compared(tmp_path: Path) -> None:
    a = engine(tmp_path / "a.jsonl")
    b = engine(tmp_path / "b.jsonl", order=(2, 1, 0))
    found = bisect_traces(a, b, iteration=2)
    assert found.iterations[0] is not None and found.iterations[0].depth == 2
    assert found.totals == (regret_of_trace(a, iteration=2).searched,
                            regret_of_trace(b, iteration=2).searched)
    d = found.divergence
    assert d is not None and d.path == ()  # at depth 2 the reversed node is the root
    _adds_up(found)
    with pytest.raises(UsageError, match="choose from 1 to 4"):
        bisect_traces(a, b, iteration=5)


def test_one_iteration_unmarked_is_read_whole(tmp_path: Path) -> None:
    a = engine(tmp_path / "a.jsonl", depths=(3,), deepen=False)
    b = engine(tmp_path / "b.jsonl", depths=(3,), order=(1, 0, 2), at=3, deepen=False)
    found = bisect_traces(a, b)
    assert found.iterations == (None, None)
    d = found.divergence
    assert d is not None and d.path == () and d.next == ("a1", "a2")
    _adds_up(found)


def test_two_positions_are_refused(tmp_path: Path) -> None:
    a = engine(tmp_path / "a.jsonl")
    b = engine(tmp_path / "b.jsonl", position="2")
    with pytest.raises(UsageError, match="not searches of one position"):
        bisect_traces(a, b)


def test_an_engine_stream_and_a_trace_of_version_1_are_refused(tmp_path: Path) -> None:
    a = engine(tmp_path / "a.jsonl")
    v1 = tmp_path / "aima.jsonl"
    code, _, err = gametrace("run", "aima", "-o", str(v1), "-q")
    assert code == 0, err
    with pytest.raises(InputError, match="bisect compares two engine streams"):
        bisect_traces(a, v1)
    code, out, err = gametrace("bisect", str(v1), str(a))
    assert (code, out) == (1, "")
    assert err == (f"gametrace: error: {a}: an engine stream (version 2), and {v1} a trace "
                   "of version 1: bisect compares two engine streams or two traces of "
                   "version 1\n")


def test_the_command_prints_and_writes_json(tmp_path: Path) -> None:
    a = engine(tmp_path / "a.jsonl")
    b = engine(tmp_path / "b.jsonl", order=(2, 1, 0))
    code, out, err = gametrace("bisect", str(a), str(b), "--depth", "2", "--json")
    assert (code, err) == (0, "")
    shown = json.loads(out)
    assert shown["divergence"]["path"] == ["a1", "a1"]
    assert shown["divergence"]["window_a"] == [None, None]
    assert sum(p["difference"] for p in shown["parts"]) == shown["nodes_a"] - shown["nodes_b"]
