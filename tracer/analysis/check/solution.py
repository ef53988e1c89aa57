"""A student's answer to a search exercise, and the same answer read off a trace.

A solution holds any subset of the items of ``schemas/solution.schema.json``
(``docs/checking.md`` says what each one means): the root's value and move, the
value each node returns, the children pruned, the leaves evaluated in order, the
final alpha and beta at each node; for A*, the expansion order, g / h / f per node,
the nodes discarded as repeated states, the path and its cost.

:func:`extract_solution` reads the complete answer off a trace, so an expected trace
gives the answer key and a student's own trace gives what their program answered.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from ...errors import InputError
from ...events import Backup, Cut, Discard, Evaluate, Event, Expand, Generate, Goal, Select
from ...jsonio import INF_STRINGS, decode_number, encode_number
from ...numbers import Number, format_number
from ...reading_numbers import BadNumber, real_number
from ...said import said
from ...spec import takes
from ...stdin import input_path
from ...trace import Header, Trace
from ...visit import EventVisitor

__all__ = [
    "Conventions",
    "Costs",
    "Solution",
    "Value",
    "Window",
    "extract_solution",
    "load_solution",
]


_VALUE_RE = re.compile(r"[ \t]*(<=|>=|≤|≥)?[ \t]*([+-]?(?:inf|[0-9]+(?:\.[0-9]+)?))[ \t]*")
_BOUNDS = {"<=": "le", "≤": "le", ">=": "ge", "≥": "ge", None: "exact"}


@dataclass(frozen=True)
class Value:
    """A node's value as the lecture writes it: exact (``3``) or, when a cut left it
    undecided, a bound: ``<=2`` (the true value is at most 2), ``>=3`` (at least 3)."""

    number: Number
    bound: str = "exact"
    """``exact``, ``le`` (upper bound) or ``ge`` (lower bound)."""

    def __str__(self) -> str:
        prefix = {"exact": "", "le": "<=", "ge": ">="}[self.bound]
        return prefix + format_number(self.number)

    def to_json(self) -> Number | str:
        return encode_number(self.number) if self.bound == "exact" else str(self)

    @classmethod
    def parse(cls, raw: Any) -> Value:
        """Read ``3``, ``"+inf"``, ``"<=2"``, ``">= -1"``, ``"≤2"``; else an
        :class:`InputError` (a :class:`ValueError`) without a file or a place, for the
        reader to name them."""
        if isinstance(raw, str):
            m = _VALUE_RE.fullmatch(raw)
            if m is None:
                raise InputError(said('expected a number, "+inf"/"-inf" or a bound such as '
                                      '"<=2" or ">=3", got {value}',
                                      value=json.dumps(raw, ensure_ascii=False)))
            text = m.group(2)
            try:
                number = INF_STRINGS[text] if text in INF_STRINGS else real_number(text)
            except BadNumber as exc:  # too many digits, or a float that would be infinite
                raise InputError(exc.said) from None
            return cls(number, _BOUNDS[m.group(1)])
        try:
            return cls(decode_number(raw))
        except ValueError:
            # decode_number's own words, said so that they can be worded
            nan = isinstance(raw, float) and math.isnan(raw)
            raise InputError(said("NaN is not a value") if nan else
                             said("not a number: {value}", value=repr(raw))) from None


@dataclass(frozen=True)
class Window:
    """Alpha and beta at a node: when it is finished (after its last child, or at its
    cut), or on entry (:attr:`Conventions.window`)."""

    alpha: Number | None = None
    beta: Number | None = None


@dataclass(frozen=True)
class Costs:
    """A*: a node's cost so far, heuristic estimate and their sum."""

    g: Number | None = None
    h: Number | None = None
    f: Number | None = None


