"""The fast reading of ``.jsonl`` traces must draw exactly what the strict reader's
events draw, and fail exactly as the strict reader does, in both builds: the compiled
scanner (tracer/_scan.c, handing most lines on without a dictionary) and the pure one
(blocks of lines parsed at once and replayed as dictionaries, ``GAMETRACE_PURE=1``)."""

from __future__ import annotations

import gzip
import inspect
import json
import random
import re
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from helpers import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracer._api import search_source
from tracer.errors import InputError, LimitExceeded
from tracer.events import EVENT_TYPES, Event
from tracer.render.model.collapse import Split, _Splitter, node_status
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing
from tracer.render.read import reader
from tracer.render.read.reader import read_chunks, read_jsonl, read_records
from tracer.render.read.replay import Replay
from tracer.trace import Header, Result, Trace, iter_trace, load_trace

ROOT = Path(__file__).resolve().parents[3]
RECORDED = ["aima.alphabeta.fail-soft.json", "chomp4x4.alphabeta.best.json",
            "coin.expectiminimax.plain.json", "grundy-7-min.andor.dfs.json",
            "jugs.astar.graph.json", "othello.alphabeta.depth3.json",
            "tictactoe-stage3.alphabeta.json", "two-mins.alphabeta.negamax.json"]
SEARCHES: dict[str, dict[str, Any]] = {  # a game each: labels, moves, +inf bounds,
    # proof numbers, the table
    "pns": dict(source="grundy", algorithm="pns", params={"coins": "7", "first": "min"},
                prover="min"),
    "pvs-tt-id": dict(source="othello", algorithm="enhanced", variant="pvs", depth=3,
                      techniques="id,tt,killer"),
    "mtdf": dict(source="othello", algorithm="enhanced", variant="mtdf", depth=2,
                 techniques="id,tt"),
}
SMALL = [RenderOptions(), RenderOptions(memory_nodes=30, max_nodes=40),
         RenderOptions(memory_nodes=8, max_nodes=12, max_width=5)]


BUILDS = ["compiled", "pure"]


