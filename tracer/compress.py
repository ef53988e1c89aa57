"""Trace streams compressed by their file name: ``.jsonl.gz`` is gzip, ``.jsonl`` plain.

Every reader and writer of ``.jsonl`` traces asks :func:`is_stream` whether a file is a
stream, opens it with :func:`open_text` or :func:`open_bytes` and wraps the text file it
writes to with :func:`compressing`, so a compressed trace is written and read wherever a
plain one is, a line at a time (bounded memory).  gzip comes with Python; the output is
byte-identical from run to run (no time stamp or file name in the gzip header).

Reading is bounded, as it inflates (so a small file cannot make the reader work for
minutes or fill the memory): a ``.gz`` file may inflate to at most :data:`MAX_INFLATED`
bytes (``GAMETRACE_MAX_INFLATED`` raises it) and, past its first :data:`RATIO_FLOOR`
bytes, to at most :data:`MAX_RATIO` times the compressed bytes read so far; and no line
of a stream, compressed or not, may be longer than :data:`MAX_LINE` bytes.  Each bound
is an :class:`~tracer.errors.InputError` naming the file (docs/errors.md).
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, BinaryIO, TextIO

from .errors import InputError, UsageError
from .reading_numbers import whole_number
from .said import Said, said

if TYPE_CHECKING:  # zlib is imported only for .gz files
    import zlib

__all__ = ["MAX_INFLATED", "MAX_LINE", "MAX_RATIO", "RATIO_FLOOR", "STREAM_SUFFIXES",
           "compressing", "is_stream", "max_inflated", "open_bytes", "open_text",
           "too_long", "unreadable"]

STREAM_SUFFIXES = (".jsonl", ".jsonl.gz")
"""The file names of trace streams: plain, and gzip-compressed."""

_LEVEL = 6
"""gzip's speed/size compromise: level 9 is three times slower for 10% less here."""

MAX_INFLATED = 1 << 30
"""The most bytes a ``.gz`` trace may inflate to (1 GiB); the environment variable
``GAMETRACE_MAX_INFLATED`` (bytes, or with a unit: ``4G``, ``512M``) sets another bound."""

MAX_RATIO = 200
"""The most a ``.gz`` trace may inflate per compressed byte.  Recorded traces inflate 4
to 20 times; deflate's limit is about 1,030 (what a gzip bomb of blank lines reaches)."""

RATIO_FLOOR = 1 << 20
"""The ratio is checked once this many bytes have been inflated (a tiny file may be
all repetition)."""

MAX_LINE = 16 << 20
"""The longest line of a trace stream, in bytes (16 MiB): a header with a large tree is
a few MiB; one line is held in memory whole."""

_PIECE = 1 << 16
"""Compressed bytes fed to the inflater at a time."""


def max_inflated() -> int:
    """:data:`MAX_INFLATED`, or ``GAMETRACE_MAX_INFLATED`` when it is set."""
    text = os.environ.get("GAMETRACE_MAX_INFLATED", "").strip(" \t")
    if not text:
        return MAX_INFLATED
    found = re.fullmatch(r"\+?([0-9]{1,15})[ \t]*([kKmMgG]?)", text)
    if found is None or whole_number(found.group(1)) == 0:
        raise UsageError(said("GAMETRACE_MAX_INFLATED must be a positive number of bytes, "
                              "optionally with K, M or G (e.g. 4G), got {value!r}", value=text))
    unit = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}[found.group(2).lower()]
    return int(found.group(1)) * unit


def _size(n: int) -> Said:
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift and n % (1 << shift) == 0:
            return said("{n} {unit}", n=n >> shift, unit=unit)
    return said("{n:,} bytes", n=n)


def is_stream(path: str | os.PathLike[str]) -> bool:
    """True when ``path`` names a trace stream (``.jsonl`` or ``.jsonl.gz``)."""
    return os.fspath(path).endswith(STREAM_SUFFIXES)


def _gzipped(path: str | os.PathLike[str]) -> bool:
    return os.fspath(path).endswith(".gz")


