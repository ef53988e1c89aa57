"""Events written as JSON lines, fast: formatters generated from the event classes.

Writing a trace serialises every event, so each event class gets, on first use, a
function generated from its fields that writes exactly ``dumps_json(event.to_json())``
(``compile_line_writer``, installed as the class's ``to_line``), and searches that
stream to a file can format their hottest events without building them at all
(``line_formatter``).  The tests check every spelling against ``to_json``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, Field, fields
from json.encoder import encode_basestring as _json_str
from typing import Any

from .events import Event
from .jsonio import dumps_json, encode_number

__all__ = ["compile_line_writer", "line_formatter"]

_INF = float("inf")


def _json_num(x: Any) -> str:
    """The JSON text :func:`encode_number` and ``dumps_json`` give a number."""
    kind = x.__class__
    if kind is int:
        return int.__repr__(x)
    if kind is float and x == x:
        if x == _INF:
            return '"+inf"'
        if x == -_INF:
            return '"-inf"'
        return float.__repr__(x)
    return dumps_json(encode_number(x))


def _spelling(cls: type[Event], f: Field[Any], v: str) -> str:
    """Python source that turns the expression ``v`` (field ``f``, not None) into its
    JSON text: the one place that decides how each kind of field is written."""
    annotation = str(f.type)
    if f.name in cls._numbers or annotation.startswith("float"):
        return f"_json_num({v})"
    if annotation.startswith("tuple[str"):
        return f"'[' + ','.join(map(_json_str, {v})) + ']'"
    if annotation.startswith("tuple["):
        return f"'[' + ','.join(map(_json_num, {v})) + ']'"
    if annotation.startswith("int"):
        return f"int.__repr__({v})"
    return f"_json_str({v})"


def _compile(name: str, source: str) -> Callable[..., str]:
    namespace: dict[str, Any] = {"_json_num": _json_num, "_json_str": _json_str}
    exec(source, namespace)  # code generated from our own dataclass fields
    function: Callable[..., str] = namespace[name]
    return function


def compile_line_writer(cls: type[Event]) -> Callable[[Event], str]:
    """Generate ``write(e) -> '{"seq":..,"type":..,...}'`` for one event class."""
    parts = [repr('{"seq":'), "int.__repr__(e.seq)", repr(',"type":' + dumps_json(cls.type))]
    for f in fields(cls):
        if f.name == "seq":
            continue
        v = f"e.{f.name}"
        text = _spelling(cls, f, v)
        key = repr("," + dumps_json(f.name) + ":")
        if f.default is MISSING:  # required: written as null when None
            parts.append(f"{key} + ('null' if {v} is None else {text})")
        else:  # optional: left out when None
            parts.append(f"({key} + {text} if {v} is not None else '')")
    parts.append("'}'")
    return _compile("write", "def write(e):\n    return ''.join([\n        "
                    + ",\n        ".join(parts) + "])")


def line_formatter(cls: type[Event], optional: tuple[str, ...] = ()) -> Callable[..., str]:
    """A fast ``f(seq, *fields) -> line`` for one event class, writing the same bytes as
    ``cls(seq, *fields).to_line()`` without building the event.

    It takes the required fields in declaration order, then the optional fields named
    in ``optional`` (each must then be given, not None); the other optional fields are
    left out.  Recording a search to a file calls it for every step, so the line is
    one %-template filled in C (the tests check it against ``to_line``)."""
    key = (cls, optional)
    cached = _FORMATTERS.get(key)
    if cached is not None:
        return cached
    names = ["seq"]
    template = ['{"seq":%d', ',"type":' + dumps_json(cls.type).replace("%", "%%")]
    values = ["seq"]
    for f in fields(cls):
        if f.name == "seq" or (f.default is not MISSING and f.name not in optional):
            continue
        text = _spelling(cls, f, f.name)
        if f.default is MISSING and "None" in str(f.type):
            text = f"('null' if {f.name} is None else {text})"
        template.append("," + dumps_json(f.name) + ":%s")
        names.append(f.name)
        values.append(text)
    template.append("}")
    formatter = _compile("line", f"def line({', '.join(names)}):\n"
                                 f"    return {''.join(template)!r} % ({', '.join(values)},)")
    _FORMATTERS[key] = formatter
    return formatter


_FORMATTERS: dict[tuple[type[Event], tuple[str, ...]], Callable[..., str]] = {}


