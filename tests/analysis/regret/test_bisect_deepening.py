"""``gametrace bisect`` on searches by iterative deepening (version 1): the iteration
compared, every search of a node counted, the parts adding up to the difference."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import gametrace

from tracer.analysis.regret import bisect_traces
from tracer.errors import UsageError
from tracer.events import Evaluate, Expand, Iteration
from tracer.trace import iter_trace


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """One position searched by iterative deepening with aspiration windows and PVS,
    without and with killer moves (no table: a hit has no node event to count)."""
    folder = tmp_path_factory.mktemp("deepening")
    out = []
    for name, technique in (("plain", "id,aspiration"), ("killer", "id,aspiration,killer")):
        path = folder / f"{name}.jsonl"
        code, _, err = gametrace("run", "othello", "--depth", "3", "-a", "enhanced",
                                 "--variant", "pvs", "--technique", technique,
                                 "-o", str(path), "-q")
        assert code == 0, err
        out.append(path)
    return out[0], out[1]


def _nodes_of_iteration(path: Path, number: int) -> tuple[int, object]:
    """The node events of the root searches of the ``number``-th depth, and its value."""
    items = list(iter_trace(str(path)))
    marks = {i: item for i, item in enumerate(items) if isinstance(item, Iteration)}
    depths = sorted({mark.depth for mark in marks.values()},
                    key=lambda d: -1 if d is None else d)
    depth = depths[number - 1]
    mine = [i for i, mark in marks.items() if mark.depth == depth]
    before = [i for i in marks if i < mine[0]]
    start = before[-1] if before else 0
    nodes = sum(1 for item in items[start:mine[-1]] if isinstance(item, Expand | Evaluate))
    return nodes, marks[mine[-1]].value


@pytest.mark.parametrize("number", [None, 1, 2, 3])
def test_the_iteration_compared_and_its_parts(pair: tuple[Path, Path],
                                              number: int | None) -> None:
    a, b = pair
    found = bisect_traces(a, b, iteration=number)
    chosen = 3 if number is None else number
    want_a, want_b = _nodes_of_iteration(a, chosen), _nodes_of_iteration(b, chosen)
    assert found.totals == (want_a[0], want_b[0])
    assert found.values == (want_a[1], want_b[1])
    assert [c.number if c else None for c in found.iterations] == [chosen, chosen]
    # the parts add up to the difference exactly, re-searched nodes included
    assert sum(-p.difference for p in found.parts) == found.totals[1] - found.totals[0]


def test_the_text_and_the_json_say_which_iteration(pair: tuple[Path, Path]) -> None:
    a, b = pair
    code, out, err = gametrace("bisect", str(a), str(b))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[2] == ("A: iteration 3 of 3 (the last), depth 3; a node searched again "
                        "counts each search's nodes")
    assert lines[3].startswith("B: iteration 3 of 3 (the last), depth 3")
    code, out, _ = gametrace("bisect", str(a), str(b), "--json", "--iteration", "2")
    data = json.loads(out)
    assert (code, data["iteration_read_a"], data["iteration_read_b"]) == (
        0, {"number": 2, "count": 3, "depth": 2}, {"number": 2, "count": 3, "depth": 2})


def test_an_iteration_the_traces_have_not_is_a_usage_error(pair: tuple[Path, Path],
                                                            tmp_path: Path) -> None:
    a, b = pair
    code, out, err = gametrace("bisect", str(a), str(b), "--iteration", "4")
    assert (code, out) == (2, "")
    assert err == ("gametrace: error: --iteration 4: the trace has 3 iterations "
                   "(choose from 1 to 3)\n")
    one = tmp_path / "aima.jsonl"
    assert gametrace("run", "aima", "-o", str(one), "-q")[0] == 0
    with pytest.raises(UsageError, match="the trace has one search"):
        bisect_traces(one, one, iteration=2)
    assert bisect_traces(one, one, iteration=1).divergence is None
