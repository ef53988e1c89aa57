"""Where output goes: the one set of rules every command (and the service) follows.

An output target is checked **before** any work starts (:func:`check_output`): the path
is not empty, its extension suits the role (a trace is ``.json``/``.jsonl``, a diagram
``.svg``/``.png``/``.pdf``/``.dot``), it is not a folder, its folder exists and can be
written.  ``-`` means standard output everywhere.  The outputs of one command are
checked together (:func:`check_outputs`, :func:`check_distinct`): at most one goes to
standard output, and no two are the same file, nor one of the inputs.

How a checked target is then written (whole or not at all) is :mod:`tracer.writing`.
A path that cannot be used is a :class:`~tracer.errors.UsageError`, one line naming the
option and the file.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .errors import UsageError
from .said import Said, said

__all__ = [
    "ROLES",
    "STDOUT",
    "OutputTarget",
    "check_distinct",
    "check_folder",
    "check_output",
    "check_outputs",
    "os_reason",
    "probe_folder",
    "stderr_is_terminal",
    "target_of",
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

_ROLE_NAMES: dict[str, Said] = {
    "trace": said("a trace"), "diagram": said("a diagram"), "strip": said("a strip"),
    "table": said("a table"), "class table": said("a class table"),
    "matrix": said("a matrix"), "tree": said("a tree"),
    "question bank": said("a question bank"), "question folder": said("a question folder"),
}
"""Each role of :data:`ROLES` as a message names it."""

_OS_REASONS: dict[int, Said] = {
    errno.ENOENT: said("No such file or directory"),
    errno.EACCES: said("Permission denied"),
    errno.EPERM: said("Operation not permitted"),
    errno.EISDIR: said("Is a directory"),
    errno.ENOTDIR: said("Not a directory"),
    errno.ELOOP: said("Too many levels of symbolic links"),
    errno.ENAMETOOLONG: said("File name too long"),
    errno.ENOSPC: said("No space left on device"),
    errno.EROFS: said("Read-only file system"),
    errno.EEXIST: said("File exists"),
}
"""The system's reasons the library words (as the C library says them in English)."""


def os_reason(exc: OSError) -> Said | str:
    """Why the system refused a file, for a message: the system's own words (``No such
    file or directory``), worded in the catalogs' languages when they are the usual
    ones, else as the system gave them."""
    reason = _OS_REASONS.get(exc.errno or 0)
    if reason is not None and reason.template == exc.strerror:
        return reason
    return exc.strerror or str(exc)

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
        raise UsageError(said("{option}: the path is empty (give a file name, or - for "
                              "standard output)", option=option))
    if text == STDOUT:
        return OutputTarget(text, text, "stdout")
    allowed = ROLES[role]
    lower = text.lower()
    if not any(lower.endswith(ext) for ext in allowed):
        ext = os.path.splitext(text)[1]
        shown = said("unknown extension {ext!r}", ext=ext) if ext else said("no extension")
        raise UsageError(said("{where}: {extension} for {role} (use {allowed}, or - for "
                              "standard output)", where=_where(option, text), extension=shown,
                              role=_ROLE_NAMES[role], allowed=", ".join(allowed)))
    return target_of(text, option=option)


def target_of(text: str, *, option: str, probe: bool = True) -> OutputTarget:
    """The target ``text`` names, by its kind (a device, a pipe, a regular file, made or
    new), checked but for its extension; ``probe``: its folder can be written."""
    real = os.path.realpath(text)
    try:
        st = os.stat(real)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise _cannot_write(option, text, os_reason(exc)) from None
    if st is not None:
        if stat.S_ISDIR(st.st_mode):
            raise UsageError(said("{where}: is a folder (give a file name in it)",
                                  where=_where(option, text)))
        if stat.S_ISCHR(st.st_mode) or stat.S_ISFIFO(st.st_mode):
            if not os.access(real, os.W_OK):
                raise _cannot_write(option, text, said("permission denied"))
            return OutputTarget(text, real, "device")
        if not stat.S_ISREG(st.st_mode):
            raise UsageError(said("{where}: is not a regular file, a character device or a "
                                  "pipe: refusing to write there", where=_where(option, text)))
    if probe:
        _check_writable_folder(os.path.dirname(real) or ".", text=text, option=option,
                               shown=os.path.dirname(text) or ".")
    return OutputTarget(text, real, "file")


