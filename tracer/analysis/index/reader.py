"""Reading an index: its header, result and statistics, a node, its children, a node by
its path of moves, and a subtree bounded by depth and by a budget of nodes (the rest
folded).  Each question is one or a few lookups through the ``(parent, rank)`` index, so
its time grows with the answer, not with the trace."""

from __future__ import annotations

import json
import os
import re
import sqlite3
from dataclasses import asdict, dataclass
from typing import Any

from ...errors import InputError, UsageError
from ...said import Said, said
from .schema import (
    COLUMNS,
    FORMAT,
    VERSION,
    fingerprint,
    meta_checksum,
    no_such_file,
    row_checksum,
)

__all__ = ["Fold", "Index", "IndexNode", "Subtree", "open_index"]

_MAGIC = b"SQLite format 3\x00"
_SELECT = f"SELECT {', '.join(COLUMNS)}, crc FROM nodes"
_PATH_SEPARATORS = re.compile(r"[\s/]+")


@dataclass(frozen=True)
class IndexNode:
    """A node's row (the columns are described in :data:`.schema.COLUMNS`)."""

    ord: int
    """Its number, in the order the search opened the nodes (the root's is 0)."""
    id: str
    """Its id in the trace."""
    parent: int | None
    """Its parent's number (None at the root)."""
    depth: int
    """Its depth (the root's is 0)."""
    rank: int | None
    """Its place among its parent's children in search order (from 1)."""
    move: str | None
    """The move that reaches it (a tree's node name)."""
    player: str | None
    """``max``, ``min`` or ``chance``; None for a node settled without being opened."""
    value: int | float | str | None
    """Its final value (``"+inf"``/``"-inf"`` unbounded)."""
    alpha: int | float | str | None
    """The window it was opened with (None where the algorithm has none)."""
    beta: int | float | str | None
    """The window's upper end."""
    cut: str | None
    """The kind of the cut made at it (``alpha``, ``beta``, ``star1``), if any."""
    pruned: int
    """The children that cut left unsearched."""
    children: int
    """The children it generated (0 for a leaf)."""
    first: int
    """The ordinal (from 1) of its first event."""
    last: int
    """The ordinal of the last event of its subtree."""
    size: int
    """The nodes of its subtree, itself included."""
    search: int = 1
    """Which search of the node this row is (from 1): a node searched again (a re-search
    with a new window, another iteration of iterative deepening) has a row per search."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Fold:
    """The part of a drawn subtree left out under one node: ``children`` of its children
    and ``nodes`` nodes in all (their subtrees)."""

    node: int
    """The number of the node they hang under."""
    children: int
    """Its children not drawn."""
    nodes: int
    """The nodes not drawn under it."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Subtree:
    """A subtree as drawn: its nodes top-down, level by level, and what was folded."""

    nodes: tuple[IndexNode, ...]
    """The nodes drawn, the subtree's root first."""
    folds: tuple[Fold, ...]
    """Under which drawn nodes the rest hangs."""


