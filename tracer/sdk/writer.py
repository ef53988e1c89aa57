"""The engine trace writer for Python engines: the calls of ``gametrace.h``, as a
context manager.

An engine records its own search as it runs, one child at a time as it is tried::

    with TraceWriter("search.jsonl", game="chess", convention="negamax") as trace:
        trace.iteration(1)
        for move in moves:
            trace.enter(move)          # the child becomes the current node
            score = search(child)      # its own score, as its search returns it
            trace.leave(score)
        trace.leave(best)              # the root's value

The lines written are those of the C header, byte for byte, for the same calls
(``docs/trace-format.md``, "Engine traces"): node ids are integers in the order the
nodes are entered (the root is 0), negamax values are written from MAX's point of view
(the root's side to move is MAX), so every reader keeps one rule.  With
``mode="counters"`` the same calls only count; the header and the counts are written at
the end.  The file is written to a temporary name and renamed into place when the block
ends without an exception (``tracer.writing``); ``.jsonl.gz`` names are compressed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from contextlib import ExitStack
from types import TracebackType
from typing import IO, Literal

from ..compress import compressing
from ..errors import UsageError
from ..jsonio import dumps_json
from ..said import Said, said
from ..writing import open_text_output

__all__ = ["Bound", "Convention", "Mode", "TraceWriter"]

Convention = Literal["minimax", "negamax"]
Mode = Literal["full", "counters"]
Bound = Literal["exact", "lower", "upper"]
Value = int | float

_NONE_OPEN = said("no node is open: expected an iteration or an enter before it")
_NO_CHILD = said("the current node has left no child: expected a leave of a child before it")

_FLIPPED = {"exact": "exact", "lower": "upper", "upper": "lower"}
_BOUNDS = tuple(_FLIPPED)


def _number(value: Value) -> str:
    """A value's JSON spelling: ``"+inf"`` / ``"-inf"`` for the infinities (JSON has none)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        raise UsageError(said("expected a number for a value, got {value!r}", value=value))
    if value == math.inf:
        return '"+inf"'
    if value == -math.inf:
        return '"-inf"'
    return str(value) if isinstance(value, int) else repr(value)


class _Frame:
    """A node being searched: the children its current search tried and the best."""

    __slots__ = ("best", "best_value", "hit", "last", "node", "tried")

    def __init__(self, node: int) -> None:
        self.node = node
        self.last = -1
        self.best = -1
        self.best_value: Value = 0
        self.tried = 0
        self.hit = False


