"""A trace read as a stream for the regret map and the bisection: the header, then each
event and the result, one line at a time, so that memory does not grow with the trace.

Unlike :func:`tracer.trace.iter_trace`, the stream is not checked by
:class:`tracer.wellformed.WellFormed` (which keeps every node id): the readers check
what they rely on themselves (each node opened under an open parent)."""

from __future__ import annotations

import os
from collections.abc import Iterator

from ...errors import InputError
from ...events import Event
from ...header import Header
from ...said import Said, said
from ...scanning import items_after_header, last_line, strict_line
from ...trace import Result
from .. import finished, no_result

__all__ = ["GAME_TREE_SEARCHES", "read_result", "stream"]

GAME_TREE_SEARCHES = ("minimax", "alphabeta", "enhanced")
"""The two-player searches whose traces the regret map and the bisection read."""


def stream(path: str | os.PathLike[str]) -> tuple[Header, Iterator[Event | Result]]:
    """The header of a trace (``.json``, ``.jsonl`` or ``.jsonl.gz``), checked to be a
    two-player game-tree search, and an iterator over its events and its result."""
    from ...compress import is_stream

    file = str(path)
    if not is_stream(file):
        from ...jsonio import load_json_file
        from ...trace import Trace

        trace = Trace.from_json(load_json_file(path), file=file)  # read whole anyway
        items: list[Event | Result] = [*trace.events]
        if trace.result is not None:
            items.append(trace.result)
        return _checked(trace.header, file), iter(items)
    from ...jsonio import loads_json, read_lines

    lines = read_lines(path)
    header: Header | None = None
    for lineno, line in lines:
        obj = loads_json(line, file=f"{file}:{lineno}")
        if not isinstance(obj, dict) or obj.get("type") != "header":
            lines.close()
            raise InputError(said('the first line must be the header (an object with "type": '
                                  '"header")'), file=file, where=f"line {lineno}")
        header = Header.from_json(obj, file=file, where=f"line {lineno}")
        break
    if header is None:
        raise InputError(said("empty trace: no header line"), file=file)
    checked = _checked(header, file)

    lines.close()
    return checked, items_after_header(path)


def _checked(header: Header, file: str) -> Header:
    if header.algorithm not in GAME_TREE_SEARCHES:
        raise InputError(said("expected a trace of a two-player game-tree search ({searches}), "
                              "not {algorithm}", searches=", ".join(GAME_TREE_SEARCHES),
                              algorithm=header.algorithm),
                         file=file, where="header.algorithm")
    return header


def read_result(path: str | os.PathLike[str], *, purpose: Said | None = None) -> Result:
    """The result a trace ends with: of a ``.jsonl`` file only its last line is parsed
    (the lines before it are scanned, not read as JSON).  A trace with no result, or
    one a budget stopped, is refused in the words of the regret map, or, with
    ``purpose``, of :func:`~tracer.analysis.finished`."""
    from ...compress import is_stream

    file = str(path)
    if not is_stream(file):
        for item in stream(path)[1]:
            if isinstance(item, Result):
                return _complete(item, file, purpose)
        if purpose is not None:
            finished(None, file=file, purpose=purpose)
        raise InputError(no_result(), file=file)
    last = last_line(path)
    if last is None:  # nothing after the header: a header cut short says so first
        stream(path)
    found = strict_line(last[1], last[0], file) if last is not None else None
    if not isinstance(found, Result):
        if purpose is not None:
            finished(None, file=file, purpose=purpose)
        raise InputError(said("the trace has no result line at its end: the search did not "
                              "finish"), file=file)
    return _complete(found, file, purpose)


def _complete(result: Result, file: str, purpose: Said | None = None) -> Result:
    if purpose is not None:
        return finished(result, file=file, purpose=purpose)
    if not result.complete or result.value is None:
        raise InputError(said("the search was stopped ({stopped}): the regret map needs a "
                              "finished search", stopped=result.stopped or said("incomplete")),
                         file=file, where="result")
    return result
