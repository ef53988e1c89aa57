"""Searching: a source and a :class:`~tracer.spec.SearchSpec` in, a result and its trace
out.  What ``gametrace run`` and ``POST /v1/search`` call.

Each call takes the spec made once (``spec=``) or the spec's keyword options
(``algorithm="minimax", cut_on="gt"``...), from which it makes one: an option the
algorithm or variant does not take is refused before the source is loaded, in the words
of ``gametrace run``.
"""

from __future__ import annotations

import io
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError, TracerError
from ..limits import NO_LIMITS, Limits
from ..record import NULL, FileRecorder, Recorder
from ..said import Said, said, said_n
from ..search import run_search
from ..sources import resolve, resolve_content, tree_source
from ..spec import SearchSpec
from ..trace import Result
from ..trees import Tree, TreeGame
from .reading import Content

__all__ = ["RunOutcome", "SearchSummary", "record_search", "run_source", "search_content",
           "search_problem", "search_source", "search_tree", "summary_title"]


def search_tree(tree: Tree, *, spec: SearchSpec | None = None, recorder: Recorder = NULL,
                **options: Any) -> Result:
    """Search an explicit tree; the trace header embeds the whole tree (whose root
    player is its own: the spec's ``root_player`` is for trees read from a source)."""
    return run_search(TreeGame(tree), None, spec=SearchSpec.given(spec, options),
                      recorder=recorder, source=tree_source(tree))


def search_source(source: str, *, spec: SearchSpec | None = None,
                  params: Mapping[str, str] | None = None,
                  output: str | os.PathLike[str] | None = None,
                  **options: Any) -> tuple[Result, Said]:
    """Load ``source`` (tree file, example or game, with the game's ``params``), search
    it as ``spec`` says, write the trace to ``output`` if given.  Returns the result and
    a one-line title for the summary."""
    spec = SearchSpec.given(spec, options)  # refused before the source is loaded
    resolved = resolve(source, root_player=spec.root_player, params=params)
    game, state, header_source = resolved.game()
    title = summary_title(spec, resolved.name)
    if output is None:
        return run_search(game, state, spec=spec, source=header_source), title
    with FileRecorder(output) as recorder:
        result = run_search(game, state, spec=spec, recorder=recorder, source=header_source)
    return result, title


def search_content(source: Content, *, spec: SearchSpec | None = None,
                   params: Mapping[str, str] | None = None, recorder: Recorder = NULL,
                   **options: Any) -> Result:
    """Search ``source`` (a tree already read, or a built-in name: never a file) into
    ``recorder``."""
    spec = SearchSpec.given(spec, options)
    game, state, block = resolve_content(source, root_player=spec.root_player,
                                         params=params).game()
    return run_search(game, state, spec=spec, recorder=recorder, source=block)


def search_problem(problem: str, *, params: Mapping[str, str] | None = None,
                   heuristic: str | None = None, variant: str = "graph",
                   limits: Limits = NO_LIMITS, recorder: Recorder = NULL,
                   files: bool = False) -> Result:
    """A* on the search problem named ``problem`` (``gametrace astar``), with its
    ``params``, the ``heuristic`` named (default: the problem's own) and ``variant``
    (``graph`` or ``tree`` search).  With ``files`` (the command line, never the
    service), ``problem`` may also be a graph file, whose graph the trace's source
    then holds."""
    from ..problems import PROBLEMS, choose_heuristic, find_problem, make_problem
    from ..problems.graph import GraphProblem
    from ..search.astar import astar, problem_source

    made = (find_problem if files else make_problem)(problem, dict(params or {}))
    chosen = choose_heuristic(made, heuristic)
    source = None
    if isinstance(made, GraphProblem) and problem not in PROBLEMS:
        source = {**problem_source(made, chosen), "graph": made.graph.to_json()}
    return astar(made, heuristic=chosen, variant=variant, recorder=recorder, limits=limits,
                 source=source)


def record_search(source: Content, *, spec: SearchSpec | None = None,
                  params: Mapping[str, str] | None = None,
                  **options: Any) -> tuple[Result, str]:
    """Search ``source`` (a tree already read, or a built-in name: never a file) and
    return the result with the trace's JSON text (the bytes ``gametrace run SOURCE -o
    x.json`` writes with the same options)."""
    from ..record import StreamRecorder

    out = io.StringIO()
    result = search_content(source, spec=SearchSpec.given(spec, options), params=params,
                            recorder=StreamRecorder(out, jsonl=False))
    return result, out.getvalue()


