"""The first event where two traces part ways, and what differs after it."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import do_search
from tracer.analysis.check.diff import describe_event, diff_traces
from tracer.events import Backup, Cut, Discard, Evaluate, Expand, Generate, Goal, Select
from tracer.examples import EXAMPLES
from tracer.student import StudentTrace
from tracer.trace import Trace, load_trace

AIMA = EXAMPLES["aima"].text


def aima(variant: str = "fail-soft", **options: object) -> Trace:
    return do_search(AIMA, "alphabeta", variant, **options).trace


def test_a_trace_agrees_with_itself() -> None:
    result = diff_traces(aima(), aima())
    assert result.same and result.index is None and result.summary == ()
    assert result.to_json()["same"] is True


def test_fail_soft_and_fail_hard_part_at_the_cut() -> None:
    """Both cut at C after H; fail-soft returns 2, fail-hard alpha = 3."""
    result = diff_traces(aima(), aima("fail-hard"), context=2)
    assert result.index == 12
    assert isinstance(result.a_event, Cut) and result.fields == ("value",)
    assert [e.seq for e in result.before] == [11, 12]
    assert result.header == ("variant: fail-soft vs fail-hard",)
    assert "values that differ: C (A <=2, B <=3), D (A 2, B <=3)" in result.summary
    assert not result.same


def test_the_list_variant_skips_the_backup_of_a_cut_node() -> None:
    result = diff_traces(aima(), aima("list"))
    assert result.index == 11 and result.fields == ("type",)
    assert isinstance(result.a_event, Backup) and isinstance(result.b_event, Cut)
    assert result.summary[0] == ("events: A has 22, B has 20; from the divergence on, 2 of A's "
                                 "and 0 of B's have no match in the other")


def test_another_order_differs_from_the_first_expansion() -> None:
    result = diff_traces(aima(), aima(order="reverse"))
    assert result.index == 0 and result.fields == ("children",)
    assert "evaluated in a different order" not in " ".join(result.summary)
    assert any(s.startswith("evaluated only by B") for s in result.summary)


def test_fields_one_program_does_not_record_are_not_compared(tmp_path: Path) -> None:
    """A student's minimax that records no alpha and beta agrees with our minimax."""
    out = tmp_path / "mine.jsonl"
    with StudentTrace(out, algorithm="minimax", tree=AIMA) as trace:
        trace.expand("A", ["B", "C", "D"])
        for inner, leaves in (("B", "EFG"), ("C", "HIJ"), ("D", "KLM")):
            trace.expand(inner, list(leaves))
            for leaf in leaves:
                value = {"E": 3, "F": 12, "G": 8, "H": 2, "I": 4, "J": 6, "K": 14, "L": 5,
                         "M": 2}[leaf]
                trace.evaluate(leaf, value)
                trace.backup(inner, leaf, value)
            trace.backup("A", inner, trace.value[inner])
    ours = do_search(AIMA, "minimax").trace
    result = diff_traces(ours, load_trace(out))
    assert result.same, result.to_json()
    # Against alpha-beta the windows are not compared, the pruning is.
    result = diff_traces(aima(), load_trace(out))
    assert "expand.alpha" in result.ignored and "backup.beta" in result.ignored
    assert result.index == 12 and isinstance(result.a_event, Cut)


def test_a_shorter_trace_ends_where_the_other_goes_on() -> None:
    full = aima()
    cut_short = Trace(full.header, full.events[:5], full.result)
    result = diff_traces(full, cut_short)
    assert result.index == 5 and result.b_event is None and result.a_event is not None


def test_events_read_as_sentences() -> None:
    assert describe_event(Expand(1, "C", "A", 1, "min", ("H", "I"), alpha=3, beta=float("inf"))) \
        == "expand C (min), children H I (alpha = 3, beta = +inf)"
    assert describe_event(Evaluate(2, "H", "C", 2, "max", 2, "terminal")) == "evaluate H = 2"
    assert describe_event(Backup(3, "C", "H", 2, 2, "H", alpha=3, beta=2)) == \
        "backup H = 2 into C: C = 2 (alpha = 3, beta = 2)"
    assert describe_event(Cut(4, "C", "alpha", "H", 3, 2, 2, ("I", "J"))) == \
        "alpha cut at C after H (alpha = 3, beta = 2): returns 2, prunes I J"
    assert describe_event(Generate(5, "n1", "n0", 1, 1, 1, 2, label="(3,0)")) == \
        "generate n1 (3,0) from n0 (g = 1, h = 1, f = 2)"
    assert describe_event(Select(6, "n1", 2, f=2, label="(3,0)")) == "select #2 n1 (3,0) (f = 2)"
    assert describe_event(Discard(7, "n4", "n0", "repeated")) == "discard n4: repeats n0"
    assert describe_event(Goal(8, "n23", 4, ("n0", "n23"))) == "goal n23, cost 4, path n0 n23"
