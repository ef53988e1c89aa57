"""Chance probabilities as textbooks write them: fractions (1/3) and ``uniform``, kept
exact from the tree file to the trace and the picture."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tracer.cli import main
from tracer.errors import InputError
from tracer.render._entry import trace_dot
from tracer.schema import validate
from tracer.trace import Result, Stats, Trace
from tracer.trees import format_tree_text, parse_tree_json, parse_tree_text

DIE = "A(B[uniform](1 2 3 4 5 6) C[chance]([p=1/3]3 [p=2/3]4))"


def probs(tree_text: str, node: str) -> list[object]:
    tree = parse_tree_text(tree_text)
    return [c.prob for c in tree.find(node).children]


def test_fractions_and_uniform_are_exact() -> None:
    assert probs(DIE, "B") == [Fraction(1, 6)] * 6
    assert all(type(p) is Fraction for p in probs(DIE, "B"))
    assert probs(DIE, "C") == [Fraction(1, 3), Fraction(2, 3)]
    assert parse_tree_text(DIE).find("B").player.value == "chance"


def test_decimals_stay_floats() -> None:
    assert probs("A[chance]([p=0.5]1 [p=0.5]2)", "A") == [0.5, 0.5]
    assert all(type(p) is float for p in probs("A[chance]([p=0.5]1 [p=0.5]2)", "A"))


def test_json_takes_fraction_strings_and_uniform() -> None:
    doc = {"tree": {"label": "A", "children": [
        {"label": "B", "uniform": True, "children": [1, 2, 3]},
        {"label": "C", "player": "chance", "children": [
            {"value": 3, "prob": "1/4"}, {"value": 4, "prob": " 3 / 4 "}]}]}}
    tree = parse_tree_json(doc)
    assert [c.prob for c in tree.find("B").children] == [Fraction(1, 3)] * 3
    assert [c.prob for c in tree.find("C").children] == [Fraction(1, 4), Fraction(3, 4)]
    validate(doc, "tree", file="x")


@pytest.mark.parametrize("text", [DIE, "X[uniform](A[uniform](1 2) 3)",
                                  "A[chance]([p=1/2]1 [p=0.25]2 [p=1/4]3)"])
def test_writers_keep_the_fractions(text: str) -> None:
    tree = parse_tree_text(text)
    doc = tree.to_json()
    validate(doc, "tree", file="x")
    assert parse_tree_json(doc).same_as(tree)
    again = format_tree_text(tree)
    assert "p=1/" in again
    assert parse_tree_text(again).same_as(tree)


def test_to_json_spells_a_fraction_as_a_string() -> None:
    doc = parse_tree_text("A[uniform](1 2 3)").to_json()
    assert [c["prob"] for c in doc["tree"]["children"]] == ["1/3", "1/3", "1/3"]
    assert parse_tree_text("A[uniform](1)").to_json()["tree"]["children"][0]["prob"] == "1/1"


TEXT_ERRORS = [
    ("A[chance]([p=1/3]1 [p=1/3]2)", "line 1, column 1: the probabilities below chance node "
                                     "A sum to 2/3, not 1"),
    # 1e-12 too much: within the decimal tolerance, but fractions are exact
    ("A[chance]([p=1/3]1 [p=2/3]2 [p=1/1000000000000]3)", "sum to 1000000000001/1000000000000"),
    ("A[chance]([p=1/0]1 [p=1]2)", "line 1, column 14: the fraction 1/0 divides by 0"),
    ("A[chance]([p=1/2/3]1 [p=1]2)", "expected a fraction such as 1/3 written with the "
                                     "digits 0-9, got '1/2/3'"),
    ("A[chance]([p=3/2]1 [p=1]2)", "a probability must be a number between 0 and 1 or a "
                                   "fraction such as 1/3, got 3/2"),
    ("A[uniform]([p=1/2]1 2)", "node B has a probability, but its parent A is uniform (each "
                               "child gets 1/2)"),
    ("A[max, uniform](1 2)", "two players given: max and uniform (a uniform node is a chance "
                             "node)"),
    ("A(B[uniform]:3 4)", "uniform node B has no children"),
]


@pytest.mark.parametrize(("text", "message"), TEXT_ERRORS, ids=[m[:30] for _, m in TEXT_ERRORS])
def test_text_errors(text: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        parse_tree_text(text, file="x.tree")
    assert message in str(info.value)


JSON_ERRORS = [
    ({"player": "chance", "children": [{"value": 1, "prob": "1/3"}, {"value": 2, "prob": "1/2"}]},
     "$: the probabilities below chance node A sum to 5/6, not 1"),
    ({"player": "chance", "children": [{"value": 1, "prob": "half"}, 2]},
     "$.children[0].prob: a probability must be a number between 0 and 1 or a fraction such "
     'as 1/3, got "half"'),
    ({"uniform": False, "children": [1, 2]}, "$.uniform: 'uniform' must be true, got false"),
    ({"player": "max", "uniform": True, "children": [1, 2]},
     "$.uniform: a max node cannot be uniform"),
]


@pytest.mark.parametrize(("doc", "message"), JSON_ERRORS, ids=[m[:30] for _, m in JSON_ERRORS])
def test_json_errors(doc: dict[str, object], message: str) -> None:
    with pytest.raises(InputError) as info:
        parse_tree_json(doc, file="x.json")
    assert f"x.json: {message}" in str(info.value)


# --------------------------------------------------------------------------- the search


def _search(text: str, tmp_path: Path, *extra: str) -> dict[str, Any]:
    (tmp_path / "t.tree").write_text(text, encoding="utf-8")
    out = tmp_path / "t.json"
    result = CliRunner().invoke(main, ["run", str(tmp_path / "t.tree"), "-a", "expectiminimax",
                                       "-o", str(out), *extra])
    assert result.exit_code == 0, result.output
    doc: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    validate(doc, "trace", file=str(out))
    return doc


def _backups(doc: dict[str, Any]) -> list[tuple[str, str, Any, Any]]:
    return [(e["node"], e["child"], e["value"], e.get("exact")) for e in doc["events"]
            if e["type"] == "backup"]


def test_expected_values_stay_exact(tmp_path: Path) -> None:
    doc = _search(DIE, tmp_path)
    backups = _backups(doc)
    # B: (1+2+...+6)/6 = 7/2, a finite decimal: a number is exact enough
    assert backups[5] == ("B", "I", 3.5, None)
    assert backups[6][:2] == ("A", "B")
    # C: 3/3 + 4*2/3 = 11/3, which no JSON number gives: "exact" says it
    assert backups[7] == ("C", "J", 1, None)
    assert backups[8] == ("C", "K", 11 / 3, "11/3")
    assert backups[9] == ("A", "C", 11 / 3, "11/3")
    assert doc["result"]["value"] == 11 / 3 and doc["result"]["exact"] == "11/3"
    expand_c = next(e for e in doc["events"] if e["type"] == "expand" and e["node"] == "C")
    assert expand_c["probs"] == [1 / 3, 2 / 3]
    assert doc["header"]["source"]["tree"]["tree"]["children"][1]["children"][0]["prob"] == "1/3"


def test_exact_sums_do_not_drift(tmp_path: Path) -> None:
    # ten outcomes of 1/10 worth 1 each: floats give 0.9999999999999999, fractions 1
    doc = _search("A[uniform](" + " ".join(["1"] * 10) + ")", tmp_path)
    assert doc["result"]["value"] == 1 and type(doc["result"]["value"]) is int
    decimal = _search("A[chance](" + " ".join(["[p=0.1]1"] * 10) + ")", tmp_path)
    assert decimal["result"]["value"] == 0.9999999999999999


def test_decimal_probabilities_write_no_exact_field(tmp_path: Path) -> None:
    doc = _search("A(B[chance]([p=0.25]1 [p=0.75]3) C[chance]([p=0.5]0 [p=0.5]4))", tmp_path)
    assert all("exact" not in e for e in doc["events"])
    assert doc["result"]["value"] == 2.5 and "exact" not in doc["result"]
    # Fractions whose value is a finite decimal (7/2) need no exact result either.
    assert "exact" not in _search("A[uniform](1 2 3 4 5 6)", tmp_path)["result"]


def test_star1_keeps_the_sums_exact(tmp_path: Path) -> None:
    doc = _search(DIE, tmp_path, "--variant", "star1", "--bounds", "0", "6")
    assert ("C", "K", 11 / 3, "11/3") in _backups(doc)
    assert doc["result"]["value"] == 11 / 3 and doc["result"]["exact"] == "11/3"


def test_the_picture_writes_fractions(tmp_path: Path) -> None:
    doc = _search(DIE, tmp_path)
    dot = trace_dot(Trace.from_json(doc))
    assert ">11/3<" in dot  # C and A
    assert dot.count("1/6") >= 6 and "2/3" in dot  # the edges
    assert "value 11/3, best move C" in dot
    assert "3.667" not in dot
    # the same from a .jsonl stream (the compiled scanner reads its lines)
    (tmp_path / "t.tree").write_text(DIE, encoding="utf-8")
    stream = tmp_path / "t.jsonl"
    CliRunner().invoke(main, ["run", str(tmp_path / "t.tree"), "-a", "expectiminimax", "-o",
                              str(stream)])
    assert trace_dot(str(stream)) == dot


def test_a_trace_whose_exact_disagrees_with_its_number_draws_the_number(tmp_path: Path) -> None:
    doc = _search(DIE, tmp_path)
    for event in doc["events"]:
        if event.get("exact") == "11/3":
            event["exact"] = "7/3"
    dot = trace_dot(Trace.from_json(doc))
    assert "7/3" not in dot and "3.667" in dot
    doc["events"][-1]["exact"] = "1/0"
    with pytest.raises(InputError, match="exact"):
        validate(doc, "trace", file="t.json")


# --------------------------------------------------------------------------- the result


def test_the_result_keeps_the_exact_value_through_a_round_trip(tmp_path: Path) -> None:
    doc = _search(DIE, tmp_path)
    trace = Trace.from_json(doc)
    assert trace.result is not None
    assert (trace.result.value, trace.result.exact) == (11 / 3, "11/3")
    assert trace.to_json()["result"] == doc["result"]
    assert list(doc["result"])[:3] == ["value", "exact", "move"]


def test_a_fraction_handed_to_the_result_becomes_a_number_and_its_spelling() -> None:
    stats = Stats(nodes_expanded=1, leaves_evaluated=2, cuts=0, children_pruned=0, max_depth=1)
    third = Result(value=Fraction(-1, 3), move=None, pv=("A",), stats=stats)
    assert (third.value, third.exact) == (-1 / 3, "-1/3")
    half = Result(value=Fraction(5, 2), move=None, pv=("A",), stats=stats)
    assert (half.value, half.exact) == (2.5, None) and "exact" not in half.to_json()
    whole = Result(value=Fraction(4, 2), move=None, pv=("A",), stats=stats)
    assert whole.value == 2 and type(whole.value) is int and whole.exact is None


def test_a_malformed_exact_result_is_refused(tmp_path: Path) -> None:
    doc = _search(DIE, tmp_path)
    doc["result"]["exact"] = "eleven thirds"
    with pytest.raises(InputError, match=r"result\.exact"):
        validate(doc, "trace", file="t.json")


def test_run_prints_the_exact_value_and_its_decimals(tmp_path: Path) -> None:
    (tmp_path / "t.tree").write_text(DIE, encoding="utf-8")
    run = ["run", str(tmp_path / "t.tree"), "-a", "expectiminimax"]
    text = CliRunner().invoke(main, run)
    assert text.exit_code == 0, text.output
    assert "value: 11/3 (3.6667)\n" in text.stdout
    as_json = CliRunner().invoke(main, [*run, "--json"])
    payload = json.loads(as_json.stdout)
    assert (payload["value"], payload["exact"]) == (11 / 3, "11/3")
    assert list(payload)[:3] == ["value", "exact", "move"]


def test_run_prints_a_decimal_value_as_before(tmp_path: Path) -> None:
    (tmp_path / "t.tree").write_text("A(B[uniform](1 2 3 4 5 6) C[uniform](1 2))",
                                     encoding="utf-8")
    run = ["run", str(tmp_path / "t.tree"), "-a", "expectiminimax"]
    assert "value: 3.5\n" in CliRunner().invoke(main, run).stdout
    assert "exact" not in json.loads(CliRunner().invoke(main, [*run, "--json"]).stdout)
