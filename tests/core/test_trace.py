"""tracer.trace: Header, Result and Stats to JSON and back; a whole trace written as a
``.json`` document, a ``.jsonl`` stream and a ``.jsonl.gz`` stream, read back the same,
byte-identical when written twice; and the errors of a bad trace, each with its place."""

from __future__ import annotations

import gzip
import io
import json
import math
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import do_search
from tracer.errors import InputError
from tracer.events import Evaluate, Expand
from tracer.examples import example_tree
from tracer.trace import (
    FORMAT,
    VERSION,
    Header,
    Result,
    Stats,
    Trace,
    iter_trace,
    load_trace,
    write_trace,
)

SUFFIXES = [".json", ".jsonl", ".jsonl.gz"]


def test_header_to_json_and_back() -> None:
    header = Header("alphabeta", "fail-soft", "A", {"order": "natural", "seed": None},
                    {"kind": "game", "name": "nim", "params": {"heaps": "1,2"}})
    data = header.to_json()
    assert list(data) == ["algorithm", "variant", "root", "options", "source"]
    assert Header.from_json(data, file="f", where="$.header") == header


def test_result_to_json_and_back_with_infinity_and_no_value() -> None:
    result = Result(-math.inf, None, (), Stats(nodes_expanded=1, leaves_evaluated=2))
    data = result.to_json()
    assert data["value"] == "-inf" and data["complete"] is True and "stopped" not in data
    assert Result.from_json(data, file="f", where="$") == result
    stopped = Result(None, None, (), Stats(), complete=False, stopped="max-nodes")
    data = stopped.to_json()
    assert data["value"] is None and data["stopped"] == "max-nodes"
    assert Result.from_json(data, file="f", where="$") == stopped


def test_stats_count_visits_and_write_the_list_length_only_when_kept() -> None:
    stats = Stats(nodes_expanded=4, leaves_evaluated=7, cuts=1, children_pruned=2,
                  max_depth=2)
    assert stats.nodes_visited == 11
    assert stats.to_json() == {"nodes_expanded": 4, "leaves_evaluated": 7,
                               "nodes_visited": 11, "cuts": 1, "children_pruned": 2,
                               "max_depth": 2}
    listed = Stats(max_list_length=5)
    assert listed.to_json()["max_list_length"] == 5
    assert Stats.from_json(listed.to_json()) == listed
    assert Stats.from_json(stats.to_json()) == stats


