"""Reading a ``.jsonl`` trace fast enough for a million events.

The strict reader (:func:`tracer.trace.iter_trace`) checks every line thoroughly, one
``json.loads`` and one event object per line; that costs more than drawing does.  This
reader has two builds, which hand the replay the same lines:

- **The compiled scanner** (``tracer/_scan.c``, used by :class:`LineFeeder` when it was
  built, unless ``GAMETRACE_PURE=1``): the expand, evaluate and backup lines a big trace
  is made of are parsed in C, each field's JSON type checked against the event class's
  annotation (:func:`tracer.events.field_kinds`), and handed to the replay's positional
  handlers without a dictionary.  Every other line, and every line the scanner does not
  take at face value, goes to the pure reader below, one line at a time, in its place.
- **The pure reader**: about a megabyte of lines at a time is parsed in one call of the C
  JSON parser (the lines joined into a JSON array); each line's keys and the classes of
  their values are checked against its event type once per shape of line (its type, its
  keys in the order written and their values' classes), its numbers decoded
  (``"+inf"``), and the lines handed on as dictionaries (:data:`Record`), which the
  replay reads without making event objects.

A block the parser refuses as a whole (a syntax error, a blank line, a line that is not
UTF-8, or one holding a ``\\u`` escape, which may be a lone surrogate) is read line by
line; a line the fast path cannot take at face value (an unknown type or key, a missing
field, a field of the wrong type, a number that is not one, the result) is read by the
strict reader, so a malformed trace fails with the strict reader's message, file and line,
in both builds.  The header is read by the strict reader too.  Unlike the strict reader,
neither build rejects a repeated key in a line (the last value counts) or an integer of
301 to 4,300 digits, nor looks at the items of a list the scanner passed over, and a
block whose values do not fall one per line is read line by line: only corruptions that
make up for each other (one object broken over two lines, which the commas happen to
join, and another line holding two objects) could pass unnoticed.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Iterator
from dataclasses import MISSING, fields
from typing import Any

from ...errors import InputError
from ...events import EVENT_TYPES, KIND_TYPES, Event, field_kinds
from ...jsonio import INF_STRINGS
from ...said import said
from ...scanning import BLOCK_BYTES, compiled_scan, opened, read_bytes, scan_fields
from ...trace import Header, Result, iter_trace, read_item

__all__ = ["BLOCK_BYTES", "NO_HEADER", "Chunk", "LineFeeder", "LineHandlers", "Record",
           "compiled_scan", "event_of", "read_chunks", "read_jsonl", "read_records", "record_of"]

Record = dict[str, Any]
"""One line of a ``.jsonl`` trace as a dictionary: ``"type"`` and the event's fields,
its numbers decoded (``"+inf"`` is ``math.inf``, lists stay lists); optional fields may
be missing.  The result's line is ``{"type": "result", "result": Result(...)}``."""


NO_HEADER = said("the trace does not start with a header")
"""What a trace whose first item is not its header is told (a reader's bug, as the
strict reader yields the header first)."""

Shapes = dict[str, dict[tuple[Any, ...], tuple[str, ...]]]
"""By event type, the shapes of line seen (the keys as written, then the classes of their
values), each with its number fields that need a look (those not holding an int)."""

_NUMBERS = {name: cls._numbers for name, cls in EVENT_TYPES.items()}
_NAMES = {name: frozenset(f.name for f in fields(cls)) for name, cls in EVENT_TYPES.items()}
_REQUIRED = {name: frozenset(f.name for f in fields(cls)
                             if f.default is MISSING and f.default_factory is MISSING)
             for name, cls in EVENT_TYPES.items()}


class _Slow(Exception):
    """The fast path declines a line; the strict reader will judge it."""


def _no_constant(name: str) -> Any:
    raise _Slow(name)


_DECODER = json.JSONDecoder(parse_constant=_no_constant)


LineHandlers = dict[str, Callable[..., None]]
"""By event type, a handler taking the event's fields as positional arguments, in the
order of the event class's fields (a missing optional field is None)."""

