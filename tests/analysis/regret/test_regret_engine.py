"""``gametrace regret`` on searches by iterative deepening and on engine traces (version
2): the iteration read, re-searches counted once per search, table cutoffs as one node."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import gametrace

from tracer import TraceWriter
from tracer.analysis.regret import regret_of_trace
from tracer.errors import InputError, UsageError
from tracer.sdk.writer import Convention


def engine_trace(path: Path, *, convention: Convention = "minimax") -> Path:
    """Two iterations of a MAX root.  The second opens with an aspiration window that
    fails low, searched again with a wider one: there ``c`` is searched again by PVS
    (null window, then full), ``d`` by LMR (reduced, then at full depth), ``b`` cuts
    after its last move, and ``b`` ends on a table hit in the failed search."""
    with TraceWriter(str(path), game="g", variant="pvs", convention=convention) as t:
        def leave(value: int) -> None:  # MAX's view here; a negamax engine gives its own
            ply = len(t._stack) - 1
            t.leave(-value if convention == "negamax" and ply % 2 else value)

        def leaf(move: str, value: int) -> None:
            t.enter(move)
            leave(value)

        t.iteration(1)
        leaf("a", 1)
        leaf("b", 3)
        leave(3)
        t.iteration(2)
        t.enter("a")           # the aspiration window (2, 4)
        leaf("x", 5)
        leaf("y", 2)
        leave(2)
        t.enter("b")
        t.tt_probe(True, "upper", 1 if convention == "minimax" else -1, 1)
        leave(1)               # a table cutoff: no child tried
        leave(2)               # fails low
        t.research(-1000, 4)   # the wider window
        t.enter("a")
        leaf("x", 5)
        leaf("y", 2)
        leave(2)
        t.enter("b")
        leaf("p", 6)
        leaf("q", 1)
        t.cut()                # after b's last move: a fail-high all the same
        leave(1)
        t.enter("c")           # PVS: the null window fails high ...
        leaf("r", 4)
        leaf("s", 7)
        leave(4)
        t.research(2, 1000)    # ... and c is searched again with the full window
        leaf("r", 4)
        leaf("s", 7)
        leave(4)
        leaf("d", 3)           # LMR: the reduced search fails high ...
        t.research(4, 1000)    # ... and d is searched again at full depth
        leaf("z", 0)
        leave(0)
        leave(4)
    return path


def test_the_last_iteration_counts_every_search(tmp_path: Path) -> None:
    report = regret_of_trace(engine_trace(tmp_path / "e.jsonl"))
    # the failed root search 5 (root, a x y, b), the wider one 16 (c and d twice)
    assert (report.searched, report.ideal, report.wasted, report.value) == (21, 10, 11, 4)
    assert report.iteration is not None
    assert (report.iteration.number, report.iteration.count, report.iteration.depth) == \
        (2, 2, 2)
    assert [(w.path, w.local, w.cut, w.cut_rank, w.refuter, w.refuter_rank)
            for w in report.worst] == [(("a",), 1, None, None, "y", 2),
                                       (("b",), 1, "q", 2, "q", 2)]


def test_an_earlier_iteration_is_read_on_its_own(tmp_path: Path) -> None:
    report = regret_of_trace(engine_trace(tmp_path / "e.jsonl"), iteration=1)
    assert (report.searched, report.ideal, report.value, report.worst) == (3, 3, 3, ())
    assert report.to_text().splitlines()[1] == (
        "iteration 1 of 2, depth 1; a node searched again counts each search's nodes")


def test_a_negamax_engine_gives_the_same_report(tmp_path: Path) -> None:
    one = regret_of_trace(engine_trace(tmp_path / "m.jsonl"))
    other = regret_of_trace(engine_trace(tmp_path / "n.jsonl", convention="negamax"))
    assert one.to_json() == other.to_json()


def test_a_gzip_stream_reads_the_same(tmp_path: Path) -> None:
    assert regret_of_trace(engine_trace(tmp_path / "e.jsonl.gz")).to_json() == \
        regret_of_trace(engine_trace(tmp_path / "e.jsonl")).to_json()


def test_an_iteration_the_trace_has_not_is_a_usage_error(tmp_path: Path) -> None:
    path = engine_trace(tmp_path / "e.jsonl")
    with pytest.raises(UsageError, match=r"--iteration 3: the trace has 2 iterations "
                                         r"\(choose from 1 to 2\)"):
        regret_of_trace(path, iteration=3)
    code, out, err = gametrace("regret", str(path), "--iteration", "3")
    assert (code, out) == (2, "")
    assert err == ("gametrace: error: --iteration 3: the trace has 2 iterations "
                   "(choose from 1 to 2)\n")


def test_a_broken_engine_stream_is_refused_as_validate_refuses_it(tmp_path: Path) -> None:
    path = engine_trace(tmp_path / "e.jsonl")
    lines = path.read_text().splitlines(keepends=True)
    lines[3] = lines[3].replace('"node":1', '"node":2')  # leave of node 2, 1 is searched
    path.write_text("".join(lines))
    with pytest.raises(InputError, match="line 4: leave of node 2, but node 1 is being "
                                         "searched: expected node 1"):
        regret_of_trace(path)
    code, out, err = gametrace("regret", str(path))
    assert (code, out, err.count("\n")) == (1, "", 1)


def test_an_unfinished_engine_search_is_refused(tmp_path: Path) -> None:
    path = engine_trace(tmp_path / "e.jsonl")
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:-3]))  # cut off inside the last iteration
    with pytest.raises(InputError, match="the root is not left in iteration 2"):
        regret_of_trace(path)
    assert regret_of_trace(path, iteration=1).searched == 3


def test_the_cli_says_which_iteration_and_the_json_too(tmp_path: Path) -> None:
    path = engine_trace(tmp_path / "e.jsonl")
    code, out, err = gametrace("regret", str(path))
    assert (code, err) == (0, "")
    assert out.splitlines()[:3] == [
        "alphabeta (pvs) on g: value 4",
        "iteration 2 of 2 (the last), depth 2; a node searched again counts each "
        "search's nodes",
        "nodes searched 21, ideal tree 10, wasted 11 (52.4%)"]
    code, out, _ = gametrace("regret", str(path), "--json", "--iteration", "1")
    data = json.loads(out)
    assert (code, data["searched"], data["iteration_read"]) == (
        0, 3, {"number": 1, "count": 2, "depth": 1})


@pytest.fixture(scope="module")
def deepened(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A version-1 search by iterative deepening with aspiration windows and PVS (no
    table: a hit is a node with no event of its own, which the count below would miss)."""
    path = tmp_path_factory.mktemp("v1") / "id.jsonl"
    code, _, err = gametrace("run", "othello", "--depth", "3", "-a", "enhanced",
                             "--variant", "pvs", "--technique", "id,aspiration",
                             "-o", str(path), "-q")
    assert code == 0, err
    return path


