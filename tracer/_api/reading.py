"""Reading what a caller gives: ``-p KEY=VALUE`` parameters, a tree or a trace posted as
content, and the trace's JSON text back.

A caller that must never open a file on someone else's behalf (the web service) passes
trees and traces as text and names the built-in examples and games only
(:func:`tracer.sources.resolve_content`): a name is never looked up on disk, never as a
``file.py:Class`` game (which would run code).
"""

from __future__ import annotations

import io
from typing import Any

from ..errors import UsageError
from ..games.base import Player
from ..said import said
from ..sources import builtin_names
from ..trace import Trace
from ..trees import Tree, parse_tree_json, parse_tree_text

__all__ = ["Content", "builtin_names", "parse_params", "read_trace", "read_tree",
           "trace_text"]

Content = Tree | str
"""A tree already read, or the name of a built-in example or game
(:func:`tracer.sources.resolve_content`)."""


def parse_params(items: tuple[str, ...] | list[str]) -> dict[str, str]:
    """``-p KEY=VALUE`` options as a dict (later keys win); a malformed one is a UsageError."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(said("expected -p KEY=VALUE, got {item!r}", item=item))
        out[key.strip()] = value.strip(" \t")
    return out


def read_tree(text: str, *, file: str = "<tree>", root_player: str | None = None) -> Tree:
    """A tree given as text: JSON when it starts with ``{`` or ``[`` (errors carry the JSON
    path), else the text notation of ``docs/trees.md`` (errors carry line and column)."""
    from ..jsonio import loads_json

    player = None if root_player is None else Player(root_player)
    if text.lstrip()[:1] in ("{", "["):
        return parse_tree_json(loads_json(text, file=file), file=file, root_player=player)
    return parse_tree_text(text, file=file, root_player=player)


def read_trace(data: Any, *, file: str = "<trace>") -> Trace:
    """A trace given as its parsed single-document JSON, checked against the schema."""
    from ..schema import validate

    validate(data, "trace", file=file)
    return Trace.from_json(data, file=file)


def trace_text(trace: Trace) -> str:
    """The single-document JSON form, byte for byte what ``gametrace run -o x.json`` writes."""
    from ..trace import write_trace

    out = io.StringIO()
    write_trace(out, trace.header, trace.events, trace.result, jsonl=False)
    return out.getvalue()
