"""``gametrace bisect`` on two engine streams (version 2): the nodes matched by their
path of moves.

An engine numbers its nodes in the order it enters them, so two searches of one
position give one position two numbers as soon as their orders differ.  What names a
node in both is its *path*: the moves from the root to it.  A node searched again (a
``research``: PVS, LMR, an aspiration window widened) stays one node with several
searches, as ``regret`` and ``index`` read it, and its parts count each search's nodes.

**The first divergence.**  The chosen iteration of each stream (the last, or
``--iteration N``) is read in step, event by event: each ``enter`` (the move tried),
``research`` (the child searched again, and its window), ``cutoff`` and ``leave`` (the
value).  Up to the first pair that differs the two searches are the same search, so the
node being searched there is one node in both: the divergence.  Its orders are the
moves each search tried there, in order, to the end of that search of it; what each did
next is the move it tried, ``cut``, ``backed up`` (its loop ended without a cut),
``MOVE again`` (a re-search), ``value V`` (the node's value) or ``end``.  An engine
stream carries no window but a re-search's, so the divergence's windows are unknown.

**The attribution** is :mod:`.bisect`'s, on the nodes so named (this module reads
the streams; :mod:`.bisect` puts the parts together).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ...errors import InputError
from ...events import Cut
from ...header import Header
from ...jsonio import decode_number
from ...numbers import Number, format_number
from ...said import said
from .engine import Chosen, engine_as_header, engine_iterations

__all__ = ["EngineDivergence", "EngineSide", "engine_divergence"]

def _events(file: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """The events of an engine stream after its header, with their line numbers, up to
    its result: a stream :func:`.engine.engine_iterations` has read and checked whole,
    so read again here one event at a time, in step with the other side's."""
    from ...compress import open_bytes
    from ...jsonio import loads_json

    with open_bytes(file) as handle:
        lines = ((n, raw) for n, raw in enumerate(handle, 1) if raw.strip())
        next(lines, None)  # the header
        for lineno, raw in lines:
            obj = loads_json(raw.decode("utf-8", "replace"), file=f"{file}:{lineno}")
            if not isinstance(obj, dict):
                raise InputError(said("expected a JSON object (an event), got {kind}",
                                      kind=type(obj).__name__), file=file,
                                 where=f"line {lineno}")
            if obj.get("type") == "result":
                return
            yield lineno, obj


ROOT_MOVE = ""
"""The move recorded for the root in a side's tree (it has none)."""


@dataclass
class _Open:
    """A node being searched: its path and the moves it tried in this search of it."""

    id: Any
    path: tuple[str, ...]
    moves: list[str] = field(default_factory=list)
    ids: dict[Any, str] = field(default_factory=dict)
    """Each child's id in this stream and its move (to read a re-search's move)."""


