"""Recorders: the sink a search reports its events to.

A search calls ``start(header)``, then ``emit(event)`` for each step, then
``finish(result)``.  It checks ``recorder.enabled`` before building an event, so
the :data:`NULL` recorder costs one attribute test per step and no allocations.
"""

from __future__ import annotations

import codecs
import io
import os
from collections.abc import Callable
from contextlib import AbstractContextManager, ExitStack
from types import TracebackType
from typing import Protocol, TextIO

from .events import Event
from .trace import Header, Result, Trace, TraceWriter

__all__ = ["NULL", "FileRecorder", "MemoryRecorder", "NullRecorder", "Recorder", "Stopped",
           "StreamRecorder"]

FULL = "max-trace-bytes"
"""The reason a search stops when its recorder is full (``Result.stopped``)."""


class Stopped(Exception):
    """Raised inside a search when a budget runs out (a node or time budget, or a
    recorder past its size budget); the search's entry catches it and finishes the
    trace with a result that says why it stopped."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _size(text: str) -> int:
    """The UTF-8 size of ``text`` (``isascii`` is a flag test on a str)."""
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


class Recorder(Protocol):
    """What a search talks to."""

    enabled: bool
    """False means: do not build events at all."""

    def start(self, header: Header) -> None: ...

    def emit(self, event: Event) -> None: ...

    def finish(self, result: Result) -> None: ...


class NullRecorder:
    """Records nothing; searches skip event construction entirely."""

    enabled = False

    def start(self, header: Header) -> None:
        pass

    def emit(self, event: Event) -> None:
        pass

    def finish(self, result: Result) -> None:
        pass


NULL = NullRecorder()


class MemoryRecorder:
    """Keeps the whole trace in memory (``.trace`` once the search has finished)."""

    enabled = True

    def __init__(self) -> None:
        self.header: Header | None = None
        self.events: list[Event] = []
        self.result: Result | None = None

    def start(self, header: Header) -> None:
        self.header = header
        self.events = []
        self.result = None

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def limit_bytes(self, max_bytes: int) -> None:
        """Raise :class:`Stopped` instead of keeping an event whose JSON line would
        take the events kept past ``max_bytes`` (from now on: ``start`` does not undo
        it).  Each event is then written out to be measured."""
        left = max_bytes

        def emit(event: Event) -> None:
            nonlocal left
            size = _size(event.to_line()) + 1
            if size > left:
                raise Stopped(FULL)
            left -= size
            self.events.append(event)

        self.emit = emit  # type: ignore[method-assign]

    def finish(self, result: Result) -> None:
        self.result = result

    @property
    def trace(self) -> Trace:
        if self.header is None:
            raise RuntimeError("nothing recorded yet: run a search with this recorder first")
        return Trace(self.header, self.events, self.result)


class StreamRecorder:
    """Writes each event to a text stream as it happens (``.json`` or ``.jsonl`` form)."""

    enabled = True

    def __init__(self, out: TextIO, *, jsonl: bool) -> None:
        self._writer = TraceWriter(out, jsonl=jsonl)
        self._out = out
        self._raw: io.RawIOBase | None = None
        self._limited_raw: Callable[[Callable[[memoryview], int | None]],
                                    Callable[[memoryview], int | None]] | None = None
        """How ``limit_bytes`` wraps the raw file's ``write`` (None: not limited)."""
        self.jsonl = jsonl
        """JSON lines (``write_line`` writes straight to ``out``), not one document."""
        self.emit = self._writer.event  # type: ignore[method-assign, assignment]  # one call less
        self.write_line = self._writer.line
        """Write an event given as its JSON text: searches that format their hottest
        events directly (``lines.line_formatter``) skip building the objects."""

    def binary_lines(self) -> Callable[[memoryview], int | None] | None:
        """Where lines may go as UTF-8 bytes: the ``write`` of the raw file under the
        text stream, whose buffers are flushed first (the compiled loop then skips
        decoding, encoding and a copy); it may write only part of what it is given and
        says how much.  None when the recorder does not know that stream's spelling."""
        if self._raw is None:
            return None
        self._out.flush()  # the text layer and the buffer under it: the raw file is next
        write = self._raw.write
        return write if self._limited_raw is None else self._limited_raw(write)

    def limit_bytes(self, max_bytes: int) -> None:
        """Raise :class:`Stopped` instead of writing an event line that would take the
        events written past ``max_bytes`` (UTF-8); the header and the result are not
        counted.  Lines are refused whole, so what was written is a well-formed
        trace's prefix, and ``finish`` then closes it.  Costs one call per line,
        only on a recorder that is limited."""
        left = max_bytes
        line = self._writer.line
        # a line of the one-document form loses its newline and gains ",\n" before it
        extra = 0 if self.jsonl else 1

        def write_line(text: str) -> int:
            nonlocal left
            size = _size(text) + extra
            if size > left:
                raise Stopped(FULL)
            left -= size
            return line(text)

        def emit(event: Event) -> None:
            write_line(event.to_line() + "\n")

        def raw(write: Callable[[memoryview], int | None]
                ) -> Callable[[memoryview], int | None]:
            def write_bytes(view: memoryview) -> int | None:
                nonlocal left
                if view.nbytes > left:
                    raise Stopped(FULL)
                wrote = write(view)
                left -= view.nbytes if wrote is None else wrote
                return wrote
            return write_bytes

        self.write_line = write_line
        self.emit = emit  # type: ignore[method-assign]
        self._limited_raw = raw

    def start(self, header: Header) -> None:
        self._writer.start(header)

    def emit(self, event: Event) -> None:
        self._writer.event(event)

    def finish(self, result: Result) -> None:
        self._writer.finish(result)


class FileRecorder(StreamRecorder, AbstractContextManager["FileRecorder"]):
    """Streams a trace to ``path`` through a temporary file renamed into place on success.

    Use as a context manager; if the block raises, no output file is left behind.
    ``.jsonl`` gives the stream form (``.jsonl.gz`` compressed), anything else the
    single-document form.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        from .compress import compressing, is_stream
        from .jsonio import atomic_writer

        self._cm = ExitStack()
        plain = self._cm.enter_context(atomic_writer(path))
        out = self._cm.enter_context(compressing(plain, path))
        super().__init__(out, jsonl=is_stream(path))
        # An uncompressed file this recorder opens writes UTF-8 and newlines as they are,
        # so the bytes under it are the text's.  (Not under a compressor: flushing the
        # text stream would flush the compressor too, and change the compressed bytes.)
        buffer = getattr(out, "buffer", None)
        if (out is plain and isinstance(out, io.TextIOWrapper)
                and isinstance(buffer, io.BufferedWriter)
                and codecs.lookup(out.encoding).name == "utf-8" and os.linesep == "\n"):
            self._raw = buffer.raw

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._cm.__exit__(exc_type, exc, tb)
