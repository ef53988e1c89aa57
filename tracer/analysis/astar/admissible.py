"""Is a heuristic admissible?  Is it consistent?  Checked against the true costs.

Every state reachable from the start is enumerated (breadth first, in action
order), then h*(s), the true cost from ``s`` to the nearest goal, is computed for all
of them at once by Dijkstra's algorithm run backwards from the goal states over the
reversed edges.  Then (AIMA section 3.6):

* h is **admissible** when h(s) <= h*(s) for every state; the report lists the
  states where h overestimates;
* h is **consistent** (monotone) when h(s) <= c(s, a, s') + h(s') for every edge; the
  report lists the edges that break it.  A consistent h with h(goal) = 0 is admissible.

States from which no goal is reachable have h* = +inf and never count as overestimated.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...errors import LimitExceeded
from ...problems.base import Problem
from ...problems.registry import choose_heuristic
from ...said import said

__all__ = ["AdmissibilityReport", "Edge", "Overestimate", "check_heuristic", "true_costs"]

Number = float | int

DEFAULT_MAX_STATES = 2_000_000


@dataclass(frozen=True)
class Overestimate:
    """A state where h(s) > h*(s)."""

    state: str
    """The state's picture (``describe``)."""
    h: Number
    true_cost: Number
    """h*(s)."""


@dataclass(frozen=True)
class Edge:
    """An edge (s, s') where h(s) > c(s, a, s') + h(s')."""

    state: str
    action: str
    next_state: str
    h: Number
    cost: Number
    next_h: Number


@dataclass(frozen=True)
class AdmissibilityReport:
    """What :func:`check_heuristic` found, in breadth-first order of the states."""

    problem: str
    heuristic: str
    states: int
    """Reachable states examined."""
    edges: int
    """Edges (state, action) examined."""
    overestimates: tuple[Overestimate, ...]
    inconsistent: tuple[Edge, ...]
    start_cost: Number
    """h* of the start state (+inf when no goal is reachable)."""
    params: Mapping[str, str] = field(default_factory=dict)
    """The problem's parameters (``capacities=3,5 goal=4``)."""

    @property
    def admissible(self) -> bool:
        return not self.overestimates

    @property
    def consistent(self) -> bool:
        return not self.inconsistent

    def to_text(self, *, limit: int = 50) -> str:
        """The verdict ``gametrace admissible`` prints, then the states where h
        overestimates and the inconsistent edges, at most ``limit`` rows each (0: all)."""
        from ...jsonio import encode_number
        from .text_table import count, text_table

        over, bad = self.overestimates, self.inconsistent
        lines = [f"{self.problem} {' '.join(f'{k}={v}' for k, v in self.params.items())}",
                 f"heuristic: {self.heuristic}; {self.states} reachable states, "
                 f"{self.edges} edges; h*(start) = {encode_number(self.start_cost)}",
                 "verdict: " + ("admissible" if self.admissible else
                                f"NOT admissible (h > h* at {count(len(over), 'state')})")
                 + ", " + ("consistent" if self.consistent else
                           f"NOT consistent at {count(len(bad), 'edge')}")]
        if over:
            lines += ["", "states where h overestimates (h > h*):"]
            lines += text_table(("state", "h", "h*"),
                                [(o.state, o.h, o.true_cost) for o in over], limit)
        if bad:
            lines += ["", "inconsistent edges (h(s) > c(s,s') + h(s')):"]
            lines += text_table(("s", "action", "s'", "h(s)", "c", "h(s')"),
                                [(e.state, e.action, e.next_state, e.h, e.cost, e.next_h)
                                 for e in bad], limit)
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        from ...jsonio import encode_number

        return {
            "problem": self.problem, "heuristic": self.heuristic,
            "admissible": self.admissible, "consistent": self.consistent,
            "states": self.states, "edges": self.edges,
            "start_cost": encode_number(self.start_cost),
            "overestimates": [{"state": o.state, "h": o.h, "true_cost": o.true_cost}
                              for o in self.overestimates],
            "inconsistent": [{"state": e.state, "action": e.action, "next": e.next_state,
                              "h": e.h, "cost": e.cost, "next_h": e.next_h}
                             for e in self.inconsistent],
        }


_Graph = tuple[list[Any], list[list[tuple[str, int, Number]]]]


def _reachable(problem: Problem[Any, Any], max_states: int) -> _Graph:
    """The reachable states in breadth-first order and each one's edges (action, target, cost)."""
    start = problem.initial_state()
    index: dict[Any, int] = {start: 0}
    states: list[Any] = [start]
    edges: list[list[tuple[str, int, Number]]] = []
    queue = deque([start])
    while queue:
        state = queue.popleft()
        out: list[tuple[str, int, Number]] = []
        for action in problem.actions(state):
            nxt = problem.result(state, action)
            target = index.get(nxt)
            if target is None:
                if len(states) >= max_states:
                    raise LimitExceeded(said("{problem} has more than {states:,} reachable "
                                             "states: too many to check every one",
                                             problem=problem.name, states=max_states))
                target = index[nxt] = len(states)
                states.append(nxt)
                queue.append(nxt)
            out.append((problem.action_name(state, action), target,
                        problem.cost(state, action, nxt)))
        edges.append(out)
    return states, edges


def _costs_to_goal(problem: Problem[Any, Any], graph: _Graph) -> list[Number]:
    """h* of every state: Dijkstra from all goals at once along the reversed edges."""
    states, edges = graph
    back: list[list[tuple[int, Number]]] = [[] for _ in states]
    for source, out in enumerate(edges):
        for _, target, cost in out:
            back[target].append((source, cost))
    best: list[Number] = [float("inf")] * len(states)
    heap: list[tuple[Number, int]] = []
    for i, state in enumerate(states):
        if problem.is_goal(state):
            best[i] = 0
            heap.append((0, i))
    heapq.heapify(heap)
    while heap:
        dist, i = heapq.heappop(heap)
        if dist > best[i]:
            continue
        for j, cost in back[i]:
            if dist + cost < best[j]:
                best[j] = dist + cost
                heapq.heappush(heap, (dist + cost, j))
    return best


def true_costs(problem: Problem[Any, Any], *,
               max_states: int = DEFAULT_MAX_STATES) -> dict[Any, Number]:
    """h*(s) for every state reachable from the start (+inf where no goal is reachable)."""
    graph = _reachable(problem, max_states)
    return dict(zip(graph[0], _costs_to_goal(problem, graph), strict=True))


def check_heuristic(problem: Problem[Any, Any], heuristic: str | None = None, *,
                    max_states: int = DEFAULT_MAX_STATES) -> AdmissibilityReport:
    """Compare ``heuristic`` (default: the problem's) with h* on every reachable state."""
    name = choose_heuristic(problem, heuristic)
    h = problem.heuristics[name]
    graph = _reachable(problem, max_states)
    states, edges = graph
    star = _costs_to_goal(problem, graph)
    hs = [h(s) for s in states]
    describe = problem.describe
    over = tuple(Overestimate(describe(s), hs[i], star[i])
                 for i, s in enumerate(states) if hs[i] > star[i])
    bad = tuple(Edge(describe(s), action, describe(states[j]), hs[i], cost, hs[j])
                for i, s in enumerate(states) for action, j, cost in edges[i]
                if hs[i] > cost + hs[j])
    return AdmissibilityReport(problem.name, name, len(states),
                               sum(len(out) for out in edges), over, bad, star[0],
                               dict(problem.params))