def test_the_document_form(aima: Trace) -> None:
    data = aima.to_json()
    assert list(data) == ["format", "version", "header", "events", "result"]
    assert (data["format"], data["version"]) == (FORMAT, VERSION)
    assert Trace.from_json(data) == aima


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_dump_and_load_give_the_same_trace(aima: Trace, tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"aima{suffix}"
    aima.dump(path)
    assert load_trace(path) == aima
    items = list(iter_trace(path))
    assert items[0] == aima.header and items[-1] == aima.result
    assert items[1:-1] == aima.events


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_the_same_trace_gives_the_same_bytes(aima: Trace, tmp_path: Path, suffix: str) -> None:
    again = do_search(example_tree("aima"), "alphabeta").trace
    aima.dump(tmp_path / f"one{suffix}")
    again.dump(tmp_path / f"two{suffix}")
    assert (tmp_path / f"one{suffix}").read_bytes() == (tmp_path / f"two{suffix}").read_bytes()


def test_the_stream_form_is_one_object_per_line(aima: Trace, tmp_path: Path) -> None:
    aima.dump(tmp_path / "aima.jsonl")
    lines = (tmp_path / "aima.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(aima.events) + 2
    header, result = json.loads(lines[0]), json.loads(lines[-1])
    assert (header["type"], header["format"], header["version"]) == ("header", FORMAT, VERSION)
    assert result["type"] == "result" and result["value"] == 3
    assert lines[1:-1] == [e.to_line() for e in aima.events]


def test_the_compressed_stream_is_gzip_of_the_stream(aima: Trace, tmp_path: Path) -> None:
    aima.dump(tmp_path / "a.jsonl")
    aima.dump(tmp_path / "a.jsonl.gz")
    packed = (tmp_path / "a.jsonl.gz").read_bytes()
    assert packed[:2] == b"\x1f\x8b"
    assert gzip.decompress(packed) == (tmp_path / "a.jsonl").read_bytes()


def test_the_document_is_written_one_event_per_line(aima: Trace, tmp_path: Path) -> None:
    aima.dump(tmp_path / "aima.json")
    text = (tmp_path / "aima.json").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[1] == '"events":['
    for i, event in enumerate(aima.events):
        assert lines[2 + i].removesuffix(",").removesuffix("]") == event.to_line()
    assert json.loads(text) == aima.to_json()


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_a_trace_without_result_round_trips(tmp_path: Path, suffix: str) -> None:
    # A search stopped from outside (an interrupt) leaves no result: the trace says so.
    header = Header("minimax", "two-function", "A")
    events = [Expand(1, "A", None, 0, "max", ("B",)),
              Evaluate(2, "B", "A", 1, "min", math.inf, "terminal")]
    path = tmp_path / f"t{suffix}"
    Trace(header, events, None).dump(path)
    assert load_trace(path) == Trace(header, events, None)
    out = io.StringIO()
    write_trace(out, header, events, None, jsonl=suffix != ".json")
    if suffix == ".json":
        assert json.loads(out.getvalue())["result"] is None
    else:
        assert '"type":"result"' not in out.getvalue()


# -- errors: each names the file and the place ------------------------------------------


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def load_error(path: Path) -> InputError:
    with pytest.raises(InputError) as info:
        load_trace(path)
    assert info.value.file == str(path)
    return info.value


def document(**changes: Any) -> str:
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION,
                            "header": {"algorithm": "minimax", "variant": "two-function",
                                       "root": "A"},
                            "events": [], "result": None}
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(("changes", "where", "message"), [
    ({"format": "other"}, "$.format", 'not a gametree trace: expected "format": '
                                      '"gametree-trace"'),
    ({"version": 2}, "$", "unsupported trace version 2 (this tool reads version 1)"),
    ({"events": {}}, "$.events", "expected a list of events"),
    ({"events": [{"seq": 1, "type": "jump"}]}, "$.events[0].type", "unknown event type"),
    ({"header": {"algorithm": "minimax", "variant": 1, "root": "A"}}, "$.header.variant",
     "expected a string for 'variant'"),
    ({"header": []}, "$.header", "expected a JSON object"),
    ({"result": {"move": None}}, "$.result", "bad result: 'value'"),
    ({"result": {"value": "many"}}, "$.result", "bad result: not a number: 'many'"),
], ids=["format", "version", "events", "event", "header-field", "header", "result-value",
        "result-number"])
def test_a_bad_document_names_the_place(tmp_path: Path, changes: dict[str, Any], where: str,
                                        message: str) -> None:
    e = load_error(write(tmp_path, "t.json", document(**changes)))
    assert e.where == where and e.message.startswith(message)


def test_a_document_that_is_not_an_object(tmp_path: Path) -> None:
    e = load_error(write(tmp_path, "t.json", "[1, 2]"))
    assert (e.where, e.message) == ("$", "expected a JSON object")


def test_invalid_json_names_line_and_column(tmp_path: Path) -> None:
    e = load_error(write(tmp_path, "t.json", '{"format": "gametree-trace",\n  "version": 1,,}'))
    assert e.where == "line 2, column 16" and e.message.startswith("invalid JSON")


HEADER = json.dumps({"type": "header", "format": FORMAT, "version": VERSION,
                     "algorithm": "minimax", "variant": "two-function", "root": "A"})
EVENT = Expand(1, "A", None, 0, "max", ("B",)).to_json()


@pytest.mark.parametrize(("lines", "where", "message"), [
    ([EVENT, HEADER], "line 1", 'the first line must be the header (an object with "type": '
                                '"header")'),
    ([HEADER, EVENT, '{"seq": 2, "type": "leap"}'], "line 3.type", "unknown event type"),
    ([HEADER, EVENT, "[]"], "line 3", "expected a JSON object"),
    ([HEADER.replace('"version": 1', '"version": 9')], "line 1",
     "unsupported trace version 9"),
    ([HEADER, '{"type": "result"}'], "line 2", "bad result: 'value'"),
], ids=["no-header", "bad-event", "not-object", "version", "result"])
def test_a_bad_stream_names_the_line(tmp_path: Path, lines: list[str], where: str,
                                     message: str) -> None:
    e = load_error(write(tmp_path, "t.jsonl", "\n".join(lines) + "\n"))
    assert e.where == where and e.message.startswith(message)


def test_an_empty_stream_has_no_header(tmp_path: Path) -> None:
    e = load_error(write(tmp_path, "t.jsonl", "\n\n"))
    assert e.message == "empty trace: no header line"


def test_invalid_json_in_a_stream_names_its_line(tmp_path: Path) -> None:
    with pytest.raises(InputError) as info:
        load_trace(write(tmp_path, "t.jsonl", HEADER + "\n{oops\n"))
    assert str(info.value).startswith(f"{tmp_path / 't.jsonl'}:2: line 1, column 2: invalid JSON")


def test_blank_lines_in_a_stream_are_skipped(tmp_path: Path) -> None:
    trace = load_trace(write(tmp_path, "t.jsonl", f"{HEADER}\n\n{EVENT}\n\n"))
    assert trace.events == [Expand(1, "A", None, 0, "max", ("B",))] and trace.result is None