def _cannot_write(option: str, text: str, reason: Said | str) -> UsageError:
    return UsageError(said("{where}: cannot write here: {reason}", where=_where(option, text),
                           reason=reason))


def _check_writable_folder(folder: str, *, text: str, option: str,
                           shown: str | None = None) -> None:
    if not os.path.isdir(folder):
        raise _cannot_write(option, text, said("the folder {folder!r} does not exist",
                                               folder=shown or folder))
    try:
        probe_folder(folder)
    except OSError as exc:
        raise UsageError(said("{where}: cannot write in the folder {folder!r}: {reason}",
                              where=_where(option, text), folder=folder,
                              reason=os_reason(exc))) from None


def probe_folder(folder: str | os.PathLike[str]) -> None:
    """Make and remove a file in ``folder``, or raise the :class:`OSError` that says why
    it cannot: ``os.access`` says yes to root even on a read-only mount."""
    fd, probe = tempfile.mkstemp(prefix=".gametrace-probe-", dir=folder)
    os.close(fd)
    os.unlink(probe)


_THIS_WRITES = said("this writes")
"""Who writes a folder of files, when the caller does not say (:func:`check_folder`)."""


def check_folder(path: str | os.PathLike[str], *, option: str,
                 what: Said = _THIS_WRITES) -> str:
    """Check an output folder (``--frames DIR``): not empty, not ``-`` (a folder of files
    cannot go to standard output; ``what`` names the writer in that message:
    ``said("exercise writes")``), not a file, its parent exists and can be written (the
    folder itself is made when missing)."""
    text = os.fspath(path)
    if text == "":
        raise UsageError(said("{option}: the path is empty (give a folder)", option=option))
    if text == STDOUT:
        raise UsageError(said("{option} -: {what} a folder of files, not one stream; give a "
                              "folder name", option=option, what=what))
    if os.path.lexists(text) and not os.path.isdir(text):
        raise UsageError(said("{where}: exists and is not a folder", where=_where(option, text)))
    real = os.path.realpath(text)
    is_folder = os.path.isdir(real)
    _check_writable_folder(real if is_folder else os.path.dirname(real), text=text,
                           option=option, shown=text if is_folder
                           else os.path.dirname(text.rstrip("/")) or ".")
    return text


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
        both: Said | str = to_stdout[0]
        for option in to_stdout[1:]:
            both = said("{first} and {second}", first=both, second=option)
        raise UsageError(said("{options} both write to standard output: give all but one a "
                              "file name", options=both))
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
                raise UsageError(said("{option} {path!r} and {other} {other_path!r} are the "
                                      "same file: give each output a name of its own",
                                      option=option, path=text, other=other,
                                      other_path=other_text))
        for label, source in inputs:
            if source is None or os.fspath(source) == STDOUT:
                continue
            if ident.same(_identity(os.fspath(source))):
                raise UsageError(said("{option} {path!r} is the input {label} {input!r}: "
                                      "writing it would destroy what is read; give the "
                                      "output another name", option=option, path=text,
                                      label=label, input=os.fspath(source)))
        for label, folder in folders:
            if folder is None:
                continue
            inside = os.path.realpath(os.fspath(folder))
            if ident.real.startswith(inside.rstrip(os.sep) + os.sep):
                raise UsageError(said("{option} {path!r} is inside the folder {label} "
                                      "{folder!r}, which is written whole: give it a place "
                                      "outside", option=option, path=text, label=label,
                                      folder=os.fspath(folder)))
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
