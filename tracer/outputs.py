"""Where output goes: the one set of rules every command (and the service) follows.

An output target is checked **before** any work starts (:func:`check_output`): the path
is not empty, its extension suits the role (a trace is ``.json``/``.jsonl``, a diagram
``.svg``/``.png``/``.pdf``/``.dot``), it is not a folder, its folder exists and can be
written.  ``-`` means standard output everywhere.

Writing (:func:`open_output`, :func:`write_output_bytes`) follows the kind of the target:

* a regular file (or a new one) is written to a temporary file in the same folder and
  renamed into place on success, so a reader never sees half a file and an error, a
  full disk or an interrupt leaves the old file as it was and no temporary file behind;
* a symbolic link is followed: its target is written (by the same rule), the link stays;
* a character device or a FIFO (``/dev/null``, ``/dev/stdout``, a named pipe) is written
  directly: renaming a file over it would replace the device node;
* ``-`` is standard output; other special files (sockets, block devices) are refused.

Failures are :class:`~tracer.errors.UsageError` (a path that cannot be used, found
before the work) or :class:`~tracer.errors.OutputError` (writing failed, e.g. a full
disk), each one line naming the file.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Literal, TextIO

from .errors import OutputError, UsageError

__all__ = [
    "ROLES",
    "STDOUT",
    "OutputTarget",
    "check_distinct",
    "check_folder",
    "check_output",
    "check_outputs",
    "open_output",
    "prints_to_stderr",
    "probe_folder",
    "staged_folder",
    "stderr_is_terminal",
    "write_output_bytes",
]

STDOUT = "-"
"""The path that means standard output, in every command."""

ROLES: dict[str, tuple[str, ...]] = {
    "trace": (".json", ".jsonl", ".jsonl.gz"),
    "diagram": (".svg", ".png", ".pdf", ".dot", ".gv", ".tex"),
    "strip": (".svg", ".png", ".pdf", ".dot", ".gv"),
    "table": (".txt", ".csv", ".json"),
    "class table": (".csv", ".json"),
    "matrix": (".svg", ".png", ".pdf", ".dot", ".gv", ".json"),
    "tree": (".json", ".tree", ".txt"),
    "question bank": (".xml",),
    "question folder": (".zip",),
}
"""The extensions each kind of output accepts (``-`` is accepted by every role)."""

Kind = Literal["stdout", "file", "device"]


@dataclass(frozen=True)
class OutputTarget:
    """A checked output: ``path`` as given, ``real`` the file actually written
    (a symbolic link's target), ``kind`` how it is written."""

    path: str
    real: str
    kind: Kind

    def __str__(self) -> str:
        return self.path


def _where(option: str, path: str) -> str:
    return f"{option} {path!r}" if option else repr(path)


def check_output(path: str | os.PathLike[str], *, role: str, option: str = "-o") -> OutputTarget:
    """Check that ``path`` can take output of ``role`` (a key of :data:`ROLES`) before any
    work is done; ``option`` names the option in messages (``-o``, ``--render``)."""
    text = os.fspath(path)
    if text == "":
        raise UsageError(f"{option}: the path is empty (give a file name, or - for "
                         "standard output)")
    if text == STDOUT:
        return OutputTarget(text, text, "stdout")
    allowed = ROLES[role]
    lower = text.lower()
    if not any(lower.endswith(ext) for ext in allowed):
        ext = os.path.splitext(text)[1]
        shown = f"unknown extension {ext!r}" if ext else "no extension"
        raise UsageError(f"{_where(option, text)}: {shown} for a {role} (use "
                         f"{', '.join(allowed)}, or - for standard output)")
    return _check_path(text, option=option)


def _check_path(text: str, *, option: str, probe: bool = True) -> OutputTarget:
    real = os.path.realpath(text)
    try:
        st = os.stat(real)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise UsageError(f"{_where(option, text)}: cannot write here: "
                         f"{exc.strerror or exc}") from None
    if st is not None:
        if stat.S_ISDIR(st.st_mode):
            raise UsageError(f"{_where(option, text)}: is a folder (give a file name in it)")
        if stat.S_ISCHR(st.st_mode) or stat.S_ISFIFO(st.st_mode):
            if not os.access(real, os.W_OK):
                raise UsageError(f"{_where(option, text)}: cannot write here: permission "
                                 "denied")
            return OutputTarget(text, real, "device")
        if not stat.S_ISREG(st.st_mode):
            raise UsageError(f"{_where(option, text)}: is not a regular file, a character "
                             "device or a pipe: refusing to write there")
    if probe:
        _check_writable_folder(os.path.dirname(real) or ".", text=text, option=option,
                               shown=os.path.dirname(text) or ".")
    return OutputTarget(text, real, "file")


def _check_writable_folder(folder: str, *, text: str, option: str,
                           shown: str | None = None) -> None:
    if not os.path.isdir(folder):
        raise UsageError(f"{_where(option, text)}: cannot write here: the folder "
                         f"{shown or folder!r} does not exist")
    try:
        probe_folder(folder)
    except OSError as exc:
        raise UsageError(f"{_where(option, text)}: cannot write in the folder {folder!r}: "
                         f"{exc.strerror or exc}") from None


def probe_folder(folder: str | os.PathLike[str]) -> None:
    """Make and remove a file in ``folder``, or raise the :class:`OSError` that says why
    it cannot: ``os.access`` says yes to root even on a read-only mount."""
    fd, probe = tempfile.mkstemp(prefix=".gametrace-probe-", dir=folder)
    os.close(fd)
    os.unlink(probe)


def check_folder(path: str | os.PathLike[str], *, option: str, what: str = "this writes"
                 ) -> str:
    """Check an output folder (``--frames DIR``): not empty, not ``-`` (a folder of files
    cannot go to standard output; ``what`` names the writer in that message: ``exercise
    writes``), not a file, its parent exists and can be written (the folder itself is
    made when missing)."""
    text = os.fspath(path)
    if text == "":
        raise UsageError(f"{option}: the path is empty (give a folder)")
    if text == STDOUT:
        raise UsageError(f"{option} -: {what} a folder of files, not one stream; give a "
                         "folder name")
    if os.path.lexists(text) and not os.path.isdir(text):
        raise UsageError(f"{_where(option, text)}: exists and is not a folder")
    real = os.path.realpath(text)
    is_folder = os.path.isdir(real)
    _check_writable_folder(real if is_folder else os.path.dirname(real), text=text,
                           option=option, shown=text if is_folder
                           else os.path.dirname(text.rstrip("/")) or ".")
    return text


# Raised by a write, a flush or a close: the output's own failures.  (Other errors from
# inside a block, e.g. reading an input, are not the output's and pass unchanged.)
_WRITE_FAILURES = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EROFS}


