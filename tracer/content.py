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

from .errors import LimitExceeded, UsageError
from .games.base import Player
from .search.common import NO_LIMITS, Limits
from .sources import builtin_names, resolve_content
from .trace import Result, Trace
from .trees import Tree, parse_tree_json, parse_tree_text

if TYPE_CHECKING:
    from .analysis.check import Report
    from .analysis.ordering import OrderingReport

__all__ = [
    "MAX_SHEET_LEAVES",
    "builtin_names",
    "check_answer",
    "compare_orders",
    "read_trace",
    "read_tree",
    "record_search",
    "trace_text",
    "worksheet_svg",
]

MAX_SHEET_LEAVES = 729
"""The most leaves a worksheet draws: a worksheet is a sheet of paper, and 3^6 leaves is
the largest exercise (:data:`tracer.analysis.exercise.MAX_LEAVES`)."""

Content = Tree | str
"""A tree already read, or the name of a built-in example or game
(:func:`tracer.sources.resolve_content`)."""


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


def record_search(source: Content, *, algorithm: str = "alphabeta",
                  variant: str | None = None, order: str = "natural", seed: int | None = None,
                  depth: int | None = None, cut_on: str | None = None,
                  root_player: str | None = None, params: Mapping[str, str] | None = None,
                  limits: Limits = NO_LIMITS, bounds: tuple[float, float] | None = None,
                  prover: str | None = None, techniques: str = "") -> tuple[Result, str]:
    """Search ``source`` and return the result with the trace's JSON text (the bytes
    ``gametrace run SOURCE -o x.json`` writes with the same options).  An option the
    algorithm does not take is refused as ``run`` refuses it (``None``: not given)."""
    from .record import StreamRecorder
    from .search import check_search, run_search

    check_search(algorithm, variant, order=order,
                 given={"cut_on": cut_on, "bounds": bounds, "prover": prover,
                        "techniques": techniques, "seed": seed})
    game, state, block = resolve_content(source, root_player=root_player,
                                         params=params).game()
    out = io.StringIO()
    result = run_search(game, state, algorithm=algorithm, variant=variant, order=order,
                        seed=seed, depth=depth, cut_on=cut_on, limits=limits,
                        recorder=StreamRecorder(out, jsonl=False), source=block,
                        bounds=bounds, prover=prover, techniques=techniques)
    return result, out.getvalue()


def check_answer(answer: Any, *, source: Content | None = None, trace: Trace | None = None,
                 problem: str | None = None, params: Mapping[str, str] | None = None,
                 diagnosis: bool = True, limits: Limits = NO_LIMITS,
                 **overrides: Any) -> Report:
    """Judge a solution (its parsed JSON) as ``gametrace check --json`` does: against
    ``trace``; against the A* search of ``problem`` (with ``params``) for A* answers; or
    against the search of ``source`` (a tree or a lecture example; a game is refused, as
    by the command line) under the answer's conventions with ``overrides`` (algorithm,
    variant, order, seed, depth, cut_on, root_player, heuristic; ``None``: not given).
    A search stopped by ``limits`` is a :class:`LimitExceeded`: an answer is not checked
    against half a search."""
    from .analysis.check import (
        answer_conventions,
        astar_trace,
        check_solution,
        require_items,
    )
    from .analysis.solution import Solution
    from .schema import validate

    validate(answer, "solution", file="<answer>")
    given = Solution.from_json(answer, file="<answer>")
    require_items(given, "<answer>")
    c = answer_conventions(given, **overrides)
    if trace is not None:
        h = trace.header
        return check_solution(given, trace, diagnosis=diagnosis,
                              title=f"the recorded trace ({h.algorithm}, {h.variant})")
    if c.algorithm == "astar":
        if problem is None:
            from .problems import PROBLEMS

            raise UsageError("A* answers are checked against a search problem "
                             f"(choose from: {', '.join(PROBLEMS)}) or a recorded trace")
        expected, title = astar_trace(problem, c, params, limits)
        return check_solution(given, expected, title=title, diagnosis=diagnosis)
    if problem is not None:
        raise UsageError(f"{problem} is a search problem: its answers are A* items "
                         "(expanded, discarded, path, cost) with algorithm astar, "
                         f"not {c.algorithm}")
    if source is None:
        raise UsageError("check_answer needs a tree, an example, a problem or a trace")
    if c.algorithm not in ("minimax", "alphabeta"):
        raise UsageError(f"answers are checked for minimax, alphabeta or astar, "
                         f"not {c.algorithm!r}")
    named = resolve_content(source, root_player=c.root_player)
    if named.kind == "game":
        raise UsageError(f"{named.text} is a game: check answers against a tree, an "
                         "example or a recorded trace")
    from .record import MemoryRecorder
    from .search import check_search, run_search

    variant = check_search(c.algorithm, c.variant, order=c.order or "natural",
                           given={"cut_on": c.cut_on, "seed": c.seed})
    rec = MemoryRecorder()
    game, state, block = named.game()
    result = run_search(game, state, algorithm=c.algorithm, variant=c.variant,
                        order=c.order or "natural", seed=c.seed, depth=c.depth,
                        cut_on=c.cut_on, recorder=rec, source=block, limits=limits)
    if not result.complete:
        raise LimitExceeded(f"the search of the tree stopped ({result.stopped}) before "
                             "its end: check an answer on a smaller tree")
    return check_solution(given, rec.trace, diagnosis=diagnosis,
                          title=f"{c.algorithm} ({variant}) on {named.name}")


