"""The fast reader of engine streams (tracer/sdk/stream.py): the compiled scanner's
build reads the same events and fails with the same message, on the same line, as the
line-by-line check, on a writer's stream and on hundreds of damaged ones."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tracer import TraceWriter
from tracer.errors import InputError
from tracer.scanning import compiled_scan
from tracer.sdk import stream
from tracer.sdk.stream import FIELDS, Stop, read_engine_stream

needs_scanner = pytest.mark.skipif(compiled_scan is None,
                                   reason="the compiled scanner was not built here")

MASK = (1 << 64) - 1


def _child(pos: int, i: int) -> int:
    return (pos * 6364136223846793005 + 1442695040888963407 + i) & MASK


def _negamax(t: TraceWriter, pos: int, depth: int, alpha: int, beta: int) -> int:
    t.tt_probe(pos % 3 == 0, ("exact", "lower", "upper")[pos % 3], pos % 50 - 25, depth)
    if depth == 0:
        return (((pos * 0x9E3779B97F4A7C15) & MASK) >> 58) - 32
    best = -1000
    for i in range(3):
        t.enter(f"m{i}", move_class="capture" if i == 0 else None)
        if i == 0:
            score = _negamax(t, _child(pos, i), depth - 1, -beta, -alpha)
        else:
            score = _negamax(t, _child(pos, i), depth - 1, -alpha - 1, -alpha)
            if alpha < -score < beta:
                t.leave(score)
                t.research(-beta, -alpha)
                score = _negamax(t, _child(pos, i), depth - 1, -beta, -alpha)
        t.leave(score)
        best = max(best, -score)
        alpha = max(alpha, best)
        if alpha >= beta:
            t.cut()
            break
    t.tt_store("exact", best, depth)
    return best


def _engine(path: Path, depth: int = 3) -> Path:
    """PVS by iterative deepening, every event kind written (probes, stores, classes,
    cutoffs, re-searches)."""
    with TraceWriter(str(path), game="random-3", variant="pvs", convention="negamax",
                     eval="hash", classes=("capture",)) as t:
        for d in range(1, depth + 1):
            t.iteration(d)
            t.leave(_negamax(t, 1, d, -1000, 1000))
    return path


def _read(path: Path, fast: bool) -> tuple[list[tuple[Any, ...]], Any]:
    """The events handed on, or the error's message."""
    got: list[tuple[Any, ...]] = []

    def handler(kind: str) -> Any:
        return lambda *fields: got.append((kind, *fields))

    try:
        done = read_engine_stream(path, {kind: handler(kind) for kind in FIELDS},
                                  use_compiled=fast)
    except InputError as exc:
        return got, str(exc)
    return got, done.result


def _events_of(path: Path) -> list[tuple[Any, ...]]:
    """The events as the lines spell them (json), the fields :data:`FIELDS` names."""
    out = []
    for line in path.read_text().splitlines()[1:]:
        obj = json.loads(line)
        if obj["type"] != "result":
            out.append((obj["type"], *(obj.get(name) for name in FIELDS[obj["type"]])))
    return out


def test_a_writers_stream_is_read_event_for_event(tmp_path: Path) -> None:
    path = _engine(tmp_path / "t.jsonl")
    pure = _read(path, False)
    assert pure[0] == _events_of(path)
    assert {e[0] for e in pure[0]} == set(FIELDS)
    assert isinstance(pure[1], dict) and pure[1]["type"] == "result"
    if compiled_scan is not None:
        assert _read(path, True) == pure


