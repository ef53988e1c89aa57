"""One way to walk a trace: a visitor over events, as python-chess walks a game's moves.

A reader of events (the replay, the explanation of a check, solution extraction, the
diff, frame captions, the A* table) subclasses :class:`EventVisitor` and overrides the
``visit_<type>`` methods of the events it cares about; every other event goes to
:meth:`EventVisitor.visit_event`.  :meth:`EventVisitor.visit` sends one event to its
method and :meth:`EventVisitor.walk` a whole stream, looking each event's method up in a
table made once per walk (one dictionary lookup per event, no chain of ``isinstance``
tests).

    class Leaves(EventVisitor[None]):
        def __init__(self) -> None:
            self.order: list[str] = []

        def visit_evaluate(self, ev: Evaluate) -> None:
            self.order.append(ev.node)

        def visit_event(self, ev: Event) -> None:
            pass

    Leaves().walk(trace.events).order   # the leaves, in the order they were scored
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

from .events import (
    EVENT_TYPES,
    Backup,
    Cut,
    Discard,
    Evaluate,
    Event,
    Expand,
    Generate,
    Goal,
    Iteration,
    Numbers,
    Reorder,
    Select,
    Status,
    Transposition,
)

__all__ = ["EventVisitor", "method_name"]

R = TypeVar("R")


def method_name(cls: type[Event]) -> str:
    """The visitor method an event class goes to: ``visit_`` and the class name in
    lower case (``Expand`` -> ``visit_expand``, ``Reorder`` -> ``visit_reorder``)."""
    return "visit_" + cls.__name__.lower()


class EventVisitor(Generic[R]):
    """Override the ``visit_<type>`` methods you need; the rest go to :meth:`visit_event`,
    which by default refuses the event (a visitor that meets only some types says what
    to do with the others)."""

    def visit_event(self, ev: Event) -> R:
        """Every event type without a method of its own."""
        raise TypeError(f"{type(self).__name__} has no method for {ev.type} events")

    def visit_expand(self, ev: Expand) -> R:
        return self.visit_event(ev)

    def visit_evaluate(self, ev: Evaluate) -> R:
        return self.visit_event(ev)

    def visit_backup(self, ev: Backup) -> R:
        return self.visit_event(ev)

    def visit_cut(self, ev: Cut) -> R:
        return self.visit_event(ev)

    def visit_status(self, ev: Status) -> R:
        return self.visit_event(ev)

    def visit_numbers(self, ev: Numbers) -> R:
        return self.visit_event(ev)

    def visit_select(self, ev: Select) -> R:
        return self.visit_event(ev)

    def visit_generate(self, ev: Generate) -> R:
        return self.visit_event(ev)

    def visit_discard(self, ev: Discard) -> R:
        return self.visit_event(ev)

    def visit_goal(self, ev: Goal) -> R:
        return self.visit_event(ev)

    def visit_iteration(self, ev: Iteration) -> R:
        return self.visit_event(ev)

    def visit_transposition(self, ev: Transposition) -> R:
        return self.visit_event(ev)

    def visit_reorder(self, ev: Reorder) -> R:
        return self.visit_event(ev)

    # walking ----------------------------------------------------------------------------

    def handlers(self) -> dict[type[Event], Callable[[Any], R]]:
        """Each event class and the bound method it goes to."""
        return {cls: getattr(self, method_name(cls)) for cls in EVENT_TYPES.values()}

    def handlers_by_type(self) -> dict[str, Callable[[Any], R]]:
        """Each event type as a trace spells it (``"expand"``, ``"tt"``, ``"order"``) and
        the bound method it goes to: the table for a reader that dispatches on a line's
        ``"type"`` before (or instead of) making the event object."""
        return {name: getattr(self, method_name(cls)) for name, cls in EVENT_TYPES.items()}

    def visit(self, ev: Event) -> R:
        """Send one event to its method and return what the method returns."""
        cls = ev.__class__
        method: Callable[[Any], R] = getattr(self, _METHODS.get(cls) or method_name(cls))
        return method(ev)

    def walk(self, events: Iterable[Event]) -> None:
        """Send every event of a stream to its method, in order."""
        table = self.handlers()
        for ev in events:
            table[ev.__class__](ev)


_METHODS = {cls: method_name(cls) for cls in EVENT_TYPES.values()}
"""Each event class's method name, made once (``visit`` runs per event of a caption)."""
