"""Statistics of an engine's own search, read from its trace (format version 2,
docs/trace-format.md "Engine traces"), event by event through the compiled scanner.

The counting (one rule, :func:`.counting.fails_high` for the fail-high):

* a node is counted once per *search* of it: an ``enter``, a ``research`` (the same node
  searched again with a new window) and each search of the root (one per ``deepen``, or
  the one the header opens); its ply is the number of nodes open above it;
* a search that tried a child is an inner node; one that tried none is settled by the
  table when a ``probe`` of it hit, else a leaf;
* a ``cutoff`` is a fail-high, whatever the rank of the child that made it (the last
  child included: the engine says so, as engines count it), counted at its node's ply by
  that rank;
* a TT hit is counted once, by its ``probe``;
* a ``research`` of the root is an aspiration window widened; of a child, with a null
  window (beta - alpha at most 1), the full-depth search after a reduced one (LMR); with
  a wider window, PVS's full window after a null-window fail-high;
* a ``deepen`` starts an iteration: each has its own table, and the iterations' node
  counts give the EBF between them, nodes(d) / nodes(d-1).
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import Any

from ...errors import InputError
from ...header import Header
from ...jsonio import decode_number, loads_json
from ...said import said
from ...scanning import KINDS, LineViews, compiled, compiled_scan
from .counting import fails_high
from .reading import make_stats
from .table import ClassStats, SearchStats, _num, _pct

__all__ = ["RESEARCH_KINDS", "EngineStats", "Iteration", "engine_stats", "is_engine_stream"]

RESEARCH_KINDS = ("pvs", "lmr", "aspiration")
"""The kinds of re-search told apart (see the module's text)."""

_NO_LIMIT = 2 ** 62
# the scanner's kinds (scanning.KINDS): each field checked as the schema's shapes say
# (tracer/sdk/checking.py), so both builds take and refuse the same lines
_INT, _STR, _ID, _RANK, _ZERO, _BOOL, _FLAG, _CLASS, _VALUE = (
    KINDS[k] for k in ("int", "str", "id", "rank", "zero", "bool", "flag", "class", "value"))


@dataclass(frozen=True)
class Iteration:
    """One search of the root (an iteration of iterative deepening)."""

    depth: int | None
    """The depth its ``deepen`` gave (None: the trace has no iterations)."""
    stats: SearchStats
    """Its statistics per ply."""
    researches: dict[str, int]
    """Its re-searches by kind (:data:`RESEARCH_KINDS`)."""
    probes: int
    hits: int

    @property
    def nodes(self) -> int:
        return self.stats.nodes

    def to_json(self) -> dict[str, Any]:
        return {"depth": self.depth, "nodes": self.nodes, "tt_probes": self.probes,
                "tt_hits": self.hits, "researches": dict(self.researches),
                "stats": self.stats.to_json()}


@dataclass(frozen=True)
class EngineStats:
    """The statistics of an engine's trace: the whole search and each iteration."""

    whole: SearchStats
    iterations: tuple[Iteration, ...]
    eval: str | None
    """The engine's evaluation, by the header's name."""

    @property
    def researches(self) -> dict[str, int]:
        return {k: sum(i.researches[k] for i in self.iterations) for k in RESEARCH_KINDS}

    def iteration_ebf(self, n: int) -> float | None:
        """nodes(d) / nodes(d-1): iteration ``n``'s nodes over the one's before it."""
        if n <= 0 or not self.iterations[n - 1].nodes:
            return None
        return self.iterations[n].nodes / self.iterations[n - 1].nodes

    def to_json(self) -> dict[str, Any]:
        out = self.whole.to_json()
        probes = sum(i.probes for i in self.iterations)
        out["engine"] = {
            "eval": self.eval, "researches": self.researches, "tt_probes": probes,
            "tt_hits": sum(i.hits for i in self.iterations),
            "iterations": [{**i.to_json(), "ebf": _rounded(self.iteration_ebf(n))}
                           for n, i in enumerate(self.iterations)]}
        return out

    def to_text(self) -> str:
        """The whole search's table, the engine's counts, then one table per iteration."""
        probes = sum(i.probes for i in self.iterations)
        hits = sum(i.hits for i in self.iterations)
        out = [self.whole.to_text(), f"re-searches: {_kinds(self.researches)}",
               f"TT probes: {probes}, hits: {hits} ({_pct(hits / probes)})" if probes
               else "TT probes: none"]
        if len(self.iterations) == 1 and self.iterations[0].depth is None:
            return "\n".join(out)
        rows = [["depth", "nodes", "EBF"],
                *([_depth(i.depth), str(i.nodes), _num(self.iteration_ebf(n))]
                  for n, i in enumerate(self.iterations))]
        widths = [max(len(r[c]) for r in rows) for c in range(3)]
        out += ["by iteration:",
                *("  ".join(cell.rjust(w) for cell, w in zip(r, widths, strict=True))
                  for r in rows)]
        out.append("EBF: nodes(d)/nodes(d-1), iteration d's nodes over the one's before.")
        for n, i in enumerate(self.iterations):
            table = i.stats.to_text().splitlines()[1:]  # its title is the whole's
            out += ["", f"iteration {n + 1}, depth {_depth(i.depth)}, re-searches: "
                    f"{_kinds(i.researches)}", *(t for t in table if t != _EBF_NOTE)]
        return "\n".join(out)


_EBF_NOTE = "EBF: N(d)/N(d-1) per depth; in the last row the d-th root of all nodes."
"""The whole table's note, said once."""


def _kinds(counts: dict[str, int]) -> str:
    return f"{sum(counts.values())} (" + ", ".join(
        f"{k} {counts[k]}" for k in RESEARCH_KINDS) + ")"


def _depth(depth: int | None) -> str:
    return "-" if depth is None else str(depth)


def _rounded(x: float | None) -> float | None:
    return None if x is None else round(x, 6)


def is_engine_stream(path: str | os.PathLike[str]) -> bool:
    """Whether a ``.jsonl`` trace's first line is an engine stream's header (version 2),
    told from the line's text (the strict reader then reads it)."""
    from ...compress import open_bytes

    try:
        with open_bytes(os.fspath(path)) as handle:
            first = handle.readline(1 << 16)
    except OSError:
        return False  # the reader says why
    return b'"version":2' in first.replace(b" ", b"")


class _Counts:
    """One iteration's counts, by ply."""

    def __init__(self, depth: int | None) -> None:
        self.depth = depth
        self.inner: list[int] = []
        self.leaves: list[int] = []
        self.settled: list[int] = []
        self.bounded: list[int] = []
        self.ranks: dict[tuple[int, int], int] = {}
        self.researches = dict.fromkeys(RESEARCH_KINDS, 0)
        self.probes = 0
        self.hits = 0
        self.classes: dict[tuple[int, str], tuple[list[int], dict[int, int]]] = {}


def _bump(counts: list[int], ply: int) -> None:
    if ply >= len(counts):
        counts.extend([0] * (ply + 1 - len(counts)))
    counts[ply] += 1


class _EngineTally:
    """Counts an engine stream's events as the scanner hands them on."""

    def __init__(self, *, file: str, by_class: bool) -> None:
        self.file = file
        self.by_class = by_class
        self.line = 0
        # each open search: [node, children tried, the probe's flag when it hit, the class
        # of the child tried last]
        self.stack: list[list[Any]] = [[0, 0, None, None]]
        self.counts = [_Counts(None)]
        self.now = self.counts[0]
        self.result: dict[str, Any] | None = None

    def fail(self, why: Any) -> InputError:
        return InputError(why, file=self.file,
                          where=f"line {self.line}" if self.line else None)

    def top(self, kind: str, node: int) -> list[Any]:
        stack = self.stack
        if not stack or stack[-1][0] != node:
            raise self.fail(said("{type} of node {node}, but {open}: expected an event of "
                                 "the node being searched", type=kind,
                                 node=node, open=said("no node is being searched")
                                 if not stack else said("node {n} is being searched",
                                                        n=stack[-1][0])))
        return stack[-1]

    def enter(self, node: int, parent: int, move_class: str | None) -> None:
        top = self.top("enter", parent)
        top[1] += 1
        top[3] = move_class
        if self.by_class:
            counts = self._class(len(self.stack) - 1, move_class)
            counts[0][0] += 1
        self.stack.append([node, 0, None, None])

    def _class(self, ply: int, name: str | None) -> tuple[list[int], dict[int, int]]:
        key = (ply, name or "move")
        got = self.now.classes.get(key)
        if got is None:
            got = self.now.classes[key] = ([0], {})
        return got

    def leave(self, node: int) -> None:
        frame = self.top("leave", node)
        self.stack.pop()
        ply, now = len(self.stack), self.now
        if frame[1]:
            _bump(now.inner, ply)
        elif frame[2] is not None:
            _bump(now.settled, ply)
            if frame[2] != "exact":
                _bump(now.bounded, ply)
        else:
            _bump(now.leaves, ply)

    def cutoff(self, node: int, after: int, rank: int) -> None:
        frame = self.top("cutoff", node)
        if not fails_high(cutoff=True):
            return
        ply = len(self.stack) - 1
        ranks = self.now.ranks
        ranks[(ply, rank)] = ranks.get((ply, rank), 0) + 1
        if self.by_class:
            by_rank = self._class(ply, frame[3])[1]
            by_rank[rank] = by_rank.get(rank, 0) + 1

    def probe(self, node: int, hit: Any, flag: str | None) -> None:
        frame = self.top("probe", node)
        now = self.now
        now.probes += 1
        if hit is True:
            now.hits += 1
            frame[2] = flag or "exact"

    def store(self, node: int) -> None:
        self.top("store", node)

    def deepen(self, node: int, depth: int) -> None:
        stack = self.stack
        if stack and (len(stack) > 1 or stack[0][1]):
            raise self.fail(said("deepen while node {open} is being searched: expected no "
                                 "node open, or the root before its first child",
                                 open=stack[-1][0]))
        if not stack:
            stack.append([0, 0, None, None])
        first = self.counts[0]
        if len(self.counts) == 1 and first.depth is None and not first.inner \
                and not first.leaves and not first.settled:
            self.counts.clear()  # nothing was searched before the first iteration
        self.now = _Counts(depth)
        self.counts.append(self.now)

    def research(self, node: int, alpha: Any, beta: Any) -> None:
        for value in (alpha, beta):
            if value is None:  # (the schema's number is never null)
                raise self.fail(said("expected a number for a value, got {value!r}",
                                     value=value))
        alpha, beta = decode_number(alpha), decode_number(beta)  # "+inf", as written
        stack = self.stack
        if not stack:
            kind = "aspiration"
        else:
            kind = "lmr" if math.isfinite(beta - alpha) and beta - alpha <= 1 else "pvs"
        self.now.researches[kind] += 1
        stack.append([node, 0, None, None])

    def other(self, raw: bytes, lineno: int) -> int:
        """A line the scanner did not take: read strictly (the result, or an event it
        leaves to the strict reader)."""
        text = bytes(raw).decode("utf-8", "replace")
        if not text.strip():
            return 0
        where = f"{self.file}:{lineno}"
        obj = loads_json(text, file=where)
        kind = obj.get("type") if isinstance(obj, dict) else None
        from ...schema import validate

        if kind == "result":
            validate(obj, "trace", file=self.file, ref="#/$defs/result",
                     where=f"line {lineno}: $")
            self.result = obj
            return 1
        if kind not in _FIELDS or self.result is not None:
            raise InputError(said("expected an engine event (one of: {kinds})",
                                  kinds=", ".join(_FIELDS)),
                             file=self.file, where=f"line {lineno}")
        validate(obj, "trace", file=self.file, ref=f"#/$defs/{kind}",
                 where=f"line {lineno}: $")
        self.line = lineno  # for an error: a line the scanner hands on has no number
        getattr(self, kind)(*(obj.get(name) for name in _TAKEN[kind]))
        self.line = 0
        return 1

    def specs(self) -> tuple[tuple[str, Any, tuple[tuple[str, int, bool, bool, int], ...]],
                             ...]:
        """The scanner's specs: per type, the handler and the fields (the taken first)."""
        out = []
        for kind, fields in _FIELDS.items():
            taken = _TAKEN[kind]
            spec = tuple((name, k, req, name in taken, place)
                         for place, (name, k, req) in enumerate(fields))
            out.append((kind, getattr(self, kind),
                        tuple(sorted(spec, key=lambda s: (not s[3], taken.index(s[0])
                                                          if s[3] else s[4])))))
        return tuple(out)


_FIELDS: dict[str, tuple[tuple[str, int, bool], ...]] = {
    # the fields of each engine event, in the order the writers write them
    "enter": (("node", _ID, True), ("parent", _ID, True), ("move", _STR, True),
              ("class", _CLASS, False)),
    "leave": (("node", _ID, True), ("value", _VALUE, True)),
    "cutoff": (("node", _ID, True), ("after", _ID, True), ("rank", _RANK, True)),
    "probe": (("node", _ID, True), ("hit", _BOOL, True), ("flag", _FLAG, False),
              ("value", _VALUE, False), ("draft", _INT, False)),
    "store": (("node", _ID, True), ("flag", _FLAG, True), ("value", _VALUE, True),
              ("draft", _INT, True)),
    "deepen": (("node", _ZERO, True), ("depth", _ID, True)),
    "research": (("node", _ID, True), ("alpha", _VALUE, True), ("beta", _VALUE, True)),
}
_TAKEN = {"enter": ("node", "parent", "class"), "leave": ("node",),
          "cutoff": ("node", "after", "rank"), "probe": ("node", "hit", "flag"),
          "store": ("node",), "deepen": ("node", "depth"),
          "research": ("node", "alpha", "beta")}


def engine_stats(path: str | os.PathLike[str], *, by_class: bool = False,
                 use_compiled: bool | None = None) -> tuple[EngineStats, Header]:
    """The statistics of an engine stream, read line by line, and its header (checked
    by the schema); ``by_class``: the moves by the class each ``enter`` names."""
    from ...compress import open_bytes
    from ...header import Result, Stats
    from ...schema import validate
    from ...stdin import input_path
    from .. import finished

    file = input_path(path)  # - is standard input, kept in a file
    with open_bytes(file) as handle:
        first = handle.readline()
    header = loads_json(first.decode("utf-8", "replace"), file=f"{file}:1")
    validate(header, "trace", file=file, ref="#/$defs/header", where="line 1: $")
    tally = _EngineTally(file=file, by_class=by_class)
    fast = compiled() if use_compiled is None else use_compiled
    try:
        _read(tally, file, fast)
    except InputError as exc:
        if not fast or exc.where:
            raise
        # the scanner does not say which line it handed on: read again line by line,
        # which stops at the same event and names its line
        _read(_EngineTally(file=file, by_class=by_class), file, False)
        raise
    got = tally.result
    finished(None if got is None else Result(None, None, (), Stats(),
                                             complete=got.get("complete") is True),
             file=file, purpose=said("counting the statistics"))
    shown = Header(str(header.get("algorithm")), str(header.get("variant")), "0",
                   source=header.get("source") or {})
    engine = header.get("engine") or {}
    iterations = tuple(_iteration(shown, c) for c in tally.counts)
    return EngineStats(_whole(shown, tally.counts), iterations, engine.get("eval")), shown


def _read(tally: _EngineTally, file: str, fast: bool) -> None:
    views = LineViews(file)
    lineno = 0
    if fast:
        assert compiled_scan is not None
        specs = tally.specs()
        for data in views:
            lineno = lineno or views.first
            lineno += compiled_scan(data, lineno, specs, tally.other, _NO_LIMIT, True)[1]
        return
    for data in views:
        lineno = lineno or views.first
        for raw in bytes(data).split(b"\n"):
            tally.other(raw, lineno)
            lineno += 1


def _stats(header: Header, c: _Counts) -> SearchStats:
    ranks = c.ranks
    stats = make_stats(header, c.inner, c.leaves, ranks, hits=c.settled, cutoffs=c.bounded,
                       recorded="full")
    if not c.classes:
        return stats
    return stats.with_classes({key: ClassStats(n[0], dict(sorted(r.items())))
                               for key, (n, r) in c.classes.items()})


def _iteration(header: Header, c: _Counts) -> Iteration:
    return Iteration(c.depth, _stats(header, c), dict(c.researches), c.probes, c.hits)


def _whole(header: Header, counts: list[_Counts]) -> SearchStats:
    total = _Counts(None)
    for c in counts:
        for mine, theirs in ((total.inner, c.inner), (total.leaves, c.leaves),
                             (total.settled, c.settled), (total.bounded, c.bounded)):
            mine.extend([0] * (len(theirs) - len(mine)))
            for ply, n in enumerate(theirs):
                mine[ply] += n
        for key, n in c.ranks.items():
            total.ranks[key] = total.ranks.get(key, 0) + n
        for named, (searched, ranks) in c.classes.items():
            mine_s, mine_r = total.classes.setdefault(named, ([0], {}))
            mine_s[0] += searched[0]
            for r, n in ranks.items():
                mine_r[r] = mine_r.get(r, 0) + n
    return _stats(header, total)
