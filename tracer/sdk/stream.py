"""An engine stream (trace format version 2) read fast and checked as ``gametrace validate``
checks it (:mod:`.checking`: each line against its schema, then the rules that make the
stream one search), its events handed on as their fields: the one reader of engine
streams for ``validate``, ``regret`` and ``index``.

- **The compiled scanner** (``tracer/_scan.c``, through :mod:`tracer.scanning`) parses
  each event line in C and checks every field against the shape :mod:`.checking` gives
  it (a node id is an integer >= 0, a rank >= 1, ``hit`` a boolean, a flag one of
  ``exact``, ``lower``, ``upper``, a class a string not empty, a value a number or
  ``"+inf"``, ``"-inf"``; no key missing, unknown or repeated); the rules are applied by
  the handlers below on the state of the checker (:class:`.checking._Rules`).
- **A line the scanner declines** (the result, a ``\\u`` escape, a key it does not know,
  a value of another shape, bytes that are not UTF-8) is read as the line-by-line check
  reads it, in its place: parsed, asked of the schema when the fast shapes refuse it,
  then the rules.
- **A rule broken on a line the scanner took** is found again by reading the stream line
  by line (a scanned line carries no number), which stops at the same line and names it
  in the same words.  Without the compiled scanner (or with ``GAMETRACE_PURE=1``) every
  line is read that way.

Handlers take the fields :data:`FIELDS` names for their type, in that order, as the line
writes them (a missing optional field is None; a value is a number or ``"+inf"``,
``"-inf"``); a handler may raise :class:`Stop` to end the reading there.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from ..jsonio import loads_json, read_lines
from ..said import said
from ..scanning import KINDS, LineViews, compiled, compiled_scan, numbered_lines
from ..schema import validate
from .checking import ENGINE_EVENTS, _Rules, _well_shaped

__all__ = ["FIELDS", "EngineRead", "Stop", "check_engine_stream", "read_engine_stream"]

FIELDS: dict[str, tuple[str, ...]] = {
    "enter": ("node", "parent", "move", "class"),
    "leave": ("node", "value"),
    "cutoff": ("node", "after", "rank"),
    "probe": ("node", "hit", "flag"),
    "store": ("node",),
    "deepen": ("node", "depth"),
    "research": ("node", "alpha", "beta"),
}
"""The fields handed to each event type's handler, in this order."""

_SHAPES: dict[str, tuple[tuple[str, str, bool], ...]] = {
    # each event's fields in the order the writers write them: name, the scanner's kind,
    # whether it is required (checking._SHAPES, field by field)
    "enter": (("node", "id", True), ("parent", "id", True), ("move", "str", True),
              ("class", "class", False)),
    "leave": (("node", "id", True), ("value", "value", True)),
    "cutoff": (("node", "id", True), ("after", "id", True), ("rank", "rank", True)),
    "probe": (("node", "id", True), ("hit", "bool", True), ("flag", "flag", False),
              ("value", "value", False), ("draft", "int", False)),
    "store": (("node", "id", True), ("flag", "flag", True), ("value", "value", True),
              ("draft", "int", True)),
    "deepen": (("node", "zero", True), ("depth", "id", True)),
    "research": (("node", "id", True), ("alpha", "value", True), ("beta", "value", True)),
}

_BLANK = b" \t\n\r\f\v"
_NO_LIMIT = 2 ** 62


class Stop(Exception):
    """Raised by a handler: what the reader wanted is read, the rest is not."""


class _Broken(Exception):
    """A rule broken on a line the scanner took: read again line by line for its words."""


@dataclass(frozen=True)
class EngineRead:
    """What a reading found besides the events: the header and the result."""

    header: dict[str, Any]
    result: dict[str, Any] | None
    stopped: bool
    """Whether a handler ended the reading (:class:`Stop`)."""


def check_engine_stream(path: str | os.PathLike[str]) -> None:
    """Check an engine stream (``.jsonl`` or ``.jsonl.gz``); raise :class:`InputError` at
    the first line that breaks its schema or a rule."""
    read_engine_stream(path)


