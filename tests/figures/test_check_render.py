"""The checker's pictures (:mod:`tracer.figures.check_render`) from the library: the
expected tree with an answer's mistakes marked, and the blank worksheet.  (The CLI's
``check --render`` is tested in tests/cli/test_cli_check.py.)"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import do_search
from tracer.analysis.check.report import check_solution
from tracer.analysis.check.solution import Solution
from tracer.examples import example_tree
from tracer.figures.check_render import (
    MISTAKE_COLOUR,
    marked_dot,
    render_marked,
    worksheet_dot,
)
from tracer.trace import Trace


def aima() -> Trace:
    return do_search(example_tree("aima"), "alphabeta").trace


def marked_nodes(dot: str) -> list[str]:
    return [line.split()[0].strip('"') for line in dot.splitlines()
            if f' color="{MISTAKE_COLOUR}"' in line and "penwidth=3.4" in line
            and f'fontcolor="{MISTAKE_COLOUR}"' in line]


def test_a_right_answer_marks_nothing() -> None:
    trace = aima()
    dot = marked_dot(trace, check_solution(Solution.from_json({"value": 3, "move": "B"}),
                                           trace))
    assert marked_nodes(dot) == [] and "Your mistakes" not in dot
    assert "Your answer: 2.00 / 2, all right" in dot


def test_a_wrong_value_marks_that_node_only_with_its_note() -> None:
    trace = aima()
    report = check_solution(Solution.from_json({"values": {"B": 3, "C": 3}}), trace)
    dot = marked_dot(trace, report)
    assert marked_nodes(dot) == ["C"]
    assert "Your mistakes" in dot and "you wrote the value 3; it is &lt;=2" in dot
    assert "1 wrong item, marked in red" in dot


def test_render_marked_writes_the_same_dot(tmp_path: Path) -> None:
    trace = aima()
    report = check_solution(Solution.from_json({"values": {"C": 3}}), trace)
    out = tmp_path / "marked.dot"
    render_marked(trace, report, out)
    assert out.read_text(encoding="utf-8") == marked_dot(trace, report)


def test_the_worksheet_has_leaf_values_and_nothing_of_the_answer() -> None:
    dot = worksheet_dot(aima(), title="AIMA by hand")
    assert "AIMA by hand" in dot and "Alpha-beta by hand" in dot
    for leaf in (">3<", ">12<", ">8<", ">2<", ">14<"):
        assert leaf in dot, leaf
    for answer in ("alpha cut", "beta cut", "pruned", "dashed", "≤", "≥"):
        assert answer not in dot, answer
