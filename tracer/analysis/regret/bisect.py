"""``gametrace bisect A B``: two searches of one position (two versions of an engine, two
orderings) read side by side: the first node where they part ways, and the difference
in nodes searched, put down to the subtrees that make it.

**The first divergence.**  The two traces are read in step, node event by node event
(each ``expand``: the node, its children in search order, its window; each
``evaluate``: the leaf and its value).  Up to the first pair that differs the two
searches are the same search; at that pair either one node is opened with its children
in another order or with another window (the divergence is that node), or the two go on
to different nodes, or one stops (the divergence is the deepest node open in both,
where one searched a child the other did not, or cut).

**The attribution.**  Each trace's nodes to ``depth`` plies are counted with the size of
the subtree under them.  From the root down, a node searched by one search only is a
subtree only that search paid for (its whole size); a node both searched is split into
its children, until the depth bound, where what is left is the difference of its two
sizes.  The parts add up to the difference of the two totals exactly.

Nodes are matched by id: a generated game's node id is its path of moves, a tree's
node ids its names, the same in every search of one position.  Two engine streams
(version 2), whose ids are numbers given in the order the engine entered its nodes, are
matched by path instead: :mod:`.bisect_engine`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ...errors import InputError, UsageError
from ...events import Cut, Evaluate, Event, Expand
from ...header import Header, Result
from ...numbers import Number, format_number
from ...said import Said, said
from ...stdin import input_path
from ...visit import EventVisitor
from .. import opened_without_parent
from .bisect_engine import EngineSide, engine_divergence
from .engine import Chosen, engine_as_header, engine_header, v1_iterations, v1_selected
from .stream import read_result, stream

__all__ = ["FORMAT", "Bisection", "Divergence", "Part", "bisect_traces"]

CUT = Cut.type
"""What a search did next at the divergence when it cut there."""
FORMAT = "gametree-bisect"
"""The ``format`` of the bisection's JSON."""


@dataclass(frozen=True)
class Divergence:
    """Where the two searches part ways."""

    node: str
    path: tuple[str, ...]
    """The moves from the root to the node."""
    player: str
    orders: tuple[tuple[str, ...], tuple[str, ...]]
    """The node's children in A's search order and in B's (moves)."""
    windows: tuple[tuple[Number | None, Number | None], tuple[Number | None, Number | None]]
    """(alpha, beta) at the node in A and in B."""
    next: tuple[str, str]
    """What each search did next at the node: the move it searched, ``cut`` or ``end``
    (the same for both when the node's own order or window differ)."""
    event: int
    """How many node events the two traces shared before the divergence."""

    def to_json(self) -> dict[str, Any]:
        from ...jsonio import encode_number

        def window(w: tuple[Number | None, Number | None]) -> list[Any]:
            return [None if x is None else encode_number(x) for x in w]

        return {"node": self.node, "path": list(self.path), "player": self.player,
                "order_a": list(self.orders[0]), "order_b": list(self.orders[1]),
                "window_a": window(self.windows[0]), "window_b": window(self.windows[1]),
                "next_a": self.next[0], "next_b": self.next[1], "shared_events": self.event}


@dataclass(frozen=True)
class Part:
    """A subtree's share of the difference."""

    node: str
    path: tuple[str, ...]
    nodes: tuple[int, int]
    """Nodes searched under it by A and by B (0: not searched)."""
    kind: str
    """``a-only``, ``b-only``, ``below`` (searched by both, told apart only below the
    depth bound) or ``again`` (searched by both, more times by one: the node itself,
    once per search)."""

    @property
    def difference(self) -> int:
        return self.nodes[0] - self.nodes[1]

    def to_json(self) -> dict[str, Any]:
        return {"node": self.node, "path": list(self.path), "nodes_a": self.nodes[0],
                "nodes_b": self.nodes[1], "difference": self.difference, "kind": self.kind}


