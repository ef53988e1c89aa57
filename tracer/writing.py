"""Writing output: whole files or nothing, by the kind of the target.

A target checked by :mod:`tracer.outputs` (or a bare path, checked here by its kind) is
written by :func:`open_output` and :func:`write_output_bytes`:

* a regular file (or a new one) is written to a temporary file in the same folder and
  renamed into place on success, so a reader never sees half a file and an error, a
  full disk or an interrupt leaves the old file as it was and no temporary file behind;
* a symbolic link is followed: its target is written (by the same rule), the link stays;
* a character device or a FIFO (``/dev/null``, ``/dev/stdout``, a named pipe) is written
  directly: renaming a file over it would replace the device node;
* ``-`` is standard output; other special files (sockets, block devices) are refused.

A folder of files (the frames) is written the same way, whole or not at all
(:func:`staged_folder`), and while a user's code runs its prints go to standard error
(:func:`prints_to_stderr`), so that they cannot corrupt an output written to standard
output.  Writing that fails (a full disk) is an :class:`~tracer.errors.OutputError`, one
line naming the file.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator
from typing import IO, TextIO

from .errors import OutputError
from .outputs import STDOUT, OutputTarget, target_of
from .said import Said, said

__all__ = [
    "open_output",
    "open_text_output",
    "prints_to_stderr",
    "staged_folder",
    "write_output_bytes",
]


# Raised by a write, a flush or a close: the output's own failures.  (Other errors from
# inside a block, e.g. reading an input, are not the output's and pass unchanged.)
_WRITE_FAILURES = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EROFS}


def _failure(exc: OSError | Said, path: str) -> OutputError:
    """``cannot write file: REASON``: the system's words for an :class:`OSError` (in its
    own language), or a reason of ours."""
    reason = exc if isinstance(exc, Said) else str(exc.strerror or exc)
    return OutputError(said("cannot write file: {reason}", reason=reason), file=path)


def _open_device(target: OutputTarget) -> int:
    """A descriptor writing to a device or a pipe.  A named pipe is opened without
    waiting: opened plainly, a pipe that no program reads held the command for ever."""
    if not stat.S_ISFIFO(os.stat(target.real).st_mode):
        return os.open(target.real, os.O_WRONLY)
    try:
        fd = os.open(target.real, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as exc:
        if exc.errno != errno.ENXIO:
            raise
        raise _failure(said("no program is reading this pipe (start the reader first)"),
                       target.path) from None
    os.set_blocking(fd, True)  # a slow reader is waited for, as by any writer
    return fd


def _new_file_mode() -> int:
    # mkstemp creates 0600 files; give new outputs the mode open() would have given them.
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


_NEW_FILE_MODE = _new_file_mode()
_BUFFER = 1 << 20


@contextlib.contextmanager
def open_output(target: OutputTarget | str | os.PathLike[str], *, binary: bool = False,
                ) -> Iterator[IO[str] | IO[bytes]]:
    """A stream to ``target``; on success the output is complete, on any exception
    (an interrupt included) a regular file is left as it was and no temporary file
    remains.  A bare path is checked by kind only (no extension rule)."""
    if not isinstance(target, OutputTarget):
        text = os.fspath(target)
        target = (OutputTarget(text, text, "stdout") if text == STDOUT
                  else target_of(text, option="", probe=False))
    if target.kind == "stdout":
        yield from _stdout(binary)
        return
    if target.kind == "device":
        try:
            fd = _open_device(target)
            handle = (os.fdopen(fd, "wb") if binary
                      else os.fdopen(fd, "w", encoding="utf-8", newline="\n"))
        except OSError as exc:
            raise _failure(exc, target.path) from None
        try:
            with handle:
                yield handle
        except OSError as exc:
            if exc.errno in _WRITE_FAILURES:
                raise _failure(exc, target.path) from None
            raise
        return
    yield from _atomic(target, binary)


_DATA_STDOUT: list[IO[str]] = []
"""The real standard output while :func:`prints_to_stderr` holds ``sys.stdout``."""


class _ToStderr:
    """``sys.stdout`` while user code runs: what it prints goes to standard error (the
    stream in ``sys.stderr`` at the time of each write)."""

    def write(self, text: str) -> int:
        return sys.stderr.write(text)

    def flush(self) -> None:
        sys.stderr.flush()

    def __getattr__(self, name: str) -> object:
        return getattr(sys.stderr, name)


@contextlib.contextmanager
def prints_to_stderr() -> Iterator[None]:
    """While the block runs, ``print()`` (anything written to ``sys.stdout``) goes to
    standard error, and the outputs named ``-`` still go to the real standard output:
    a user's game that prints cannot corrupt a trace or a drawing written there."""
    _DATA_STDOUT.append(sys.stdout)
    sys.stdout = _ToStderr()
    try:
        yield
    finally:
        sys.stdout = _DATA_STDOUT.pop()