class LineFeeder:
    """Hands the lines of a trace's chunks on, in order: a line of a type in ``fast``
    to that positional handler, every other line (and every line when the compiled
    scanner is off) as a :data:`Record` to ``table``.

    With the compiled scanner (tracer/_scan.c), a fast type's line makes no dictionary;
    the lines it does not take at face value go to the pure reader, one by one, which
    accepts or rejects them exactly as it does without the scanner."""

    def __init__(self, table: dict[str, Callable[[Record], None]], fast: LineHandlers,
                 file: str, *, compiled: bool | None = None) -> None:
        self.table = table
        self.file = file
        self.shapes = new_shapes()
        if compiled is None:
            compiled = compiled_scan is not None and os.environ.get("GAMETRACE_PURE") != "1"
        self.compiled = compiled and compiled_scan is not None
        """True when the compiled scanner reads the lines."""
        self._specs = tuple((name, handler, scan_fields(name))
                            for name, handler in fast.items())

    def feed(self, chunk: Chunk, limit: int) -> int:
        """Hand on the chunk's records, at most ``limit`` of them; the number handed on,
        or ``limit + 1`` when the chunk holds more."""
        data, first, lines = chunk
        if self.compiled and compiled_scan is not None:
            return compiled_scan(data, first, self._specs, self._slow, limit)
        block = _block(data, lines, first, self.shapes, self.file)
        table = self.table
        for rec in block[:limit] if len(block) > limit else block:
            table[rec["type"]](rec)
        return min(len(block), limit + 1)

    def _slow(self, raw: bytes, lineno: int) -> int:
        """One line the scanner passed over, read by the pure reader and handed on."""
        table = self.table
        got = _line_by_line([raw], lineno, self.shapes, self.file)
        for rec in got:
            table[rec["type"]](rec)
        return len(got)


def read_records(path: str | os.PathLike[str]) -> tuple[Header, Iterator[list[Record]]]:
    """The header, then the lines of a ``.jsonl`` (or ``.jsonl.gz``) trace as blocks of
    :data:`Record` dictionaries, streamed."""
    header, chunks = read_chunks(path)
    file = os.fspath(path)
    shapes = new_shapes()
    return header, (_block(chunk, lines, first, shapes, file) for chunk, first, lines in chunks)


def read_jsonl(path: str | os.PathLike[str]) -> tuple[Header, Iterator[Event | Result]]:
    """The header, then the events and the result of a ``.jsonl`` trace, streamed."""
    header, blocks = read_records(path)
    return header, (rec["result"] if rec["type"] == "result" else event_of(rec)
                    for block in blocks for rec in block)


def event_of(rec: Record) -> Event:
    """The event a record stands for (its lists made tuples, as the strict reader does)."""
    cls = EVENT_TYPES[rec["type"]]
    kwargs: dict[str, Any] = {k: tuple(v) if v.__class__ is list else v
                              for k, v in rec.items() if k != "type"}
    return cls(**kwargs)


def record_of(item: Event | Result) -> Record:
    """The record of an event or a result read by the strict reader."""
    if isinstance(item, Result):
        return {"type": "result", "result": item}
    rec: Record = {"type": item.type}
    for f in fields(item):
        rec[f.name] = getattr(item, f.name)
    return rec


Chunk = tuple[bytes, int, int]
"""Whole lines of a ``.jsonl`` trace: the bytes, the number of the first line, how many."""


def read_chunks(path: str | os.PathLike[str]) -> tuple[Header, Iterator[Chunk]]:
    """The header, then the rest of a ``.jsonl`` (or ``.jsonl.gz``) trace as chunks of
    about :data:`BLOCK_BYTES` of whole lines, streamed."""
    file = os.fspath(path)
    strict = iter_trace(file)
    header = next(strict)
    close = getattr(strict, "close", None)
    if close is not None:
        close()
    if not isinstance(header, Header):  # pragma: no cover - iter_trace yields a header first
        raise InputError(NO_HEADER, file=file)
    return header, _chunks(file)


def _chunks(file: str) -> Iterator[Chunk]:
    with opened(file) as (handle, lineno, _):
        if handle is None:
            return
        rest = b""
        while True:
            data = read_bytes(handle.read, BLOCK_BYTES, file)
            if data:
                data = rest + data
                cut = data.rfind(b"\n") + 1  # whole lines only
                chunk, rest = data[:cut], data[cut:]
                if not chunk:
                    continue  # a line longer than a block
            elif rest:
                chunk, rest = rest, b""  # the last line, without a newline
            else:
                return
            lines = chunk.count(b"\n") + (not chunk.endswith(b"\n"))
            yield chunk, lineno + 1, lines
            lineno += lines


def new_shapes() -> Shapes:
    """No shape of line seen yet, for each event type."""
    return {k: {} for k in _NAMES}


