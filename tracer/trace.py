"""A recorded search: header, events, result; read and written as JSON or JSONL.

A ``.json`` trace is one document::

    {"format": "gametree-trace", "version": 1, "header": {...}, "events": [...], "result": {...}}

A ``.jsonl`` trace is a stream, one JSON object per line: the header (with
``"type": "header"``), then the events, then the result (``"type": "result"``).
Both are written with sorted-free, fixed key order and no Infinity, so the same
search gives the same bytes.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, TextIO

from .display import SVG, shown, svg_bundle
from .errors import InputError
from .events import Event, event_from_json
from .header import FORMAT, VERSION, Header, Result, Stats, require_object
from .jsonio import dumps_json, loads_json
from .said import said
from .wellformed import TreeShape, WellFormed

__all__ = [
    "FORMAT",
    "VERSION",
    "Header",
    "Result",
    "Stats",
    "Trace",
    "check_well_formed",
    "iter_trace",
    "load_trace",
    "read_item",
]

@dataclass
class Trace:
    """A whole recorded search held in memory."""

    header: Header
    events: list[Event]
    result: Result | None

    def to_json(self) -> dict[str, Any]:
        """The single-document JSON form."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "header": self.header.to_json(),
            "events": [e.to_dict() for e in self.events],
            "result": None if self.result is None else self.result.to_json(),
        }

    @classmethod
    def from_json(cls, data: Any, *, file: str = "<trace>") -> Trace:
        obj = require_object(data, file=file, where="$")
        _check_format(obj, file=file, where="$")
        raw_events = obj.get("events")
        if not isinstance(raw_events, list):
            raise InputError(said("expected a list of events"), file=file, where="$.events")
        events = [event_from_json(e, file=file, where=f"$.events[{i}]")
                  for i, e in enumerate(raw_events)]
        raw_result = obj.get("result")
        result = (None if raw_result is None
                  else Result.from_json(raw_result, file=file, where="$.result"))
        trace = cls(Header.from_json(obj.get("header"), file=file, where="$.header"),
                    events, result)
        check_well_formed(trace, file=file)
        return trace

    def _repr_svg_(self) -> str | None:
        """Jupyter shows the trace's diagram (drawn by :mod:`tracer.render.notebook`,
        which registers itself with :mod:`tracer.display`)."""
        return shown(self, SVG)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return svg_bundle(self, include, exclude)

    def dump(self, path: str | os.PathLike[str]) -> None:
        """Write the trace; ``.jsonl`` gives the stream form (``.jsonl.gz`` compressed),
        anything else one document."""
        from .compress import compressing, is_stream
        from .jsonio import atomic_writer

        with atomic_writer(path) as raw, compressing(raw, path) as out:
            write_trace(out, self.header, self.events, self.result, jsonl=is_stream(path))


def check_well_formed(trace: Trace, *, file: str, tree: TreeShape | None = None) -> None:
    """Raise :class:`InputError` at the first event of ``trace`` that breaks a rule of
    :mod:`tracer.wellformed` (with ``tree``, those of the source tree too)."""
    rules = WellFormed(trace.header, file=file, tree=tree)
    event = rules.event
    values = rules.values
    for ev in trace.events:
        values(ev)
        event(ev)
    if trace.result is not None:
        rules.result(trace.result)


def write_trace(out: TextIO, header: Header, events: Iterable[Event], result: Result | None,
                *, jsonl: bool) -> None:
    """Write a trace to a text stream, one event per line in both forms."""
    writer = TraceWriter(out, jsonl=jsonl)
    writer.start(header)
    for e in events:
        writer.event(e)
    writer.finish(result)


