"""Library calls on content, not paths: a posted tree or trace, a built-in name.

:mod:`tracer.api` takes sources as the command line gives them, where a string may name a
file.  A caller that must never open a file on someone else's behalf (the web service,
:mod:`tracer.service`) uses these instead: trees and traces arrive as text, and a name is
looked up in the built-in examples and games only, never on disk and never as a
``file.py:Class`` game (which would run code).  Errors are the library's own:
:class:`~tracer.errors.InputError` with the line and column or the JSON path of the
fault, :class:`~tracer.errors.UsageError` naming the allowed values.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .errors import InputError, LimitExceeded, UsageError
from .games.base import Player
from .search.common import NO_LIMITS, Limits
from .trace import Result, Trace
from .trees import Tree, TreeGame, parse_tree_json, parse_tree_text

if TYPE_CHECKING:
    from .analysis.check import Report
    from .analysis.ordering import OrderingReport
    from .games.base import Game

__all__ = [
    "builtin_names",
    "check_answer",
    "compare_orders",
    "read_trace",
    "read_tree",
    "record_search",
    "trace_text",
]

Source = Tree | str
"""A tree already read, or the name of a built-in example or game."""


def read_tree(text: str, *, file: str = "<tree>", root_player: str | None = None) -> Tree:
    """A tree given as text: JSON when it starts with ``{`` or ``[`` (errors carry the JSON
    path), else the text notation of ``docs/trees.md`` (errors carry line and column)."""
    from .jsonio import loads_json

    player = None if root_player is None else Player(root_player)
    if text.lstrip()[:1] in ("{", "["):
        return parse_tree_json(loads_json(text, file=file), file=file, root_player=player)
    return parse_tree_text(text, file=file, root_player=player)


def read_trace(data: Any, *, file: str = "<trace>") -> Trace:
    """A trace given as its parsed single-document JSON, checked against the schema."""
    from .schema import validate

    validate(data, "trace", file=file)
    return Trace.from_json(data, file=file)


def trace_text(trace: Trace) -> str:
    """The single-document JSON form, byte for byte what ``gametrace run -o x.json`` writes."""
    from .trace import write_trace

    out = io.StringIO()
    write_trace(out, trace.header, trace.events, trace.result, jsonl=False)
    return out.getvalue()


def builtin_names() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names a request may use: the lecture examples, then the games."""
    from .examples import EXAMPLES
    from .games.registry import GAMES

    return tuple(EXAMPLES), tuple(GAMES)


def _resolve(source: Source, params: Mapping[str, str],
             root_player: str | None) -> tuple[Game[Any, Any], Any, dict[str, Any], str]:
    """A game, its start state, the header's source block and a display name."""
    from .api import tree_source

    if isinstance(source, Tree):
        if params:
            raise UsageError("params apply to games, not to trees")
        if root_player is not None:
            source = parse_tree_json(source.to_json(), file="<tree>",
                                     root_player=Player(root_player))
        return TreeGame(source), source.root, tree_source(source), source.name or "tree"
    examples, games = builtin_names()
    if source in examples:
        from .examples import example_tree

        if params:
            raise UsageError(f"params apply to games, and {source!r} is a lecture tree")
        tree = example_tree(source)
        if root_player is not None:
            tree = parse_tree_json(tree.to_json(), file=f"<example {source}>",
                                   root_player=Player(root_player))
        return TreeGame(tree), tree.root, tree_source(tree), source
    if source in games:
        from .games.registry import make_game

        if root_player is not None:
            raise UsageError("root_player applies to trees; games take the param first=...")
        game, state, block = make_game(source, params)
        return game, state, block, source
    raise UsageError(f"no built-in example or game {source!r} "
                     f"(choose from: {', '.join((*examples, *games))})")


def record_search(source: Source, *, algorithm: str = "alphabeta", variant: str | None = None,
                  order: str = "natural", seed: int | None = None, depth: int | None = None,
                  cut_on: str = "ge", root_player: str | None = None,
                  params: Mapping[str, str] | None = None, limits: Limits = NO_LIMITS,
                  bounds: tuple[float, float] | None = None, prover: str = "max",
                  techniques: str = "") -> tuple[Result, str]:
    """Search ``source`` and return the result with the trace's JSON text (the bytes
    ``gametrace run SOURCE -o x.json`` writes with the same options)."""
    from .record import StreamRecorder
    from .search import run_search

    game, state, block, _ = _resolve(source, params or {}, root_player)
    out = io.StringIO()
    result = run_search(game, state, algorithm=algorithm, variant=variant, order=order,
                        seed=seed, depth=depth, cut_on=cut_on, limits=limits,
                        recorder=StreamRecorder(out, jsonl=False), source=block,
                        bounds=bounds, prover=prover, techniques=techniques)
    return result, out.getvalue()


def check_answer(answer: Any, *, tree: Tree | None = None, trace: Trace | None = None,
                 diagnosis: bool = True, limits: Limits = NO_LIMITS,
                 **overrides: Any) -> Report:
    """Judge a solution (its parsed JSON) against ``trace``, or against the search of
    ``tree`` under the answer's conventions with ``overrides`` (algorithm, variant, order,
    seed, depth, cut_on, root_player): the report ``gametrace check --json`` prints.
    A search of ``tree`` stopped by ``limits`` is a :class:`LimitExceeded`: an answer is
    not checked against half a search."""
    from .analysis.check import check_solution
    from .analysis.solution import Solution
    from .record import MemoryRecorder
    from .schema import validate

    validate(answer, "solution", file="<answer>")
    given = Solution.from_json(answer, file="<answer>")
    if not set(given.to_json()) - {"exercise", "conventions"}:
        raise InputError("the answer gives no items to check (value, move, values, "
                         "evaluated, pruned, alphabeta, ...)", file="<answer>")
    if trace is None:
        if tree is None:
            raise UsageError("check_answer needs a tree or a trace")
        c = given.conventions.merged(algorithm=overrides.pop("algorithm", None)
                                     or given.conventions.algorithm or "alphabeta",
                                     **overrides)
        if c.algorithm not in ("minimax", "alphabeta"):
            raise UsageError(f"answers are checked for minimax or alphabeta, "
                             f"not {c.algorithm!r}")
        rec = MemoryRecorder()
        game, state, block, name = _resolve(tree, {}, c.root_player)
        from .search import run_search

        result = run_search(game, state, algorithm=c.algorithm, variant=c.variant,
                            order=c.order or "natural", seed=c.seed, depth=c.depth,
                            cut_on=c.cut_on or "ge", recorder=rec, source=block,
                            limits=limits)
        if not result.complete:
            raise LimitExceeded(f"the search of the tree stopped ({result.stopped}) before "
                                "its end: check an answer on a smaller tree")
        trace = rec.trace
        title = f"{trace.header.algorithm} ({trace.header.variant}) on {name}"
    else:
        h = trace.header
        title = f"the recorded trace ({h.algorithm}, {h.variant})"
    return check_solution(given, trace, title=title, diagnosis=diagnosis)


def compare_orders(source: Source, *, orders: str = "natural,reverse,best,worst,random:100",
                   algorithm: str = "alphabeta", variant: str | None = None,
                   techniques: str = "", depth: int | None = None, seed: int = 0,
                   params: Mapping[str, str] | None = None,
                   root_player: str | None = None) -> OrderingReport:
    """What each ordering saves on ``source``: the report ``gametrace compare --format json``
    prints for the same options."""
    from .analysis.ordering import compare_orderings, parse_orders
    from .search import ALGORITHMS, run_search

    if algorithm not in ("alphabeta", "enhanced", "minimax"):
        raise UsageError(f"unknown algorithm {algorithm!r} to compare orderings of "
                         "(choose from: alphabeta, enhanced, minimax)")
    fixed, randoms = parse_orders(orders)
    oracle = [o for o in fixed if o in ("best", "worst")]
    if algorithm == "enhanced" and oracle:
        raise UsageError(f"-a enhanced orders moves itself: compare it under natural, "
                         f"reverse and random orderings, not {' and '.join(oracle)}")
    game, state, block, name = _resolve(source, params or {}, root_player)
    where = name + ("" if depth is None else f", depth {depth}")
    shown = f"{algorithm} ({variant or ALGORITHMS[algorithm][0]}" + (
        f"; {techniques})" if techniques else ")")

    def search(recorder: Any, **options: Any) -> Result:
        return run_search(game, state, depth=depth, recorder=recorder, source=block, **options)

    how = dict(algorithm=algorithm, variant=variant, techniques=techniques)
    return compare_orderings(
        lambda order, s, counter: search(counter, order=order, seed=s, **how),
        lambda counter: search(counter, algorithm="minimax"),
        fixed, randoms=randoms, seed=seed, title=f"{shown} on {where}")