@dataclass(frozen=True)
class Conventions:
    """The conventions an answer assumes; ``None`` means "the default"."""

    algorithm: str | None = None
    variant: str | None = None
    order: str | None = None
    seed: int | None = None
    cut_on: str | None = None
    depth: int | None = None
    root_player: str | None = None
    heuristic: str | None = None
    """A*: the heuristic's name."""
    window: str | None = None
    """Which alpha and beta the ``alphabeta`` answers give: ``final`` (when the node is
    finished, :data:`tracer.windows.WINDOW_DEFAULT`) or ``entry`` (as its parent passed
    them down)."""

    def merged(self, **overrides: Any) -> Conventions:
        """These conventions with every override that is not ``None`` applied."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        values.update({k: v for k, v in overrides.items() if v is not None})
        return Conventions(**values)

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) is not None}

    @classmethod
    def from_header(cls, header: Header) -> Conventions:
        """The conventions a trace was recorded with."""
        o = header.options
        return cls(algorithm=header.algorithm, variant=header.variant, order=o.get("order"),
                   seed=o.get("seed"),
                   # Every header records a cut test; only alpha-beta's own is a convention.
                   cut_on=o.get("cut_on") if header.algorithm == "alphabeta"
                   and takes("cut_on", header.algorithm, header.variant) else None,
                   depth=o.get("depth"), root_player=o.get("root_player"),
                   heuristic=header.source.get("heuristic"))


@dataclass(frozen=True)
class Solution:
    """An answer: every item is optional (``None`` or empty: not given)."""

    conventions: Conventions = field(default_factory=Conventions)
    value: Value | None = None
    """The root's value."""
    move: str | None = None
    """The root's child the search chooses."""
    values: Mapping[str, Value] = field(default_factory=dict)
    """The value each node returns to its parent (the root's is ``value``)."""
    pruned: tuple[str, ...] | None = None
    """Children cut off (roots of the pruned subtrees); ``"C-I"`` names the edge C to I."""
    evaluated: tuple[str, ...] | None = None
    """Leaves (and depth-limit nodes) evaluated, in the order the search reaches them."""
    alphabeta: Mapping[str, Window] = field(default_factory=dict)
    """Alpha and beta at each node when it is finished."""
    expanded: tuple[str, ...] | None = None
    """A*: nodes in the order they are selected for expansion (the goal last)."""
    nodes: Mapping[str, Costs] = field(default_factory=dict)
    """A*: g, h and f of each generated node."""
    discarded: tuple[str, ...] | None = None
    """A*: nodes dropped because their state had already been seen."""
    path: tuple[str, ...] | None = None
    """A*: the path found, start to goal."""
    cost: Number | None = None
    """A*: the cost of that path."""
    exercise: str | None = None
    """Free text: which exercise this answers."""

    def to_json(self) -> dict[str, Any]:
        """The solution-file form (only the items given)."""
        out: dict[str, Any] = {}
        if self.exercise is not None:
            out["exercise"] = self.exercise
        if self.conventions.to_json():
            out["conventions"] = self.conventions.to_json()
        if self.value is not None:
            out["value"] = self.value.to_json()
        if self.move is not None:
            out["move"] = self.move
        if self.values:
            out["values"] = {k: v.to_json() for k, v in self.values.items()}
        for name in ("pruned", "evaluated", "expanded", "discarded", "path"):
            seq = getattr(self, name)
            if seq is not None:
                out[name] = list(seq)
        if self.alphabeta:
            out["alphabeta"] = {k: _numbers(w, ("alpha", "beta"))
                                for k, w in self.alphabeta.items()}
        if self.nodes:
            out["nodes"] = {k: _numbers(c, ("g", "h", "f")) for k, c in self.nodes.items()}
        if self.cost is not None:
            out["cost"] = encode_number(self.cost)
        return out

    @classmethod
    def from_json(cls, data: Any, *, file: str = "<solution>") -> Solution:
        """Build from a schema-valid document; values that the schema cannot check
        (bounds) are reported with their JSON path."""
        if not isinstance(data, dict):
            raise InputError(said("expected a JSON object"), file=file, where="$")

        def value(raw: Any, where: str) -> Value:
            try:
                return Value.parse(raw)
            except InputError as exc:
                raise InputError(exc.said, file=file, where=where) from None

        def number(raw: Any, where: str) -> Number:
            v = value(raw, where)
            if v.bound != "exact":
                raise InputError(said("expected a number, not a bound: {value!r}", value=raw),
                                 file=file, where=where)
            return v.number

        conv = data.get("conventions", {})
        seqs = {name: None if data.get(name) is None else tuple(data[name])
                for name in ("pruned", "evaluated", "expanded", "discarded", "path")}
        return cls(
            conventions=Conventions(**{k: conv.get(k) for k in
                                       (f.name for f in fields(Conventions))}),
            value=None if "value" not in data else value(data["value"], "$.value"),
            move=data.get("move"),
            values={k: value(v, f"$.values.{k}") for k, v in data.get("values", {}).items()},
            alphabeta={k: Window(*(None if w.get(n) is None
                                   else number(w[n], f"$.alphabeta.{k}.{n}")
                                   for n in ("alpha", "beta")))
                       for k, w in data.get("alphabeta", {}).items()},
            nodes={k: Costs(*(None if c.get(n) is None else number(c[n], f"$.nodes.{k}.{n}")
                              for n in ("g", "h", "f")))
                   for k, c in data.get("nodes", {}).items()},
            cost=None if data.get("cost") is None else number(data["cost"], "$.cost"),
            exercise=data.get("exercise"),
            **seqs,
        )


