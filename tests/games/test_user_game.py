"""Games of one's own: the documented example, parameter typing, and every error."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracer.errors import InputError, UsageError
from tracer.games.registry import make_game
from tracer.games.user import load_user_game
from tracer.record import MemoryRecorder
from tracer.schema import validate
from tracer.search import alpha_beta, minimax

EXAMPLE = str(Path(__file__).resolve().parents[2] / "docs" / "examples" / "my_game.py")
SPEC = EXAMPLE + ":TakeAway"

GOOD = '''
from tracer.games.base import Capabilities, Player

class Countdown:
    capabilities = Capabilities()

    def __init__(self, n: int = 3, label="x", ratio: float = 0.5, loud: bool = False):
        self.name = "countdown"
        self.n, self.label, self.ratio, self.loud = n, label, ratio, loud

    def initial_state(self):
        return (self.n, Player.MAX)

    def to_move(self, state):
        return state[1]

    def actions(self, state):
        return [1] if state[0] else []

    def result(self, state, action):
        return (state[0] - 1, state[1].opponent)

    def is_terminal(self, state):
        return state[0] == 0

    def utility(self, state):
        return -state[1].sign

    def move_name(self, state, action):
        return str(state[0])

    def describe(self, state):
        return str(state[0])
'''


def write(tmp_path: Path, text: str, name: str = "game.py") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_documented_example_plays_take_away() -> None:
    # With at most 2 per move the mover loses exactly on multiples of 3.
    for sticks, value in ((7, 1), (9, -1), (10, 1)):
        game = load_user_game(SPEC, {"sticks": str(sticks), "most": "2"})
        assert minimax(game).value == value
        assert alpha_beta(game, variant="negamax").value == value


def test_the_example_through_make_game_records_typed_params() -> None:
    game, state, source = make_game(SPEC, {"sticks": "9"})
    assert state == (9, game.to_move(state))
    assert source == {"kind": "game", "name": SPEC,
                      "params": {"sticks": 9, "most": 2, "first_is_max": True}}
    rec = MemoryRecorder()
    result = alpha_beta(game, state, depth=2, recorder=rec, source=source)
    assert result.value == -1  # the exact evaluation makes depth 2 enough
    validate(rec.trace.to_json(), "trace", file="takeaway")


def test_values_are_typed_by_annotations(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    game, _, source = make_game(path + ":Countdown",
                                {"n": "4", "label": "7", "ratio": "inf", "loud": "yes"})
    assert source["params"] == {"n": 4, "label": "7", "ratio": "+inf", "loud": True}
    assert minimax(game).value == -1  # four moves: MIN makes the last
    with pytest.raises(UsageError,
                       match=r"parameter 'n' of .*game\.py:Countdown: expected a whole number"):
        make_game(path + ":Countdown", {"n": "x"})


def test_unknown_and_missing_parameters(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    with pytest.raises(UsageError) as info:
        make_game(path + ":Countdown", {"m": "1"})
    assert "unknown parameter 'm'" in str(info.value)
    assert "(parameters: n, label, ratio, loud)" in str(info.value)
    needy = write(tmp_path, GOOD.replace("n: int = 3", "n: int"), "needy.py")
    with pytest.raises(UsageError, match="missing parameter 'n'"):
        make_game(needy + ":Countdown", {})


def test_no_such_file_or_class(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"nowhere\.py: no such file"):
        load_user_game(str(tmp_path / "nowhere.py") + ":Game", {})
    path = write(tmp_path, GOOD)
    with pytest.raises(UsageError) as info:
        load_user_game(path + ":Countup", {})
    assert path in str(info.value)
    assert "no class 'Countup'" in str(info.value) and "(classes: Countdown)" in str(info.value)


def test_a_missing_method_is_named(tmp_path: Path) -> None:
    text = GOOD.replace("    def describe(self, state):\n        return str(state[0])\n", "")
    path = write(tmp_path, text)
    with pytest.raises(InputError) as info:
        load_user_game(path + ":Countdown", {})
    assert info.value.file == path
    assert "Countdown is not a game: it lacks describe" in str(info.value)


def test_capabilities_decide_what_is_required(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("Capabilities()", "Capabilities(evaluation=True)"))
    with pytest.raises(InputError, match="lacks evaluate"):
        load_user_game(path + ":Countdown", {})
    path = write(tmp_path, GOOD.replace("capabilities = Capabilities()", "capabilities = 3"),
                 "caps.py")
    with pytest.raises(InputError, match="capabilities must be a"):
        load_user_game(path + ":Countdown", {})
    path = write(tmp_path, GOOD.replace("    capabilities = Capabilities()\n", ""), "nocaps.py")
    with pytest.raises(InputError, match="lacks capabilities"):
        load_user_game(path + ":Countdown", {})


def test_a_method_the_capabilities_do_not_declare_is_never_called(tmp_path: Path) -> None:
    """Capabilities are data: an ``evaluate`` the game has but does not declare is not
    used at a depth limit; the search stops naming the capability to declare."""
    evaluating = GOOD.replace("    def describe(self, state):",
                              "    def evaluate(self, state):\n        return 7\n\n"
                              "    def describe(self, state):")
    undeclared = load_user_game(write(tmp_path, evaluating) + ":Countdown", {"n": 4})
    with pytest.raises(InputError) as info:
        minimax(undeclared, depth=1)
    assert ("Countdown.evaluate() at position (3, <Player.MIN: 'min'>) is needed (a depth "
            "limit scores a position by its static evaluation), but Countdown.capabilities "
            "does not declare evaluation: give Capabilities(evaluation=True) and define "
            "evaluate") in str(info.value)
    assert "\n" not in str(info.value)
    declared = evaluating.replace("Capabilities()", "Capabilities(evaluation=True)")
    game = load_user_game(write(tmp_path, declared, "declared.py") + ":Countdown", {"n": 4})
    assert minimax(game, depth=1).value == 7


def test_to_move_must_return_a_player(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("return state[1]\n", "return 'max'\n", 1))
    with pytest.raises(InputError, match=r"to_move must return a tracer\.games\.base\.Player"):
        load_user_game(path + ":Countdown", {})


def test_import_problems_name_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, "def broken(:\n    pass\n", "syntax.py")
    with pytest.raises(InputError) as info:
        load_user_game(path + ":Game", {})
    assert info.value.file == path and info.value.where == "line 1"
    path = write(tmp_path, "import no_such_module_here\n", "imports.py")
    with pytest.raises(InputError, match="ModuleNotFoundError"):
        load_user_game(path + ":Game", {})


def test_a_constructor_that_rejects_its_values(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"my_game\.py: TakeAway.*must be at least 1"):
        load_user_game(SPEC, {"sticks": "0"})
    path = write(tmp_path, GOOD.replace('self.name = "countdown"', "raise RuntimeError('no')"))
    with pytest.raises(InputError, match="RuntimeError: no"):
        load_user_game(path + ":Countdown", {})


BAD_GAMES = str(Path(__file__).resolve().parents[1] / "faults" / "games" / "bad_games.py")


@pytest.mark.parametrize(("name", "says"), [
    ("ActionsRaise", "ActionsRaise.actions() at position (0,) raised KeyError"),
    ("UtilityNaN", "UtilityNaN.utility() at position (0, 0) returned nan"),
    ("UtilityStr", "UtilityStr.utility() at position (0, 0) returned 'win'"),
    ("UtilityNone", "UtilityNone.utility() at position (0, 0) returned None"),
    ("ExitsZero", "ExitsZero.actions() at position (0,) called sys.exit(0)"),
])
def test_a_misbehaving_game_is_named_with_its_method_and_position(name: str,
                                                                  says: str) -> None:
    game = load_user_game(f"{BAD_GAMES}:{name}", {})
    with pytest.raises(InputError) as info:
        minimax(game, game.initial_state())
    assert info.value.file == BAD_GAMES and says in info.value.message


def test_a_good_game_is_unchanged_under_the_guard() -> None:
    game = load_user_game(f"{BAD_GAMES}:Base", {})
    assert minimax(game, game.initial_state()).value == 0
    assert game.name == "base" and game.capabilities.chance is False


PROTOCOL_GAMES = str(Path(__file__).resolve().parents[1] / "faults" / "games"
                     / "protocol_games.py")


@pytest.mark.parametrize(("name", "says"), [
    ("ActionsNone", "ActionsNone.actions() at position () returned None: expected a list"),
    ("ActionsNotIterable", "actions() at position () returned 5: expected a list of moves"),
    ("ActionsEndless", "actions() at position () returned more than 10,000 moves"),
    ("ActionsTooMany", "actions() at position () returned 1,000,000 moves: at most 10,000"),
    ("MoveNameInt", "MoveNameInt.move_name() at position () returned 0: expected a string"),
    ("DescribeNone", "DescribeNone.describe() at position () returned None: expected a str"),
    ("MoveNameLong", "MoveNameLong.move_name() at position () returned a string of 1,000,000 "
                     "characters: at most 1,000"),
    ("UtilityHuge", "utility() at position (0, 0) returned <an int of 16,610 bits>: expected "
                    "a number of at most 300 digits"),
    ("UtilityNaN", "UtilityNaN.utility() at position (0, 0) returned nan"),
    ("UtilityText", "UtilityText.utility() at position (0, 0) returned '1': expected a number"),
    ("ToMoveText", "ToMoveText.to_move() at position (0,) returned 'MIN': expected "
                   "tracer.games.base.Player"),
    ("ResultRaises", "ResultRaises.result() at position () raised ValueError: illegal move 0"),
    ("TerminalNone", "TerminalNone.is_terminal() at position () returned None: expected True "
                     "or False"),
    ("TerminalInt", "TerminalInt.is_terminal() at position () returned 0: expected True"),
    ("RecursesForever", "RecursesForever.result() at position () raised RecursionError"),
    ("CallsOsExit", "CallsOsExit.utility() at position (0, 0) called os._exit(0): a game must "
                    "return"),
    ("CallsSysExit", "CallsSysExit.utility() at position (0, 0) called sys.exit('done')"),
])
def test_the_protocol_is_checked_at_the_boundary(name: str, says: str) -> None:
    game = load_user_game(f"{PROTOCOL_GAMES}:{name}", {})
    with pytest.raises(InputError) as info:
        alpha_beta(game, game.initial_state(), recorder=MemoryRecorder())
    assert info.value.file == PROTOCOL_GAMES
    assert says in info.value.message, info.value.message


def test_a_good_game_passes_the_checks_with_its_own_values() -> None:
    game = load_user_game(f"{PROTOCOL_GAMES}:Base", {})
    rec = MemoryRecorder()
    assert alpha_beta(game, game.initial_state(), recorder=rec).value == 0
    assert game.actions(()) == [0, 1] and game.is_terminal((0, 1)) is True
    validate(rec.trace.to_json(), "trace", file="base")


def test_a_generator_of_moves_is_searched_as_a_list(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("return [1] if state[0] else []",
                                        "return (m for m in [1] if state[0])"))
    plain = write(tmp_path, GOOD, "plain.py")
    for n in ("3", "4"):
        rec, again = MemoryRecorder(), MemoryRecorder()
        minimax(load_user_game(path + ":Countdown", {"n": n}), recorder=rec)
        minimax(load_user_game(plain + ":Countdown", {"n": n}), recorder=again)
        assert rec.trace.events == again.trace.events


def test_numbers_of_other_kinds_pass(tmp_path: Path) -> None:
    from decimal import Decimal
    from fractions import Fraction

    path = write(tmp_path, GOOD.replace("return -state[1].sign",
                                        "return float('inf') * -state[1].sign"))
    assert minimax(load_user_game(path + ":Countdown", {"n": "3"})).value == float("inf")
    game = load_user_game(path + ":Countdown", {})
    utility = game._number("utility", lambda state: state)
    assert utility(Fraction(1, 2)) == 0.5 and type(utility(Fraction(1, 2))) is float
    assert utility(Fraction(4, 2)) == 2.0
    with pytest.raises(InputError, match=r"returned Decimal\('1'\): expected a number"):
        utility(Decimal(1))
    with pytest.raises(InputError, match="returned nan: expected a number"):
        utility(type("Wide", (float,), {})("nan"))  # a float subclass, as numpy's float64
    with pytest.raises(InputError, match="returned True: expected a number"):
        utility(True)
    is_terminal = game._bool("is_terminal", lambda state: state)
    numpy_like = type("bool_", (), {"__bool__": lambda self: True})()  # numpy.bool_'s name
    assert is_terminal(numpy_like) is True


def test_importing_a_game_writes_no_bytecode_beside_it(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setattr(sys, "dont_write_bytecode", False)  # as without PYTHONDONTWRITE...
    write(tmp_path, "VALUE = 3\n", "helper_mod_for_bytecode.py")
    path = write(tmp_path, f"import sys\nsys.path.insert(0, {str(tmp_path)!r})\n"
                           "import helper_mod_for_bytecode\n" + GOOD)
    before = sorted(p.name for p in tmp_path.iterdir())
    assert minimax(load_user_game(path + ":Countdown", {})).value == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert sys.dont_write_bytecode is False  # given back as it was
    sys.path.remove(str(tmp_path))
    sys.modules.pop("helper_mod_for_bytecode", None)
