"""An OpenSpiel game given an evaluation (``-p eval=module:function``, or the
``evaluation`` callable of ``make_openspiel``) is searched to a depth, as OpenSpiel's own
searches take a value function: the same value and nodes as OpenSpiel's
``alpha_beta_search`` with that function, and the refusals of a bad one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyspiel
import pytest
from open_spiel.python.algorithms import minimax as spiel_minimax

from tracer.errors import InputError, UsageError
from tracer.games.openspiel_adapter import make_openspiel
from tracer.games.registry import make_game
from tracer.search import run_search

FOUR = {"rows": "4", "columns": "4"}


def leaning(state: Any) -> float:
    """A made-up evaluation, deterministic: where x's stones stand, less o's."""
    text = str(state)
    return sum(i % 5 for i, c in enumerate(text) if c == "x") - sum(
        i % 3 for i, c in enumerate(text) if c == "o")


@pytest.mark.parametrize("depth", [1, 3, 5])
def test_the_depth_search_is_openspiel_s_own(depth: int) -> None:
    game, _ = make_openspiel("connect_four", FOUR, evaluation=leaning)
    ours = run_search(game, game.initial_state(), algorithm="alphabeta", depth=depth)
    spiel = pyspiel.load_game("connect_four", {"rows": 4, "columns": 4})
    calls = 0
    inner = spiel_minimax._alpha_beta

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        return inner(*args, **kwargs)

    spiel_minimax._alpha_beta = counted
    try:
        value, _ = spiel_minimax.alpha_beta_search(spiel, value_function=leaning,
                                                   maximum_depth=depth)
    finally:
        spiel_minimax._alpha_beta = inner
    assert (ours.value, ours.stats.nodes_visited) == (value, calls)
    assert ours.stats.leaves_evaluated > 0


def _module(folder: Path, body: str) -> Path:
    path = folder / "spiel_values_for_test.py"
    path.write_text(body)
    return path


def test_eval_names_a_function_of_a_file_or_a_module(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = _module(tmp_path, "def constant(state):\n    return 3\n")
    game, state, source = make_game("openspiel:pig", {"eval": f"{path}:constant",
                                                      "winscore": "6"})
    result = run_search(game, state, algorithm="expectiminimax", depth=2)
    assert result.value == 3  # every leaf at depth 2 is evaluated: the weighted sum of 3s
    assert source["params"]["eval"] == f"{path}:constant"
    assert source["params"]["winscore"] == 6
    monkeypatch.syspath_prepend(str(tmp_path))
    game, state, _ = make_game("openspiel:pig", {"eval": "spiel_values_for_test:constant"})
    assert run_search(game, state, algorithm="expectiminimax", depth=1).value == 3


def test_without_an_evaluation_a_depth_is_still_refused() -> None:
    game, state, _ = make_game("openspiel:pig", {})
    with pytest.raises(UsageError, match="without --depth"):
        run_search(game, state, algorithm="expectiminimax", depth=2)


@pytest.mark.parametrize("named, words", [
    ("nocolon", "expected module:function or path/to/file.py:function"),
    ("a module:9x", "expected module:function"),
    ("no_such_module_for_eval:f", "cannot import 'no_such_module_for_eval'"),
    ("json:no_such_function", "json has no function 'no_such_function'"),
    ("missing/file.py:f", "no such file"),
])
def test_a_bad_eval_is_refused_in_one_line(named: str, words: str) -> None:
    with pytest.raises(UsageError) as caught:
        make_game("openspiel:pig", {"eval": named})
    assert words in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("body, words", [
    ("def f(state):\n    return 'high'\n", "gave 'high' at a state: expected a finite number"),
    ("def f(state):\n    return float('nan')\n", "expected a finite number"),
    ("def f(state):\n    return True\n", "expected a finite number"),
    ("def f(state):\n    raise KeyError('x')\n", "the evaluation failed: KeyError"),
])
def test_an_evaluation_that_gives_no_number_fails_in_one_line(tmp_path: Path, body: str,
                                                              words: str) -> None:
    path = _module(tmp_path, body)
    game, state, _ = make_game("openspiel:pig", {"eval": f"{path}:f"})
    with pytest.raises(InputError) as caught:
        run_search(game, state, algorithm="expectiminimax", depth=2)
    assert words in str(caught.value) and "\n" not in str(caught.value)