def _numbers(obj: Any, names: tuple[str, ...]) -> dict[str, Any]:
    return {n: encode_number(getattr(obj, n)) for n in names if getattr(obj, n) is not None}


def load_solution(path: str | os.PathLike[str]) -> Solution:
    """Read and validate a solution file (JSON); errors name the file and the JSON path."""
    from ...jsonio import load_json_file
    from ...schema import validate

    path = input_path(path)  # - is standard input
    file = os.fspath(path)
    data = load_json_file(path)
    if isinstance(data, dict):  # a bad bound gets a friendlier word than the schema's regex
        values = data.get("values")
        raw = [("$.value", data["value"])] if "value" in data else []
        raw += [(f"$.values.{k}", v) for k, v in values.items()] \
            if isinstance(values, dict) else []
        for where, v in raw:
            if isinstance(v, str):
                try:
                    Value.parse(v)
                except InputError as exc:
                    raise InputError(exc.said, file=file, where=where) from None
    validate(data, "solution", file=file)
    return Solution.from_json(data, file=file)


# ------------------------------------------------------------------ reading a trace


def extract_solution(trace: Trace, *, leaves: bool = False,
                     window: str | None = None) -> Solution:
    """The complete answer a trace gives; ``leaves`` also lists each evaluated leaf's
    value under ``values`` (what a checker needs to judge a leaf value a student wrote);
    ``window``: the ``alphabeta`` windows on ``entry`` or ``final`` (None: the default,
    final)."""
    conventions = Conventions.from_header(trace.header)
    read = _Reading()
    read.walk(trace.events)
    if read.astar:
        return Solution(conventions=conventions, expanded=tuple(read.expanded),
                        nodes=read.nodes, discarded=tuple(read.discarded), path=read.path,
                        cost=read.cost)
    returned = read.returned
    root = trace.header.root
    result = trace.result
    if result is not None and result.value is not None:
        returned[root] = result.value
    kinds = _value_kinds(read, returned)
    # Answer keys list nodes in the order the search first reaches them.
    first = read.first
    returned = dict(sorted(returned.items(), key=lambda kv: first.get(kv[0], 1 << 60)))
    chosen = read.entry if window == "entry" else read.windows
    windows = dict(sorted(chosen.items(), key=lambda kv: first.get(kv[0], 1 << 60)))
    values = {n: Value(v, kinds.get(n, "exact")) for n, v in returned.items()}
    leaf_ids = set(read.evaluated)
    return Solution(
        conventions=conventions,
        value=values.get(root),
        move=None if result is None else result.move,
        values={n: v for n, v in values.items()
                if n != root and (leaves or n not in leaf_ids)},
        pruned=tuple(read.pruned),
        evaluated=tuple(read.evaluated),
        alphabeta={n: w for n, w in windows.items()},
    )


