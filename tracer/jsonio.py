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
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any, TextIO

from tracer.errors import InputError

__all__ = [
    "INF_STRINGS",
    "atomic_write_text",
    "atomic_writer",
    "decode_number",
    "dumps_json",
    "dumps_json_pretty",
    "encode_number",
    "json_path",
    "load_json_file",
    "loads_json",
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


def _reject_constant(name: str) -> Any:
    # Python's json accepts NaN and Infinity, which are not JSON and which other tools reject.
    raise _NotJson(f'{name} is not JSON (write "+inf" or "-inf" for unbounded values)')


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _NotJson(f"duplicate key {json.dumps(key, ensure_ascii=False)} in an object")
            seen.add(key)
    return obj


def loads_json(text: str, *, file: str) -> Any:
    """Parse ``text`` as JSON; any problem is an :class:`InputError` naming ``file``.

    NaN, Infinity and duplicate object keys are rejected.  A document nested deeper
    than the interpreter's recursion limit allows is reported, not crashed on.
    """
    try:
        return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        message = exc.msg[:1].lower() + exc.msg[1:]
        raise InputError(
            f"invalid JSON: {message}", file=file, where=f"line {exc.lineno}, column {exc.colno}"
        ) from None
    except _NotJson as exc:
        raise InputError(f"invalid JSON: {exc}", file=file) from None
    except RecursionError:
        raise InputError(
            "JSON nesting is too deep to parse here (the interpreter's recursion limit was hit)",
            file=file,
        ) from None


def read_text_file(path: str | os.PathLike[str]) -> str:
    """Read a UTF-8 text file (a byte-order mark is dropped); failures are :class:`InputError`."""
    file = os.fspath(path)
    try:
        with open(file, encoding="utf-8-sig") as handle:
            return handle.read()
    except UnicodeDecodeError as exc:
        raise InputError(
            f"file is not valid UTF-8 ({exc.reason} at byte {exc.start})", file=file
        ) from None
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror or exc}", file=file) from None


def load_json_file(path: str | os.PathLike[str]) -> Any:
    """Read a UTF-8 JSON file and parse it like :func:`loads_json`."""
    return loads_json(read_text_file(path), file=os.fspath(path))


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


def _new_file_mode() -> int:
    # mkstemp creates 0600 files; give new outputs the mode open() would have given them.
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


_NEW_FILE_MODE = _new_file_mode()


_BUFFER = 1 << 20


@contextmanager
def atomic_writer(path: str | os.PathLike[str]) -> Iterator[TextIO]:
    """Write a text file atomically: ``with atomic_writer(p) as out: out.write(...)``.

    The text goes to a temporary file in the same directory, which replaces ``path``
    only when the block ends without an exception; otherwise it is deleted and ``path``
    is left as it was.  An existing file keeps its permission bits.
    """
    target = os.fspath(path)
    directory = os.path.dirname(os.path.abspath(target))
    fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".tmp", dir=directory)
    try:
        # A large buffer: a traced search writes a million short lines, and with the
        # default 8 KiB buffer, flushing it costs as much again as writing them.
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n", buffering=_BUFFER) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        try:
            mode = os.stat(target).st_mode & 0o7777
        except FileNotFoundError:
            mode = _NEW_FILE_MODE
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Replace the file at ``path`` with ``text`` (UTF-8) atomically; see :func:`atomic_writer`."""
    with atomic_writer(path) as handle:
        handle.write(text)
