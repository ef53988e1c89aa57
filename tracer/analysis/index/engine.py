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

import sqlite3
from collections.abc import Callable
from typing import Any

from ...errors import InputError
from ...said import Said, said
from .rows import OpenNode, RowWriter

__all__ = ["EngineBuilder"]


class EngineBuilder(RowWriter):
    """The rows of an engine stream: :meth:`handlers` take each event in order, as
    :func:`tracer.sdk.stream.read_engine_stream` reads and checks them."""

    def __init__(self, db: sqlite3.Connection, *, file: str) -> None:
        super().__init__(db, file=file)
        self.left: dict[int, OpenNode] = {}
        """The child each open node left last (what a ``research`` names)."""

    def _children(self, node: OpenNode) -> int:
        return node.tried

    def _fail(self, what: Said) -> InputError:
        # the reader checked the stream's rules: the rows' own checks never fail on it
        return InputError(what, file=self.file)

    def _push(self, node: str, parent: OpenNode | None, rank: int | None, move: str | None,
              search: int) -> OpenNode:
        depth = len(self.path)
        opened = OpenNode(self.next_ord, node, parent.ord if parent else None, depth, rank,
                       move, "max" if depth % 2 == 0 else "min", self.n, search)
        self.next_ord += 1
        self.path.append(opened)
        return opened

    def _root(self, search_again: bool) -> OpenNode:
        """The root's row being searched, a new one (the next search) when none is open or
        ``search_again``."""
        if self.path and not search_again:
            return self.path[0]
        self._close_to(0)
        self.roots += 1
        return self._push("0", None, None, None, self.roots)

    def _top(self, node: Any, kind: str) -> OpenNode:
        top = self.path[-1] if self.path else self._root(False)
        if str(node) != top.id:
            raise self._fail(said("{kind} of node {node}, but node {top} is being "
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

    def handlers(self) -> dict[str, Callable[..., None]]:
        """The handlers of :func:`tracer.sdk.stream.read_engine_stream`, one a type."""
        return {"enter": self.enter, "leave": self.leave, "cutoff": self.cutoff,
                "probe": self.own, "store": self.own, "deepen": self.deepen,
                "research": self.research}

    def enter(self, node: int, parent: int, move: str, move_class: str | None) -> None:
        self.n += 1
        above = self._top(parent, "enter")
        above.tried += 1
        self._push(str(node), above, above.tried, move, 1)

    def leave(self, node: int, value: Any) -> None:
        self.n += 1
        top = self._top(node, "leave")
        top.value = value
        self._close_top()

    def cutoff(self, node: int, after: int, rank: int) -> None:
        self.n += 1
        top = self._top(node, "cutoff")
        top.cut = "beta" if top.player == "max" else "alpha"

    def own(self, node: int, *fields: Any) -> None:
        self.n += 1  # a probe or a store: counted in the result's statistics

    def deepen(self, node: int, depth: int) -> None:
        self.n += 1
        root = self._root(bool(self.path and self.path[0].tried))
        root.alpha = root.beta = None

    def research(self, node: int, alpha: Any, beta: Any) -> None:
        self.n += 1
        name = str(node)
        if not self.path:  # the root, again (an aspiration window widened)
            root = self._root(True)
            root.alpha, root.beta = alpha, beta
            return
        parent = self.path[-1]
        last = self.left.get(parent.ord)
        if last is None or last.id != name:
            raise self._fail(said("research of node {node}, but the child left last "
                                  "at node {top} is {last}", node=name, top=parent.id,
                                  last=last.id if last is not None else said("none")))
        again = self._push(name, parent, last.rank, last.move, last.search + 1)
        again.alpha, again.beta = alpha, beta
