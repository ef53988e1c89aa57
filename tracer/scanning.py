"""The fast reader of trace streams: the lines of a ``.jsonl`` (or ``.jsonl.gz``) trace
read at the speed the analyses need (``stats``, ``regret``, ``bisect``, ``index``), and
exactly as strictly as the strict reader (:func:`tracer.trace.read_item`) reads them.

Reading has three parts, each here once:

- **The bytes** (:class:`LineViews`): the lines after the header, about a megabyte of
  whole lines at a time, read into one reused buffer (a plain file straight from the
  disk, a ``.gz`` file through :func:`tracer.compress.open_bytes`, within its bounds;
  a line longer than :data:`tracer.compress.MAX_LINE` is refused as that reader
  refuses it).  Memory does not grow with the trace.
- **The compiled scanner** (``tracer/_scan.c``, when it was built, unless
  ``GAMETRACE_PURE=1``): a line of a handled type is parsed in C, every field checked
  against the kind its event class declares (:func:`tracer.events.field_kinds`), the
  fields the reader does not take checked without being made (a node's label, the long
  list of pruned children), and a handler called with the others.  Every line it does
  not take at face value (another type, the result, a ``\\u`` escape, a repeated or
  unknown key, a value of the wrong kind, a blank line) goes, in its place, to the
  strict reader, which accepts it or raises its error naming the file, the line and the
  column: a malformed trace fails with the same one-line message in both builds.
- **What is handed on**: to counting handlers, the fields they name
  (:class:`TraceLines`, :data:`Handlers`: the statistics make no event object), or the
  events themselves, as the strict reader makes them (:func:`items_after_header`).

Without the compiled scanner every line is read by the strict reader.  Neither build
applies the rules that keep every node id (:class:`tracer.wellformed.WellFormed`): each
analysis checks what it relies on (each node opened under an open parent).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import MISSING, fields
from typing import Any

from .errors import InputError
from .events import (
    EVENT_TYPES,
    Backup,
    Cut,
    Evaluate,
    Event,
    Expand,
    Iteration,
    Reorder,
    Transposition,
    field_kinds,
)
from .header import Header, Result
from .said import said

__all__ = ["BLOCK_BYTES", "EVENT_LINES", "KINDS", "Handlers", "LineViews", "TraceLines", "compiled",
           "compiled_scan", "items_after_header", "last_line", "opened", "read_bytes",
           "scan_fields", "strict_line"]

Handlers = Mapping[str, tuple[Callable[..., None], tuple[str, ...]]]
"""By event type (as a trace spells it: ``"expand"``), a handler and the names of the
fields it takes as positional arguments, in that order (a missing optional field is
None; a list is a list, not a tuple)."""

try:  # the compiled scanner (tracer/_scan.c), when it was built
    from ._scan import scan as compiled_scan
except ImportError:  # no compiler at install time: the strict reader does it all
    compiled_scan = None  # type: ignore[assignment]

BLOCK_BYTES = 1 << 20
"""About how many bytes of lines are read, and parsed, at a time."""

_NO_LIMIT = sys.maxsize - 1
"""The scanner's limit on the lines it hands on: none."""


def compiled() -> bool:
    """Whether the compiled scanner reads the lines (it was built and
    ``GAMETRACE_PURE`` is not ``1``)."""
    return compiled_scan is not None and os.environ.get("GAMETRACE_PURE") != "1"


_KINDS = {"any": 0, "int": 1, "str": 2, "str?": 3, "strs": 4, "strs?": 5, "number": 6,
          "int?": 7, "id": 8, "rank": 9, "zero": 10, "bool": 11, "flag": 12, "class": 13,
          "value": 14}
"""The kinds of field the compiled scanner checks (the ``K_`` constants in _scan.c); the
last seven are an engine stream's (:mod:`tracer.sdk.stream`): a node id (an integer >= 0),
a rank (>= 1), the integer 0, a boolean, a table flag, a move class (a string not empty)
and a value (a number, or ``"+inf"``, ``"-inf"`` handed on as written)."""

KINDS = _KINDS
"""The scanner's kinds of field by name, for readers that spell their own specs."""


