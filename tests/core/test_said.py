"""The library's sentences: English by ``str()``, worded from each language's catalog,
numbers in the language's custom, and unharmed by pickling (a worker's answer)."""

from __future__ import annotations

import pickle

import pytest

from tracer.errors import InputError, LimitExceeded, MissingInput, UsageError
from tracer.said import Said, catalog, plurals, said, said_n


def test_str_is_the_english_sentence() -> None:
    line = said("unknown {what} {value!r} (choose from: {allowed})",
                what=said("algorithm"), value="alphabta", allowed="alphabeta, minimax")
    assert str(line) == "unknown algorithm 'alphabta' (choose from: alphabeta, minimax)"


def test_italian_words_the_template_and_the_phrases_inside_it() -> None:
    line = said("unknown {what} {value!r} (choose from: {allowed})",
                what=said("algorithm"), value="alphabta", allowed="alphabeta, minimax")
    worded = line.worded("it")
    assert "'alphabta'" in worded and "alphabeta, minimax" in worded  # quoted as they came
    assert "algoritmo" in worded and "choose from" not in worded
    assert line.known_in("it")


def test_a_template_no_catalog_knows_is_said_in_english() -> None:
    line = said("a sentence nobody wrote down {n}", n=3)
    assert line.worded("it") == "a sentence nobody wrote down 3"
    assert not line.known_in("it")
    assert not said("unknown {what} {value!r} (choose from: {allowed})",
                    what=said("a word nobody wrote down"), value="x", allowed="y"
                    ).known_in("it")
    assert line.worded("xx") == str(line) and catalog("xx") == {}


@pytest.mark.parametrize(("value", "spec", "english", "italian"), [
    (12345, ":,", "12,345", "12.345"),
    (0.5, "", "0.5", "0,5"),
    (1234.5, ":,.1f", "1,234.5", "1.234,5"),
    (7, "", "7", "7"),
])
def test_numbers_follow_the_languages_custom(value: float, spec: str, english: str,
                                             italian: str) -> None:
    line = Said("{n" + spec + "}", (("n", value),))
    assert str(line) == english
    assert line.worded("it") == italian


def test_words_quoted_from_the_input_keep_their_separators() -> None:
    line = Said("{n}", (("n", "1,5.2"),))
    assert line.worded("it") == "1,5.2"


def test_a_value_of_the_wrong_kind_never_raises_while_saying_an_error() -> None:
    line = Said("{n:,} nodes", (("n", "many"),))
    assert "many" in str(line) and "many" in line.worded("it")


def test_errors_keep_their_sentence_and_place_across_a_pickle() -> None:
    error = InputError(said("unknown {what} {value!r} (choose from: {allowed})",
                            what=said("algorithm"), value="x", allowed="minimax"),
                       file="tree.json", where="$.children[1]")
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is InputError
    assert (again.file, again.where, str(again)) == (error.file, error.where, str(error))
    assert again.said == error.said and again.message == str(error.said)
    for kind in (UsageError, LimitExceeded, MissingInput):
        other = pickle.loads(pickle.dumps(kind(said("algorithm"))))
        assert type(other) is kind and other.said == said("algorithm")


def test_an_errors_str_is_the_one_line_the_cli_prints() -> None:
    error = InputError(said("algorithm"), file="f.json", where="$.a")
    assert str(error) == "f.json: $.a: algorithm" and error.args == (str(error),)
    assert str(UsageError(said("algorithm"))) == "algorithm"


VARIANTS = ("{n} variant of the assignment {title}, made by gametrace ({conventions}). "
            "Add a random question from this category to a quiz: every student gets one "
            "variant.",
            "{n} variants of the assignment {title}, made by gametrace ({conventions}). "
            "Add a random question from this category to a quiz: every student gets one "
            "variant.")
"""The question bank's category note (tracer/classroom/exports/moodle.py), a count."""


@pytest.mark.parametrize(("n", "english", "italian"), [
    (1, "1 variant of the assignment", "1 variante del compito"),
    (2, "2 variants of the assignment", "2 varianti del compito"),
    (0, "0 variants of the assignment", "0 varianti del compito"),
    (1_000_000, "1000000 variants", "1000000 varianti"),  # gettext's rule: no third form
])
def test_a_count_picks_its_form_in_each_language(n: int, english: str, italian: str) -> None:
    line = said_n(*VARIANTS, n, title="A", conventions="c")
    assert str(line).startswith(english) and line.worded("it").startswith(italian)
    assert line.known_in("it") and len(plurals("it")[VARIANTS[0]]) == 2
    assert pickle.loads(pickle.dumps(line)) == line


def test_a_count_no_catalog_knows_is_said_in_english_in_its_form() -> None:
    one, many = said_n("{n} apple", "{n} apples", 1), said_n("{n} apple", "{n} apples", 3)
    assert (one.worded("it"), many.worded("it")) == ("1 apple", "3 apples")
    assert not many.known_in("it") and "{n} apple" not in catalog("it")
    assert said_n("{n:,} node", "{n:,} nodes", 12345).worded("it") == "12.345 nodes"
    with pytest.raises(TypeError):
        said_n("{n} apple", "{n} apples", 1, n=2)
