"""The fast reader of trace streams (tracer/scanning.py) hands the analyses exactly what the
strict reader reads, and fails exactly as it does, in both builds: the compiled scanner
(tracer/_scan.c) and the strict reader alone (``GAMETRACE_PURE=1``)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from tracer import compress, scanning
from tracer._api import search_source
from tracer.analysis.index import build_index
from tracer.analysis.regret import regret_of_trace
from tracer.analysis.stats import stats_of_trace
from tracer.errors import InputError
from tracer.events import Event
from tracer.header import Result
from tracer.jsonio import read_lines
from tracer.trace import iter_trace, read_item

needs_compiled = pytest.mark.skipif(scanning.compiled_scan is None,
                                    reason="the compiled scanner was not built")

SEARCHES: dict[str, dict[str, Any]] = {
    # labels with escapes, +inf bounds, cuts with pruned children
    "othello": dict(source="othello", algorithm="alphabeta", depth=4),
    # the table (tt events), orderings (order events), iterations
    "enhanced": dict(source="othello", algorithm="enhanced", variant="pvs", depth=4,
                     techniques="id,tt,killer"),
    "tictactoe": dict(source="tictactoe", algorithm="minimax",
                      params={"board": "xo.x.o..."}),
}


@pytest.fixture(scope="module", params=sorted(SEARCHES))
def trace_file(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
               ) -> Path:
    options = dict(SEARCHES[request.param])
    source = options.pop("source")
    path = tmp_path_factory.mktemp("scan") / f"{request.param}.jsonl"
    search_source(source, output=path, **options)
    return path


def _builds(monkeypatch: pytest.MonkeyPatch, fn: Any) -> tuple[Any, Any]:
    """What ``fn()`` gives with the compiled scanner and with the strict reader alone."""
    monkeypatch.delenv("GAMETRACE_PURE", raising=False)
    fast = fn()
    monkeypatch.setenv("GAMETRACE_PURE", "1")
    pure = fn()
    monkeypatch.delenv("GAMETRACE_PURE")
    return fast, pure


def _strict_items(path: Path) -> list[Event | Result]:
    return [item for item in iter_trace(path) if isinstance(item, (Event, Result))]


@needs_compiled
def test_the_events_are_the_strict_readers(trace_file: Path) -> None:
    expected = _strict_items(trace_file)
    assert list(scanning.items_after_header(trace_file, use_compiled=True)) == expected
    assert list(scanning.items_after_header(trace_file, use_compiled=False)) == expected


@needs_compiled
def test_the_statistics_are_the_same_in_both_builds(trace_file: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    fast, pure = _builds(monkeypatch, lambda: stats_of_trace(trace_file).to_json())
    assert fast == pure


@needs_compiled
def test_the_regret_map_and_the_index_are_the_same_in_both_builds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "othello.jsonl"
    search_source("othello", algorithm="alphabeta", depth=4, output=path)
    fast, pure = _builds(monkeypatch, lambda: regret_of_trace(path).to_json())
    assert fast == pure

    def indexed() -> list[Any]:
        out = tmp_path / "t.index"
        build_index(path, out)
        import sqlite3

        db = sqlite3.connect(out)
        try:
            return [*db.execute("SELECT * FROM nodes ORDER BY 1"),
                    *db.execute("SELECT * FROM meta ORDER BY 1")]
        finally:
            db.close()

    fast_rows, pure_rows = _builds(monkeypatch, indexed)
    assert fast_rows == pure_rows


def _othello_lines(tmp_path: Path) -> list[str]:
    path = tmp_path / "base.jsonl"
    search_source("othello", algorithm="alphabeta", depth=2, output=path)
    return path.read_text(encoding="utf-8").splitlines(keepends=True)


def _spoil(line: str, how: str) -> str:
    obj = json.loads(line)
    if how == "label is a number":
        obj["label"] = 3
    elif how == "pruned holds a number":
        obj["pruned"] = [*obj.get("pruned", []), 7]
    elif how == "children is a string":
        obj["children"] = "c4"
    elif how == "unknown key":
        obj["colour"] = "red"
    elif how == "depth is true":
        obj["depth"] = True
    elif how == "value is a word":
        obj["value"] = "lots"
    elif how == "no node":
        del obj["node"]
    elif how == "lone surrogate":
        return line.replace('"node":"', '"node":"\\ud800', 1)
    elif how == "repeated key":
        return line.replace('"node":', '"node":"x","node":', 1)
    elif how == "bad escape in a label":
        return line.replace("\\n", "\\q", 1)
    elif how == "cut short":
        return line[: len(line) // 2] + "\n"
    elif how == "two objects":
        return line.rstrip("\n") + line
    elif how == "not UTF-8":
        return line  # spoiled as bytes below
    return json.dumps(obj, separators=(",", ":")) + "\n"


SPOILS = {  # how, and the type of line it spoils
    "label is a number": "expand", "pruned holds a number": "cut",
    "children is a string": "expand", "unknown key": "evaluate", "depth is true": "expand",
    "value is a word": "backup", "no node": "evaluate", "lone surrogate": "expand",
    "repeated key": "evaluate", "bad escape in a label": "evaluate", "cut short": "backup",
    "two objects": "expand", "not UTF-8": "evaluate"}


def _strict_error(path: Path) -> str:
    """The error of the strict reading every analysis did line by line before the scanner."""
    lines = read_lines(path)
    next(lines)
    with pytest.raises(InputError) as caught:
        for lineno, line in lines:
            read_item(line, lineno=lineno, file=str(path))
    return str(caught.value)


@needs_compiled
@pytest.mark.parametrize("how", sorted(SPOILS))
@pytest.mark.parametrize("suffix", [".jsonl", ".jsonl.gz"])
def test_a_spoiled_line_fails_as_the_strict_reader_says(
        how: str, suffix: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _othello_lines(tmp_path)
    at = next(i for i, line in enumerate(lines) if i > 3
              and json.loads(line).get("type") == SPOILS[how])
    data = "".join([*lines[:at], _spoil(lines[at], how), *lines[at + 1:]]).encode()
    if how == "not UTF-8":
        start = sum(len(line.encode()) for line in lines[:at])
        data = data[:start + 10] + b"\xff" + data[start + 11:]
    path = tmp_path / f"spoiled{suffix}"
    path.write_bytes(gzip.compress(data) if suffix.endswith(".gz") else data)
    expected = _strict_error(path)
    assert f"line {at + 1}" in expected or f"{path}:{at + 1}:" in expected  # the line named
    for use_compiled in (True, False):
        with pytest.raises(InputError) as caught:
            list(scanning.items_after_header(path, use_compiled=use_compiled))
        assert str(caught.value) == expected
    fast, pure = _builds(monkeypatch, lambda: _error_of(lambda: stats_of_trace(path)))
    assert fast == pure == expected


def _error_of(fn: Any) -> str:
    with pytest.raises(InputError) as caught:
        fn()
    return str(caught.value)


@pytest.mark.parametrize("suffix", [".jsonl", ".jsonl.gz"])
def test_a_line_past_the_bound_is_refused_as_the_bounded_reader_refuses_it(
        suffix: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _othello_lines(tmp_path)
    monkeypatch.setattr(compress, "MAX_LINE", 2000)
    monkeypatch.setattr(scanning, "BLOCK_BYTES", 512)
    long = json.loads(lines[5])
    long["label"] = "x" * 3000
    data = "".join([*lines[:5], json.dumps(long) + "\n", *lines[6:]]).encode()
    path = tmp_path / f"long{suffix}"
    path.write_bytes(gzip.compress(data) if suffix.endswith(".gz") else data)
    messages = {_error_of(lambda u=u: list(scanning.items_after_header(path, use_compiled=u)))
                for u in (True, False)}
    assert messages == {f"{path}: line 6 is longer than 2,000 bytes: not a trace line"}


@needs_compiled
def test_small_buffers_cut_lines_anywhere_and_read_the_same(
        trace_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = _strict_items(trace_file)
    monkeypatch.setattr(scanning, "BLOCK_BYTES", 97)  # lines longer than the buffer too
    assert list(scanning.items_after_header(trace_file, use_compiled=True)) == expected
    assert list(scanning.items_after_header(trace_file, use_compiled=False)) == expected
