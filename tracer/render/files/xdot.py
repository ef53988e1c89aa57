"""Graphviz's xdot: the drawing operations (every shape, line and text of a node or an
edge, in points) that Graphviz writes in a rendered graph's ``_draw_`` attributes, read
as (operation, arguments).  :mod:`.tikz` turns them into TikZ paths.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ...errors import TracerError
from ...said import said

__all__ = ["xdot_ops"]


def xdot_ops(data: bytes) -> Iterator[tuple[str, list[Any]]]:
    """Parse one xdot drawing attribute into (operation, arguments).

    Strings are written ``N -chars`` with N the length in bytes of the UTF-8 text.  The
    bundled Graphviz may write a few bytes of garbage as the style of a table cell
    (``S 32 -p=...``, not always counted right): words that start no operation are
    skipped until one does."""
    i, n = 0, len(data)

    def skip() -> None:
        nonlocal i
        while i < n and data[i:i + 1].isspace():
            i += 1

    def word() -> str:
        nonlocal i
        skip()
        start = i
        while i < n and not data[i:i + 1].isspace():
            i += 1
        return data[start:i].decode("latin-1")

    def number() -> float:
        return float(word())

    def string() -> str:
        nonlocal i
        length = int(word())
        skip()
        if data[i:i + 1] != b"-":
            raise TracerError(said("unexpected xdot text near byte {at}: {text}",
                                   at=i, text=repr(data[i:i + 20])))
        value = data[i + 1:i + 1 + length].decode("utf-8", "replace")
        i += 1 + length
        return value

    while True:
        skip()
        if i >= n:
            return
        op = word()
        after = i
        try:
            got = _operation(op, word, number, string)
        except (ValueError, IndexError, UnicodeDecodeError, TracerError):
            got = None
        if got is None:
            i = after  # not an operation: garbage the bundled Graphviz wrote; skip a word
            continue
        yield op, got


def _operation(op: str, word: Callable[[], str], number: Callable[[], float],
               string: Callable[[], str]) -> list[Any] | None:
    """The arguments of one xdot operation (None: ``op`` is not one)."""
    if op in ("c", "C", "S"):
        return [string()]
    if op == "F":
        return [number(), string()]
    if op == "t":
        return [int(word())]
    if op in ("E", "e"):
        return [number() for _ in range(4)]
    if op in ("P", "p", "L", "B", "b"):
        count = int(word())
        return [(number(), number()) for _ in range(count)]
    if op == "T":
        x, y, just, width = number(), number(), int(word()), number()
        return [x, y, just, width, string()]
    if op == "I":
        return [number() for _ in range(4)] + [string()]
    return None
