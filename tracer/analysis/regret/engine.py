"""The regret map's reading of iterative deepening and of engine traces (version 2).

**Which search.**  A search by iterative deepening searches the root once per depth
(twice or more when an aspiration window fails and is widened); the regret map reads one
iteration: by default the last, or the one ``--iteration N`` names (the N-th depth
searched, from 1).  In a version-1 trace an iteration is the root searches that the
``iteration`` events of one depth close; in an engine trace (version 2) it is the events
from a ``deepen`` to the next.  The bound ``t`` is the iteration's root value (its last
search's), read in a first pass.

**One count.**  A node searched again (PVS, LMR, an aspiration window widened) counts
every search's nodes: its size is the sum of its searches' sizes, and the ideal tree is
taken from its last search (the one whose value stands).  A transposition-table hit
with no child tried is one node; a ``cutoff`` after a node's last move is a cut like
any other (a fail-high, as engines count it).

**Engine events** are read as a search tree: an ``enter`` opens a child of the node
being searched, its ``leave`` closes it with its value (MAX's view, as the writer
gives every value); a node's player is MAX at an even ply, MIN at an odd one; its best
child is its children's best value for its player, the first of equal ones.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

from ...errors import InputError, UsageError
from ...events import Event, Iteration
from ...header import Header, Result
from ...jsonio import decode_number
from ...numbers import Number
from ...said import said
from ...visit import EventVisitor
from .waste import Summary, WasteReader, _Frame

__all__ = ["Chosen", "engine_header", "engine_regret_reader", "v1_iterations"]


class Chosen:
    """The iteration read: its number, how many the trace has, and its depth."""

    def __init__(self, number: int, count: int, depth: int | None, *,
                 marked: bool = True) -> None:
        self.number, self.count, self.depth = number, count, depth
        self.marked = marked
        """Whether the trace marks its iterations (with no mark it is one, all of it)."""

    def to_text(self) -> str:
        depth = "" if self.depth is None else f", depth {self.depth}"
        last = " (the last)" if self.number == self.count else ""
        return f"iteration {self.number} of {self.count}{last}{depth}"

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "count": self.count, "depth": self.depth}


def _pick(count: int, wanted: int | None) -> int:
    if wanted is None:
        return count
    if not 1 <= wanted <= count:
        raise UsageError(said("--iteration {wanted}: the trace has {count} iterations "
                              "(choose from 1 to {count})", wanted=wanted, count=count))
    return wanted


# version 1 -------------------------------------------------------------------------------


class _Marks(EventVisitor[None]):
    """Each ``iteration`` event's depth and value, in order; every other event passes."""

    def __init__(self) -> None:
        self.depths: list[int | None] = []
        self.values: list[Number] = []

    def mark(self, depth: int | None, value: Number) -> None:
        self.depths.append(depth)
        self.values.append(value)

    def visit_iteration(self, ev: Iteration) -> None:
        self.mark(ev.depth, ev.value)

    def visit_event(self, ev: Event) -> None:
        pass


class _IsIteration(EventVisitor[bool]):
    """Whether an event is an ``iteration`` event (the end of a root search)."""

    def visit_iteration(self, ev: Iteration) -> bool:
        return True

    def visit_event(self, ev: Event) -> bool:
        return False


def _marks(path: str | os.PathLike[str], items: Iterator[Event | Result]
           ) -> tuple[list[int | None], list[Number]]:
    """Each ``iteration`` event's depth and value.  A ``.jsonl`` trace is scanned with
    no event made (every other line checked, its fields not taken, as the statistics
    read it), a ``.json`` one read from ``items``."""
    from ...compress import is_stream

    marks = _Marks()
    if not is_stream(str(path)):
        for item in items:
            if not isinstance(item, Result):
                marks.visit(item)
        return marks.depths, marks.values
    from ...scanning import EVENT_LINES, TraceLines

    def nothing() -> None:
        pass

    def other(item: Event | Result) -> None:
        if not isinstance(item, Result):  # (a line the scanner left to the strict reader)
            marks.visit(item)

    handlers: dict[str, tuple[Callable[..., None], tuple[str, ...]]] = {
        kind: (nothing, ()) for kind in EVENT_LINES}
    handlers[Iteration.type] = (marks.mark, ("depth", "value"))
    TraceLines(path).read(handlers, other)
    return marks.depths, marks.values


