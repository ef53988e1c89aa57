"""Record your own search in the gametrace format, so it can be drawn, diffed and checked.

Pass a :class:`StudentTrace` into your own minimax or alpha-beta function and call it
at the four moments every such search has::

    from tracer.student import StudentTrace

    def alphabeta(node, alpha, beta, trace):
        if node.is_leaf:
            trace.evaluate(node, node.value)
            return node.value
        trace.expand(node, node.children, alpha=alpha, beta=beta)
        ...                                       # for each child: recurse, then
        trace.backup(node, child, v, alpha=alpha, beta=beta)
        if alpha >= beta:
            trace.cut(node)                       # the rest of node's children
        ...

    with StudentTrace("mine.jsonl", tree=tree) as trace:
        value = alphabeta(tree.root, float("-inf"), float("inf"), trace)
        trace.finish(value)

then ``gametrace diff mine.jsonl expected.json`` shows where your search and ours part
ways.  ``docs/examples/student_search.py`` is a complete example.

The helper keeps the bookkeeping: sequence numbers, parents, depths, players (they
alternate from ``root_player``), the provisional value and best child of each node
(unless you pass your own), the counts, the principal variation.  Nodes may be
strings, numbers, or objects with an ``id`` (the nodes of a :class:`~tracer.Tree`).
"""

from __future__ import annotations

import io
import math
import os
from types import TracebackType
from typing import IO, Any

from .choices import unknown_choice
from .errors import InputError, UsageError
from .events import Backup, Cut, Evaluate, Event, Expand
from .games.base import Player
from .record import FileRecorder, MemoryRecorder, Recorder, StreamRecorder
from .said import said
from .trace import Header, Result, Stats, Trace
from .trees import Node, Tree, parse_tree_text

__all__ = ["StudentTrace", "scripted_alpha_beta"]

Number = float | int
INF = math.inf


def node_id(node: Any) -> str:
    """The id of a node given as a string, a number or an object with an ``id``."""
    if isinstance(node, str):
        return node
    nid = getattr(node, "id", None)
    return nid if isinstance(nid, str) else str(node)


