"""Reading and writing JSON the way every file of the project needs it.

Errors become :class:`~tracer.errors.InputError` with the file and the place in it
(``line 3, column 7``).  Output is deterministic (fixed separators, no NaN), and the
unbounded values that alpha-beta needs are spelled ``"+inf"`` / ``"-inf"`` because JSON
has no Infinity.  Files are written atomically: a reader never sees half an output file.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Generator, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TextIO

from tracer.errors import InputError, MissingInput
from tracer.outputs import os_reason
from tracer.reading_numbers import MAX_DIGITS
from tracer.said import Said, said
from tracer.stderr_channel import detail
from tracer.stdin import input_path, shown_name

__all__ = [
    "INF_STRINGS",
    "atomic_write_text",
    "atomic_writer",
    "check_input_file",
    "csv_text",
    "decode_number",
    "dumps_json",
    "dumps_json_pretty",
    "encode_number",
    "json_path",
    "load_json_file",
    "loads_json",
    "not_a_file",
    "read_lines",
    "read_text_file",
]

INF_STRINGS: dict[str, float] = {"+inf": math.inf, "-inf": -math.inf, "inf": math.inf}
"""Strings that stand for unbounded values in JSON (``encode_number`` writes the signed ones)."""


def json_path(parts: Sequence[str | int]) -> str:
    """Spell a place in a JSON document: ``["children", 2, "value"]`` -> ``$.children[2].value``."""
    out = ["$"]
    for part in parts:
        out.append(f"[{part}]" if isinstance(part, int) else f".{part}")
    return "".join(out)


class _NotJson(ValueError):
    """Raised from the decoder hooks; turned into an InputError without a position."""

    def __init__(self, message: Said) -> None:
        super().__init__(str(message))
        self.said = message


MAX_NUMBER_DIGITS = MAX_DIGITS
"""The most digits an integer in an input file may have (a float's range ends near 1e308):
the limit of every number a person writes (:data:`tracer.reading_numbers.MAX_DIGITS`)."""


class _BadNumber(_NotJson):
    """A number the hooks refuse; ``token`` lets the caller find its place."""

    def __init__(self, token: str, message: Said) -> None:
        super().__init__(message)
        self.token = token


def _parse_int(token: str) -> int:
    digits = len(token.lstrip("-"))
    if digits > MAX_NUMBER_DIGITS:
        raise _BadNumber(token, said("a number with {digits} digits (at most {most} are "
                                     "accepted)", digits=digits, most=MAX_NUMBER_DIGITS))
    return int(token)


def _parse_float(token: str) -> float:
    value = float(token)
    if not math.isfinite(value):
        shown = token if len(token) <= 20 else token[:20] + "..."
        raise _BadNumber(token, said("the number {number} is out of range (it would be "
                                     'infinite; write "+inf" or "-inf" for unbounded values)',
                                     number=shown))
    return value


# Numbers that may overflow a float or pass Python's int/str digit limit: a large
# exponent or a long run of digits.  Only texts holding one pay for the checking hooks.
_SUSPECT_NUMBER = re.compile(rf"[eE][+-]?0*[1-9][0-9]{{2,}}|[0-9]{{{MAX_NUMBER_DIGITS + 1}}}")


# "\ud800" alone is valid JSON syntax but no text: it cannot be printed or written as UTF-8.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _reject_lone_surrogates(data: Any) -> None:
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise _NotJson(said("the string {string!r} holds a lone surrogate escape "
                                    "(\\ud800-\\udfff), which is not text", string=item)
                               ) from None


def _place(text: str, index: int) -> str:
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return f"line {line}, column {column}"


def _reject_constant(name: str) -> Any:
    # Python's json accepts NaN and Infinity, which are not JSON and which other tools reject.
    raise _NotJson(said('{name} is not JSON (write "+inf" or "-inf" for unbounded values)',
                        name=name))


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _NotJson(said("duplicate key {key} in an object",
                                    key=json.dumps(key, ensure_ascii=False)))
            seen.add(key)
    return obj


_DECODER_SAYS: dict[str, Said] = {
    "expecting value": said("expecting value"),
    "expecting ',' delimiter": said("expecting ',' delimiter"),
    "expecting ':' delimiter": said("expecting ':' delimiter"),
    "expecting property name enclosed in double quotes":
        said("expecting property name enclosed in double quotes"),
    "extra data": said("extra data"),
    "unterminated string starting at": said("unterminated string starting at"),
    "invalid control character at": said("invalid control character at"),
    "invalid \\escape": said("invalid \\escape"),
    "invalid \\uXXXX escape": said("invalid \\uXXXX escape"),
    "illegal trailing comma before end of object":
        said("illegal trailing comma before end of object"),
    "illegal trailing comma before end of array":
        said("illegal trailing comma before end of array"),
}
"""What Python's JSON decoder says (its first letter lowered), worded where it is one of
these; the place (``line 3, column 7``) goes with it."""


_IN_STRING = ("invalid control character at", "unterminated string starting at")
"""What the decoder says of a string that is not closed where the text ends (a line of
a ``.jsonl`` file read with its newline, cut in the middle of a string)."""


def _decode_error(exc: json.JSONDecodeError, text: str, file: str) -> InputError:
    """The decoder's complaint, said with its place: a text that ends before its value
    does is said to be cut short (with where it ends and inside what), a control
    character is named; the decoder's own words end in "at" followed by a place that is
    already given."""
    message = exc.msg[:1].lower() + exc.msg[1:]
    end = len(text.rstrip())  # a .jsonl line comes with its newline
    tail = text[exc.pos:end]  # a word cut short: "nul", "tr"
    cut_word = message == "expecting value" and any(
        w.startswith(tail) for w in ("true", "false", "null")) and bool(tail)
    if end and (exc.pos >= end or cut_word or message == "unterminated string starting at"):
        inside = said("a string") if message in _IN_STRING else said("a value")
        return InputError(_invalid_json(said("cut short: the text ends inside {inside}",
                                             inside=inside)),
                          file=file, where=_place(text, end))
    if message == "invalid control character at" and exc.pos < len(text):
        reason: Said | str = said("control character {char} inside a string (write it "
                                  "escaped, as \\n or \\u0000)",
                                  char=f"U+{ord(text[exc.pos]):04X}")
    else:
        reason = _DECODER_SAYS.get(message, message)
    return InputError(_invalid_json(reason), file=file,
                      where=f"line {exc.lineno}, column {exc.colno}")


def _invalid_json(reason: Said | str) -> Said:
    return said("invalid JSON: {reason}", reason=reason)


def loads_json(text: str, *, file: str) -> Any:
    """Parse ``text`` as JSON; any problem is an :class:`InputError` naming ``file``.

    NaN, Infinity and duplicate object keys are rejected.  A document nested deeper
    than the interpreter's recursion limit allows is reported, not crashed on.
    """
    try:
        if _SUSPECT_NUMBER.search(text) is None:  # the common case: no hook calls per number
            data = json.loads(text, parse_constant=_reject_constant,
                              object_pairs_hook=_unique_keys)
        else:
            data = json.loads(text, parse_constant=_reject_constant,
                              object_pairs_hook=_unique_keys, parse_int=_parse_int,
                              parse_float=_parse_float)
        if _SURROGATE_ESCAPE.search(text) is not None:
            _reject_lone_surrogates(data)
        return data
    except json.JSONDecodeError as exc:
        raise _decode_error(exc, text, file) from None
    except _BadNumber as exc:
        index = text.find(exc.token)
        where = _place(text, index) if index >= 0 else None
        raise InputError(said("invalid number: {reason}", reason=exc.said), file=file,
                         where=where) from None
    except _NotJson as exc:
        raise InputError(_invalid_json(exc.said), file=file) from None
    except RecursionError:
        raise InputError(said("JSON nesting is too deep to parse here (the interpreter's "
                              "recursion limit was hit)"), file=file) from None


def check_input_file(path: str | os.PathLike[str]) -> str:
    """The path of a regular file to read, or a :class:`MissingInput` (exit code 2):
    missing, a folder, or a pipe or device (reading one could wait forever); ``-`` is
    standard input, read into a file first (:func:`tracer.stdin.input_path`)."""
    file = input_path(path)
    try:
        st = os.stat(file)
    except OSError as exc:
        raise MissingInput(_cannot_read(os_reason(exc)), file=file) from None
    if stat.S_ISDIR(st.st_mode):
        raise MissingInput(_cannot_read(said("is a folder, not a file")), file=file)
    if not stat.S_ISREG(st.st_mode):
        raise MissingInput(_cannot_read(said("a pipe or a device, not a regular file (save "
                                             "the input to a file first)")), file=file)
    seen = (os.path.abspath(file), st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
    if seen not in _READ:  # -v: each file read, once (the same name may be another file)
        _READ.add(seen)
        detail(said("gametrace: reading {file} ({size:,} bytes)", file=shown_name(file) or file,
                    size=st.st_size))
    return file


_READ: set[tuple[str, int, int, int, int]] = set()
"""The files :func:`check_input_file` has said it reads."""


def not_a_file(path: str | os.PathLike[str]) -> MissingInput:
    """The error for ``path``, which is not a regular file: ``no such file`` when nothing
    is there, else what it is (a folder, a pipe or a device), as
    :func:`check_input_file` says it."""
    file = os.fspath(path)
    if not os.path.lexists(file):
        return MissingInput(said("no such file"), file=file)
    try:
        check_input_file(file)
    except MissingInput as exc:
        return exc
    return MissingInput(said("no such file"), file=file)


def _cannot_read(reason: Said | str) -> Said:
    return said("cannot read file: {reason}", reason=reason)


_UTF8_SAYS: dict[str, Said] = {
    "invalid start byte": said("invalid start byte"),
    "invalid continuation byte": said("invalid continuation byte"),
    "unexpected end of data": said("unexpected end of data"),
}
"""What Python's UTF-8 decoder says of bad bytes, worded."""


def _utf8_reason(exc: UnicodeDecodeError) -> Said | str:
    return _UTF8_SAYS.get(exc.reason, exc.reason)


def read_text_file(path: str | os.PathLike[str]) -> str:
    """Read a UTF-8 text file (a byte-order mark is dropped); failures are :class:`InputError`."""
    file = check_input_file(path)
    try:
        with open(file, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise InputError(_cannot_read(os_reason(exc)), file=file) from None
    if data.startswith(b"\x1f\x8b"):  # a .json.gz, say: a bomb is never inflated whole
        raise InputError(said("gzip data: only trace streams (.jsonl.gz) are read compressed; "
                              "decompress the file first"), file=file)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        start = exc.start + (3 if data.startswith(b"\xef\xbb\xbf") else 0)
        raise InputError(said("file is not valid UTF-8 ({reason})", reason=_utf8_reason(exc)),
                         file=file, where=_place_bytes(data, start)) from None


def _place_bytes(data: bytes, index: int) -> str:
    line = data.count(b"\n", 0, index) + 1
    column = index - (data.rfind(b"\n", 0, index) + 1) + 1
    return f"line {line}, column {column}"


_READ_BLOCK = 1 << 20
"""Bytes read at a time by :func:`read_lines`."""

_NOT_BLANK = re.compile(rb"[^ \t\n\r\f\v]")


def read_lines(path: str | os.PathLike[str]) -> Generator[tuple[int, str], None, None]:
    """The lines of a UTF-8 text file with their numbers (from 1), read as they are needed;
    a ``.gz`` file is decompressed within the bounds of :func:`tracer.compress.open_bytes`.
    Blank lines (ASCII white space only) are skipped at the cost of scanning their bytes,
    and reading is linear in the file's size however long a line is.  A line that is not
    UTF-8 is an :class:`InputError` naming its line and column."""
    from .compress import open_bytes

    file = check_input_file(path)
    try:
        handle = open_bytes(file)  # a .gz file is decompressed as it is read
    except OSError as exc:
        raise InputError(_cannot_read(os_reason(exc)), file=file) from None
    with handle:
        # A block at a time: a run of blank lines is crossed by one regular-expression
        # search and one count, a line longer than a block is gathered in a list and
        # joined once.
        lineno = 1  # the number of the line at ``pos``
        data, pos = b"", 0
        while True:
            end = data.find(b"\n", pos)
            if end < 0:  # the rest is part of a line: read on to its end
                parts = [data[pos:]]
                while True:
                    block = _read_block(handle, file)
                    parts.append(block)
                    if not block or b"\n" in block:
                        break
                data, pos = b"".join(parts), 0
                if block:
                    continue
                if not data.strip():
                    return
                data += b"\n"  # the last line, which had no newline
                end = len(data) - 1
            if data[pos] <= 32 and not data[pos:end].strip():
                found = _NOT_BLANK.search(data, pos)  # the blank lines from here: skip them
                stop = data.rfind(b"\n", pos, found.start() if found else len(data)) + 1
                lineno += data.count(b"\n", pos, stop)
                pos = stop
                continue
            raw = data[pos:end + 1]
            pos = end + 1
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise InputError(said("not valid UTF-8 ({reason})", reason=_utf8_reason(exc)),
                                 file=file, where=f"line {lineno}, column {exc.start + 1}"
                                 ) from None
            yield lineno, line
            lineno += 1


def _read_block(handle: Any, file: str) -> bytes:
    from .compress import unreadable

    try:
        block: bytes = handle.read(_READ_BLOCK)
    except Exception as exc:  # a corrupt or truncated .gz file
        if (why := unreadable(exc)) is None:
            raise
        raise InputError(why, file=file) from None
    return block


def load_json_file(path: str | os.PathLike[str]) -> Any:
    """Read a UTF-8 JSON file and parse it like :func:`loads_json`."""
    return loads_json(read_text_file(path), file=input_path(path))


def dumps_json(obj: Any) -> str:
    """Compact, deterministic JSON (key order as given, no NaN/Infinity, UTF-8 kept as is)."""
    return json.dumps(obj, allow_nan=False, ensure_ascii=False, separators=(",", ":"))


def dumps_json_pretty(obj: Any) -> str:
    """Indented JSON for files people read, ending with a newline."""
    return json.dumps(obj, allow_nan=False, ensure_ascii=False, indent=2) + "\n"


def encode_number(x: float) -> float | int | str:
    """The JSON spelling of a value: infinities become ``"+inf"`` / ``"-inf"``, the rest is kept.

    Integral floats stay floats (``3.0`` is not turned into ``3``); NaN and booleans
    raise :class:`ValueError`.
    """
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise ValueError(f"not a number: {x!r}")
    if isinstance(x, float):
        if x != x:
            raise ValueError("NaN has no JSON spelling")
        if x == math.inf:
            return "+inf"
        if x == -math.inf:
            return "-inf"
    return x


def decode_number(v: Any) -> float | int:
    """Read a value written by :func:`encode_number` (``"inf"`` is also accepted).

    Raises :class:`ValueError` for anything else: booleans, NaN, numeric strings like ``"3"``.
    """
    if isinstance(v, bool):
        raise ValueError(f"not a number: {v!r}")
    if isinstance(v, int):
        return v
    if isinstance(v, float):
        if v != v:
            raise ValueError("NaN is not a value")
        return v
    if isinstance(v, str) and v in INF_STRINGS:
        return INF_STRINGS[v]
    raise ValueError(f"not a number: {v!r}")


@contextmanager
def atomic_writer(path: str | os.PathLike[str]) -> Iterator[TextIO]:
    """Write a text file atomically: ``with atomic_writer(p) as out: out.write(...)``.

    The text goes to a temporary file in the same directory, which replaces ``path``
    only when the block ends without an exception; otherwise it is deleted and ``path``
    is left as it was.  An existing file keeps its permission bits.  ``-`` is standard
    output, a symbolic link's target is written and a device or FIFO is written
    directly: the rules of :func:`tracer.writing.open_output`.
    """
    from .writing import open_text_output

    with open_text_output(path) as handle:
        yield handle


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Replace the file at ``path`` with ``text`` (UTF-8) atomically; see :func:`atomic_writer`."""
    with atomic_writer(path) as handle:
        handle.write(text)


def csv_text(rows: Sequence[dict[str, Any]]) -> str:
    """JSON-shaped rows (one dict each, the first one's keys the columns) as CSV text
    with ``\\n`` line ends: the tables ``gametrace compare --format csv`` prints."""
    import csv
    import io

    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()
