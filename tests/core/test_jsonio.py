"""tracer.jsonio: strict JSON in and out, JSON paths, numbers with infinities, atomic writes."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tracer.errors import InputError
from tracer.jsonio import (
    atomic_write_text,
    atomic_writer,
    decode_number,
    dumps_json,
    dumps_json_pretty,
    encode_number,
    json_path,
    load_json_file,
    loads_json,
)


def error_of(call: Callable[[], object]) -> InputError:
    with pytest.raises(InputError) as info:
        call()
    return info.value


def test_json_path() -> None:
    assert json_path([]) == "$"
    assert json_path(["children", 2, "value"]) == "$.children[2].value"
    assert json_path(["tree", 1, 2]) == "$.tree[1][2]"


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("[1, 2", "line 1, column 6", "invalid JSON: cut short: the text ends inside a value"),
        ("[1 2]", "line 1, column 4", "invalid JSON: expecting ',' delimiter"),
        ('{"a": 1,}', "line 1, column 9", "invalid JSON: expecting property name enclosed in"),
        ("[NaN]", None, "NaN is not JSON"),
        ("[-Infinity]", None, "-Infinity is not JSON"),
        ('{"a": 1, "a": 2}', None, 'invalid JSON: duplicate key "a"'),
    ],
    ids=["cut-short", "delimiter", "trailing-comma", "nan", "infinity", "duplicate-key"],
)
def test_loads_json_errors(text: str, where: str | None, message: str) -> None:
    error = error_of(lambda: loads_json(text, file="f.json"))
    assert (error.file, error.where) == ("f.json", where)
    assert message in error.message


def test_load_json_file(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_bytes(b'\xef\xbb\xbf{"caf\xc3\xa9": [1]}')
    assert load_json_file(path) == {"café": [1]}
    path.write_bytes(b"\xff[1]")
    assert "not valid UTF-8" in error_of(lambda: load_json_file(path)).message
    assert error_of(lambda: load_json_file(tmp_path / "no.json")).message.startswith(
        "cannot read file: "
    )


def test_numbers_in_json() -> None:
    assert [encode_number(x) for x in (3, 3.0, math.inf, -math.inf, -0.5)] == [
        3,
        3.0,
        "+inf",
        "-inf",
        -0.5,
    ]
    assert type(encode_number(3.0)) is float
    assert [decode_number(v) for v in (3, 2.5, "+inf", "-inf", "inf")] == [
        3,
        2.5,
        math.inf,
        -math.inf,
        math.inf,
    ]
    for bad in (True, "3", None, math.nan, "Infinity"):
        with pytest.raises(ValueError):
            decode_number(bad)
    for bad_number in (math.nan, True):
        with pytest.raises(ValueError):
            encode_number(bad_number)


def test_dumps_json_is_deterministic_and_strict() -> None:
    assert dumps_json({"b": [1, 2.5], "a": "é"}) == '{"b":[1,2.5],"a":"é"}'
    assert dumps_json_pretty({"a": [1]}) == '{\n  "a": [\n    1\n  ]\n}\n'
    with pytest.raises(ValueError):
        dumps_json([math.inf])


def test_atomic_write(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    atomic_write_text(path, "one\n")
    assert path.read_text(encoding="utf-8") == "one\n"
    path.chmod(0o640)
    with pytest.raises(RuntimeError), atomic_writer(path) as out:
        out.write("half")
        raise RuntimeError("stop")
    assert path.read_text(encoding="utf-8") == "one\n"
    with atomic_writer(path) as out:
        out.write("two\n")
    assert path.read_text(encoding="utf-8") == "two\n"
    assert path.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_too_deep_json_is_an_input_error_not_a_crash() -> None:
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)
    try:
        error = error_of(lambda: loads_json("[" * 5000 + "]" * 5000, file="deep.json"))
    finally:
        sys.setrecursionlimit(old)
    assert error.file == "deep.json" and "nesting is too deep" in error.message