def _required(kind: str) -> frozenset[str]:
    return frozenset(f.name for f in fields(EVENT_TYPES[kind])
                     if f.default is MISSING and f.default_factory is MISSING)


def scan_fields(kind: str) -> tuple[tuple[str, int, bool], ...]:
    """An event type's fields for the scanner: name, kind and whether it is required."""
    kinds, required = field_kinds(kind), _required(kind)
    return tuple((f.name, _KINDS[kinds[f.name]], f.name in required)
                 for f in fields(EVENT_TYPES[kind]))


@contextmanager
def opened(file: str) -> Iterator[tuple[Any, int, int]]:
    """The trace opened (a ``.gz`` file decompressed as it is read) and read past its
    header, with the number of the header's line and the bytes up to its end; no handle
    when the file ends first."""
    from .compress import open_bytes

    try:
        handle = open_bytes(file)
    except OSError as exc:
        raise InputError(said("cannot read file: {reason}", reason=exc.strerror or str(exc)),
                         file=file) from None
    with handle:
        lineno = offset = 0
        while True:  # the header, read already by the strict reader
            raw = read_bytes(handle.readline, -1, file)
            if not raw:
                yield None, lineno, offset
                return
            lineno += 1
            offset += len(raw)
            if raw.decode("utf-8", "replace").strip():
                break
        yield handle, lineno, offset


class LineViews:
    """The lines of a trace after its header as views of whole lines, read as they are
    asked for.  Each view is of a buffer the next one reuses: read it before asking for
    the next.  The views do not say where their lines are: :attr:`first` is the number
    of the first view's first line (known once the first view is given); a reader
    counts the lines from there."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.first = 0

    def __iter__(self) -> Iterator[memoryview]:
        file = self.file
        with opened(file) as (handle, lineno, offset):
            self.first = lineno + 1
            if handle is None:
                return
            if file.endswith(".gz"):
                yield from _views_of(handle, offset, file, bounded=True)
                return
            # A plain file is read straight into the buffer from past its header: no
            # copy through the line-bounded reader, whose bound is kept below.
            with open(file, "rb", buffering=0) as raw:
                raw.seek(offset)
                yield from _views_of(raw, offset, file, bounded=False)


def _views_of(handle: Any, start: int, file: str, *, bounded: bool) -> Iterator[memoryview]:
    """The views of :class:`LineViews` read from ``handle``, at byte ``start`` of the
    file; unless it is ``bounded`` (:func:`tracer.compress.open_bytes`), a line longer
    than its bound is refused as that reader refuses it."""
    from .compress import MAX_LINE, too_long

    buf = bytearray(BLOCK_BYTES)
    view = memoryview(buf)
    kept = 0  # the bytes at the start of buf: the beginning of a line
    while True:
        if kept == len(buf):  # a line longer than the buffer
            grown = bytearray(2 * len(buf))
            grown[:kept] = buf
            buf, view = grown, memoryview(grown)
        # at most MAX_LINE bytes a read: a line that starts and ends inside it is shorter
        n = read_bytes(handle.readinto, view[kept:kept + MAX_LINE], file)
        if not n:
            if kept:
                yield view[:kept]  # the last line, without a newline
            return
        end = kept + n
        cut = buf.rfind(b"\n", kept, end) + 1  # whole lines only
        if not bounded and (buf.find(b"\n", kept, end) if cut else end) > MAX_LINE:
            raise too_long(_line_at(file, start), file)
        if not cut:
            kept = end
            continue
        yield view[:cut]
        start += cut
        buf[:end - cut] = bytes(view[cut:end])  # (the two may overlap)
        kept = end - cut


def _line_at(file: str, offset: int) -> int:
    """The number of the line at byte ``offset`` of a plain file (counted only for an
    error: the reading does not count lines)."""
    with open(file, "rb") as handle:
        lines = 1
        while offset > 0:
            block = handle.read(min(offset, BLOCK_BYTES))
            if not block:
                break
            lines += block.count(b"\n")
            offset -= len(block)
    return lines


def read_bytes(read: Callable[[Any], Any], size: Any, file: str) -> Any:
    """``read(size)``; a corrupt or truncated ``.gz`` file is an :class:`InputError`."""
    from .compress import unreadable

    try:
        return read(size)
    except Exception as exc:
        if (why := unreadable(exc)) is None:
            raise
        raise InputError(why, file=file) from None


class TraceLines:
    """A ``.jsonl`` trace opened for one reading: its header, read and checked by the
    strict reader, then :meth:`read` for the rest."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        from .trace import iter_trace

        self.file = os.fspath(path)
        strict = iter_trace(self.file)
        try:
            header = next(strict)  # reads and checks the first line only
        finally:
            strict.close()  # type: ignore[attr-defined]
        if not isinstance(header, Header):  # pragma: no cover - iter_trace yields it first
            raise InputError(said("the trace does not start with a header"), file=self.file)
        self.header = header
        self._chunks = LineViews(self.file)

    def read(self, handlers: Handlers, other: Callable[[Event | Result], None], *,
             use_compiled: bool | None = None) -> None:
        """Hand each line of a type in ``handlers`` to its handler and every other item
        (the result included) to ``other``, in order; ``use_compiled``: the build
        (default: :func:`compiled`)."""
        fast = compiled() if use_compiled is None else use_compiled
        try:
            (_compiled if fast else _pure)(self._chunks, self.file, handlers, other)
        finally:
            close = getattr(self._chunks, "close", None)
            if close is not None:
                close()


