"""The built-in search problems by name, built from ``-p KEY=VALUE`` strings."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import UsageError
from . import jugs, puzzle8
from .base import Problem

__all__ = ["PROBLEMS", "ProblemSpec", "choose_heuristic", "make_problem"]


@dataclass(frozen=True)
class ProblemSpec:
    """A problem the CLI can name: its parameters and how to build it."""

    name: str
    title: str
    params: Mapping[str, tuple[str, str]]
    """Parameter -> (default as text, help)."""
    build: Callable[[Mapping[str, str]], Problem[Any, Any]]


PROBLEMS: dict[str, ProblemSpec] = {s.name: s for s in (
    ProblemSpec("jugs", "water jugs of 3 and 5 litres, get 1 litre "
                        "(Giochi a Due Avversari: Esercizio A*)",
                jugs.PARAMS, jugs.from_params),
    ProblemSpec("puzzle8", "the 8-puzzle (AIMA section 3.2)", puzzle8.PARAMS,
                puzzle8.from_params),
)}


def make_problem(name: str, params: Mapping[str, str] | None = None) -> Problem[Any, Any]:
    """The problem called ``name`` with ``params`` (strings, as ``-p`` gives them).

    Unknown names and parameters raise a :class:`UsageError` listing the allowed ones."""
    spec = PROBLEMS.get(name)
    if spec is None:
        raise UsageError(f"unknown problem {name!r} (choose from: {', '.join(PROBLEMS)})")
    params = dict(params or {})
    for key in params:
        if key not in spec.params:
            raise UsageError(f"unknown parameter {key!r} for {name} "
                             f"(allowed: {', '.join(spec.params)})")
    return spec.build(params)


def choose_heuristic(problem: Problem[Any, Any], name: str | None) -> str:
    """``name`` if the problem has that heuristic (``None``: its default), else a UsageError."""
    chosen = problem.default_heuristic if name is None else name
    if chosen not in problem.heuristics:
        raise UsageError(f"unknown heuristic {chosen!r} for {problem.name} "
                         f"(choose from: {', '.join(problem.heuristics)})")
    return chosen
