"""Infinite outcomes under a chance node: one infinity makes the expected value that
infinity, +inf and -inf together have none (a one-line error naming the node), and an
outcome of probability 0 adds nothing, even an infinite one (0 * inf is NaN)."""

from __future__ import annotations

import math

import pytest

from tracer._api import search_tree
from tracer.errors import InputError
from tracer.events import Backup
from tracer.record import MemoryRecorder
from tracer.trace import check_well_formed
from tracer.trees import parse_tree_text

INF = math.inf


def search(text: str) -> tuple[float | int | None, str | None, MemoryRecorder]:
    rec = MemoryRecorder()
    result = search_tree(parse_tree_text(text), algorithm="expectiminimax", recorder=rec)
    return result.value, result.move, rec


@pytest.mark.parametrize(("text", "value", "move", "chance"), [
    ("A(B[chance]([p=0.5]+inf [p=0.5]1) 3)", INF, "B", INF),
    ("A(B[chance]([p=0.5]-inf [p=0.5]1) 3)", 3, "C", -INF),
    ("A(B[chance]([p=0.25]-inf [p=0.75]7) C[chance]([p=0.5]1 [p=0.5]3))", 2, "C", -INF),
    ("A(B[chance]([p=0]+inf [p=1]1) 0)", 1, "B", 1),
    ("A(B[chance]([p=0]-inf [p=1]1) 0)", 1, "B", 1),
    ("A(B[chance](C[p=0.5](+inf 2) D[p=0.5](4 5)) 3)", 3, "B", 3),  # MIN: C 2, D 4
], ids=["plus-inf", "minus-inf", "minus-inf-beside-another-chance-node", "zero-prob-plus-inf",
        "zero-prob-minus-inf", "infinity-below-min"])
def test_one_infinity_makes_the_expected_value(text: str, value: float, move: str,
                                               chance: float) -> None:
    got, best, rec = search(text)
    assert (got, best) == (value, move)
    last = [e for e in rec.events if isinstance(e, Backup) and e.node == "B"][-1]
    assert last.value == chance
    check_well_formed(rec.trace, file="<search>")  # no NaN in the trace either


@pytest.mark.parametrize("text", [
    "A(B[chance]([p=0.5]+inf [p=0.5]-inf) 3)",
    "A(B[chance]([p=0.2]-inf [p=0.3]1 [p=0.5]+inf) 3)",
    "A(3 B[chance](C[p=0.5](+inf) D[p=0.5](-inf)))",
])
def test_plus_and_minus_inf_under_one_chance_node_have_no_expected_value(text: str) -> None:
    with pytest.raises(InputError) as info:
        search(text)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith("chance node B has outcomes worth +inf and -inf")