EVENT_LINES = (Expand.type, Evaluate.type, Backup.type, Cut.type, Transposition.type,
               Iteration.type, Reorder.type)
"""The event types :func:`items_after_header` has the scanner read (the compiled scanner
takes at most eight): those of the game-tree searches; the others' lines go to the strict
reader, as every line the scanner declines does."""


def items_after_header(path: str | os.PathLike[str], *, use_compiled: bool | None = None
                       ) -> Iterator[Event | Result]:
    """The events and the result of a ``.jsonl`` trace after its header line (which the
    caller reads as it will), as the strict reader makes them, read as a stream: with
    the compiled scanner the lines of :data:`EVENT_LINES` are parsed in C and the event
    made from the fields (no dictionary, no second pass over the line), the others read
    strictly, each in its place."""
    file = os.fspath(path)
    views = LineViews(file)
    fast = compiled() if use_compiled is None else use_compiled
    if not fast:
        yield from _pure_items(views, file)
        return
    assert compiled_scan is not None
    got: list[Event | Result] = []
    append = got.append
    specs = tuple((kind, _maker(kind, append), _spec(kind, tuple(_names(kind))))
                  for kind in EVENT_LINES)

    def slow(raw: bytes, lineno: int) -> int:
        item = _strict(raw, lineno, file)
        if item is None:
            return 0
        append(item)
        return 1

    lineno = 0
    for data in views:
        lineno = lineno or views.first
        lineno += compiled_scan(data, lineno, specs, slow, _NO_LIMIT, True)[1]
        yield from got
        got.clear()


def _names(kind: str) -> list[str]:
    return [f.name for f in fields(EVENT_TYPES[kind])]


def _maker(kind: str, sink: Callable[[Event], None]) -> Callable[..., None]:
    """A handler making the event of a line from all its fields (in the class's order),
    its lists made tuples, as :func:`tracer.events.event_from_json` makes them."""
    cls = EVENT_TYPES[kind]
    kinds = field_kinds(kind)
    lists = tuple(i for i, name in enumerate(_names(kind))
                  if kinds[name] in ("strs", "strs?", "any"))

    def make(*args: Any) -> None:
        values = list(args)
        for i in lists:
            value = values[i]
            if value.__class__ is list:
                values[i] = tuple(value)
        sink(cls(*values))

    return make


def numbered_lines(views: LineViews) -> Iterator[tuple[bytes, int]]:
    """Each line the views hold, without its newline, with its line number: the pure
    build's walk over the lines the compiled scanner reads."""
    lineno = 0
    for data in views:
        lineno = lineno or views.first
        lines = bytes(data).split(b"\n")
        if lines and not lines[-1]:
            lines.pop()  # after the last newline
        for raw in lines:
            yield raw, lineno
            lineno += 1


