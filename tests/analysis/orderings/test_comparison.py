"""The comparison behind ``gametrace compare``, called from Python."""

from __future__ import annotations

import json

import pytest

from tracer.analysis.orderings.report import OrderingReport
from tracer.analysis.orderings.searches import compare_source, plan_comparison
from tracer.errors import UsageError


def test_the_default_plan_is_the_default_orderings() -> None:
    plan = plan_comparison()
    assert plan.fixed == ("natural", "reverse", "best", "worst") and plan.randoms == 100
    assert plan.names == ["natural", "reverse", "best", "worst", "random"]
    assert plan.pair(None) == ("natural", "reverse")
    assert plan.pair("minimax, random:7") == ("minimax", "random:7")


@pytest.mark.parametrize(("options", "words"), [
    ({"orders": "natural", "techniques": "pvs"}, "give --orders or --techniques, not both"),
    ({"orders": "natural,best", "algorithm": "enhanced"}, "not best"),
])
def test_a_plan_that_cannot_run_is_refused(options: dict[str, str], words: str) -> None:
    with pytest.raises(UsageError, match=words):
        plan_comparison(**options)


@pytest.mark.parametrize(("pair", "words"), [
    ("natural", "takes two names"),
    ("natural,sideways", "'sideways' is not among the orderings compared"),
    ("natural,random:x", "'random:x' is not among"),
])
def test_a_pair_not_compared_is_refused(pair: str, words: str) -> None:
    with pytest.raises(UsageError, match=words):
        plan_comparison(orders="natural,reverse").pair(pair)


def test_orderings_on_aima_as_the_lecture_counts_them() -> None:
    comparison = compare_source("aima", plan_comparison(orders="natural,reverse,best"))
    report = comparison.report
    assert isinstance(report, OrderingReport)
    leaves = {run.name: run.tally.leaves for run in report.runs}
    assert report.minimax.tally.leaves == 9 and leaves["natural"] == 7
    assert leaves["best"] == report.shape.knuth_moore == 5  # 3^1 + 3^1 - 1
    assert comparison.to_text("table") == report.to_table()
    assert json.loads(comparison.to_text("json"))["title"] == "alphabeta (fail-soft) on aima"
    trace, name = comparison.trace_of("reverse")
    assert name == "reverse" and trace.header.options["order"] == "reverse"
    trace, name = comparison.trace_of("random:4")
    assert name == "random (seed 4)" and trace.header.options["seed"] == 4


def test_random_orderings_report_their_progress() -> None:
    seen: list[tuple[int, int]] = []
    compare_source("aima", plan_comparison(orders="natural,random:3"),
                   progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]


def test_techniques_reach_the_same_value() -> None:
    comparison = compare_source("tictactoe", plan_comparison(techniques="id+tt"), depth=2,
                                repeat=1)
    data = json.loads(comparison.to_text("json"))
    assert [t["technique"] for t in data["techniques"]] == ["alphabeta", "id+tt"]
    assert comparison.to_text("csv").splitlines()[0].startswith("technique,algorithm,")
    assert comparison.title == "alpha-beta on tictactoe, depth 2"
    assert comparison.trace_of("id+tt")[1] == "id+tt"
