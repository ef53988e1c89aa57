"""tracer.events: every event class to a dict, to JSON text and back, and the errors
``event_from_json`` gives, each naming the file and the place."""

from __future__ import annotations

import json
import math
from dataclasses import fields
from typing import Any

import pytest
from hypothesis import given

from tests.core.eventdata import FULL, any_event, minimal
from tracer.errors import InputError
from tracer.events import (
    EVENT_TYPES,
    Cut,
    Evaluate,
    Event,
    Expand,
    event_from_json,
    field_kinds,
)
from tracer.jsonio import dumps_json, loads_json

IDS = sorted(FULL)


def test_every_event_class_has_an_example() -> None:
    assert set(FULL) == set(EVENT_TYPES)
    for kind, cls in EVENT_TYPES.items():
        assert cls.type == kind and isinstance(FULL[kind], cls)


@pytest.mark.parametrize("kind", IDS)
def test_to_dict_and_back(kind: str) -> None:
    for event in (FULL[kind], minimal(FULL[kind])):
        assert event_from_json(event.to_dict()) == event


@pytest.mark.parametrize("kind", IDS)
def test_to_json_is_the_dict_as_compact_json_text(kind: str) -> None:
    event = FULL[kind]
    text = event.to_json()
    assert isinstance(text, str) and "\n" not in text
    assert text == dumps_json(event.to_dict())
    assert event_from_json(loads_json(text, file="<test>")) == event


@pytest.mark.parametrize("kind", IDS)
def test_keys_come_in_declaration_order_seq_and_type_first(kind: str) -> None:
    event = FULL[kind]
    declared = [f.name for f in fields(event) if f.name != "seq"]
    assert list(event.to_dict()) == ["seq", "type", *declared]


def test_infinities_are_strings_and_integers_stay_integers() -> None:
    data = FULL["expand"].to_dict()
    assert (data["value"], data["alpha"], data["beta"]) == ("-inf", "-inf", "+inf")
    assert FULL["numbers"].to_dict()["disproof"] == "+inf"
    leaf = Evaluate(1, "E", "B", 2, "min", 3, "terminal")
    assert leaf.to_json() == ('{"seq":1,"type":"evaluate","node":"E","parent":"B","depth":2,'
                              '"player":"min","value":3,"reason":"terminal"}')
    back = event_from_json(json.loads(Evaluate(1, "E", "B", 2, "min", 3.0, "terminal")
                                      .to_json()))
    assert isinstance(back, Evaluate) and isinstance(back.value, float)  # 3.0 stays 3.0
    assert event_from_json(leaf.to_dict()) == leaf and isinstance(leaf.value, int)


def test_optional_none_is_left_out_and_required_none_is_null() -> None:
    root = Expand(1, "A", None, 0, "max", ("B",))
    data = root.to_dict()
    assert data["parent"] is None  # required: the root has no parent, said as null
    assert "value" not in data and "label" not in data and "probs" not in data
    assert data["children"] == ["B"]  # tuples are written as lists


def test_event_from_json_accepts_inf_spelled_without_sign() -> None:
    data = {**Cut(1, "C", "alpha", "F", 3, 2, 2, ("G",)).to_dict(), "beta": "inf"}
    event = event_from_json(data)
    assert isinstance(event, Cut) and event.beta == math.inf


def error(data: Any) -> InputError:
    with pytest.raises(InputError) as info:
        event_from_json(data, file="t.json", where="$.events[3]")
    return info.value


def test_not_an_object() -> None:
    e = error(["expand"])
    assert (e.file, e.where, e.message) == ("t.json", "$.events[3]", "expected an event object")
    assert str(e) == "t.json: $.events[3]: expected an event object"


@pytest.mark.parametrize("kind", ["jump", None, 3])
def test_unknown_type_lists_the_known_ones(kind: Any) -> None:
    e = error({"seq": 1, "type": kind, "node": "A"})
    assert e.where == "$.events[3].type"
    assert e.message == (f"unknown event type {kind!r} (expected one of: "
                         f"{', '.join(sorted(EVENT_TYPES))})")


def test_an_unexpected_key_is_named() -> None:
    data = {**FULL["cut"].to_dict(), "colour": "red"}
    e = error(data)
    assert e.where == "$.events[3].colour"
    assert e.message == "unexpected key 'colour' in a cut event"


@pytest.mark.parametrize("bad", ["3", True, "infinity", [1]])
def test_a_value_that_is_not_a_number_is_named(bad: Any) -> None:
    e = error({**FULL["evaluate"].to_dict(), "value": bad})
    assert e.where == "$.events[3].value"
    assert e.message == f'expected a number or "+inf"/"-inf", got {bad!r}'


@pytest.mark.parametrize("kind, key, bad, expected", [
    ("evaluate", "depth", "3", "an integer"),
    ("evaluate", "seq", True, "an integer"),
    ("evaluate", "node", 7, "a string"),
    ("evaluate", "parent", ["A"], "a string or null"),
    ("expand", "children", ["B", 2], "a list of strings"),
    ("expand", "moves", "b1", "a list of strings or null"),
    ("iteration", "depth", 2.5, "an integer or null"),
    ("cut", "pruned", None, "a list of strings"),
])
def test_a_field_of_the_wrong_type_is_named(kind: str, key: str, bad: Any,
                                            expected: str) -> None:
    """Found by the fast reader's tests: ``"depth": "3"`` was read, and the replay then
    stopped with an internal error."""
    e = error({**FULL[kind].to_dict(), key: bad})
    assert e.where == f"$.events[3].{key}"
    assert e.message == f"expected {expected} for {key!r}, got {bad!r}"


def test_field_kinds_follow_the_annotations() -> None:
    assert field_kinds("expand") == {
        "seq": "int", "node": "str", "parent": "str?", "depth": "int", "player": "str",
        "children": "strs", "value": "number", "alpha": "number", "beta": "number",
        "label": "str?", "moves": "strs?", "probs": "any"}
    assert field_kinds("iteration")["depth"] == "int?"


def test_a_missing_field_names_the_event_type() -> None:
    data = FULL["backup"].to_dict()
    del data["child"]
    e = error(data)
    assert e.where == "$.events[3]"
    assert e.message.startswith("bad backup event: ") and "'child'" in e.message


@given(any_event)
def test_any_event_round_trips_through_json_text(event: Event) -> None:
    data = event.to_dict()
    assert event_from_json(data) == event
    assert event_from_json(loads_json(event.to_json(), file="<test>")) == event