def open_text(path: str | os.PathLike[str]) -> TextIO:
    """Open ``path`` for reading text (UTF-8), decompressing a ``.gz`` file as it is read,
    within the bounds of :func:`open_bytes`.

    A ``.gz`` file that is not gzip data fails on the first read with an
    :class:`~tracer.errors.InputError` naming the file."""
    file = os.fspath(path)
    return _CheckedText(open_bytes(file), file)


def open_bytes(path: str | os.PathLike[str]) -> BinaryIO:
    """Open ``path`` for reading bytes, decompressing a ``.gz`` file as it is read.

    Reads are bounded: a line longer than :data:`MAX_LINE`, and for a ``.gz`` file more
    than :func:`max_inflated` bytes or a ratio past :data:`MAX_RATIO`, fail while they
    are read with an :class:`~tracer.errors.InputError` naming the file (a corrupt
    ``.gz`` file fails with the errors :func:`unreadable` describes)."""
    file = os.fspath(path)
    raw = open(file, "rb", buffering=0)  # noqa: SIM115 - closed with the reader
    source: io.RawIOBase = _Inflating(raw, file, max_inflated()) if _gzipped(file) else raw
    return io.BufferedReader(_LineBounded(source, file), buffer_size=_PIECE)


_ENDED = said("Compressed file ended before the end-of-stream marker was reached")
"""What a truncated gzip file raises (as :mod:`gzip` says it)."""


def unreadable(exc: BaseException) -> Said | None:
    """What went wrong when reading a ``.gz`` file raised ``exc``; None when ``exc`` is
    not a read failure (let it through)."""
    import zlib

    if isinstance(exc, InputError):
        return None
    if isinstance(exc, (EOFError, OSError, zlib.error)):  # gzip.BadGzipFile is an OSError
        return _not_gzip(exc)
    return None


def _not_gzip(exc: BaseException) -> Said:
    """``not a valid gzip file: ...``: the reason as zlib or gzip gave it, worded when it
    is a truncated file."""
    reason = _ENDED if str(exc) == _ENDED.template else str(exc)
    return said("not a valid gzip file: {reason}", reason=reason)


class _Inflating(io.RawIOBase):
    """The inflated bytes of a gzip file (every member of it, as ``gzip`` reads them),
    refused past ``limit`` bytes or :data:`MAX_RATIO` times the compressed bytes."""

    def __init__(self, raw: io.FileIO, file: str, limit: int) -> None:
        import zlib

        super().__init__()
        self._raw = raw
        self._file = file
        self._limit = limit
        self._zlib = zlib
        self._inflater: zlib._Decompress | None = None
        self._pending = b""  # compressed bytes read but not yet fed
        self._fed = 0  # compressed bytes given to the inflaters so far
        self._out = 0  # bytes inflated so far
        self._started = False

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview | bytearray) -> int:  # type: ignore[override]
        data = self._inflate(len(buffer))
        n = len(data)
        buffer[:n] = data
        return n

    def _inflate(self, size: int) -> bytes:
        while True:
            inflater = self._inflater
            if inflater is None:  # between members: the next one, or the end
                if not self._next_member():
                    return b""
                continue
            if inflater.eof:
                self._pending = inflater.unused_data + self._pending
                self._inflater = None
                continue
            if inflater.unconsumed_tail:
                data = inflater.decompress(inflater.unconsumed_tail, size)
            else:
                piece, self._pending = self._pending, b""
                if not piece:
                    piece = self._raw.read(_PIECE)
                    self._fed += len(piece)
                if not piece:
                    raise EOFError(_ENDED.template)
                data = inflater.decompress(piece, size)
            if data:
                self._count(len(data), inflater)
                return data

    def _next_member(self) -> bool:
        data = self._pending
        while True:
            if self._started:  # gzip allows zero padding after a member
                data = data.lstrip(b"\0")
            if data:
                break
            data = self._raw.read(_PIECE)
            if not data:
                self._pending = b""
                return False
            self._fed += len(data)
        self._started = True
        self._pending = data
        self._inflater = self._zlib.decompressobj(16 + self._zlib.MAX_WBITS)
        return True

    def _count(self, n: int, inflater: zlib._Decompress) -> None:
        self._out += n
        if self._out > self._limit:
            raise InputError(said("inflates to more than {size} (a gzip bomb?); set "
                                  "GAMETRACE_MAX_INFLATED to read more",
                                  size=_size(self._limit)), file=self._file)
        if self._out > RATIO_FLOOR:
            used = self._fed - len(inflater.unconsumed_tail) - len(self._pending)
            if self._out > MAX_RATIO * max(used, 1):
                raise InputError(said("inflates more than {ratio} times its size (a gzip "
                                      "bomb?): not a recorded trace", ratio=MAX_RATIO),
                                 file=self._file)

    def close(self) -> None:
        self._raw.close()
        super().close()