class TraceWriter:
    """Writes an engine's search as a trace (format version 2); see the module's text.

    ``game`` names what is searched, ``algorithm`` and ``variant`` the search (the
    engine's own name fits the variant), ``convention`` how the engine's values are
    seen (``minimax``: from MAX's view; ``negamax``: from the side to move's), ``eval``
    the evaluation's name, ``position`` the root position (a FEN, ...), ``classes`` the
    names of the move classes :meth:`enter` may give."""

    def __init__(self, path: str, *, game: str, algorithm: str = "alphabeta",
                 variant: str = "engine", convention: Convention = "minimax",
                 eval: str | None = None, position: str | None = None,
                 classes: Sequence[str] = (), mode: Mode = "full") -> None:
        if convention not in ("minimax", "negamax"):
            raise UsageError(said("unknown convention {name!r} (choose from: minimax, negamax)",
                                  name=convention))
        if mode not in ("full", "counters"):
            raise UsageError(said("unknown mode {name!r} (choose from: counters, full)",
                                  name=mode))
        self.path = path
        self.mode: Mode = mode
        self._negamax = convention == "negamax"
        self._classes = tuple(classes)
        params = {} if position is None else {"position": position}
        self._header = dumps_json({
            "type": "header", "format": "gametree-trace", "version": 2,
            "algorithm": algorithm, "variant": variant, "root": 0, "options": {},
            "source": {"kind": "game", "name": game, "params": params},
            "engine": {"convention": convention, "eval": eval, "classes": list(classes),
                       "record": mode}})
        self._lines: list[str] = []
        self._exits = ExitStack()
        self._out: IO[str] | None = None
        self._seq = 0
        self._next = 1
        self._stack: list[_Frame] = [_Frame(0)]
        self._root_left = False
        self._root_value: Value = 0
        self._root_move = -1
        self._max_depth = 0
        self.counts = dict.fromkeys(
            ("enters", "expanded", "leaves", "cuts", "probes", "hits", "stores",
             "researches", "iterations", "tt_cutoffs"), 0)

    # the file --------------------------------------------------------------------------

    def __enter__(self) -> TraceWriter:
        text = self._exits.enter_context(open_text_output(self.path))
        self._out = self._exits.enter_context(compressing(text, self.path))
        if self.mode == "full":
            self._out.write(self._header + "\n")
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None:
        if kind is None:
            try:
                self._finish()
            except BaseException as exc:  # no file is left: the output is dropped
                self._exits.__exit__(type(exc), exc, exc.__traceback__)
                raise
        self._exits.__exit__(kind, error, tb)

    def close(self) -> None:
        """Write the result and close the file (what leaving the ``with`` block does)."""
        self.__exit__(None, None, None)

    def _write(self, line: str) -> None:
        lines = self._lines
        lines.append(line)
        if len(lines) >= 4096:  # in blocks, as the C writer does
            self._flush()

    def _flush(self) -> None:
        if self._out is not None and self._lines:
            self._out.write("\n".join(self._lines) + "\n")
        self._lines.clear()

    def _event(self, kind: str, node: int, rest: str = "") -> None:
        self._seq += 1  # the event's place: an engine stream numbers events by their lines
        self._write(f'{{"type":"{kind}","node":{node}{rest}}}')

    # the calls -------------------------------------------------------------------------

    def _fail(self, call: str, why: Said) -> UsageError:
        """A call out of place: which, at which event, and what was expected."""
        return UsageError(said("{call} at event {seq}: {why}", call=call, seq=self._seq + 1,
                               why=why))

    def _view(self, depth: int, value: Value) -> Value:
        return -value if self._negamax and depth & 1 else value

    def enter(self, move: str, *, move_class: str | None = None) -> int:
        """A child of the current node is tried: it becomes the current node.  Returns
        its id."""
        stack = self._stack
        if not stack:
            raise self._fail("enter()", _NONE_OPEN)
        if move_class is not None and move_class not in self._classes:
            raise UsageError(said("unknown move class {name!r} (choose from: {allowed})",
                                  name=move_class, allowed=", ".join(self._classes)))
        up = stack[-1]
        node = self._next
        self._next += 1
        up.last = node
        up.tried += 1
        self.counts["enters"] += 1
        stack.append(_Frame(node))
        self._max_depth = max(self._max_depth, len(stack) - 1)
        if self.mode == "full":
            rest = f',"parent":{up.node},"move":{dumps_json(str(move))}'
            if move_class is not None:
                rest += f',"class":{dumps_json(move_class)}'
            self._event("enter", node, rest)
        return node

    def leave(self, value: Value) -> None:
        """The current node's search returns ``value`` (its own, in the engine's
        convention)."""
        stack = self._stack
        if not stack:
            raise self._fail("leave()", _NONE_OPEN)
        depth = len(stack) - 1
        frame = stack.pop()
        seen = self._view(depth, value)
        counts = self.counts
        if frame.tried:
            counts["expanded"] += 1
        else:
            counts["leaves"] += 1
            counts["tt_cutoffs"] += frame.hit
        if self.mode == "full":
            self._event("leave", frame.node, f',"value":{_number(seen)}')
        if not stack:
            self._root_left = True
            self._root_value = seen
            self._root_move = frame.best
            return
        up = stack[-1]
        if up.best < 0 or (seen > up.best_value if (depth - 1) % 2 == 0
                           else seen < up.best_value):
            up.best, up.best_value = frame.node, seen

    def cut(self) -> None:
        """The child just left ends the current node's loop (a fail-high, a cutoff)."""
        if not self._stack or self._stack[-1].last < 0:
            raise self._fail("cut()", _NO_CHILD)
        frame = self._stack[-1]
        self.counts["cuts"] += 1
        if self.mode == "full":
            self._event("cutoff", frame.node, f',"after":{frame.last},"rank":{frame.tried}')

    def _entry(self, bound: Bound, value: Value, draft: int) -> str:
        if bound not in _BOUNDS:
            raise UsageError(said("unknown bound {name!r} (choose from: exact, lower, upper)",
                                  name=bound))
        depth = len(self._stack) - 1
        flip = self._negamax and depth & 1
        shown = _FLIPPED[bound] if flip else bound
        return f',"flag":"{shown}","value":{_number(self._view(depth, value))},"draft":{draft}'

    def tt_probe(self, hit: bool, bound: Bound = "exact", value: Value = 0,
                 draft: int = 0) -> None:
        """The table is probed at the current node; ``bound``, ``value`` and ``draft``
        say what it found, when it found the node."""
        if not self._stack:
            raise self._fail("tt_probe()", _NONE_OPEN)
        frame = self._stack[-1]
        self.counts["probes"] += 1
        frame.hit = bool(hit)
        self.counts["hits"] += frame.hit
        if self.mode == "full":
            self._event("probe", frame.node, ',"hit":true' + self._entry(bound, value, draft)
                        if hit else ',"hit":false')

    def tt_store(self, bound: Bound, value: Value, draft: int) -> None:
        """The current node's result is kept in the table."""
        if not self._stack:
            raise self._fail("tt_store()", _NONE_OPEN)
        self.counts["stores"] += 1
        if self.mode == "full":
            self._event("store", self._stack[-1].node, self._entry(bound, value, draft))

    def iteration(self, depth: int) -> None:
        """The root is searched (again) to ``depth`` (iterative deepening); only the
        root may be open."""
        stack = self._stack
        if len(stack) == 1 and stack[0].tried == 0 and not self._root_left:
            pass  # the root's first search, open since the start
        elif not stack:
            stack.append(_Frame(0))
        else:
            raise self._fail("iteration()", said(
                "a node below the root is open: expected only the root open"))
        self.counts["iterations"] += 1
        if self.mode == "full":
            self._event("deepen", 0, f',"depth":{depth}')

    def research(self, alpha: Value, beta: Value) -> None:
        """The node just left (the current node's last child, or the root) is searched
        again with the window (``alpha``, ``beta``), in the engine's convention."""
        stack = self._stack
        if stack:
            node = stack[-1].last
            if node < 0:
                raise self._fail("research()", _NO_CHILD)
        elif self._root_left:
            node = 0
        else:
            raise self._fail("research()", said(
                "no node was left yet: expected a node to search again"))
        depth = len(stack)
        if self._negamax and depth & 1:
            alpha, beta = -beta, -alpha
        self.counts["researches"] += 1
        stack.append(_Frame(node))
        if self.mode == "full":
            self._event("research", node, f',"alpha":{_number(alpha)},"beta":{_number(beta)}')

    # the end ---------------------------------------------------------------------------

    def _finish(self) -> None:
        if self._stack:
            raise self._fail("close()", said(
                "nodes are still open: expected a leave for each enter"))
        out = self._out
        assert out is not None
        if self.mode == "counters":
            out.write(self._header + "\n")
        self._flush()
        out.write(dumps_json({"type": "result", **self.result()}) + "\n")

    def result(self) -> dict[str, object]:
        """The result line: the root's value and move, and the counts."""
        counts = self.counts
        move = self._root_move if self._root_move >= 0 else None
        value = self._root_value if self._root_left else None
        return {
            "value": value if value is None or math.isfinite(value)
            else ("+inf" if value > 0 else "-inf"),
            "move": move, "pv": [0] if move is None else [0, move],
            "stats": {
                "nodes_expanded": counts["expanded"], "leaves_evaluated": counts["leaves"],
                "nodes_visited": counts["expanded"] + counts["leaves"],
                "cuts": counts["cuts"], "children_pruned": 0, "max_depth": self._max_depth,
                "nodes": counts["enters"] + 1, "iterations": counts["iterations"],
                "researches": counts["researches"], "tt_probes": counts["probes"],
                "tt_hits": counts["hits"], "tt_cutoffs": counts["tt_cutoffs"],
                "tt_stores": counts["stores"]},
            "complete": self._root_left}

