"""Unfinished input treated as unfinished: traces cut in the middle of a line, traces a
budget stopped or that lost their result line, and indexes damaged at random, each drawn
by a generator (``FAULTS_EXAMPLES`` and ``FAULTS_SEED`` as in test_faults.py).

Every reader says what is wrong in one line: a cut line by where it ends and inside what
(never the decoder's bare "... at"), an unfinished search by its budget or its missing
result (``stats`` and ``bisect``: docs/engines.md), a damaged index by the checksum or
the number that does not hold (a 422 problem in the service, never an assert)."""

from __future__ import annotations

import io
import os
import sqlite3
from pathlib import Path

import pytest
from corpus import _draw
from harness import Case, problems, run_cases
from hypothesis import strategies as st

from tests.conftest import to_tree
from tracer._api import search_tree
from tracer.analysis.index import build_index, open_index
from tracer.errors import InputError
from tracer.record import MemoryRecorder
from tracer.trace import write_trace

EXAMPLES = int(os.environ.get("FAULTS_EXAMPLES", "30"))
TREE = "A(B(C(1 2) D(3 4)) E(F(5 6) G(7 8)))"


def _trace(order: str = "natural", *, jsonl: bool = True) -> str:
    memory = MemoryRecorder()
    search_tree(to_tree(TREE), algorithm="alphabeta", order=order, recorder=memory)
    out = io.StringIO()
    trace = memory.trace
    write_trace(out, trace.header, trace.events, trace.result, jsonl=jsonl)
    return out.getvalue()


READERS = {
    "validate": ["validate", "t.jsonl"],
    "stats": ["stats", "t.jsonl"],
    "bisect": ["bisect", "t.jsonl", "other.jsonl"],
    "regret": ["regret", "t.jsonl"],
    "render": ["render", "t.jsonl", "-o", "t.svg"],
    "index": ["index", "t.jsonl", "-o", "t.index"],
    "diff": ["diff", "t.jsonl", "other.jsonl"],
}
"""Every command that reads a recorded trace, reading ``t.jsonl``."""


def cut_line_cases(n: int) -> list[Case]:
    """``n`` traces cut in the middle of one of their lines (the rest of the file kept,
    or dropped), each read by one of :data:`READERS`."""
    text = _trace()
    lines = text.splitlines(keepends=True)
    other = _trace("reverse").encode()

    @st.composite
    def cut(draw: st.DrawFn) -> tuple[str, bytes, int]:
        k = draw(st.integers(0, len(lines) - 1))
        line = lines[k].rstrip("\n")
        at = draw(st.integers(1, len(line) - 1))
        rest = "".join(lines[k + 1:]) if draw(st.booleans()) else ""
        broken = "".join(lines[:k]) + line[:at] + ("\n" + rest if rest else "")
        return draw(st.sampled_from(sorted(READERS))), broken.encode(), k + 1

    return [Case(f"cut-line-{i}", READERS[reader], {"t.jsonl": data, "other.jsonl": other},
                 codes=(1,), contains=f"t.jsonl:{line}: line 1, column ",
                 category="unfinished input")
            for i, (reader, data, line) in enumerate(_draw(cut(), n))]


def unfinished_cases() -> list[Case]:
    """``stats`` and ``bisect`` on traces a budget stopped, or that lost their result."""
    whole = _trace()
    other = _trace("reverse").encode()
    memory = MemoryRecorder()
    from tracer.limits import Limits

    search_tree(to_tree(TREE), algorithm="alphabeta", recorder=memory,
                limits=Limits(max_nodes=4))
    stopped = memory.trace
    out = io.StringIO()
    write_trace(out, stopped.header, stopped.events, stopped.result, jsonl=True)
    document = io.StringIO()
    write_trace(document, stopped.header, stopped.events, stopped.result, jsonl=False)
    no_result = "".join(whole.splitlines(keepends=True)[:-1]).encode()
    files = {"stop.jsonl": out.getvalue().encode(), "stop.json": document.getvalue().encode(),
             "nores.jsonl": no_result, "other.jsonl": other}
    said = {"stop.jsonl": "the search stopped at its max-nodes budget before the end",
            "stop.json": "the search stopped at its max-nodes budget before the end",
            "nores.jsonl": "the trace has no result line"}
    return [Case(f"unfinished-{command}-{name}", [command, name] + (
                ["other.jsonl"] if command == "bisect" else []), files, codes=(1,),
                 contains=f"{name}: " + ("result: " if "stop" in name else "") + said[name],
                 category="unfinished input")
            for command in ("stats", "bisect") for name in sorted(said)]