@needs_scanner
def test_the_scanner_takes_every_event_line_of_a_writers_stream(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the result goes to the line-by-line reading: the scanner checks each event
    line's fields itself (a spy counts the lines it declines)."""
    path = _engine(tmp_path / "t.jsonl")
    declined: list[int] = []
    line = stream._Reading.line

    def spy(self: Any, raw: bytes, n: int) -> int:
        declined.append(n)
        return line(self, raw, n)

    monkeypatch.setattr(stream._Reading, "line", spy)
    read_engine_stream(path, use_compiled=True)
    assert declined == [len(path.read_text().splitlines())]


_VALUES: tuple[Any, ...] = (-1, 0, 1, 2, 10 ** 20, -0.5, 1.5, 1e300, "x", "", "+inf", "-inf",
                            "inf", "exact", "lower", "EXACT", None, True, False, [], ["a"],
                            {"a": 1})


def _damaged(lines: list[str], rng: random.Random) -> list[str]:
    """The stream with one line spoilt: a value replaced, a key dropped, renamed, repeated
    or added, the text cut, or two lines swapped, one doubled or dropped."""
    out = list(lines)
    i = rng.randrange(1, len(out))
    obj = json.loads(out[i])
    keys = [k for k in obj if k != "type"]
    how = rng.randrange(9)
    if how == 0 and keys:
        obj[rng.choice(keys)] = rng.choice(_VALUES)
    elif how == 1 and keys:
        del obj[rng.choice(keys)]
    elif how == 2 and keys:
        k = rng.choice(keys)
        obj[k + "s"] = obj.pop(k)
    elif how == 3:
        obj[rng.choice(("class", "flag", "value", "draft", "extra"))] = rng.choice(_VALUES)
    elif how == 4:
        out[i] = out[i][:rng.randrange(len(out[i]))]
        return out
    elif how == 5 and i + 1 < len(out):
        out[i], out[i + 1] = out[i + 1], out[i]
        return out
    elif how == 6:
        out.insert(i, out[i])
        return out
    elif how == 7:
        del out[i]
        return out
    else:
        text = out[i]
        spots = [j for j, c in enumerate(text) if c == ","]
        j = rng.choice(spots) if spots else len(text) - 1
        out[i] = text[:j] + rng.choice((',"node":1', ' , ', '\t,', ',"type":"leave"')) \
            + text[j:]
        return out
    out[i] = json.dumps(obj, separators=(",", ":"))
    return out


@needs_scanner
def test_damaged_streams_fail_alike_in_both_builds(tmp_path: Path) -> None:
    """300 streams with one line spoilt: the same events and result, or the same message
    naming the same line, in both builds (the line-by-line one is the check's own)."""
    lines = _engine(tmp_path / "t.jsonl", depth=2).read_text().splitlines()
    rng = random.Random(7)
    failed = 0
    for n in range(300):
        path = tmp_path / f"d{n}.jsonl"
        path.write_text("\n".join(_damaged(lines, rng)) + "\n")
        pure, fast = _read(path, False), _read(path, True)
        assert fast[1] == pure[1], path.read_text()
        if isinstance(pure[1], str):
            failed += 1
        else:
            assert fast[0] == pure[0]
    assert failed > 150  # most damages break a shape or a rule


@needs_scanner
@pytest.mark.parametrize("line, expected", [
    ('{"type":"enter","node":1,"parent":0,"move":"a","class":"capture"}',
     "enter of node 1: expected an id greater than every id before it"),
    ('{"type":"cutoff","node":0,"after":1,"rank":2}',
     "cutoff at node 0 after child 1 (rank 2): expected the child it left last"),
    ('{"type":"probe","node":5,"hit":true}', "probe of node 5, but node 0 is being searched"),
    ('{"type":"deepen","node":0,"depth":2}', "deepen while node 0 is being searched"),
])
def test_a_rule_broken_on_a_scanned_line_is_named_with_its_line(
        tmp_path: Path, line: str, expected: str) -> None:
    """A line the scanner took carries no number: the reading is done again line by line,
    which stops at the same line and says the same."""
    path = tmp_path / "t.jsonl"
    with TraceWriter(str(path), game="g", variant="pvs", convention="negamax",
                     classes=("capture",)) as t:
        t.iteration(1)
        t.enter("a", move_class="capture")
        t.leave(1)
        t.leave(-1)
    lines = path.read_text().splitlines()
    lines.insert(4, line)  # after the first child's leave, the root open
    path.write_text("\n".join(lines) + "\n")
    for fast in (False, True):
        with pytest.raises(InputError) as caught:
            read_engine_stream(path, use_compiled=fast)
        assert expected in str(caught.value) and "line 5" in str(caught.value)


def test_a_handler_may_stop_the_reading(tmp_path: Path) -> None:
    path = _engine(tmp_path / "t.jsonl")
    for fast in (False, True) if compiled_scan is not None else (False,):
        seen: list[int] = []

        def deepen(node: int, depth: int, seen: list[int] = seen) -> None:
            seen.append(depth)
            if depth == 2:
                raise Stop

        done = read_engine_stream(path, {"deepen": deepen}, use_compiled=fast)
        assert done.stopped and done.result is None and seen == [1, 2]
