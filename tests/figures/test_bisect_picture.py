"""The bisection's picture: both orders of the node where two searches part, the moves
that moved marked, the parts of the difference listed."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import do_search
from tracer.analysis.regret import bisect_traces
from tracer.figures.bisect_picture import _moved, bisect_dot
from tracer.trace import write_trace

AIMA = "A(B(3 12 8) C(2 4 6) D(14 5 2))"


def saved(folder: Path, name: str, **options: str) -> Path:
    trace = do_search(AIMA, **options).trace
    path = folder / f"{name}.jsonl"
    with path.open("w") as out:
        write_trace(out, trace.header, trace.events, trace.result, jsonl=True)
    return path


def test_the_fewest_moves_that_moved_are_marked() -> None:
    assert _moved(("a", "b", "c", "d"), ("a", "c", "d", "b")) == {"b"}
    assert _moved(("a", "b"), ("a", "b")) == set()
    assert len(_moved(("a", "b", "c"), ("c", "b", "a"))) == 2  # one of them stays


def test_natural_against_best_order(tmp_path: Path) -> None:
    dot = bisect_dot(bisect_traces(saved(tmp_path, "a"), saved(tmp_path, "b", order="best")))
    assert "first divergence at B (min), after 1 shared node events" in dot
    # E F G against E G F: one move moved (F, after G in B), drawn bold in both rows
    assert dot.count("<B>") - dot.count("<B>the difference") == 2
    assert "<B>2. F</B>" in dot and "<B>3. F</B>" in dot
    assert "D K (a-only)" in dot and "D L (a-only)" in dot


def test_identical_searches(tmp_path: Path) -> None:
    dot = bisect_dot(bisect_traces(saved(tmp_path, "a"), saved(tmp_path, "b")))
    assert "no divergence: the two searches are the same" in dot