def read_engine_stream(path: str | os.PathLike[str],
                       handlers: Mapping[str, Callable[..., None]] | None = None, *,
                       header_schema: bool = True,
                       use_compiled: bool | None = None) -> EngineRead:
    """Read and check the engine stream at ``path``, each event handed to the handler of
    its type (:data:`FIELDS`); ``header_schema``: the header asked of the schema too (not
    only the rules' needs: its engine object, its root 0), as ``validate`` asks it;
    ``use_compiled``: the build (default: :func:`tracer.scanning.compiled`)."""
    file = os.fspath(path)
    header, rules = _header(file, header_schema)
    reading = _Reading(file, rules, dict(handlers or {}))
    fast = (compiled() if use_compiled is None else use_compiled) and not rules.counters
    try:
        if fast:
            try:
                reading.scan()
            except _Broken:
                _Reading(file, _header(file, header_schema)[1], {}).pure()  # raises at that line
                raise InputError(said("the trace changed while it was read"),
                                 file=file) from None
        else:
            reading.pure()
    except Stop:
        return EngineRead(header, reading.result, True)
    return EngineRead(header, reading.result, False)


def _header(file: str, schema: bool) -> tuple[dict[str, Any], _Rules]:
    lines = read_lines(file)
    try:
        first = next(((n, line) for n, line in lines if line.strip()), None)
    finally:
        lines.close()
    if first is None:
        raise InputError(said("empty trace stream"), file=file)
    n, line = first
    obj = loads_json(line, file=f"{file}:{n}")
    if not isinstance(obj, dict):
        raise InputError(said("expected a JSON object (an event), got {kind}",
                              kind=type(obj).__name__), file=file, where=f"line {n}")
    if schema:
        validate(obj, "trace", file=file, ref="#/$defs/header", where=f"line {n}: $")
    if obj.get("type") != "header":
        raise InputError(said('the first line must be the header ("type": "header")'),
                         file=file, where=f"line {n}")
    return obj, _Rules(obj, file=file)


