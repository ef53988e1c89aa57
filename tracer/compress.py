"""Trace streams compressed by their file name: ``.jsonl.gz`` is gzip, ``.jsonl`` plain.

Every reader and writer of ``.jsonl`` traces asks :func:`is_stream` whether a file is a
stream, opens it with :func:`open_text` and wraps the text file it writes to with
:func:`compressing`, so a compressed trace is written and read wherever a plain one
is, a line at a time (bounded memory).  gzip comes with Python; the output is
byte-identical from run to run (no time stamp or file name in the gzip header).
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, BinaryIO, TextIO

from .errors import InputError

if TYPE_CHECKING:  # gzip (and zlib) are imported only for .gz files
    import gzip

__all__ = ["STREAM_SUFFIXES", "compressing", "is_stream", "open_bytes", "open_text",
           "unreadable"]

STREAM_SUFFIXES = (".jsonl", ".jsonl.gz")
"""The file names of trace streams: plain, and gzip-compressed."""

_LEVEL = 6
"""gzip's speed/size compromise: level 9 is three times slower for 10% less here."""


def is_stream(path: str | os.PathLike[str]) -> bool:
    """True when ``path`` names a trace stream (``.jsonl`` or ``.jsonl.gz``)."""
    return os.fspath(path).endswith(STREAM_SUFFIXES)


def _gzipped(path: str | os.PathLike[str]) -> bool:
    return os.fspath(path).endswith(".gz")


def open_text(path: str | os.PathLike[str]) -> TextIO:
    """Open ``path`` for reading text (UTF-8), decompressing a ``.gz`` file as it is read.

    A ``.gz`` file that is not gzip data fails on the first read with an
    :class:`~tracer.errors.InputError` naming the file."""
    file = os.fspath(path)
    if not _gzipped(file):
        return open(file, encoding="utf-8")
    import gzip

    raw = gzip.open(file, "rb")  # noqa: SIM115 - closed with the wrapper
    return _CheckedText(raw, file)


def open_bytes(path: str | os.PathLike[str]) -> BinaryIO:
    """Open ``path`` for reading bytes, decompressing a ``.gz`` file as it is read (a
    corrupt one fails while it is read: see :func:`unreadable`)."""
    file = os.fspath(path)
    if not _gzipped(file):
        return open(file, "rb")
    import gzip

    return gzip.open(file, "rb")  # type: ignore[return-value]  # a GzipFile reads bytes


def unreadable(exc: BaseException) -> str | None:
    """What went wrong when reading a ``.gz`` file raised ``exc``; None when ``exc`` is
    not a read failure (let it through)."""
    import zlib

    if isinstance(exc, (EOFError, OSError, zlib.error)):  # gzip.BadGzipFile is an OSError
        return f"not a valid gzip file: {exc}"
    return None


class _CheckedText(io.TextIOWrapper):
    """A text view of a gzip file whose corrupt data reads as an InputError."""

    def __init__(self, raw: gzip.GzipFile, file: str) -> None:
        super().__init__(raw, encoding="utf-8")
        self._file = file

    def __next__(self) -> str:  # type: ignore[override]  # typeshed: TextIOWrapper yields str
        try:
            return super().__next__()
        except (EOFError, OSError) as exc:  # gzip.BadGzipFile is an OSError
            raise InputError(f"not a valid gzip file: {exc}", file=self._file) from None

    def read(self, size: int | None = -1) -> str:
        try:
            return super().read(size)
        except (EOFError, OSError) as exc:  # gzip.BadGzipFile is an OSError
            raise InputError(f"not a valid gzip file: {exc}", file=self._file) from None


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
