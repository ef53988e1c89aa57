"""``gametrace stats --by-class`` and ``--class-plot`` against traces whose game cannot
be made again and bad options, through the fault harness (tests/faults/harness.py):
each case exits 1 or 2 with one line naming the file and what is missing, no
traceback, no file left."""

from __future__ import annotations

import io
import json
from pathlib import Path

from harness import Case, problems, run_cases

from tracer.analysis.stats import read_stats
from tracer.games.registry import make_game
from tracer.record import MemoryRecorder
from tracer.search import run_search
from tracer.trace import write_trace


def _chess_trace() -> str:
    memory = MemoryRecorder()
    game, state, block = make_game("chess", {})
    run_search(game, state, algorithm="alphabeta", depth=2, recorder=memory, source=block)
    out = io.StringIO()
    trace = memory.trace
    write_trace(out, trace.header, trace.events, trace.result, jsonl=True)
    return out.getvalue()


def _with_source(text: str, source: dict[str, object]) -> bytes:
    lines = text.splitlines()
    header = json.loads(lines[0])
    header["source"] = source
    return ("\n".join([json.dumps(header), *lines[1:]]) + "\n").encode()


def _cases(tmp: Path) -> list[Case]:
    good = _chess_trace()
    path = tmp / "c.jsonl"
    path.write_text(good)
    counters = json.dumps(read_stats(path).to_json()).encode()
    lines = good.splitlines()
    # a move the game does not have at the root: the replay finds it out
    wrong_move = "\n".join([lines[0], lines[1].replace('"a3"', '"a5"'), *lines[2:]]) + "\n"
    return [
        Case("by-class-no-source", ["stats", "t.jsonl", "--by-class"],
             files={"t.jsonl": _with_source(good, {})}, codes=(2,),
             contains="t.jsonl: counting by move class needs a trace of a tree or a "
                      "built-in game, and its header has no source (header.source)"),
        Case("by-class-no-game-name", ["stats", "t.jsonl", "--by-class"],
             files={"t.jsonl": _with_source(good, {"kind": "game"})}, codes=(2,),
             contains="names no game (header.source.name)"),
        Case("by-class-no-tree", ["stats", "t.jsonl", "--by-class"],
             files={"t.jsonl": _with_source(good, {"kind": "tree", "name": "x"})},
             codes=(2,), contains="has no tree (header.source.tree)"),
        Case("by-class-unknown-game", ["stats", "t.jsonl", "--by-class"],
             files={"t.jsonl": _with_source(good, {"kind": "game", "name": "go"})},
             codes=(2,), contains="no built-in example or game 'go'"),
        Case("by-class-bad-fen", ["stats", "t.jsonl", "--by-class"],
             files={"t.jsonl": _with_source(good, {"kind": "game", "name": "chess",
                                                   "params": {"fen": "8/8 w"}})},
             codes=(2,), contains="bad chess fen"),
        Case("by-class-wrong-move", ["stats", "t.jsonl", "--by-class"],
             files={"t.jsonl": wrong_move.encode()}, codes=(1,),
             contains="the moves of node root are not the game's moves there"),
        Case("by-class-of-counters", ["stats", "s.json", "--by-class"],
             files={"s.json": counters}, codes=(2,),
             contains="this statistics document has no trace"),
        Case("class-plot-over-input", ["stats", "t.jsonl", "--class-plot", "t.jsonl"],
             files={"t.jsonl": good.encode()}, codes=(2,), contains="t.jsonl"),
        Case("class-plot-format", ["stats", "t.jsonl", "--class-plot", "p.txt"],
             files={"t.jsonl": good.encode()}, codes=(2,), contains="p.txt"),
        Case("class-plot-and-plot-on-stdout",
             ["stats", "t.jsonl", "--class-plot", "-", "--plot", "-"],
             files={"t.jsonl": good.encode()}, codes=(2,),
             contains="both write to standard output"),
    ]


def test_stats_by_class_faults(tmp_path: Path) -> None:
    cases = _cases(tmp_path)
    outcomes = run_cases(cases, tmp_path / "runs")
    bad = [f"{c.name}: {'; '.join(found)}: {o.stderr.strip()[:300]!r}"
           for c, o in zip(cases, outcomes, strict=True) if (found := problems(c, o))]
    assert not bad, "\n".join(bad)
