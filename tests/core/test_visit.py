"""The event visitor: every event type reaches its own method, the rest the fallback."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import do_search
from tracer.events import EVENT_TYPES, Cut, Evaluate, Event, Expand
from tracer.examples import example_tree
from tracer.visit import EventVisitor, method_name


class Counter(EventVisitor[str]):
    def __init__(self) -> None:
        self.seen: list[str] = []

    def visit_expand(self, ev: Expand) -> str:
        self.seen.append("E" + ev.node)
        return "expand"

    def visit_evaluate(self, ev: Evaluate) -> str:
        self.seen.append("L" + ev.node)
        return "evaluate"

    def visit_event(self, ev: Event) -> str:
        self.seen.append(ev.type)
        return "other"


def test_every_event_class_has_its_own_method() -> None:
    for cls in EVENT_TYPES.values():
        assert method_name(cls) in EventVisitor.__dict__, cls.__name__


def test_walk_sends_each_event_to_its_method_in_order() -> None:
    trace = do_search(example_tree("aima"), "alphabeta").trace
    visitor = Counter()
    visitor.walk(trace.events)
    expected = []
    for ev in trace.events:
        if isinstance(ev, Expand):
            expected.append("E" + ev.node)
        elif isinstance(ev, Evaluate):
            expected.append("L" + ev.node)
        else:
            expected.append(ev.type)
    assert visitor.seen == expected
    assert "cut" in visitor.seen


def test_visit_returns_the_method_result() -> None:
    trace = do_search(example_tree("aima"), "alphabeta").trace
    cut = next(e for e in trace.events if isinstance(e, Cut))
    assert Counter().visit(trace.events[0]) == "expand"
    assert Counter().visit(cut) == "other"


def test_the_default_fallback_refuses_an_unhandled_event() -> None:
    trace = do_search(example_tree("aima"), "minimax").trace
    with pytest.raises(TypeError, match="no method for expand events"):
        EventVisitor[None]().walk(trace.events)


def test_handlers_by_type_are_keyed_by_the_type_a_trace_writes() -> None:
    visitor = Counter()
    table = visitor.handlers_by_type()
    assert set(table) == set(EVENT_TYPES) and "tt" in table and "order" in table
    trace = do_search(example_tree("aima"), "alphabeta").trace
    for ev in trace.events:  # the same method as the table by class
        assert table[ev.type] == visitor.handlers()[type(ev)]
    assert table["expand"](trace.events[0]) == "expand"


# Readers still written as isinstance chains over events: none.
NOT_YET_VISITORS: set[str] = set()


def test_readers_of_events_are_visitors_not_isinstance_chains() -> None:
    root = Path(__file__).resolve().parents[2]
    names = {cls.__name__ for cls in EVENT_TYPES.values()}
    found: set[str] = set()
    for path in sorted((root / "tracer").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "isinstance" and len(node.args) == 2):
                continue
            kinds = node.args[1]
            tested = kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
            if any(isinstance(k, ast.Name) and k.id in names for k in tested):
                found.add(f"{path.relative_to(root).as_posix()}:{node.lineno}")
    assert {f.split(":")[0] for f in found} <= NOT_YET_VISITORS, sorted(found)