class StudentTrace:
    """A recorder a hand-written search talks to (see the module docstring).

    ``out`` is a file name (``.jsonl`` stream or ``.json`` document, written atomically:
    nothing is left behind if your search raises), an open text file (written as a
    stream), any :class:`~tracer.record.Recorder`, or ``None`` to keep the trace in
    memory (``.trace``).  ``tree`` (a :class:`~tracer.Tree` or its text notation) goes
    into the header, so renderers can draw the parts your search never reached.
    """

    def __init__(self, out: str | os.PathLike[str] | IO[str] | Recorder | None = None, *,
                 algorithm: str = "alphabeta", variant: str = "student",
                 tree: Tree | str | None = None, name: str | None = None,
                 root_player: str = "max", options: dict[str, Any] | None = None) -> None:
        if root_player not in ("max", "min"):
            raise UsageError(said("root_player must be 'max' or 'min', got {value!r}",
                                  value=root_player))
        self._file: FileRecorder | None = None
        self._memory: MemoryRecorder | None = None
        self.recorder: Recorder
        if out is None:
            self.recorder = self._memory = MemoryRecorder()
        elif isinstance(out, (str, os.PathLike)):
            self.recorder = self._file = FileRecorder(out)
        elif isinstance(out, io.TextIOBase):
            self.recorder = StreamRecorder(out, jsonl=True)  # type: ignore[arg-type]
        else:
            self.recorder = out  # type: ignore[assignment]
        if isinstance(tree, str):
            tree = parse_tree_text(tree, file="<tree>")
        self.tree = tree
        source: dict[str, Any] = {"kind": "game", "name": name or "student"}
        if tree is not None:
            source = {"kind": "tree", "name": name or tree.name, "tree": tree.to_json()}
        self._header = dict(algorithm=algorithm, variant=variant, source=source,
                            options={**(options or {}), "root_player": root_player})
        self.root_player = root_player
        self.root: str | None = None
        self.seq = 0
        self.parent: dict[str, str | None] = {}
        self.depth: dict[str, int] = {}
        self.player: dict[str, str] = {}
        self.children: dict[str, tuple[str, ...]] = {}
        self.value: dict[str, Number] = {}
        self.seen: dict[str, Number] = {}
        self.best: dict[str, str | None] = {}
        self.last: dict[str, tuple[str | None, Number | None, Number | None]] = {}
        self.expanded = self.evaluated = self.cuts = self.pruned = self.max_depth = 0
        self.result: Result | None = None

    # the four moments ------------------------------------------------------------------

    def expand(self, node: Any, children: Any, *, alpha: Number | None = None,
               beta: Number | None = None, player: str | None = None) -> None:
        """``node`` is opened; ``children`` will be searched in this order."""
        nid = self._enter(node, player)
        kids = tuple(node_id(c) for c in children)
        self.children[nid] = kids
        for kid in kids:
            self.parent[kid] = nid
        is_max = self.player[nid] == "max"
        self.value[nid] = self.seen[nid] = -INF if is_max else INF
        self.best[nid] = None
        self.last[nid] = (None, alpha, beta)
        self.expanded += 1
        self._emit(Expand(self._next(), nid, self.parent.get(nid), self.depth[nid],
                          self.player[nid], kids, value=self.value[nid], alpha=alpha,
                          beta=beta))

    def evaluate(self, node: Any, value: Number, *, reason: str = "terminal") -> None:
        """A leaf gets its value (``reason="depth-limit"`` for a static evaluation)."""
        nid = self._enter(node, None)
        self.value[nid] = value
        self.evaluated += 1
        self._emit(Evaluate(self._next(), nid, self.parent.get(nid), self.depth[nid],
                            self.player[nid], value, reason))

    def backup(self, node: Any, child: Any, child_value: Number, *,
               value: Number | None = None, best: Any = None, alpha: Number | None = None,
               beta: Number | None = None) -> None:
        """``child`` returned ``child_value`` to ``node``.

        ``value`` is node's provisional value after the update and ``best`` the child
        giving it; by default the helper keeps the best value seen (what minimax and
        fail-soft alpha-beta do).  Fail-hard searches pass their bound as ``value``."""
        nid, cid = self._known(node, "backup"), node_id(child)
        if self.parent.get(cid) != nid:
            raise UsageError(said("backup({node}, {child}): {child} is not a child of {node}",
                                  node=nid, child=cid))
        sign = 1 if self.player[nid] == "max" else -1
        if sign * child_value > sign * self.seen[nid]:
            self.seen[nid], self.best[nid] = child_value, cid
        self.value[nid] = self.seen[nid] if value is None else value
        if best is not None:
            self.best[nid] = node_id(best)
        self.last[nid] = (cid, alpha, beta)
        self._emit(Backup(self._next(), nid, cid, child_value, self.value[nid],
                          self.best[nid], alpha=alpha, beta=beta))

    def cut(self, node: Any, kind: str | None = None, pruned: Any = None, *,
            after: Any = None, alpha: Number | None = None, beta: Number | None = None,
            value: Number | None = None) -> None:
        """``node`` stops: its remaining children are pruned.

        Defaults: ``kind`` from the player (beta cut at MAX, alpha cut at MIN),
        ``after`` the last child backed up, ``pruned`` the children after it, alpha,
        beta and value as the last :meth:`backup` left them."""
        nid = self._known(node, "cut")
        last_child, last_alpha, last_beta = self.last[nid]
        after_id = node_id(after) if after is not None else last_child
        if after_id is None:
            raise UsageError(said("cut({node}): no child has been backed up yet; pass after=",
                                  node=nid))
        alpha = last_alpha if alpha is None else alpha
        beta = last_beta if beta is None else beta
        if alpha is None or beta is None:
            raise UsageError(said("cut({node}): pass alpha= and beta= (or give them to backup)",
                                  node=nid))
        kids = self.children[nid]
        rest = (tuple(node_id(p) for p in pruned) if pruned is not None
                else kids[kids.index(after_id) + 1:] if after_id in kids else ())
        self.cuts += 1
        self.pruned += len(rest)
        kind = kind or ("beta" if self.player[nid] == "max" else "alpha")
        self._emit(Cut(self._next(), nid, kind, after_id, alpha, beta,
                       self.value[nid] if value is None else value, rest))

    def finish(self, value: Number | None = None, move: Any = None) -> Result:
        """End the trace; by default the root's value and best child are the answer."""
        if self.root is None:
            raise UsageError(said("nothing recorded: call expand() or evaluate() first"))
        if self.result is not None:
            return self.result
        pv = [self.root]
        while self.best.get(pv[-1]) is not None and len(pv) <= len(self.best):
            pv.append(self.best[pv[-1]])  # type: ignore[arg-type]
        if move is not None and (len(pv) < 2 or pv[1] != node_id(move)):
            pv = [self.root, node_id(move)]
        self.result = Result(
            value=self.value.get(self.root) if value is None else value,
            move=pv[1] if len(pv) > 1 else None, pv=tuple(pv),
            stats=Stats(nodes_expanded=self.expanded, leaves_evaluated=self.evaluated,
                        cuts=self.cuts, children_pruned=self.pruned, max_depth=self.max_depth))
        self.recorder.finish(self.result)
        if self._file is not None:
            self._file.__exit__(None, None, None)
        return self.result

    @property
    def trace(self) -> Trace:
        """The trace recorded in memory (``out=None``)."""
        if self._memory is None:
            raise UsageError(said("the trace went to a file: read it with tracer.load_trace"))
        return self._memory.trace

    def __enter__(self) -> StudentTrace:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if exc_type is None and self.result is None and self.root is not None:
            self.finish()
        elif self._file is not None and self.result is None:
            self._file.__exit__(exc_type or RuntimeError, exc, tb)  # drop the partial file

    # bookkeeping -----------------------------------------------------------------------

    def _enter(self, node: Any, player: str | None) -> str:
        nid = node_id(node)
        if self.root is None:
            self.root = nid
            self.parent[nid] = None
            self.recorder.start(Header(root=nid, **self._header))  # type: ignore[arg-type]
        elif nid not in self.parent:
            raise UsageError(said("{node} is not a child of any node expanded so far (the "
                                  "root is {root}): expand its parent first", node=nid,
                                  root=self.root))
        up = self.parent[nid]
        self.depth[nid] = 0 if up is None else self.depth[up] + 1
        self.max_depth = max(self.max_depth, self.depth[nid])
        if player is None:
            player = (self.root_player if up is None
                      else "min" if self.player[up] == "max" else "max")
        self.player[nid] = player
        return nid

    def _known(self, node: Any, what: str) -> str:
        nid = node_id(node)
        if nid not in self.children:
            raise UsageError(said("{what}({node}): expand {node} first", what=what, node=nid))
        return nid

    def _next(self) -> int:
        self.seq += 1
        return self.seq

    def _emit(self, event: Event) -> None:
        self.recorder.emit(event)


