"""A search problem given as an explicit weighted graph, for hand-built A* cases."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from tracer.problems.base import zero

Number = float | int


class GraphProblem:
    """States are node names; ``edges[s]`` lists (successor, cost) in action order.

    The action is the successor's name; ``h`` is the heuristic called ``given``."""

    name = "graph"
    default_heuristic = "given"

    def __init__(self, edges: Mapping[str, list[tuple[str, Number]]], *, start: str = "S",
                 goals: tuple[str, ...] = ("G",), h: Mapping[str, Number] | None = None) -> None:
        self.edges = edges
        self.start = start
        self.goals = goals
        self.h = dict(h or {})
        self.params: Mapping[str, str] = {}
        self.heuristics: Mapping[str, Callable[[str], Number]] = {
            "given": lambda s: self.h.get(s, 0), "zero": zero}

    def initial_state(self) -> str:
        return self.start

    def actions(self, state: str) -> list[str]:
        return [t for t, _ in self.edges.get(state, [])]

    def result(self, state: str, action: str) -> str:
        return action

    def cost(self, state: str, action: str, next_state: str) -> Number:
        return dict(self.edges[state])[action]

    def is_goal(self, state: str) -> bool:
        return state in self.goals

    def describe(self, state: str) -> str:
        return state

    def action_name(self, state: str, action: str) -> str:
        return f"to{action}"


def replacement_graph() -> GraphProblem:
    """X is first reached through A (g 6), then more cheaply through B (g 3) while still open."""
    return GraphProblem({"S": [("A", 1), ("B", 2)], "A": [("X", 5)], "B": [("X", 1)],
                         "X": [("G", 1)]})


def inconsistent_graph() -> GraphProblem:
    """h is admissible but not consistent (h(A) = 4 > c(A, C) + h(C) = 1): graph A*
    expands C through B (g 4) before A, never reopens it, and returns 7 instead of 5."""
    return GraphProblem({"S": [("A", 1), ("B", 1)], "A": [("C", 1)], "B": [("C", 3)],
                         "C": [("G", 3)]}, h={"A": 4})
