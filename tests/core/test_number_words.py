"""One message for every number: the tree text notation, the graph files of A* and the
games' ``-p`` parameters refuse a number in the words of :mod:`tracer.reading_numbers`
(after the place's own line, column or name), not in words of their own.

tests/core/test_number_entry_points.py checks that every place gives the same verdict;
this checks that the refusal says the reader's sentence, so that ``1_0`` is explained
once, the same way, wherever it is written (docs/errors.md, "How numbers are read")."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tracer.errors import InputError, UsageError
from tracer.games.params import ParamSpec
from tracer.problems.graph_forms import parse_graph_text
from tracer.reading_numbers import BadNumber, fraction_number, real_number, whole_number
from tracer.trees.text_form import parse_tree_text

NASTY = ["0", "1", "7", "9", "+", "-", ".", "e", "E", "_", "\u0663", "\u00b3", "\uff11", "x"]

tokens = st.one_of(
    st.text(st.sampled_from(NASTY), min_size=1, max_size=8),
    st.from_regex(r"\A[+-]?[0-9]{1,3}(\.[0-9]{0,3})?([eE][+-]?[0-9]{1,3})?\Z"),
    st.sampled_from(["1_0", "3e", "1e400", "+infinity", "1." + "0" * 400, "9" * 301]),
)
"""One token of the text notations: no white space, no brackets, no ``,`` or ``:``."""


def _refusal(read: Callable[[str], object], text: str) -> str | None:
    try:
        read(text)
    except BadNumber as exc:
        return str(exc.said)
    return None


@settings(max_examples=200, deadline=None)
@given(tokens)
def test_a_tree_leaf_is_refused_in_the_readers_words(token: str) -> None:
    if token[:1] not in "+-.0123456789":
        return  # a label, not a number
    words = _refusal(real_number, token)
    try:
        leaf = parse_tree_text(f"A({token} 1)").root.children[0].value
    except InputError as exc:
        assert words is not None, token
        assert str(exc) == f"<tree>: line 1, column 3: {words}", token
    else:
        assert words is None and leaf == real_number(token), token


@settings(max_examples=200, deadline=None)
@given(tokens)
def test_a_graph_cost_is_refused_in_the_readers_words(token: str) -> None:
    words = _refusal(real_number, token)
    try:
        parse_graph_text(f"start S\ngoal G\nS -- G {token}\n", file="m.graph")
    except InputError as exc:
        if words is None:  # read, then refused by the graph's own rule: more than 0
            assert "expected a cost greater than 0" in str(exc), token
        else:
            assert str(exc) == f"m.graph: line 3: a cost: {words}", token
    else:
        assert words is None, token


@settings(max_examples=200, deadline=None)
@given(tokens)
def test_a_game_parameter_is_refused_in_the_readers_words(token: str) -> None:
    place = "parameter 'n' of g: "
    for kind, read in (("int", whole_number), ("number", real_number)):
        words = _refusal(read, token)
        try:
            ParamSpec("n", kind, "1", "").parse(token, "g")
        except UsageError as exc:
            if words is None:  # read, then past the parameter's own range
                assert str(exc).startswith(place + "expected a number in "), (kind, token)
            else:
                assert str(exc) == place + words, (kind, token)
        else:
            assert words is None, (kind, token)


@pytest.mark.parametrize("text, words", [
    ("1_0", "expected a whole number written with the digits 0-9, got '1_0'"),
    ("2,x", "expected a whole number written with the digits 0-9, got 'x'"),
    ("", "expected a whole number written with the digits 0-9, got ''"),
    ("201", "expected a number in 0..200, got 201"),
])
def test_each_of_a_list_of_numbers_is_read_one_way(text: str, words: str) -> None:
    with pytest.raises(UsageError) as caught:
        ParamSpec("piles", "ints", "3,4", "", minimum=0, maximum=200).parse(text, "nim")
    assert str(caught.value) == f"parameter 'piles' of nim: {words}"


@pytest.mark.parametrize("token", ["1/0", "1/2/3", "1/x", "1/\u0663", "1_0/3"])
def test_a_trees_fraction_is_refused_in_the_readers_words(token: str) -> None:
    words = _refusal(fraction_number, token)
    assert words is not None
    with pytest.raises(InputError) as caught:
        parse_tree_text(f"A[chance]([p={token}]1 [p=1]2)")
    assert str(caught.value).endswith(f"column 14: {words}")


def test_the_digit_limit_holds_for_a_decimal_in_a_tree_and_a_graph() -> None:
    """300 digits in all, wherever a number is written: a 401-digit decimal is no
    number in a tree or a graph, as in an answer file."""
    long = "1." + "0" * 400
    with pytest.raises(InputError, match="a number with 401 digits"):
        parse_tree_text(f"A({long} 1)")
    with pytest.raises(InputError, match="a cost: a number with 401 digits"):
        parse_graph_text(f"start S\ngoal G\nS -- G {long}\n", file="m.graph")