def test_a_version_one_search_by_iterative_deepening_is_read(deepened: Path) -> None:
    from tracer.events import Evaluate, Expand, Iteration
    from tracer.header import Result
    from tracer.trace import iter_trace

    report = regret_of_trace(deepened)
    assert report.iteration is not None
    assert (report.iteration.number, report.iteration.count) == (3, 3)
    # the nodes of the last depth's root searches: every event after the last-but-one
    # depth's iteration events, up to the end
    items = list(iter_trace(str(deepened)))
    marks = {i: item for i, item in enumerate(items) if isinstance(item, Iteration)}
    last = marks[max(marks)]
    start = max(i for i, mark in marks.items() if mark.depth != last.depth)
    nodes = sum(1 for item in items[start:] if isinstance(item, Expand | Evaluate))
    assert report.searched == nodes
    result = items[-1]
    assert isinstance(result, Result) and report.value == result.value == last.value
    first = regret_of_trace(deepened, iteration=1)
    assert first.searched < report.searched and first.wasted >= 0


def test_a_version_one_trace_of_one_search_has_only_iteration_one(tmp_path: Path) -> None:
    path = tmp_path / "aima.jsonl"
    code, _, err = gametrace("run", "aima", "-o", str(path), "-q")
    assert code == 0, err
    assert regret_of_trace(path, iteration=1) == regret_of_trace(path)
    with pytest.raises(UsageError, match="the trace has one search"):
        regret_of_trace(path, iteration=2)


def test_a_version_one_pvs_re_search_counts_both_searches(tmp_path: Path) -> None:
    """PVS searches a node with a null window, then again with the full one, with no
    backup between: both searches' nodes are counted (every expand and evaluate)."""
    from tracer.events import Evaluate, Expand
    from tracer.trace import iter_trace

    path = tmp_path / "pvs.jsonl"
    code, _, err = gametrace("run", "othello", "--depth", "3", "-a", "enhanced",
                             "--variant", "pvs", "-o", str(path), "-q")
    assert code == 0, err
    items = list(iter_trace(str(path)))
    opened = [item.node for item in items if isinstance(item, Expand | Evaluate)]
    assert len(opened) > len(set(opened))  # some nodes are searched again
    report = regret_of_trace(path)
    assert report.searched == len(opened)
    assert report.iteration is None


def test_an_engine_s_infinite_values_are_read_as_numbers(tmp_path: Path) -> None:
    """A lost position is worth -inf: the writer spells it "-inf", the reader a float."""
    path = tmp_path / "inf.jsonl"
    with TraceWriter(str(path), game="g") as t:
        t.enter("a")
        t.leave(float("-inf"))
        t.enter("b")
        t.leave(2)
        t.leave(2)
    assert '"-inf"' in path.read_text()
    report = regret_of_trace(path)
    assert (report.searched, report.ideal, report.value, report.iteration) == (3, 3, 2, None)
