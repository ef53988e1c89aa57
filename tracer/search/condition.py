"""The condition of ``gametrace run --capture-when``: which nodes' subtrees to capture.

A small language, parsed here and never evaluated by Python's ``eval``::

    condition  := all ("or" all)*
    all        := test ("and" test)*
    test       := "(" condition ")" | FIELD OP VALUE
    OP         := "=" | "==" | "!=" | "<" | "<=" | ">" | ">="
    VALUE      := a number (3, -2.5, +inf, -inf) | a word (max, capture) | "a quoted word"

``and`` binds tighter than ``or``.  The fields (:data:`FIELDS`) are numbers or words; a
word field takes only ``=`` and ``!=``.  A test on a field the node does not have (the
rank of the move that cut, at a node that did not cut) is false, whatever the operator.

Some fields are known when the node is entered (its depth, its window), the others
only when it is left (its subtree's size, the move that cut): :meth:`Condition.decided`
evaluates the condition with the second kind unknown, so that a node that cannot match
is never buffered.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..errors import UsageError
from ..reading_numbers import BadNumber, real_number
from ..said import Said, said

__all__ = ["FIELDS", "Condition", "Field", "parse_condition"]

Value = float | str


@dataclass(frozen=True)
class Field:
    """One field a condition may test."""

    name: str
    """Its name in the condition (``cut.rank``)."""
    number: bool
    """A number (any comparison) or a word (``=`` and ``!=``)."""
    at_entry: bool
    """Known when the node is entered; otherwise only when it is left."""
    help: str
    """What it is, for the docs and ``--help``."""
    words: tuple[str, ...] = ()
    """The words a word field can be, when they are known in advance."""


FIELDS: dict[str, Field] = {f.name: f for f in (
    Field("depth", True, True, "the node's ply (the root is 0)"),
    Field("player", False, True, "who moves at the node", ("max", "min", "chance")),
    Field("children", True, True, "how many children it has (0 at a leaf)"),
    Field("alpha", True, True, "alpha of the window it was searched with"),
    Field("beta", True, True, "beta of the window it was searched with"),
    Field("class", False, True, "the class of the move into the node (games that name "
                                "classes: chess)"),
    Field("nodes", True, False, "nodes searched in its subtree, itself included"),
    Field("value", True, False, "its value, from MAX's point of view"),
    Field("pruned", True, False, "children its cut left unsearched (0 when none)"),
    Field("cut.rank", True, False, "the rank (1 = first searched) of the child that cut"),
    Field("cut.kind", False, False, "the kind of its cut", ("alpha", "beta", "star1")),
    Field("cut.class", False, False, "the class of the move that cut (games that name "
                                     "classes)"),
)}

_OPS: dict[str, Callable[[Value, Value], bool]] = {
    "=": lambda a, b: a == b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,  # type: ignore[operator]
    ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,  # type: ignore[operator]
}

_TOKEN = re.compile(r"""\s*(?:(?P<op>==|!=|<=|>=|=|<|>)|(?P<paren>[()])
                        |(?P<quoted>"[^"]*"?)|(?P<word>[^\s()=!<>"]+)|(?P<bad>\S))""",
                    re.VERBOSE)


@dataclass(frozen=True)
class _Test:
    field: Field
    op: str
    value: Value

    def holds(self, values: Mapping[str, Value | None]) -> bool | None:
        """True or False; None when the field is not known yet."""
        if self.field.name not in values:
            return None
        got = values[self.field.name]
        return got is not None and _OPS[self.op](got, self.value)


@dataclass(frozen=True)
class _Any:
    """``or`` (``every`` False) or ``and`` (``every`` True) of its parts."""

    every: bool
    parts: tuple[_Node, ...]

    def holds(self, values: Mapping[str, Value | None]) -> bool | None:
        unknown = False
        for part in self.parts:
            got = part.holds(values)
            if got is None:
                unknown = True
            elif got is not self.every:
                return got
        return None if unknown else self.every


_Node = _Test | _Any


@dataclass(frozen=True)
class Condition:
    """A parsed condition: :meth:`holds` on a node's fields."""

    text: str
    """As the user wrote it."""
    tree: _Node
    fields: frozenset[str]
    """The fields it names."""

    def holds(self, values: Mapping[str, Value | None]) -> bool:
        """Whether a node with these fields (None: the node has not that field) matches."""
        return self.tree.holds(values) is True

    def decided(self, values: Mapping[str, Value | None]) -> bool | None:
        """The answer from the fields known so far (the others absent), or None when it
        depends on them."""
        return self.tree.holds(values)


