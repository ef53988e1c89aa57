"""Capturing: a search that records only the subtrees asked for, as ordinary traces.
What ``gametrace run --capture PATH`` and ``--capture-when COND`` call.

:func:`capture_path` records the subtree under the node a move path reaches (one trace,
written whole to ``output``); :func:`capture_when` records every node's subtree where a
condition holds, the first ``captures`` of them, each a trace of its own in the folder
``output`` (``capture-001.json``, ``capture-002.json``, ... in the order their nodes
were left), written whole or not at all.  The searches themselves are in
:mod:`tracer.search.capture`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import UsageError
from ..limits import NO_LIMITS
from ..said import said
from ..search.capture import SourceOf
from ..sources import Source, resolve
from ..spec import SearchSpec
from ..trace import Result, Trace
from .searching import SearchSummary, summary_title

__all__ = ["BUDGET_MB", "CaptureOutcome", "capture_path", "capture_when"]

BUDGET_MB = 64
"""The events a capture keeps in memory, in MB of their JSON lines, when
``--max-trace-mb`` does not say."""


@dataclass(frozen=True)
class CaptureOutcome:
    """What a capture did: the whole search's summary and the captures written."""

    summary: SearchSummary
    """The whole search (its value, move, counts)."""
    written: tuple[tuple[str, Trace], ...]
    """Each capture written, with its file."""
    counts: dict[str, int] = field(default_factory=dict)
    """``--capture-when``: matched, written, beyond (past ``--captures``), over_budget."""

    def to_text(self, lang: str = "en") -> str:
        lines = [self.summary.to_text(lang)]
        for path, trace in self.written:
            lines.append(_capture_line(path, trace))
        if self.counts:
            c = self.counts
            lines.append(f"captured {c['written']} of {c['matched']} matching subtrees "
                         f"({c['beyond']} past --captures, {c['over_budget']} over the "
                         "budget)")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        out = self.summary.to_json()
        out["captures"] = [{"file": path, **(trace.header.capture or {}),
                            "result": None if trace.result is None else trace.result.to_json()}
                           for path, trace in self.written]
        if self.counts:
            out["capture_counts"] = dict(self.counts)
        return out


def _capture_line(path: str, trace: Trace) -> str:
    from ..jsonio import encode_number

    capture = trace.header.capture or {}
    result = trace.result
    where = "/".join(capture.get("path", ())) or "(the root)"
    window = capture.get("window")
    shown = "" if window is None else f", window ({window['alpha']}, {window['beta']})"
    value = "?" if result is None or result.value is None else encode_number(result.value)
    nodes = 0 if result is None else result.stats.nodes_visited
    return (f"{path}: {where} at ply {capture.get('depth')}{shown}: value {value}, "
            f"{nodes} nodes")


def _source(text: str, spec: SearchSpec, params: Mapping[str, str] | None, *,
            option: str) -> tuple[Source, Any, Any, dict[str, Any]]:
    from ..search.capture import check_captured

    check_captured(spec.algorithm, spec.shown_variant, option=option)
    resolved = resolve(text, root_player=spec.root_player, params=params)
    game, state, block = resolved.game()
    return resolved, game, state, block


def _subtree_source(resolved: Source, block: dict[str, Any]) -> SourceOf:
    """The header source of a capture rooted at a node: a tree's subtree (every node
    named, so that the ids stay), or the game's block with the ``path`` of moves from
    the position it names to the captured one."""
    tree = resolved.tree
    if tree is None:
        return lambda node, path: {**block, "path": list(path)}

    def source_of(node: str, path: Sequence[str]) -> dict[str, Any]:
        from ..trees.model import Tree

        sub = Tree(root=tree.find(node), name=tree.name, description=None)
        doc = sub.to_json()
        _name_every_node(doc["tree"], sub.root)
        doc["tree"].pop("prob", None)
        return {**block, "tree": doc}

    return source_of


def _name_every_node(obj: dict[str, Any], node: Any) -> None:
    """Give every node object of a tree document its id as label (generated ids
    included), and its player, so that the subtree reads back with the same ids."""
    stack = [(obj, node)]
    while stack:
        o, n = stack.pop()
        o["label"] = n.id
        o["player"] = n.player.value
        stack.extend(zip(o.get("children", ()), n.children, strict=True))


