"""The library calls behind the CLI commands: load a source, search it, validate a file."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .compress import is_stream
from .errors import InputError, UsageError
from .record import NULL, FileRecorder, Recorder
from .search.common import NO_LIMITS, Limits
from .sources import file_kind, load_tree_source, resolve
from .sources import tree_source as _tree_block
from .trace import Result, Trace
from .trees import Tree, TreeGame, parse_tree_json, parse_tree_text

if TYPE_CHECKING:
    from .analysis.admissible import AdmissibilityReport
    from .analysis.check import Report
    from .analysis.diff import TraceDiff
    from .analysis.exercise import Exercise
    from .analysis.matrix_report import MatrixReport

__all__ = [
    "SearchSummary",
    "analyse_matrix_source",
    "check_answer_file",
    "check_trace",
    "check_admissible",
    "diff_files",
    "load_source",
    "parse_params",
    "search_source",
    "search_tree",
    "source_tree_shape",
    "tree_source",
    "validate_file",
    "write_matrix",
]


def parse_params(items: tuple[str, ...] | list[str]) -> dict[str, str]:
    """``-p KEY=VALUE`` options as a dict (later keys win); a malformed one is a UsageError."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"expected -p KEY=VALUE, got {item!r}")
        out[key.strip()] = value.strip()
    return out


def load_source(source: str, *, root_player: str | None = None) -> Tree:
    """A tree file (``.json`` or text notation) or the name of a built-in example
    (:func:`tracer.sources.load_tree_source`)."""
    return load_tree_source(source, root_player=root_player)


def tree_source(tree: Tree, *, root_player: str | None = None) -> dict[str, Any]:
    """The trace header's ``source`` block for an explicit tree."""
    return _tree_block(tree)


def search_tree(tree: Tree, *, algorithm: str = "alphabeta", variant: str | None = None,
                order: str = "natural", seed: int | None = None, depth: int | None = None,
                cut_on: str | None = None, limits: Limits = NO_LIMITS,
                recorder: Recorder = NULL, bounds: tuple[float, float] | None = None,
                prover: str | None = None, techniques: str | tuple[str, ...] = ()) -> Result:
    """Search an explicit tree; the trace header embeds the whole tree."""
    from .search import run_search

    return run_search(TreeGame(tree), algorithm=algorithm, variant=variant, order=order,
                      seed=seed, depth=depth, cut_on=cut_on, limits=limits, recorder=recorder,
                      source=tree_source(tree), bounds=bounds, prover=prover,
                      techniques=techniques)


def search_source(source: str, *, algorithm: str = "alphabeta", variant: str | None = None,
                  order: str = "natural", seed: int | None = None, depth: int | None = None,
                  cut_on: str | None = None, root_player: str | None = None,
                  params: Mapping[str, str] | None = None, limits: Limits = NO_LIMITS,
                  output: str | os.PathLike[str] | None = None,
                  bounds: tuple[float, float] | None = None,
                  prover: str | None = None,
                  techniques: str | tuple[str, ...] = ()) -> tuple[Result, str]:
    """Load ``source`` (tree file, example or game), search it, write the trace to
    ``output`` if given.  Returns the result and a one-line title for the summary.

    An option the algorithm or variant does not take (``cut_on`` for minimax, ``seed``
    without the random order...: the table in :mod:`tracer.options`) is a UsageError;
    ``None`` means not given (``cut_on`` ``ge``, ``prover`` ``max``)."""
    from .search import check_search, run_search

    # Refused before the source is loaded (run_search refuses the same, but later);
    # the variant shown is the one the search runs.
    shown = check_search(algorithm, variant, order=order,
                         given={"cut_on": cut_on, "bounds": bounds, "prover": prover,
                                "techniques": techniques, "seed": seed})
    resolved = resolve(source, root_player=root_player, params=params)
    game, state, header_source = resolved.game()
    name = resolved.name
    title = f"{algorithm} ({shown}) on {name}"
    if techniques:
        listed = techniques if isinstance(techniques, str) else ",".join(techniques)
        title = f"{algorithm} ({shown}; {listed}) on {name}"

    def go(recorder: Recorder) -> Result:
        return run_search(game, state, algorithm=algorithm, variant=variant, order=order,
                          seed=seed, depth=depth, cut_on=cut_on, limits=limits,
                          recorder=recorder, source=header_source, bounds=bounds,
                          prover=prover, techniques=techniques)

    if output is None:
        return go(NULL), title
    with FileRecorder(output) as recorder:
        result = go(recorder)
    return result, title


