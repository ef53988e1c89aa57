"""What is computed from traces, problems and games, one package per job:

- :mod:`.check`: an answer checked against the expected trace (the answer itself, the
  verdict on each item and its reason, the diagnosis, the class table, the diff of two
  traces, generated exercises and their keys);
- :mod:`.orderings`: orderings of the children (or move-ordering techniques) compared on
  one tree, with the bounds beside them;
- :mod:`.matrices`: payoff matrices (games in normal form): dominance, elimination,
  equilibria;
- :mod:`.astar`: an A* search's tables, and whether a heuristic is admissible.

The four never import each other.  Analysis reads traces and may run a search again
(the expected answer, a misconception's search, the orderings compared); it draws
nothing (its pictures are in :mod:`tracer.figures`).  Each package names what other
layers import from it, loaded on first use (:func:`exports`), so that importing one of
its modules does not import the others.

The few sentences several jobs say of a trace they read are made here, once
(:func:`not_open`, ...), so that each is worded the same in every language.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..errors import InputError
from ..said import Said, said

if TYPE_CHECKING:
    from ..trace import Result

__all__ = ["exports", "finished", "no_result", "not_open", "opened_without_parent"]


def not_open(node: str) -> Said:
    """An event names ``node``, which is not on the path of open nodes."""
    return said("node {node} is not open here", node=node)


def opened_without_parent(node: str, depth: int, *, expanded: bool = False) -> Said:
    """An event opens ``node`` at ``depth`` with no open parent above it (``expanded``:
    the reader says "expanded", as the event is named, rather than "opened")."""
    if expanded:
        return said("node {node} is expanded at depth {depth} but its parent is not open",
                    node=node, depth=depth)
    return said("node {node} is opened at depth {depth} but its parent is not open",
                node=node, depth=depth)


def no_result() -> Said:
    """A trace that ends without its result."""
    return said("the trace has no result: the search did not finish")


def finished(result: Result | None, *, file: str, purpose: Said) -> Result:
    """``result``, the one a trace ``file`` ends with, when the search it records is
    whole; else the :class:`InputError` that says why not (no result line: the trace is
    cut short; a budget stopped the search): what ``purpose`` computes from part of a
    search would pass for the whole (docs/engines.md)."""
    if result is None:
        raise InputError(said("the trace has no result line: it ends before the search "
                              "did; {purpose} needs a whole trace (record it again)",
                              purpose=purpose), file=file)
    if not result.complete:
        raise InputError(said("the search stopped at its {budget} budget before the end: "
                              "{purpose} needs a finished search (record it again with a "
                              "larger budget, or search less deep)",
                              budget=result.stopped or said("incomplete"), purpose=purpose),
                         file=file, where="result")
    return result


def exports(package: str, where: Mapping[str, str]) -> tuple[Callable[[str], Any],
                                                             Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` (PEP 562) of ``package``, whose public names
    are those of ``where`` (name -> the module of the package defining it), each imported
    when first asked for."""

    def getattr_(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)
        return value

    def dir_() -> list[str]:
        return sorted(where)

    return getattr_, dir_
