"""What ``import tracer`` offers a script or a notebook: one typed function per thing the
command line does, each with its options spelled out as keyword parameters, so that a
misspelt one (``algoritm=``) is a type checker's error and, at run time, Python's own
``TypeError``, never an option silently ignored.

=====================  =====================================  ===========================
``tracer.``            does what                              as ``gametrace``
=====================  =====================================  ===========================
:func:`run`            search a source (a file, an example,   ``run``
                       a game) or a tree
:func:`search_tree`    search a tree read or built            ``run TREE``
:func:`draw`           draw a trace, with a preset            ``render``
:func:`frames`         the step-by-step frames of a trace     ``render --frames``
:func:`check`          judge an answer                        ``check``
:func:`diff`           where two traces part ways             ``diff``
:func:`compare`        what orderings save                    ``compare``
:func:`stats`          a trace's counts per depth             ``stats``
:func:`regret`         where an ordering wastes work          ``regret``
:func:`bisect`         where two searches of one position     ``bisect``
                       first differ
=====================  =====================================  ===========================

Each one resolves and checks what it is given the way the command does (the same
library calls: :mod:`tracer._api`'s modules, :mod:`tracer.analysis`), so a script and the
command line agree to the byte.  The search options are :class:`~tracer.spec.SearchSpec`'s
fields; a made spec may be given instead (``spec=``), not both.  The drawing options are
the commonest :class:`~tracer.RenderOptions` fields; a whole ``options=`` object
gives the others.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..jsonio import load_json_file
from ..limits import NO_LIMITS, Limits
from ..record import NULL, FileRecorder, Recorder
from ..spec import SearchSpec
from ..trace import Result, Trace, load_trace
from ..trees import Tree

if TYPE_CHECKING:
    from ..analysis.check import Report, TraceDiff
    from ..analysis.orderings.report import OrderingReport
    from ..analysis.regret.bisect import Bisection
    from ..analysis.regret.report import RegretReport
    from ..analysis.stats.table import SearchStats
    from ..games.base import Game
    from ..render.files.frames import FramesWritten
    from ..render.model.render_options import RenderOptions

__all__ = ["bisect", "check", "compare", "diff", "draw", "frames", "regret", "run",
           "search_tree", "stats"]

Path = str | os.PathLike[str]
"""A file's name, as every function here takes it."""


def _spec(spec: SearchSpec | None, options: Mapping[str, Any]) -> SearchSpec:
    """``spec``, or the one the options given make (``None``: not given)."""
    return SearchSpec.given(spec, {k: v for k, v in options.items() if v is not None})


def search_tree(tree: Tree, *, algorithm: str | None = None, variant: str | None = None,
                order: str | None = None, seed: int | None = None, depth: int | None = None,
                cut_on: str | None = None, bounds: tuple[float, float] | None = None,
                prover: str | None = None, techniques: str | tuple[str, ...] | None = None,
                limits: Limits | None = None, spec: SearchSpec | None = None,
                recorder: Recorder = NULL) -> Result:
    """Search ``tree`` (alpha-beta, fail-hard, by default), each event into ``recorder``;
    the trace's header holds the whole tree.

    >>> import tracer
    >>> tree = tracer.parse_tree_text("A(B(3 12 8) C(2 4 6) D(14 5 2))")
    >>> tracer.search_tree(tree, algorithm="minimax").value
    3
    """
    from .searching import search_tree as search

    chosen = _spec(spec, dict(algorithm=algorithm, variant=variant, order=order, seed=seed,
                              depth=depth, cut_on=cut_on, bounds=bounds, prover=prover,
                              techniques=techniques, limits=limits))
    return search(tree, spec=chosen, recorder=recorder)


