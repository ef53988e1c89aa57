"""Progress bars on standard error (``click.progressbar``), for the commands that can run
for seconds: reading a big trace (``render``, ``stats``, ``regret``, ``bisect``,
``index``, ``browse``), many random orderings (``compare``), many seeds (``export``: one
step a seed made, one a variant written).

A bar is drawn only when standard error is a terminal and the command is not ``-q``:
never into a pipe or a file (a log would fill with carriage returns).

The readers are the library's and are left as they are: a bar over a file follows how
far the process has read it, as the system keeps it (``/proc/self/fdinfo``: the offset
of the descriptor open on that file), polled by a thread; where the system does not
keep it (not Linux), no bar is drawn.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

import click

from ..said import said

__all__ = ["count_bar", "file_bar", "shows_progress"]

_POLL_S = 0.2
"""How often a file's bar is brought up to date."""


def shows_progress(quiet: bool) -> bool:
    """Whether a bar may be drawn: standard error is a terminal and no -q."""
    from ..outputs import stderr_is_terminal
    from ..stderr_channel import level

    return not quiet and level() != "quiet" and stderr_is_terminal()


def _offset(path: str) -> int | None:
    """How far this process has read ``path`` (the largest offset of a descriptor open
    on it), None when no descriptor is open on it or the system does not say."""
    try:
        names = os.listdir("/proc/self/fd")
    except OSError:
        return None
    best: int | None = None
    for name in names:
        try:
            if os.readlink(f"/proc/self/fd/{name}") != path:
                continue
            with open(f"/proc/self/fdinfo/{name}") as info:
                for line in info:
                    if line.startswith("pos:"):
                        pos = int(line.split()[1])
                        best = pos if best is None else max(best, pos)
        except (OSError, ValueError):
            continue
    return best


@contextlib.contextmanager
def file_bar(path: str | os.PathLike[str], label: str, *, quiet: bool,
             then: str | None = None) -> Iterator[Callable[[int, int], None] | None]:
    """A bar over the reading of the file ``path`` while the block runs (``-``: the file
    standard input was read into).  ``then``: the label of the stages that follow the
    reading (a Graphviz layout, :func:`tracer.stderr_channel.doing`): the first ends the
    bar (the file is read) and each is said on one line that the next replaces.  The
    block gets a callback (None when no bar is drawn): called with ``(done, total)``, it
    ends the reading's bar and draws a second, labelled ``then``, over those steps (the
    frames drawn)."""
    from ..stderr_channel import listening
    from ..stdin import input_path

    if not shows_progress(quiet) or not os.path.exists("/proc/self/fdinfo"):
        yield None
        return
    file = os.path.realpath(input_path(path))
    try:
        size = os.path.getsize(file)
    except OSError:
        yield None
        return
    stop = threading.Event()
    lock = threading.Lock()
    bar = click.progressbar(length=max(size, 1), label=_word(label), file=sys.stderr,
                            show_eta=True, show_percent=True, width=30)
    done = [0]
    ended = [False]

    def follow() -> None:
        while not stop.wait(_POLL_S):
            pos = _offset(file)
            with lock:
                if not ended[0] and pos is not None and pos > done[0]:
                    bar.update(min(pos, size) - done[0])
                    done[0] = min(pos, size)

    def end() -> None:
        with lock:
            if not ended[0]:
                ended[0] = True
                bar.update(size - done[0])  # read to its end
                bar.render_finish()

    def stage(what: str) -> None:
        end()
        click.echo(f"\r\033[K{_word(then or '')}: {what} ...", err=True, nl=False)

    steps: dict[str, Any] = {}

    def step(done: int, total: int) -> None:
        end()
        after = steps.get("bar")
        if after is None:
            click.echo("\r\033[K", err=True, nl=False)  # the stage said, or the bar read
            after = steps["bar"] = click.progressbar(
                length=max(total, 1), label=_word(then or label), file=sys.stderr, width=30)
            after.__enter__()
        after.length = max(total, 1)
        after.update(done - after.pos)

    bar.__enter__()
    thread = threading.Thread(target=follow, daemon=True)
    thread.start()
    try:
        if then is None:
            yield step
        else:
            with listening(stage):
                yield step
        end()
    finally:
        stop.set()
        thread.join()
        with lock:
            if not ended[0]:
                ended[0] = True
                bar.render_finish()
        if "bar" in steps:
            steps["bar"].__exit__(None, None, None)
        _clear()


@contextlib.contextmanager
def count_bar(label: str, *, quiet: bool) -> Iterator[Callable[[int, int], None] | None]:
    """A bar over ``done`` of ``total`` steps: the block gets the callback to call with
    ``(done, total)`` (None when no bar is drawn)."""
    if not shows_progress(quiet):
        yield None
        return
    state: dict[str, Any] = {}

    def step(done: int, total: int) -> None:
        bar = state.get("bar")
        if bar is None:
            bar = state["bar"] = click.progressbar(length=max(total, 1), label=_word(label),
                                                   file=sys.stderr, width=30)
            bar.__enter__()
        bar.length = max(total, 1)  # an export learns its last steps' count on the way
        bar.update(done - bar.pos)

    try:
        yield step
    finally:
        if "bar" in state:
            state["bar"].__exit__(None, None, None)
            _clear()


def _clear() -> None:
    """The bar's line erased: what the command prints next starts a clean line."""
    click.echo("\r\033[K", err=True, nl=False)



_LABELS = {"reading": said("reading"), "indexing": said("indexing"),
           "comparing": said("comparing"), "drawing": said("drawing"),
           "exporting": said("exporting")}
"""The bars' labels, worded in the command's language."""


def _word(label: str) -> str:
    from ..stderr_channel import language

    found = _LABELS.get(label)
    return found.worded(language()) if found is not None else label
