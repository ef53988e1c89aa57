"""``gametrace stats`` and ``gametrace run --record counters`` against bad inputs and
options, through the fault harness (tests/faults/harness.py): each case exits 1 or 2
with one line naming the file, the place or the option, no traceback, no file left."""

from __future__ import annotations

import io
import json
from pathlib import Path

from harness import Case, problems, run_cases

from tracer._api import search_tree
from tracer.analysis.stats import read_stats
from tracer.games.registry import make_game
from tracer.record import MemoryRecorder
from tracer.search import run_search
from tracer.sources import load_tree_source
from tracer.trace import write_trace


def _trace(jsonl: bool = True, algorithm: str = "alphabeta") -> str:
    memory = MemoryRecorder()
    if algorithm == "pns":
        game, state, block = make_game("grundy", {"coins": "5"})
        run_search(game, state, algorithm="pns", recorder=memory, source=block)
    else:
        search_tree(load_tree_source("aima"), algorithm=algorithm, recorder=memory)
    out = io.StringIO()
    trace = memory.trace
    write_trace(out, trace.header, trace.events, trace.result, jsonl=jsonl)
    return out.getvalue()


def _stats_document(tmp: Path) -> bytes:
    path = tmp / "t.jsonl"
    path.write_text(_trace())
    return json.dumps(read_stats(path).to_json()).encode()


def _cases(tmp: Path) -> list[Case]:
    good = _trace().encode()
    lines = good.decode().splitlines()
    cut = next(i for i, line in enumerate(lines) if '"type":"cut"' in line.replace(" ", ""))
    bad_cut = lines.copy()
    bad_cut[cut] = bad_cut[cut].replace('"after":"H"', '"after":"Z"').replace(
        '"after": "H"', '"after": "Z"')
    counters = _stats_document(tmp)
    wrong_version = json.loads(counters)
    wrong_version["version"] = 7
    short_ranks = json.loads(counters)
    short_ranks["depths"][1]["cut_ranks"] = {"first": 1}
    return [
        Case("stats-missing", ["stats", "nothing.jsonl"], codes=(2,),
             contains="nothing.jsonl: no such file"),
        Case("stats-folder", ["stats", "."], codes=(2,), contains="is a folder, not a file"),
        Case("stats-empty", ["stats", "e.jsonl"], files={"e.jsonl": b""}, codes=(1,),
             contains="e.jsonl"),
        Case("stats-no-header", ["stats", "h.jsonl"], files={"h.jsonl": b'{"seq": 1}\n'},
             codes=(1,), contains="the first line must be the header"),
        Case("stats-truncated", ["stats", "t.jsonl"],
             files={"t.jsonl": good[: len(good) // 2]}, codes=(1,), contains="t.jsonl"),
        Case("stats-cut-not-a-child", ["stats", "c.jsonl"],
             files={"c.jsonl": ("\n".join(bad_cut) + "\n").encode()}, codes=(1,),
             contains="c.jsonl: event 13: the cut at C names Z, not one of its children"),
        Case("stats-proof-number-trace", ["stats", "p.jsonl"],
             files={"p.jsonl": _trace(algorithm="pns").encode()}, codes=(1,),
             contains="statistics are for game-tree searches"),
        Case("stats-document-version", ["stats", "s.json"],
             files={"s.json": json.dumps(wrong_version).encode()}, codes=(1,),
             contains="s.json: $.version: expected version 1"),
        Case("stats-document-ranks", ["stats", "s.json"],
             files={"s.json": json.dumps(short_ranks).encode()}, codes=(1,),
             contains="$.depths[1].cut_ranks"),
        Case("stats-minimal-of-counters", ["stats", "s.json", "--minimal"],
             files={"s.json": counters}, codes=(2,), contains="counters name no tree"),
        Case("stats-plot-over-input", ["stats", "t.jsonl", "--plot", "t.jsonl"],
             files={"t.jsonl": good}, codes=(2,), contains="t.jsonl"),
        Case("stats-plot-format", ["stats", "t.jsonl", "--plot", "p.txt"],
             files={"t.jsonl": good}, codes=(2,), contains="p.txt"),
        Case("counters-enhanced", ["run", "aima", "-a", "enhanced", "--record", "counters"],
             codes=(2,), contains="--record counters counts minimax"),
        Case("counters-render", ["run", "aima", "--record", "counters", "--render", "a.svg"],
             codes=(2,), contains="--render draws a trace"),
        Case("counters-jsonl", ["run", "aima", "--record", "counters", "-o", "a.jsonl"],
             codes=(2,), contains="writes a .json document"),
        Case("counters-unknown-level", ["run", "aima", "--record", "some"], codes=(2,),
             contains="'some' is not one of"),
    ]


def test_stats_faults(tmp_path: Path) -> None:
    cases = _cases(tmp_path)
    outcomes = run_cases(cases, tmp_path / "runs")
    bad = [f"{c.name}: {'; '.join(found)}: {o.stderr.strip()[:300]!r}"
           for c, o in zip(cases, outcomes, strict=True) if (found := problems(c, o))]
    assert not bad, "\n".join(bad)