def scripted_alpha_beta(tree: Tree, *, variant: str = "fail-soft", order: str = "natural",
                        cut_on: str = "ge", depth: int | None = None, inherit: str = "full",
                        skip_cut: str | None = None, extra_cut: tuple[str, str] | None = None,
                        ) -> Trace:
    """Alpha-beta as a student writes it with this helper, optionally with one slip.

    The checker's diagnosis runs it to reproduce the usual misconceptions.
    ``inherit``: ``full`` (a child gets its parent's alpha and beta), ``parent`` (only
    the parent's own bound: Knuth & Moore's F1, so no deep cut-offs) or ``none`` (every
    node starts from -inf, +inf).  ``skip_cut`` names a node that never cuts;
    ``extra_cut`` a (node, child) after which the node cuts anyway.  Without slips the
    events are those of :func:`tracer.search.alpha_beta` (``fail-soft`` or ``fail-hard``,
    order ``natural`` or ``reverse``): the tests check it.
    """
    if inherit not in ("full", "parent", "none"):
        raise UsageError(unknown_choice("inherit", inherit, ("full", "parent", "none"),
                                        suggest=False))
    trace = StudentTrace(None, algorithm="alphabeta", variant=variant, tree=tree,
                         root_player=tree.root.player.value,
                         options={"order": order, "seed": None, "depth": depth,
                                  "cut_on": cut_on})
    hard, ge = variant == "fail-hard", cut_on == "ge"

    def ab(node: Node, ply: int, alpha: float, beta: float) -> float:
        if not node.children or (depth is not None and ply >= depth):
            if node.value is None:
                raise InputError(said("node {node} has no static value", node=node.id))
            trace.evaluate(node, node.value,
                           reason="depth-limit" if node.children else "terminal")
            return node.value
        is_max = node.player is Player.MAX
        kids = node.children[::-1] if order == "reverse" else node.children
        v, best = (-INF if is_max else INF), None
        trace.expand(node, kids, alpha=alpha, beta=beta)
        for i, kid in enumerate(kids):
            if inherit == "full":
                cv = ab(kid, ply + 1, alpha, beta)
            elif inherit == "parent":
                cv = ab(kid, ply + 1, *((alpha, INF) if is_max else (-INF, beta)))
            else:
                cv = ab(kid, ply + 1, -INF, INF)
            if (cv > v) if is_max else (cv < v):
                v, best = cv, kid
            if is_max:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            trace.backup(node, kid, cv, value=(alpha if is_max else beta) if hard else v,
                         best=best, alpha=alpha, beta=beta)
            cut = (alpha >= beta if ge else alpha > beta) and node.id != skip_cut
            if cut or extra_cut == (node.id, kid.id):
                ret = (beta if is_max else alpha) if hard else v
                if i < len(kids) - 1:
                    trace.cut(node, value=ret)
                return ret
        return (alpha if is_max else beta) if hard else v

    trace.finish(ab(tree.root, 0, -INF, INF))
    return trace.trace
