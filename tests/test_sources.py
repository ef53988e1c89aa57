"""The source stage: every kind of SOURCE resolved one way (tracer.sources)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, cast

import pytest

import tracer._api
from tracer.errors import UsageError
from tracer.record import MemoryRecorder
from tracer.search import run_search
from tracer.sources import file_kind, is_trace_file, resolve

ROOT = Path(__file__).resolve().parents[1]


def test_an_example_is_a_tree_named_by_the_example() -> None:
    source = resolve("aima")
    assert (source.kind, source.name) == ("example", "aima")
    assert source.tree is not None and source.tree.root.id == "A"
    _, state, block = source.game()
    assert state is source.tree.root and block["kind"] == "tree"


def test_a_tree_file_and_the_root_player(tmp_path: Path) -> None:
    path = tmp_path / "t.tree"
    path.write_text("A(B(1 2) C(3))")
    source = resolve(str(path), root_player="min")
    assert source.kind == "tree" and source.tree is not None
    assert source.tree.root.player.value == "min"


def test_a_game_takes_parameters_and_searches() -> None:
    source = resolve("nim", params={"piles": "1,2"})
    assert (source.kind, dict(source.params)) == ("game", {"piles": "1,2"})
    game, state, block = source.game()
    assert block == {"kind": "game", "name": "nim", "params": block["params"]}
    assert run_search(game, state, algorithm="minimax").value is not None


def test_a_user_game_is_a_game() -> None:
    source = resolve(str(ROOT / "docs/examples/my_game.py") + ":TakeAway")
    assert source.kind == "game"
    assert source.game()[2]["kind"] == "game"


def test_a_recorded_trace_only_where_traces_are_read(tmp_path: Path) -> None:
    rec = MemoryRecorder()
    run_search(*resolve("aima").game()[:2], algorithm="alphabeta", recorder=rec,
               source=resolve("aima").game()[2])
    path = tmp_path / "t.json"
    path.write_text(json.dumps(rec.trace.to_json()))
    source = resolve(str(path), traces=True, root_player="max")
    assert source.kind == "trace" and source.trace().header.algorithm == "alphabeta"
    with pytest.raises(UsageError, match="is a recorded trace"):
        source.game()
    assert is_trace_file(path) and is_trace_file("x.jsonl") and not is_trace_file("x.tree")


@pytest.mark.parametrize(("text", "options", "words"), [
    ("nosuchname", {}, "no such file or built-in example: 'nosuchname' (examples: aima, "),
    ("nosuchname", {}, "; games: "),
    ("aima", {"params": {"x": "1"}}, "-p parameters apply to games, and 'aima' is a tree"),
    ("nim", {"root_player": "min"}, "--root-player applies to tree files"),
], ids=["unknown-examples", "unknown-games", "params-on-tree", "root-player-on-game"])
def test_what_does_not_fit_is_one_usage_error(text: str, options: dict[str, object],
                                              words: str) -> None:
    with pytest.raises(UsageError) as info:
        resolve(text, **cast(dict[str, Any], options))
    assert words in str(info.value)
    assert "tictactoe" in str(info.value) or words != "; games: "


@pytest.mark.parametrize(("data", "kind"), [
    ({"format": "gametree-trace"}, "trace"), ({"rows": [], "columns": [], "payoffs": []},
                                               "payoff"),
    ({"game": {}, "equilibria": []}, "payoff"), ({"values": {}}, "solution"),
    ({"children": []}, "tree"), ([1, [2]], "tree"),
], ids=["trace", "payoff", "payoff-analysis", "solution", "tree", "tree-list"])
def test_file_kind(data: object, kind: str) -> None:
    assert file_kind(data) == kind


def test_the_api_keeps_no_private_resolver() -> None:
    """cli/compare.py and check go through tracer.sources, not api._resolve."""
    assert not hasattr(tracer._api, "_resolve") and not hasattr(tracer._api, "_guess_kind")
    compare = (ROOT / "tracer" / "cli" / "compare.py").read_text()
    assert "_resolve" not in compare

