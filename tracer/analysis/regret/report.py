"""``gametrace regret``: the report of :mod:`.waste`: the nodes searched, the ideal tree's,
the waste, the ten worst nodes and (for the picture) the shallow part of the tree with
each node's role and waste."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ...events import Event
from ...header import Header, Result
from ...numbers import Number, format_number
from ...stdin import input_path
from .engine import (
    Chosen,
    engine_as_header,
    engine_header,
    engine_iterations,
    engine_regret_reader,
    result_value,
    v1_iterations,
    v1_selected,
)
from .stream import read_result, stream
from .waste import Kept, Summary, WasteReader, Worst

__all__ = ["FORMAT", "Drawn", "RegretReport", "regret_of", "regret_of_trace"]

FORMAT = "gametree-regret"
"""The ``format`` of the report's JSON."""


@dataclass(frozen=True)
class Drawn:
    """A node of the picture, with its role settled."""

    node: str
    parent: str | None
    move: str
    player: str
    depth: int
    searched: int
    """Nodes searched under it, itself included."""
    wasted: int
    """Nodes under it a best-first ordering would not have searched (all of them when
    the ideal tree drops it)."""
    ideal: bool
    """Whether the ideal tree keeps it."""
    folded: bool
    """Whether it has searched children the picture leaves out (below ``--depth``)."""


@dataclass(frozen=True)
class RegretReport:
    """What :func:`regret_of_trace` found."""

    algorithm: str
    variant: str
    source: str
    value: Number
    """The root's value, the bound every node off the principal variation is held to."""
    searched: int
    ideal: int
    worst: tuple[Worst, ...]
    drawn: tuple[Drawn, ...]
    depth: int
    """The picture's depth bound."""
    iteration: Chosen | None = None
    """The iteration read, when the search deepened iteratively."""

    @property
    def wasted(self) -> int:
        return self.searched - self.ideal

    def to_text(self) -> str:
        share = 100 * self.wasted / self.searched if self.searched else 0.0
        lines = [f"{self.algorithm} ({self.variant}) on {self.source}: value "
                 f"{format_number(self.value)}",
                 *([f"{self.iteration.to_text()}; a node searched again counts each "
                    "search's nodes"] if self.iteration is not None else []),
                 f"nodes searched {self.searched}, ideal tree {self.ideal}, wasted "
                 f"{self.wasted} ({share:.1f}%)"]
        if not self.worst:
            lines.append("no node's ordering wasted a node")
            return "\n".join(lines)
        lines.append(f"the {len(self.worst)} worst nodes (nodes their own ordering wasted):")
        lines.append(" #  wasted  searched  cut by (rank)   should cut (rank)  path")
        for i, w in enumerate(self.worst, 1):
            cut = f"{w.cut} ({w.cut_rank})" if w.cut is not None else "- (no cut)"
            should = ("same" if w.cut_rank == w.refuter_rank
                      else f"{w.refuter} ({w.refuter_rank})")
            lines.append(f"{i:>2}  {w.local:>6}  {w.nodes:>8}  {cut:<14}  {should:<17}  "
                         f"{_path(w.path)}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        from ...jsonio import encode_number

        return {"format": FORMAT, "algorithm": self.algorithm, "variant": self.variant,
                "source": self.source, "value": encode_number(self.value),
                "searched": self.searched, "ideal": self.ideal, "wasted": self.wasted,
                "worst": [w.to_json() for w in self.worst],
                "iteration_read": None if self.iteration is None
                else self.iteration.to_json()}


def _path(path: tuple[str, ...]) -> str:
    return " ".join(path) if path else "(root)"


def regret_of_trace(path: str | os.PathLike[str], *, depth: int = 3,
                    iteration: int | None = None) -> RegretReport:
    """Read the trace at ``path`` (``.json``, ``.jsonl``, ``.jsonl.gz``; version 1 or an
    engine's version 2) as a stream and measure its ordering's waste; the picture keeps
    the nodes to ``depth`` plies.  A search by iterative deepening is read at its last
    iteration, or at ``iteration`` (from 1): see :mod:`.engine`."""
    path = input_path(path)  # - is standard input
    file = str(path)
    engine = engine_header(path)
    if engine is not None:
        header = engine_as_header(engine)
        t = result_value(file) if iteration is None else None
        if t is not None:  # the last iteration, in one pass
            reader, root, chosen = engine_regret_reader(file, header, None, t,
                                                        keep_depth=depth)
        else:
            chosen, t = engine_iterations(file, iteration)
            reader, root, _ = engine_regret_reader(file, header, chosen, t, keep_depth=depth)
        return _report(header, reader, root, t, depth, chosen if chosen.marked else None)
    result = read_result(path)
    assert result.value is not None  # read_result refuses an unfinished search
    header, items = stream(path)
    found = v1_iterations(path, items, iteration)
    if found is None:
        if iteration is not None and iteration != 1:
            from ...errors import UsageError
            from ...said import said

            raise UsageError(said("--iteration {wanted}: the trace has one search, not "
                                  "iterations (choose 1)", wanted=iteration))
        return regret_of(header, stream(path)[1], result.value, file=file, depth=depth)
    chosen, t, groups = found
    reader = _read(header, v1_selected(stream(path)[1], groups, chosen.number), t, file,
                   depth)
    return _report(header, reader, reader.end(), t, depth, chosen)


def regret_of(header: Header, items: Iterable[Event | Result], value: Number, *,
              file: str = "<trace>", depth: int = 3) -> RegretReport:
    """The report on the events ``items`` of a search whose header is ``header`` and whose
    root value is ``value`` (a trace in memory: ``regret_of(t.header, t.events,
    t.result.value)``)."""
    reader = _read(header, items, value, file, depth)
    return _report(header, reader, reader.end(), value, depth, None)


def _read(header: Header, items: Iterable[Event | Result], value: Number, file: str,
          depth: int) -> WasteReader:
    reader = WasteReader(header, value, file=file, keep_depth=depth)
    handlers = reader.handlers()
    for item in items:
        if not isinstance(item, Result):
            handlers[item.__class__](item)
    return reader


def _report(header: Header, reader: WasteReader, root: Summary, value: Number, depth: int,
            chosen: Chosen | None) -> RegretReport:
    return RegretReport(header.algorithm, header.variant, str(header.source.get("name") or "?"),
                        value, root.searched, root.ideal[0], root.worst[0],
                        _settle(reader.kept, header.root, depth), depth, chosen)


def _settle(kept: dict[str, Kept], root: str, depth: int) -> tuple[Drawn, ...]:
    """The picture's nodes, each in the role the ideal tree gives it (top down): an index
    into :data:`~.waste.ROLES` (0 on the principal variation, 1 and 2 off it), or
    ``None`` for a node the ideal tree drops, all of whose nodes are wasted."""
    drawn: list[Drawn] = []
    todo: list[tuple[str, int | None]] = [(root, 0)] if root in kept else []
    while todo:
        node, role = todo.pop()
        k = kept[node]
        wasted = k.searched if role is None else k.searched - k.ideal[role]
        drawn.append(Drawn(k.node, k.parent, k.move, k.player, k.depth, k.searched, wasted,
                           role is not None, not k.leaf and k.depth >= depth))
        if k.depth >= depth:
            continue
        side = 1 if k.player == "max" else 2
        for child in reversed(k.children):
            if child not in kept:
                continue
            if role is None:
                todo.append((child, None))
            elif role == 0:
                todo.append((child, 0 if child == k.best else side))
            else:
                todo.append((child, role if child in k.keeps[role] else None))
    return tuple(drawn)
