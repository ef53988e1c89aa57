"""Our notes and warnings on standard error, one channel: ``-q`` silences it and ``-v``
widens it (:func:`set_level`, which the command line's ``-q``/``-v`` call).

A *warning* (what Graphviz says of a drawing, a picture scaled to fit the renderer) and
a *note* (a file written) are printed unless quiet; a *detail* (a file read, how long a
stage took) only when verbose.  The answer a command was asked for is never sent here:
it goes to standard output, whatever the level.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import Literal

from .said import Said

__all__ = ["Level", "detail", "doing", "language", "level", "listening", "note",
           "set_language", "set_level", "warn"]

Level = Literal["quiet", "normal", "verbose"]

_level: list[Level] = ["normal"]
_warned: set[str] = set()
"""The warnings said since the level was last set: each is said once (a PNG scaled to
fit in each of 300 frames is one line, not 300)."""


_language: list[str] = ["en"]


def set_language(lang: str) -> None:
    """The language the channel words its lines in (the command's errors' language)."""
    _language[0] = lang


def language() -> str:
    """The language the channel words its lines in."""
    return _language[0]


def _worded(line: Said | str) -> str:
    return line.worded(_language[0]) if isinstance(line, Said) else line


def set_level(value: Level) -> None:
    """How much the channel says from now on (each command sets it as it starts)."""
    _level[0] = value
    _warned.clear()


def level() -> Level:
    """How much the channel says."""
    return _level[0]


def _write(line: str) -> None:
    stream = sys.stderr
    if stream is not None:
        stream.write(line.rstrip("\n") + "\n")
        stream.flush()


def warn(line: Said | str) -> None:
    """A warning: printed unless quiet, once."""
    text = _worded(line)
    if _level[0] != "quiet" and text not in _warned:
        _warned.add(text)
        _write(text)


def note(line: Said | str) -> None:
    """A note (a file written): printed unless quiet."""
    if _level[0] != "quiet":
        _write(_worded(line))


def detail(line: Said | str) -> None:
    """More than a note (a file read, a stage's time): printed only when verbose."""
    if _level[0] == "verbose":
        _write(_worded(line))


_listeners: list[Callable[[str], None]] = []


def doing(what: Said | str) -> None:
    """The library starts a long stage (``laying out the tree``): told, worded, to the
    listener a command has (its progress line on a terminal), else to no one."""
    for listener in _listeners:
        listener(_worded(what))


@contextlib.contextmanager
def listening(listener: Callable[[str], None]) -> Iterator[None]:
    """While the block runs, ``listener`` hears each stage :func:`doing` starts."""
    _listeners.append(listener)
    try:
        yield
    finally:
        _listeners.remove(listener)
