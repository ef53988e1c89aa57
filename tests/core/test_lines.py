"""tracer.lines: the generated writers write exactly ``dumps_json(event.to_dict())``,
for every event class and any field values (hypothesis), and the fast formatters the
streamed searches use write the same line without building the event."""

from __future__ import annotations

import math
from dataclasses import MISSING, fields

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.eventdata import FULL, any_event, events_of, minimal
from tracer.events import EVENT_TYPES, Backup, Cut, Evaluate, Event, Expand
from tracer.jsonio import dumps_json, encode_number
from tracer.lines import (
    NODE_ID_FIELDS,
    compile_line_writer,
    json_number,
    line_formatter,
    line_template,
)

CLASSES = sorted(EVENT_TYPES.values(), key=lambda c: c.type)


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.type)
def test_the_generated_writer_of_each_class_writes_its_dict(cls: type[Event]) -> None:
    write = compile_line_writer(cls)
    for event in (FULL[cls.type], minimal(FULL[cls.type])):
        assert write(event) == dumps_json(event.to_dict())
        assert event.to_line() == dumps_json(event.to_dict())


@given(any_event)
def test_to_line_is_dumps_json_of_to_dict_for_any_event(event: Event) -> None:
    assert event.to_line() == dumps_json(event.to_dict())
    assert compile_line_writer(type(event))(event) == dumps_json(event.to_dict())


@given(st.one_of(st.integers(), st.floats(allow_nan=False)))
def test_json_number_spells_numbers_as_encode_number_does(x: float) -> None:
    assert json_number(x) == dumps_json(encode_number(x))


def test_json_number_refuses_nan() -> None:
    with pytest.raises(ValueError, match="NaN"):
        json_number(math.nan)


def test_the_template_names_the_required_fields_then_the_optional_ones_asked_for() -> None:
    assert line_template(Evaluate, ("score",)) == (
        '{"seq":%d,"type":"evaluate","node":%s,"parent":%s,"depth":%s,"player":%s,'
        '"value":%s,"reason":%s,"score":%s}\n')


def _required(event: Event) -> list[object]:
    return [getattr(event, f.name) for f in fields(event)
            if f.name != "seq" and f.default is MISSING]


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.type)
@settings(max_examples=examples(25))
@given(data=st.data())
def test_a_formatter_writes_the_events_line(cls: type[Event], data: st.DataObject) -> None:
    event = minimal(data.draw(events_of(cls)))
    line = line_formatter(cls)(event.seq, *_required(event))
    assert line == event.to_line() + "\n"


@given(events_of(Backup).filter(lambda e: e.alpha is not None and e.beta is not None))
def test_a_formatter_with_optional_fields_writes_them(event: Event) -> None:
    assert isinstance(event, Backup)
    shown = Backup(event.seq, event.node, event.child, event.child_value, event.value,
                   event.best, alpha=event.alpha, beta=event.beta)
    line = line_formatter(Backup, ("alpha", "beta"))(
        shown.seq, shown.node, shown.child, shown.child_value, shown.value, shown.best,
        shown.alpha, shown.beta)
    assert line == shown.to_line() + "\n"


def test_quoted_ids_are_taken_as_json_text_already() -> None:
    cut = Cut(4, 'C"1', "alpha", "F", 3, 2, -math.inf, ("G", "H%s"))
    quote = dumps_json
    line = line_formatter(Cut, quoted_ids=True)(
        4, quote(cut.node), "alpha", quote(cut.after), 3, 2, -math.inf,
        [quote(p) for p in cut.pruned])
    assert line == cut.to_line() + "\n"
    assert {"node", "after", "pruned"} <= NODE_ID_FIELDS


def test_a_root_is_written_with_a_null_parent_by_every_spelling() -> None:
    root = Expand(1, "A", None, 0, "max", ("B", "C"))
    assert '"parent":null' in root.to_line()
    assert line_formatter(Expand)(1, "A", None, 0, "max", ("B", "C")) == root.to_line() + "\n"


def test_formatters_are_made_once_per_class_and_options() -> None:
    assert line_formatter(Cut) is line_formatter(Cut)
    assert line_formatter(Cut) is not line_formatter(Cut, quoted_ids=True)
