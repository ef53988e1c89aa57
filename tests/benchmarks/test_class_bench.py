"""benchmarks/class.py: a quick class (a few students against a real ``gametrace serve``
on SQLite) prints its table, with every request answered as expected; and the rule that
says whether a pace is held.  No time is asserted: the machine is shared."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent.parent
BENCH = ROOT / "benchmarks" / "class.py"
COLUMNS = ["pace", "arrivals", "requests", "req/s", "cpu/req", "errors", "join", "task", "step",
           "submission", "gradebook", "held"]


def cells_of(line: str) -> list[str]:
    """A table line's cells: two spaces or more part them, a cell holds at most one."""
    return re.split(r"\s{2,}", line.strip())


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("class_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_a_quick_class_prints_its_table_with_no_error() -> None:
    done = subprocess.run([sys.executable, str(BENCH), "--quick"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stderr == ""  # no error, nothing the server said beyond its access log
    lines = done.stdout.splitlines()
    assert lines[0].startswith("12 students (join, task, 5 steps, an answer)")
    assert "server and client share this machine's" in lines[1]
    title = lines.index("SQLite, one server of 2 worker processes (--workers 2)")
    header, row, verdict = cells_of(lines[title + 1]), cells_of(lines[title + 2]), \
        lines[title + 3]
    assert header == COLUMNS
    cells = dict(zip(header, row, strict=True))
    assert cells["pace"] == "16x" and cells["arrivals"] == "3.8 s"
    # 12 students send 8 requests each (join, task, 5 steps, an answer), the teacher more
    assert int(cells["requests"]) >= 12 * 8
    assert float(cells["req/s"]) > 0
    assert re.fullmatch(r"\d+(\.\d)? ms", cells["cpu/req"])
    assert cells["errors"] == "0"
    for kind in ("join", "task", "step", "submission", "gradebook"):
        assert re.fullmatch(r"\d+/\d+", cells[kind]), (kind, cells[kind])
        p50, p95 = map(int, cells[kind].split("/"))
        assert p50 <= p95
    assert cells["held"] in {"yes", "no"}
    assert verdict.startswith("  highest pace held (p95 of every kind under 250 ms, "
                              "no error): ")


def test_a_pace_is_held_only_with_every_p95_under_the_goal_and_no_error() -> None:
    bench = _bench()

    def tally(step_seconds: float, errors: list[str]) -> object:
        t = bench.Tally()
        for kind in bench.KINDS:
            t.latencies[kind] = [0.01] * 18 + [0.02] * 2
        t.latencies["step"] = [step_seconds] * 20
        t.errors, t.first, t.last, t.server_cpu = errors, 0.0, 10.0, 0.25
        return t

    fast = bench.figures(2.0, tally(0.1, []))
    assert fast["held"] is True and fast["requests"] == 100
    assert fast["requests_per_s"] == 10.0 and fast["arrivals_s"] == 30.0
    assert fast["kinds"]["step"] == {"n": 20, "p50_ms": 100.0, "p95_ms": 100.0}
    assert bench.figures(2.0, tally(0.3, []))["held"] is False
    assert bench.figures(2.0, tally(0.1, ["step: HTTP 503"]))["held"] is False
    lines = bench.table([fast])
    assert cells_of(lines[0]) == COLUMNS
    assert cells_of(lines[1]) == ["2x", "30 s", "100", "10.0", "2.5 ms", "0", "10/20",
                                  "10/20", "100/100", "10/20", "10/20", "yes"]