def _stdout(binary: bool) -> Iterator[IO[str] | IO[bytes]]:
    stream: IO[str] | IO[bytes] = _DATA_STDOUT[-1] if _DATA_STDOUT else sys.stdout
    if binary:
        stream = getattr(stream, "buffer", None) or stream
    yield stream
    stream.flush()


def _atomic(target: OutputTarget, binary: bool) -> Iterator[IO[str] | IO[bytes]]:
    real = target.real
    directory = os.path.dirname(real) or "."
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(real)}.", suffix=".tmp",
                                   dir=directory)
    except OSError as exc:
        raise _failure(exc, target.path) from None
    try:
        # A large buffer: a traced search writes a million short lines, and with the
        # default 8 KiB buffer, flushing it costs as much again as writing them.
        handle: IO[str] | IO[bytes] = (
            os.fdopen(fd, "wb", buffering=_BUFFER) if binary
            else os.fdopen(fd, "w", encoding="utf-8", newline="\n", buffering=_BUFFER))
        with handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        try:
            mode = os.stat(real).st_mode & 0o7777
        except FileNotFoundError:
            mode = _NEW_FILE_MODE
        os.chmod(tmp, mode)
        os.replace(tmp, real)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError) and exc.errno in _WRITE_FAILURES:
            raise _failure(exc, target.path) from None
        raise


@contextlib.contextmanager
def open_text_output(target: OutputTarget | str | os.PathLike[str]) -> Iterator[TextIO]:
    """:func:`open_output` for text."""
    with open_output(target) as handle:
        yield handle  # type: ignore[misc]


def write_output_bytes(target: OutputTarget | str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``target`` whole (see :func:`open_output`)."""
    with open_output(target, binary=True) as handle:
        handle.write(data)  # type: ignore[arg-type]


@contextlib.contextmanager
def staged_folder(directory: str | os.PathLike[str], *,
                  stale: Callable[[str], bool] = lambda name: False) -> Iterator[str]:
    """A folder of many outputs (frames), whole or not at all: files are written into a
    temporary sibling folder, moved into ``directory`` (made if missing) only when the
    block succeeds; then the files of ``directory`` for which ``stale(name)`` holds and
    that were not just written are deleted.  On any exception, an interrupt included,
    the temporary folder is removed and ``directory`` is left as it was."""
    import shutil

    target = os.fspath(directory)
    parent = os.path.dirname(os.path.abspath(target))
    try:
        staging = tempfile.mkdtemp(prefix=f".{os.path.basename(os.path.abspath(target))}.",
                                   suffix=".tmp", dir=parent)
    except OSError as exc:
        raise _failure(exc, target) from None
    try:
        yield staging
        os.makedirs(target, exist_ok=True)
        written = set(os.listdir(staging))
        for name in sorted(written):
            os.replace(os.path.join(staging, name), os.path.join(target, name))
        for name in sorted(os.listdir(target)):
            if name not in written and stale(name):
                os.unlink(os.path.join(target, name))
    except BaseException as exc:
        shutil.rmtree(staging, ignore_errors=True)
        if isinstance(exc, OSError) and exc.errno in _WRITE_FAILURES:
            raise _failure(exc, target) from None
        raise
    os.rmdir(staging)
