"""Teaching: judge an answer (``gametrace check``, ``POST /v1/check``), make an exercise,
diff two traces, compare orderings, check a heuristic."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import InputError, LimitExceeded, UsageError
from ..limits import NO_LIMITS, Limits
from ..said import said
from ..sources import resolve_content
from ..trace import Trace
from .reading import Content
from .validating import check_trace

# Type-only: each analysis is imported by the call that needs it, so importing the
# front door does not load every analysis (and the searches they run).
if TYPE_CHECKING:
    from ..analysis.astar import AdmissibilityReport
    from ..analysis.check import ClassReport, Exercise, Report, TraceDiff
    from ..analysis.orderings import OrderingReport

__all__ = ["check_admissible", "check_answer", "check_answer_file", "check_class_files",
           "class_table_format", "compare_orders",
           "diff_files", "diff_traces", "make_exercise", "write_class_table",
           "write_exercise_files"]


def check_answer_file(source: str, solution: str | os.PathLike[str], *,
                      overrides: Mapping[str, Any] | None = None,
                      params: Mapping[str, str] | None = None,
                      diagnosis: bool = True, render_out: str | None = None,
                      preset: str | None = None, lang: str = "en",
                      items: str | None = None) -> Report:
    """Check the answer in the file ``solution`` against the search of ``source`` (what
    ``gametrace check`` takes); ``overrides`` (``variant="fail-hard"``...; ``None``: not
    given) win over the answer's own conventions.  With ``render_out``, also draw the
    expected tree with the answer's mistakes marked (``preset`` as in ``render``).
    ``items`` (``"value,move,values"``, ``gametrace check --items``) are the items asked:
    every one is scored, a blank one wrong; without it, the items the answer gives.
    Returns the verdict, its reasons in ``lang`` (``en``, ``it``).  An error in the answer
    names its file."""
    from ..analysis.check import (
        answer_conventions,
        expected_trace,
        load_solution,
        recorded_source,
        require_items,
    )

    asked = _asked(items)
    file = os.fspath(solution)
    answer = load_solution(solution)
    require_items(answer, file)
    conv = answer_conventions(answer, params=params, recorded=recorded_source(source),
                              **(overrides or {}))
    trace, title = expected_trace(source, conv, dict(params or {}), lang=lang)
    check_trace(trace, file=source)  # a recorded trace: its source tree's rules too
    try:
        report = _judge(answer, trace, asked, title=title, diagnosis=diagnosis, lang=lang)
    except InputError as exc:
        if exc.file is None:
            raise InputError(exc.said, file=file, where=exc.where) from None
        raise
    if render_out is not None:
        from ..figures.check_render import render_marked

        render_marked(trace, report, render_out, preset=preset, lang=lang)
    return report


def _asked(items: str | Sequence[str] | None) -> Any:
    """The items asked, read once (``None``: the items each answer gives)."""
    if items is None:
        return None
    from ..analysis.check.asked import parse_items

    return parse_items(items if isinstance(items, str) else ",".join(items))


def _judge(answer: Any, trace: Trace, asked: Any, *, title: str | None, diagnosis: bool,
           lang: str) -> Report:
    """``answer`` against ``trace``: by the items ``asked`` when there are some."""
    from ..analysis.check import check_solution

    if asked is None:
        return check_solution(answer, trace, title=title, diagnosis=diagnosis, lang=lang)
    from ..analysis.check.asked import asked_keys, grade_asked

    return grade_asked(answer, trace, asked_keys(asked, None, trace), title=title,
                       diagnosis=diagnosis, lang=lang)


def class_table_format(out: str | os.PathLike[str]) -> str:
    """The format of a class table file (``.csv``, ``.json``), checked before any answer is
    read (``gametrace check --table``)."""
    from ..analysis.check import table_format

    return table_format(out)


def check_class_files(source: str, solutions: Sequence[str | os.PathLike[str]], *,
                      overrides: Mapping[str, Any] | None = None,
                      params: Mapping[str, str] | None = None, diagnosis: bool = True,
                      jobs: int | None = None, items: str | None = None) -> ClassReport:
    """``gametrace check`` on a class: every answer in ``solutions`` (files, or folders of
    them) against the search of ``source``, on ``jobs`` processes; ``items`` as in
    :func:`check_answer_file`."""
    from ..analysis.check import grade_class

    return grade_class(source, solutions, overrides=overrides, params=params,
                       diagnosis=diagnosis, jobs=jobs, asked=_asked(items))


def write_class_table(report: ClassReport, out: str | os.PathLike[str]) -> None:
    """The class table of ``report`` as CSV or JSON (by the extension of ``out``)."""
    from ..analysis.check import write_table

    write_table(report, out)


def make_exercise(*, branching: int, depth: int, cuts: tuple[int, int] | None = None,
                  values: tuple[int, int] = (0, 20), seed: int = 0,
                  variant: str = "fail-soft", cut_on: str = "ge",
                  **budget: int) -> Exercise:
    """A random alpha-beta exercise (``POST /v1/exercise``): a tree of ``branching`` and
    ``depth`` with leaf ``values`` and a number of ``cuts`` in range, its answer key
    under ``variant`` and ``cut_on``; ``budget`` (``max_attempts``, ``max_work``) bounds
    the drawing of trees (:func:`tracer.analysis.check.exercise.make_exercise`)."""
    from ..analysis.check import Conventions, make_exercise

    return make_exercise(branching=branching, depth=depth, cuts=cuts,
                                  values=values, seed=seed,
                                  conventions=Conventions(variant=variant, cut_on=cut_on),
                                  **budget)


def write_exercise_files(*, branching: int, depth: int, cuts: str | None = None,
                         values: str = "0..20", seed: int = 0, variant: str = "fail-soft",
                         cut_on: str = "ge", out_dir: str | os.PathLike[str] | None = None,
                         fmt: str = "svg", preset: str | None = None,
                         sheet_pdf: str | os.PathLike[str] | None = None,
                         size: str = "a4", ask: str = "value", lang: str = "en",
                         ) -> tuple[Exercise, list[Path]]:
    """``gametrace exercise``: a random alpha-beta exercise (``cuts`` and ``values`` as
    ``MIN..MAX`` or one number) and its files, written into ``out_dir`` (default
    ``exercise-SEED``): the tree, the worksheet, the answer key and its diagram; and a
    printable worksheet ``sheet_pdf`` on ``size`` paper, asking ``ask``; their words in
    ``lang``."""
    from ..figures.exercise import write_exercise
    from ..outputs import check_folder
    from ..ranges import parse_range

    cuts_range = parse_range(cuts, "--cuts")
    value_range = parse_range(values, "--values")
    assert value_range is not None
    folder = Path(out_dir) if out_dir is not None else Path(f"exercise-{seed}")
    check_folder(folder, option="-o")
    ex = make_exercise(branching=branching, depth=depth, cuts=cuts_range, values=value_range,
                       seed=seed, variant=variant, cut_on=cut_on)
    return ex, write_exercise(ex, folder, fmt=fmt, preset=preset, sheet_pdf=sheet_pdf,
                              size=size, ask=ask, lang=lang)


def diff_traces(a: Trace, b: Trace, *, context: int = 3,
                names: tuple[str, str] = ("a", "b")) -> TraceDiff:
    """Where traces ``a`` and ``b`` part ways (``POST /v1/diff``), with ``context``
    events before the first difference; ``names`` name them in the report."""
    from ..analysis.check import diff_traces

    return diff_traces(a, b, context=context, names=names)


def diff_files(a: str | os.PathLike[str], b: str | os.PathLike[str], *,
               context: int = 3) -> TraceDiff:
    """Where the traces in files ``a`` and ``b`` part ways (``gametrace diff``)."""
    from ..stdin import shown_name
    from ..trace import load_trace

    traces = (load_trace(a), load_trace(b))
    names = (shown_name(os.fspath(a)) or "", shown_name(os.fspath(b)) or "")
    for trace, name in zip(traces, names, strict=True):
        check_trace(trace, file=name)
    return diff_traces(*traces, context=context, names=names)


def check_admissible(problem: str, *, heuristic: str | None = None,
                     params: Mapping[str, str] | None = None,
                     files: bool = False) -> AdmissibilityReport:
    """Is ``heuristic`` (default: the problem's own) admissible and consistent on every
    reachable state of ``problem`` (``gametrace admissible``)?  With ``files`` (the
    command line), ``problem`` may also be a graph file."""
    from ..analysis.astar import check_heuristic
    from ..problems import find_problem, make_problem

    made = (find_problem if files else make_problem)(problem, dict(params or {}))
    return check_heuristic(made, heuristic)


def check_answer(answer: Any, *, source: Content | None = None, trace: Trace | None = None,
                 problem: str | None = None, params: Mapping[str, str] | None = None,
                 diagnosis: bool = True, limits: Limits = NO_LIMITS, lang: str = "en",
                 items: str | Sequence[str] | None = None, **overrides: Any) -> Report:
    """Judge a solution (its parsed JSON) as ``gametrace check --json`` does: against
    ``trace``; against the A* search of ``problem`` (with ``params``) for A* answers; or
    against the search of ``source`` (a tree or a lecture example; a game is refused, as
    by the command line) under the answer's conventions with ``overrides`` (algorithm,
    variant, order, seed, depth, cut_on, root_player, heuristic; ``None``: not given).
    A search stopped by ``limits`` is a :class:`LimitExceeded`: an answer is not checked
    against half a search.  The reasons are written in ``lang`` (``en``, ``it``).
    ``items`` (``"value,move,values"`` or a list of names) are the items asked: every
    one scored, a blank one wrong; without them, the items the answer gives."""
    from ..analysis.check import (
        Solution,
        answer_conventions,
        astar_trace,
        require_items,
    )
    from ..schema import validate

    asked = _asked(items)

    validate(answer, "solution", file="<answer>")
    given = Solution.from_json(answer, file="<answer>")
    require_items(given, "<answer>")
    c = answer_conventions(given, params=params, recorded=trace is not None, **overrides)
    if trace is not None:
        h = trace.header
        return _judge(given, trace, asked, diagnosis=diagnosis, lang=lang,
                      title=f"the recorded trace ({h.algorithm}, {h.variant})")
    if c.algorithm == "astar":
        if problem is None:
            from ..problems import PROBLEMS

            raise UsageError(said("A* answers are checked against a search problem "
                                  "(choose from: {problems}) or a recorded trace",
                                  problems=", ".join(PROBLEMS)))
        expected, title = astar_trace(problem, c, params, limits, lang=lang)
        return _judge(given, expected, asked, title=title, diagnosis=diagnosis, lang=lang)
    if problem is not None:
        raise UsageError(said("{problem} is a search problem: its answers are A* items "
                              "(expanded, discarded, path, cost) with algorithm astar, "
                              "not {algorithm}", problem=problem, algorithm=c.algorithm))
    if source is None:
        raise UsageError(said("check_answer needs a tree, an example, a problem or a trace"))
    if c.algorithm not in ("minimax", "alphabeta"):
        raise UsageError(said("answers are checked for minimax, alphabeta or astar, "
                              "not {algorithm!r}", algorithm=c.algorithm))
    named = resolve_content(source, root_player=c.root_player)
    if named.kind == "game":
        raise UsageError(said("{game} is a game: check answers against a tree, an "
                              "example or a recorded trace", game=named.text))
    from ..record import MemoryRecorder
    from ..spec import SearchSpec
    from .searching import search_tree

    spec = SearchSpec.make(algorithm=c.algorithm, variant=c.variant, order=c.order,
                           seed=c.seed, depth=c.depth, cut_on=c.cut_on, limits=limits)
    rec = MemoryRecorder()
    assert named.tree is not None  # a tree or an example: games are refused above
    result = search_tree(named.tree, spec=spec, recorder=rec)
    if not result.complete:
        raise LimitExceeded(said("the search of the tree stopped ({stopped}) before its "
                                 "end: check an answer on a smaller tree",
                                 stopped=result.stopped))
    from ..analysis.check.wording import Words

    return _judge(given, rec.trace, asked, diagnosis=diagnosis, lang=lang,
                  title=Words(lang)("check.title", algorithm=c.algorithm,
                                    variant=spec.shown_variant, source=named.name))


def compare_orders(source: Content, *, orders: str = "natural,reverse,best,worst,random:100",
                   algorithm: str = "alphabeta", variant: str | None = None,
                   techniques: str = "", depth: int | None = None, seed: int = 0,
                   params: Mapping[str, str] | None = None,
                   root_player: str | None = None,
                   limits: Limits = NO_LIMITS, lang: str = "en") -> OrderingReport:
    """What each ordering saves on ``source``: the report ``gametrace compare --format json``
    prints for the same options, titled in ``lang`` (``en``, ``it``).  Each search has
    the budgets ``limits``; one stopped by them is a :class:`LimitExceeded` (counts of half
    a search compare nothing)."""
    from ..analysis.orderings import (
        COMPARED_ALGORITHMS,
        OrderingReport,
        compare_named,
        plan_comparison,
    )

    if algorithm not in COMPARED_ALGORITHMS:
        raise UsageError(said("unknown algorithm {algorithm!r} to compare orderings of "
                              "(choose from: {allowed})",
                              algorithm=algorithm, allowed=", ".join(COMPARED_ALGORITHMS)))
    plan = plan_comparison(orders=orders, algorithm=algorithm)
    named = resolve_content(source, root_player=root_player, params=params)
    report = compare_named(named, plan, algorithm=algorithm, variant=variant,
                           technique=techniques, depth=depth, seed=seed, limits=limits,
                           lang=lang).report
    assert isinstance(report, OrderingReport)  # a plan of orderings, not of techniques
    return report