class _Reading:
    """One reading: the checker's state, the handlers and the result once read."""

    def __init__(self, file: str, rules: _Rules, handlers: dict[str, Callable[..., None]]
                 ) -> None:
        self.file = file
        self.rules = rules
        self.handlers = handlers
        self.result: dict[str, Any] | None = None

    def line(self, raw: bytes, n: int) -> int:
        """One line read as the line-by-line check reads it (1: an item, 0: blank)."""
        from ..jsonio import _utf8_reason

        file = self.file
        if not raw.strip(_BLANK):
            return 0
        try:
            text = bytes(raw).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(said("not valid UTF-8 ({reason})", reason=_utf8_reason(exc)),
                             file=file, where=f"line {n}, column {exc.start + 1}") from None
        obj = loads_json(text, file=f"{file}:{n}")
        where = f"line {n}: $"
        if not isinstance(obj, dict):
            raise InputError(said("expected a JSON object (an event), got {kind}",
                                  kind=type(obj).__name__), file=file, where=f"line {n}")
        if self.result is not None:
            raise InputError(said("an event after the result: expected the result to be the "
                                  "last line of the trace"), file=file, where=f"line {n}")
        kind = obj.get("type")
        if kind == "result":
            validate(obj, "trace", file=file, ref="#/$defs/result", where=where)
            self.rules.result(n, obj)
            self.result = obj
            return 1
        if not _well_shaped(obj):  # its own definition names a bad key, the oneOf not
            validate(obj, "trace", file=file, where=where, ref=f"#/$defs/{kind}"
                     if kind in ENGINE_EVENTS else "#/$defs/engine_event")
        self.rules.event(n, obj)
        kind = str(kind)  # an engine event's, the schema says
        handler = self.handlers.get(kind)
        if handler is not None:
            handler(*(obj.get(name) for name in FIELDS[kind]))
        return 1

    def pure(self) -> None:
        for raw, lineno in numbered_lines(LineViews(self.file)):
            self.line(raw, lineno)

    def scan(self) -> None:
        assert compiled_scan is not None
        specs = self.specs()
        views = LineViews(self.file)
        lineno = 0
        for data in views:
            lineno = lineno or views.first
            lineno += compiled_scan(data, lineno, specs, self.line, _NO_LIMIT, True)[1]

    def specs(self) -> tuple[tuple[str, Callable[..., None],
                                   tuple[tuple[str, int, bool, bool, int], ...]], ...]:
        """The scanner's specs: per type, the handler checking the rules, and the fields
        (those handed on first, in :data:`FIELDS`'s order)."""
        checks = self.checks()
        out = []
        for kind, shape in _SHAPES.items():
            taken = FIELDS[kind]
            spec = [(name, KINDS[k], required, name in taken, place)
                    for place, (name, k, required) in enumerate(shape)]
            spec.sort(key=lambda s: (not s[3], taken.index(s[0]) if s[3] else s[4]))
            out.append((kind, checks[kind], tuple(spec)))
        return tuple(out)

    def checks(self) -> dict[str, Callable[..., None]]:
        """The rules of :class:`.checking._Rules`, one handler a type, on its state: a
        broken one raises :class:`_Broken` (the line-by-line reading then says which and
        where), a kept one hands the fields on."""
        rules, reading = self.rules, self
        stack, classes, root_kids = rules.stack, rules.classes, rules.root_kids
        got = self.handlers.get
        on_enter, on_leave, on_cutoff = got("enter"), got("leave"), got("cutoff")
        on_probe, on_store, on_deepen = got("probe"), got("store"), got("deepen")
        on_research = got("research")

        def enter(node: int, parent: int, move: str, move_class: str | None) -> None:
            if reading.result is not None or not stack:
                raise _Broken
            search = stack[-1]
            if parent != search[0] or node <= rules.newest or (
                    move_class is not None and move_class not in classes):
                raise _Broken
            rules.newest = search[1] = node
            search[2] += 1
            if parent == 0:
                root_kids.add(node)
            stack.append([node, -1, 0])
            if on_enter is not None:
                on_enter(node, parent, move, move_class)

        def leave(node: int, value: Any) -> None:
            if reading.result is not None or not stack or stack[-1][0] != node:
                raise _Broken
            stack.pop()
            if not stack:
                rules.root_left = True
            if on_leave is not None:
                on_leave(node, value)

        def cutoff(node: int, after: int, rank: int) -> None:
            if reading.result is not None or not stack:
                raise _Broken
            search = stack[-1]
            if search[0] != node or after != search[1] or search[1] < 0 \
                    or rank != search[2]:
                raise _Broken
            if on_cutoff is not None:
                on_cutoff(node, after, rank)

        def probe(node: int, hit: bool, flag: str | None) -> None:
            if reading.result is not None or not stack or stack[-1][0] != node:
                raise _Broken
            if on_probe is not None:
                on_probe(node, hit, flag)

        def store(node: int) -> None:
            if reading.result is not None or not stack or stack[-1][0] != node:
                raise _Broken
            if on_store is not None:
                on_store(node)

        def deepen(node: int, depth: int) -> None:
            if reading.result is not None:
                raise _Broken
            if not stack:
                stack.append([0, -1, 0])
            elif len(stack) > 1 or stack[0][2] or rules.root_left:
                raise _Broken
            if on_deepen is not None:
                on_deepen(node, depth)

        def research(node: int, alpha: Any, beta: Any) -> None:
            if reading.result is not None:
                raise _Broken
            last = stack[-1][1] if stack else (0 if rules.root_left else -1)
            if node != last or node < 0:
                raise _Broken
            stack.append([node, -1, 0])
            if on_research is not None:
                on_research(node, alpha, beta)

        return {"enter": enter, "leave": leave, "cutoff": cutoff, "probe": probe,
                "store": store, "deepen": deepen, "research": research}