@dataclass(frozen=True)
class SearchSummary:
    """What ``gametrace run`` prints about a search: :meth:`to_text` (the readable block)
    or :meth:`to_json` (``--json``)."""

    title: str
    """The line naming the search (:func:`search_source`'s title)."""
    algorithm: str
    result: Result

    def to_text(self) -> str:
        """Title, value, best move, principal variation, counts (and cuts, except for
        minimax, which never cuts)."""
        from .jsonio import encode_number

        result, s = self.result, self.result.stats
        value = "unknown (stopped early)" if result.value is None else encode_number(
            result.value)
        lines = [
            self.title,
            f"value: {value}",
            f"best move: {_move_text(result)}",
            f"principal variation: {_short_path(result.pv)}",
            f"nodes expanded: {s.nodes_expanded}, leaves evaluated: {s.leaves_evaluated}, "
            f"deepest ply: {s.max_depth}",
        ]
        if self.algorithm != "minimax":
            pruned = "child" if s.children_pruned == 1 else "children"
            lines.append(f"cuts: {s.cuts} ({s.children_pruned} {pruned} pruned)")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """Keys value, move, pv, stats; ``complete: false`` and ``stopped`` for a search
        cut short by a budget."""
        result = self.result
        payload: dict[str, Any] = {"value": result.to_json()["value"], "move": result.move,
                                   "pv": list(result.pv), "stats": result.stats.to_json()}
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


def run_source(source: str, *, output: str | None = None, render_out: str | None = None,
               preset: str | None = None, as_json: bool = False, max_ply: int | None = None,
               time_limit: float | None = None, limits: Limits = NO_LIMITS,
               **search: Any) -> RunOutcome:
    """``gametrace run``: search ``source`` (:func:`search_source`'s ``search`` options),
    write the trace to ``output`` and draw it into ``render_out`` (either may be ``-``,
    stdout), in a thread deep enough for ``max_ply`` plies and stopped after
    ``time_limit`` seconds.  Every output path is checked before the search starts; a
    drawing without a trace file is drawn from a scratch copy that is always removed."""
    import shutil
    import tempfile

    from .deep import DEFAULT_MAX_PLY, run_deep
    from .outputs import check_outputs, open_text_output

    on_stdout = check_outputs(("-o", output, "trace"), ("--render", render_out, "diagram"),
                              json_flag=as_json)
    with tempfile.TemporaryDirectory(prefix="gametrace-") as scratch:
        trace_path: str | Path | None = output
        if render_out is not None and output in (None, "-"):  # the drawing reads a file
            trace_path = Path(scratch) / ("trace.json" if output == "-" else "trace.jsonl")

        def work() -> tuple[Result, str]:
            return search_source(source, limits=limits, output=trace_path, **search)

        result, title = run_deep(work, max_ply=max_ply or DEFAULT_MAX_PLY,
                                 deadline=time_limit)
        if output == "-" and trace_path != output:  # the trace on stdout, from the copy
            with open(str(trace_path), encoding="utf-8") as copy, \
                    open_text_output("-") as out:
                shutil.copyfileobj(copy, out)
        if render_out is not None:
            assert trace_path is not None  # set above whenever a drawing is asked for
            draw_trace_file(trace_path, render_out, preset=preset)
    return RunOutcome(SearchSummary(title, search.get("algorithm", "alphabeta"), result),
                      result, on_stdout)