def compare_orders(source: Content, *, orders: str = "natural,reverse,best,worst,random:100",
                   algorithm: str = "alphabeta", variant: str | None = None,
                   techniques: str = "", depth: int | None = None, seed: int = 0,
                   params: Mapping[str, str] | None = None,
                   root_player: str | None = None,
                   limits: Limits = NO_LIMITS) -> OrderingReport:
    """What each ordering saves on ``source``: the report ``gametrace compare --format json``
    prints for the same options.  Each search has the budgets ``limits``; one stopped by
    them is a :class:`LimitExceeded` (counts of half a search compare nothing)."""
    from .analysis.comparison import compare_named, plan_comparison
    from .analysis.ordering import OrderingReport

    if algorithm not in ("alphabeta", "enhanced", "minimax"):
        raise UsageError(f"unknown algorithm {algorithm!r} to compare orderings of "
                         "(choose from: alphabeta, enhanced, minimax)")
    plan = plan_comparison(orders=orders, algorithm=algorithm)
    named = resolve_content(source, root_player=root_player, params=params)
    report = compare_named(named, plan, algorithm=algorithm, variant=variant,
                           technique=techniques, depth=depth, seed=seed, limits=limits).report
    assert isinstance(report, OrderingReport)  # a plan of orderings, not of techniques
    return report


def worksheet_svg(source: Content, *, limits: Limits = NO_LIMITS,
                  root_player: str | None = None) -> bytes:
    """The blank worksheet of a tree or a lecture example as SVG: its minimax tree with
    the leaf values only.  Its size is known before anything is searched or drawn: a
    game is refused (its tree is known only once searched), and so is a tree of more
    than :data:`MAX_SHEET_LEAVES` leaves, in one line naming the count and the bound."""
    from .figures.check_render import worksheet_dot
    from .record import MemoryRecorder
    from .render.files.engine import render
    from .search import run_search

    named = resolve_content(source, root_player=root_player)
    if named.tree is None:
        raise UsageError(f"worksheets are drawn for trees and examples, not games: "
                         f"{named.text} has more nodes than a sheet (search it with a "
                         "depth limit instead)")
    leaves = named.tree.leaf_count
    if leaves > MAX_SHEET_LEAVES:
        raise LimitExceeded(f"the tree has {leaves:,} leaves: a worksheet draws at most "
                            f"{MAX_SHEET_LEAVES} (a sheet of paper)")
    rec = MemoryRecorder()
    game, state, block = named.game()
    result = run_search(game, state, algorithm="minimax", recorder=rec, source=block,
                        limits=limits)
    if not result.complete:
        raise LimitExceeded(f"the search of the tree stopped ({result.stopped}) before "
                            "its end: draw a worksheet of a smaller tree")
    return render(worksheet_dot(rec.trace), "svg", pinned=False)
