"""``gametrace regret`` and ``gametrace bisect`` against bad inputs and options, through
the fault harness (tests/faults/harness.py): each case exits 1 or 2 with one line naming
the file, the place or the option, no traceback, no file left."""

from __future__ import annotations

import io
from pathlib import Path

from harness import Case, problems, run_cases

from tracer._api import search_tree
from tracer.games.registry import make_game
from tracer.limits import Limits
from tracer.record import MemoryRecorder
from tracer.search import run_search
from tracer.sources import load_tree_source
from tracer.trace import write_trace


def _trace(source: str = "aima", algorithm: str = "alphabeta", *,
           max_nodes: int | None = None) -> bytes:
    memory = MemoryRecorder()
    if algorithm == "pns":
        game, state, block = make_game("grundy", {"coins": "5"})
        run_search(game, state, algorithm="pns", recorder=memory, source=block)
    else:
        search_tree(load_tree_source(source), algorithm=algorithm, recorder=memory,
                    limits=Limits(max_nodes=max_nodes))
    out = io.StringIO()
    trace = memory.trace
    write_trace(out, trace.header, trace.events, trace.result, jsonl=True)
    return out.getvalue().encode()


def _cases() -> list[Case]:
    good = _trace()
    lines = good.decode().splitlines()
    no_result = ("\n".join(lines[:-1]) + "\n").encode()
    orphan = lines.copy()
    orphan[2] = orphan[2].replace('"parent":"A"', '"parent":"Q"')
    stopped = _trace(max_nodes=3)
    t = {"t.jsonl": good}
    return [
        Case("regret-missing", ["regret", "nothing.jsonl"], codes=(2,),
             contains="nothing.jsonl: no such file"),
        Case("regret-empty", ["regret", "e.jsonl"], files={"e.jsonl": b""}, codes=(1,),
             contains="e.jsonl"),
        Case("regret-no-header", ["regret", "h.jsonl"], files={"h.jsonl": b'{"seq": 1}\n'},
             codes=(1,), contains="h.jsonl"),
        Case("regret-no-result", ["regret", "r.jsonl"], files={"r.jsonl": no_result},
             codes=(1,), contains="r.jsonl: the trace has no result line"),
        Case("regret-stopped", ["regret", "s.jsonl"], files={"s.jsonl": stopped}, codes=(1,),
             contains="s.jsonl: result: the search was stopped (max-nodes)"),
        Case("regret-orphan", ["regret", "o.jsonl"],
             files={"o.jsonl": ("\n".join(orphan) + "\n").encode()}, codes=(1,),
             contains="but its parent is not open"),
        Case("regret-proof-number", ["regret", "p.jsonl"],
             files={"p.jsonl": _trace(algorithm="pns")}, codes=(1,),
             contains="p.jsonl: header.algorithm: expected a trace of a two-player"),
        Case("regret-chance", ["regret", "c.jsonl"],
             files={"c.jsonl": _trace("coin", "expectiminimax")}, codes=(1,),
             contains="not expectiminimax"),
        Case("regret-picture-format", ["regret", "t.jsonl", "--picture", "p.txt"], files=t,
             codes=(2,), contains="p.txt"),
        Case("regret-picture-over-input", ["regret", "t.jsonl", "--picture", "t.jsonl"],
             files=t, codes=(2,), contains="t.jsonl"),
        Case("regret-details-alone", ["regret", "t.jsonl", "--details", "d"], files=t,
             codes=(2,), contains="--details applies to --picture FILE"),
        Case("regret-details-a-file", ["regret", "t.jsonl", "--picture", "m.svg",
                                       "--details", "t.jsonl"], files=t, codes=(2,),
             contains="exists and is not a folder"),
        Case("regret-depth", ["regret", "t.jsonl", "--depth", "-1"], files=t, codes=(2,),
             contains="--depth"),
        Case("bisect-missing", ["bisect", "t.jsonl", "nothing.jsonl"], files=t, codes=(2,),
             contains="nothing.jsonl: no such file"),
        Case("bisect-two-positions", ["bisect", "t.jsonl", "u.jsonl"],
             files={**t, "u.jsonl": _trace("three-mins")}, codes=(2,),
             contains="are not searches of one position"),
        Case("bisect-proof-number", ["bisect", "p.jsonl", "p.jsonl"],
             files={"p.jsonl": _trace(algorithm="pns")}, codes=(1,),
             contains="expected a trace of a two-player"),
        Case("bisect-orphan", ["bisect", "t.jsonl", "o.jsonl"],
             files={**t, "o.jsonl": ("\n".join(orphan) + "\n").encode()}, codes=(1,),
             contains="o.jsonl: event 2: node B is opened at depth 1 but its parent"),
        Case("bisect-picture-format", ["bisect", "t.jsonl", "t.jsonl", "--picture", "p.txt"],
             files=t, codes=(2,), contains="p.txt"),
        Case("bisect-picture-over-input", ["bisect", "t.jsonl", "u.jsonl", "--picture",
                                           "u.jsonl"], files={**t, "u.jsonl": good},
             codes=(2,), contains="u.jsonl"),
        Case("bisect-one-argument", ["bisect", "t.jsonl"], files=t, codes=(2,),
             contains="Missing argument 'B'"),
    ]


def test_regret_and_bisect_faults(tmp_path: Path) -> None:
    cases = _cases()
    outcomes = run_cases(cases, tmp_path / "runs")
    bad = [f"{c.name}: {'; '.join(found)}: {o.stderr.strip()[:300]!r}"
           for c, o in zip(cases, outcomes, strict=True) if (found := problems(c, o))]
    assert not bad, "\n".join(bad)
