"""``gametrace index`` and ``gametrace browse`` against bad traces, foreign and truncated
indexes and bad outputs, through the fault harness (tests/faults/harness.py): each case
exits 1 or 2 with one line naming the file or the option, no traceback, no file left
(an index is written whole or not at all)."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

from harness import Case, problems, run_cases

from tracer._api import search_tree
from tracer.analysis.index import build_index
from tracer.record import MemoryRecorder
from tracer.sources import load_tree_source
from tracer.trace import write_trace


def _trace() -> str:
    memory = MemoryRecorder()
    search_tree(load_tree_source("aima"), algorithm="alphabeta", recorder=memory)
    out = io.StringIO()
    trace = memory.trace
    write_trace(out, trace.header, trace.events, trace.result, jsonl=True)
    return out.getvalue()


def _cases(tmp: Path) -> list[Case]:
    good = _trace()
    lines = good.splitlines(keepends=True)
    (tmp / "t.jsonl").write_text(good, encoding="utf-8")
    build_index(tmp / "t.jsonl", tmp / "t.index")
    index = (tmp / "t.index").read_bytes()
    other = tmp / "other.db"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE meta (key TEXT, value TEXT)")
    db.commit()
    db.close()
    orphan = [lines[0], lines[3]]  # an evaluate whose parent was never opened
    return [
        Case("index-missing", ["index", "nothing.jsonl"], codes=(2,),
             contains="nothing.jsonl: no such file"),
        Case("index-folder-output", ["index", "t.jsonl", "-o", "."],
             files={"t.jsonl": good.encode()}, codes=(2,), contains="is a folder"),
        Case("index-itself", ["index", "t.jsonl", "-o", "t.jsonl"],
             files={"t.jsonl": good.encode()}, codes=(2,)),
        Case("index-stdout", ["index", "t.jsonl", "-o", "-"],
             files={"t.jsonl": good.encode()}, codes=(2,), contains="an index is a file"),
        Case("index-truncated-trace", ["index", "t.jsonl"],
             files={"t.jsonl": "".join(lines[:5]).encode()[:-7]}, codes=(1,),
             contains="t.jsonl"),
        Case("index-orphan", ["index", "t.jsonl"], files={"t.jsonl": "".join(orphan).encode()},
             codes=(1,), contains="is opened at depth 2 but its parent is not open"),
        Case("index-not-a-trace", ["index", "t.jsonl"], files={"t.jsonl": b"hello\n"},
             codes=(1,), contains="t.jsonl"),
        Case("browse-truncated-index", ["browse", "t.index"],
             files={"t.index": index[:len(index) // 2]}, codes=(1,),
             contains="the index is truncated"),
        Case("browse-foreign-index", ["browse", "o.index"],
             files={"o.index": other.read_bytes()}, codes=(1,), contains="not an index"),
        Case("browse-missing", ["browse", "none.index"], codes=(2,),
             contains="none.index: no such file"),
    ]


def test_index_faults(tmp_path: Path) -> None:
    cases = _cases(tmp_path)
    outcomes = run_cases(cases, tmp_path / "runs")
    bad = [f"{c.name}: {'; '.join(found)}: {o.stderr.strip()[:300]!r}"
           for c, o in zip(cases, outcomes, strict=True) if (found := problems(c, o))]
    assert not bad, "\n".join(bad)
