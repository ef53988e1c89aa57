"""tracer.record: the null recorder builds no event at all; the memory recorder keeps
one search; stream and file recorders write the same trace as ``Trace.dump``; a file
recorder whose block fails leaves no file (and an old file as it was)."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from tracer._api import search_tree
from tracer.events import EVENT_TYPES, Event
from tracer.examples import example_tree
from tracer.record import NULL, FileRecorder, MemoryRecorder, NullRecorder, StreamRecorder
from tracer.trace import Trace, load_trace

SUFFIXES = [".json", ".jsonl", ".jsonl.gz"]


def recorded(recorder: object, name: str = "aima", **options: object) -> None:
    search_tree(example_tree(name), algorithm="alphabeta", recorder=recorder, **options)


def memory_trace(name: str = "aima", **options: object) -> Trace:
    rec = MemoryRecorder()
    recorded(rec, name, **options)
    return rec.trace


@pytest.fixture
def no_events_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """Building any event raises from now on."""
    def refuse(self: Event, *args: object, **kwargs: object) -> None:
        raise AssertionError(f"a {type(self).__name__} event was built")
    for cls in EVENT_TYPES.values():
        monkeypatch.setattr(cls, "__init__", refuse)


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_the_null_recorder_builds_no_event(no_events_built: None, algorithm: str) -> None:
    result = search_tree(example_tree("aima"), algorithm=algorithm, recorder=NULL)
    assert (result.value, result.move) == (3, "B")
    with pytest.raises(AssertionError, match="event was built"):  # the check itself works
        search_tree(example_tree("aima"), algorithm=algorithm, recorder=MemoryRecorder())


def test_the_null_recorder_is_off_and_keeps_nothing() -> None:
    assert NULL.enabled is False and isinstance(NULL, NullRecorder)
    assert vars(NULL) == {}


def test_the_memory_recorder_keeps_the_search() -> None:
    trace = memory_trace()
    assert trace.header.algorithm == "alphabeta" and trace.header.root == "A"
    assert [e.seq for e in trace.events] == list(range(1, len(trace.events) + 1))
    assert trace.result is not None and trace.result.value == 3


def test_the_memory_recorder_starts_afresh_for_each_search() -> None:
    rec = MemoryRecorder()
    recorded(rec, "aima")
    recorded(rec, "two-mins")
    assert rec.trace == memory_trace("two-mins")


def test_the_memory_recorder_has_nothing_before_a_search() -> None:
    with pytest.raises(RuntimeError, match="nothing recorded yet"):
        _ = MemoryRecorder().trace


@pytest.mark.parametrize("jsonl", [False, True], ids=["json", "jsonl"])
def test_the_stream_recorder_writes_what_dump_writes(tmp_path: Path, jsonl: bool) -> None:
    out = io.StringIO()
    recorded(StreamRecorder(out, jsonl=jsonl))
    path = tmp_path / ("t.jsonl" if jsonl else "t.json")
    memory_trace().dump(path)
    assert out.getvalue() == path.read_text(encoding="utf-8")


def test_write_line_takes_an_event_already_written_as_text() -> None:
    out = io.StringIO()
    rec = StreamRecorder(out, jsonl=True)
    trace = memory_trace()
    rec.start(trace.header)
    for e in trace.events:
        rec.write_line(e.to_line() + "\n")
    assert trace.result is not None
    rec.finish(trace.result)
    lines = out.getvalue().splitlines()
    assert lines[1:-1] == [e.to_line() for e in trace.events]
    assert json.loads(lines[-1])["type"] == "result"


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_the_file_recorder_writes_the_trace(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"aima{suffix}"
    with FileRecorder(path) as rec:
        recorded(rec)
    memory_trace().dump(tmp_path / f"dumped{suffix}")
    assert path.read_bytes() == (tmp_path / f"dumped{suffix}").read_bytes()
    assert load_trace(path) == memory_trace()
    assert sorted(os.listdir(tmp_path)) == sorted([path.name, f"dumped{suffix}"])


class Stop(Exception):
    pass


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_a_failed_block_leaves_no_file(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"aima{suffix}"
    with pytest.raises(Stop), FileRecorder(path) as rec:
        recorded(rec)
        raise Stop
    assert os.listdir(tmp_path) == []  # no output and no temporary file


def test_a_failed_block_leaves_the_old_file_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "aima.jsonl"
    path.write_text("old\n", encoding="utf-8")
    path.chmod(0o640)
    with pytest.raises(Stop), FileRecorder(path) as rec:
        recorded(rec)
        raise Stop
    assert path.read_text(encoding="utf-8") == "old\n"
    assert os.listdir(tmp_path) == ["aima.jsonl"]
    with FileRecorder(path) as rec:  # replaced on success, keeping its mode
        recorded(rec)
    assert load_trace(path) == memory_trace()
    assert path.stat().st_mode & 0o777 == 0o640


def test_nothing_is_visible_at_the_path_until_the_search_ends(tmp_path: Path) -> None:
    path = tmp_path / "aima.json"
    with FileRecorder(path) as rec:
        recorded(rec)
        assert not path.exists()  # a reader never sees half a trace
    assert path.exists()