def _check(cases: list[Case], tmp_path: Path) -> None:
    outcomes = run_cases(cases, tmp_path / "runs")
    bad = [f"{c.name}: {' '.join(c.args)}: {'; '.join(found)}: {o.stderr.strip()[:300]!r}"
           for c, o in zip(cases, outcomes, strict=True)
           if (found := problems(c, o) + (["ends in ' at'"] if o.stderr.rstrip().endswith(
               " at") else []))]
    assert not bad, "\n".join(bad)


def test_lines_cut_short(tmp_path: Path) -> None:
    _check(cut_line_cases(EXAMPLES), tmp_path)


def test_unfinished_searches(tmp_path: Path) -> None:
    _check(unfinished_cases(), tmp_path)


NODES = 13
"""The nodes alpha-beta searches in :data:`TREE` (two pruned)."""

COLUMNS_CHANGED = ["id", "parent", "depth", "rank", "move", "value", "alpha", "pruned",
                   "children", "size"]


@st.composite
def _damage(draw: st.DrawFn) -> tuple[str, tuple[object, ...]]:
    """One change to an index of :data:`TREE` (:data:`NODES` nodes searched): a row
    deleted, a column of a row changed, or an entry of the meta table changed."""
    kind = draw(st.sampled_from(["delete", "update", "meta"]))
    ord_ = draw(st.integers(0, NODES - 1))
    if kind == "delete":
        return "DELETE FROM nodes WHERE ord = ?", (ord_,)
    if kind == "update":
        column = draw(st.sampled_from(COLUMNS_CHANGED))
        value = draw(st.one_of(st.integers(-3, 99), st.text(max_size=3), st.none()))
        return f"UPDATE nodes SET {column} = ? WHERE ord = ? AND {column} IS NOT ?", (
            value, ord_, value)
    key = draw(st.sampled_from(["header", "result", "stats", "events", "nodes"]))
    return "UPDATE meta SET value = value || ' ' WHERE key = ?", (key,)


@pytest.mark.parametrize("k", range(min(EXAMPLES, 60)))
def test_damaged_indexes(tmp_path: Path, k: int) -> None:
    """Every lookup of a damaged index either answers from rows whose checksums hold or
    says the index is damaged: never another error, never an assert."""
    sql, args = _draw(_damage(), min(EXAMPLES, 60))[k]
    (tmp_path / "t.jsonl").write_text(_trace())
    build_index(tmp_path / "t.jsonl", tmp_path / "t.index")
    db = sqlite3.connect(tmp_path / "t.index")
    try:
        changed = db.execute(sql, args).rowcount
    except sqlite3.IntegrityError:  # the table's own constraints refuse that change
        changed = 0
    db.commit()
    db.close()
    found = 0
    try:
        with open_index(tmp_path / "t.index") as index:
            for ord_ in range(NODES):
                try:
                    node = index.node(ord_)
                    index.children(ord_)
                    index.subtree(ord_, depth=3, budget=20)
                    if node is not None and node.parent == 0 and node.move:
                        index.find(node.move)
                except InputError as exc:
                    assert "the index is damaged: " in str(exc), exc
                    found += 1
    except InputError as exc:
        assert "the index is damaged: " in str(exc), exc
        found += 1
    assert found or not changed, f"{sql} {args}: not found"
