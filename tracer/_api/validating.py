"""``gametrace validate``: what a tree, trace, solution or payoff file is, checked against
its schema."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..compress import is_stream
from ..errors import InputError
from ..said import said
from ..sources import file_kind
from ..stdin import input_path
from ..trace import Trace
from ..trees import parse_tree_json, parse_tree_text

__all__ = ["check_trace", "source_tree_shape", "validate_file"]


def validate_file(path: str | os.PathLike[str], *, kind: str | None = None) -> str:
    """Check a tree, trace, solution, payoff or graph file; return what it is.

    ``kind`` (tree, trace, solution, payoff, graph) skips the guess made from the
    content: a ``format`` key means a trace, ``rows``/``columns``/``payoffs`` a payoff
    matrix, a ``game`` with ``equilibria`` a recorded matrix analysis, ``edges``/
    ``start``/``goal`` a graph for A*, solution items a solution; anything else is a
    tree.  ``.jsonl`` files are trace streams, ``.graph`` files graphs in the text form,
    other non-JSON files trees in the text notation."""
    from ..jsonio import load_json_file
    from ..schema import validate

    path = input_path(path)  # - is standard input
    file = str(path)
    if is_stream(file):
        return _validate_stream(Path(path))
    if kind == "graph" or (kind is None and file.lower().endswith(".graph")):
        from ..problems.graph_forms import load_graph

        if not file.lower().endswith(".json"):
            load_graph(file)
            return "graph (text form)"
    if not file.endswith(".json") and kind in (None, "tree"):
        from ..jsonio import read_text_file

        parse_tree_text(read_text_file(path), file=file)
        return "tree (text notation)"
    data = load_json_file(path)
    kind = kind or file_kind(data)
    if kind == "trace":
        validate(data, "trace", file=file)
        check_trace(Trace.from_json(data, file=file), file=file)
        return "trace"
    if kind == "graph":
        from ..problems.graph_forms import parse_graph_json

        parse_graph_json(data, file=file)  # its words first, then the schema's
        validate(data, "graph", file=file)
        return "graph"
    if kind == "payoff":
        if isinstance(data, dict) and "equilibria" in data:
            validate(data.get("game"), "payoff", file=file, where="$.game")
            return "payoff matrix analysis"
        validate(data, "payoff", file=file)
        return "payoff matrix"
    if kind == "solution":
        from ..analysis.check import load_solution

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
    from ..trace import check_well_formed

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
        raise InputError(exc.said, file=file, where=where + (exc.where or "$")[1:]) from None
    shape: dict[str, str | None] = {tree.root.id: None}
    stack = [tree.root]
    while stack:
        node = stack.pop()
        for kid in node.children:
            shape[kid.id] = node.id
            stack.append(kid)
    return shape


def _validate_stream(path: Path) -> str:
    """Check a trace stream; return what it is: a trace stream, or an engine's (the
    version-2 stream :mod:`tracer.sdk` writes, checked by its own rules)."""
    from ..jsonio import loads_json, read_lines
    from ..schema import validate
    from ..sdk import check_engine_stream, is_engine_header

    file = str(path)
    for n, line in read_lines(path):
        if line.strip():
            if is_engine_header(loads_json(line, file=f"{file}:{n}")):
                check_engine_stream(path)
                return "engine trace stream"
            break
    lines = [(n, line) for n, line in read_lines(path) if line.strip()]
    if not lines:
        raise InputError(said("empty trace stream"), file=file)
    tree: dict[str, str | None] | None = None
    for i, (n, line) in enumerate(lines):
        obj = loads_json(line, file=f"{file}:{n}")
        where = f"line {n}: $"
        if not isinstance(obj, dict):
            raise InputError(said("expected a JSON object (an event), got {kind}",
                                  kind=type(obj).__name__), file=file, where=f"line {n}")
        if i == 0:
            validate(obj, "trace", file=file, ref="#/$defs/header", where=where)
            tree = source_tree_shape(obj.get("source"), file=file,
                                     where=f"line {n}: $.source.tree")
            if obj.get("type") != "header":
                raise InputError(said('the first line must be the header ("type": "header")'),
                                 file=file, where=f"line {n}")
        elif isinstance(obj, dict) and obj.get("type") == "result":
            validate(obj, "trace", file=file, ref="#/$defs/result", where=where)
        else:
            validate(obj, "trace", file=file, ref="#/$defs/event", where=where)
    # The strict reader (a header too deep for the schema is checked there) and the
    # rules of a well-formed trace, those of the source tree included.
    from ..trace import Header, Result, iter_trace
    from ..wellformed import WellFormed

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
    return "trace stream"