def run(source: str | Tree, *, algorithm: str | None = None, variant: str | None = None,
        order: str | None = None, seed: int | None = None, depth: int | None = None,
        cut_on: str | None = None, bounds: tuple[float, float] | None = None,
        prover: str | None = None, techniques: str | tuple[str, ...] | None = None,
        root_player: str | None = None, limits: Limits | None = None,
        spec: SearchSpec | None = None, params: Mapping[str, str] | None = None,
        recorder: Recorder = NULL, output: Path | None = None) -> Result:
    """Search ``source`` as ``gametrace run SOURCE`` does: a tree file, a lecture example
    (``"aima"``), a game (``"tictactoe"``, with its ``params`` as ``-p`` gives them), or a
    tree already read.  The trace goes to ``recorder``, or to the file ``output``
    (``.json``, ``.jsonl``, ``.jsonl.gz``: the bytes the command writes).

    >>> import tracer
    >>> result = tracer.run("aima", algorithm="alphabeta")
    >>> result.value, result.move
    (3, 'B')
    """
    from ..search import run_search
    from ..sources import resolve, tree_source
    from ..trees import TreeGame

    chosen = _spec(spec, dict(algorithm=algorithm, variant=variant, order=order, seed=seed,
                              depth=depth, cut_on=cut_on, bounds=bounds, prover=prover,
                              techniques=techniques, root_player=root_player,
                              limits=limits))
    game: Game[Any, Any]
    if isinstance(source, Tree):  # its root player is its own
        game, state, block = TreeGame(source), None, tree_source(source)
    else:
        game, state, block = resolve(source, root_player=chosen.root_player,
                                     params=params).game()
    if output is None:
        return run_search(game, state, spec=chosen, recorder=recorder, source=block)
    if recorder is not NULL:
        raise TypeError("give recorder= or output=, not both")
    with FileRecorder(output) as into:
        return run_search(game, state, spec=chosen, recorder=into, source=block)


def _render_options(preset: str | None, options: RenderOptions | None,
                    given: Mapping[str, Any]) -> RenderOptions:
    """``options`` (or the ``preset``'s) with the options ``given`` on top."""
    from ..render.draw.presets import preset_options

    chosen = {k: v for k, v in given.items() if v is not None}
    if options is None:
        return preset_options(preset, **chosen)
    if preset is not None:
        raise TypeError("give preset= or options=, not both")
    return dataclasses.replace(options, **chosen) if chosen else options


def draw(trace: Trace | Path, out: Path, *, preset: str | None = None,
         options: RenderOptions | None = None, lang: str | None = None,
         theme: str | None = None, step: str | None = None, pruned: str | None = None,
         values: bool | None = None, cuts: bool | None = None, window: str | None = None,
         depth: int | None = None, focus: str | None = None, size: str | None = None,
         title: str | None = None) -> None:
    """Draw ``trace`` (read, or its file) into ``out`` as ``gametrace render`` does: the
    format is the suffix's (``.svg``, ``.png``, ``.pdf``, ``.tex``, ``.dot``); ``preset``
    (``slides``, ``print``, ``handout``...) first, the options given on top."""
    from ..render._entry import render_trace

    render_trace(trace, out, _render_options(preset, options, dict(
        lang=lang, theme=theme, step=step, pruned=pruned, values=values, cuts=cuts,
        window=window, depth=depth, focus=focus, size=size, title=title)))


def frames(trace: Trace | Path, directory: Path, *, preset: str | None = None,
           options: RenderOptions | None = None, lang: str | None = None,
           theme: str | None = None, step: str | None = None, pruned: str | None = None,
           window: str | None = None) -> FramesWritten:
    """One frame per ``step`` (``event``, ``node``, ``leaf``) of ``trace`` into
    ``directory``, with the PDF, the HTML player and the Beamer frame beside them
    (``gametrace render --frames DIR``)."""
    from ..render._entry import write_frames
    from .drawing import lecture_of

    return write_frames(trace, directory, _render_options(preset, options, dict(
        lang=lang, theme=theme, step=step, pruned=pruned, window=window)), lecture=lecture_of)


