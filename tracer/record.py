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

__all__ = ["NULL", "FileRecorder", "MemoryRecorder", "NullRecorder", "Recorder", "StreamRecorder"]


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
        return self._raw.write

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
