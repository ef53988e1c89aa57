"""The library calls behind the CLI commands: load a source, search it, validate a file."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .compress import is_stream
from .errors import InputError, UsageError
from .record import NULL, FileRecorder, Recorder
from .search.common import NO_LIMITS, Limits
from .sources import file_kind, load_tree_source, resolve
from .sources import tree_source as _tree_block
from .trace import Result
from .trees import Tree, TreeGame, parse_tree_json, parse_tree_text

__all__ = [
    "load_source",
    "parse_params",
    "search_source",
    "search_tree",
    "tree_source",
    "validate_file",
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
                cut_on: str = "ge", limits: Limits = NO_LIMITS,
                recorder: Recorder = NULL, bounds: tuple[float, float] | None = None,
                prover: str = "max", techniques: str | tuple[str, ...] = ()) -> Result:
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

    # What the user asked for and the search would ignore is refused here, where a
    # command line hands over its options (the web service: tracer.content);
    # run_search stays lenient.
    shown = check_search(algorithm, variant, order=order,
                         given={"cut_on": cut_on, "bounds": bounds, "prover": prover,
                                "techniques": techniques, "seed": seed})
    cut_on, prover = cut_on or "ge", prover or "max"
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

        _check_source_tree(Trace.from_json(data, file=file).header.source, file=file,
                           where="$.header.source.tree")
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


def _check_source_tree(source: Any, *, file: str, where: str) -> None:
    """A trace header that embeds its tree: the tree must be one (renderers draw it)."""
    if isinstance(source, dict) and source.get("kind") == "tree" and "tree" in source:
        try:
            parse_tree_json(source["tree"], file=file)
        except InputError as exc:
            raise InputError(exc.message, file=file,
                             where=where + (exc.where or "$")[1:]) from None


def _validate_stream(path: Path) -> None:
    from .jsonio import loads_json, read_lines
    from .schema import validate

    file = str(path)
    lines = [(n, line) for n, line in read_lines(path) if line.strip()]
    if not lines:
        raise InputError("empty trace stream", file=file)
    checked = True
    for i, (n, line) in enumerate(lines):
        obj = loads_json(line, file=f"{file}:{n}")
        where = f"line {n}: $"
        if not isinstance(obj, dict):
            raise InputError(f"expected a JSON object (an event), got {type(obj).__name__}",
                             file=file, where=f"line {n}")
        if i == 0:
            checked = validate(obj, "trace", file=file, ref="#/$defs/header", where=where)
            _check_source_tree(obj.get("source"), file=file,
                               where=f"line {n}: $.source.tree")
            if obj.get("type") != "header":
                raise InputError('the first line must be the header ("type": "header")',
                                 file=file, where=f"line {n}")
        elif isinstance(obj, dict) and obj.get("type") == "result":
            validate(obj, "trace", file=file, ref="#/$defs/result", where=where)
        else:
            validate(obj, "trace", file=file, ref="#/$defs/event", where=where)
    if not checked:  # a header too deep for the schema: the strict reader checks it
        from .trace import iter_trace

        for _ in iter_trace(path):
            pass