class _LineBounded(io.RawIOBase):
    """The bytes of ``source``, refused at the first line longer than :data:`MAX_LINE`
    (checked per read with ``find``/``rfind``: nothing is copied twice)."""

    def __init__(self, source: io.RawIOBase, file: str) -> None:
        super().__init__()
        self._source = source
        self._file = file
        self._run = 0  # bytes since the last newline
        self._lines = 0  # newlines so far

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview | bytearray) -> int:  # type: ignore[override]
        # At most MAX_LINE bytes a read: a line that fits inside one read is shorter.
        n = self._source.readinto(memoryview(buffer)[:MAX_LINE]) or 0
        if not n:
            return 0
        data = bytes(memoryview(buffer)[:n])
        first = data.find(b"\n")
        if first < 0:
            self._run += n
        else:
            if self._run + first > MAX_LINE:
                self._too_long()
            self._lines += data.count(b"\n")
            self._run = n - data.rfind(b"\n") - 1
        if self._run > MAX_LINE:
            self._too_long()
        return n

    def _too_long(self) -> None:
        raise too_long(self._lines + 1, self._file)

    def close(self) -> None:
        self._source.close()
        super().close()


def too_long(line: int, file: str) -> InputError:
    """The error for line ``line`` of ``file``, longer than :data:`MAX_LINE`."""
    return InputError(said("line {line} is longer than {size}: not a trace line",
                           line=line, size=_size(MAX_LINE)), file=file)


class _CheckedText(io.TextIOWrapper):
    """A text view of a trace stream whose corrupt gzip data reads as an InputError."""

    def __init__(self, raw: BinaryIO, file: str) -> None:
        super().__init__(raw, encoding="utf-8")
        self._file = file

    def __next__(self) -> str:  # type: ignore[override]  # typeshed: TextIOWrapper yields str
        try:
            return super().__next__()
        except (EOFError, OSError) as exc:  # a corrupt or truncated .gz file
            raise InputError(_not_gzip(exc), file=self._file) from None

    def read(self, size: int | None = -1) -> str:
        try:
            return super().read(size)
        except (EOFError, OSError) as exc:  # a corrupt or truncated .gz file
            raise InputError(_not_gzip(exc), file=self._file) from None


@contextmanager
def compressing(out: TextIO, path: str | os.PathLike[str]) -> Iterator[TextIO]:
    """The text stream to write ``path``'s content to: ``out`` itself, or for a ``.gz``
    name a compressor writing into ``out``'s binary buffer (``out`` is left open for its
    owner, e.g. :func:`~tracer.jsonio.atomic_writer`, to flush and close)."""
    if not _gzipped(path):
        yield out
        return
    import gzip

    out.flush()
    packed = gzip.GzipFile(filename="", mode="wb", compresslevel=_LEVEL,
                           fileobj=out.buffer, mtime=0)
    text = io.TextIOWrapper(packed, encoding="utf-8", newline="\n", write_through=False)
    try:
        yield text
    finally:
        text.close()  # writes the gzip trailer; GzipFile leaves ``out`` open
