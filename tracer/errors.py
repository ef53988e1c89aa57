"""The exceptions the library raises.

Every error derives from :class:`TracerError`; each also derives from the built-in
exception a caller would naturally catch (``ValueError`` for bad input, ``OSError``
for missing tools).  Only :mod:`tracer.cli` turns them into exit codes.

An error's message is a :class:`~tracer.said.Said` (:func:`~tracer.said.said`): ``str()``
gives the English line, and ``error.said.worded("it")`` the same line in Italian, which is
how the service answers in the request's language.
"""

from __future__ import annotations

from typing import Any

from .said import Said, place_worded

__all__ = [
    "MESSAGE_CHARS",
    "SHOWN_FILES",
    "GraphvizMissing",
    "InputError",
    "LimitExceeded",
    "MissingInput",
    "OutputError",
    "TooDeep",
    "TracerError",
    "UsageError",
    "one_line",
]


class TracerError(Exception):
    """Base class of every error raised by gametree-tracer.

    ``said`` is the message, to be worded in any language; ``str()`` is its English.
    """

    def __init__(self, message: Said) -> None:
        self.said = message if isinstance(message, Said) else Said(str(message))
        super().__init__(str(self.said))

    def worded(self, lang: str) -> str:
        """The one line ``str()`` gives, in ``lang``."""
        return self.said.worded(lang)

    def __reduce__(self) -> tuple[Any, ...]:
        # an error crosses a process boundary (a worker's answer) with its wording and its
        # place: ``args`` alone holds only the English line
        return (_rebuilt, (type(self), self.said), dict(self.__dict__))


class UsageError(TracerError, ValueError):
    """An option or argument has a value the tool does not accept (exit code 2)."""


SHOWN_FILES: dict[str, str] = {"-": "<stdin>"}
"""Files a message names otherwise: standard input (``-``, and the temporary file it was
read into, which :mod:`tracer.stdin` adds) is ``<stdin>``."""


class InputError(TracerError, ValueError):
    """An input file (tree, trace, solution) is malformed or breaks its schema.

    ``file`` names the file, ``where`` the place in it: a JSON path such as
    ``$.children[1].value`` or ``line 3, column 7``.  ``str()`` gives the one-line
    message the CLI prints.
    """

    def __init__(self, message: Said, *, file: str | None = None,
                 where: str | None = None) -> None:
        self.file = SHOWN_FILES.get(file, file) if file is not None else None
        self.where = where
        super().__init__(message)
        self.args = (self.__str__(),)

    @property
    def message(self) -> str:
        """The message alone, in English, without the file and the place."""
        return str(self.said)

    def __str__(self) -> str:
        return self.worded("en")

    def worded(self, lang: str) -> str:
        """``FILE: PLACE: MESSAGE`` in ``lang`` (the file's name as it is)."""
        parts = [p for p in (self.file, self.where and place_worded(self.where, lang)) if p]
        return ": ".join([*parts, self.said.worded(lang)])


class MissingInput(UsageError, InputError):
    """An input file that is not there (or is a folder, a pipe, a device): a usage error
    (exit code 2) in every command, with the file named like an :class:`InputError`."""


class OutputError(InputError):
    """Writing an output failed (a full disk, a folder that went away); names the file."""

    def __init__(self, message: Said, *, file: str | None = None,
                 where: str | None = None) -> None:
        super().__init__(message, where=where)
        self.file = file  # an output's "-" is standard output, named as it was given
        self.args = (self.__str__(),)


class LimitExceeded(TracerError, RuntimeError):
    """A size or depth limit stopped the work; the message names the option that raises it."""


class TooDeep(LimitExceeded):
    """A search outgrew the recursion limit (``limit`` frames).  The message names only
    what every caller has (``--depth``); a command that has ``--max-ply`` words it with
    that option too (the CLI's face), so that no advice names an option the command lacks."""

    def __init__(self, message: Said, *, limit: int = 0) -> None:
        super().__init__(message)
        self.limit = limit


class GraphvizMissing(TracerError, OSError):
    """The Graphviz layout engine could not be loaded."""


def _rebuilt(kind: type[TracerError], message: Said) -> TracerError:
    error = kind.__new__(kind)
    TracerError.__init__(error, message)
    return error


class Deadline(BaseException):
    """Raised inside work that ran past its deadline (a game looping in ``actions``).

    A BaseException, so that ``except Exception`` in a game does not swallow it."""


MESSAGE_CHARS = 2_000
"""Longest error line the faces print or answer: a message quotes the bad value, and a
value can be a megabyte (a key of a tree file, a name in a request)."""


def one_line(message: str, limit: int = MESSAGE_CHARS) -> str:
    """``message`` as one line of at most about ``limit`` characters: line breaks and
    other control characters (``\\r``, ``\\x1b``, ``\\u2028``, ...) written as escapes,
    so that no value a message quotes can add a line or move the cursor, and the middle
    of a longer message cut out, saying how much."""
    text = " ".join(message.split("\n"))
    if not text.isprintable():
        text = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                       for c in text)
    if len(text) <= limit:
        return text
    head, tail = limit * 3 // 4, limit // 8
    return f"{text[:head]} ... [{len(text) - head - tail:,} characters] ... {text[-tail:]}"