@dataclass(frozen=True)
class Bisection:
    """What :func:`bisect_traces` found."""

    files: tuple[str, str]
    labels: tuple[str, str]
    """Each search's algorithm, variant and order."""
    source: str
    totals: tuple[int, int]
    values: tuple[Number | None, Number | None]
    divergence: Divergence | None
    """``None``: the two traces search the same nodes in the same order."""
    parts: tuple[Part, ...]
    """The difference's parts, largest first."""
    depth: int
    iterations: tuple[Chosen | None, Chosen | None] = (None, None)
    """The iteration read of each search by iterative deepening."""

    def to_text(self, *, limit: int = 10) -> str:
        a, b = self.totals
        lines = [f"A: {self.files[0]} ({self.labels[0]}), {a} nodes, value "
                 f"{_number(self.values[0])}",
                 f"B: {self.files[1]} ({self.labels[1]}), {b} nodes, value "
                 f"{_number(self.values[1])}",
                 f"on {self.source}; B - A = {b - a:+d} nodes"]
        for side, chosen in zip("AB", self.iterations, strict=True):
            if chosen is not None:
                lines.insert(-1, f"{side}: {chosen.to_text()}; a node searched again counts "
                                 "each search's nodes")
        d = self.divergence
        if d is None:
            lines.append("no divergence: the two searches are the same")
            return "\n".join(lines)
        lines += [f"first divergence after {d.event} shared node events, at "
                  f"{_path(d.path)} ({d.player}):",
                  f"  A order: {' '.join(d.orders[0])}",
                  f"  B order: {' '.join(d.orders[1])}"]
        if any(x is not None for w in d.windows for x in w):  # an engine stream has none
            lines.append(f"  A window: {_window(d.windows[0])}, "
                         f"B window: {_window(d.windows[1])}")
        if d.next[0] != d.next[1]:
            lines.append(f"  next: A {d.next[0]}, B {d.next[1]}")
        if self.parts:
            lines.append(f"the difference by subtree (to depth {self.depth}), largest first:")
            lines.append("     B - A        A        B  where   path")
            for p in self.parts[:limit]:
                lines.append(f"  {-p.difference:>+7d}  {p.nodes[0]:>7}  {p.nodes[1]:>7}  "
                             f"{p.kind:<6}  {_path(p.path)}")
            if len(self.parts) > limit:
                rest = sum(-p.difference for p in self.parts[limit:])
                lines.append(f"  {rest:>+7d}  in {len(self.parts) - limit} more subtrees")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        from ...jsonio import encode_number

        return {"format": FORMAT, "a": self.files[0], "b": self.files[1],
                "label_a": self.labels[0], "label_b": self.labels[1], "source": self.source,
                "nodes_a": self.totals[0], "nodes_b": self.totals[1],
                "value_a": None if self.values[0] is None else encode_number(self.values[0]),
                "value_b": None if self.values[1] is None else encode_number(self.values[1]),
                "divergence": None if self.divergence is None else self.divergence.to_json(),
                "depth": self.depth, "parts": [p.to_json() for p in self.parts],
                "iteration_read_a": None if self.iterations[0] is None
                else self.iterations[0].to_json(),
                "iteration_read_b": None if self.iterations[1] is None
                else self.iterations[1].to_json()}


def _number(x: Number | None) -> str:
    return "?" if x is None else format_number(x)


def _window(w: tuple[Number | None, Number | None]) -> str:
    return f"({_number(w[0]) if w[0] is not None else '-'}, " \
           f"{_number(w[1]) if w[1] is not None else '-'})"


def _path(path: tuple[str, ...]) -> str:
    return " ".join(path) if path else "(root)"


