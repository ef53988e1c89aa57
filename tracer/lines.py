"""Events written as JSON lines, fast: formatters generated from the event classes.

Writing a trace serialises every event, so each event class gets, on first use, a
function generated from its fields that writes exactly ``dumps_json(event.to_dict())``
(``compile_line_writer``, installed as the class's ``to_line``), and searches that
stream to a file can format their hottest events without building them at all
(``line_formatter``).  The tests check every spelling against ``to_dict``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, Field, fields
from json.encoder import encode_basestring as _json_str
from typing import Any, ClassVar, Protocol

from .jsonio import dumps_json, encode_number

__all__ = [
    "NODE_ID_FIELDS",
    "LineEvent",
    "compile_line_writer",
    "json_number",
    "line_formatter",
    "line_template",
]

_INF = float("inf")


class LineEvent(Protocol):
    """What a line writer reads of an event: a dataclass with ``seq``, its ``type`` name
    and the names of its number fields.  Every :class:`tracer.events.Event` is one; this
    module does not import ``events``, which calls it to write itself (``Event.to_line``)."""

    type: ClassVar[str]
    _numbers: ClassVar[frozenset[str]]
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def seq(self) -> int: ...


def json_number(x: Any) -> str:
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


def _spelling(cls: type[LineEvent], f: Field[Any], v: str) -> str:
    """Python source that turns the expression ``v`` (field ``f``, not None) into its
    JSON text: the one place that decides how each kind of field is written."""
    annotation = str(f.type)
    if f.name in cls._numbers or annotation.startswith("float"):
        return f"json_number({v})"
    if annotation.startswith("tuple[str"):
        return f"'[' + ','.join(map(_json_str, {v})) + ']'"
    if annotation.startswith("tuple["):
        return f"'[' + ','.join(map(json_number, {v})) + ']'"
    if annotation.startswith("int"):
        return f"int.__repr__({v})"
    return f"_json_str({v})"


def _compile(name: str, source: str) -> Callable[..., str]:
    namespace: dict[str, Any] = {"json_number": json_number, "_json_str": _json_str}
    exec(source, namespace)  # code generated from our own dataclass fields
    function: Callable[..., str] = namespace[name]
    return function


def compile_line_writer(cls: type[LineEvent]) -> Callable[[LineEvent], str]:
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


NODE_ID_FIELDS = frozenset({"node", "parent", "child", "best", "after", "children", "pruned"})
"""The fields of expand, evaluate, backup and cut events that hold node ids."""


def _line_fields(cls: type[LineEvent], optional: tuple[str, ...]) -> list[Field[Any]]:
    """The required fields after ``seq`` in declaration order, then those in ``optional``."""
    return [f for f in fields(cls)
            if f.name != "seq" and (f.default is MISSING or f.name in optional)]


def line_template(cls: type[LineEvent], optional: tuple[str, ...] = ()) -> str:
    """The %-template of one event class's line, newline included: ``%d`` for ``seq``,
    then a ``%s`` for each field of :func:`_line_fields`, to be filled with the field's
    JSON text (``"a1/b2"`` with its quotes, ``"+inf"``, ``null``...)."""
    parts = ['{"seq":%d', ',"type":' + dumps_json(cls.type).replace("%", "%%")]
    parts += ["," + dumps_json(f.name).replace("%", "%%") + ":%s"
              for f in _line_fields(cls, optional)]
    return "".join(parts) + "}\n"


def line_formatter(cls: type[LineEvent], optional: tuple[str, ...] = (), *,
                   quoted_ids: bool = False) -> Callable[..., str]:
    """A fast ``f(seq, *fields) -> line`` for one event class, writing the same bytes as
    ``cls(seq, *fields).to_line() + "\\n"`` without building the event.

    It takes the required fields in declaration order, then the optional fields named
    in ``optional`` (each must then be given, not None); the other optional fields are
    left out.  With ``quoted_ids`` the node ids (:data:`NODE_ID_FIELDS`) come already
    spelt as JSON strings, so a search that quotes each id once, when it makes the
    node, does not escape it again in every event that names it.  Recording a search
    to a file calls this for every step, so the line is one %-template filled in C
    (the tests check it against ``to_line``)."""
    key = (cls, optional, quoted_ids)
    cached = _FORMATTERS.get(key)
    if cached is not None:
        return cached
    names = ["seq"]
    values = ["seq"]
    for f in _line_fields(cls, optional):
        if quoted_ids and f.name in NODE_ID_FIELDS:
            is_list = str(f.type).startswith("tuple[")
            text = f"'[' + ','.join({f.name}) + ']'" if is_list else f.name
        else:
            text = _spelling(cls, f, f.name)
        if f.default is MISSING and "None" in str(f.type):
            text = f"('null' if {f.name} is None else {text})"
        names.append(f.name)
        values.append(text)
    template = line_template(cls, optional)
    formatter = _compile("line", f"def line({', '.join(names)}):\n"
                                 f"    return {template!r} % ({', '.join(values)},)")
    _FORMATTERS[key] = formatter
    return formatter


_FORMATTERS: dict[tuple[type[LineEvent], tuple[str, ...], bool], Callable[..., str]] = {}