class Index:
    """An open index (read only); :func:`open_index` checks it first."""

    def __init__(self, db: sqlite3.Connection, meta: dict[str, str], *, file: str) -> None:
        self.db, self.file = db, file
        self.meta = meta
        self.header: dict[str, Any] = json.loads(meta["header"])
        self.result: dict[str, Any] | None = json.loads(meta["result"])
        self.stats: dict[str, Any] | None = json.loads(meta["stats"])
        self.events = int(meta["events"])
        self.nodes = int(meta["nodes"])

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Index:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _rows(self, sql: str, args: tuple[Any, ...]) -> list[IndexNode]:
        """The rows ``sql`` selects, each checked against its checksum."""
        try:
            rows = self.db.execute(sql, args).fetchall()
        except sqlite3.DatabaseError as exc:
            raise InputError(said("the index is damaged ({reason}): build it again with "
                                  "gametrace index", reason=str(exc)),
                             file=self.file) from None
        for row in rows:
            if len(row) != len(COLUMNS) + 1 or row_checksum(row[:-1]) != row[-1]:
                raise damaged(said("the row of node number {number} does not match its "
                                   "checksum", number=row[0]), file=self.file)
        return [IndexNode(*row[:-1]) for row in rows]

    def node(self, ord_: int) -> IndexNode | None:
        """The node numbered ``ord_``, or None past the index's numbers; a number within
        them that has no row is damage."""
        rows = self._rows(f"{_SELECT} WHERE ord = ?", (ord_,))
        if not rows and 0 <= ord_ < self.nodes:
            raise damaged(said("node number {number} is missing (the index has {nodes} "
                               "nodes)", number=ord_, nodes=self.nodes), file=self.file)
        return rows[0] if rows else None

    def children(self, ord_: int, *, offset: int = 0, limit: int = 100) -> list[IndexNode]:
        """The children of node ``ord_`` the search reached, in search order (a child
        searched again: each search, in order)."""
        return self._rows(f"{_SELECT} WHERE parent = ? ORDER BY rank, ord LIMIT ? OFFSET ?",
                          (ord_, limit, offset))

    def rows_between(self, first: int, end: int) -> list[tuple[Any, ...]]:
        """The rows numbered ``first`` to ``end - 1`` as tuples of :data:`.schema.COLUMNS`
        (each checked against its checksum), for an export; a number in the range without
        a row is damage."""
        rows = [tuple(getattr(n, c) for c in COLUMNS) for n in
                self._rows(f"{_SELECT} WHERE ord >= ? AND ord < ? ORDER BY ord",
                           (first, end))]
        if len(rows) != min(end, self.nodes) - first:
            raise damaged(said("rows are missing between node numbers {first} and {last}",
                               first=first, last=min(end, self.nodes) - 1), file=self.file)
        return rows

    def root(self) -> IndexNode | None:
        """The root's last search (the one the result gives), None in an index of no
        nodes."""
        rows = self._rows(f"{_SELECT} WHERE parent IS NULL ORDER BY ord DESC LIMIT 1", ())
        if not rows and self.nodes:
            raise damaged(said("the root's row is missing (the index has {nodes} nodes)",
                               nodes=self.nodes), file=self.file)
        return rows[0] if rows else None

    def searches(self, node: IndexNode) -> list[IndexNode]:
        """Every search of ``node``'s node made under its parent's search (the root's:
        every iteration), in the order they were made; ``[node]`` when it was searched
        once."""
        if node.parent is None:
            return self._rows(f"{_SELECT} WHERE parent IS NULL ORDER BY ord", ())
        return self._rows(f"{_SELECT} WHERE parent = ? AND rank IS ? AND id = ? ORDER BY ord",
                          (node.parent, node.rank, node.id))

    def find(self, path: str) -> IndexNode:
        """The node reached from the root by ``path``: move names separated by spaces or
        slashes (empty: the root), through the last search of each node (the one whose
        value counts)."""
        node = self.root()
        if node is None:
            raise InputError(said("the index has no nodes"), file=self.file)
        for move in (m for m in _PATH_SEPARATORS.split(path) if m):
            found = self._rows(f"{_SELECT} WHERE parent = ? AND move = ? ORDER BY rank, "
                               "ord DESC LIMIT 1", (node.ord, move))
            if not found:
                moves = [c.move or c.id for c in self.children(node.ord, limit=12)]
                there = ", ".join(moves) + (", ..." if node.children > len(moves) else "")
                raise UsageError(said("no move {move!r} searched at node {node!r} (searched "
                                      "there: {there})", move=move, node=node.id,
                                      there=there or said("none")))
            node = found[0]
        return node

    def subtree(self, ord_: int, *, depth: int, budget: int) -> Subtree:
        """Node ``ord_`` and its descendants at most ``depth`` plies below it, level by
        level, at most ``budget`` nodes; what is left out is folded under the nodes drawn
        (as the renderers fold hidden nodes into boxes)."""
        root = self.node(ord_)
        if root is None:
            raise UsageError(said("no node numbered {number} (the index has 0 to {last})",
                                  number=ord_, last=self.nodes - 1))
        taken = [root]
        level = [root]
        folds: list[Fold] = []
        for _ in range(depth):
            below: list[IndexNode] = []
            for node in level:
                if node.size == 1:
                    continue
                room = budget - len(taken) - len(below)
                kids = self.children(node.ord, limit=room + 1) if room > 0 else []
                cut_short = len(kids) > room or room <= 0
                kids = kids[:max(room, 0)]
                below.extend(kids)
                hidden = node.size - 1 - sum(k.size for k in kids)
                if cut_short and hidden:
                    folds.append(Fold(node.ord, max(self._reached(node) - len(kids), 1),
                                      hidden))
            taken.extend(below)
            level = below
            if not level:
                break
        else:
            folds.extend(Fold(n.ord, self._reached(n), n.size - 1) for n in level if n.size > 1)
        return Subtree(tuple(taken), tuple(folds))

    def _reached(self, node: IndexNode) -> int:
        """The children of ``node`` the search reached."""
        return node.children - node.pruned if node.children else 0


