"""Checking an A* answer: expansion order, g / h / f, discarded nodes, path and cost.

States may be named by node id (``n3``, in generation order) or by the label the trace
gives the state (``(0,3)``), as long as one node not discarded holds it.  A wrong
expansion is explained by the open list at that selection (lowest f, ties to the
node generated first, as "Esercizio A*" says).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from ...errors import InputError
from ...events import Discard, Event, Generate, Select
from ...numbers import format_number
from ...said import said
from ...visit import EventVisitor
from .explain import Explainer, fmt
from .solution import Solution
from .verdict import Item, Reason, format_list, format_optional, lcs, make_item
from .wording import Words

__all__ = ["compare_astar"]


def compare_astar(given: Solution, expected: Solution, ex: Explainer | None) -> list[Item]:
    """A* items: states may be named by node id (``n3``) or by their label (``(0,3)``)."""
    items: list[Item] = []
    w = ex.w if ex is not None else Words()

    def by_label(entries: Sequence[str]) -> bool:
        return ex is not None and any(e not in ex.made for e in entries)

    if given.expanded is not None:
        got = [_astar_id(ex, g, f"$.expanded[{i}]") for i, g in enumerate(given.expanded)]
        want = expected.expanded or ()
        right = tuple(got) == tuple(want)
        why = _expansion_why(ex, want, got) if ex and not right else (None, None)
        shown = _labels(ex, want) if by_label(given.expanded) else format_list(want)
        items.append(make_item("expanded", right, shown, format_list(given.expanded),
                              1.0 if right else lcs(want, got) / max(len(want), len(got), 1), why))
    for key, costs in given.nodes.items():
        node = _astar_id(ex, key, f"$.nodes.{key}")
        want_costs = expected.nodes.get(node)
        for name in ("g", "h", "f"):
            got_n = getattr(costs, name)
            if got_n is None:
                continue
            exp = None if want_costs is None else getattr(want_costs, name)
            right = exp == got_n
            why = (ex.w("astar.you.wrote", text=_cost_why(ex, node, name),
                        given=format_number(got_n)), None) \
                if ex and not right else (None, None)
            items.append(make_item(f"nodes.{key}.{name}", right, format_optional(exp),
                                   format_number(got_n), float(right), why,
                                   marks=() if right else (
                                       (node, w("check.mark.window", name=name,
                                                given=format_number(got_n),
                                                expected=format_optional(exp))),)))
    if given.discarded is not None:
        items.append(_discarded(given.discarded, expected.discarded or (), ex))
    for name in ("path", "cost"):
        got_v = getattr(given, name)
        if got_v is None:
            continue
        want_v = getattr(expected, name)
        if name == "path":
            got_v = tuple(_astar_id(ex, g, f"$.path[{i}]") for i, g in enumerate(got_v))
        right = got_v == want_v
        text = (_labels(ex, want_v) if by_label(given.path or ()) else format_list(want_v or ())) \
            if name == "path" else format_optional(want_v)
        shown = format_list(given.path or ()) if name == "path" else format_optional(got_v)
        goal = ex.goal if ex else None
        why = (w("astar.goal", node=_label(ex, goal.node), cost=fmt(goal.cost),
                 path=_labels(ex, goal.path)), goal.seq) \
            if goal is not None and ex and not right else (None, None)
        items.append(make_item(name, right, text, shown, float(right), why))
    return items


def _astar_id(ex: Explainer | None, entry: str, where: str) -> str:
    """A node id, or the state label of exactly one node not discarded."""
    if ex is None or entry in ex.made:
        return entry
    hits = [n for n, g in ex.made.items() if g.label == entry and n not in ex.dropped]
    if len(hits) > 1:
        raise InputError(said("state {state!r} is held by several nodes ({nodes}): name the "
                              "node by its id", state=entry, nodes=", ".join(hits)),
                         where=where)
    if not hits:
        ex.require(entry, where)
    return hits[0] if hits else entry


def _label(ex: Explainer | None, node: str) -> str:
    g = ex.made.get(node) if ex else None
    return f"{node} {g.label}" if g is not None and g.label else node


def _labels(ex: Explainer | None, nodes: Sequence[str] | None) -> str:
    """The states of ``nodes`` (what an answer written with states shows)."""
    made = ex.made if ex is not None else {}
    return format_list([made[n].label or n if n in made else n for n in nodes or ()])


def _expansion_why(ex: Explainer, want: Sequence[str], got: Sequence[str]
                   ) -> Reason:
    k = next((i for i, (a, b) in enumerate(zip(want, got, strict=False)) if a != b),
             min(len(want), len(got)))
    if k >= len(ex.selects):
        return ex.w("astar.stops", n=len(want)), None
    pick = ex.selects[k]
    open_list = _OpenList()
    for e in ex.events:
        if e is pick:
            break
        open_list.visit(e)
    waiting = open_list.waiting
    shown = ", ".join(f"{_label(ex, n)} f = {fmt(g.f)}" for n, g in waiting.items())
    you = ex.w("astar.you.put", node=_label(ex, got[k])) if k < len(got) \
        else ex.w("astar.you.stopped")
    return ex.w("astar.selection", k=k + 1, waiting=shown, f=fmt(pick.f),
                node=_label(ex, pick.node), you=you), pick.seq


def _cost_why(ex: Explainer, node: str, name: str) -> str:
    g = ex.made.get(node)
    if g is None:
        return ex.w("astar.never", node=node)
    if name == "h":
        return ex.w("astar.h", node=g.label or node, h=fmt(g.h))
    if name == "f":
        return f"f = g + h = {fmt(g.g)} + {fmt(g.h)} = {fmt(g.f)}"
    up = ex.made.get(g.parent) if g.parent else None
    if up is None:
        return ex.w("astar.start", node=node, g=fmt(g.g))
    return ex.w("astar.generated", node=_label(ex, node), parent=_label(ex, up.node),
                action=g.action, up=fmt(up.g), step=fmt(g.g - up.g), g=fmt(g.g))


def _discarded(given: Sequence[str], want: Sequence[str], ex: Explainer | None) -> Item:
    by_label = ex is not None and any(g not in ex.made for g in given)
    key: Callable[[str], str] = (lambda n: ex.made[n].label or n) if by_label and ex \
        else (lambda n: n)
    w, g = Counter(map(key, want)), Counter(given)
    right = w == g
    score = 1.0 if not (w | g) else sum((w & g).values()) / sum((w | g).values())
    why: Reason = (None, None)
    if ex is not None and not right:
        missing = [n for n in want if key(n) in w - g]
        if missing:
            d = ex.dropped[missing[0]]
            done = any(s.node == d.existing and s.seq < d.seq for s in ex.selects)
            old = ex.made.get(d.existing)
            state = (ex.w("astar.expanded") if done else
                     ex.w("astar.waiting", g=fmt(old.g if old else None)))
            why = (ex.w("astar.repeats", node=_label(ex, d.node), existing=d.existing,
                        state=state), d.seq)
        else:
            extra = next(iter(g - w))
            why = (ex.w("astar.kept", node=extra), None)
    return make_item("discarded", right, format_list([key(n) for n in want]),
                     format_list(given), score, why)


class _OpenList(EventVisitor[None]):
    """The open list of A* as the events go by: generated, not yet selected or discarded."""

    def __init__(self) -> None:
        self.waiting: dict[str, Generate] = {}

    def visit_generate(self, e: Generate) -> None:
        self.waiting[e.node] = e

    def visit_select(self, e: Select) -> None:
        self.waiting.pop(e.node, None)

    def visit_discard(self, e: Discard) -> None:
        self.waiting.pop(e.node, None)

    def visit_event(self, e: Event) -> None:
        pass