@pytest.fixture(params=BUILDS)
def build(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test that takes it runs with the compiled scanner and with the pure reader."""
    name: str = request.param
    monkeypatch.setenv("GAMETRACE_PURE", "1" if name == "pure" else "0")
    return name


def test_the_compiled_scanner_is_there() -> None:
    """``pip install -e .`` compiles it (hatch_build.py); without it every "compiled"
    run below would silently be the pure one."""
    assert reader.compiled_scan is not None, (
        "tracer/_scan.c is not built: reinstall with a C compiler (make test does)")


def _replay(path: Path, build: str, memory_nodes: int | None = None) -> Replay:
    header, chunks = read_chunks(path)
    replay = Replay(header, memory_nodes=memory_nodes).feed_chunks(chunks)
    assert replay.compiled == (build == "compiled")
    return replay


@pytest.fixture(params=[*RECORDED, *SEARCHES])
def trace_file(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """A trace as a ``.jsonl`` stream."""
    name: str = request.param
    path = tmp_path / "t.jsonl"
    if name in SEARCHES:
        search_source(output=path, **SEARCHES[name])
    else:
        load_trace(ROOT / "traces" / name).dump(path)
    return path


def _same_replay(a: Replay, b: Replay) -> None:
    assert a.states == b.states
    assert a.summaries == b.summaries
    assert a.skeleton.nodes == b.skeleton.nodes
    assert (a.visits, a.events, a.cuts, a.cap, a.goal, a.numbers, a.result, a.iterations) \
        == (b.visits, b.events, b.cuts, b.cap, b.goal, b.numbers, b.result, b.iterations)


@pytest.mark.parametrize("opts", SMALL, ids=["default", "folded", "narrow"])
def test_a_stream_draws_what_its_events_draw(trace_file: Path, opts: RenderOptions,
                                             build: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader, "BLOCK_BYTES", 300)  # many blocks, lines cut at their ends
    trace = load_trace(trace_file)
    lines = _replay(trace_file, build, opts.memory_nodes)
    events = Replay(trace.header, memory_nodes=opts.memory_nodes).feed_all(
        [*trace.events, *([trace.result] if trace.result else [])])
    _same_replay(lines, events)  # Event objects went through the visitor's methods
    gz = trace_file.with_suffix(".jsonl.gz")
    gz.write_bytes(gzip.compress(trace_file.read_bytes()))
    drawn = {_dot(source, opts) for source in (trace_file, trace, gz)}
    assert len(drawn) == 1


def _dot(source: Path | Trace, opts: RenderOptions) -> str:
    try:
        return Drawing(source, opts).dot()
    except LimitExceeded as exc:  # too narrow for what must be drawn: the same for all
        return str(exc)


def test_the_fast_reader_reads_the_strict_readers_events(trace_file: Path) -> None:
    header, items = read_jsonl(trace_file)
    strict = list(iter_trace(trace_file))
    assert [header, *items] == strict


def _rewrite(path: Path, change: Callable[[list[str]], list[str]], *,
             end: str = "\n") -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(change(lines)) + end, encoding="utf-8")


def test_blank_lines_escapes_and_a_last_line_without_newline(
        tmp_path: Path, build: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader, "BLOCK_BYTES", 200)
    path = tmp_path / "t.jsonl"
    search_source("tictactoe", algorithm="alphabeta", depth=2, output=path)
    before = Drawing(load_trace(path)).dot()

    def change(lines: list[str]) -> list[str]:
        out = [lines[0], "", "  ", *lines[1:5], "\t"]
        for line in lines[5:]:  # a label spelt with escapes: the same text
            label = json.loads(line).get("label")
            if label:
                spelt = json.dumps(label, ensure_ascii=False)
                line = line.replace(spelt, f'"\\u{ord(label[0]):04x}{spelt[2:]}', 1)
            out.append(line)
        return out

    _rewrite(path, change, end="")
    assert "\\u" in path.read_text(encoding="utf-8")
    assert Drawing(path).dot() == before
    assert Drawing(path).replay.compiled == (build == "compiled")
    assert list(read_jsonl(path)[1]) == list(iter_trace(path))[1:]


def test_a_line_longer_than_a_block(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    aima: Trace, build: str) -> None:
    monkeypatch.setattr(reader, "BLOCK_BYTES", 16)
    path = tmp_path / "t.jsonl"
    aima.dump(path)
    assert Drawing(path).dot() == Drawing(aima).dot()


def test_records_decode_unbounded_values_and_keep_the_result(aima: Trace,
                                                             tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    aima.dump(path)
    _, blocks = read_records(path)
    records = [rec for block in blocks for rec in block]
    assert records[0]["type"] == "expand" and records[0]["alpha"] == float("-inf")
    assert records[-1] == {"type": "result", "result": aima.result}
    assert len(records) == len(aima.events) + 1


# Each fault, at a line of the first block and at one far into the file.
FAULTS: dict[str, Callable[[str], str]] = {
    "unknown type": lambda s: s.replace('"type":"evaluate"', '"type":"evaluated"'),
    "type not a string": lambda s: s.replace('"type":"evaluate"', '"type":[1]'),
    "unknown key": lambda s: s[:-1] + ',"zzz":1}',
    "missing field": lambda s: json.dumps({k: v for k, v in json.loads(s).items()
                                           if k != "reason"}),
    "a number spelt wrong": lambda s: _value(s, '"+infinity"'),
    "a boolean number": lambda s: _value(s, "true"),
    "a list number": lambda s: _value(s, "[1]"),
    "an infinite number": lambda s: _value(s, "1e999"),
    "NaN": lambda s: _value(s, "NaN"),
    "cut short": lambda s: s[:-7],
    "two objects": lambda s: s + "," + s,
    "not an object": lambda s: "[1, 2]",
    "a lone surrogate": lambda s: s.replace('"reason":"', '"reason":"\\ud800'),
    "a repeated header": lambda s: '{"type":"header","format":"gametree-trace","version":1}',
    # the JSON is sound, a field's is not what the event says
    "a number of plies spelt as text": lambda s: re.sub(r'"depth":(\d+)', r'"depth":"\1"', s),
    "a boolean sequence number": lambda s: re.sub(r'"seq":\d+', '"seq":true', s),
    "a node named by a number": lambda s: re.sub(r'"node":"[^"]*"', '"node":7', s),
    "a nested object": lambda s: _value(s, '{"v":1}'),
    "a second value after the object": lambda s: s + " 1",
}


def _value(line: str, text: str) -> str:
    obj = json.loads(line)
    return line.replace(f'"value":{json.dumps(obj["value"])}', f'"value":{text}', 1)


def _strict_error(path: Path) -> str:
    with pytest.raises(InputError) as caught:
        list(iter_trace(path))
    return str(caught.value)


@pytest.mark.parametrize("at", ["first block", "later block"])
@pytest.mark.parametrize("fault", list(FAULTS))
def test_a_bad_line_fails_as_the_strict_reader_says(
        fault: str, at: str, build: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader, "BLOCK_BYTES", 4096)
    path = tmp_path / "t.jsonl"
    search_source("tictactoe", algorithm="alphabeta", depth=3, output=path)
    lines = path.read_text(encoding="utf-8").splitlines()
    evaluates = [i for i, line in enumerate(lines) if '"type":"evaluate"' in line]
    where = evaluates[0] if at == "first block" else evaluates[-1]
    assert at == "first block" or sum(len(x) for x in lines[:where]) > 10 * 4096
    lines[where] = FAULTS[fault](lines[where])
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = _strict_error(path)
    assert f"line {where + 1}" in expected or f":{where + 1}:" in expected
    with pytest.raises(InputError) as caught:
        Drawing(path)
    assert str(caught.value) == expected
    assert "\n" not in expected


def test_a_line_that_is_not_utf8_is_named_with_its_column(tmp_path: Path, build: str,
                                                          aima: Trace) -> None:
    path = tmp_path / "t.jsonl"
    aima.dump(path)
    data = path.read_bytes().split(b"\n")
    data[7] = data[7][:10] + b"\xff" + data[7][10:]
    path.write_bytes(b"\n".join(data))
    with pytest.raises(InputError, match=r"t\.jsonl: line 8, column 11: not valid UTF-8"):
        Drawing(path)


def test_a_truncated_gzip_stream_is_one_error(tmp_path: Path, aima: Trace) -> None:
    path = tmp_path / "t.jsonl"
    aima.dump(path)
    gz = tmp_path / "t.jsonl.gz"
    gz.write_bytes(gzip.compress(path.read_bytes() * 50)[:-40])
    with pytest.raises(InputError, match="not a valid gzip file"):
        Drawing(gz)


@pytest.mark.parametrize("limit, fails", [(23, False), (22, True), (5, True)])
def test_the_event_budget_counts_lines_across_blocks(
        limit: int, fails: bool, aima: Trace, tmp_path: Path, build: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader, "BLOCK_BYTES", 64)
    monkeypatch.setenv("GAMETRACE_MAX_EVENTS", str(limit))
    path = tmp_path / "t.jsonl"
    aima.dump(path)
    items = len(aima.events) + 1  # the result counts, as in the strict path
    assert items == 23
    if fails:
        with pytest.raises(LimitExceeded, match=f"more than {limit} events"):
            Drawing(path)
    else:
        assert Drawing(path).replay.events == len(aima.events)


def test_every_event_type_has_a_record_handler(aima: Trace) -> None:
    replay = Replay(aima.header)
    table = replay.record_handlers()
    assert set(table) == set(replay.handlers_by_type()) | {"result"}


# The split of the preorder into drawn nodes and boxes -----------------------------------

def _splitter(path: Path, memory_nodes: int) -> tuple[_Splitter, list[str]]:
    replay = Drawing(path, RenderOptions(memory_nodes=memory_nodes)).replay
    skel = replay.skeleton
    order = skel.preorder()
    status = node_status(skel, replay.states, order)
    return _Splitter(skel, order, status, replay.states, replay.summaries), order


def test_a_split_by_runs_equals_the_split_node_by_node(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    search_source("tictactoe", algorithm="alphabeta", depth=4, output=path)
    for memory in (None, 200):
        split, order = _splitter(path, memory or 10**9)
        assert split.contiguous
        rng = random.Random(7)
        for size in (0, 1, 5, 30, len(order) // 3):
            hidden = set(rng.sample(order, size))
            fast = split.within(hidden, None)
            assert fast is not None
            assert fast == split._slow(hidden, None)
            for limit in (0, 3, 50, len(order)):
                drawn = len(fast[0]) + len(fast[1])
                assert (split.within(hidden, limit) is None) == (drawn > limit)


def test_a_tree_whose_parents_disagree_is_split_node_by_node(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "t.jsonl"
    search_source("tictactoe", algorithm="alphabeta", depth=2, output=path)
    replay = Drawing(path).replay
    skel = replay.skeleton
    root = skel.nodes[skel.root]
    first, second = root.children[0], root.children[1]
    grandchild = skel.nodes[first].children[0]
    skel.nodes[grandchild].parent = second  # listed under one node, recorded under another
    order = skel.preorder()
    split = _Splitter(skel, order, node_status(skel, replay.states, order), replay.states,
                      replay.summaries)
    assert not split.contiguous
    calls: list[int] = []
    slow = split._slow

    def spy(hidden: set[str], limit: int | None) -> Split | None:
        calls.append(1)
        return slow(hidden, limit)

    monkeypatch.setattr(split, "_slow", spy)
    shown, _, members = split.all({first})
    assert calls  # split node by node, as before runs: a node follows its recorded
    # parent, which comes after it here, so it is drawn outside the hidden subtree
    assert first not in shown and grandchild in shown
    assert grandchild not in members[(skel.root, "explored")]


@pytest.mark.parametrize("from_events", [False, True], ids=["lines", "events"])
def test_an_absurd_depth_is_refused_before_the_path_grows(tmp_path: Path,
                                                         from_events: bool) -> None:
    # Found by the service's schema fuzzing: an evaluate event at depth 2,267,475,266
    # made the replay fill its path with that many entries (23 GB, then the OOM killer).
    plain = tmp_path / "aima.jsonl"
    search_source("aima", output=plain)
    lines = plain.read_text().splitlines()
    k = next(i for i, line in enumerate(lines) if '"type":"evaluate"' in line)
    data = json.loads(lines[k])
    lines[k] = json.dumps({**data, "depth": 2_267_475_266})
    bad = tmp_path / "deep.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    with pytest.raises(InputError) as info:  # by the trace's rules as it is read, or drawn
        source: Trace | Path = load_trace(bad) if from_events else bad
        Drawing(source, RenderOptions())
    assert info.value.where == f"event {data['seq']}"
    assert "2,267,475,266" in info.value.message and "1,000,000 plies" in info.value.message


@pytest.mark.parametrize("from_events", [False, True], ids=["lines", "events"])
def test_a_negative_depth_is_refused(tmp_path: Path, from_events: bool, build: str) -> None:
    # The replay's path would have been indexed from its end: the next sibling of a
    # node at depth -1 replaced the last entry of an empty path (IndexError).
    plain = tmp_path / "aima.jsonl"
    search_source("aima", output=plain)
    lines = plain.read_text().splitlines()
    k = next(i for i, line in enumerate(lines) if '"type":"expand"' in line and i > 1)
    data = json.loads(lines[k])
    lines[k] = json.dumps({**data, "depth": -1})
    bad = tmp_path / "negative.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    with pytest.raises(InputError) as info:  # by the trace's rules as it is read, or drawn
        source: Trace | Path = load_trace(bad) if from_events else bad
        Drawing(source, RenderOptions())
    assert info.value.where == f"event {data['seq']}"
    assert info.value.message == (f"node {data['node']!r} is at depth -1: expected 0 "
                                  "(the root) or more")


# The compiled scanner against the pure reader --------------------------------------------

def test_the_line_handlers_take_the_event_fields_in_order(aima: Trace) -> None:
    """The scanner passes a line's fields by position, in the event class's order."""
    for kind, handler in Replay(aima.header).line_handlers().items():
        params = list(inspect.signature(handler).parameters)
        assert params == [f.name for f in fields(EVENT_TYPES[kind])]


def _spell(line: str, rng: random.Random) -> str:
    """The same event, written as another program might: spaces, keys in another order,
    escapes, unneeded nulls, floats, "inf", an integer of 25 digits."""
    obj = json.loads(line)
    if obj["type"] == "evaluate" and rng.random() < 0.3:
        obj["value"] = obj["value"] + 0.5 if isinstance(obj["value"], int) else obj["value"]
    if obj["type"] == "evaluate" and rng.random() < 0.1:
        obj["value"] = 10**24 + 7
    if obj["type"] == "expand" and obj.get("alpha") == "-inf" and rng.random() < 0.5:
        obj["beta"] = "inf"
    if obj["type"] in ("expand", "evaluate") and rng.random() < 0.3:
        obj["label"] = obj.get("label") or 'a "quoted"\\ / label\twith é and \n'
    if obj["type"] == "backup" and rng.random() < 0.3:
        obj["alpha"] = None
    items = list(obj.items())
    rng.shuffle(items)
    separators = rng.choice([(",", ":"), (", ", ": "), (" ,", " : ")])
    text = json.dumps(dict(items), separators=separators, ensure_ascii=rng.random() < 0.2)
    if rng.random() < 0.3:
        text = text.replace("/", "\\/")
    return (" " if rng.random() < 0.2 else "") + text + ("\r" if rng.random() < 0.2 else "")


def read_items(path: Path) -> tuple[Header, list[Event | Result]]:
    """The strict reader's header, then its events and result."""
    header, *items = iter_trace(path)
    assert isinstance(header, Header)
    return header, [x for x in items if isinstance(x, (Event, Result))]


@pytest.mark.parametrize("seed", range(6))
def test_lines_spelt_otherwise_replay_the_same_in_both_builds(
        seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader, "BLOCK_BYTES", 700)
    path = tmp_path / "t.jsonl"
    search_source("tictactoe", algorithm="alphabeta", depth=3, output=path)
    rng = random.Random(seed)
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join([lines[0], *(_spell(x, rng) for x in lines[1:])]) + "\n",
                    encoding="utf-8")
    header, items = read_items(path)  # the strict reader's events
    kept = list(items)
    for build in BUILDS:
        monkeypatch.setenv("GAMETRACE_PURE", "1" if build == "pure" else "0")
        for memory in (None, 40):
            _same_replay(_replay(path, build, memory),
                         Replay(header, memory_nodes=memory).feed_all(kept))


