"""Writing pictures: whole files or nothing (a temporary file renamed into place)."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile

from ...errors import InputError

__all__ = ["write_bytes", "write_output"]


def write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically: a reader never sees half a picture."""
    target = os.fspath(path)
    directory = os.path.dirname(os.path.abspath(target))
    if not os.path.isdir(directory):
        raise InputError("cannot write here: the folder does not exist", file=target)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".tmp",
                                   dir=directory)
    except OSError as exc:
        raise InputError(f"cannot write file: {exc.strerror or exc}", file=target) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            mode = os.stat(target).st_mode & 0o7777
        except FileNotFoundError:
            mask = os.umask(0)
            os.umask(mask)
            mode = 0o666 & ~mask
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def write_output(out: str | os.PathLike[str], data: bytes) -> None:
    """Write to ``out``, or to standard output when ``out`` is ``-``."""
    if os.fspath(out) == "-":
        stream = getattr(sys.stdout, "buffer", None)
        if stream is not None:
            stream.write(data)
            stream.flush()
        else:
            sys.stdout.write(data.decode("utf-8"))
        return
    write_bytes(out, data)
