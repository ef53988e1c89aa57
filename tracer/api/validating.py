"""``gametrace validate``: what a tree, trace, solution or payoff file is, checked against
its schema."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..compress import is_stream
from ..errors import InputError
from ..sources import file_kind
from ..trees import parse_tree_json, parse_tree_text

__all__ = ["validate_file"]


def validate_file(path: str | os.PathLike[str], *, kind: str | None = None) -> str:
    """Check a tree, trace, solution or payoff file; return what it is.

    ``kind`` (tree, trace, solution, payoff) skips the guess made from the content: a
    ``format`` key means a trace, ``rows``/``columns``/``payoffs`` a payoff matrix, a
    ``game`` with ``equilibria`` a recorded matrix analysis, solution items a solution;
    anything else is a tree.  ``.jsonl`` files are trace streams, other non-JSON files
    trees in the text notation."""
    from ..jsonio import load_json_file
    from ..schema import validate

    file = str(path)
    if is_stream(file):
        _validate_stream(Path(path))
        return "trace stream"
    if not file.endswith(".json") and kind in (None, "tree"):
        from ..jsonio import read_text_file

        parse_tree_text(read_text_file(path), file=file)
        return "tree (text notation)"
    data = load_json_file(path)
    kind = kind or file_kind(data)
    if kind == "trace":
        validate(data, "trace", file=file)
        from ..trace import Trace

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
        from ..analysis.solution import load_solution

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
    from ..jsonio import loads_json, read_lines
    from ..schema import validate

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
        from ..trace import iter_trace

        for _ in iter_trace(path):
            pass
