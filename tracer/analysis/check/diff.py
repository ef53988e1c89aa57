"""Where two searches part ways: the first differing event of two traces, and what follows.

Two traces are compared event by event on the fields both record: a field one trace
never writes (a student's program may not record alpha and beta, or labels) is left
out of the comparison and listed as such, and ``seq`` is never compared.  After the
first difference the two event lists are aligned (``difflib``) to count what changed,
and the answers the traces give (leaves evaluated, cuts, values, result) are compared
item by item.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from ...events import Backup, Cut, Discard, Evaluate, Event, Expand, Generate, Goal, Select
from ...jsonio import dumps_json
from ...numbers import format_number
from ...trace import Trace
from ...visit import EventVisitor
from .solution import extract_solution

__all__ = ["TraceDiff", "describe_event", "diff_traces"]


@dataclass(frozen=True)
class TraceDiff:
    """The comparison of two traces A and B."""

    names: tuple[str, str]
    index: int | None
    """Position (from 0) of the first differing event; ``None`` when the events agree."""
    before: tuple[Event, ...] = ()
    """The events before it (the same in both), for context."""
    a_event: Event | None = None
    """A's event at ``index`` (``None`` when A ends there)."""
    b_event: Event | None = None
    fields: tuple[str, ...] = ()
    """The fields in which the two events differ."""
    header: tuple[str, ...] = ()
    """Differences of algorithm, variant and options."""
    ignored: tuple[str, ...] = ()
    """Fields recorded by one trace only (``expand.alpha``), not compared."""
    summary: tuple[str, ...] = field(default_factory=tuple)
    """What differs from the first difference on."""

    @property
    def same(self) -> bool:
        return self.index is None and not self.summary

    def to_json(self) -> dict[str, Any]:
        return {
            "same": self.same,
            "names": list(self.names),
            "index": self.index,
            "before": [e.to_dict() for e in self.before],
            "a": None if self.a_event is None else self.a_event.to_dict(),
            "b": None if self.b_event is None else self.b_event.to_dict(),
            "fields": list(self.fields),
            "header": list(self.header),
            "ignored": list(self.ignored),
            "summary": list(self.summary),
        }

    def to_text(self) -> str:
        """The readable comparison ``gametrace diff`` prints: the header differences, the
        events before the first difference, the two differing events, what differs
        from there on."""
        a, b = self.names
        lines = [f"A: {a}", f"B: {b}"]
        lines += [f"header: {x}" for x in self.header]
        if self.ignored:
            lines.append("not compared (recorded by one trace only): " + ", ".join(self.ignored))
        if self.same:
            return "\n".join([*lines, "", "The traces agree event by event."])
        if self.index is None:
            lines += ["", "The events agree; the results differ:"]
        else:
            lines += ["", f"The traces part ways at event {self.index + 1}."]
            if self.before:
                lines.append("Before it, both:")
                lines += [f"  {e.seq:>4}  {describe_event(e)}" for e in self.before]
            for tag, event in (("A", self.a_event), ("B", self.b_event)):
                text = describe_event(event) if event is not None else "(the trace ends here)"
                seq = f"{event.seq:>4}" if event is not None else "    "
                lines.append(f"{tag} {seq}  {text}")
            if self.fields:
                lines.append("differing fields: " + ", ".join(self.fields))
        if self.summary:
            lines += ["", "From there on:"] + [f"  {x}" for x in self.summary]
        return "\n".join(lines)


def diff_traces(a: Trace, b: Trace, *, context: int = 3,
                names: tuple[str, str] = ("A", "B")) -> TraceDiff:
    """Compare ``a`` with ``b``; ``context`` events before the first difference are kept."""
    recorded_a, recorded_b = _recorded(a), _recorded(b)
    common = {t: recorded_a.get(t, set()) & recorded_b.get(t, set())
              for t in set(recorded_a) | set(recorded_b)}
    ignored = sorted(f"{t}.{k}" for t in set(recorded_a) & set(recorded_b)
                     for k in recorded_a[t] ^ recorded_b[t])
    ka = [_key(e, common) for e in a.events]
    kb = [_key(e, common) for e in b.events]
    index = next((i for i, (x, y) in enumerate(zip(ka, kb, strict=False)) if x != y), None)
    if index is None and len(ka) != len(kb):
        index = min(len(ka), len(kb))
    header = _header_diff(a, b)
    summary = _summary(a, b, ka, kb, index)
    if index is None:
        return TraceDiff(names, None, header=header, ignored=tuple(ignored), summary=summary)
    ea = a.events[index] if index < len(a.events) else None
    eb = b.events[index] if index < len(b.events) else None
    fields: tuple[str, ...] = ()
    if ea is not None and eb is not None:
        ja, jb = _fields(ea, common), _fields(eb, common)
        fields = ("type",) if ea.type != eb.type else tuple(
            k for k in ja if ja.get(k) != jb.get(k))
    return TraceDiff(names, index, tuple(a.events[max(0, index - context):index]), ea, eb,
                     fields, header, tuple(ignored), summary)


def _recorded(trace: Trace) -> dict[str, set[str]]:
    """For each event type, the fields the trace ever writes."""
    out: dict[str, set[str]] = {}
    for e in trace.events:
        out.setdefault(e.type, set()).update(k for k in e.to_dict() if k != "seq")
    return out