@dataclass(frozen=True)
class DrawnOutputs:
    """What :func:`draw_outputs` wrote, for the lines ``gametrace render`` prints."""

    out: str | None = None
    preamble: str | None = None
    """The TikZ preamble file written beside a ``.tex`` diagram."""
    strip: str | None = None
    panels: int = 0
    frames_dir: str | None = None
    frames: int = 0
    extras: tuple[str, ...] = ()
    """The files made from the frames (the PDF, the player)."""

    def to_lines(self) -> list[str]:
        lines = []
        if self.out is not None and self.preamble is not None:
            lines.append(f"diagram written to {self.out} "
                         f"(\\input{{{Path(self.preamble).stem}}} in the preamble)")
        elif self.out not in (None, "-"):
            lines.append(f"diagram written to {self.out}")
        if self.strip is not None:
            lines.append(f"{self.panels} panels written to {self.strip}")
        if self.frames_dir is not None:
            lines.append(f"{self.frames} frames written to {self.frames_dir} (with "
                         f"{', '.join(self.extras)}, and frames.tex for Beamer: "
                         "pdflatex deck.tex)")
        return lines


def draw_outputs(trace: str | os.PathLike[str], *, out: str | None = None,
                 frames_dir: str | None = None, strip: str | None = None,
                 strip_columns: int = 3, frame_format: str | None = None,
                 preset: str | None = None, strip_leaf_steps: bool = True,
                 options: Mapping[str, Any] | None = None) -> DrawnOutputs:
    """``gametrace render``: draw the trace file ``trace`` into ``out`` (a diagram, TikZ
    for ``.tex``), ``frames_dir`` (frames, PDF, player, Beamer) and ``strip`` (AIMA Fig.
    5.5 panels, one per leaf unless ``strip_leaf_steps`` is False), with ``options``
    (:class:`~tracer.render.RenderOptions` fields) on top of ``preset``.  Every output is
    checked before anything is read; drawing runs in a thread deep enough for any trace."""
    from dataclasses import replace

    from .deep import DEFAULT_MAX_PLY, run_deep
    from .jsonio import check_input_file
    from .options import check_frame_options
    from .outputs import check_folder, check_output
    from .render import Drawing, output_format, write_frames
    from .render.draw.presets import preset_options
    from .render.files.output import write_output
    from .render.files.strip import strip_format, write_strip
    from .render.files.tikz import is_tex, write_tikz

    if out is None and frames_dir is None and strip is None:
        raise UsageError("nothing to draw into: give -o OUT, --frames DIR or --strip OUT")
    if strip is not None:
        strip_format(strip)  # a bad extension fails before any drawing
    if strip_columns < 1:
        raise UsageError(f"--strip-columns must be at least 1, got {strip_columns}")
    check_frame_options(frames=frames_dir is not None, frame_format=frame_format)
    if out is not None:
        check_output(out, role="diagram")
    if strip is not None:
        check_output(strip, role="strip", option="--strip")
    fmt = None if out is None or is_tex(out) else output_format(out)
    if frames_dir is not None:
        check_folder(frames_dir, option="--frames")
    check_input_file(trace)
    given = dict(options or {})
    if frame_format is not None:
        given["frame_format"] = frame_format
    chosen = preset_options(preset, **given)

    def deep(fn: Any) -> Any:  # the readers and the replay recurse once per level
        return run_deep(fn, max_ply=DEFAULT_MAX_PLY)

    drawing = deep(lambda: Drawing(trace, chosen))
    done: dict[str, Any] = {"out": out}
    if out is not None and fmt is None:
        _, pre = deep(lambda: write_tikz(drawing, out))
        done["preamble"] = str(pre)
    elif out is not None and fmt is not None:
        deep(lambda: write_output(out, drawing.render(fmt)))
    if strip is not None:
        panels = drawing
        if strip_leaf_steps and chosen.step != "leaf":  # a panel a leaf, as AIMA Fig. 5.5
            panels = Drawing(trace, replace(chosen, step="leaf"))
        done.update(strip=strip, panels=write_strip(panels, strip, columns=strip_columns))
    if frames_dir is not None:
        written = deep(lambda: write_frames(drawing, frames_dir))
        done.update(frames_dir=frames_dir, frames=len(written.frames),
                    extras=(written.pdf.name, written.html.name))
    return DrawnOutputs(**done)


