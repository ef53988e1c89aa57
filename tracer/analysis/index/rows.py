"""The rows of an index as a search is read: the path of open nodes (memory bounded by
the tree's depth) and the batch of rows waiting to be written, shared by the reader of
version-1 traces (:mod:`.build`) and of version-2 engine streams (:mod:`.engine`)."""

from __future__ import annotations

import sqlite3
from typing import Any

from ...jsonio import encode_number
from .schema import COLUMNS, row_checksum

__all__ = ["OpenNode", "RowWriter"]

_BATCH = 20_000
"""Rows written to SQLite at a time."""

_INSERT = f"INSERT INTO nodes VALUES ({', '.join('?' * (len(COLUMNS) + 1))})"
"""A row: its columns and its checksum."""


class OpenNode:
    """A node whose subtree is still being searched."""

    __slots__ = ("alpha", "beta", "children", "cut", "depth", "first", "id", "move",
                 "moves", "ord", "parent", "player", "pruned", "rank", "search", "seen",
                 "tried", "value")

    def __init__(self, ord_: int, node: str, parent: int | None, depth: int, rank: int | None,
                 move: str | None, player: str | None, first: int, search: int = 1) -> None:
        self.ord, self.id, self.parent, self.depth = ord_, node, parent, depth
        self.rank, self.move, self.player, self.first = rank, move, player, first
        self.search = search
        self.value: Any = None
        self.alpha: Any = None
        self.beta: Any = None
        self.cut: str | None = None
        self.pruned = 0
        self.children: tuple[str, ...] = ()
        self.moves: tuple[str, ...] | None = None
        self.seen: dict[str, int] = {}
        """The searches of each child so far."""
        self.tried = 0
        """The children tried so far (an engine's, which lists none before it tries one)."""


def number_or_none(x: Any) -> Any:
    return None if x is None else encode_number(x)


class RowWriter:
    """The path of open nodes and the rows waiting to be written: a node's row is written
    when its subtree closes."""

    def __init__(self, db: sqlite3.Connection, *, file: str) -> None:
        self.db, self.file = db, file
        self.path: list[OpenNode] = []
        self.rows: list[tuple[Any, ...]] = []
        self.next_ord = 0
        self.roots = 0  # the searches of the root so far
        self.n = 0  # the ordinal of the event being read (from 1)

    def _close_to(self, depth: int) -> None:
        """Close the open nodes at ``depth`` and below."""
        while len(self.path) > depth:
            node = self.path.pop()
            row = (node.ord, node.id, node.parent, node.depth, node.rank, node.move,
                   node.player, number_or_none(node.value), number_or_none(node.alpha),
                   number_or_none(node.beta), node.cut, node.pruned, self._children(node),
                   node.first, max(node.first, self.n - 1), self.next_ord - node.ord,
                   node.search)
            self.rows.append((*row, row_checksum(row)))
        if len(self.rows) >= _BATCH:
            self.flush()

    def _children(self, node: OpenNode) -> int:
        """The children ``node`` generated."""
        return len(node.children)

    def flush(self) -> None:
        self.db.executemany(_INSERT, self.rows)
        self.rows.clear()

    def _where(self, seq: int) -> str:
        return f"event {seq}"