class _Side(EventVisitor["Expand | Evaluate | None"]):
    """One trace read as a stream: its node events, the open path, each node's size to
    the depth bound."""

    def __init__(self, path: str | os.PathLike[str], depth: int,
                 iteration: int | None = None) -> None:
        self.file = str(path)
        self.header, self.items = stream(path)
        self.iteration: Chosen | None = None
        self.iteration_value: Number | None = None
        found = v1_iterations(path, self.items, iteration)
        if found is not None:  # iterative deepening: the iteration's root searches only
            self.iteration, self.iteration_value, groups = found
            self.items = v1_selected(stream(path)[1], groups, self.iteration.number)
        elif iteration not in (None, 1):
            raise UsageError(said("--iteration {wanted}: the trace has one search, not "
                                  "iterations (choose 1)", wanted=iteration))
        else:
            self.items = stream(path)[1]
        self.depth = depth
        self.searches: dict[str, int] = {}
        """How many times each node to the depth bound was searched."""
        self.open: list[tuple[str, tuple[str, ...], tuple[str, ...], str,
                              tuple[Number | None, Number | None]]] = []
        """(node, children, moves, player, window) from the root."""
        self.sizes: dict[str, int] = {}
        self.tree: dict[str, tuple[str | None, str]] = {}
        """A node to the depth bound: its parent and the move to it."""
        self.kids: dict[str, list[str]] = {}
        self.total = 0
        self.value: Number | None = None
        self.last_cut: str | None = None
        """The node of the last cut event read."""

    def events(self) -> Iterator[Expand | Evaluate]:
        """The node events, counting sizes as they pass."""
        table = self.handlers()
        for item in self.items:
            if isinstance(item, Result):  # an iteration's value is its last search's
                self.value = item.value if self.iteration is None else self.iteration_value
                continue
            node = table[item.__class__](item)
            if node is not None:
                yield node

    def visit_expand(self, ev: Expand) -> Expand | Evaluate | None:
        self._count(ev)
        moves = ev.moves or tuple(c.rsplit("/", 1)[-1] for c in ev.children)
        self.open.append((ev.node, ev.children, moves, ev.player, (ev.alpha, ev.beta)))
        return ev

    def visit_evaluate(self, ev: Evaluate) -> Expand | Evaluate | None:
        self._count(ev)
        return ev

    def visit_cut(self, ev: Cut) -> Expand | Evaluate | None:
        self.last_cut = ev.node
        return None

    def _refuse(self, ev: Event) -> Expand | Evaluate | None:
        raise InputError(said("a {type} event: bisect reads minimax and alpha-beta traces of "
                              "one depth", type=ev.type), file=self.file, where=f"event {ev.seq}")

    visit_select = visit_generate = visit_numbers = visit_iteration = visit_goal = _refuse

    def visit_event(self, ev: Event) -> Expand | Evaluate | None:
        return None  # backups, statuses, orders, table probes: not node events

    def _count(self, ev: Expand | Evaluate) -> None:
        del self.open[ev.depth:]
        if len(self.open) != ev.depth or (self.open and self.open[-1][0] != ev.parent):
            raise InputError(opened_without_parent(ev.node, ev.depth), file=self.file,
                             where=f"event {ev.seq}")
        self.total += 1
        for ancestor in self.open[: self.depth + 1]:
            self.sizes[ancestor[0]] += 1
        if ev.depth <= self.depth and ev.node in self.sizes:  # searched again: one more
            self.sizes[ev.node] += 1
            self.searches[ev.node] += 1
        elif ev.depth <= self.depth:
            self.searches[ev.node] = 1
            self.sizes[ev.node] = 1
            move = self.move(ev.node)
            self.tree[ev.node] = (ev.parent, move)
            if ev.parent is not None:
                self.kids.setdefault(ev.parent, []).append(ev.node)

    def move(self, node: str) -> str:
        if self.open:
            _, children, moves, _, _ = self.open[-1]
            if node in children:
                return moves[children.index(node)]
        return node.rsplit("/", 1)[-1]

    def path(self, depth: int) -> tuple[str, ...]:
        """The moves from the root to the open node at ``depth``."""
        out = []
        for parent, child in zip(self.open[:depth], self.open[1:depth + 1], strict=True):
            out.append(parent[2][parent[1].index(child[0])] if child[0] in parent[1]
                       else child[0])
        return tuple(out)