def _block(chunk: bytes, count: int, first: int, shapes: Shapes, file: str) -> list[Record]:
    """The records of ``count`` consecutive lines, the first being line ``first``: one
    JSON array of them all, the newlines made commas."""
    data: Any = None
    if b"\\u" not in chunk:
        body = chunk[:-1] if chunk.endswith(b"\n") else chunk
        try:
            data = _DECODER.decode("[" + body.replace(b"\n", b",").decode("utf-8") + "]")
        except (_Slow, ValueError):  # JSONDecodeError and UnicodeDecodeError are ValueErrors
            data = None
    if data is None or len(data) != count:
        return _line_by_line(_split_lines(chunk), first, shapes, file)
    rec = None
    try:  # the common case: every line of a shape seen before
        for rec in data:
            numbers = shapes[rec["type"]][(*rec, *map(type, rec.values()))]
            if numbers and not _decode_numbers(rec, numbers):  # "+inf", or a float
                raise _Slow(rec)
        return data  # type: ignore[no-any-return]
    except (_Slow, KeyError, TypeError, AttributeError):  # a new shape, a result, not an
        pass  # object, a bad number
    start = next(i for i, got in enumerate(data) if got is rec)
    lines = _split_lines(chunk)
    for i in range(start, len(data)):
        rec = data[i]
        try:
            known: tuple[str, ...] | None = shapes[rec["type"]][_shape(rec)]
        except (KeyError, TypeError, AttributeError):
            known = None
        if known is None or not _decode_numbers(rec, known):
            data[i] = _check(rec, shapes, lines[i], first + i, file)
    return data  # type: ignore[no-any-return]


def _split_lines(chunk: bytes) -> list[bytes]:
    """The lines of a chunk, each with its newline (the strict reader sees what
    ``readline`` gives)."""
    lines = chunk.split(b"\n")
    last = lines.pop()  # empty after a final newline
    out = [line + b"\n" for line in lines]
    if last:
        out.append(last)
    return out


def _decode_numbers(rec: Record, numbers: tuple[str, ...]) -> bool:
    """Decode the number fields in place; False if one is not a number."""
    for key in numbers:
        value = rec[key]
        kind = value.__class__
        if kind is int or value is None:
            continue
        if kind is str:
            decoded = INF_STRINGS.get(value)
            if decoded is None:
                return False
            rec[key] = decoded
        elif kind is not float or not math.isfinite(value):  # bool, list, 1e999
            return False
    return True


def _fits(kind: str, value: Any) -> bool:
    """The value is of a class the field's kind takes (the fast path does not look
    inside lists)."""
    return kind == "any" or type(value) in KIND_TYPES[kind]


def _shape(rec: Record) -> tuple[Any, ...]:
    """A line's shape: its keys as written, then the classes of their values."""
    return (*rec, *map(type, rec.values()))


def _check(rec: Any, shapes: Shapes, raw: bytes,
           lineno: int, file: str) -> Record:
    """A line the block's fast test did not pass: learn its shape, or read it strictly."""
    kind = rec.get("type") if isinstance(rec, dict) else None
    known = shapes.get(kind) if isinstance(kind, str) else None
    if known is not None and isinstance(kind, str):
        keys = rec.keys()
        kinds = field_kinds(kind)
        if keys - {"type"} <= _NAMES[kind] and _REQUIRED[kind] <= keys and all(
                _fits(kinds.get(k, "str"), v) for k, v in rec.items()):
            shape = _shape(rec)
            numbers = tuple(k for k, v in rec.items()
                            if kinds.get(k) == "number" and type(v) in (str, float))
            if _decode_numbers(rec, numbers):
                known[shape] = numbers
                return rec  # type: ignore[no-any-return]
    return record_of(read_item(raw.decode("utf-8"), lineno=lineno, file=file))


def _line_by_line(lines: list[bytes], first: int,
                  shapes: Shapes,
                  file: str) -> list[Record]:
    out: list[Record] = []
    for i, raw in enumerate(lines):
        lineno = first + i
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(said("not valid UTF-8 ({reason})", reason=exc.reason), file=file,
                             where=f"line {lineno}, column {exc.start + 1}") from None
        if not line.strip():
            continue
        try:
            if "\\u" in line:  # escapes (a lone surrogate?): the strict reader checks them
                raise _Slow("escape")
            rec = _DECODER.decode(line)
        except (_Slow, ValueError):
            out.append(record_of(read_item(line, lineno=lineno, file=file)))
            continue
        try:
            numbers = shapes[rec["type"]][_shape(rec)]
        except (KeyError, TypeError, AttributeError):
            numbers = None
        if numbers is None or not _decode_numbers(rec, numbers):
            rec = _check(rec, shapes, raw, lineno, file)
        out.append(rec)
    return out
