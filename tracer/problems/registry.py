"""The built-in search problems by name, built from ``-p KEY=VALUE`` strings."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import UsageError
from ..said import said
from . import jugs, puzzle8, romania
from .base import Problem, unknown_parameter

__all__ = ["PROBLEMS", "ProblemSpec", "choose_heuristic", "find_problem", "make_problem"]


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
    ProblemSpec("romania", "the road map of Romania, Arad to Bucharest (AIMA fig. 3.2)",
                romania.PARAMS, romania.from_params),
)}


def make_problem(name: str, params: Mapping[str, str] | None = None) -> Problem[Any, Any]:
    """The problem called ``name`` with ``params`` (strings, as ``-p`` gives them).

    Unknown names and parameters raise a :class:`UsageError` listing the allowed ones."""
    spec = PROBLEMS.get(name)
    if spec is None:
        raise UsageError(said("unknown problem {name!r} (choose from: {allowed})", name=name,
                              allowed=", ".join(PROBLEMS)))
    params = dict(params or {})
    for key in params:
        if key not in spec.params:
            raise UsageError(unknown_parameter(key, name, list(spec.params)))
    return spec.build(params)


def find_problem(name: str, params: Mapping[str, str] | None = None) -> Problem[Any, Any]:
    """A built-in problem by ``name``, or else the graph file at the path ``name``
    (``.graph``/``.txt``: the text form, ``.json``: the JSON form), with ``params``.

    The command line's door only: the service names built-in problems alone."""
    from ..stdin import STDIN_NAME, input_path, is_stdin
    from .graph import graph_problem, looks_like_graph_file
    from .graph_forms import load_graph

    shown = name
    if is_stdin(name):  # a graph file on standard input
        name, shown = input_path(name), STDIN_NAME
    if name in PROBLEMS or not (looks_like_graph_file(name) or os.path.isfile(name)):
        try:
            return make_problem(name, params)
        except UsageError:
            if name in PROBLEMS:
                raise
            raise UsageError(said("unknown problem {name!r} (choose from: {allowed}) or a "
                                  "graph file (.graph, .json)", name=name,
                                  allowed=", ".join(PROBLEMS))) from None
    return graph_problem(load_graph(name), shown, dict(params or {}))


def choose_heuristic(problem: Problem[Any, Any], name: str | None) -> str:
    """``name`` if the problem has that heuristic (``None``: its default), else a UsageError."""
    chosen = problem.default_heuristic if name is None else name
    if chosen not in problem.heuristics:
        raise UsageError(said("unknown heuristic {heuristic!r} for {problem} (choose from: "
                              "{allowed})", heuristic=chosen, problem=problem.name,
                              allowed=", ".join(problem.heuristics)))
    return chosen
