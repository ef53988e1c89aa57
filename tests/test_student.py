"""tracer.student: a student's own search writes our trace format."""

from __future__ import annotations

import importlib.util
import io
import math
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import do_search
from tracer.analysis.check.diff import diff_traces
from tracer.errors import UsageError
from tracer.examples import EXAMPLES
from tracer.student import StudentTrace, scripted_alpha_beta
from tracer.trace import load_trace
from tracer.trees import parse_tree_json, parse_tree_text

AIMA = EXAMPLES["aima"].text
EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "student_search.py"


def example_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("student_search", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_example(tmp_path: Path, *flags: str, name: str = "mine.jsonl") -> Path:
    out = tmp_path / name
    argv = sys.argv
    sys.argv = ["student_search.py", str(out), *flags]
    try:
        example_module().main()
    finally:
        sys.argv = argv
    return out


def test_the_documented_student_search_matches_ours(tmp_path: Path) -> None:
    mine = load_trace(run_example(tmp_path))
    ours = do_search(AIMA).trace
    result = diff_traces(ours, mine)
    assert result.same, result.to_json()
    assert result.header == ("variant: fail-soft vs student",)
    assert mine.result is not None and (mine.result.value, mine.result.move) == (3, "B")
    assert mine.result.pv == ("A", "B", "E") and mine.result.stats.cuts == 1


def test_forgetting_alpha_parts_ways_where_c_is_opened(tmp_path: Path) -> None:
    mine = load_trace(run_example(tmp_path, "--forget-alpha", name="mine.json"))
    result = diff_traces(do_search(AIMA).trace, mine)
    assert result.index == 9 and result.fields == ("alpha",)
    assert "evaluated only by B: I J" in result.summary


def test_the_trace_can_stay_in_memory_or_go_to_a_stream() -> None:
    tree = parse_tree_text("A(3 5)")
    for out in (None, io.StringIO()):
        trace = StudentTrace(out, tree=tree)
        trace.expand(tree.root, tree.root.children, alpha=-math.inf, beta=math.inf)
        for leaf in tree.root.children:
            assert leaf.value is not None
            trace.evaluate(leaf, leaf.value)
            trace.backup("A", leaf, leaf.value)
        result = trace.finish()
        assert (result.value, result.move, result.pv) == (5, "C", ("A", "C"))
        if isinstance(out, io.StringIO):
            assert out.getvalue().count("\n") == 7  # header, 5 events, result
        else:
            assert [e.type for e in trace.trace.events] == ["expand", "evaluate", "backup",
                                                            "evaluate", "backup"]


def test_nothing_is_written_when_the_search_fails(tmp_path: Path) -> None:
    out = tmp_path / "mine.jsonl"
    with pytest.raises(ZeroDivisionError), StudentTrace(out) as trace:
        trace.expand("A", ["B"])
        _ = 1 / 0
    assert list(tmp_path.iterdir()) == []


def test_a_with_block_finishes_the_trace(tmp_path: Path) -> None:
    out = tmp_path / "mine.json"
    with StudentTrace(out, root_player="min") as trace:
        trace.evaluate("A", 7)
    loaded = load_trace(out)
    assert loaded.result is not None and loaded.result.value == 7
    assert loaded.events[0].to_dict()["player"] == "min"


@pytest.mark.parametrize(("calls", "words"), [
    ([("expand", "A", ["B"]), ("evaluate", "C", 1)], "C is not a child"),
    ([("expand", "A", ["B"]), ("backup", "A", "C", 1)], "C is not a child of A"),
    ([("backup", "A", "B", 1)], "expand A first"),
    ([("expand", "A", ["B", "C"]), ("cut", "A")], "no child has been backed up"),
    ([("expand", "A", ["B", "C"]), ("evaluate", "B", 1), ("backup", "A", "B", 1),
      ("cut", "A")], "pass alpha= and beta="),
], ids=["stranger", "backup-stranger", "backup-first", "cut-first", "cut-no-window"])
def test_misuse_is_explained(calls: list[tuple[Any, ...]], words: str) -> None:
    trace = StudentTrace()
    with pytest.raises(UsageError, match=words):
        for name, *args in calls:
            getattr(trace, name)(*args)


def test_cut_defaults_come_from_the_last_backup() -> None:
    trace = StudentTrace()
    trace.expand("A", ["B", "C", "D"], alpha=3, beta=math.inf, player="min")
    trace.evaluate("B", 2)
    trace.backup("A", "B", 2, alpha=3, beta=2)
    trace.cut("A")
    cut = trace.trace.events[-1].to_dict()
    assert cut == {"seq": 4, "type": "cut", "node": "A", "kind": "alpha", "after": "B",
                   "alpha": 3, "beta": 2, "value": 2, "pruned": ["C", "D"]}


leaf = st.integers(min_value=-9, max_value=9)
trees = st.lists(st.recursive(leaf, lambda kids: st.lists(kids, min_size=1, max_size=3),
                              max_leaves=30), min_size=1, max_size=4)


@settings(max_examples=examples(80), deadline=None)
@given(tree=trees, variant=st.sampled_from(["fail-soft", "fail-hard"]),
       order=st.sampled_from(["natural", "reverse"]), cut_on=st.sampled_from(["ge", "gt"]),
       root=st.sampled_from(["max", "min"]))
def test_the_scripted_student_without_slips_is_our_alpha_beta(tree: Any, variant: str,
                                                              order: str, cut_on: str,
                                                              root: str) -> None:
    ours = do_search(tree, "alphabeta", variant, order=order, cut_on=cut_on, root_player=root)
    from tracer.games.base import Player

    theirs = scripted_alpha_beta(parse_tree_json(tree, root_player=Player(root)),
                                 variant=variant, order=order, cut_on=cut_on)
    assert [e.to_dict() for e in theirs.events] == [e.to_dict() for e in ours.trace.events]
    assert theirs.result is not None and ours.trace.result is not None
    assert theirs.result.to_json() == ours.trace.result.to_json()


def test_the_scripted_student_reads_static_values_at_the_depth_limit() -> None:
    text = "A(B:4(3 12 8) C:1(2 4 6) D:6(14 5 2))"
    ours = do_search(text, depth=1).trace
    theirs = scripted_alpha_beta(parse_tree_text(text), depth=1)
    assert [e.to_dict() for e in theirs.events] == [e.to_dict() for e in ours.events]