def draw_trace_file(trace_path: str | os.PathLike[str], out: str | os.PathLike[str],
                    *, preset: str | None = None, **options: Any) -> None:
    """Draw the trace at ``trace_path`` into ``out`` (``.svg``, ``.png``, ``.pdf``,
    ``.tex``, ``.dot``/``.gv``, or ``-`` for DOT on stdout); ``options`` are
    :class:`~tracer.render.RenderOptions` fields (``lang="it"``, ``theme="print"``...)
    on top of the ``preset`` (see :mod:`tracer.render.draw.presets`)."""
    from .render import render_trace
    from .render.draw.presets import preset_options

    render_trace(trace_path, out, preset_options(preset, **options))


def _move_text(result: Result) -> str:
    if result.value is None:
        return "unknown (stopped early)"
    if result.move is not None:
        return str(result.move)
    return "(none: the root is a leaf)" if len(result.pv) <= 1 else "(none)"


def _short_path(pv: tuple[str, ...], keep: int = 12) -> str:
    if len(pv) <= keep:
        return " -> ".join(pv)
    head = " -> ".join(pv[: keep - 2])
    return f"{head} -> ... -> {pv[-1]} ({len(pv) - 1} plies)"


def check_answer_file(source: str, solution: str | os.PathLike[str], *,
                      overrides: Mapping[str, Any] | None = None,
                      params: Mapping[str, str] | None = None,
                      diagnosis: bool = True, render_out: str | None = None,
                      preset: str | None = None) -> Report:
    """Check the answer in the file ``solution`` against the search of ``source`` (what
    ``gametrace check`` takes); ``overrides`` (``variant="fail-hard"``...; ``None``: not
    given) win over the answer's own conventions.  With ``render_out``, also draw the
    expected tree with the answer's mistakes marked (``preset`` as in ``render``).
    Returns the verdict.  An error in the answer names its file."""
    from .analysis.check import answer_conventions, check_solution, expected_trace, require_items
    from .analysis.solution import load_solution

    file = os.fspath(solution)
    answer = load_solution(solution)
    require_items(answer, file)
    conv = answer_conventions(answer, **(overrides or {}))
    trace, title = expected_trace(source, conv, dict(params or {}))
    check_trace(trace, file=source)  # a recorded trace: its source tree's rules too
    try:
        report = check_solution(answer, trace, title=title, diagnosis=diagnosis)
    except InputError as exc:
        if exc.file is None:
            raise InputError(exc.message, file=file, where=exc.where) from None
        raise
    if render_out is not None:
        from .figures.check_render import render_marked

        render_marked(trace, report, render_out, preset=preset)
    return report


def write_exercise_files(*, branching: int, depth: int, cuts: str | None = None,
                         values: str = "0..20", seed: int = 0, variant: str = "fail-soft",
                         cut_on: str = "ge", out_dir: str | os.PathLike[str] | None = None,
                         fmt: str = "svg", preset: str | None = None,
                         ) -> tuple[Exercise, list[Path]]:
    """``gametrace exercise``: a random alpha-beta exercise (``cuts`` and ``values`` as
    ``MIN..MAX`` or one number) and its files, written into ``out_dir`` (default
    ``exercise-SEED``): the tree, the worksheet, the answer key and its diagram."""
    from .analysis.exercise import make_exercise
    from .analysis.solution import Conventions
    from .figures.exercise import write_exercise
    from .outputs import check_folder
    from .ranges import parse_range

    cuts_range = parse_range(cuts, "--cuts")
    value_range = parse_range(values, "--values")
    assert value_range is not None
    folder = Path(out_dir) if out_dir is not None else Path(f"exercise-{seed}")
    check_folder(folder, option="-o")
    ex = make_exercise(branching=branching, depth=depth, cuts=cuts_range, values=value_range,
                       seed=seed, conventions=Conventions(variant=variant, cut_on=cut_on))
    return ex, write_exercise(ex, folder, fmt=fmt, preset=preset)


