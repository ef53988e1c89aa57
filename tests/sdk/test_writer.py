"""The Python trace writer: the engine stream it writes, value for value, and its checks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tracer import TraceWriter, UsageError
from tracer._api import validate_file
from tracer.errors import InputError
from tracer.sdk.writer import Mode


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _negamax_root(path: Path, *, mode: Mode = "full") -> None:
    """The root tries two moves; the second fails high at ply 1 and is searched again."""
    with TraceWriter(str(path), game="g", variant="pvs", convention="negamax",
                     eval="e", classes=("capture", "quiet"), mode=mode) as t:
        t.iteration(1)
        t.enter("a", move_class="capture")
        t.tt_probe(True, "lower", 4, 2)  # at ply 1 (MIN's view inverted): an upper bound
        t.leave(4)                        # ply 1: -4 for MAX
        t.enter("b")
        t.leave(-2)
        t.research(-9, 9)                 # ply 1: the window is turned too
        t.leave(-3)                       # +3 for MAX: the best
        t.tt_store("exact", 3, 1)
        t.leave(3)


def test_negamax_values_are_written_from_max_view(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    _negamax_root(path)
    lines = _lines(path)
    assert lines[0]["engine"] == {"convention": "negamax", "eval": "e",
                                  "classes": ["capture", "quiet"], "record": "full"}
    events = lines[1:-1]
    assert [e["type"] for e in events] == ["deepen", "enter", "probe", "leave", "enter",
                                           "leave", "research", "leave", "store", "leave"]
    assert events[1] == {"type": "enter", "node": 1, "parent": 0, "move": "a",
                         "class": "capture"}
    assert events[2] == {"type": "probe", "node": 1, "hit": True, "flag": "upper",
                         "value": -4, "draft": 2}
    assert [e["value"] for e in events if e["type"] == "leave"] == [-4, 2, 3, 3]
    assert events[6] == {"type": "research", "node": 2, "alpha": -9, "beta": 9}
    result = lines[-1]
    assert (result["value"], result["move"], result["pv"]) == (3, 2, [0, 2])
    stats = result["stats"]
    assert isinstance(stats, dict)
    assert (stats["nodes"], stats["researches"], stats["tt_probes"], stats["tt_hits"],
            stats["tt_cutoffs"], stats["tt_stores"], stats["leaves_evaluated"]) == \
        (3, 1, 1, 1, 1, 1, 3)
    assert validate_file(path) == "engine trace stream"


def test_counters_mode_writes_the_same_counts_and_no_events(tmp_path: Path) -> None:
    _negamax_root(tmp_path / "full.jsonl")
    _negamax_root(tmp_path / "counts.jsonl", mode="counters")
    full, counts = _lines(tmp_path / "full.jsonl"), _lines(tmp_path / "counts.jsonl")
    assert len(counts) == 2
    assert counts[-1] == full[-1]
    engine = full[0]["engine"]
    assert isinstance(engine, dict)
    assert counts[0]["engine"] == {**engine, "record": "counters"}
    assert validate_file(tmp_path / "counts.jsonl") == "engine trace stream"


def test_a_gzip_stream_is_the_same_lines(tmp_path: Path) -> None:
    import gzip

    _negamax_root(tmp_path / "t.jsonl")
    _negamax_root(tmp_path / "t.jsonl.gz")
    assert gzip.decompress((tmp_path / "t.jsonl.gz").read_bytes()) == \
        (tmp_path / "t.jsonl").read_bytes()
    assert validate_file(tmp_path / "t.jsonl.gz") == "engine trace stream"


def test_calls_out_of_place_are_one_line_and_leave_no_file(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    with pytest.raises(UsageError, match=r"cut\(\) at event 1: the current node has left no "
                       "child"), TraceWriter(str(path), game="g") as t:
        t.cut()
    assert not path.exists()
    with pytest.raises(UsageError, match=r"close\(\) at event 2: nodes are still open"), \
            TraceWriter(str(path), game="g") as t:
        t.enter("a")
    assert not path.exists() and not list(tmp_path.iterdir())


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    path = tmp_path / "t.jsonl"
    _negamax_root(path)
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path


@pytest.mark.parametrize(("old", "new", "message"), [
    ('"parent":0,"move":"b"', '"parent":1,"move":"b"',
     "line 6: enter of node 2 from parent 1, but node 0 is being searched: expected parent 0"),
    ('{"type":"research","node":2', '{"type":"research","node":1',
     "line 8: research of node 1: expected the node left last (2)"),
    ('"type":"deepen","node":0', '"type":"deepen","seq":1,"node":0',
     "line 2: $.seq: unknown key 'seq'"),
    ('"class":"capture"', '"class":"killer"', "line 3: move class 'killer' is not in the "
     "header's classes (allowed: capture, quiet)"),
    ('"move":2,"pv":[0,2]', '"move":7,"pv":[0,7]', "the result's move 7 is no child of the root"),
    ('"type":"leave","node":1,', '"type":"leave","node":2,',
     "line 5: leave of node 2, but node 1 is being searched: expected node 1"),
], ids=["parent", "research", "seq-is-no-key", "class", "result-move", "leave"])
def test_validate_refuses_a_stream_that_is_no_search(tmp_path: Path, old: str, new: str,
                                                     message: str) -> None:
    with pytest.raises(InputError) as caught:
        validate_file(_broken(tmp_path, old, new))
    assert message in str(caught.value)


def test_version_one_readers_refuse_an_engine_stream_in_one_line(tmp_path: Path) -> None:
    from tracer import load_trace

    path = tmp_path / "t.jsonl"
    _negamax_root(path)
    with pytest.raises(InputError, match="unsupported trace version 2"):
        load_trace(path)


def _mutations(event: dict[str, object]) -> list[dict[str, object]]:
    out: list[dict[str, object]] = [dict(event, extra=1)]
    for key in event:
        out.append({k: v for k, v in event.items() if k != key})
        for wrong in (-1, 0, 1, 1.5, True, None, "x", "", "+inf", [], {}):
            out.append(dict(event, **{key: wrong}))
    return out


def test_the_quick_check_of_an_event_agrees_with_the_schema(tmp_path: Path) -> None:
    """``validate`` checks an engine stream's lines by hand, the schema's definitions
    spelled out; on every event kind and thousands of damaged ones, it says what the
    schema says (or leaves it to the schema)."""
    from jsonschema import Draft202012Validator

    from tracer.schema import load_schema
    from tracer.sdk.checking import _well_shaped

    schema = load_schema("trace")
    check = Draft202012Validator({"$schema": schema["$schema"], "$defs": schema["$defs"],
                                  "$ref": "#/$defs/engine_event"})
    path = tmp_path / "t.jsonl"
    _negamax_root(path)
    events = _lines(path)[1:-1]
    events.append({"type": "probe", "node": 3, "hit": False})
    events.append({"type": "cutoff", "node": 0, "after": 2, "rank": 2})
    assert {e["type"] for e in events} == {"enter", "leave", "cutoff", "probe", "store",
                                           "deepen", "research"}
    tried = 0
    for event in events:
        assert _well_shaped(event) and check.is_valid(event), event
        for damaged in _mutations(event):
            tried += 1
            if _well_shaped(damaged):
                assert check.is_valid(damaged), damaged
    assert tried > 500