def _pure_items(views: LineViews, file: str) -> Iterator[Event | Result]:
    for raw, lineno in numbered_lines(views):
        item = _strict(raw, lineno, file)
        if item is not None:
            yield item


def _spec(kind: str, taken: tuple[str, ...]) -> tuple[tuple[str, int, bool, bool, int], ...]:
    """An event type's fields for the scanner: the ones taken first, in their order, then
    the others, checked only; each as (name, kind, required, taken, its place in the
    class, which is the order a line writes them in)."""
    by_name = {spec[0]: (*spec, place) for place, spec in enumerate(scan_fields(kind))}
    unknown = [name for name in taken if name not in by_name]
    if unknown:  # pragma: no cover - a programming error of the caller
        raise ValueError(f"{kind} events have no field {unknown[0]!r}")
    return (*((name, k, required, True, place)
              for name, k, required, place in (by_name[name] for name in taken)),
            *((name, k, required, False, place)
              for name, k, required, place in by_name.values() if name not in taken))


def _compiled(chunks: LineViews, file: str, handlers: Handlers,
              other: Callable[[Event | Result], None]) -> None:
    assert compiled_scan is not None
    specs = tuple((kind, handler, _spec(kind, taken))
                  for kind, (handler, taken) in handlers.items())
    getters = {kind: (handler, taken) for kind, (handler, taken) in handlers.items()}

    def slow(raw: bytes, lineno: int) -> int:
        item = _strict(raw, lineno, file)
        if item is None:
            return 0
        _hand_on(item, getters, other)
        return 1

    lineno = 0
    for data in chunks:
        lineno = lineno or chunks.first
        lineno += compiled_scan(data, lineno, specs, slow, _NO_LIMIT, True)[1]


def _pure(chunks: LineViews, file: str, handlers: Handlers,
          other: Callable[[Event | Result], None]) -> None:
    getters = dict(handlers)
    for item in _pure_items(chunks, file):
        _hand_on(item, getters, other)


def _hand_on(item: Event | Result, handlers: Handlers,
             other: Callable[[Event | Result], None]) -> None:
    got = handlers.get(item.type) if isinstance(item, Event) else None
    if got is None:
        other(item)
        return
    handler, taken = got
    handler(*(_as_read(getattr(item, name)) for name in taken))


def _as_read(value: Any) -> Any:
    """A field as the scanner hands it on (a list where the event holds a tuple)."""
    return list(value) if value.__class__ is tuple else value


_BLANK = b" \t\n\r\f\v"
"""ASCII white space: a line of nothing else is skipped (as :func:`tracer.jsonio.read_lines`
skips it)."""


def last_line(path: str | os.PathLike[str]) -> tuple[int, bytes] | None:
    """The number and the bytes of the last line of a ``.jsonl`` trace that is not blank
    (None for a trace of its header alone): the lines are scanned a block at a time, not
    read one by one."""
    views = LineViews(os.fspath(path))
    last: tuple[int, bytes] | None = None
    lineno = 0
    for data in views:
        lineno = lineno or views.first
        block = bytes(data)
        end = len(block.rstrip(_BLANK))  # a blank line is white space alone
        if end:
            start = block.rfind(b"\n", 0, end) + 1
            stop = block.find(b"\n", end)
            last = (lineno + block.count(b"\n", 0, start),
                    block[start:stop + 1 if stop >= 0 else len(block)])
        lineno += block.count(b"\n")
    return last


def strict_line(raw: bytes, lineno: int, file: str) -> Event | Result | None:
    """One line read by the strict reader (None for a blank line), as every line the
    scanner declines is read."""
    return _strict(raw, lineno, file)


def _strict(raw: bytes, lineno: int, file: str) -> Event | Result | None:
    """One line read by the strict reader (None for a blank line); a line that is not
    UTF-8 is refused as :func:`tracer.jsonio.read_lines` refuses it."""
    from .jsonio import _utf8_reason
    from .trace import read_item

    if not raw.strip(_BLANK):
        return None
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(said("not valid UTF-8 ({reason})", reason=_utf8_reason(exc)),
                         file=file, where=f"line {lineno}, column {exc.start + 1}") from None
    return read_item(line if line.endswith("\n") else line + "\n", lineno=lineno, file=file)
