"""The boundary with user code, engines and the user's own words, from the real CLI
(tests/faults/harness.py): every string a game returns is text that encodes as UTF-8,
every number finite or an infinity (never a NaN however it compares), move names unique
at a position and free of the ``/`` that joins node ids; and the errors that pointed the
wrong way (an option the command does not have, an internal temporary file, a folder
called "no such file", a name refused as not "letters" though it is one).

``boundary_cases`` is the generator: one case per method that returns text times each
kind of bad text, and per method that returns a number times each kind of bad number,
each written as a game file of its own; FAULTS_SEED picks other surrogates.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from harness import Case, problems, run_cases

HERE = Path(__file__).parent
GAMES = (HERE / "games" / "boundary_games.py").read_bytes()

TEXT_METHODS = ("move_name", "describe")
NUMBER_METHODS = ("utility", "evaluate")


def _bad_texts(rng: random.Random) -> dict[str, str]:
    """Each kind of text that is no Unicode string a file can hold, as Python source."""
    high = rng.randrange(0xD800, 0xDC00)
    low = rng.randrange(0xDC00, 0xE000)
    return {"high-surrogate": f"'m\\u{high:04x}' + str(len(state))",
            "low-surrogate": f"'\\u{low:04x}m' + str(len(state))",
            "reversed-pair": f"'\\u{low:04x}\\u{high:04x}' + str(len(state))"}


BAD_NUMBERS = {"lying-nan": "LyingFloat('nan')",
               "lying-negative-nan": "LyingFloat('-nan')",
               "lying-nan-in-a-subclass": "type('F', (LyingFloat,), {})('nan')"}


def boundary_cases(seed: int | None = None) -> list[Case]:
    """A game per (method, bad value): exit 1, one line naming the method."""
    rng = random.Random(seed if seed is not None else os.environ.get("FAULTS_SEED", "0"))
    cases = []
    for method in TEXT_METHODS:
        for kind, value in _bad_texts(rng).items():
            args = "state, action" if method == "move_name" else "state"
            source = (GAMES + f"\n\nclass Spoilt(Base):\n    def {method}(self, {args}):\n"
                      f"        return {value}\n".encode())
            cases.append(Case(f"text-{method}-{kind}", ["run", "g.py:Spoilt", "-o", "t.json"],
                              {"g.py": source}, codes=(1,), contains=f"Spoilt.{method}()",
                              category="boundary text"))
    for method in NUMBER_METHODS:
        for kind, value in BAD_NUMBERS.items():
            extra = ["--depth", "1"] if method == "evaluate" else []
            source = (GAMES + f"\n\nclass Spoilt(Base):\n    def {method}(self, state):\n"
                      f"        return {value}\n".encode())
            cases.append(Case(f"number-{method}-{kind}",
                              ["run", "g.py:Spoilt", "-o", "t.json", *extra],
                              {"g.py": source}, codes=(1,), contains="NaN",
                              category="boundary numbers"))
    return cases


def _check(cases: list[Case], tmp_path: Path) -> None:
    outcomes = run_cases(cases, tmp_path)
    bad = [f"{c.name}: {'; '.join(found)}\n    stderr: {o.stderr.strip()[:300]!r}"
           for c, o in zip(cases, outcomes, strict=True) if (found := problems(c, o))]
    assert not bad, "\n" + "\n".join(bad)


def test_generated_bad_text_and_numbers_from_a_game(tmp_path: Path) -> None:
    _check(boundary_cases(), tmp_path)


def _game(name: str, *args: str, contains: str, codes: tuple[int, ...] = (1,)) -> Case:
    return Case(f"game-{name}", ["run", f"g.py:{name}", *args], {"g.py": GAMES},
                codes=codes, contains=contains, category="boundary games")


def test_a_game_breaking_the_documented_invariants_is_named(tmp_path: Path) -> None:
    _check([
        _game("SurrogateMove", "-o", "t.json",
              contains="SurrogateMove.move_name() at position () returned 'm0\\ud800': "
                       "expected text without lone surrogates"),
        _game("SurrogateLabel", "-o", "t.json", contains="SurrogateLabel.describe()"),
        _game("LyingNaN", "-o", "t.json", contains="LyingNaN.utility() at position (0, 0) "
                                                   "returned nan: expected a number"),
        _game("LyingNaNEvaluation", "--depth", "1", contains="LyingNaNEvaluation.evaluate()"),
        _game("SameMoveNames", "-o", "t.json",
              contains="SameMoveNames.move_name() at position () returned 'same' for 1 and "
                       "for 0: move names must be unique at a position"),
        _game("SlashMoveNames", contains="SlashMoveNames.move_name() at position () "
                                         "returned 'a/1': a move name may not hold '/'"),
    ], tmp_path)


def test_an_infinite_utility_from_a_float_subclass_is_still_a_won_game(tmp_path: Path) -> None:
    [outcome] = run_cases([_game("SubclassInfinity", "-o", "t.json", contains="",
                                 codes=(0,))], tmp_path)
    assert outcome.code == 0, outcome.stderr


def _deep_tree(plies: int) -> bytes:
    return ("A" + "(" * plies + "1" + ")" * plies).encode()


def test_errors_point_the_way_the_command_can_go(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    answer = b'{"value": 1}'
    cases = [
        # check has no --max-ply: its advice names only what it has
        Case("check-too-deep", ["check", "deep.tree", "a.json"],
             {"deep.tree": _deep_tree(3_000), "a.json": answer}, codes=(1,),
             contains="limit the search with --depth", category="wrong way"),
        # a folder is a folder, not "no such file"
        *[Case(f"{command}-folder", [command, "d"], {"d/keep": b"x"}, codes=(2,),
               contains="d: cannot read file: is a folder, not a file", category="wrong way")
          for command in ("stats", "browse", "index", "regret")],
        # the name says which letters it takes
        Case("export-name-accent", ["export", "moodle", "-b", "2", "-d", "2", "--name", "è",
                                    "-o", "b.xml"], codes=(2,),
             contains="ASCII letters", category="wrong way"),
    ]
    outcomes = run_cases(cases, tmp_path / "a")
    bad = [f"{c.name}: {'; '.join(found)}\n    stderr: {o.stderr.strip()[:300]!r}"
           for c, o in zip(cases, outcomes, strict=True) if (found := problems(c, o))]
    assert not bad, "\n" + "\n".join(bad)
    assert "--max-ply" not in outcomes[0].stderr
    # a drawing made from a scratch copy of the trace names what was searched
    monkeypatch.setenv("GAMETRACE_MAX_EVENTS", "10")
    [drawn] = run_cases([Case("render-scratch", ["run", "t.tree", "--render", "x.svg"],
                              {"t.tree": b"A(B(1 2) C(3 4))"}, codes=(1,),
                              contains="the search of t.tree: more than 10 events to draw",
                              category="wrong way")], tmp_path / "b")
    assert "gametrace-" not in drawn.stderr and "trace.jsonl" not in drawn.stderr, drawn.stderr
    assert drawn.code == 1 and "the search of t.tree" in drawn.stderr, drawn.stderr


def test_the_run_command_still_offers_max_ply_for_a_tree_too_deep(tmp_path: Path) -> None:
    [outcome] = run_cases([Case("run-too-deep", ["run", "deep.tree", "--max-ply", "500"],
                                {"deep.tree": _deep_tree(3_000)}, codes=(1,),
                                contains="--max-ply", category="wrong way")], tmp_path)
    assert not problems(Case("x", [], codes=(1,)), outcome), outcome.stderr