def _fields(event: Event, common: dict[str, set[str]]) -> dict[str, Any]:
    keep = common.get(event.type, set())
    return {k: v for k, v in event.to_dict().items() if k in keep or k == "type"}


def _key(event: Event, common: dict[str, set[str]]) -> str:
    return dumps_json(_fields(event, common))


def _header_diff(a: Trace, b: Trace) -> tuple[str, ...]:
    ha, hb = a.header, b.header
    out = [f"{name}: {x} vs {y}" for name, x, y in
           (("algorithm", ha.algorithm, hb.algorithm), ("variant", ha.variant, hb.variant),
            ("root", ha.root, hb.root)) if x != y]
    for k in sorted(set(ha.options) | set(hb.options)):
        x, y = ha.options.get(k), hb.options.get(k)
        if x != y and x is not None and y is not None:
            out.append(f"{k}: {x} vs {y}")
    return tuple(out)


def _summary(a: Trace, b: Trace, ka: list[str], kb: list[str],
             index: int | None) -> tuple[str, ...]:
    out: list[str] = []
    if index is not None:
        ops = difflib.SequenceMatcher(None, ka[index:], kb[index:], autojunk=False).get_opcodes()
        in_a = sum(i2 - i1 for tag, i1, i2, _, _ in ops if tag != "equal")
        in_b = sum(j2 - j1 for tag, _, _, j1, j2 in ops if tag != "equal")
        out.append(f"events: A has {len(ka)}, B has {len(kb)}; from the divergence on, {in_a} "
                   f"of A's and {in_b} of B's have no match in the other")
    sa, sb = extract_solution(a), extract_solution(b)
    for name in ("evaluated", "pruned", "expanded", "discarded"):
        xa, xb = getattr(sa, name) or (), getattr(sb, name) or ()
        for who, mine, other in (("A", xa, xb), ("B", xb, xa)):
            others = set(other)  # once: built per name, a 100,000-leaf diff took minutes
            only = [n for n in mine if n not in others]
            if only:
                out.append(f"{name} only by {who}: {' '.join(only)}")
        if set(xa) == set(xb) and tuple(xa) != tuple(xb):
            out.append(f"{name} in a different order: A {' '.join(xa)}; B {' '.join(xb)}")
    values = [f"{n} (A {sa.values[n]}, B {sb.values[n]})" for n in sa.values
              if n in sb.values and str(sa.values[n]) != str(sb.values[n])]
    if values:
        out.append("values that differ: " + ", ".join(values))
    ra, rb = a.result, b.result
    if ra is not None and rb is not None:
        for name, x, y in (("value", ra.value, rb.value), ("move", ra.move, rb.move)):
            if x != y:
                out.append(f"result {name}: A {_show(x)}, B {_show(y)}")
    elif (ra is None) != (rb is None):
        out.append(f"result: only {'A' if ra is not None else 'B'} has one")
    return tuple(out)


def _show(x: Any) -> str:
    return format_number(x) if isinstance(x, (int, float)) else str(x)


def describe_event(e: Event) -> str:
    """One readable line: ``cut at C after H (alpha = 3, beta = 2): returns 2, prunes I J``."""
    return _DESCRIBER.visit(e)


def _window(alpha: Any, beta: Any) -> str:
    return "" if alpha is None or beta is None else \
        f" (alpha = {_show(alpha)}, beta = {_show(beta)})"


class _Describer(EventVisitor[str]):
    """The lines of :func:`describe_event`; an event type without its own is written as
    its JSON without ``seq``."""

    def visit_expand(self, e: Expand) -> str:
        return (f"expand {e.node} ({e.player}), children {' '.join(e.children)}"
                + _window(e.alpha, e.beta))

    def visit_evaluate(self, e: Evaluate) -> str:
        return f"evaluate {e.node} = {_show(e.value)}" + \
            ("" if e.reason == "terminal" else f" ({e.reason})")

    def visit_backup(self, e: Backup) -> str:
        return (f"backup {e.child} = {_show(e.child_value)} into {e.node}: {e.node} = "
                f"{_show(e.value)}" + _window(e.alpha, e.beta))

    def visit_cut(self, e: Cut) -> str:
        return (f"{e.kind} cut at {e.node} after {e.after}{_window(e.alpha, e.beta)}: returns "
                f"{_show(e.value)}, prunes {' '.join(e.pruned)}")

    def visit_select(self, e: Select) -> str:
        return f"select #{e.number} {e.node} {e.label or ''} (f = {_show(e.f)})".replace("  ", " ")

    def visit_generate(self, e: Generate) -> str:
        return (f"generate {e.node} {e.label or ''} from {e.parent} "
                f"(g = {_show(e.g)}, h = {_show(e.h)}, f = {_show(e.f)})").replace("  ", " ")

    def visit_discard(self, e: Discard) -> str:
        return f"discard {e.node}: repeats {e.existing}"

    def visit_goal(self, e: Goal) -> str:
        return f"goal {e.node}, cost {_show(e.cost)}, path {' '.join(e.path)}"

    def visit_event(self, e: Event) -> str:
        return dumps_json({k: v for k, v in e.to_dict().items() if k != "seq"})


_DESCRIBER = _Describer()
