"""Statistics from a full trace, read event by event: memory grows with the depth of the
tree (the path of open nodes) and the number of plies, never with the number of events.

The counting (:class:`Tally`, an event visitor that is also a recorder):

* an ``expand`` event is an inner node at its depth; its children, in the order the
  search visits them, give the rank of the child that later cuts (``cut``'s ``after``);
* an ``evaluate`` event is a leaf at its depth;
* a ``tt`` event of kind ``hit`` is a node settled by the transposition table, one ply
  below the innermost open node; a ``lower`` or ``upper`` flag makes it a cutoff;
* a ``cut`` event is a cut node (a node that left children unsearched);
* ``backup`` events close the subtrees below their node; the others (``iteration``,
  ``order``) count nothing.

The trace of a proof-number, AND/OR or A* search has none of these and is refused.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from ...errors import InputError, UsageError
from ...events import Backup, Cut, Evaluate, Event, Expand, Iteration, Reorder, Transposition
from ...header import Header
from ...said import said
from ...scanning import Handlers, TraceLines
from ...trace import Result, Trace
from ...visit import EventVisitor
from .. import finished, not_open, opened_without_parent
from .classes import MoveClasses, of_game, plain
from .rebuilding import rebuilt_game
from .table import FORMAT, ORDERED_CLASSES, ClassStats, DepthStats, SearchStats

__all__ = ["GAME_TREE_SEARCHES", "Tally", "classes_of", "read_header", "read_stats",
           "read_stats_and_header", "stats_of_loaded",
           "stats_of_trace"]

GAME_TREE_SEARCHES = ("minimax", "alphabeta", "expectiminimax", "enhanced")
"""The algorithms whose traces have per-depth statistics."""


class Tally(EventVisitor[None]):
    """Counts the events of one search as they come (see the module's docstring).  Also a
    recorder (``start``, ``emit``, ``finish``), so a search can count into it directly."""

    enabled = True

    def __init__(self, *, file: str = "<trace>", classes: MoveClasses | None = None) -> None:
        self.file = file
        self.classes = classes
        """Count the moves tried and the cuts by the class of the move (the trace replayed
        through the game when it names classes: :mod:`.classes`)."""
        self.by_class: dict[tuple[int, str], tuple[list[int], dict[int, int]]] = {}
        """(ply, class) -> ([moves searched], cuts by rank)."""
        self.states: list[tuple[Any, dict[str, Any]]] = []
        """With a classifier: each open node's state and its children's moves, by id."""
        self.why: list[dict[str, str]] = []
        """With classes: why each open node's children were ordered (``order`` events)."""
        self.pending: tuple[str, dict[str, str]] | None = None
        """The last ``order`` event's node and reasons, for the expand event after it."""
        self.header: Header | None = None
        self.inner: list[int] = []
        self.leaves: list[int] = []
        self.hits: list[int] = []
        self.cutoffs: list[int] = []
        self.ranks: dict[tuple[int, int], int] = {}
        self.path: list[tuple[str, Sequence[str]]] = []
        """The open nodes from the root, each with its children in search order."""
        self.widths: set[int] = set()
        self.leaf_depths: set[int] = set()

    # recorder ----------------------------------------------------------------------------

    def start(self, header: Header) -> None:
        if header.algorithm not in GAME_TREE_SEARCHES:
            raise InputError(said("statistics are for game-tree searches ({searches}), not "
                                  "{algorithm}", searches=", ".join(GAME_TREE_SEARCHES),
                                  algorithm=header.algorithm),
                             file=self.file, where="header.algorithm")
        self.header = header

    def emit(self, event: Event) -> None:
        self.visit(event)

    def finish(self, result: Result) -> None:
        pass

    # events ------------------------------------------------------------------------------

    @staticmethod
    def _bump(counts: list[int], depth: int) -> None:
        if depth >= len(counts):
            counts.extend([0] * (depth + 1 - len(counts)))
        counts[depth] += 1

    def expanded(self, seq: int, node: str, depth: int, children: Sequence[str]) -> None:
        """An ``expand`` event's fields that count without classes (the analyses'
        reader hands them on without making the event: :mod:`tracer.analysis.scan`)."""
        path = self.path
        del path[depth:]
        if len(path) != depth:
            raise InputError(opened_without_parent(node, depth, expanded=True),
                             file=self.file, where=f"event {seq}")
        path.append((node, children))
        inner = self.inner
        if depth < len(inner):
            inner[depth] += 1
        else:
            self._bump(inner, depth)
        self.widths.add(len(children))

    def evaluated(self, depth: int) -> None:
        """An ``evaluate`` event's field that counts without classes."""
        leaves = self.leaves
        if depth < len(leaves) and leaves[depth]:
            leaves[depth] += 1
        else:
            self._bump(leaves, depth)
            self.leaf_depths.add(depth)

    def backed_up(self, seq: int, node: str) -> None:
        """A ``backup`` event's fields."""
        path = self.path
        if path and path[-1][0] == node:  # the common case: the deepest open node
            return
        del path[self._open(node, seq) + 1:]

    def visit_expand(self, ev: Expand) -> None:
        if self.classes is None:
            self.expanded(ev.seq, ev.node, ev.depth, ev.children)
            return
        del self.path[ev.depth:]
        if len(self.path) != ev.depth:
            raise InputError(opened_without_parent(ev.node, ev.depth, expanded=True),
                             file=self.file, where=f"event {ev.seq}")
        self.path.append((ev.node, ev.children))
        del self.why[ev.depth:]
        if ev.depth:
            self._tried(ev.depth - 1, ev.node, ev.seq)
        pending, self.pending = self.pending, None
        self.why.append(pending[1] if pending is not None and pending[0] == ev.node
                        else {})
        if self.classes.classify is not plain:
            self._replay(ev)
        self._bump(self.inner, ev.depth)
        self.widths.add(len(ev.children))

    def visit_evaluate(self, ev: Evaluate) -> None:
        self._bump(self.leaves, ev.depth)
        self.leaf_depths.add(ev.depth)
        if self.classes is not None and ev.depth:
            self._tried(ev.depth - 1, ev.node, ev.seq)

    def _open(self, node: str, seq: int) -> int:
        """The depth of ``node`` on the open path (searched from its deep end)."""
        for depth in range(len(self.path) - 1, -1, -1):
            if self.path[depth][0] == node:
                return depth
        raise InputError(not_open(node), file=self.file, where=f"event {seq}")

    def visit_backup(self, ev: Backup) -> None:
        self.backed_up(ev.seq, ev.node)

    def cut(self, seq: int, node: str, after: str) -> None:
        """A ``cut`` event's fields, counted at its depth."""
        self._cut_at(seq, node, after)

    def _cut_at(self, seq: int, node: str, after: str) -> int:
        """:meth:`cut`, returning the depth of the cut node."""
        depth = self._open(node, seq)
        children = self.path[depth][1]
        if after not in children:
            raise InputError(said("the cut at {node} names {after}, not one of its children",
                                  node=node, after=after),
                             file=self.file, where=f"event {seq}")
        key = (depth, children.index(after) + 1)
        ranks = self.ranks
        ranks[key] = ranks.get(key, 0) + 1
        return depth

    def visit_cut(self, ev: Cut) -> None:
        depth = self._cut_at(ev.seq, ev.node, ev.after)
        if self.classes is not None:
            rank = list(self.path[depth][1]).index(ev.after) + 1
            ranks = self._counts(depth, self._class_of(depth, ev.after, ev.seq))[1]
            ranks[rank] = ranks.get(rank, 0) + 1

    def _counts(self, depth: int, name: str) -> tuple[list[int], dict[int, int]]:
        counts = self.by_class.get((depth, name))
        if counts is None:
            counts = self.by_class[(depth, name)] = ([0], {})
        return counts

    def _tried(self, depth: int, child: str, seq: int) -> None:
        """Count the move to ``child`` of the open node at ``depth`` as searched."""
        if depth >= len(self.why):
            raise InputError(said("node {node} is searched at depth {depth} but its parent "
                                  "is not open", node=child, depth=depth + 1),
                             file=self.file, where=f"event {seq}")
        self._counts(depth, self._class_of(depth, child, seq))[0][0] += 1

    def _class_of(self, depth: int, child: str, seq: int) -> str:
        """The class of the move to ``child`` of the open node at ``depth``: the reason
        the search ordered it early (killer, tt move, pv move), else the game's class."""
        named = ORDERED_CLASSES.get(self.why[depth].get(child, ""))
        if named is not None:
            return named
        classes = self.classes
        assert classes is not None
        if classes.classify is plain:
            return "move"
        state, moves = self.states[depth]
        if child not in moves:
            raise InputError(said("node {node} is not a child of node {parent}", node=child,
                                  parent=self.path[depth][0]),
                             file=self.file, where=f"event {seq}")
        return classes.classify(classes.game, state, moves[child])

    def _replay(self, ev: Expand) -> None:
        """The state of the node ``ev`` opens, and its children's moves by id."""
        assert self.classes is not None
        game = self.classes.game
        del self.states[ev.depth:]
        if ev.depth == 0:
            state = self.classes.root
        else:
            parent, moves = self.states[ev.depth - 1]
            state = game.result(parent, moves[ev.node])
        self.states.append((state, {}))
        # A generated game's node id is its path of move names ("c4/e3"): the child's
        # last name is its move, unless the event names the moves itself.
        names = ev.moves or tuple(cid.rsplit("/", 1)[-1] for cid in ev.children)
        by_name = {game.move_name(state, a): a for a in game.actions(state)}
        try:
            self.states[-1][1].update((cid, by_name[m]) for cid, m in
                                      zip(ev.children, names, strict=True))
        except (KeyError, ValueError):
            raise InputError(said("the moves of node {node} are not the game's moves there",
                                  node=ev.node),
                             file=self.file, where=f"event {ev.seq}") from None

    def visit_transposition(self, ev: Transposition) -> None:
        self.probed(ev.seq, ev.node, ev.kind, ev.flag)

    def probed(self, seq: int, node: str, kind: str, flag: str | None) -> None:
        """A ``tt`` event's fields."""
        if kind == "hit":
            parent = self._parent(node, seq)
            depth = parent + 1
            if self.classes is not None:
                self._tried(parent, node, seq)
            self._bump(self.hits, depth)
            self._bump(self.cutoffs, depth)
            if flag == "exact":
                self.cutoffs[depth] -= 1

    def line_handlers(self) -> Handlers:
        """The handlers of the analyses' reader (:mod:`tracer.analysis.scan`) for the
        lines a big trace is made of, when moves are not counted by class (then every
        event is made and visited)."""
        if self.classes is not None:
            return {}
        return {Expand.type: (self.expanded, ("seq", "node", "depth", "children")),
                Evaluate.type: (self.evaluated, ("depth",)),
                Backup.type: (self.backed_up, ("seq", "node")),
                Cut.type: (self.cut, ("seq", "node", "after")),
                Transposition.type: (self.probed, ("seq", "node", "kind", "flag"))}

    def _parent(self, node: str, seq: int) -> int:
        """The depth of the open node that has ``node`` among its children (searched from
        the deep end: a finished sibling's subtree may still be on the path)."""
        for depth in range(len(self.path) - 1, -1, -1):
            if node in self.path[depth][1]:
                return depth
        raise InputError(said("node {node} is settled by the table but no open node has it "
                              "as a child", node=node), file=self.file, where=f"event {seq}")

    def visit_iteration(self, ev: Iteration) -> None:
        pass  # an iteration's nodes are counted by their own events

    def visit_reorder(self, ev: Reorder) -> None:
        # the expand event that follows lists the children in the new order; the reasons
        # are kept for it when moves are counted by class
        if self.classes is not None:
            self.pending = (ev.node, dict(zip(ev.children, ev.reasons, strict=False)))

    def visit_event(self, ev: Event) -> None:
        raise InputError(said("a {type} event: statistics are for game-tree searches "
                              "({searches})", type=ev.type,
                              searches=", ".join(GAME_TREE_SEARCHES)),
                         file=self.file, where=f"event {ev.seq}")

    # the result --------------------------------------------------------------------------

    def stats(self, *, recorded: str = "full") -> SearchStats:
        assert self.header is not None
        stats = make_stats(self.header, self.inner, self.leaves, self.ranks, hits=self.hits,
                           cutoffs=self.cutoffs, recorded=recorded, uniform=self._uniform())
        if self.classes is None:
            return stats
        return stats.with_classes({key: ClassStats(searched[0], dict(sorted(ranks.items())))
                                   for key, (searched, ranks) in self.by_class.items()})

    def _uniform(self) -> tuple[int, int] | None:
        if len(self.widths) == 1 and len(self.leaf_depths) == 1 and not any(self.hits):
            return next(iter(self.widths)), next(iter(self.leaf_depths))
        return None


def make_stats(header: Header, inner: list[int], leaves: list[int],
               ranks: dict[tuple[int, int], int], *, hits: list[int] | None = None,
               cutoffs: list[int] | None = None, recorded: str,
               uniform: tuple[int, int] | None = None) -> SearchStats:
    """One row per ply from the counts of a search (lists indexed by ply)."""
    hits, cutoffs = hits or [], cutoffs or []
    plies = max(len(inner), len(leaves), len(hits), 1 + max((d for d, _ in ranks), default=-1))

    def at(counts: list[int], d: int) -> int:
        return counts[d] if d < len(counts) else 0

    rows = tuple(DepthStats(d, at(inner, d), at(leaves, d),
                            {r: n for (p, r), n in sorted(ranks.items()) if p == d},
                            at(hits, d), at(cutoffs, d))
                 for d in range(plies))
    return SearchStats(header.algorithm, header.variant, str(header.source.get("name", "?")),
                       rows, recorded, uniform)


def stats_of_trace(path: str | os.PathLike[str], *, classes: MoveClasses | None = None
                   ) -> SearchStats:
    """The statistics of a recorded ``.jsonl`` (or ``.jsonl.gz``) trace, read as a stream;
    with ``classes``, each depth's cuts by the class of the move that made them."""
    return _of_trace(path, classes).stats()


def stats_of_loaded(trace: Trace, *, file: str, by_class: bool = False) -> SearchStats:
    """The statistics of a trace already read whole (a ``.json`` document, a trace the
    service was sent or keeps); ``by_class`` as :func:`read_stats_and_header`."""
    finished(trace.result, file=file, purpose=_STATISTICS)
    tally = Tally(file=file)
    tally.start(trace.header)
    if by_class:
        tally.classes = classes_of(trace.header, file=file)
    tally.walk(trace.events)
    return tally.stats()


_STATISTICS = said("counting the statistics")
"""What :func:`finished` says needs a whole trace: the statistics of part of a search
would pass for the whole."""


def classes_of(header: Header, *, file: str) -> MoveClasses:
    """The move classes of the game a trace's header names, made again (a tree or a
    game that names no classes: every move is a ``move``, but for the ordering's)."""
    game, state, _ = rebuilt_game(header, file=file, purpose=said("counting by move class"))
    return of_game(game, state)


def _of_trace(path: str | os.PathLike[str], classes: MoveClasses | None = None, *,
              by_class: bool = False, use_compiled: bool | None = None) -> Tally:
    """Count a ``.jsonl`` trace as a stream, through the analyses' reader
    (:mod:`tracer.analysis.scan`: each line read as strictly as
    :func:`tracer.trace.read_item` reads it, counted and dropped); the reader's check
    that every node was generated before it is named
    (:class:`tracer.wellformed.WellFormed`) is left out, since it keeps every node id
    of the trace: the tally checks what it relies on (each node opened under an open
    parent, each cut after one of its node's children)."""
    file = str(path)
    lines = TraceLines(path)
    tally = Tally(file=file, classes=classes)
    tally.start(lines.header)
    if by_class and classes is None:
        tally.classes = classes_of(lines.header, file=file)
    handlers = tally.handlers()
    ended: list[Result] = []

    def other(item: Event | Result) -> None:
        if isinstance(item, Result):
            ended.append(item)
        else:
            handlers[item.__class__](item)

    lines.read(tally.line_handlers(), other, use_compiled=use_compiled)
    finished(ended[-1] if ended else None, file=file, purpose=_STATISTICS)
    return tally


def read_stats(path: str | os.PathLike[str]) -> SearchStats:
    """A statistics document (``gametrace run --record counters -o F.json``) or the
    statistics of a trace."""
    return read_stats_and_header(path)[0]


def read_stats_and_header(path: str | os.PathLike[str], *, by_class: bool = False
                          ) -> tuple[SearchStats, Header | None]:
    """:func:`read_stats`, and the trace's header (``None`` for a statistics document,
    which names no tree to search again).  ``by_class``: count the moves searched and
    the cuts by move class, the game made again from the trace's header
    (:func:`classes_of`)."""
    from ...compress import is_stream
    from ...stdin import input_path

    file = path = input_path(path)  # - is standard input
    if not is_stream(file):
        from ...jsonio import load_json_file

        data: Any = load_json_file(path)
        if isinstance(data, dict) and data.get("format") == FORMAT:
            stats = SearchStats.from_json(data, file=file)
            if by_class and not any(d.classes for d in stats.depths):
                raise UsageError(said("{file}: counting by move class replays a trace "
                                      "through its game, and this statistics document has "
                                      "no trace (record the search in full: --record full)",
                                      file=file))
            return stats, None
        from ...trace import Trace

        trace = Trace.from_json(data, file=file)  # a .json document is read whole anyway
        return stats_of_loaded(trace, file=file, by_class=by_class), trace.header
    else:
        tally = _of_trace(path, by_class=by_class)
    assert tally.header is not None
    return tally.stats(), tally.header


def read_header(path: str | os.PathLike[str]) -> Header:
    """The header of a trace (of a ``.jsonl`` stream, only its first line is read)."""
    from ...trace import iter_trace

    items = iter_trace(path)
    try:
        header = next(items)
    finally:
        items.close()  # type: ignore[attr-defined]
    assert isinstance(header, Header)  # iter_trace yields the header first or raises
    return header
