"""What an A* search did, read off its trace: the report ``gametrace astar`` prints.

:func:`astar_report` walks an A* trace once and keeps the nodes selected (the expansion
order), the nodes generated, the repeated states discarded and the goals reached;
:meth:`AstarReport.to_text` writes the lecture's tables (expansion order with g, h and
f, the nodes discarded, what is left on the open list, the cost and the path), and
:meth:`AstarReport.to_json` the short answer (value, move, path and its states, stats).
A trace read from a file gives the same report as the search that recorded it.

    report = astar_report(trace)
    print(report.to_text(limit=20))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...errors import InputError
from ...events import Discard, Event, Generate, Goal, Select
from ...jsonio import encode_number
from ...said import said
from ...trace import Result, Trace
from ...visit import EventVisitor
from .. import no_result
from .text_table import text_table

__all__ = ["AstarReport", "astar_report"]


@dataclass(frozen=True)
class AstarReport:
    """An A* search as the lecture tabulates it."""

    problem: str
    """The problem's name (``jugs``)."""
    params: dict[str, Any]
    """Its parameters, as the trace header records them."""
    heuristic: str
    variant: str
    """``graph`` (repeated states eliminated) or ``tree``."""
    result: Result
    selected: tuple[Select, ...]
    """The nodes selected from the open list, in order (the expansion order)."""
    generated: dict[str, Generate]
    """Every node generated, by id, in the order generated."""
    discarded: tuple[Discard, ...]
    """The nodes dropped as repeated states."""
    goals: frozenset[str]
    """The goal nodes reached."""

    def to_json(self) -> dict[str, Any]:
        """Value, first move, path (node ids and their states) and statistics;
        ``complete`` and ``stopped`` when a budget stopped the search."""
        result = self.result
        payload: dict[str, Any] = {
            "value": result.to_json()["value"], "move": result.move, "pv": list(result.pv),
            "states": [self.generated[n].label for n in result.pv],
            "stats": result.stats.to_json()}
        if not result.complete:
            payload.update(complete=False, stopped=result.stopped)
        return payload

    def to_text(self, *, limit: int = 200) -> str:
        """The tables, each cut to ``limit`` rows (0: all), then the cost and the path."""
        made, selects, discards = self.generated, self.selected, self.discarded
        how = ("graph: repeated states eliminated" if self.variant == "graph"
               else "tree: no repeated-state elimination")
        params = " ".join(f"{k}={v}" for k, v in self.params.items())
        lines = [f"A* ({how}) on {self.problem} {params}",
                 f"heuristic: {self.heuristic}; ties on f go to the node generated first", "",
                 "expansion order:"]
        lines += text_table(("#", "node", "state", "g", "h", "f", ""),
                            [(e.number, e.node, e.label, e.g, e.h, e.f,
                              "goal" if e.node in self.goals else "") for e in selects], limit)
        if discards:
            lines += ["", "discarded (repeated states):"]
            lines += text_table(("node", "state", "g", "parent", "repeats"),
                                [(d.node, made[d.node].label, made[d.node].g,
                                  made[d.node].parent, d.existing) for d in discards], limit)
        gone = {e.node for e in selects} | {d.node for d in discards}
        waiting = [g for g in made.values() if g.node not in gone]
        if waiting:
            lines += ["", "left on the open list:"]
            lines += text_table(("node", "state", "g", "h", "f"),
                                [(g.node, g.label, g.g, g.h, g.f) for g in waiting], limit)
        lines.append("")
        result, s = self.result, self.result.stats
        if result.value is None:
            lines.append("cost: unknown (stopped early)")
        elif result.pv:
            steps = [str(made[result.pv[0]].label)]
            for node in result.pv[1:]:
                steps.append(f"-{made[node].action}-> {made[node].label}")
            lines += [f"cost: {encode_number(result.value)}", "path: " + " ".join(steps)]
        else:
            lines.append("cost: +inf (no goal is reachable)")
        lines.append(f"nodes: {len(selects)} selected, {s.nodes_expanded} expanded, "
                     f"{s.leaves_evaluated} generated, {s.children_pruned} discarded")
        return "\n".join(lines)


def astar_report(trace: Trace) -> AstarReport:
    """The report of an A* trace (``gametrace astar``'s, or one read from a file)."""
    if trace.header.algorithm != "astar":
        raise InputError(said("expected an A* trace, got one of {algorithm}",
                              algorithm=trace.header.algorithm), where="$.header.algorithm")
    if trace.result is None:
        raise InputError(no_result(), where="$.result")
    read = _Tables()
    read.walk(trace.events)
    source = trace.header.source
    return AstarReport(
        problem=str(source.get("name", "?")), params=dict(source.get("params") or {}),
        heuristic=str(source.get("heuristic", "?")), variant=trace.header.variant,
        result=trace.result, selected=tuple(read.selected), generated=read.generated,
        discarded=tuple(read.discarded), goals=frozenset(read.goals))


class _Tables(EventVisitor[None]):
    """The A* events the report's tables are made of."""

    def __init__(self) -> None:
        self.selected: list[Select] = []
        self.generated: dict[str, Generate] = {}
        self.discarded: list[Discard] = []
        self.goals: set[str] = set()

    def visit_generate(self, ev: Generate) -> None:
        self.generated[ev.node] = ev

    def visit_select(self, ev: Select) -> None:
        self.selected.append(ev)

    def visit_discard(self, ev: Discard) -> None:
        self.discarded.append(ev)

    def visit_goal(self, ev: Goal) -> None:
        self.goals.add(ev.node)

    def visit_event(self, ev: Event) -> None:
        pass
