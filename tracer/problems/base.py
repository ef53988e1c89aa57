"""The search-problem protocol that A* and the heuristic checks work on.

A problem is the textbook quintuple (AIMA ch. 3): an initial state, the actions
available in a state (in a fixed order: A* breaks ties by generation order, so the
order is part of the problem), the transition model, the step cost and the goal
test; plus named heuristics and readable names for states and actions.  States must
be hashable (repeated-state elimination keys on them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, TypeVar

from ..said import Said, said

__all__ = ["Heuristic", "Problem", "unknown_parameter", "zero"]

S = TypeVar("S")
A = TypeVar("A")

Number = float | int

Heuristic = Callable[[S], Number]
"""An estimate h(s) of the cost from ``s`` to the nearest goal."""


def zero(state: object) -> int:
    """h = 0 everywhere: with it A* is uniform-cost search."""
    return 0


def unknown_parameter(key: str, problem: str, allowed: Sequence[str]) -> Said:
    """The message of a ``-p KEY=VALUE`` that ``problem`` does not take."""
    return said("unknown parameter {key!r} for {problem} (allowed: {allowed})",
                key=key, problem=problem, allowed=", ".join(allowed))


class Problem(Protocol[S, A]):
    """A single-agent search problem with unit or positive step costs."""

    name: str
    """The registry name, e.g. ``jugs``."""
    params: Mapping[str, str]
    """Every parameter with its value (defaults filled in), as ``-p`` would spell it."""
    heuristics: Mapping[str, Callable[[S], Number]]
    """Named heuristics; every problem has ``zero``."""
    default_heuristic: str
    """The heuristic used when none is named (the lecture's, where there is one)."""

    def initial_state(self) -> S:
        """The state the search starts from."""
        ...

    def actions(self, state: S) -> Sequence[A]:
        """The applicable actions in their fixed order (only those that change the state)."""
        ...

    def result(self, state: S, action: A) -> S:
        """The state reached by ``action``."""
        ...

    def cost(self, state: S, action: A, next_state: S) -> Number:
        """The (positive) cost of the step from ``state`` to ``next_state``."""
        ...

    def is_goal(self, state: S) -> bool:
        """The goal test."""
        ...

    def describe(self, state: S) -> str:
        """A short readable picture of ``state``, used as a node label."""
        ...

    def action_name(self, state: S, action: A) -> str:
        """A short, stable name of ``action``."""
        ...
