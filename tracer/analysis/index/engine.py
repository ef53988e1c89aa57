"""Indexing a version-2 engine stream (docs/trace-format.md, "Engine traces") into the
rows of a version-1 trace's index, in the same one pass with memory bounded by the depth.

An engine tries one child at a time and names the node each event is about, so a row is
opened by an ``enter`` (the root's by the header, and again by each ``deepen`` or root
``research``) and closed by its ``leave``.  A node is counted once per search of it: a
``research`` of the child left last opens a new row for that node under the same search
of its parent, with the same move and rank and the new window, ``search`` one more than
the last.  Who moves follows the ply (the root's side to move is MAX: values are MAX's
view, as the writer turns them); a ``cutoff`` is the fail-high of the node's search (a
``beta`` cut at a MAX node, an ``alpha`` cut at a MIN node, as version 1 names them; its
pruned children were never generated, so none are counted).  Table probes and stores are
counted in the result's statistics, not in rows.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from typing import Any

from ...errors import InputError
from ...jsonio import loads_json
from ...said import Said, said
from .rows import OpenNode, RowWriter

__all__ = ["EngineBuilder", "engine_events"]


class EngineBuilder(RowWriter):
    """The rows of an engine stream: :meth:`line` takes each event line in order."""

    def __init__(self, db: sqlite3.Connection, *, file: str) -> None:
        super().__init__(db, file=file)
        self.left: dict[int, OpenNode] = {}
        """The child each open node left last (what a ``research`` names)."""

    def _children(self, node: OpenNode) -> int:
        return node.tried

    def _fail(self, line: int, what: Said) -> InputError:
        return InputError(what, file=self.file, where=f"line {line}")

    def _push(self, node: str, parent: OpenNode | None, rank: int | None, move: str | None,
              search: int, line: int) -> OpenNode:
        depth = len(self.path)
        opened = OpenNode(self.next_ord, node, parent.ord if parent else None, depth, rank,
                       move, "max" if depth % 2 == 0 else "min", self.n, search)
        self.next_ord += 1
        self.path.append(opened)
        return opened

    def _root(self, line: int, search_again: bool) -> OpenNode:
        """The root's row being searched, a new one (the next search) when none is open or
        ``search_again``."""
        if self.path and not search_again:
            return self.path[0]
        self._close_to(0)
        self.roots += 1
        return self._push("0", None, None, None, self.roots, line)

    def _top(self, node: Any, line: int, kind: str) -> OpenNode:
        top = self.path[-1] if self.path else self._root(line, False)
        if str(node) != top.id:
            raise self._fail(line, said("{kind} of node {node}, but node {top} is being "
                                        "searched", kind=kind, node=node, top=top.id))
        return top

    def _close_top(self) -> None:
        node = self.path[-1]
        self.left.pop(node.ord, None)
        if len(self.path) > 1:
            self.left[self.path[-2].ord] = node
        self.n += 1  # the leave is the last event of the subtree (its ordinal is n)
        self._close_to(len(self.path) - 1)
        self.n -= 1

    def line(self, line: int, ev: dict[str, Any]) -> None:
        """Read the event ``ev``, line ``line`` of the stream."""
        self.n += 1
        kind = ev.get("type")
        if kind == "enter":
            parent = self._top(ev.get("parent"), line, "enter")
            parent.tried += 1
            rank = parent.tried
            move = ev.get("move")
            self._push(str(ev.get("node")), parent, rank,
                       move if isinstance(move, str) else None, 1, line)
        elif kind == "leave":
            top = self._top(ev.get("node"), line, "leave")
            top.value = ev.get("value")
            self._close_top()
        elif kind == "cutoff":
            top = self._top(ev.get("node"), line, "cutoff")
            top.cut = "beta" if top.player == "max" else "alpha"
        elif kind == "deepen":
            root = self._root(line, bool(self.path and self.path[0].tried))
            root.alpha = root.beta = None
        elif kind == "research":
            self._research(ev, line)
        elif kind in ("probe", "store"):
            pass  # counted in the result's statistics
        else:
            raise self._fail(line, said("unknown engine event {kind!r} (expected enter, "
                                        "leave, cutoff, probe, store, deepen or research)",
                                        kind=kind))

    def _research(self, ev: dict[str, Any], line: int) -> None:
        node = str(ev.get("node"))
        if not self.path:  # the root, again (an aspiration window widened)
            root = self._root(line, True)
            root.alpha, root.beta = ev.get("alpha"), ev.get("beta")
            return
        parent = self.path[-1]
        last = self.left.get(parent.ord)
        if last is None or last.id != node:
            raise self._fail(line, said("research of node {node}, but the child left last "
                                        "at node {top} is {last}", node=node, top=parent.id,
                                        last=last.id if last is not None else said("none")))
        again = self._push(node, parent, last.rank, last.move, last.search + 1, line)
        again.alpha, again.beta = ev.get("alpha"), ev.get("beta")


def engine_events(lines: Iterator[tuple[int, str]], *, file: str
                  ) -> Iterator[tuple[int, dict[str, Any]]]:
    """The event lines after the header, parsed, and the result last (its ``type``
    ``result``)."""
    for n, text in lines:
        try:
            obj = json.loads(text)
        except ValueError:
            obj = loads_json(text, file=f"{file}:{n}")  # says where, as every reader does
        if not isinstance(obj, dict):
            raise InputError(said("expected an event object"), file=file, where=f"line {n}")
        yield n, obj
