"""A* (Hart, Nilsson & Raphael 1968; AIMA section 3.5.2) and uniform-cost search.

f(n) = g(n) + h(n); the open node with the lowest f is selected next, and ties on f
go to the node generated first ("Esercizio A*": "preferendo, a parità di altro, il nodo
generato prima").  The goal test is applied when a node is *selected*, not when it
is generated, so the first goal selected is optimal when h is admissible (tree
variant) or consistent (graph variant).

Two variants:

``graph``
    A* with repeated-state elimination, as "Esercizio A*" asks: a generated node is
    discarded when its state was already expanded, or is on the open list with a g
    no worse; an open node reached again more cheaply is replaced (the old one is
    discarded in favour of the new).  Expanded states are never reopened, so with an
    inconsistent h the cost found may exceed the optimum: that is the lesson.
``tree``
    No elimination: every path is a separate node (AIMA's TREE-SEARCH).

Uniform-cost search is A* with the ``zero`` heuristic.  Node ids are ``n0``,
``n1``, ... in generation order; labels are the problem's pictures of the states.
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass
from typing import Any

from ..events import Discard, Generate, Goal, Select
from ..families import choose
from ..limits import NO_LIMITS, Limits
from ..problems.base import Problem
from ..problems.registry import choose_heuristic
from ..record import NULL, Recorder
from ..said import said
from ..trace import Header, Result, Stats
from .common import Stopped, path_result

__all__ = ["ASTAR_VARIANTS", "TIES", "astar", "uniform_cost"]

ASTAR_VARIANTS = ("graph", "tree")
"""``graph``: repeated states eliminated (the default); ``tree``: none."""

TIES = "generation order"

Number = float | int

_CHECK_EVERY = 1024


@dataclass(slots=True)
class _Node:
    state: Any
    parent: int | None
    g: Number
    h: Number
    depth: int


class _Budget:
    """Counts nodes (expanded + generated) and stops the search when a limit is reached."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.count = 0
        self.started = self.last_report = time.monotonic()
        self.timed = limits.time_limit is not None or limits.progress is not None

    def tick(self) -> None:
        self.count += 1
        limits = self.limits
        if limits.max_nodes is not None and self.count > limits.max_nodes:
            raise Stopped("max-nodes")
        if self.timed and self.count % _CHECK_EVERY == 0:
            now = time.monotonic()
            if limits.time_limit is not None and now - self.started >= limits.time_limit:
                raise Stopped("time-limit")
            if limits.progress is not None and now - self.last_report >= 0.5:
                self.last_report = now
                limits.progress(self.count, now - self.started)


def problem_source(problem: Problem[Any, Any], heuristic: str,
                   start: Any = None) -> dict[str, Any]:
    """The trace header's ``source`` block for a problem."""
    out: dict[str, Any] = {"kind": "problem", "name": problem.name,
                           "params": dict(problem.params), "heuristic": heuristic}
    if start is not None and start != problem.initial_state():
        out["start"] = problem.describe(start)
    return out


def astar(problem: Problem[Any, Any], state: Any = None, *, heuristic: str | None = None,
          variant: str = "graph", limits: Limits = NO_LIMITS, recorder: Recorder = NULL,
          source: dict[str, Any] | None = None) -> Result:
    """Search from ``state`` (default: the initial state) for the cheapest path to a goal.

    ``heuristic`` names one of ``problem.heuristics`` (``None``: the problem's
    default).  The result's ``value`` is the cost found (``+inf`` when no goal is
    reachable), ``pv`` the node ids from the start to the goal, ``move`` the first
    step.  Stats: ``nodes_expanded`` counts nodes whose successors were generated,
    ``leaves_evaluated`` every generated node (the start included), ``children_pruned``
    the discarded ones, ``max_depth`` the deepest node generated (in steps).
    """
    choose(said("{algorithm} variant", algorithm="A*"), variant, ASTAR_VARIANTS)
    name = choose_heuristic(problem, heuristic)
    start = problem.initial_state() if state is None else state
    header = Header(algorithm="astar", variant=variant, root="n0",
                    options={"ties": TIES, **limits.to_json()},
                    source=source if source is not None else problem_source(problem, name,
                                                                            start))
    search = _Search(problem, problem.heuristics[name], variant == "graph", recorder, limits)
    recorder.start(header)
    try:
        result = search.run(start)
    except Stopped as stop:
        result = search.result(None, stopped=stop.reason)
    recorder.finish(result)
    return result


