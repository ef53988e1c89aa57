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

__all__ = ["Level", "detail", "doing", "level", "listening", "note", "set_level", "warn"]

Level = Literal["quiet", "normal", "verbose"]

_level: list[Level] = ["normal"]
_warned: set[str] = set()
"""The warnings said since the level was last set: each is said once (a PNG scaled to
fit in each of 300 frames is one line, not 300)."""


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


def warn(line: str) -> None:
    """A warning: printed unless quiet, once."""
    if _level[0] != "quiet" and line not in _warned:
        _warned.add(line)
        _write(line)


def note(line: str) -> None:
    """A note (a file written): printed unless quiet."""
    if _level[0] != "quiet":
        _write(line)


def detail(line: str) -> None:
    """More than a note (a file read, a stage's time): printed only when verbose."""
    if _level[0] == "verbose":
        _write(line)


_listeners: list[Callable[[str], None]] = []


def doing(what: str) -> None:
    """The library starts a long stage (``laying out the tree``): told to the listener a
    command has (its progress line on a terminal), else to no one."""
    for listener in _listeners:
        listener(what)


@contextlib.contextmanager
def listening(listener: Callable[[str], None]) -> Iterator[None]:
    """While the block runs, ``listener`` hears each stage :func:`doing` starts."""
    _listeners.append(listener)
    try:
        yield
    finally:
        _listeners.remove(listener)