@dataclass(frozen=True)
class SearchSummary:
    """What ``gametrace run`` prints about a search: :meth:`to_text` (the readable block)
    or :meth:`to_json` (``--json``)."""

    title: Said | str
    """The line naming the search (:func:`summary_title`)."""
    algorithm: str
    result: Result

    def to_text(self, lang: str = "en") -> str:
        """Title, value, best move, principal variation, counts (and cuts, except for
        minimax, which never cuts), in ``lang``."""
        from ..jsonio import encode_number

        result, s = self.result, self.result.stats
        value: Said | str | float | int = said("unknown (stopped early)") if result.value is None \
            else encode_number(result.value)
        if result.exact is not None and isinstance(result.value, float):
            value = f"{result.exact} ({result.value:.4f})"  # "11/3 (3.6667)"
        lines: list[Said | str] = [
            self.title,
            said("value: {value}", value=value),
            said("best move: {move}", move=_move_text(result)),
            said("principal variation: {pv}", pv=_short_path(_worded_root(result.pv, lang))),
            said("nodes expanded: {expanded}, leaves evaluated: {leaves}, deepest ply: "
                 "{ply}", expanded=s.nodes_expanded, leaves=s.leaves_evaluated,
                 ply=s.max_depth),
        ]
        if self.algorithm != "minimax":
            lines.append(said("cuts: {cuts} ({pruned})", cuts=s.cuts, pruned=said_n(
                "{n} child pruned", "{n} children pruned", s.children_pruned)))
        return "\n".join(line.worded(lang) if isinstance(line, Said) else line
                         for line in lines)

    def to_json(self) -> dict[str, Any]:
        """Keys value, move, pv, stats; ``exact`` (``"11/3"``) after the value when the
        result has it; ``complete: false`` and ``stopped`` for a search cut short by a
        budget."""
        result = self.result
        payload: dict[str, Any] = {"value": result.to_json()["value"]}
        if result.exact is not None:
            payload["exact"] = result.exact
        payload.update({"move": result.move, "pv": list(result.pv),
                        "stats": result.stats.to_json()})
        if not result.complete:
            payload["complete"] = False
            payload["stopped"] = result.stopped
        return payload


@dataclass(frozen=True)
class RunOutcome:
    """What :func:`run_source` did: the summary to show, and which outputs it wrote."""

    summary: SearchSummary
    result: Result
    stdout_taken: bool
    """True when the trace or the drawing went to stdout (``-``): the summary then
    belongs on stderr."""


def run_source(source: str, *, spec: SearchSpec | None = None,
               params: Mapping[str, str] | None = None, output: str | None = None,
               render_out: str | None = None, preset: str | None = None,
               as_json: bool = False, max_ply: int | None = None, lang: str = "en",
               **options: Any) -> RunOutcome:
    """``gametrace run``: search ``source`` as ``spec`` says (:func:`search_source`),
    write the trace to ``output`` and draw it into ``render_out`` (either may be ``-``,
    stdout; its words in ``lang``), in a thread deep enough for ``max_ply`` plies and
    stopped after the spec's time limit.  Every output path is checked before the search
    starts; a drawing without a trace file is drawn from a scratch copy that is always
    removed."""
    import shutil
    import tempfile

    from ..outputs import check_outputs
    from ..recursion import DEFAULT_MAX_PLY, run_deep
    from ..writing import open_text_output
    from .drawing import draw_trace_file

    spec = SearchSpec.given(spec, options)
    on_stdout = check_outputs(("-o", output, "trace"), ("--render", render_out, "diagram"),
                              json_flag=as_json)
    with tempfile.TemporaryDirectory(prefix="gametrace-") as scratch:
        trace_path: str | Path | None = output
        if render_out is not None and output in (None, "-"):  # the drawing reads a file
            trace_path = Path(scratch) / ("trace.json" if output == "-" else "trace.jsonl")

        def work() -> tuple[Result, Said]:
            return search_source(source, spec=spec, params=params, output=trace_path)

        result, title = run_deep(work, max_ply=max_ply or DEFAULT_MAX_PLY,
                                 deadline=(spec.limits or NO_LIMITS).time_limit)
        if output == "-" and trace_path != output:  # the trace on stdout, from the copy
            with open(str(trace_path), encoding="utf-8") as copy, \
                    open_text_output("-") as out:
                shutil.copyfileobj(copy, out)
        if render_out is not None:
            assert trace_path is not None  # set above whenever a drawing is asked for
            try:
                draw_trace_file(trace_path, render_out, preset=preset, lang=lang)
            except TracerError as exc:
                if trace_path == output:
                    raise
                raise _scratch_named(exc, str(trace_path), source) from None
    return RunOutcome(SearchSummary(title, spec.algorithm, result), result, on_stdout)


def _scratch_named(exc: TracerError, scratch: str, source: str) -> TracerError:
    """``exc`` with the scratch copy of the trace (a temporary file the user never saw)
    named as what was searched: ``the search of tree.json``."""
    import copy
    from dataclasses import replace

    shown = said("the search of {source}", source=source)
    named = copy.copy(exc)
    named.said = replace(exc.said, values=tuple(
        (key, shown if value == scratch else value) for key, value in exc.said.values))
    if isinstance(named, InputError) and named.file == scratch:
        named.file = str(shown)
    named.args = (str(named.said),)
    return named


def summary_title(spec: SearchSpec, source: str) -> Said:
    """The summary's first line: ``alphabeta (fail-soft) on aima`` (the algorithm and
    variant by the names the options take)."""
    return said("{search} on {source}", search=spec.title, source=source)


def _worded_root(pv: tuple[str, ...], lang: str) -> tuple[str, ...]:
    """A generated game's path, its first node (``root``, the id every generated game
    gives its root) said in ``lang``, as the drawings say it."""
    if pv[:1] != ("root",) or lang == "en":
        return pv
    return (said("root").worded(lang), *pv[1:])


def _move_text(result: Result) -> Said | str:
    if result.value is None:
        return said("unknown (stopped early)")
    if result.move is not None:
        return str(result.move)
    return said("(none: the root is a leaf)") if len(result.pv) <= 1 else said("(none)")


def _short_path(pv: tuple[str, ...], keep: int = 12) -> Said | str:
    if len(pv) <= keep:
        return " -> ".join(pv)
    head = " -> ".join(pv[: keep - 2])
    return said_n("{head} -> ... -> {last} ({n} ply)", "{head} -> ... -> {last} ({n} plies)",
                  len(pv) - 1, head=head, last=pv[-1])