class EngineSide:
    """One engine stream's chosen iteration read as a stream: its steps, and each
    node's size to the depth bound, keyed by the node's path (``/`` between moves;
    the root by the header's root id)."""

    def __init__(self, file: str, header: dict[str, Any], depth: int,
                 iteration: int | None) -> None:
        self.file = file
        self.header: Header = engine_as_header(header)
        chosen, value = engine_iterations(file, iteration)  # checks every line
        self.iteration: Chosen | None = chosen if chosen.marked else None
        self._chosen = chosen
        self.value: Number | None = value
        self.depth = depth
        self.searches: dict[str, int] = {}
        self.sizes: dict[str, int] = {}
        self.tree: dict[str, tuple[str | None, str]] = {}
        self.kids: dict[str, list[str]] = {}
        self.total = 0
        self.open: list[_Open] = []
        self.last_root: list[str] = []
        """The moves of the root's last search closed."""
        self.watched: tuple[str, ...] | None = None
        """The divergence's path: its moves are kept when its search ends."""
        self.orders: tuple[str, ...] | None = None

    def key(self, path: tuple[str, ...]) -> str:
        return "/".join(path) if path else self.header.root

    def steps(self) -> Iterator[tuple[Any, ...]]:
        """What the search does next, one step at a time, each yielded before it is
        applied (so that at a divergence :attr:`open` is the path both share)."""
        number = 0 if self._chosen.marked else 1  # no deepen: the stream is iteration 1
        if number == 1:
            yield ("search", ROOT_MOVE)
            self._search(0, ())
        for lineno, ev in _events(self.file):
            kind = ev["type"]
            if kind == "deepen":
                number += 1
                if number > self._chosen.number:
                    return
                if number == self._chosen.number:
                    yield ("search", ROOT_MOVE)
                    self._search(ev.get("node", 0), ())
                continue
            if number != self._chosen.number or kind not in ("enter", "research", "leave",
                                                                 "cutoff"):
                continue  # another iteration; a probe or a store: not a step
            node = ev.get("node")
            if kind == "enter":
                top = self._top(lineno, ev.get("parent"))
                move = str(ev.get("move"))
                yield ("enter", move)
                top.moves.append(move)
                top.ids[node] = move
                self._search(node, (*top.path, move))
            elif kind == "research":
                if not self.open:  # the root, its window widened
                    yield ("search", ROOT_MOVE, ev.get("alpha"), ev.get("beta"))
                    self._search(node, ())
                    continue
                top = self.open[-1]
                if node not in top.ids:
                    raise self._changed(lineno)
                move = top.ids[node]
                yield ("research", move, ev.get("alpha"), ev.get("beta"))
                self._search(node, (*top.path, move))
            elif kind == "cutoff":
                yield ("cutoff",)
            else:
                top = self._top(lineno, node)
                yield ("leave", decode_number(ev["value"]))
                self.open.pop()
                if top.path == self.watched and self.orders is None:
                    self.orders = tuple(top.moves)
                if not top.path:
                    self.last_root = top.moves

    def _top(self, lineno: int, node: Any) -> _Open:
        if not self.open or self.open[-1].id != node:
            raise self._changed(lineno)
        return self.open[-1]

    def _changed(self, lineno: int) -> InputError:
        # the first pass checked every rule of the stream: the file changed since
        return InputError(said("the trace changed while it was read"), file=self.file,
                          where=f"line {lineno}")

    def _search(self, node: Any, path: tuple[str, ...]) -> None:
        """One search of the node at ``path`` begins: one more node, for it and for
        every ancestor to the depth bound."""
        self.total += 1
        for above in self.open[: self.depth + 1]:
            self.sizes[self.key(above.path)] += 1
        key = self.key(path)
        if len(path) <= self.depth:
            if key in self.sizes:  # searched again: one more search of one node
                self.sizes[key] += 1
                self.searches[key] += 1
            else:
                self.sizes[key] = self.searches[key] = 1
                parent = self.key(path[:-1]) if path else None
                self.tree[key] = (parent, path[-1] if path else ROOT_MOVE)
                if parent is not None:
                    self.kids.setdefault(parent, []).append(key)
        self.open.append(_Open(node, path))


def _went(step: tuple[Any, ...] | None) -> str:
    if step is None:
        return "end"
    kind = step[0]
    if kind == "enter":
        return str(step[1])
    if kind in ("research", "search"):
        return f"{step[1] or '(root)'} again"
    if kind == "cutoff":
        return Cut.type
    return f"value {format_number(step[1])}"


@dataclass(frozen=True)
class EngineDivergence:
    """Where two engine streams part: the shared path, what each did next and how many
    nodes the two searched alike before."""

    path: tuple[str, ...]
    next: tuple[str, str]
    shared: int


def engine_divergence(a: EngineSide, b: EngineSide) -> EngineDivergence | None:
    """Read both sides to the end in step; the first pair of steps that differ is the
    divergence, at the node both have open (the root, between two of its searches)."""
    steps_a, steps_b = a.steps(), b.steps()
    shared = 0
    found: EngineDivergence | None = None
    while True:
        sa, sb = next(steps_a, None), next(steps_b, None)
        if sa is None and sb is None:
            break
        if sa == sb:
            assert sa is not None
            shared += sa[0] in ("enter", "research", "search")
            continue
        path = a.open[-1].path if a.open else ()
        a.watched = b.watched = path
        if not a.open:  # between two searches of the root: the last one's moves
            a.orders, b.orders = tuple(a.last_root), tuple(b.last_root)
        found = EngineDivergence(path, (_went(sa), _went(sb)), shared)
        break
    for _ in steps_a:  # read both to the end: their sizes, and the divergence's orders
        pass
    for _ in steps_b:
        pass
    return found
