"""``gametrace index``: the index written beside the trace or to ``-o``, its counts, and
one-line errors with the usage/failure exit codes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from helpers import gametrace

from tracer.analysis.index import open_index


def test_the_index_goes_beside_the_trace(aima_jsonl: Path) -> None:
    code, out, err = gametrace("index", str(aima_jsonl))
    assert (code, out) == (0, "")
    assert err == f"index of 22 events and 11 nodes written to {aima_jsonl}.index\n"
    with open_index(f"{aima_jsonl}.index", trace=aima_jsonl) as index:
        assert index.find("C").cut == "alpha"
        assert index.stats is not None
        assert [d["nodes"] for d in index.stats["depths"]] == [1, 3, 7]


def test_json_counts_and_quiet(aima_jsonl: Path, tmp_path: Path) -> None:
    out_path = tmp_path / "a.idx"
    code, out, err = gametrace("index", str(aima_jsonl), "-o", str(out_path), "--json", "-q")
    assert (code, err) == (0, "")
    assert json.loads(out) == {"events": 22, "nodes": 11}
    assert out_path.is_file()


def test_errors_are_one_line(aima_jsonl: Path, tmp_path: Path) -> None:
    code, out, err = gametrace("index", str(tmp_path / "absent.jsonl"))
    assert (code, out) == (2, "")
    assert err == f"gametrace: error: {tmp_path / 'absent.jsonl'}: no such file\n"
    code, _, err = gametrace("index", str(aima_jsonl), "-o", str(aima_jsonl))
    assert code == 2 and err.count("\n") == 1
    code, _, err = gametrace("index", str(aima_jsonl), "-o", "-")
    assert (code, err) == (2, "gametrace: error: -o: an index is a file (give a file name)\n")
    code, _, err = gametrace("index", str(aima_jsonl), "-o", str(tmp_path))
    assert code == 2 and "is a folder" in err
    pns = tmp_path / "p.jsonl"
    assert gametrace("run", "grundy", "-p", "coins=5", "-a", "pns", "-o", str(pns), "-q")[0] == 0
    code, _, err = gametrace("index", str(pns))
    assert code == 1
    assert err.startswith(f"gametrace: error: {pns}: header.algorithm: an index is for")
    assert sorted(os.listdir(tmp_path)) == ["aima.jsonl", "p.jsonl"]


def test_browse_refuses_before_serving(tmp_path: Path) -> None:
    from tracer.cli.browse import INDEXES_ENV
    from tracer.service.routes.indexes import INDEXES_ENV as SERVED

    assert INDEXES_ENV == SERVED
    code, out, err = gametrace("browse", str(tmp_path / "absent.jsonl"))
    assert (code, out) == (2, "")
    assert err == f"gametrace: error: {tmp_path / 'absent.jsonl'}: no such file\n"
    bad = tmp_path / "bad.index"
    bad.write_bytes(b"SQLite format 3\x00" + b"\x00" * 200)
    code, _, err = gametrace("browse", str(bad))
    assert code == 1 and err.count("\n") == 1 and "bad.index" in err


def test_an_engine_stream_is_indexed_search_by_search(tmp_path: Path) -> None:
    from tests.analysis.index.test_engine_index import engine_trace

    trace = tmp_path / "e.jsonl"
    engine_trace(trace)
    code, out, err = gametrace("index", str(trace), "--json")
    assert (code, err) == (0, f"index of 32 events and 15 nodes written to {trace}.index\n")
    assert json.loads(out) == {"events": 32, "nodes": 15}
    with open_index(f"{trace}.index", trace=trace) as index:
        root = index.root()
        assert root is not None and [s.search for s in index.searches(root)] == [1, 2, 3]


def test_stats_of_an_engine_stream_index_says_to_read_the_stream(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.analysis.index.test_engine_index import engine_trace

    trace = tmp_path / "e.jsonl"
    engine_trace(trace)
    assert gametrace("index", str(trace), "-q")[0] == 0
    code, out, err = gametrace("stats", f"{trace}.index")
    assert (code, out) == (1, "")
    assert err == (f"gametrace: error: {trace}.index: an index of an engine stream keeps no "
                   "statistics (the stream's result has the engine's own counts): run "
                   "gametrace stats on the stream itself\n")
    monkeypatch.setenv("GAMETRACE_LANG", "it")
    code, out, err = gametrace("stats", f"{trace}.index")
    assert code == 1 and "flusso di un motore" in err


def test_the_parquet_export_answers_the_query_docs_engines_md_shows(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import re

    import duckdb

    from tests.analysis.index.test_engine_index import engine_trace

    trace = tmp_path / "e.jsonl"
    engine_trace(trace)
    code, _, err = gametrace("index", str(trace), "--parquet", str(tmp_path / "export"))
    assert code == 0 and f"15 rows written to {tmp_path / 'export' / 'nodes.parquet'}" in err
    doc = (Path(__file__).parents[2] / "docs" / "engines.md").read_text(encoding="utf-8")
    [query] = re.findall(r"```sql\n(.*?)```", doc, flags=re.S)
    monkeypatch.chdir(tmp_path)  # the query names export/nodes.parquet
    rows = duckdb.sql(query).fetchall()
    # ply 0: three searches of the root, none failing high; ply 1: the searches with
    # children are a's (x) and b's two (y), one failing high (b's second)
    assert rows == [(0, 3, 0, 0.0), (1, 3, 1, 1 / 3)]
