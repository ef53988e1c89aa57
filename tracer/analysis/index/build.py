"""Building an index in one pass over a trace, with memory bounded by the depth of the
tree (the path of open nodes and their children) and a batch of rows, never by the number
of events: a node's row is written when its subtree closes.

A node is opened by its ``expand`` (an inner node) or its ``evaluate`` (a leaf) and
closed by the next event outside its subtree (its parent's ``backup``, a sibling's
``expand``).  Its value is what its parent's ``backup`` says the child returned (the
root's: the result's value), else the last value it held (a search a budget stopped).  A
child a transposition-table hit settled is backed up without being opened: it gets a row
of its own with that value.  Each node must be searched once: a trace that opens a node
again (iterative deepening, a re-search) is refused, since its rows would be two
different searches of one node.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from ...errors import InputError, OutputError
from ...events import Backup, Cut, Evaluate, Event, Expand
from ...header import Header
from ...jsonio import dumps_json, encode_number
from ...said import said
from ...scanning import items_after_header
from ...stdin import input_path
from ...trace import Result
from ...visit import EventVisitor
from .. import not_open, opened_without_parent
from .schema import (
    AFTER_LOAD,
    COLUMNS,
    DDL,
    FORMAT,
    VERSION,
    fingerprint,
    meta_checksum,
    no_such_file,
    row_checksum,
)

__all__ = ["INDEXABLE", "Counter", "build_index"]

INDEXABLE = ("minimax", "alphabeta", "expectiminimax", "enhanced")
"""The algorithms whose traces have a tree to index (each node opened under its parent)."""

_BATCH = 20_000
"""Rows written to SQLite at a time."""

_INSERT = f"INSERT INTO nodes VALUES ({', '.join('?' * (len(COLUMNS) + 1))})"
"""A row: its columns and its checksum."""


class Counter(Protocol):
    """What else reads the events as the index is built (the statistics' tally)."""

    def start(self, header: Header) -> None: ...

    def emit(self, event: Event) -> None: ...


class _Open:
    """A node whose subtree is still being searched."""

    __slots__ = ("alpha", "beta", "children", "cut", "depth", "first", "id", "move",
                 "moves", "ord", "parent", "player", "pruned", "rank", "seen", "value")

    def __init__(self, ord_: int, node: str, parent: int | None, depth: int, rank: int | None,
                 move: str | None, player: str | None, first: int) -> None:
        self.ord, self.id, self.parent, self.depth = ord_, node, parent, depth
        self.rank, self.move, self.player, self.first = rank, move, player, first
        self.value: Any = None
        self.alpha: Any = None
        self.beta: Any = None
        self.cut: str | None = None
        self.pruned = 0
        self.children: tuple[str, ...] = ()
        self.moves: tuple[str, ...] | None = None
        self.seen: set[str] = set()


def _number(x: Any) -> Any:
    return None if x is None else encode_number(x)


class _Builder(EventVisitor[None]):
    """The open path and the rows waiting to be written (see the module's docstring)."""

    def __init__(self, db: sqlite3.Connection, *, file: str) -> None:
        self.db, self.file = db, file
        self.path: list[_Open] = []
        self.rows: list[tuple[Any, ...]] = []
        self.next_ord = 0
        self.n = 0  # the ordinal of the event being read (from 1)

    def _close_to(self, depth: int) -> None:
        """Close the open nodes at ``depth`` and below."""
        while len(self.path) > depth:
            node = self.path.pop()
            row = (node.ord, node.id, node.parent, node.depth, node.rank, node.move,
                   node.player, _number(node.value), _number(node.alpha),
                   _number(node.beta), node.cut, node.pruned, len(node.children),
                   node.first, max(node.first, self.n - 1), self.next_ord - node.ord)
            self.rows.append((*row, row_checksum(row)))
        if len(self.rows) >= _BATCH:
            self.flush()

    def flush(self) -> None:
        self.db.executemany(_INSERT, self.rows)
        self.rows.clear()

    def _where(self, seq: int) -> str:
        return f"event {seq}"

    def _open(self, node: str, depth: int, player: str | None, seq: int) -> _Open:
        self._close_to(depth)
        if len(self.path) != depth:
            raise InputError(opened_without_parent(node, depth), file=self.file,
                             where=self._where(seq))
        parent = self.path[-1] if self.path else None
        rank: int | None = None
        move: str | None = None
        if parent is not None:
            if node not in parent.children:
                raise InputError(said("node {node} is not one of the children of {parent}",
                                      node=node, parent=parent.id),
                                 file=self.file, where=self._where(seq))
            if node in parent.seen:
                raise InputError(said("node {node} is searched again: an index needs each "
                                      "node searched once (no iterative deepening or "
                                      "re-search)", node=node),
                                 file=self.file, where=self._where(seq))
            parent.seen.add(node)
            rank = parent.children.index(node) + 1
            move = (parent.moves[rank - 1] if parent.moves is not None
                    else node.rsplit("/", 1)[-1])
        elif self.next_ord:
            raise InputError(said("the root {node} is searched again: an index needs each node "
                                  "searched once (no iterative deepening or re-search)",
                                  node=node),
                             file=self.file, where=self._where(seq))
        opened = _Open(self.next_ord, node, parent.ord if parent else None, depth, rank,
                       move, player, self.n)
        self.next_ord += 1
        self.path.append(opened)
        return opened

    def _find(self, node: str, seq: int) -> int:
        for depth in range(len(self.path) - 1, -1, -1):
            if self.path[depth].id == node:
                return depth
        raise InputError(not_open(node), file=self.file, where=self._where(seq))

    def event(self, ev: Event) -> None:
        self.n += 1
        self.visit(ev)

    def visit_expand(self, ev: Expand) -> None:
        opened = self._open(ev.node, ev.depth, ev.player, ev.seq)
        opened.children, opened.moves = ev.children, ev.moves
        opened.value, opened.alpha, opened.beta = ev.value, ev.alpha, ev.beta

    def visit_evaluate(self, ev: Evaluate) -> None:
        self._open(ev.node, ev.depth, ev.player, ev.seq).value = ev.value

    def visit_backup(self, ev: Backup) -> None:
        depth = self._find(ev.node, ev.seq)
        parent = self.path[depth]
        if len(self.path) > depth + 1 and self.path[depth + 1].id == ev.child:
            self.path[depth + 1].value = ev.child_value
        elif ev.child not in parent.seen:  # settled without being opened (a table hit)
            self._open(ev.child, depth + 1, None, ev.seq).value = ev.child_value
        self._close_to(depth + 1)
        parent.value = ev.value

    def visit_cut(self, ev: Cut) -> None:
        depth = self._find(ev.node, ev.seq)
        self._close_to(depth + 1)
        node = self.path[depth]
        node.cut, node.pruned, node.value = ev.kind, len(ev.pruned), ev.value

    def visit_event(self, ev: Event) -> None:
        pass  # statuses, orders, table probes: nothing an index keeps

    def finish(self, result: Result | None) -> None:
        if result is not None and result.value is not None and self.path:
            self.path[0].value = result.value
        self.n += 1  # the last event's ordinal is n - 1 when the path is closed
        self._close_to(0)
        self.n -= 1
        self.flush()


def _new_file_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _items(path: str) -> tuple[Header, Iterator[Event | Result]]:
    """The header, then the events and the result of a trace, read as a stream when it is
    one (a ``.json`` document is read whole, as every command reads it)."""
    from ...compress import is_stream
    from ...trace import iter_trace

    if not is_stream(path):
        items = iter_trace(path)
        header = next(items)
        assert isinstance(header, Header)
        return header, items  # type: ignore[return-value]
    header_items = iter_trace(path)
    try:
        header = next(header_items)  # reads and checks the first line only
    finally:
        header_items.close()  # type: ignore[attr-defined]
    assert isinstance(header, Header)

    return header, items_after_header(path)


def build_index(trace: str | os.PathLike[str], out: str | os.PathLike[str], *,
                counter: Counter | None = None,
                summary: Callable[[], dict[str, Any]] | None = None) -> dict[str, int]:
    """Index ``trace`` (``.jsonl``, ``.jsonl.gz`` or ``.json``) into ``out``, written
    whole or not at all.  ``counter`` sees every event too; ``summary`` is then stored as
    the index's statistics (``gametrace stats --json`` of the trace).  Returns the counts
    (``events``, ``nodes``)."""
    file, target = input_path(trace), os.fspath(out)  # - is standard input
    if not os.path.isfile(file):
        raise no_such_file(file)
    size, head = fingerprint(file)
    header, items = _items(file)
    if header.algorithm not in INDEXABLE:
        raise InputError(said("an index is for game-tree searches ({searches}), not "
                              "{algorithm}", searches=", ".join(INDEXABLE),
                              algorithm=header.algorithm), file=file, where="header.algorithm")
    if counter is not None:
        counter.start(header)
    directory = os.path.dirname(os.path.abspath(target))
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".tmp",
                                   dir=directory)
    except OSError as exc:
        raise OutputError(said("cannot write file: {reason}", reason=exc.strerror or str(exc)),
                          file=target) from None
    os.close(fd)
    try:
        counts = _fill(tmp, target, file, header, items, counter, summary, (size, head))
        if os.path.isdir(target):
            raise OutputError(said("cannot write file: it is a folder"), file=target)
        os.chmod(tmp, _new_file_mode())  # mkstemp made it 0600: give the mode open() gives
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return counts


