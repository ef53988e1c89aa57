"""Building an index in one pass over a trace, with memory bounded by the depth of the
tree (the path of open nodes and their children) and a batch of rows, never by the number
of events: a node's row is written when its subtree closes.

A node is opened by its ``expand`` (an inner node) or its ``evaluate`` (a leaf) and
closed by the next event outside its subtree (its parent's ``backup``, a sibling's
``expand``).  Its value is what its parent's ``backup`` says the child returned (the
root's: the result's value), else the last value it held (a search a budget stopped).  A
child a transposition-table hit settled is backed up without being opened: it gets a row
of its own with that value.  A node opened again under the same search of its parent (a
re-search with a new window, the root of another iteration of iterative deepening) gets
a row per search, numbered in order (``search`` 1, 2, ...), each with its own window,
value and subtree.  A version-2 engine stream is read by :mod:`.engine` into the same
rows.
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
from ...jsonio import dumps_json
from ...said import said
from ...scanning import items_after_header
from ...stdin import input_path
from ...trace import Result
from ...visit import EventVisitor
from .. import not_open, opened_without_parent
from .rows import OpenNode as _Open
from .rows import RowWriter
from .schema import AFTER_LOAD, DDL, FORMAT, VERSION, fingerprint, meta_checksum, no_such_file

__all__ = ["INDEXABLE", "Counter", "build_index"]

INDEXABLE = ("minimax", "alphabeta", "expectiminimax", "enhanced")
"""The algorithms whose traces have a tree to index (each node opened under its parent)."""


class Counter(Protocol):
    """What else reads the events as the index is built (the statistics' tally)."""

    def start(self, header: Header) -> None: ...

    def emit(self, event: Event) -> None: ...


class _Builder(RowWriter, EventVisitor[None]):
    """The open path and the rows waiting to be written (see the module's docstring)."""

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
            search = parent.seen[node] = parent.seen.get(node, 0) + 1
            rank = parent.children.index(node) + 1
            move = (parent.moves[rank - 1] if parent.moves is not None
                    else node.rsplit("/", 1)[-1])
        else:
            self.roots += 1
            search = self.roots
        opened = _Open(self.next_ord, node, parent.ord if parent else None, depth, rank,
                       move, player, self.n, search)
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


def _engine_header(file: str) -> dict[str, Any] | None:
    """The header of ``file`` when it is a version-2 engine stream, else None (a version-1
    trace, read by :func:`_items`)."""
    from ...compress import is_stream
    from ...jsonio import loads_json, read_lines

    if not is_stream(file):
        return None
    lines = read_lines(file)
    try:
        first = next(lines, None)
    finally:
        lines.close()
    if first is None:
        return None
    try:
        header = loads_json(first[1], file=f"{file}:{first[0]}")
    except InputError:
        return None  # said as the version-1 reader says it
    # tracer.sdk's is_engine_header says the same: analysis does not import the SDK
    return header if isinstance(header, dict) and header.get("version") == 2 else None


def build_index(trace: str | os.PathLike[str], out: str | os.PathLike[str], *,
                counter: Counter | None = None,
                summary: Callable[[], dict[str, Any]] | None = None) -> dict[str, int]:
    """Index ``trace`` (``.jsonl``, ``.jsonl.gz`` or ``.json``, version 1, or a version-2
    engine stream) into ``out``, written whole or not at all.  ``counter`` sees every
    event of a version-1 trace too; ``summary`` is then stored as the index's statistics
    (``gametrace stats --json`` of the trace; an engine stream's index keeps none, its
    result has the engine's counts).  Returns the counts (``events``, ``nodes``)."""
    file, target = input_path(trace), os.fspath(out)  # - is standard input
    if not os.path.isfile(file):
        raise no_such_file(file)
    size, head = fingerprint(file)
    engine = _engine_header(file)
    feed: Callable[[sqlite3.Connection], tuple[RowWriter, Any]]
    if engine is not None:
        algorithm = engine.get("algorithm")
        header_json: dict[str, Any] = engine
        record = engine.get("engine", {}).get("record") if isinstance(
            engine.get("engine"), dict) else None
        if record == "counters":
            raise InputError(said("a counters stream has no events to index: record the "
                                  "search with record full"), file=file,
                             where="line 1: $.engine.record")
        summary = None

        def feed(db: sqlite3.Connection) -> tuple[RowWriter, Any]:
            return _feed_engine(db, file)
    else:
        header, items = _items(file)
        algorithm, header_json = header.algorithm, header.to_json()

        def feed(db: sqlite3.Connection) -> tuple[RowWriter, Any]:
            return _feed_trace(db, file, items, counter)
    if algorithm not in INDEXABLE:
        raise InputError(said("an index is for game-tree searches ({searches}), not "
                              "{algorithm}", searches=", ".join(INDEXABLE),
                              algorithm=algorithm), file=file, where="header.algorithm")
    if counter is not None and engine is None:
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
        counts = _fill(tmp, target, header_json, feed, summary, (size, head))
        if os.path.isdir(target):
            raise OutputError(said("cannot write file: it is a folder"), file=target)
        os.chmod(tmp, _new_file_mode())  # mkstemp made it 0600: give the mode open() gives
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return counts


def _feed_trace(db: sqlite3.Connection, file: str, items: Iterator[Event | Result],
                counter: Counter | None) -> tuple[RowWriter, Any]:
    """The rows of a version-1 trace, and its result (JSON)."""
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
    return builder, result.to_json() if result is not None else None


def _feed_engine(db: sqlite3.Connection, file: str) -> tuple[RowWriter, Any]:
    """The rows of a version-2 engine stream, and its result."""
    from ...sdk.stream import read_engine_stream
    from .engine import EngineBuilder

    builder = EngineBuilder(db, file=file)
    result = read_engine_stream(file, builder.handlers(), header_schema=False).result
    builder.n += 1  # a search the budget stopped: its open nodes end at the last event
    builder._close_to(0)
    builder.n -= 1
    builder.flush()
    return builder, result


def _fill(tmp: str, target: str, header_json: dict[str, Any],
          feed: Callable[[sqlite3.Connection], tuple[RowWriter, Any]],
          summary: Callable[[], dict[str, Any]] | None,
          fingerprint_: tuple[int, str]) -> dict[str, int]:
    db = sqlite3.connect(tmp, isolation_level=None)
    try:
        # The file is a temporary one until renamed: nothing to recover after a crash.
        db.execute("PRAGMA journal_mode=OFF")
        db.execute("PRAGMA synchronous=OFF")
        db.executescript(DDL)
        db.execute("BEGIN")
        builder, result = feed(db)
        db.execute(AFTER_LOAD)
        meta = {
            "format": FORMAT, "version": str(VERSION),
            "trace_size": str(fingerprint_[0]), "trace_head": fingerprint_[1],
            "header": dumps_json(header_json),
            "result": dumps_json(result),
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
