"""tracer.schema: the schemas load and are valid JSON Schemas; every event class, as the
library writes it, fits the trace schema; errors name the file, the JSON path and what
was expected in the file's own words; over-deep documents are left to the loaders."""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tests.core.eventdata import FULL, minimal
from tracer.errors import InputError
from tracer.schema import SCHEMA_DEPTH, SCHEMAS, load_schema, nesting, validate
from tracer.trace import Header, Result, Stats, Trace


@pytest.mark.parametrize("name", SCHEMAS)
def test_each_schema_is_a_valid_draft_2020_12_schema(name: str) -> None:
    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert load_schema(name) is schema  # loaded once


def trace_of(*events: Any) -> dict[str, Any]:
    header = Header("alphabeta", "fail-soft", "A", {"order": "natural"},
                    {"kind": "tree", "name": "t"})
    return Trace(header, list(events), Result(3, "B", ("A", "B"), Stats())).to_json()


@pytest.mark.parametrize("kind", sorted(FULL))
def test_every_event_class_fits_the_trace_schema(kind: str) -> None:
    assert validate(trace_of(FULL[kind]), "trace", file="t.json") is True
    assert validate(trace_of(minimal(FULL[kind])), "trace", file="t.json") is True


def error(data: Any, name: str, **options: Any) -> InputError:
    with pytest.raises(InputError) as info:
        validate(data, name, file="f.json", **options)
    assert info.value.file == "f.json"
    return info.value


def test_a_wrong_type_says_what_was_expected_and_what_came() -> None:
    e = error({"tree": [1, 2], "name": 3}, "tree")
    assert (e.where, e.message) == ("$.name", "expected a string, got 3")


def test_a_choice_of_forms_is_described_by_the_schema_not_by_jsonschema() -> None:
    e = error({"tree": [1, "a"]}, "tree")
    assert e.where == "$.tree[1]"
    assert e.message.startswith('expected a value: a JSON number, or "+inf" / "-inf"')
    assert e.message.endswith('; got "a"')
    assert "anyOf" not in e.message and "oneOf" not in e.message


def test_a_long_value_is_cut_short() -> None:
    e = error({"tree": [1, "a" * 100]}, "tree")
    assert e.message.endswith('got "' + "a" * 56 + "...")


def test_an_unknown_key_is_named_at_its_place_with_the_allowed_ones() -> None:
    e = error({"value": 3, "colour": 1}, "solution")
    assert e.where == "$.colour"
    assert e.message == ("unknown key 'colour' (allowed: $schema, alphabeta, conventions, "
                         "cost, discarded, evaluated, exercise, expanded, move, nodes, path, "
                         "pruned, value, values)")


def test_a_misspelt_key_gets_the_nearest_name() -> None:
    e = error({"valeus": {}}, "solution")
    assert (e.where, e.message.rsplit("; ", 1)[1]) == ("$.valeus", "did you mean 'values'?")


@pytest.mark.parametrize(("data", "where", "message"), [
    ({"pruned": ["I", "J", "I"]}, "$.pruned",
     'each item may be listed once; "I" is listed more than once'),
    ({"conventions": {"cut_on": ">="}}, "$.conventions.cut_on",
     'expected one of "ge", "gt"; got ">="'),
], ids=["twice", "choice"])
def test_common_schema_complaints_read_like_the_rest_of_the_tool(
        data: dict[str, object], where: str, message: str) -> None:
    e = error(data, "solution")
    assert (e.where, e.message) == (where, message)
    assert "[" not in e.message and "^" not in e.message  # no Python list, no regex


def test_an_event_is_checked_alone_with_its_place_given() -> None:
    # A .jsonl trace is checked line by line: one $defs entry, the place the line.
    e = error({"seq": 1, "type": "expand"}, "trace", ref="#/$defs/expand", where="line 4")
    assert (e.where, e.message) == ("line 4", "missing key 'node'")
    e = error({**FULL["cut"].to_dict(), "kind": 3}, "trace", ref="#/$defs/cut",
              where="line 9")
    assert e.where == "line 9.kind"
    assert validate(FULL["cut"].to_dict(), "trace", file="f", ref="#/$defs/cut") is True


def test_nesting_counts_lists_and_objects() -> None:
    assert nesting(3) == 0
    assert nesting([1, {"a": [2]}]) == 3
    assert nesting([[[[[]]]]], stop=3) == 3  # counting stops early


def test_a_document_deeper_than_the_limit_is_left_to_its_loader() -> None:
    deep: Any = 1
    for _ in range(SCHEMA_DEPTH + 5):
        deep = [deep, "not a value"]
    assert validate({"tree": deep}, "tree", file="f.json") is False
    shallow: Any = 1
    for _ in range(5):
        shallow = [shallow, "not a value"]
    with pytest.raises(InputError):
        validate({"tree": shallow}, "tree", file="f.json")