def test_a_repeated_key_keeps_its_last_value_in_both_builds(
        tmp_path: Path, aima: Trace, monkeypatch: pytest.MonkeyPatch) -> None:
    """Documented in tracer/render/read/reader.py: the fast reader does not look for a
    repeated key (the strict one refuses it); both builds read the line alike."""
    path = tmp_path / "t.jsonl"
    aima.dump(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    k = next(i for i, x in enumerate(lines) if '"type":"evaluate"' in x)
    lines[k] = lines[k][:-1] + ',"value":99}'
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    got = {}
    for build in BUILDS:
        monkeypatch.setenv("GAMETRACE_PURE", "1" if build == "pure" else "0")
        got[build] = _replay(path, build)
    _same_replay(got["compiled"], got["pure"])
    records = [rec for block in read_records(path)[1] for rec in block]
    assert records[k - 1]["value"] == 99


@settings(max_examples=examples(300), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_damage_to_a_line_reads_alike_in_both_builds(
        data: st.DataObject, aima_lines: list[bytes], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Bytes changed, put in or taken out of a line (any line after the header): the
    compiled scanner and the pure reader replay the same, or fail with the same message."""
    lines = list(aima_lines)
    k = data.draw(st.integers(1, len(lines) - 1), label="line")
    line = lines[k]
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        at = data.draw(st.integers(0, len(line)), label="at")
        what = data.draw(st.sampled_from(["put", "drop", "swap"]), label="what")
        byte = data.draw(st.sampled_from(list(b'{}[],:"\\ 0123456789-+.eEnultrfai\xc3\xa9\xff'
                                              b'\x01\t\r')).map(lambda b: bytes([b])),
                         label="byte")
        if what == "put":
            line = line[:at] + byte + line[at:]
        elif what == "drop":
            line = line[:at] + line[at + 1:]
        else:
            line = line[:at] + byte + line[at + 1:]
    lines[k] = line
    path = tmp_path / "t.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    outcome: dict[str, object] = {}
    for build in BUILDS:
        monkeypatch.setenv("GAMETRACE_PURE", "1" if build == "pure" else "0")
        try:
            outcome[build] = _replay(path, build)
        except InputError as exc:
            outcome[build] = str(exc)
    if isinstance(outcome["compiled"], Replay) and isinstance(outcome["pure"], Replay):
        _same_replay(outcome["compiled"], outcome["pure"])
    else:
        assert outcome["compiled"] == outcome["pure"]


@pytest.fixture(scope="module")
def aima_lines(tmp_path_factory: pytest.TempPathFactory) -> list[bytes]:
    path = tmp_path_factory.mktemp("aima") / "t.jsonl"
    search_source("aima", output=path)
    return path.read_bytes().splitlines()