def check(answer: Mapping[str, Any] | Path, *, trace: Trace | Path | None = None,
          source: str | Tree | None = None, items: str | Sequence[str] | None = None,
          algorithm: str | None = None, variant: str | None = None,
          order: str | None = None, seed: int | None = None, depth: int | None = None,
          cut_on: str | None = None, root_player: str | None = None,
          params: Mapping[str, str] | None = None, diagnosis: bool = True,
          limits: Limits = NO_LIMITS, lang: str = "en") -> Report:
    """Judge ``answer`` (its JSON, or its file) as ``gametrace check`` does: against a
    recorded ``trace``, or against the search of ``source`` (a tree, a tree file, a
    lecture example) under the answer's own conventions, the ones given here winning.
    ``items`` are the items asked: every one scored, a blank one wrong.  The reasons are
    in ``lang``."""
    from ..sources import builtin_names, load_tree_source
    from .checking import check_answer

    if (trace is None) == (source is None):
        raise TypeError("give trace= or source=, one of them")
    if isinstance(answer, (str, os.PathLike)):
        answer = load_json_file(answer)
    if trace is not None and not isinstance(trace, Trace):
        trace = load_trace(trace)
    if isinstance(source, str) and source not in {*builtin_names()[0], *builtin_names()[1]}:
        source = load_tree_source(source)  # a tree file: a game file is never run here
    return check_answer(answer, trace=trace, source=source, params=params,
                        diagnosis=diagnosis, limits=limits, lang=lang, items=items,
                        algorithm=algorithm, variant=variant, order=order, seed=seed,
                        depth=depth, cut_on=cut_on, root_player=root_player)


def diff(a: Trace | Path, b: Trace | Path, *, context: int = 3) -> TraceDiff:
    """Where traces ``a`` and ``b`` (read, or their files) part ways, with ``context``
    events before the first difference (``gametrace diff``)."""
    from .checking import diff_files, diff_traces

    if isinstance(a, Trace) and isinstance(b, Trace):
        return diff_traces(a, b, context=context)
    if isinstance(a, Trace) or isinstance(b, Trace):
        raise TypeError("give two traces read, or two files")
    return diff_files(a, b, context=context)


def compare(source: str | Tree, *, orders: str = "natural,reverse,best,worst,random:100",
            algorithm: str = "alphabeta", variant: str | None = None,
            techniques: str = "", depth: int | None = None, seed: int = 0,
            params: Mapping[str, str] | None = None, root_player: str | None = None,
            limits: Limits = NO_LIMITS, lang: str = "en") -> OrderingReport:
    """What each child ordering of ``orders`` costs and saves on ``source`` (a tree, a
    lecture example or a game), against the best and the worst (``gametrace compare``)."""
    from .checking import compare_orders

    return compare_orders(source, orders=orders, algorithm=algorithm, variant=variant,
                          techniques=techniques, depth=depth, seed=seed, params=params,
                          root_player=root_player, limits=limits, lang=lang)


def stats(trace: Trace | Path, *, by_class: bool = False) -> SearchStats:
    """The counts of ``trace`` (read, or its file, read as a stream) per depth: nodes,
    cuts, fail-highs, the effective branching factor (``gametrace stats``); ``by_class``:
    the cuts by the class of the move that made them."""
    from ..analysis.stats.reading import read_stats_and_header, stats_of_loaded

    if isinstance(trace, Trace):
        return stats_of_loaded(trace, file="<trace>", by_class=by_class)
    return read_stats_and_header(trace, by_class=by_class)[0]


def regret(trace: Path, *, depth: int = 3) -> RegretReport:
    """Where the ordering of the search in the file ``trace`` wastes work, node by node
    (``gametrace regret``); the picture keeps the nodes to ``depth`` plies."""
    from ..analysis.regret.report import regret_of_trace

    return regret_of_trace(trace, depth=depth)


def bisect(a: Path, b: Path, *, depth: int = 6) -> Bisection:
    """The first node where two searches of one position, in the files ``a`` and ``b``,
    differ, and what each spent below it (``gametrace bisect``)."""
    from ..analysis.regret.bisect import bisect_traces

    return bisect_traces(a, b, depth=depth)