def diff_files(a: str | os.PathLike[str], b: str | os.PathLike[str], *,
               context: int = 3) -> TraceDiff:
    """Where the traces in files ``a`` and ``b`` part ways (``gametrace diff``)."""
    from .analysis.diff import diff_traces
    from .trace import load_trace

    traces = (load_trace(a), load_trace(b))
    for trace, path in zip(traces, (a, b), strict=True):
        check_trace(trace, file=os.fspath(path))
    return diff_traces(*traces, context=context, names=(os.fspath(a), os.fspath(b)))


def check_admissible(problem: str, *, heuristic: str | None = None,
                     params: Mapping[str, str] | None = None) -> AdmissibilityReport:
    """Is ``heuristic`` (default: the problem's own) admissible and consistent on every
    reachable state of ``problem`` (``gametrace admissible``)?"""
    from .analysis.admissible import check_heuristic
    from .problems import make_problem

    return check_heuristic(make_problem(problem, dict(params or {})), heuristic)


def analyse_matrix_source(game: str | None = None, *,
                          tree: str | None = None) -> MatrixReport:
    """The normal-form analysis of ``game`` (a payoff file or a built-in game) or of the
    strategy matrix of ``tree`` (a tree file or example): exactly one of them."""
    from .analysis import payoff
    from .analysis.matrix_report import analyse_matrix

    if (game is None) == (tree is None):
        raise UsageError("give one of GAME_OR_FILE or --from-tree TREEFILE "
                         f"(built-in games: {', '.join(payoff.BUILTIN)})")
    matrix = payoff.from_tree(load_source(tree)) if tree is not None else \
        payoff.load_game(str(game))
    return analyse_matrix(matrix)


def write_matrix(report: MatrixReport, output: str) -> None:
    """Write the game as a payoff file (``.json``) or as a picture with the equilibria
    marked (``.svg``, ``.png``, ``.pdf``, ``.dot``; ``-``: DOT on standard output)."""
    from .analysis import payoff
    from .jsonio import atomic_write_text, dumps_json_pretty

    if output.lower().endswith(".json"):
        atomic_write_text(output, dumps_json_pretty(report.game.to_json()))
        return
    from .render import output_format
    from .render.files.engine import render
    from .render.files.output import write_output

    fmt = output_format(output)
    equilibria = list(report.equilibria)
    text = payoff.to_svg(report.game, equilibria) if fmt == "svg" else \
        payoff.to_dot(_drawable(report.game), equilibria)
    write_output(output, text.encode() if fmt in ("svg", "dot")
                 else render(text, fmt, pinned=False))


def _drawable(game: Any) -> Any:
    """``game`` with its names as every text that reaches Graphviz is: bounded, and no
    character a C string or XML cannot carry (tracer.render.draw.dotquote)."""
    from dataclasses import replace

    from .render.draw.dotquote import clean, clip

    def text(x: str) -> str:
        return clean(clip(x))

    return replace(game, name=None if game.name is None else text(game.name),
                   players=(text(game.players[0]), text(game.players[1])),
                   rows=tuple(map(text, game.rows)), columns=tuple(map(text, game.columns)))