class TraceWriter:
    """Streams a trace to a text file as the search runs (bounded memory)."""

    def __init__(self, out: TextIO, *, jsonl: bool) -> None:
        self._out = out
        self._jsonl = jsonl
        self._sep = ""
        write = out.write
        if jsonl:
            # The hot path of a traced search: a line goes straight to the file.
            line = write
        else:
            def line(text: str) -> int:
                write(self._sep + text[:-1])
                self._sep = ",\n"
                return len(text)
        self.line: Callable[[str], int] = line
        """Write one event already formatted as its JSON text and a newline
        (``Event.to_line() + "\\n"``)."""

        def event(e: Event) -> None:
            line(e.to_line() + "\n")
        self.event = event

    def start(self, header: Header) -> None:
        h = header.to_json()
        if self._jsonl:
            self._out.write(dumps_json({"type": "header", "format": FORMAT, "version": VERSION,
                                        **h}) + "\n")
        else:
            self._out.write(f'{{"format":"{FORMAT}","version":{VERSION},'
                            f'"header":{dumps_json(h)},\n"events":[\n')

    def finish(self, result: Result | None) -> None:
        r = None if result is None else result.to_json()
        if self._jsonl:
            if r is not None:
                self._out.write(dumps_json({"type": "result", **r}) + "\n")
        else:
            self._out.write(f'],\n"result":{dumps_json(r)}}}\n')


def load_trace(path: str | os.PathLike[str]) -> Trace:
    """Read a whole trace (``.json`` document or ``.jsonl`` stream) into memory."""
    header: Header | None = None
    events: list[Event] = []
    result: Result | None = None
    for item in iter_trace(path):
        if isinstance(item, Header):
            header = item
        elif isinstance(item, Result):
            result = item
        else:
            events.append(item)
    assert header is not None  # iter_trace always yields a header first or raises
    return Trace(header, events, result)


def iter_trace(path: str | os.PathLike[str]) -> Iterator[Header | Event | Result]:
    """Yield the header, each event, then the result; ``.jsonl`` (and ``.jsonl.gz``) is
    read as a stream."""
    from .compress import is_stream
    from .stdin import input_path

    path = file = input_path(path)  # - is standard input
    if not is_stream(file):
        from .jsonio import load_json_file

        trace = Trace.from_json(load_json_file(path), file=file)
        yield trace.header
        yield from trace.events
        if trace.result is not None:
            yield trace.result
        return
    from .jsonio import read_lines

    yield from _read_stream(read_lines(path), file)


def _read_stream(lines: Iterable[tuple[int, str]], file: str
                 ) -> Iterator[Header | Event | Result]:
    rules: WellFormed | None = None
    for lineno, line in lines:
        if not line.strip():
            continue
        where = f"line {lineno}"
        obj = require_object(loads_json(line, file=f"{file}:{lineno}"), file=file, where=where)
        kind = obj.get("type")
        if rules is None:
            if kind != "header":
                raise InputError(said('the first line must be the header (an object with '
                                      '"type": "header")'), file=file, where=where)
            _check_format(obj, file=file, where=where)
            header = Header.from_json(obj, file=file, where=where)
            rules = WellFormed(header, file=file)
            yield header
        else:
            item = _item(obj, file=file, where=where)
            if isinstance(item, Result):
                rules.result(item)
            else:
                rules.event(item)
            yield item
    if rules is None:
        raise InputError(said("empty trace: no header line"), file=file)


def read_item(line: str, *, lineno: int, file: str) -> Event | Result:
    """One line after the header of a ``.jsonl`` trace, read strictly: an event or the
    result, or an :class:`InputError` naming the line (and the column or the key)."""
    where = f"line {lineno}"
    obj = require_object(loads_json(line, file=f"{file}:{lineno}"), file=file, where=where)
    return _item(obj, file=file, where=where)


def _item(obj: dict[str, Any], *, file: str, where: str) -> Event | Result:
    if obj.get("type") == "result":
        return Result.from_json(obj, file=file, where=where)
    return event_from_json(obj, file=file, where=where)


def _check_format(obj: dict[str, Any], *, file: str, where: str) -> None:
    if obj.get("format") != FORMAT:
        raise InputError(said('not a gametree trace: expected "format": "{format}"',
                              format=FORMAT),
                         file=file, where=f"{where}.format" if where == "$" else where)
    if obj.get("version") != VERSION:
        raise InputError(said("unsupported trace version {version!r} (this tool reads version "
                              "{supported})", version=obj.get("version"), supported=VERSION),
                         file=file, where=where)
