"""The registry: names, parameters, parsing, errors, source blocks, and `gametrace games`."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from tracer.cli.games import games_command
from tracer.errors import UsageError
from tracer.games.base import Player
from tracer.games.registry import GAMES, KINDS, ParamSpec, is_game_spec, make_game
from tracer.jsonio import dumps_json
from tracer.record import MemoryRecorder
from tracer.schema import validate
from tracer.search import run_search

OWN = ["tictactoe", "grundy", "nim", "gameof5", "chomp", "othello"]


def test_every_game_is_registered_with_its_lecture() -> None:
    assert set(OWN) <= set(GAMES)
    assert GAMES["tictactoe"].lecture == "Giochi a due giocatori"
    assert GAMES["othello"].lecture == "Giochi a Due Avversari: Othello"
    for name, spec in GAMES.items():
        assert spec.name == name and spec.title and spec.params
        for p in spec.params:
            assert p.kind in KINDS and p.help
            assert (p.kind == "choice") == bool(p.choices)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_defaults_make_a_game_and_record_every_parameter(name: str) -> None:
    game, state, source = make_game(name, {})
    assert source["kind"] == "game" and source["name"] == name
    assert list(source["params"]) == [p.name for p in GAMES[name].params]
    assert game.to_move(state) in (Player.MAX, Player.MIN, Player.CHANCE)
    dumps_json(source)  # JSON-safe: no infinity, no tuples


def test_parsed_values_in_the_source_block() -> None:
    _, _, source = make_game("tictactoe", {"symmetry": "yes", "win": "inf"})
    assert source["params"] == {"board": ".........", "first": "x", "symmetry": True,
                                "win": "+inf", "utility": "unit"}
    _, _, source = make_game("tictactoe", {"win": "100", "first": "O", "board": "o........"})
    assert source["params"]["win"] == 100 and source["params"]["first"] == "o"
    _, state, source = make_game("nim", {"piles": "3, 4,5", "misere": "true"})
    assert state == ((3, 4, 5), Player.MAX)
    assert source["params"] == {"piles": [3, 4, 5], "first": "max", "misere": True,
                                "symmetry": False}
    _, state, _ = make_game("grundy", {"coins": "9", "first": "max"})
    assert state == ((9,), Player.MAX)
    _, state, source = make_game("othello", {"eval": "mobility"})
    assert source["params"] == {"board": "start", "first": "black", "eval": "mobility"}


def test_an_unknown_parameter_lists_the_parameters() -> None:
    with pytest.raises(UsageError) as info:
        make_game("nim", {"pile": "3"})
    assert str(info.value) == (
        "unknown parameter 'pile' for nim (parameters: piles, first, misere, symmetry)")


def test_an_unknown_game_lists_the_games() -> None:
    with pytest.raises(UsageError, match=r"unknown game 'nin' \(games: chomp, .*nim.*\)"):
        make_game("nin", {})


@pytest.mark.parametrize("name, params, message", [
    ("grundy", {"coins": "seven"}, "parameter 'coins' of grundy: expected a whole number "
                                   "written with the digits 0-9, got 'seven'"),
    ("grundy", {"coins": "0"}, "expected a number in 1..200, got 0"),
    ("grundy", {"first": "meno"}, "choose from: max, min"),
    ("nim", {"piles": "2,,2"}, "expected a whole number written with the digits 0-9, got ''"),
    ("nim", {"piles": ""}, "parameter 'piles' of nim: expected a whole number"),
    ("nim", {"misere": "perhaps"}, "expected true or false"),
    ("tictactoe", {"win": "lots"}, "parameter 'win' of tictactoe: expected a number "
                                  "written with the digits 0-9 (such as 3, -2.5 or 1e6), "
                                  "got 'lots'"),
    ("tictactoe", {"win": "nan"}, "got 'nan'"),
    ("tictactoe", {"board": "xx"}, "9 characters"),
    ("tictactoe", {"win": "-1"}, "positive"),
    ("othello", {"eval": "greedy"}, "choose from: weighted, count, mobility"),
    ("othello", {"board": "x"}, "64 characters"),
], ids=lambda v: v if isinstance(v, str) and len(v) < 12 else None)
def test_bad_values_are_usage_errors(name: str, params: dict[str, str], message: str) -> None:
    with pytest.raises(UsageError) as info:
        make_game(name, params)
    assert message in str(info.value)


def test_param_spec_parsing() -> None:
    assert ParamSpec("n", "int", "1", "").parse(" 12 ", "g") == 12
    assert ParamSpec("w", "number", "1", "").parse("2.5", "g") == 2.5
    assert ParamSpec("w", "number", "1", "").parse("7", "g") == 7
    assert ParamSpec("w", "number", "1", "").parse("-inf", "g") == -math.inf
    assert ParamSpec("b", "bool", "no", "").parse("ON", "g") is True
    assert ParamSpec("b", "bool", "no", "").parse("0", "g") is False
    assert ParamSpec("p", "ints", "1", "").parse("1,2,3", "g") == (1, 2, 3)
    assert ParamSpec("c", "choice", "a", "", ("a", "b")).parse("B", "g") == "b"
    assert ParamSpec("s", "str", "", "").parse("x.o", "g") == "x.o"


def test_is_game_spec() -> None:
    assert is_game_spec("tictactoe") and is_game_spec("othello")
    assert is_game_spec("docs/examples/my_game.py:TakeAway")
    assert is_game_spec("my_game.py:TakeAway")
    assert not is_game_spec("aima")
    assert not is_game_spec("tree.json")
    assert not is_game_spec("my_game.py")
    assert not is_game_spec("my_game.py:")
    assert not is_game_spec("my_game.py:1x")


@pytest.mark.parametrize("name, params", [
    ("tictactoe", {"board": "x...o....", "symmetry": "true", "utility": "eval"}),
    ("grundy", {}), ("nim", {"piles": "1,2,2"}), ("gameof5", {}),
    ("chomp", {"rows": "2", "cols": "3"}), ("othello", {"eval": "mobility"}),
])
def test_traces_of_generated_games_validate(name: str, params: dict[str, str]) -> None:
    game, state, source = make_game(name, params)
    for algorithm in ("minimax", "alphabeta"):
        rec = MemoryRecorder()
        run_search(game, state, algorithm=algorithm, depth=3, recorder=rec, source=source)
        doc = rec.trace.to_json()
        validate(doc, "trace", file=f"{name}.json")
        assert doc["header"]["source"] == source
        assert json.loads(dumps_json(doc))["header"]["source"]["params"] == source["params"]


def test_games_command_lists_games_and_parameters() -> None:
    out = CliRunner().invoke(games_command, [])
    assert out.exit_code == 0, out.output
    for name in OWN:
        assert f"\n{name}  " in "\n" + out.output
    assert "coins=7" in out.output and "first=min" in out.output
    assert "  in: Giochi a due giocatori; Giochi a Due Avversari: Esercizio NIM" in out.output
    assert "eval=weighted" in out.output and "weighted | count | mobility" in out.output


def test_games_command_json() -> None:
    out = CliRunner().invoke(games_command, ["--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    by_name = {g["name"]: g for g in data}
    assert set(OWN) <= set(by_name)
    nim = by_name["nim"]
    assert nim["lecture"] == "Teoria dei giochi - 2. Forma estesa: Gioco dei fiammiferi"
    assert nim["params"][0] == {"name": "piles", "kind": "ints", "default": "2,2",
                                "help": "sticks in each pile (at most 200 in all)",
                                "minimum": 0, "maximum": 200}
    assert by_name["tictactoe"]["params"][1]["choices"] == ["x", "o"]


def test_games_command_help_has_examples() -> None:
    out = CliRunner().invoke(games_command, ["--help"])
    assert out.exit_code == 0
    assert "Examples:" in out.output and "gametrace run tictactoe" in out.output
