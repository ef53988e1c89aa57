"""tracer.content: library calls on posted content and built-in names, never on paths."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tracer._api import (
    compare_orders,
    read_trace,
    read_tree,
    record_search,
    trace_text,
)
from tracer.errors import InputError, UsageError
from tracer.trace import load_trace

ROOT = Path(__file__).resolve().parents[1]
AIMA = "A(B(3 12 8) C(2 4 6) D(14 5 2))"


def test_a_tree_reads_the_same_from_its_text_and_its_json() -> None:
    text = read_tree(AIMA)
    again = read_tree(json.dumps(text.to_json()))
    assert again.same_as(text) and text.leaf_count == 9


def test_tree_errors_say_where() -> None:
    with pytest.raises(InputError) as text_error:
        read_tree("A(B(3 12 8)", file="posted")
    assert (text_error.value.file, text_error.value.where) == ("posted", "line 1, column 12")
    with pytest.raises(InputError) as json_error:
        read_tree('{"tree": {"children": [1, {"value": "x"}]}}')
    assert (json_error.value.where or "").startswith("$.tree.children[1]")


def test_a_name_is_never_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a file called like an example must not shadow it, and a path is not a source
    monkeypatch.chdir(tmp_path)
    (tmp_path / "aima").write_text("A(1 2)")
    result, _ = record_search("aima")
    assert (result.value, result.move) == (3, "B")
    for name in (str(tmp_path / "aima"), "my_game.py:Game", "../traces/aima.json"):
        with pytest.raises(UsageError, match="no built-in example or game"):
            record_search(name)


def test_record_search_writes_what_gametrace_run_writes() -> None:
    recorded = ROOT / "traces" / "aima.alphabeta.fail-soft.json"
    _, text = record_search("aima")
    assert text == recorded.read_text()
    assert trace_text(read_trace(json.loads(text))) == text
    assert read_trace(json.loads(text)).to_json() == load_trace(recorded).to_json()


def test_params_go_to_games_only() -> None:
    with pytest.raises(UsageError, match="params apply to games"):
        record_search("aima", params={"coins": "7"})
    result, _ = record_search("grundy", params={"coins": "7", "first": "min"},
                              algorithm="andor")
    assert result.complete


def test_compare_orders_counts_leaves_like_the_lecture() -> None:
    report = compare_orders("aima", orders="natural,best")
    leaves = {r["ordering"]: r["leaves"] for r in report.to_json()["orderings"]}
    assert leaves == {"natural": 7, "best": 5} and report.to_json()["minimax"]["leaves"] == 9


def test_the_cwd_is_untouched() -> None:
    before = sorted(os.listdir("."))
    record_search(read_tree(AIMA))
    assert sorted(os.listdir(".")) == before


def test_options_are_refused_as_run_refuses_them() -> None:
    with pytest.raises(UsageError, match=r"^--cut-on applies to -a alphabeta .* not to minimax$"):
        record_search("aima", algorithm="minimax", cut_on="gt")
    with pytest.raises(UsageError, match="did you mean 'alphabeta'"):
        record_search("aima", algorithm="alphabta")


def test_a_search_past_the_budget_ends_a_comparison() -> None:
    from tracer.errors import LimitExceeded
    from tracer.limits import Limits

    with pytest.raises(LimitExceeded, match=r"^a search of tictactoe stopped \(max-nodes\)"):
        compare_orders("tictactoe", orders="natural", limits=Limits(max_nodes=50))


def test_check_answer_takes_a_problem_for_astar_and_refuses_a_game() -> None:
    from tracer._api import check_answer

    assert check_answer({"cost": 4}, problem="jugs").correct
    with pytest.raises(UsageError, match="nim is a game: check answers against a tree"):
        check_answer({"value": 1}, source="nim")
