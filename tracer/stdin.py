"""Standard input as an input file: ``-`` wherever a command reads a trace, a tree or an
answer (``gametrace run aima -o - -q | gametrace render - -o aima.svg``).

Every reader of the library takes a path, and several read their file twice (a trace's
kind is told from its first bytes, then it is read) or by its name (``.jsonl`` is a
stream, ``.gz`` is decompressed): so standard input is read once, to its end, into a
private temporary file named by what its bytes are (:func:`input_path`), and every reader
then reads that file, within the bounds it sets for any file.  Reading standard input is
bounded too: at most :data:`MAX_STDIN` bytes (a gzip stream's inflated size is then
bounded by the reader, as for a ``.gz`` file).  Errors name the input ``<stdin>``
(:func:`shown_name`), never the temporary file.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import sys
import tempfile
from typing import BinaryIO

from .errors import SHOWN_FILES, InputError, MissingInput
from .said import said

__all__ = ["MAX_STDIN", "STDIN", "STDIN_NAME", "input_path", "is_stdin", "shown_name"]

STDIN = "-"
"""The path that means standard input, in every command that reads a file."""

STDIN_NAME = "<stdin>"
"""How messages name standard input."""

MAX_STDIN = 1 << 30
"""The most bytes read from standard input (1 GiB, the bound of an inflated ``.gz``
trace): past it, reading stops with an error rather than filling the disk."""

_BLOCK = 1 << 20
_MAX_LINE = 16 << 20  # the longest line of a stream (tracer.compress.MAX_LINE)

_spooled: list[tuple[object, str]] = []
"""The standard input read and the temporary file it was read into: read once (a second
reader of ``-`` reads the same bytes), again only when ``sys.stdin`` is another stream
(a test's)."""


def is_stdin(path: str | os.PathLike[str] | None) -> bool:
    """True when ``path`` is ``-``, standard input."""
    return path is not None and os.fspath(path) == STDIN


def shown_name(file: str | None) -> str | None:
    """``file`` as a message names it: ``<stdin>`` for standard input (``-`` or the
    temporary file it was read into), else ``file`` unchanged."""
    if file is None:
        return None
    if file == STDIN:
        return STDIN_NAME
    return SHOWN_FILES.get(file, file)


def input_path(path: str | os.PathLike[str]) -> str:
    """The file to read for ``path``: ``path`` itself, or for ``-`` the temporary file
    holding standard input (read on the first call), named ``stdin.jsonl``,
    ``stdin.jsonl.gz``, ``stdin.json`` or ``stdin.txt`` (the text notation of trees) by
    its first bytes, so that every reader treats it as it would a file of that name."""
    text = os.fspath(path)
    if text != STDIN:
        return text
    stream = sys.stdin.buffer if sys.stdin is not None else None
    if not _spooled or _spooled[-1][0] is not stream:
        _spooled[:] = [(stream, _spool(stream))]
    return _spooled[-1][1]


def _spool(stream: BinaryIO | None) -> str:
    if stream is None or (os.isatty(stream.fileno()) if _has_fileno(stream) else False):
        raise MissingInput(said("standard input is a terminal: pipe a file into the command "
                                "(… | gametrace render - -o out.svg)"), file=STDIN_NAME)
    folder = tempfile.mkdtemp(prefix="gametrace-stdin-")
    atexit.register(shutil.rmtree, folder, True)
    part = os.path.join(folder, "stdin.part")
    size = 0
    first = b""
    with open(part, "wb") as out:
        while block := stream.read(_BLOCK):
            if len(first) < 4096:
                first += block[:4096 - len(first)]
            size += len(block)
            if size > MAX_STDIN:
                raise InputError(said("standard input is longer than {most:,} bytes: save it "
                                      "to a file first", most=MAX_STDIN), file=STDIN_NAME)
            out.write(block)
    with open(part, "rb") as back:
        line = back.readline(_MAX_LINE)  # a stream's first line is its header, whole
    final = os.path.join(folder, "stdin" + _suffix(first, line))
    os.replace(part, final)
    SHOWN_FILES[final] = STDIN_NAME
    return final


def _has_fileno(stream: BinaryIO) -> bool:
    with contextlib.suppress(AttributeError, OSError, ValueError):
        stream.fileno()
        return True
    return False


def _suffix(first: bytes, line: bytes) -> str:
    """The file name a reader expects for bytes beginning with ``first``, ``line`` their
    first line."""
    if first.startswith(b"\x1f\x8b"):
        return ".jsonl.gz"
    text = first.lstrip(b"\xef\xbb\xbf \t\r\n")
    if not text.startswith((b"{", b"[")):
        return ".txt"  # a tree in the text notation: (MAX (MIN 3 12 8) ...)
    import json

    try:
        head = json.loads(line.lstrip(b"\xef\xbb\xbf"))
    except ValueError:
        return ".json"
    return ".jsonl" if isinstance(head, dict) and head.get("type") == "header" else ".json"