def _classify(resolved: Source) -> Any:
    """The move classes of a game that names them (chess), from a move's name."""
    if resolved.kind == "game" and resolved.name == "chess":
        from ..games.chess_adapter import san_class

        return san_class
    return None


def _limits_bytes(spec: SearchSpec) -> int:
    limits = spec.limits or NO_LIMITS
    given = limits.max_trace_bytes
    return BUDGET_MB * 10**6 if given is None else given


def capture_path(source: str, *, spec: SearchSpec, path: str,
                 params: Mapping[str, str] | None = None, output: str) -> CaptureOutcome:
    """Search ``source`` as ``spec`` says, recording only the subtree under the node the
    move ``path`` reaches (``e4/e5/Nf3``, ``B/E``), and write it to ``output``."""
    from ..outputs import check_output
    from ..search import run_search
    from ..search.capture import PathCapture, resolve_path

    check_output(output, role="trace")
    resolved, game, state, block = _source(source, spec, params, option="--capture")
    target = resolve_path(game, state, path)
    recorder = PathCapture(target, max_bytes=_limits_bytes(spec))
    run_search(game, state, spec=spec, recorder=recorder, source=block)
    if recorder.searched == 0:
        from ..errors import TracerError
        from ..limits import STOPPED_BY

        assert recorder.result is not None
        stopped = recorder.result.stopped
        why = (said("pruned, or below the depth limit") if stopped is None
               else said("it stopped at a budget first") if stopped not in STOPPED_BY
               else said("it stopped at {option} first", option=STOPPED_BY[stopped]))
        raise TracerError(said("--capture {path}: the search never reached node {node} "
                               "({why}): nothing captured",
                               path=path, node=target.node, why=why))
    source_of = _subtree_source(resolved, block)
    trace = recorder.trace(source_of(target.node, target.path))
    _write(trace, output)
    assert recorder.result is not None
    summary = SearchSummary(summary_title(spec, resolved.name), spec.algorithm,
                            recorder.result)
    return CaptureOutcome(summary, ((output, trace),))


def _write(trace: Trace, output: str) -> None:
    from ..compress import compressing, is_stream
    from ..trace import write_trace
    from ..writing import open_text_output

    with open_text_output(output) as out, compressing(out, output) as text:
        write_trace(text, trace.header, trace.events, trace.result, jsonl=is_stream(output))


def capture_when(source: str, *, spec: SearchSpec, condition: str, output: str,
                 captures: int = 5, params: Mapping[str, str] | None = None
                 ) -> CaptureOutcome:
    """Search ``source`` as ``spec`` says and write the subtree of every node where
    ``condition`` holds (the first ``captures``) into the folder ``output``."""
    from ..outputs import check_folder
    from ..search import run_search
    from ..search.capture import WhenCapture
    from ..search.condition import parse_condition
    from ..writing import staged_folder

    parsed = parse_condition(condition)
    check_folder(output, option="-o")
    if os.path.isdir(output) and os.listdir(output):
        raise UsageError(said("-o {output}: the folder is not empty (--capture-when writes "
                              "its captures into a new or empty folder)", output=output))
    resolved, game, state, block = _source(source, spec, params, option="--capture-when")
    classify = _classify(resolved)
    uses = sorted(parsed.fields & {"class", "cut.class"})
    if uses and classify is None:
        raise UsageError(said("--capture-when: {name} names no move classes ({fields} "
                              "apply to games that do: chess)",
                              name=resolved.name, fields=", ".join(uses)))
    written: list[tuple[str, Trace]] = []
    result: Result | None = None
    with staged_folder(output) as staging:
        def sink(trace: Trace) -> None:
            name = f"capture-{len(written) + 1:03d}.json"
            _write(trace, os.path.join(staging, name))
            written.append((os.path.join(output, name), trace))

        recorder = WhenCapture(parsed, sink=sink, captures=captures,
                               max_bytes=_limits_bytes(spec),
                               named=game.capabilities.named_nodes, classify=classify,
                               source_of=_subtree_source(resolved, block))
        result = run_search(game, state, spec=spec, recorder=recorder, source=block)
    t = recorder.tally
    summary = SearchSummary(summary_title(spec, resolved.name), spec.algorithm, result)
    return CaptureOutcome(summary, tuple(written),
                          {"matched": t.matched, "written": t.written, "beyond": t.beyond,
                           "over_budget": t.over_budget})
