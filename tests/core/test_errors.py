"""tracer.errors: one base class; each error is also the built-in a caller would catch;
an input error is one line naming the file and the place."""

from __future__ import annotations

import pytest

from tracer.errors import (
    GraphvizMissing,
    InputError,
    LimitExceeded,
    MissingInput,
    OutputError,
    TracerError,
    UsageError,
)


@pytest.mark.parametrize(("cls", "builtin"), [
    (UsageError, ValueError),
    (InputError, ValueError),
    (MissingInput, ValueError),
    (OutputError, ValueError),
    (LimitExceeded, RuntimeError),
    (GraphvizMissing, OSError),
], ids=lambda x: x.__name__)
def test_each_error_is_a_tracer_error_and_a_builtin(cls: type[Exception],
                                                     builtin: type[Exception]) -> None:
    assert issubclass(cls, TracerError) and issubclass(cls, builtin)


def test_a_missing_input_is_a_usage_error_named_like_an_input_error() -> None:
    e = MissingInput("cannot read file: No such file or directory", file="a.json")
    assert isinstance(e, UsageError) and isinstance(e, InputError)
    assert str(e) == "a.json: cannot read file: No such file or directory"


@pytest.mark.parametrize(("file", "where", "text"), [
    ("t.json", "$.events[2].value", "t.json: $.events[2].value: bad"),
    ("t.json", None, "t.json: bad"),
    (None, "line 3", "line 3: bad"),
    (None, None, "bad"),
])
def test_an_input_error_names_what_it_knows(file: str | None, where: str | None,
                                           text: str) -> None:
    e = InputError("bad", file=file, where=where)
    assert str(e) == text and e.args == (text,)
    assert (e.message, e.file, e.where) == ("bad", file, where)