def _same_position(a: Header, b: Header, files: tuple[str, str]) -> None:
    def key(h: Header) -> tuple[Any, ...]:
        s = h.source
        return (s.get("kind"), s.get("name"), s.get("params") or {}, s.get("tree"), h.root)

    if key(a) != key(b):
        def shown(h: Header) -> Said:
            params = h.source.get("params") or {}
            words = " ".join(f"{k}={v}" for k, v in sorted(params.items()))
            kind, name = str(h.source.get("kind", "?")), str(h.source.get("name", "?"))
            if words:
                return said("{kind} {name} ({params}), root {root}", kind=kind, name=name,
                            params=words, root=h.root)
            return said("{kind} {name}, root {root}", kind=kind, name=name, root=h.root)

        raise UsageError(said("{first} and {second} are not searches of one position: their "
                              "headers' sources differ ({one} against {other})",
                              first=files[0], second=files[1], one=shown(a), other=shown(b)))


def bisect_traces(path_a: str | os.PathLike[str], path_b: str | os.PathLike[str], *,
                  depth: int = 6, iteration: int | None = None) -> Bisection:
    """Read two traces of one position side by side (see the module's docstring); each
    must record a finished search (:func:`~tracer.analysis.finished`): the bisection of
    part of a search would pass for the whole."""
    path_a, path_b = input_path(path_a), input_path(path_b)  # - is standard input
    engines = (engine_header(path_a), engine_header(path_b))
    if engines[0] is not None and engines[1] is not None:
        return _engine_bisection((str(path_a), str(path_b)), engines[0], engines[1],
                                 depth=depth, iteration=iteration)
    for path, other, engine in ((path_a, path_b, engines[0]), (path_b, path_a, engines[1])):
        if engine is not None:  # its ids are numbers, the other trace's positions
            raise InputError(said("an engine stream (version 2), and {other} a trace of "
                                  "version 1: bisect compares two engine streams or two "
                                  "traces of version 1", other=str(other)), file=str(path))
    for path in (path_a, path_b):
        read_result(path, purpose=said("the bisection"))
    a, b = _Side(path_a, depth, iteration), _Side(path_b, depth, iteration)
    _same_position(a.header, b.header, (a.file, b.file))
    divergence = _diverge(a, b)
    return Bisection((a.file, b.file), (_label(a.header), _label(b.header)),
                     str(a.header.source.get("name") or "?"), (a.total, b.total),
                     (a.value, b.value), divergence, _parts(a, b), depth,
                     (a.iteration, b.iteration))


def _engine_bisection(files: tuple[str, str], header_a: dict[str, Any],
                      header_b: dict[str, Any], *, depth: int,
                      iteration: int | None) -> Bisection:
    """Two engine streams, their nodes matched by path (:mod:`.bisect_engine`)."""
    _same_position(engine_as_header(header_a), engine_as_header(header_b), files)
    a = EngineSide(files[0], header_a, depth, iteration)
    b = EngineSide(files[1], header_b, depth, iteration)
    found = engine_divergence(a, b)
    divergence = None
    if found is not None:
        unknown = (None, None)
        divergence = Divergence(a.key(found.path), found.path,
                                "max" if len(found.path) % 2 == 0 else "min",
                                (a.orders or (), b.orders or ()), (unknown, unknown),
                                found.next, found.shared)
    return Bisection(files, (_label(a.header), _label(b.header)),
                     str(a.header.source.get("name") or "?"), (a.total, b.total),
                     (a.value, b.value), divergence, _parts(a, b), depth,
                     (a.iteration, b.iteration))


def _label(h: Header) -> str:
    order = h.options.get("order")
    return f"{h.algorithm} {h.variant}" + (f", order {order}" if order else "")


