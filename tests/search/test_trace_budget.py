"""The trace budget (``Limits.max_trace_bytes``, ``--max-trace-mb``): a search stops
cleanly, with ``stopped: "max-trace-bytes"``, before its events pass the budget.

Grundy's game from 100 coins is the case that showed the need: 200,000 nodes wrote
1.2 GB, since every node id is the whole path of moves and every expansion lists its
children's ids."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.search.test_fast_equals_reference import build
from tracer._api import read_trace
from tracer.cli import main
from tracer.games.grundy import Grundy, GrundyState
from tracer.games.registry import make_game
from tracer.record import FileRecorder, MemoryRecorder, StreamRecorder
from tracer.search import Limits, run_search

BUDGET = 1_000_000


def _events_text(document: str) -> str:
    """The events of a single-document trace, as written (between ``[`` and ``]``)."""
    start = document.index('"events":[\n') + len('"events":[\n')
    return document[start:document.index('],\n"result":')]


def test_grundy_100_stops_before_its_events_pass_the_budget() -> None:
    game, state, block = make_game("grundy", {"coins": "100"})
    out = io.StringIO()
    result = run_search(game, state, algorithm="alphabeta", source=block,
                        limits=Limits(max_nodes=200_000, max_trace_bytes=BUDGET),
                        recorder=StreamRecorder(out, jsonl=False))
    assert not result.complete and result.stopped == "max-trace-bytes"
    assert result.value is None and result.pv == ()
    assert result.stats.nodes_visited < 200_000
    text = out.getvalue()
    events = _events_text(text)
    assert BUDGET - 100_000 < len(events.encode()) <= BUDGET
    trace = read_trace(json.loads(text))  # a well-formed trace, closed by its result
    assert trace.result is not None and trace.result.stopped == "max-trace-bytes"
    assert trace.header.options["max_trace_bytes"] == BUDGET


def test_both_builds_stop_within_the_budget_the_compiled_one_at_a_chunk(
        tmp_path: Path) -> None:
    """The compiled loop hands its lines over in chunks of 256 KiB and refuses the
    chunk that would pass the budget; the pure loop refuses the line.  So the compiled
    build's events are the first ones of the pure build's, both within the budget."""
    lines = {}
    for name in ("compiled", "pure"):
        game, state, block = make_game("grundy", {"coins": "100"})
        path = tmp_path / f"{name}.jsonl"
        with build(name), FileRecorder(path) as rec:
            result = run_search(game, state, algorithm="alphabeta", source=block,
                                limits=Limits(max_trace_bytes=BUDGET), recorder=rec)
        assert result.stopped == "max-trace-bytes"
        events = path.read_bytes().splitlines(keepends=True)[1:-1]
        assert sum(map(len, events)) <= BUDGET
        lines[name] = events
    compiled, pure = lines["compiled"], lines["pure"]
    assert len(pure) - 2_000 < len(compiled) <= len(pure)
    assert compiled == pure[: len(compiled)]


def test_a_memory_recorder_keeps_the_events_that_fit() -> None:
    game, state, block = make_game("grundy", {"coins": "30"})
    whole = MemoryRecorder()
    run_search(game, state, algorithm="minimax", source=block,
               limits=Limits(max_nodes=3_000), recorder=whole)
    sizes = [len(e.to_line()) + 1 for e in whole.trace.events]
    budget = sum(sizes) // 2
    kept = MemoryRecorder()
    result = run_search(game, state, algorithm="minimax", source=block,
                        limits=Limits(max_nodes=3_000, max_trace_bytes=budget),
                        recorder=kept)
    assert result.stopped == "max-trace-bytes"
    n = len(kept.trace.events)
    assert kept.trace.events == whole.trace.events[:n]
    assert sum(sizes[:n]) <= budget < sum(sizes[: n + 1])


def test_a_budget_larger_than_the_trace_changes_only_the_header() -> None:
    texts = []
    for limits in (Limits(), Limits(max_trace_bytes=10**9)):
        game, state, block = make_game("tictactoe", {"board": "xo..x...."})
        out = io.StringIO()
        result = run_search(game, state, algorithm="alphabeta", source=block,
                            limits=limits, recorder=StreamRecorder(out, jsonl=True))
        assert result.complete
        texts.append(out.getvalue().splitlines())
    assert texts[0][1:] == texts[1][1:]
    assert json.loads(texts[1][0])["options"]["max_trace_bytes"] == 10**9


class _ArrowGrundy(Grundy):
    """Grundy's game with moves named by a three-byte arrow (``7→6+1``)."""

    def move_name(self, state: GrundyState, action: tuple[int, int]) -> str:
        return super().move_name(state, action).replace("->", "\u2192")


def test_the_budget_counts_utf8_bytes() -> None:
    out = io.StringIO()
    game = _ArrowGrundy(40)
    result = run_search(game, game.initial_state(), algorithm="minimax",
                        limits=Limits(max_trace_bytes=20_000),
                        recorder=StreamRecorder(out, jsonl=False))
    assert result.stopped == "max-trace-bytes"
    events = _events_text(out.getvalue())
    assert "\u2192" in events and len(events) < 19_000  # fewer characters than bytes
    assert 19_000 < len(events.encode()) <= 20_000


def test_cli_max_trace_mb_writes_a_valid_incomplete_trace(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    result = CliRunner().invoke(main, ["run", "grundy", "-p", "coins=100", "--max-trace-mb",
                                       "1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "search stopped by --max-trace-mb after" in result.stderr
    assert out.stat().st_size <= BUDGET + 2_000
    assert CliRunner().invoke(main, ["validate", str(out)]).exit_code == 0


def test_cli_max_trace_mb_must_be_a_positive_number() -> None:
    result = CliRunner().invoke(main, ["run", "aima", "--max-trace-mb", "0"])
    assert result.exit_code == 2
    assert "--max-trace-mb" in result.stderr


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "expectiminimax", "andor",
                                       "pns", "enhanced"])
@pytest.mark.parametrize("jsonl", [False, True], ids=["json", "jsonl"])
def test_every_family_stops_within_the_budget(algorithm: str, jsonl: bool) -> None:
    """Many small events (proof numbers) as much as a few large ones (expansions)."""
    game, state, block = make_game("grundy", {"coins": "100"})
    out = io.StringIO()
    result = run_search(game, state, algorithm=algorithm, source=block,
                        limits=Limits(max_trace_bytes=300_000),
                        recorder=StreamRecorder(out, jsonl=jsonl))
    assert result.stopped == "max-trace-bytes"
    text = out.getvalue()
    events = ("".join(text.splitlines(keepends=True)[1:-1]) if jsonl
              else _events_text(text))
    assert 250_000 < len(events.encode()) <= 300_000
