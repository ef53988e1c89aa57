"""Reading a ``.jsonl`` trace fast enough for a million events.

The strict reader (:func:`tracer.trace.iter_trace`) checks every line thoroughly; that
costs more than drawing does.  This reader parses each event line with the C JSON
scanner and builds the event directly.  The header is read by the strict reader, and
at the first line the fast path cannot take at face value the strict reader takes over
from that line on, so a malformed trace fails with the strict reader's message, file
and line.  (Unlike the strict reader, it does not reject a repeated key in a line.)
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import closing
from dataclasses import fields
from itertools import islice
from typing import Any

from ...errors import InputError
from ...events import EVENT_TYPES, Event
from ...jsonio import INF_STRINGS
from ...trace import Header, Result, iter_trace

__all__ = ["read_jsonl"]

_LISTS = frozenset({"children", "pruned", "moves"})
_SPEC = {
    name: (cls, frozenset(f.name for f in fields(cls)), cls._numbers)
    for name, cls in EVENT_TYPES.items()
}


class _Slow(Exception):
    """The fast path declines a line; the strict reader will judge it."""


def _no_constant(name: str) -> Any:
    raise _Slow(name)


_DECODER = json.JSONDecoder(parse_constant=_no_constant)


def read_jsonl(path: str | os.PathLike[str]) -> tuple[Header, Iterator[Event | Result]]:
    """The header, then the events and the result of a ``.jsonl`` trace, streamed."""
    file = os.fspath(path)
    strict = iter_trace(file)
    header = next(strict)
    close = getattr(strict, "close", None)
    if close is not None:
        close()
    if not isinstance(header, Header):  # pragma: no cover - iter_trace yields a header first
        raise InputError("the trace does not start with a header", file=file)
    return header, _items(file)


def _items(file: str) -> Iterator[Event | Result]:
    done = 0  # items yielded, header included
    from ...jsonio import read_lines

    lines = read_lines(file)
    with closing(lines):
        for _, line in lines:
            if not line.strip():
                continue
            if done == 0:
                done = 1
                continue
            try:
                item = _fast(line)
            except (_Slow, ValueError, TypeError, KeyError, AttributeError):
                break
            done += 1
            yield item
        else:
            return
    # Hand over to the strict reader from the line the fast path declined.
    yield from (x for x in islice(iter_trace(file), done, None) if not isinstance(x, Header))


_PLAIN_NUMBERS = (int, float, type(None))


def _fast(line: str) -> Event | Result:
    if "\\u" in line:  # escapes (a lone surrogate?): the strict reader checks them
        raise _Slow("escape")
    obj = _DECODER.decode(line)
    kind = obj.pop("type")
    if kind == "result":
        obj["type"] = kind
        return Result.from_json(obj, file="<line>", where="$")
    cls, names, numbers = _SPEC[kind]
    keys = obj.keys()
    if keys - names:
        raise _Slow(kind)
    for key in numbers & keys:
        value = obj[key]
        if value.__class__ is str:
            obj[key] = INF_STRINGS[value]
        elif value.__class__ not in _PLAIN_NUMBERS:  # bool, list, object: the strict reader
            raise _Slow(key)
    for key in _LISTS & keys:
        obj[key] = tuple(obj[key])
    event: Event = cls(**obj)
    return event