def parse_condition(text: str, *, option: str = "--capture-when") -> Condition:
    """Parse ``text``; a :class:`UsageError` names the column of the first mistake."""
    tokens: list[tuple[str, str, int]] = []
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup or "bad"
        tokens.append((kind, m.group(kind), m.start(kind) + 1))
    end = len(text.rstrip()) + 1

    def fail(column: int, message: Said) -> UsageError:
        return UsageError(said("{option} {text!r}: column {column}: {message}",
                               option=option, text=text, column=column, message=message))

    pos = 0

    def peek() -> tuple[str, str, int]:
        return tokens[pos] if pos < len(tokens) else ("end", "", end)

    def take() -> tuple[str, str, int]:
        nonlocal pos
        token = peek()
        pos += 1
        return token

    def joined(every: bool, part: Callable[[], _Node]) -> _Node:
        parts = [part()]
        word = "and" if every else "or"
        while peek()[0] == "word" and peek()[1] == word:
            take()
            parts.append(part())
        return parts[0] if len(parts) == 1 else _Any(every, tuple(parts))

    def either() -> _Node:
        return joined(False, both)

    def both() -> _Node:
        return joined(True, test)

    def test() -> _Node:
        kind, word, column = take()
        if kind == "paren" and word == "(":
            inner = either()
            kind, word, at = take()
            if (kind, word) != ("paren", ")"):
                raise fail(at, said("expected ')' to close the '(' of column {column}, got "
                                    "{found}", column=column, found=_shown(kind, word)))
            return inner
        if kind != "word":
            raise fail(column, said("expected a field ({fields}), got {found}",
                                    fields=", ".join(FIELDS), found=_shown(kind, word)))
        field = FIELDS.get(word)
        if field is None:
            from ..choices import unknown_choice

            raise fail(column, unknown_choice(said("field"), word, list(FIELDS)))
        kind, op, at = take()
        if kind != "op":
            raise fail(at, said("expected a comparison (=, !=, <, <=, >, >=) after {word!r}, "
                                "got {found}", word=word, found=_shown(kind, op)))
        if not field.number and op not in ("=", "==", "!="):
            raise fail(at, said("{word} is a word: compare it with = or !=, not {op}",
                                word=word, op=op))
        kind, raw, at = take()
        if kind == "quoted" and (len(raw) < 2 or not raw.endswith('"')):
            raise fail(at, said("the quoted word does not end (a \" is missing)"))
        if kind not in ("word", "quoted"):
            raise fail(at, said("expected a value after {op!r}, got {found}", op=op,
                                found=_shown(kind, raw)))
        value = raw[1:-1] if kind == "quoted" else raw
        if field.number:
            number = _number(value)
            if number is None:
                raise fail(at, said("{word} is a number: expected one after {op!r}, got "
                                    "{value!r}", word=word, op=op, value=value))
            return _Test(field, op, number)
        if field.words and value not in field.words:
            raise fail(at, said("{word} is one of {words}, not {value!r}", word=word,
                                words=", ".join(field.words), value=value))
        return _Test(field, op, value)

    tree = either()
    kind, word, column = peek()
    if kind != "end":
        raise fail(column, said("expected 'and', 'or' or the end, got {found}",
                                found=_shown(kind, word)))
    return Condition(text, tree, frozenset(_names(tree)))


def _names(node: _Node) -> set[str]:
    if isinstance(node, _Test):
        return {node.field.name}
    return set().union(*(_names(p) for p in node.parts))


def _number(text: str) -> float | None:
    try:
        return float(real_number(text, infinite=True))
    except BadNumber:
        return None


def _shown(kind: str, text: str) -> Said | str:
    """What the parser found: a token as written (quoted), or the end of the text."""
    return said("the end") if kind == "end" else repr(text)