def v1_iterations(path: str | os.PathLike[str], items: Iterator[Event | Result],
                  wanted: int | None) -> tuple[Chosen, Number, list[int]] | None:
    """The first pass over a version-1 trace: None when it has no iterations, else the
    iteration chosen, its root value and, for each root search (each ``iteration``
    event, in order), the iteration it belongs to."""
    depths, values = _marks(path, items)
    if not depths:
        return None
    groups: list[int] = []
    for i, d in enumerate(depths):
        groups.append(groups[-1] + (d != depths[i - 1]) if groups else 1)
    chosen = _pick(groups[-1], wanted)
    last = max(i for i, g in enumerate(groups) if g == chosen)
    return Chosen(chosen, groups[-1], depths[last]), values[last], groups


def v1_selected(items: Iterator[Event | Result], groups: list[int], chosen: int
                ) -> Iterator[Event | Result]:
    """The events of the root searches of iteration ``chosen`` (and the result)."""
    searches = 0
    is_iteration = _IsIteration()
    for item in items:
        if not isinstance(item, Result) and is_iteration.visit(item):
            searches += 1
            continue
        if isinstance(item, Result) or (searches < len(groups)
                                        and groups[searches] == chosen):
            yield item


# version 2 -------------------------------------------------------------------------------


def engine_header(path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The header of a version-2 engine stream at ``path``, or None (another trace)."""
    from ...compress import is_stream, open_bytes
    from ...jsonio import loads_json
    from ...sdk.checking import is_engine_header

    file = os.fspath(path)
    if not is_stream(file):
        return None
    with open_bytes(file) as handle:
        for raw in handle:
            if raw.strip():
                try:
                    obj = loads_json(raw.decode("utf-8"), file=f"{file}:1")
                except (InputError, UnicodeDecodeError):
                    return None  # the strict reader says what is wrong
                return obj if is_engine_header(obj) else None
    return None


def engine_as_header(obj: dict[str, Any]) -> Header:
    """A version-2 header as the regret map reads it (ids are strings)."""
    return Header(algorithm=str(obj.get("algorithm", "?")), variant=str(obj.get("variant", "?")),
                  root=str(obj.get("root", 0)), options=dict(obj.get("options") or {}),
                  source=dict(obj.get("source") or {}), capture=None)


def engine_iterations(file: str, wanted: int | None) -> tuple[Chosen, Number]:
    """The first pass over an engine stream: the iteration chosen and its root value."""
    from ...sdk.stream import read_engine_stream

    depths: list[int | None] = []
    values: list[Number | None] = []

    def deepen(node: int, depth: int) -> None:
        depths.append(depth)
        values.append(None)

    def leave(node: int, value: Any) -> None:
        if node == 0:
            if not depths:
                depths.append(None)
                values.append(None)
            values[-1] = decode_number(value)

    read_engine_stream(file, {"deepen": deepen, "leave": leave}, header_schema=False)
    if not depths:
        raise InputError(said("the trace has no events"), file=file)
    marked = depths[0] is not None or len(depths) > 1
    chosen = _pick(len(depths), wanted)
    value = values[chosen - 1]
    if value is None:
        raise InputError(said("the root is not left in iteration {number}: the search did "
                              "not finish", number=chosen), file=file)
    return Chosen(chosen, len(depths), depths[chosen - 1], marked=marked), value


def result_value(file: str) -> Number | None:
    """The root value of an engine stream's result, when its last line is the result
    of a complete search (None: read the stream twice, the first pass says why not)."""
    from ...jsonio import loads_json
    from ...scanning import last_line

    found = last_line(file)
    if found is None:
        return None
    try:
        obj = loads_json(found[1].decode("utf-8"), file=file)
    except (InputError, UnicodeDecodeError):
        return None
    if not isinstance(obj, dict) or obj.get("type") != "result" or not obj.get("complete"):
        return None
    try:
        return decode_number(obj.get("value"))
    except (TypeError, ValueError, InputError):
        return None


class _Read:
    """The reading of the regret map's iteration: the reader, the iteration, whether its
    events are the ones read."""

    def __init__(self, reader: WasteReader, iteration: int, reading: bool) -> None:
        self.reader = reader
        self.iteration = iteration
        self.reading = reading


def engine_regret_reader(file: str, header: Header, chosen: Chosen | None, t: Number, *,
                         keep_depth: int) -> tuple[WasteReader, Summary, Chosen]:
    """Read the chosen iteration of an engine stream into the regret map's reader;
    ``chosen`` None: the last, ``t`` the result's value, in one pass that checks every
    line (each iteration read anew from its ``deepen``: the last one read stays)."""
    from ...sdk.stream import Stop, read_engine_stream

    last = chosen is None
    iteration = 0 if chosen is None or chosen.marked else 1  # no deepen: all, iteration 1
    st = _Read(WasteReader(header, t, file=file, keep_depth=keep_depth), iteration,
               last or iteration == (chosen.number if chosen else 0))
    depths: list[int | None] = []

    def changed() -> InputError:  # the reading checked every rule: the file changed
        return InputError(said("the trace changed while it was read"), file=file)

    def open_root() -> None:
        reader = st.reader
        reader.count += 1
        reader.stack.append(_Frame("0", 0, "max", (), (), (), reader.count))

    def begun() -> bool:
        """Whether the event is read (the root opened by the first one when no
        ``deepen`` did)."""
        if not st.reading:
            return False
        if not st.reader.stack and st.reader.root is None:
            open_root()
        return True

    def deepen(node: int, depth: int) -> None:
        st.iteration += 1
        if last:
            depths.append(depth)
            st.reader = WasteReader(header, t, file=file, keep_depth=keep_depth)
            open_root()
            return
        if st.reading:
            raise Stop
        st.reading = st.iteration == (chosen.number if chosen else 0)
        if st.reading:
            open_root()

    def enter(node: int, parent: int, move: str, move_class: str | None) -> None:
        if not begun():
            return
        reader = st.reader
        stack = reader.stack
        if not stack or str(parent) != stack[-1].node:
            raise changed()
        above = stack[-1]
        name = str(node)
        above.children = (*above.children, name)
        above.moves = (*above.moves, move)
        reader.count += 1
        depth = len(stack)
        stack.append(_Frame(name, depth, "max" if depth % 2 == 0 else "min",
                            (*above.path, move), (), (), reader.count))

    def leave(node: int, value: Any) -> None:
        if not begun():
            return
        reader = st.reader
        stack = reader.stack
        if not stack or stack[-1].node != str(node):
            raise changed()
        frame = stack.pop()
        summary = reader._summary(frame)
        summary.value = decode_number(value)
        above = stack[-1] if stack else None
        reader._closed(summary, frame.depth, frame.player, above.node if above else None,
                       frame)
        reader.pending = None
        if above is not None:
            _back_up(above, summary)

    def cutoff(node: int, after: int, rank: int) -> None:
        if begun():
            stack = st.reader.stack
            if stack and stack[-1].node == str(node):
                stack[-1].cut = str(after)

    def own(node: int, *fields: Any) -> None:  # probe, store: the node's own events
        begun()

    def research(node: int, alpha: Any, beta: Any) -> None:
        if not st.reading:
            return
        reader = st.reader
        stack = reader.stack
        # the node left last (or the root) is searched again: a new frame, same id
        if node == 0 and not stack:
            if reader.root is not None:  # the root's earlier searches count too
                reader.again["0"] = reader.root.searched
            open_root()
            return
        if not stack:
            raise changed()
        above = stack[-1]
        depth = len(stack)
        try:
            move = above.moves[above.children.index(str(node))]
        except ValueError:
            raise changed() from None
        reader.count += 1
        stack.append(_Frame(str(node), depth, "max" if depth % 2 == 0 else "min",
                            (*above.path, move), (), (), reader.count))

    read_engine_stream(file, {"enter": enter, "leave": leave, "cutoff": cutoff,
                              "probe": own, "store": own, "deepen": deepen,
                              "research": research}, header_schema=False)
    reader = st.reader
    if chosen is None:
        count = max(st.iteration, 1)
        chosen = Chosen(count, count, depths[-1] if depths else None,
                        marked=st.iteration > 0)
    if reader.stack or reader.root is None:
        raise InputError(said("the root is not left in iteration {number}: the search did "
                              "not finish", number=chosen.number), file=file)
    return reader, reader.root, chosen


def _back_up(frame: _Frame, child: Summary) -> None:
    """The child's value reaches its parent: a second search of one child replaces the
    first (its sizes added up); the best child is the best value, the first of equals."""
    for i, kid in enumerate(frame.kids):
        if kid.node == child.node:
            child.searched += kid.searched
            frame.kids[i] = child
            break
    else:
        frame.kids.append(child)
    better = max if frame.player == "max" else min
    best = better(frame.kids, key=lambda k: k.value)
    frame.best = best.node
