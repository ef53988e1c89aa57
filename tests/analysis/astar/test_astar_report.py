"""The A* report read off a trace: the lecture's tables, the same from a file as live."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracer.analysis.astar.report import astar_report
from tracer.analysis.astar.text_table import text_table
from tracer.errors import InputError
from tracer.problems import make_problem
from tracer.record import MemoryRecorder
from tracer.search.astar import astar
from tracer.trace import Trace, load_trace

TRACES = Path(__file__).resolve().parents[3] / "traces"


def jugs_trace(variant: str = "graph") -> Trace:
    rec = MemoryRecorder()
    astar(make_problem("jugs", {}), heuristic="lecture", variant=variant, recorder=rec)
    return rec.trace


def test_the_lecture_expansion_order_discards_and_path() -> None:
    report = astar_report(jugs_trace())
    assert [(s.node, s.label, s.f) for s in report.selected][:3] == [
        ("n0", "(0,0)", 1), ("n1", "(3,0)", 2), ("n2", "(0,5)", 2)]
    assert report.goals == frozenset({"n23"})
    assert [(d.node, d.existing) for d in report.discarded][:2] == [("n4", "n0"), ("n7", "n0")]
    text = report.to_text()
    assert text.startswith("A* (graph: repeated states eliminated) on jugs capacities=3,5 ")
    assert "  9  n23   (1,5)  4  0  4  goal" in text
    assert "left on the open list:\n  node  state  g  h  f\n  n19   (2,0)  4  1  5" in text
    assert text.endswith("cost: 4\npath: (0,0) -fill1-> (3,0) -pour1-2-> (0,3) -fill1-> "
                         "(3,3) -pour1-2-> (1,5)\n"
                         "nodes: 9 selected, 8 expanded, 27 generated, 17 discarded")


def test_the_json_answer_names_the_states_of_the_path() -> None:
    data = astar_report(jugs_trace()).to_json()
    assert data["value"] == 4 and data["move"] == "n1"
    assert data["pv"] == ["n0", "n1", "n3", "n11", "n23"]
    assert data["states"] == ["(0,0)", "(3,0)", "(0,3)", "(3,3)", "(1,5)"]
    assert "complete" not in data


def test_a_recorded_trace_gives_the_report_of_the_search() -> None:
    recorded = load_trace(TRACES / "jugs.astar.graph.json")
    live = astar_report(jugs_trace())
    assert astar_report(recorded).to_text() == live.to_text()
    assert astar_report(recorded).to_json() == live.to_json()


def test_the_tree_variant_has_no_discards_and_says_so() -> None:
    text = astar_report(jugs_trace(variant="tree")).to_text(limit=2)
    assert text.startswith("A* (tree: no repeated-state elimination)")
    assert "discarded (repeated states)" not in text and text.endswith(" 0 discarded")
    assert "more (--limit 0 shows all)" in text


def test_a_trace_of_another_algorithm_is_refused() -> None:
    minimax = load_trace(TRACES / "aima.minimax.list.json")
    with pytest.raises(InputError, match="expected an A\\* trace, got one of minimax"):
        astar_report(minimax)


def test_text_table_counts_the_rows_left_out() -> None:
    rows = [(1, "a"), (22, "bb"), (3, "c")]
    assert text_table(("n", "x"), rows, 2) == [
        "  n   x", "  1   a", "  22  bb", "  ... 1 more (--limit 0 shows all)"]
    assert text_table(("n", "x"), rows, 0)[-1] == "  3   c"
    assert text_table(("n", "x"), [], 5) == ["  n  x"]