def validate_file(path: str | os.PathLike[str], *, kind: str | None = None) -> str:
    """Check a tree, trace, solution or payoff file; return what it is.

    ``kind`` (tree, trace, solution, payoff) skips the guess made from the content: a
    ``format`` key means a trace, ``rows``/``columns``/``payoffs`` a payoff matrix, a
    ``game`` with ``equilibria`` a recorded matrix analysis, solution items a solution;
    anything else is a tree.  ``.jsonl`` files are trace streams, other non-JSON files
    trees in the text notation."""
    from .jsonio import load_json_file
    from .schema import validate

    file = str(path)
    if is_stream(file):
        _validate_stream(Path(path))
        return "trace stream"
    if not file.endswith(".json") and kind in (None, "tree"):
        from .jsonio import read_text_file

        parse_tree_text(read_text_file(path), file=file)
        return "tree (text notation)"
    data = load_json_file(path)
    kind = kind or file_kind(data)
    if kind == "trace":
        validate(data, "trace", file=file)
        from .trace import Trace

        check_trace(Trace.from_json(data, file=file), file=file)
        return "trace"
    if kind == "payoff":
        if isinstance(data, dict) and "equilibria" in data:
            validate(data.get("game"), "payoff", file=file, where="$.game")
            return "payoff matrix analysis"
        validate(data, "payoff", file=file)
        return "payoff matrix"
    if kind == "solution":
        from .analysis.solution import load_solution

        load_solution(path)  # its words for a bad bound, then the schema's
        return "solution"
    # The parser first: it says what run says ("expected a number or "+inf"/"-inf" as a
    # leaf value, got "4""); the schema then catches what the parser lets through.
    parse_tree_json(data, file=file)
    validate(data, "tree", file=file)
    return "tree"


def check_trace(trace: Trace, *, file: str) -> None:
    """Every rule of a well-formed trace (:mod:`tracer.wellformed`), those of the source
    tree the header carries included: :meth:`Trace.from_json` and :func:`load_trace`
    check the others, as they cannot parse a tree."""
    from .wellformed import check_well_formed

    tree = source_tree_shape(trace.header.source, file=file, where="$.header.source.tree")
    if tree is not None:
        check_well_formed(trace, file=file, tree=tree)


def source_tree_shape(source: Any, *, file: str, where: str) -> dict[str, str | None] | None:
    """The shape of the tree a trace header embeds (each node's id with its parent's),
    or None when it has none; a tree that is not one is an :class:`InputError`."""
    if not (isinstance(source, dict) and source.get("kind") == "tree" and "tree" in source):
        return None
    try:
        tree = parse_tree_json(source["tree"], file=file)
    except InputError as exc:
        raise InputError(exc.message, file=file, where=where + (exc.where or "$")[1:]) from None
    shape: dict[str, str | None] = {tree.root.id: None}
    stack = [tree.root]
    while stack:
        node = stack.pop()
        for kid in node.children:
            shape[kid.id] = node.id
            stack.append(kid)
    return shape


def _validate_stream(path: Path) -> None:
    from .jsonio import loads_json, read_lines
    from .schema import validate

    file = str(path)
    lines = [(n, line) for n, line in read_lines(path) if line.strip()]
    if not lines:
        raise InputError("empty trace stream", file=file)
    tree: dict[str, str | None] | None = None
    for i, (n, line) in enumerate(lines):
        obj = loads_json(line, file=f"{file}:{n}")
        where = f"line {n}: $"
        if not isinstance(obj, dict):
            raise InputError(f"expected a JSON object (an event), got {type(obj).__name__}",
                             file=file, where=f"line {n}")
        if i == 0:
            validate(obj, "trace", file=file, ref="#/$defs/header", where=where)
            tree = source_tree_shape(obj.get("source"), file=file,
                                     where=f"line {n}: $.source.tree")
            if obj.get("type") != "header":
                raise InputError('the first line must be the header ("type": "header")',
                                 file=file, where=f"line {n}")
        elif isinstance(obj, dict) and obj.get("type") == "result":
            validate(obj, "trace", file=file, ref="#/$defs/result", where=where)
        else:
            validate(obj, "trace", file=file, ref="#/$defs/event", where=where)
    # The strict reader (a header too deep for the schema is checked there) and the
    # rules of a well-formed trace, those of the source tree included.
    from .trace import Header, iter_trace
    from .wellformed import WellFormed

    rules: WellFormed | None = None
    for item in iter_trace(path):
        if isinstance(item, Header):
            rules = None if tree is None else WellFormed(item, file=file, tree=tree)
        elif rules is None:
            continue
        elif isinstance(item, Result):
            rules.result(item)
        else:
            rules.event(item)