class _Keys(EventVisitor[tuple[Any, ...]]):
    """What makes two node events the same step of two searches."""

    def visit_expand(self, ev: Expand) -> tuple[Any, ...]:
        return (Expand.type, ev.node, ev.children, ev.alpha, ev.beta)

    def visit_evaluate(self, ev: Evaluate) -> tuple[Any, ...]:
        return (Evaluate.type, ev.node, ev.value)


_KEYS = _Keys()


def _key(ev: Expand | Evaluate | None) -> tuple[Any, ...] | None:
    return None if ev is None else _KEYS.visit(ev)


def _diverge(a: _Side, b: _Side) -> Divergence | None:
    stream_a, stream_b = a.events(), b.events()
    shared = 0
    found: Divergence | None = None
    while True:
        ea, eb = next(stream_a, None), next(stream_b, None)
        if ea is None and eb is None:
            break
        if _key(ea) == _key(eb):
            shared += 1
            continue
        found = _divergence(a, b, ea, eb, shared)
        break
    for _ in stream_a:  # read both to the end: their sizes and values
        pass
    for _ in stream_b:
        pass
    return found


def _divergence(a: _Side, b: _Side, ea: Expand | Evaluate | None,
                eb: Expand | Evaluate | None, shared: int) -> Divergence:
    """The node where the searches part: both traces opened the same nodes up to here,
    so the open path before ``ea`` and ``eb`` is one path; the node is the parent of the
    deeper of the two events (there one search goes on to another child and the other
    stops), or the node itself when both open it differently."""
    if ea is not None and eb is not None and ea.type == eb.type == Expand.type \
            and ea.node == eb.node:
        node_a, node_b = a.open[-1], b.open[-1]  # both just opened it, differently
        return Divergence(ea.node, a.path(ea.depth), ea.player, (node_a[2], node_b[2]),
                          (node_a[4], node_b[4]), ("-", "-"), shared)
    da = ea.depth if ea is not None else -1
    db = eb.depth if eb is not None else -1
    deeper, depth = (a, da) if da >= db else (b, db)
    if depth == 0:  # the roots themselves differ: one is a leaf here
        raise InputError(said("the two searches differ at the root (one expands it, one "
                              "evaluates it): not searches of one position to one depth"),
                         file=deeper.file)
    node = deeper.open[depth - 1]

    def went(ev: Expand | Evaluate | None, side: _Side) -> str:
        if ev is not None and ev.parent == node[0]:
            return node[2][node[1].index(ev.node)] if ev.node in node[1] else ev.node
        if side.last_cut == node[0]:
            return CUT
        return "end" if ev is None else "backed up"

    return Divergence(node[0], deeper.path(depth - 1), node[3], (node[2], node[2]),
                      (node[4], node[4]), (went(ea, a), went(eb, b)), shared)


def _parts(a: _Side | EngineSide, b: _Side | EngineSide) -> tuple[Part, ...]:
    root = a.header.root
    parts: list[Part] = []
    todo: list[tuple[str, tuple[str, ...], int]] = [(root, (), 0)]
    while todo:
        node, path, depth = todo.pop()
        in_a, in_b = node in a.sizes, node in b.sizes
        size = (a.sizes.get(node, 0), b.sizes.get(node, 0))
        if in_a and not in_b:
            parts.append(Part(node, path, size, "a-only"))
        elif in_b and not in_a:
            parts.append(Part(node, path, size, "b-only"))
        elif depth >= a.depth:
            if size[0] != size[1]:
                parts.append(Part(node, path, size, "below"))
        else:
            times = (a.searches.get(node, 1), b.searches.get(node, 1))
            if times[0] != times[1]:  # its own nodes: one per search of it
                parts.append(Part(node, path, times, "again"))
            kids = a.kids.get(node, [])
            kids += [k for k in b.kids.get(node, []) if k not in set(kids)]
            for kid in kids:
                move = (a.tree.get(kid) or b.tree[kid])[1]
                todo.append((kid, (*path, move), depth + 1))
    parts.sort(key=lambda p: (-abs(p.difference), p.path))
    return tuple(parts)