def _failure(exc: OSError, path: str) -> OutputError:
    return OutputError(f"cannot write file: {exc.strerror or exc}", file=path)


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
        raise OutputError("cannot write file: no program is reading this pipe (start "
                          "the reader first)", file=target.path) from None
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
                  else _check_path(text, option="", probe=False))
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


def check_outputs(*outputs: tuple[str, str | None, str], json_flag: bool = False,
                  inputs: Sequence[tuple[str, str | os.PathLike[str] | None]] = ()) -> bool:
    """Check each ``(option, path, role)`` of a command before any work (see
    :func:`check_output`); at most one may be ``-``, and none when ``--json`` prints to
    standard output; no two may be the same file, nor one of the ``inputs``
    (:func:`check_distinct`).  True when one writes to standard output."""
    given = [(option, path) for option, path, role in outputs if path is not None
             and check_output(path, role=role, option=option) is not None]
    check_distinct(given, inputs=inputs)
    to_stdout = [option for option, path in given if path == STDOUT]
    if json_flag and to_stdout:
        to_stdout.append("--json")
    if len(to_stdout) > 1:
        raise UsageError(f"{' and '.join(to_stdout)} both write to standard output: "
                         "give all but one a file name")
    return bool(to_stdout)


def stderr_is_terminal() -> bool:
    """Whether progress may be drawn on standard error (a terminal, not a file or pipe)."""
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


Named = tuple[str, "str | os.PathLike[str] | None"]
"""An option (or an argument's name) and the path given to it (None: not given)."""


def check_distinct(outputs: Sequence[Named], *, inputs: Sequence[Named] = (),
                   folders: Sequence[Named] = ()) -> None:
    """A :class:`UsageError` when two ``outputs`` are the same file, an output is one of
    the ``inputs`` (writing it would destroy what is read), or an output lies inside
    one of the output ``folders`` (``--frames DIR``).  Paths are compared resolved
    (symbolic links followed) and, for files that exist, by device and inode (hard
    links); ``-`` (standard output) and character devices (``/dev/null``) may repeat."""
    seen: list[tuple[str, str, _Identity]] = []
    for option, path in outputs:
        if path is None or os.fspath(path) == STDOUT:
            continue
        text = os.fspath(path)
        ident = _identity(text)
        if ident.device:
            continue
        for other, other_text, other_ident in seen:
            if ident.same(other_ident):
                raise UsageError(f"{option} {text!r} and {other} {other_text!r} are the same "
                                 "file: give each output a name of its own")
        for label, source in inputs:
            if source is None or os.fspath(source) == STDOUT:
                continue
            if ident.same(_identity(os.fspath(source))):
                raise UsageError(f"{option} {text!r} is the input {label} "
                                 f"{os.fspath(source)!r}: writing it would destroy what is "
                                 "read; give the output another name")
        for label, folder in folders:
            if folder is None:
                continue
            inside = os.path.realpath(os.fspath(folder))
            if ident.real.startswith(inside.rstrip(os.sep) + os.sep):
                raise UsageError(f"{option} {text!r} is inside the folder {label} "
                                 f"{os.fspath(folder)!r}, which is written whole: give it "
                                 "a place outside")
        seen.append((option, text, ident))


@dataclass(frozen=True)
class _Identity:
    real: str
    inode: tuple[int, int] | None
    device: bool

    def same(self, other: _Identity) -> bool:
        if self.real == other.real:
            return True
        return self.inode is not None and self.inode == other.inode


def _identity(text: str) -> _Identity:
    real = os.path.realpath(text)
    try:
        st = os.stat(real)
    except OSError:
        return _Identity(real, None, False)
    return _Identity(real, (st.st_dev, st.st_ino), stat.S_ISCHR(st.st_mode))
