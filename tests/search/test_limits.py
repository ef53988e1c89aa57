"""Budgets stop a search cleanly; progress is reported through a callback."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.conftest import do_search
from tracer.cli import main
from tracer.search import Limits

BIG = [[[[(i * 7 + j) % 13 - 6 for i in range(10)] for j in range(10)] for _ in range(10)]
       for _ in range(10)]  # 10^4 leaves, 11,111 nodes


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_max_nodes_stops_after_exactly_that_many_nodes(algorithm: str) -> None:
    s = do_search(BIG, algorithm, limits=Limits(max_nodes=100))
    r = s.result
    assert not r.complete and r.stopped == "max-nodes"
    assert r.value is None and r.move is None
    assert r.stats.nodes_visited == 100
    assert s.trace.to_json()["header"]["options"]["max_nodes"] == 100


def test_a_budget_larger_than_the_search_changes_nothing() -> None:
    s = do_search(BIG, "alphabeta", limits=Limits(max_nodes=10**9))
    assert s.result.complete and s.result.value == do_search(BIG, "alphabeta").result.value


def test_time_limit_stops_at_the_next_check() -> None:
    s = do_search(BIG, "minimax", limits=Limits(time_limit=1e-9))
    assert s.result.stopped == "time-limit"
    # The clock is first read at the 16th visit, which stops before that node is visited.
    assert s.result.stats.nodes_visited == 15


def test_the_clock_is_read_sooner_when_nodes_are_expensive(
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = itertools.count(0.0, 1.0)  # every reading one second later: slow nodes
    monkeypatch.setattr("tracer.search.common.time.monotonic", lambda: next(clock))
    seen: list[int] = []
    s = do_search(BIG, "minimax", limits=Limits(time_limit=10.5,
                                                progress=lambda n, t: seen.append(n)))
    assert s.result.stopped == "time-limit"
    # after the first reading at 16 visits, a second per reading: one node per reading
    assert seen[:4] == [16, 17, 18, 19]


def test_the_clock_is_read_less_often_when_nodes_are_cheap(
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = itertools.count(0.0, 0.001)  # a millisecond between readings: cheap nodes
    monkeypatch.setattr("tracer.search.common.time.monotonic", lambda: next(clock))
    readings: list[int] = []
    real = Limits(progress=lambda n, t: None)
    from tracer.search.common import Run

    check = Run.check_limits

    def counted(run: Run) -> None:
        readings.append(run.visited)
        check(run)

    monkeypatch.setattr(Run, "check_limits", counted)
    do_search(BIG, "minimax", limits=real)
    # the stride doubles from 16 at each quick reading
    assert readings[:5] == [16, 48, 112, 240, 496]


def test_progress_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = itertools.count(0.0, 1.0)  # every reading one second later
    monkeypatch.setattr("tracer.search.common.time.monotonic", lambda: next(clock))
    seen: list[tuple[int, float]] = []
    do_search(BIG, "minimax", limits=Limits(progress=lambda n, t: seen.append((n, t))))
    # a reading every second (of the fake clock): the stride stays at one node
    assert [n for n, _ in seen][:3] == [16, 17, 18]


def test_cli_max_nodes_writes_a_valid_incomplete_trace(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    result = CliRunner().invoke(main, ["run", "aima", "--max-nodes", "5", "-o", str(out),
                                       "--json"])
    assert result.exit_code == 0
    assert "stopped by --max-nodes after 5 nodes" in result.stderr
    import json

    data: dict[str, Any] = json.loads(result.stdout)
    assert data["complete"] is False and data["value"] is None
    assert CliRunner().invoke(main, ["validate", str(out)]).exit_code == 0
