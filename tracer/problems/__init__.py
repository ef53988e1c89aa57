"""Single-agent search problems (for A*) with named heuristics."""

from __future__ import annotations

from .base import Heuristic, Problem, zero
from .registry import PROBLEMS, ProblemSpec, choose_heuristic, find_problem, make_problem

__all__ = ["PROBLEMS", "Heuristic", "Problem", "ProblemSpec", "choose_heuristic",
           "find_problem", "make_problem", "zero"]
