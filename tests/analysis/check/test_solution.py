"""The solution format: reading by hand-written files, and the answer read off a trace."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import do_search
from tracer.analysis.check.solution import (
    Solution,
    Value,
    extract_solution,
    format_number,
    load_solution,
)
from tracer.errors import InputError
from tracer.examples import EXAMPLES
from tracer.schema import validate

AIMA = EXAMPLES["aima"].text
DOCS = Path(__file__).resolve().parents[3] / "docs" / "examples"


@pytest.mark.parametrize(("raw", "number", "bound", "text"), [
    (3, 3, "exact", "3"),
    (2.5, 2.5, "exact", "2.5"),
    ("+inf", math.inf, "exact", "+inf"),
    ("-inf", -math.inf, "exact", "-inf"),
    ("<=2", 2, "le", "<=2"),
    (">= -1", -1, "ge", ">=-1"),
    ("≤2", 2, "le", "<=2"),
    ("≥ 3.5", 3.5, "ge", ">=3.5"),
    ("<=-inf", -math.inf, "le", "<=-inf"),
], ids=lambda x: str(x))
def test_values_are_read_as_the_lecture_writes_them(raw: Any, number: float, bound: str,
                                                    text: str) -> None:
    value = Value.parse(raw)
    assert (value.number, value.bound, str(value)) == (number, bound, text)
    assert Value.parse(value.to_json()) == value


@pytest.mark.parametrize("raw", ["<2", "=>3", "two", "3<=", True, None])
def test_anything_else_is_not_a_value(raw: Any) -> None:
    with pytest.raises(ValueError):
        Value.parse(raw)


def test_numbers_are_written_without_noise() -> None:
    assert [format_number(x) for x in (3, 3.0, 2.5, math.inf, -math.inf)] == \
        ["3", "3", "2.5", "+inf", "-inf"]


def write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(data))
    return path


def test_a_hand_written_answer_loads(tmp_path: Path) -> None:
    answer = load_solution(write(tmp_path, {
        "value": 3, "move": "B", "values": {"B": 3, "C": "<=2"}, "pruned": ["I", "C-J"],
        "evaluated": ["E", "F"], "alphabeta": {"C": {"alpha": 3, "beta": 2}},
        "conventions": {"variant": "fail-hard", "cut_on": "gt"}}))
    assert answer.value == Value(3)
    assert answer.values["C"] == Value(2, "le")
    assert answer.pruned == ("I", "C-J")
    assert answer.alphabeta["C"].alpha == 3 and answer.alphabeta["C"].beta == 2
    assert answer.conventions.variant == "fail-hard" and answer.conventions.cut_on == "gt"
    assert answer.evaluated == ("E", "F") and answer.expanded is None


@pytest.mark.parametrize(("data", "where", "words"), [
    ({"values": {"C": "<2"}}, "$.values.C", 'a bound such as "<=2"'),
    ({"valeus": {}}, "$.valeus", "allowed: $schema, alphabeta, conventions"),
    ({"alphabeta": {"C": {"alpha": "<=3"}}}, "$.alphabeta.C.alpha", ""),
    ({"pruned": ["I", "I"]}, "$.pruned", '"I" is listed more than once'),
    ({"conventions": {"cut_on": ">="}}, "$.conventions.cut_on", ""),
], ids=["bad-bound", "typo", "bound-as-alpha", "twice", "bad-convention"])
def test_schema_errors_name_the_place(tmp_path: Path, data: Any, where: str,
                                      words: str) -> None:
    with pytest.raises(InputError) as info:
        load_solution(write(tmp_path, data))
    assert info.value.where == where
    assert words in info.value.message


def aima(variant: str = "fail-soft", **options: Any) -> Solution:
    return extract_solution(do_search(AIMA, "alphabeta", variant, **options).trace)


def test_the_answer_key_of_the_aima_tree_is_the_lectures() -> None:
    """Teoria dei giochi: B = 3, C <= 2 (leaves 4 and 6 pruned), D = 2, A = 3."""
    key = aima()
    assert key.value == Value(3) and key.move == "B"
    assert {k: str(v) for k, v in key.values.items()} == {"B": "3", "C": "<=2", "D": "2"}
    assert key.pruned == ("I", "J")
    assert key.evaluated == ("E", "F", "G", "H", "K", "L", "M")
    assert {k: (w.alpha, w.beta) for k, w in key.alphabeta.items()} == {
        "A": (3, math.inf), "B": (-math.inf, 3), "C": (3, 2), "D": (3, 2)}


def test_fail_hard_nodes_return_their_bound() -> None:
    """Pearl's AB: C returns alpha = 3 when cut, D clamps its 2 up to alpha = 3."""
    key = aima("fail-hard")
    assert {k: str(v) for k, v in key.values.items()} == {"B": "3", "C": "<=3", "D": "<=3"}
    assert key.value == Value(3)


@pytest.mark.parametrize("variant", ["list", "negamax"])
def test_other_variants_give_the_same_answer_key(variant: str) -> None:
    soft, other = aima(), aima(variant)
    assert (other.values, other.pruned, other.evaluated, other.value) == \
        (soft.values, soft.pruned, soft.evaluated, soft.value)


def test_minimax_values_are_all_exact_and_nothing_is_pruned() -> None:
    key = extract_solution(do_search(AIMA, "minimax").trace)
    assert {k: str(v) for k, v in key.values.items()} == {"B": "3", "C": "2", "D": "2"}
    assert key.pruned == () and len(key.evaluated or ()) == 9 and not key.alphabeta


def test_leaves_are_listed_only_when_asked() -> None:
    trace = do_search(AIMA).trace
    assert "E" not in extract_solution(trace).values
    assert extract_solution(trace, leaves=True).values["E"] == Value(3)


@pytest.mark.parametrize("name", list(EXAMPLES)[:3])
@pytest.mark.parametrize("variant", ["fail-soft", "fail-hard", "list"])
def test_answer_keys_validate_and_round_trip(name: str, variant: str) -> None:
    key = extract_solution(do_search(EXAMPLES[name].text, "alphabeta", variant).trace)
    data = json.loads(json.dumps(key.to_json(), allow_nan=False))
    validate(data, "solution", file="<key>")
    assert Solution.from_json(data) == key


def test_the_astar_answer_is_the_expansion_order_and_the_discarded_nodes() -> None:
    from tracer.problems import make_problem
    from tracer.record import MemoryRecorder
    from tracer.search.astar import astar

    rec = MemoryRecorder()
    astar(make_problem("jugs", {}), recorder=rec)
    key = extract_solution(rec.trace)
    assert key.expanded == ("n0", "n1", "n2", "n3", "n6", "n5", "n14", "n11", "n23")
    assert key.cost == 4 and key.path == ("n0", "n1", "n3", "n11", "n23")
    assert key.nodes["n3"].g == 2 and key.nodes["n3"].h == 1 and key.nodes["n3"].f == 3
    assert key.discarded is not None and "n4" in key.discarded and "n3" not in key.discarded
    validate(json.loads(json.dumps(key.to_json())), "solution", file="<key>")


@pytest.mark.parametrize("name", ["student-correct.json", "student-wrong.json"])
def test_the_documented_answers_are_valid(name: str) -> None:
    load_solution(DOCS / name)