def _fill(tmp: str, target: str, file: str, header: Header, items: Iterator[Event | Result],
          counter: Counter | None, summary: Callable[[], dict[str, Any]] | None,
          fingerprint_: tuple[int, str]) -> dict[str, int]:
    db = sqlite3.connect(tmp, isolation_level=None)
    try:
        # The file is a temporary one until renamed: nothing to recover after a crash.
        db.execute("PRAGMA journal_mode=OFF")
        db.execute("PRAGMA synchronous=OFF")
        db.executescript(DDL)
        db.execute("BEGIN")
        builder = _Builder(db, file=file)
        result: Result | None = None
        for item in items:
            if isinstance(item, Result):
                result = item
                continue
            builder.event(item)
            if counter is not None:
                counter.emit(item)
        builder.finish(result)
        db.execute(AFTER_LOAD)
        meta = {
            "format": FORMAT, "version": str(VERSION),
            "trace_size": str(fingerprint_[0]), "trace_head": fingerprint_[1],
            "header": dumps_json(header.to_json()),
            "result": dumps_json(result.to_json() if result is not None else None),
            "stats": dumps_json(summary() if summary is not None else None),
            "events": str(builder.n), "nodes": str(builder.next_ord),
        }
        meta["checksum"] = meta_checksum(meta)
        db.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
        db.execute("COMMIT")
    except sqlite3.Error as exc:
        raise OutputError(said("cannot write the index: {reason}", reason=str(exc)),
                          file=target) from None
    finally:
        db.close()
    return {"events": builder.n, "nodes": builder.next_ord}