def uniform_cost(problem: Problem[Any, Any], state: Any = None, *, variant: str = "graph",
                 limits: Limits = NO_LIMITS, recorder: Recorder = NULL,
                 source: dict[str, Any] | None = None) -> Result:
    """Uniform-cost search (Dijkstra 1959; AIMA section 3.4.2): A* with h = 0."""
    return astar(problem, state, heuristic="zero", variant=variant, limits=limits,
                 recorder=recorder, source=source)


class _Search:
    """One A* run: the node table, the open list, the counters."""

    def __init__(self, problem: Problem[Any, Any], h: Any, graph: bool, recorder: Recorder,
                 limits: Limits) -> None:
        self.problem = problem
        self.h = h
        self.graph = graph
        self.rec = recorder
        self.on = recorder.enabled
        self.budget = _Budget(limits)
        self.nodes: list[_Node] = []
        # Heap entries are (f, generation number): equal f goes to the node generated
        # first, as the lecture asks; the generation number is unique, so states are
        # never compared.
        self.open: list[tuple[Number, int]] = []
        self.dropped: set[int] = set()
        self.open_state: dict[Any, int] = {}
        self.closed: dict[Any, int] = {}
        self.seq = 0
        self.selected = 0
        self.expanded = 0
        self.discarded = 0
        self.max_depth = 0

    def next_seq(self) -> int:
        self.seq += 1
        return self.seq

    def run(self, start: Any) -> Result:
        problem, graph, nodes = self.problem, self.graph, self.nodes
        self.generate(start, None, 0, None)
        self.push(0)
        while self.open:
            f, index = heapq.heappop(self.open)
            if index in self.dropped:
                continue
            node = nodes[index]
            if graph:
                del self.open_state[node.state]
            self.selected += 1
            if self.on:
                self.rec.emit(Select(self.next_seq(), f"n{index}", self.selected, g=node.g,
                                     h=node.h, f=f, label=problem.describe(node.state)))
            if problem.is_goal(node.state):
                path = self.path(index)
                if self.on:
                    self.rec.emit(Goal(self.next_seq(), f"n{index}", node.g, path))
                return self.result(node.g, path)
            self.budget.tick()
            self.expanded += 1
            if graph:
                self.closed[node.state] = index
            for action in problem.actions(node.state):
                child = problem.result(node.state, action)
                g = node.g + problem.cost(node.state, action, child)
                new = self.generate(child, index, g, problem.action_name(node.state, action))
                if graph:
                    self.place(new)
                else:
                    self.push(new)
        return self.result(float("inf"), ())

    def generate(self, state: Any, parent: int | None, g: Number, action: str | None) -> int:
        self.budget.tick()
        depth = 0 if parent is None else self.nodes[parent].depth + 1
        node = _Node(state, parent, g, self.h(state), depth)
        index = len(self.nodes)
        self.nodes.append(node)
        self.max_depth = max(self.max_depth, depth)
        if self.on:
            self.rec.emit(Generate(
                self.next_seq(), f"n{index}", None if parent is None else f"n{parent}", index,
                g, node.h, g + node.h, action=action, label=self.problem.describe(state)))
        return index

    def push(self, index: int) -> None:
        node = self.nodes[index]
        heapq.heappush(self.open, (node.g + node.h, index))
        if self.graph:
            self.open_state[node.state] = index

    def place(self, index: int) -> None:
        """Repeated-state elimination for a freshly generated node."""
        node = self.nodes[index]
        seen = self.closed.get(node.state)
        if seen is not None:
            self.discard(index, seen)
            return
        waiting = self.open_state.get(node.state)
        if waiting is not None:
            if self.nodes[waiting].g <= node.g:
                self.discard(index, waiting)
                return
            # The state is reached more cheaply than the open node holding it: the new
            # node takes its place (the heap entry of the old one is skipped when popped).
            self.dropped.add(waiting)
            self.discard(waiting, index)
        self.push(index)

    def discard(self, index: int, existing: int) -> None:
        self.discarded += 1
        if self.on:
            self.rec.emit(Discard(self.next_seq(), f"n{index}", f"n{existing}", "repeated",
                                  g=self.nodes[index].g))

    def path(self, index: int | None) -> tuple[str, ...]:
        out: list[str] = []
        while index is not None:
            out.append(f"n{index}")
            index = self.nodes[index].parent
        return tuple(reversed(out))

    def result(self, cost: Number | None, path: tuple[str, ...] = (), *,
               stopped: str | None = None) -> Result:
        return path_result(cost, path, Stats(
            nodes_expanded=self.expanded, leaves_evaluated=len(self.nodes),
            children_pruned=self.discarded, max_depth=self.max_depth), stopped=stopped)