def open_index(path: str | os.PathLike[str], *, trace: str | os.PathLike[str] | None = None
               ) -> Index:
    """Open the index at ``path``, refusing a file that is not one, a truncated one, one
    of another version and, when ``trace`` is given, one built from another trace (or from
    this one before it was rewritten)."""
    file = os.fspath(path)
    if not os.path.isfile(file):
        raise no_such_file(file)
    with open(file, "rb") as handle:
        head = handle.read(100)  # SQLite's file header
    if head[:len(_MAGIC)] != _MAGIC or len(head) < 100:
        raise InputError(said("not an index (expected a file gametrace index wrote)"),
                         file=file)
    # The header's page size and page count (valid while its change counter equals the
    # "version valid for" number): a shorter file lost its end.
    page = int.from_bytes(head[16:18], "big")
    expected = (65536 if page == 1 else page) * int.from_bytes(head[28:32], "big")
    if head[24:28] == head[92:96] and os.path.getsize(file) != expected:
        raise InputError(said("the index is truncated ({size} bytes, expected {expected}): "
                              "build it again with gametrace index",
                              size=os.path.getsize(file), expected=expected), file=file)
    try:
        db = sqlite3.connect(f"file:{_quote(os.path.abspath(file))}?mode=ro", uri=True,
                             check_same_thread=False)
    except sqlite3.Error as exc:
        raise InputError(said("cannot open the index: {reason}", reason=str(exc)),
                         file=file) from None
    try:
        meta = _meta(db, file)
    except BaseException:
        db.close()
        raise
    index = Index(db, meta, file=file)
    if trace is not None:
        size, digest = fingerprint(trace)
        if (str(size), digest) != (meta["trace_size"], meta["trace_head"]):
            index.close()
            same = said(", the same head") if digest == meta["trace_head"] else ""
            raise InputError(said("the index is stale: it was built from a trace of {built} "
                                  "bytes, and {trace} is another ({size} bytes{same}): build "
                                  "it again with gametrace index", built=meta["trace_size"],
                                  trace=os.fspath(trace), size=size, same=same), file=file)
    return index


def _quote(path: str) -> str:
    from urllib.parse import quote

    return quote(path)


def _meta(db: sqlite3.Connection, file: str) -> dict[str, str]:
    try:
        meta = dict(db.execute("SELECT key, value FROM meta"))
    except sqlite3.DatabaseError as exc:
        raise InputError(said("not an index, or a damaged one ({reason}): build it again "
                              "with gametrace index", reason=str(exc)), file=file) from None
    if meta.get("format") != FORMAT:
        raise InputError(said("not an index: expected format {format!r}", format=FORMAT),
                         file=file)
    if meta.get("version") != str(VERSION):
        raise InputError(said("unsupported index version {version!r} (this tool reads "
                              "version {reads}): build it again with gametrace index",
                              version=meta.get("version"), reads=VERSION), file=file)
    missing = [k for k in ("header", "result", "stats", "events", "nodes", "trace_size",
                           "trace_head", "checksum") if k not in meta]
    if missing:
        raise InputError(said("the index lacks {keys}: build it again with gametrace index",
                              keys=", ".join(missing)), file=file)
    if meta_checksum(meta) != meta["checksum"]:
        raise damaged(said("its summary (the meta table) does not match its checksum"),
                      file=file)
    return meta


def damaged(what: Said, *, file: str) -> InputError:
    """The error for an index whose checksums or numbers do not hold: ``what`` is
    wrong."""
    return InputError(said("the index is damaged: {what}: build it again with gametrace "
                           "index", what=what), file=file)
