"""Every number a person writes is read one way: the digits 0-9 only, no underscores, at
most 300 digits, finite, whole where a whole number is asked (docs/errors.md, "How
numbers are read").  Each test below is a place that read a number another way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import gametrace

from tracer.analysis.check.solution import Value, load_solution
from tracer.errors import InputError, UsageError
from tracer.numbers import format_number
from tracer.ranges import max_render_events, parse_range
from tracer.reading_numbers import BadNumber, fraction_number, real_number, whole_number

ARABIC_3 = "\u0663"
SUPERSCRIPT_3 = "\u00b3"
FULLWIDTH_12 = "\uff11\uff12"
WHOLE_WORDS = "expected a whole number written with the digits 0-9, got"


# ------------------------------------------------------------------ the reader itself

@pytest.mark.parametrize("text, value", [("3", 3), ("+3", 3), ("-3", -3), (" 12\t", 12),
                                         ("007", 7), ("9" * 300, int("9" * 300))], ids=repr)
def test_whole_numbers_read(text: str, value: int) -> None:
    assert whole_number(text) == value


@pytest.mark.parametrize("text", [ARABIC_3, SUPERSCRIPT_3, FULLWIDTH_12, "1_0", "1.5",
                                  "1280.5", "1e3", "", " ", "+", "--3", "0x10", "3\u00a0",
                                  "9" * 301, "9" * 5000], ids=repr)
def test_whole_numbers_refused(text: str) -> None:
    with pytest.raises(BadNumber):
        whole_number(text)


@pytest.mark.parametrize("text, value", [("3", 3), ("-2.5", -2.5), (".5", 0.5), ("1e6", 1e6),
                                         ("3.", 3.0), ("1e308", 1e308), ("1e-400", 0.0)])
def test_real_numbers_read(text: str, value: float) -> None:
    assert real_number(text) == value


@pytest.mark.parametrize("text", ["1e400", "-1e999", "nan", "inf", "Infinity", "1_000.5",
                                  ARABIC_3 + ".5", "\uff11.5", "9" * 400 + ".5", "1e", "."])
def test_real_numbers_refused(text: str) -> None:
    with pytest.raises(BadNumber):
        real_number(text)


def test_infinity_only_where_a_place_takes_it() -> None:
    assert real_number("+inf", infinite=True) == float("inf")
    assert real_number("-inf", infinite=True) == float("-inf")


def test_a_fraction_of_too_many_digits_says_so() -> None:
    assert fraction_number("1/3") == pytest.approx(1 / 3)
    with pytest.raises(BadNumber, match="401 digits"):
        fraction_number("1/" + "3" * 401)
    with pytest.raises(BadNumber):
        fraction_number("1/" + ARABIC_3)


def test_bounds() -> None:
    assert whole_number("5", low=1, high=5) == 5
    with pytest.raises(BadNumber, match=r"1\.\.5, got 6"):
        whole_number("6", low=1, high=5)
    with pytest.raises(BadNumber, match="above 0"):
        real_number("0", low=0, low_open=True)


# ------------------------------------------------------------------ each entry point

@pytest.mark.parametrize("text", [ARABIC_3, SUPERSCRIPT_3, FULLWIDTH_12, "1_0"])
def test_the_events_variable(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMETRACE_MAX_EVENTS", text)
    with pytest.raises(UsageError, match="GAMETRACE_MAX_EVENTS"):
        max_render_events()


@pytest.mark.parametrize("text", ["1_0", ARABIC_3, FULLWIDTH_12])
def test_a_game_parameter(text: str) -> None:
    code, _, err = gametrace("run", "nim", "-p", f"piles={text},2", "-q")
    assert code == 2 and f"parameter 'piles' of nim: {WHOLE_WORDS}" in err


@pytest.mark.parametrize("option", ["--depth", "--max-nodes", "--seed"])
@pytest.mark.parametrize("text", ["1_0", ARABIC_3, FULLWIDTH_12])
def test_a_whole_number_option(option: str, text: str) -> None:
    code, _, err = gametrace("run", "aima", option, text, "-q")
    assert code == 2 and "digits 0-9" in err


@pytest.mark.parametrize("text", ["1_0", ARABIC_3 + ".5"])
def test_a_real_number_option(text: str) -> None:
    code, _, err = gametrace("run", "aima", "--time-limit", text, "-q")
    assert code == 2 and "digits 0-9" in err


def test_a_range(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(UsageError, match="digits 0-9"):
        parse_range("1_0..12", "--cuts")
    with pytest.raises(UsageError, match="digits 0-9"):
        parse_range(ARABIC_3, "--cuts")


def test_a_pixel_size_is_whole(tmp_path: Path) -> None:
    from tracer.render.model.canvas import parse_size

    with pytest.raises(UsageError, match=r"1280\.5"):
        parse_size("1280.5x720")
    with pytest.raises(UsageError):
        parse_size(FULLWIDTH_12 + "00x720")
    assert parse_size("210.5x297mm").width == 210.5


@pytest.mark.parametrize("text", ["random:" + ARABIC_3, "random:1_0"])
def test_random_orderings(text: str) -> None:
    code, _, err = gametrace("compare", "aima", "--orders", text)
    assert code == 2 and "random:N" in err


def test_an_aspiration_width() -> None:
    code, _, err = gametrace("run", "aima", "-a", "enhanced", "--technique",
                             f"id,aspiration:{ARABIC_3}", "-q")
    assert code == 2 and "aspiration" in err


def test_jugs_and_puzzle8_parameters() -> None:
    code, _, err = gametrace("astar", "jugs", "-p", f"capacities={ARABIC_3},5", "-q")
    assert code == 2, err
    code, _, err = gametrace("astar", "puzzle8", "-p", f"scramble={ARABIC_3}", "-q")
    assert code == 2, err


# ------------------------------------------------------------------ files

@pytest.mark.parametrize("value", ["9" * 5000, "<=" + "9" * 5000, "9" * 400, ">=" + "9" * 301],
                         ids=["5000", "le-5000", "400", "ge-301"])
def test_an_answer_file_keeps_the_digit_limit(value: str, tmp_path: Path) -> None:
    path = tmp_path / "answer.json"
    path.write_text(json.dumps({"value": value, "move": "B"}), encoding="utf-8")
    with pytest.raises(InputError, match="digits"):
        load_solution(path)


def test_an_answer_is_never_read_as_infinite() -> None:
    with pytest.raises(InputError, match="401 digits"):  # was read as +inf
        Value.parse("9" * 400 + ".5")
    with pytest.raises(InputError):
        Value.parse("<=" + ARABIC_3)


def test_an_answer_file_through_check(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text(json.dumps({"value": "9" * 5000}), encoding="utf-8")
    code, _, err = gametrace("check", "aima", str(tmp_path / "a.json"))
    assert code == 1 and "5000 digits" in err and "internal error" not in err


def test_a_fraction_in_a_tree(tmp_path: Path) -> None:
    tree = tmp_path / "t.txt"
    tree.write_text(f"A[chance](B[p=1/{'3' * 401}](1) C(2))", encoding="utf-8")
    code, _, err = gametrace("validate", str(tree))
    assert code == 1 and "401 digits" in err


def test_large_floats_are_shown_as_floats() -> None:
    assert format_number(1e308) == "1e+308"
    assert format_number(3.0) == "3"
    assert format_number(2.0 ** 60) == "1.152921504606847e+18"


def test_a_large_float_leaf_is_shown_as_a_float(tmp_path: Path) -> None:
    (tmp_path / "big.txt").write_text("A(1e308 2)", encoding="utf-8")
    (tmp_path / "a.json").write_text('{"value": 3}', encoding="utf-8")
    code, out, _ = gametrace("check", str(tmp_path / "big.txt"), str(tmp_path / "a.json"))
    assert code == 1 and "expected 1e+308" in out and "0" * 30 not in out
