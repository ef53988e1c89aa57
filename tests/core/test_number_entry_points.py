"""The same text gets the same verdict at every place a number is read: each entry
point accepts exactly what :mod:`tracer.reading_numbers` accepts, with the same value
(within the entry point's own range), and refuses the rest with one error of its kind.

The entry points are listed once (:data:`WHOLE_PLACES`, :data:`REAL_PLACES`); every click
option of every command is checked to read through the reader's types, so an option
added later is covered as it is added."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click
import pytest
from helpers import examples
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tracer.analysis.check.solution import Value
from tracer.cli import main
from tracer.cli.number_types import REAL, WHOLE, RealRange, WholeRange
from tracer.compress import max_inflated
from tracer.errors import InputError, UsageError
from tracer.families import Techniques
from tracer.games.params import ParamSpec
from tracer.problems.puzzle8 import _count as scramble_count
from tracer.ranges import max_render_events, parse_range
from tracer.reading_numbers import BadNumber, real_number, whole_number
from tracer.search.condition import _number as condition_number
from tracer.service.models.problem_details import Problem
from tracer.service.web import int_param
from tracer.trees.text_form import parse_tree_text

REFUSED = (UsageError, InputError, Problem, click.BadParameter)
"""What a refusal may be: the error of the place's own kind, never a ValueError of
Python's int() or an internal error."""

NASTY = ["0", "1", "7", "9", "+", "-", ".", "e", "E", "_", " ", "\t", "\u0663", "\u00b3",
         "\uff11", "\u0967", "\u00a0", "x", ","]

number_texts = st.one_of(
    st.text(st.sampled_from(NASTY), max_size=8),
    st.integers(-300, 300).map(str),
    st.floats(allow_nan=False, allow_infinity=False, min_value=-300, max_value=300).map(repr),
    st.from_regex(r"\A[+-]?[0-9]{1,3}(\.[0-9]{0,3})?([eE][+-]?[0-9])?\Z"),
)


@contextmanager
def env(name: str, value: str) -> Iterator[None]:
    old = os.environ.get(name)
    os.environ[name] = value
    try:
        yield
    finally:
        if old is None:
            del os.environ[name]
        else:
            os.environ[name] = old


def _events(text: str) -> int:
    with env("GAMETRACE_MAX_EVENTS", text):
        return max_render_events()


def _inflated(text: str) -> int:
    with env("GAMETRACE_MAX_INFLATED", text):
        return max_inflated()


def _click(kind: click.ParamType[Any, Any]) -> Callable[[str], Any]:
    return lambda text: kind.convert(text, None, None)


WHOLE_PLACES: dict[str, Callable[[str], int]] = {
    "click option (whole)": _click(WHOLE),
    "click option (range)": _click(WholeRange(min=1, max=10_000)),
    "GAMETRACE_MAX_EVENTS": _events,
    "GAMETRACE_MAX_INFLATED": _inflated,
    "query string": lambda text: int_param(text, "limit", 0, 1, 10_000),
    "-p int parameter": lambda text: ParamSpec("n", "int", "1", "").parse(text, "game"),
    "--cuts range": lambda text: (parse_range(text, "--cuts") or (-1, -1))[0],
    "puzzle8 scramble": lambda text: scramble_count(text, "scramble"),
}
"""Every place that reads a whole number, each taking at least 1..300."""


def _aspiration(text: str) -> float:
    width = Techniques.parse(f"id,aspiration:{text}").aspiration
    assert width is not None
    return width


REAL_PLACES: dict[str, Callable[[str], float]] = {
    "click option (real)": _click(REAL),
    "click option (range)": _click(RealRange(min=0, min_open=True)),
    "-p number parameter": lambda text: ParamSpec("w", "number", "1", "").parse(text, "game"),
    "aspiration width": _aspiration,
}
"""Every place that reads any positive real number."""


def _verdict(read: Callable[[str], Any], text: str) -> Any:
    """The value ``read`` gives, or ``REFUSED`` when it refuses as a place must."""
    try:
        return read(text)
    except REFUSED:
        return REFUSED
    except BadNumber:
        return REFUSED


@settings(max_examples=examples(300), deadline=None)
@given(number_texts)
def test_every_whole_number_place_agrees(text: str) -> None:
    try:
        expected: Any = whole_number(text)
    except BadNumber:
        expected = REFUSED
    if expected is not REFUSED and not 1 <= expected <= 300:
        return  # the places' ranges differ outside 1..300
    assume(text.strip(" \t"))  # an empty variable is one not set
    assume(".." not in text)  # --cuts MIN..MAX: its one-number form is compared
    got = {place: _verdict(read, text) for place, read in WHOLE_PLACES.items()}
    assert got == dict.fromkeys(WHOLE_PLACES, expected), text


@settings(max_examples=examples(300), deadline=None)
@given(number_texts)
def test_every_real_number_place_agrees(text: str) -> None:
    try:
        expected: Any = real_number(text)
    except BadNumber:
        expected = REFUSED
    if expected is not REFUSED and not 0 < expected <= 300:
        return
    assume("," not in text)  # it ends an item of --technique's list
    got = {place: _verdict(read, text) for place, read in REAL_PLACES.items()}
    assert got == dict.fromkeys(REAL_PLACES, expected), text


@settings(max_examples=examples(300), deadline=None)
@given(number_texts)
def test_files_and_conditions_read_no_other_numbers(text: str) -> None:
    """An answer's value, a tree's leaf and a capture condition take a narrower or the
    same grammar: never a number the reader refuses, never another value."""
    try:
        expected: Any = real_number(text, infinite=True)
    except BadNumber:
        expected = REFUSED
    try:
        answer: Any = Value.parse(text).number
    except InputError:
        answer = REFUSED
    assert answer is REFUSED or answer == expected, text
    condition = condition_number(text)
    assert (condition is None) if expected is REFUSED else condition == expected, text
    # a tree's text splits at any white space and at its brackets: one token is compared
    if text.strip() and not set(text) & set(",()[]") and not any(c.isspace() for c in text):
        try:
            leaf: Any = parse_tree_text(f"A({text} 1)").root.children[0].value
        except InputError:
            leaf = REFUSED
        assert leaf is REFUSED or leaf == expected, text
        if expected is REFUSED:
            assert leaf is REFUSED, text


def _number_options() -> Iterator[tuple[str, click.Parameter]]:
    def walk(command: click.Command, path: str) -> Iterator[tuple[str, click.Parameter]]:
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                yield from walk(sub, f"{path} {name}")
        for param in command.params:
            yield path, param

    yield from walk(main, "gametrace")


def test_every_number_option_reads_through_the_reader() -> None:
    """click's own ``int``, ``float``, ``IntRange`` and ``FloatRange`` read ``1_0`` and
    ``٣``: no option of any command may use them."""
    plain = [f"{path} {param.name}" for path, param in _number_options()
             if isinstance(param.type, (click.types.IntParamType, click.types.FloatParamType))
             and not isinstance(param.type, (WholeRange, RealRange, type(WHOLE), type(REAL)))]
    assert plain == []
    checked = [p for _, p in _number_options()
               if isinstance(p.type, (click.types.IntParamType, click.types.FloatParamType))]
    assert len(checked) > 30


@pytest.mark.parametrize("text", ["1_0", "\u0663", "\uff11", "\u00b3", "9" * 301])
def test_every_number_option_refuses(text: str) -> None:
    for _, param in _number_options():
        if isinstance(param.type, (click.types.IntParamType, click.types.FloatParamType)):
            with pytest.raises(click.BadParameter):
                param.type.convert(text, param, None)
