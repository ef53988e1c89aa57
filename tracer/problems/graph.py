"""Search problems on an explicit weighted graph: a road map for A* and uniform-cost search.

A :class:`Graph` is what a graph file holds (AIMA 3rd ed. fig. 3.2 is one): nodes,
weighted edges (undirected unless the graph says ``directed``), heuristic tables by
name, a start and one or more goals.  :class:`GraphProblem` makes it a
:class:`~tracer.problems.base.Problem`: states are the node names, the actions of a
node are its edges in the order the file gives them (A* breaks ties by generation
order, so that order is part of the problem; an undirected edge ``A -- B`` is an
action of A where it appears and of B there too), every table is a named heuristic,
and ``zero`` gives uniform-cost search.  An action is named by its cost, as the map
labels its roads.  ``graph_forms`` reads graph files, in JSON or the text form.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import UsageError
from ..said import Said, said
from .base import unknown_parameter, zero

__all__ = ["GRAPH_PARAMS", "MAX_GRAPH_BYTES", "MAX_GRAPH_EDGES", "MAX_GRAPH_NODES", "Graph",
           "GraphProblem", "graph_problem", "looks_like_graph_file"]

Number = float | int

MAX_GRAPH_NODES = 100_000
"""The most nodes a graph file may have."""
MAX_GRAPH_EDGES = 1_000_000
"""The most edges a graph file may have."""
MAX_GRAPH_BYTES = 16 * 1024 * 1024
"""The largest graph file read (bytes)."""
MAX_NAME_CHARS = 200
"""The longest node name."""

GRAPH_SUFFIXES = (".graph", ".json", ".txt")
"""The file names ``gametrace astar`` takes for a graph file."""


@dataclass(frozen=True)
class Graph:
    """A weighted graph with heuristic tables, a start and goals, as a graph file gives it."""

    nodes: tuple[str, ...]
    """Every node, in the order first named."""
    edges: tuple[tuple[str, str, Number], ...]
    """``(from, to, cost)`` in file order; costs are positive."""
    directed: bool
    """False: every edge can be travelled both ways."""
    heuristics: Mapping[str, Mapping[str, Number]]
    """Heuristic name -> node -> h (every node has a value); the first is the default."""
    start: str
    goals: tuple[str, ...]
    name: str | None = None
    description: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The JSON form (``schemas/graph.schema.json``); parsing it gives the graph back."""
        out: dict[str, Any] = {}
        if self.name is not None:
            out["name"] = self.name
        if self.description is not None:
            out["description"] = self.description
        if self.directed:
            out["directed"] = True
        out["nodes"] = list(self.nodes)
        out["edges"] = [list(edge) for edge in self.edges]
        if self.heuristics:
            out["heuristics"] = {k: dict(v) for k, v in self.heuristics.items()}
        out["start"] = self.start
        out["goal"] = self.goals[0] if len(self.goals) == 1 else list(self.goals)
        return out


class GraphProblem:
    """A* on a :class:`Graph`: states are node names, actions ``(to, cost)`` edges."""

    def __init__(self, graph: Graph, *, name: str, start: str | None = None,
                 goals: tuple[str, ...] | None = None) -> None:
        self.name = name
        self.graph = graph
        self.start = graph.start if start is None else start
        self.goals = graph.goals if goals is None else goals
        known = set(graph.nodes)
        for what, node in [(said("start"), self.start), *((said("goal"), g) for g in self.goals)]:
            if node not in known:
                raise UsageError(_not_a_node(what, node, name, graph.nodes))
        self._goals = frozenset(self.goals)
        self.adjacency: dict[str, list[tuple[str, Number]]] = {n: [] for n in graph.nodes}
        for a, b, cost in graph.edges:
            self.adjacency[a].append((b, cost))
            if not graph.directed:
                self.adjacency[b].append((a, cost))
        self.params: Mapping[str, str] = {"start": self.start, "goal": ",".join(self.goals)}
        self.heuristics: Mapping[str, Callable[[str], Number]] = {
            **{table: values.__getitem__ for table, values in graph.heuristics.items()},
            "zero": zero}
        self.default_heuristic = next(iter(graph.heuristics), "zero")

    def initial_state(self) -> str:
        return self.start

    def actions(self, state: str) -> list[tuple[str, Number]]:
        return self.adjacency[state]

    def result(self, state: str, action: tuple[str, Number]) -> str:
        return action[0]

    def cost(self, state: str, action: tuple[str, Number], next_state: str) -> Number:
        return action[1]

    def is_goal(self, state: str) -> bool:
        return state in self._goals

    def describe(self, state: str) -> str:
        return state

    def action_name(self, state: str, action: tuple[str, Number]) -> str:
        """The road's cost, as the map writes it beside the road (``140``)."""
        return str(action[1])


def _not_a_node(what: Said, node: str, name: str, nodes: tuple[str, ...]) -> Said:
    from ..choices import nearest

    guess = nearest(node, list(nodes)) if len(nodes) <= 10_000 else None
    shown: Said | str = (", ".join(nodes) if len(nodes) <= 30
                         else said("{count:,} nodes", count=len(nodes)))
    if guess is None:
        return said("{what} {node!r} is not a node of {graph} ({shown})", what=what,
                    node=node[:60], graph=name, shown=shown)
    return said("{what} {node!r} is not a node of {graph} ({shown}); did you mean {guess!r}?",
                what=what, node=node[:60], graph=name, shown=shown, guess=guess)


GRAPH_PARAMS: dict[str, tuple[str, str]] = {
    "start": ("", "the node the search starts from [default: the graph's start]"),
    "goal": ("", "the goal node, or several separated by commas [default: the graph's]"),
}
"""Parameter -> (default, help) of every graph problem."""


def graph_problem(graph: Graph, name: str, params: Mapping[str, str]) -> GraphProblem:
    """``graph`` as a problem called ``name``, with ``-p start=`` and ``-p goal=`` applied."""
    for key in params:
        if key not in GRAPH_PARAMS:
            raise UsageError(unknown_parameter(key[:40], name, list(GRAPH_PARAMS)))
    start = " ".join(params["start"].split()) if params.get("start") else None
    goals = (tuple(" ".join(g.split()) for g in params["goal"].split(","))
             if params.get("goal") else None)
    return GraphProblem(graph, name=name, start=start, goals=goals)


def looks_like_graph_file(name: str) -> bool:
    """True when ``name`` is meant as a file: it has a path separator or a graph suffix."""
    return os.sep in name or "/" in name or name.lower().endswith(GRAPH_SUFFIXES)