class _Reading(EventVisitor[None]):
    """What an answer is read from, in one walk of a trace: for a game, the leaves
    evaluated, the children pruned, the value each node returns and its final window,
    the shape of the tree searched (for :func:`_value_kinds`) and where the search first
    reaches each node; for A* (a trace with select, generate or goal events), the
    expansion order, g / h / f per node, the nodes discarded, the path and its cost."""

    def __init__(self) -> None:
        self.evaluated: list[str] = []
        self.pruned: list[str] = []
        self.returned: dict[str, Number] = {}
        self.windows: dict[str, Window] = {}
        self.entry: dict[str, Window] = {}
        self.first: dict[str, int] = {}
        self.children: dict[str, tuple[str, ...]] = {}
        self.players: dict[str, str] = {}
        self.leaf: dict[str, Number] = {}
        self.expand_order: list[str] = []
        self.astar = False
        self.expanded: list[str] = []
        self.nodes: dict[str, Costs] = {}
        self.discarded: list[str] = []
        self.path: tuple[str, ...] | None = None
        self.cost: Number | None = None

    def visit_expand(self, ev: Expand) -> None:
        self.first.setdefault(ev.node, ev.seq)
        self.children[ev.node] = ev.children
        self.players[ev.node] = ev.player
        self.expand_order.append(ev.node)
        if ev.alpha is not None and ev.beta is not None:
            self.entry.setdefault(ev.node, Window(ev.alpha, ev.beta))

    def visit_evaluate(self, ev: Evaluate) -> None:
        self.first.setdefault(ev.node, ev.seq)
        self.evaluated.append(ev.node)
        self.returned[ev.node] = self.leaf[ev.node] = ev.value

    def visit_backup(self, ev: Backup) -> None:
        self.returned[ev.child] = ev.child_value
        if ev.alpha is not None and ev.beta is not None:
            self.windows[ev.node] = Window(ev.alpha, ev.beta)

    def visit_cut(self, ev: Cut) -> None:
        self.pruned.extend(ev.pruned)
        self.returned.setdefault(ev.node, ev.value)
        self.windows[ev.node] = Window(ev.alpha, ev.beta)

    def visit_generate(self, ev: Generate) -> None:
        self.astar = True
        self.nodes[ev.node] = Costs(ev.g, ev.h, ev.f)

    def visit_select(self, ev: Select) -> None:
        self.astar = True
        self.expanded.append(ev.node)

    def visit_discard(self, ev: Discard) -> None:
        self.discarded.append(ev.node)

    def visit_goal(self, ev: Goal) -> None:
        self.astar = True
        if not self.expanded or self.expanded[-1] != ev.node:
            self.expanded.append(ev.node)
        self.path, self.cost = ev.path, ev.cost

    def visit_event(self, ev: Event) -> None:
        pass


def _value_kinds(read: _Reading, returned: Mapping[str, Number]) -> dict[str, str]:
    """Whether each returned value is exact, an upper bound (``le``) or a lower bound (``ge``).

    Every node gets the interval its true value must lie in, from the leaves evaluated
    (a child never searched is (-inf, +inf)); MAX takes the max of both ends over its
    children, MIN the min (the same reading as ``tracer.render.model.values``).  The returned
    value is exact when it is the whole interval, an upper bound when it is at or above
    the interval's top, a lower bound at or below its bottom.
    """
    children, players = read.children, read.players
    interval: dict[str, tuple[float, float]] = {n: (v, v) for n, v in read.leaf.items()}
    open_ = (-math.inf, math.inf)
    for node in reversed(read.expand_order):
        ivs = [interval.get(c, open_) for c in children[node]]
        pick = max if players[node] == "max" else min
        interval[node] = (pick(lo for lo, _ in ivs), pick(hi for _, hi in ivs))
    kinds: dict[str, str] = {}
    for node, r in returned.items():
        lo, hi = interval.get(node, open_)
        if lo == hi == r:
            kinds[node] = "exact"
        elif hi <= r:
            kinds[node] = "le"
        elif lo >= r:
            kinds[node] = "ge"
        else:
            kinds[node] = "exact"
    return kinds
