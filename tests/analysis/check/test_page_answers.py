"""The answers the pages send are diagnosed as the same answers typed by hand.

The assignment page's table of values has a row for every inner node, the root
included, so its answer carries the root's value among ``values`` (``{"values": {"A":
3, "B": 3, ...}}``), and any box may be left blank.  Each misconception of
:mod:`tracer.student` (the cases of ``test_diagnose``) is sent that way, whole and with
one item left blank, checked as ``gametrace check`` does and graded as an assignment
does: the diagnosis is the hand-typed answer's, and the whole answer names its
misconception.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from tests.analysis.check.test_diagnose import CASES, expected
from tracer.analysis.check.report import check_solution
from tracer.analysis.check.solution import Solution
from tracer.classroom.reading import parse_assignment
from tracer.classroom.tasks import grade
from tracer.trace import Trace

BLANKS = (None, "pruned", "evaluated", "alphabeta", "move")
"""Which item the student leaves blank (``None``: every box filled)."""


def page_answer(hand: Solution, root: str) -> Solution:
    """The hand-typed answer as the page sends it: the root's value inside ``values``."""
    assert hand.value is not None
    return replace(hand, value=None, values={root: hand.value, **hand.values})


def blank(answer: Solution, item: str | None) -> Solution:
    if item is None:
        return answer
    return replace(answer, **{item: {} if item == "alphabeta" else None})


@cache
def _trace(tree: str, options: tuple[tuple[str, Any], ...]) -> Trace:
    return expected(tree, **dict(options))  # one trace per case: its diagnosis kept


def ids(answer: Solution, trace: Trace) -> list[str]:
    return [f.id for f in check_solution(answer, trace).diagnosis]


@pytest.mark.parametrize("left_blank", BLANKS, ids=lambda b: f"blank-{b}" if b else "whole")
@pytest.mark.parametrize(("tree", "options", "hand", "misconception"), CASES)
def test_the_pages_answer_is_diagnosed_as_typed_by_hand(
        tree: str, options: dict[str, Any], hand: Solution, misconception: str,
        left_blank: str | None) -> None:
    trace = _trace(tree, tuple(sorted(options.items())))
    root = trace.header.root
    typed = blank(hand, left_blank)
    sent = page_answer(typed, root)
    assert ids(sent, trace) == ids(typed, trace)
    if left_blank is None:
        assert misconception in ids(sent, trace)


def assignment(tree: str, options: dict[str, Any]) -> Any:
    return parse_assignment({"title": "t", "source": {"tree": tree},
                             "spec": {"algorithm": "alphabeta", **options},
                             "items": ["value", "move", "values", "evaluated", "pruned",
                                       "alphabeta"], "solution": "never"}, id="page")


@pytest.mark.parametrize(("tree", "options", "hand", "misconception"), CASES)
def test_an_assignment_diagnoses_the_pages_answer(tree: str, options: dict[str, Any],
                                                  hand: Solution, misconception: str) -> None:
    a = assignment(tree, options)
    typed = grade(a, "x", hand)
    sent = grade(a, "x", page_answer(hand, "A"))
    assert [f.id for f in sent.diagnosis] == [f.id for f in typed.diagnosis]
    assert misconception in [f.id for f in sent.diagnosis]
    assert sent.to_json()["items"] == typed.to_json()["items"]
