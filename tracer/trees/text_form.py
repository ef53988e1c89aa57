"""The text notation for trees (``A(B(3 12 8) C(2 4 6) D(14 5 2))``), read.

The grammar is in ``docs/trees.md``.  The parser keeps an explicit stack of open nodes,
so a 100,000-deep chain parses; errors say ``line L, column C`` and what was expected.
The writer is :func:`tracer.trees.text_writer.format_tree_text`, whose canonical form
parses back to the same tree.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from functools import cached_property
from string import ascii_letters
from typing import Any

from tracer.errors import InputError
from tracer.memory import paused_gc
from tracer.players import Player
from tracer.reading_numbers import BadNumber, fraction_number, real_number
from tracer.said import Said, said
from tracer.trees.build import (
    _NO_CHILD,
    _PLAYERS,
    _build,
    _check_prob,
    _Flat,
    _root_default,
)
from tracer.trees.model import _CHANCE, Tree

__all__ = ["parse_tree_text"]


# One token per match: skip blanks and comments, then take a number-like run (checked
# when read), a label, or one other character; the empty match at the end is "end".
_TOKEN_RE = re.compile(r"(?:\s+|#[^\n]*)*([-+.0-9][^\s()\[\]:,=#]*|[A-Za-z_][A-Za-z0-9_']*|\S|\Z)")
_INFINITE = {"+inf": math.inf, "-inf": -math.inf}
_KINDS = {c: "num" for c in "+-.0123456789"} | {c: c for c in "()[]:,=?"} | {"": "end"}
_KINDS |= {c: "label" for c in "_" + ascii_letters}
_NODE_START = frozenset({"num", "label", "[", ":", "(", "?"})
_ATTR_HELP = said("an attribute (max, min, chance, uniform or p=<probability>)")
_NODE_HELP = said("a number, a label or '('")
_END = said("end of input")


class _TextParser:
    """Recursive descent in spirit, with an explicit stack of open nodes instead of calls.

    Tokens are plain strings; their kinds come from the first character.  Source
    positions are only worked out when an error needs one.
    """

    def __init__(self, text: str, file: str) -> None:
        self.text = text
        self.file = file
        self.toks: list[str] = _TOKEN_RE.findall(text)
        self.toks += ["", ""]  # lookahead past the end stays in range
        kind_of = _KINDS.get
        self.kinds: list[str] = [kind_of(t[:1], "bad") for t in self.toks]

    @cached_property
    def positions(self) -> list[int]:
        """Where each token starts (computed again from the text, for errors only)."""
        starts = [m.start(1) for m in _TOKEN_RE.finditer(self.text)]
        return starts + [len(self.text)] * (len(self.toks) - len(starts))

    def line_column(self, token: int) -> tuple[int, int]:
        """Where token ``token`` starts: its line and column, from 1."""
        pos = self.positions[token]
        return self.text.count("\n", 0, pos) + 1, pos - self.text.rfind("\n", 0, pos)

    def place(self, token: int) -> Said:
        line, column = self.line_column(token)
        return said("line {line}, column {column}", line=line, column=column)

    def error(self, i: int, message: Said) -> InputError:
        return InputError(message, file=self.file, where=str(self.place(i)))

    def expected(self, i: int, what: Said) -> InputError:
        kind, token = self.kinds[i], self.toks[i]
        if kind == "bad":
            return self.error(i, said("unexpected character {token!r}", token=token))
        return self.error(i, said("expected {what} but found {found}", what=what,
                                  found=_found(kind, token)))

    def number(self, i: int) -> float | int:
        """Token ``i`` read by the one number reader (:func:`real_number`): its verdict
        and its words, at the token's line and column.  ``+inf`` and ``-inf`` are the
        unbounded values, written with their sign (a bare ``inf`` is a label)."""
        token = self.toks[i]
        if token in _INFINITE:
            return _INFINITE[token]
        try:
            return real_number(token)
        except BadNumber as exc:
            raise self.error(i, exc.said) from None

    def attributes(self, i: int) -> tuple[int, Player | None, float | Fraction | None, bool]:
        """Read ``[attr, ...]`` starting at the '['; return the index after the ']', the
        player, the probability and whether the node is ``uniform``."""
        kinds, toks = self.kinds, self.toks
        player: Player | None = None
        prob: float | Fraction | None = None
        uniform = False
        i += 1
        while True:
            if kinds[i] != "label":
                raise self.expected(i, _ATTR_HELP)
            word = toks[i]
            if word in _PLAYERS or word == "uniform":
                if word == "uniform":  # a chance node whose children are equally likely
                    uniform, word = True, "chance"
                if player is not None and not (uniform and player is _CHANCE):
                    raise self.error(i, _two_players(player.value, toks[i], uniform=uniform))
                player = _PLAYERS[word]
                i += 1
            elif word in ("p", "prob"):
                if prob is not None:
                    raise self.error(i, said("two probabilities given"))
                if kinds[i + 1] != "=":
                    raise self.expected(i + 1, said("'=' after '{word}'", word=word))
                if kinds[i + 2] != "num":
                    raise self.expected(i + 2, said("a probability"))
                value = self.probability(i + 2)
                complaint = _check_prob(value)
                if complaint:
                    raise self.error(i + 2, complaint)
                prob = value
                i += 3
            else:
                raise self.error(i, said("unknown attribute {word!r} (allowed: chance, max, min, "
                                         "uniform, p=<probability>)", word=word))
            if kinds[i] == ",":
                i += 1
            elif kinds[i] == "]":
                if uniform and player is not _CHANCE:
                    raise self.error(i, _two_players(player.value if player else "", "uniform",
                                                     uniform=True))
                return i + 1, player, prob, uniform
            elif kinds[i] != "label":
                raise self.expected(i, said("',' or ']'"))

    def probability(self, i: int) -> float | int | Fraction:
        """A probability: a number, or a fraction such as ``1/3`` (kept exact)."""
        token = self.toks[i]
        if "/" in token:
            try:
                return fraction_number(token)
            except BadNumber as exc:
                raise self.error(i, exc.said) from None
        return self.number(i)

    def parse(self) -> list[Any]:
        """The root record ``[label, player, value, prob, children, first token]``."""
        kinds, toks = self.kinds, self.toks
        number = self.number
        i = 0
        root: list[Any] | None = None
        stack: list[list[Any]] = []
        opened: list[int] = []
        while True:
            # A node starts at token i.
            is_open = False
            if kinds[i] == "num":  # the common case: a bare leaf
                token = toks[i]
                value = (int(token) if len(token) < 19 and token.isdigit() and token.isascii()
                         else number(i))
                record: list[Any] = [None, None, value, None, (), i, False, False]
                i += 1
                if kinds[i] == "(":
                    self.check_bare(i)
            else:
                record, i, bare = self.node_head(i)
                if kinds[i] == "(" and bare:
                    self.check_bare(i)
                elif kinds[i] == "(":
                    if kinds[i + 1] == ")":
                        raise self.error(i + 1, _NO_CHILD)
                    record[4] = []
                    is_open = True
                elif record[2] is None and not record[7]:
                    raise self.no_value(i, record)
            if stack:
                stack[-1][4].append(record)
            else:
                root = record
            if is_open:
                stack.append(record)
                opened.append(i)
                i += 1
                continue
            # After a node: close parents, then find where the next sibling starts.
            while True:
                kind = kinds[i]
                if not stack:
                    if kind != "end":
                        raise self.expected(i, _END)
                    assert root is not None
                    return root
                if kind == ")":
                    stack.pop()
                    opened.pop()
                    i += 1
                elif kind == ",":
                    if kinds[i + 1] not in _NODE_START:
                        raise self.expected(i + 1, _NODE_HELP)
                    i += 1
                    break
                elif kind in _NODE_START:
                    break
                elif kind == "end":
                    line, column = self.line_column(opened[-1])
                    raise self.error(i, said("expected ')' to close the '(' at line {line}, "
                                             "column {column} but found {found}", line=line,
                                             column=column, found=_END))
                else:
                    raise self.expected(i, said("',', ')' or another node"))

    def touching(self, i: int) -> bool:
        """True when token ``i`` follows token ``i - 1`` with nothing in between."""
        return self.positions[i] == self.positions[i - 1] + len(self.toks[i - 1])

    def check_bare(self, i: int) -> None:
        """Refuse ``3(...)``: a '(' glued to a bare leaf's number (token ``i - 1``)."""
        if self.touching(i):
            raise self.error(i, said("a bare number is a whole leaf: write :<number>(...) for "
                                     "an inner node with a static value, or put a space "
                                     "between two siblings"))

    def node_head(self, i: int) -> tuple[list[Any], int, bool]:
        """Read ``label? [attrs]? (number | ':' number)?``, or an unknown leaf
        ``?label [attrs]?``, starting at token ``i``.

        Returns the record (no children yet), the next token's index, and whether the
        node ended with a bare number (an unlabelled leaf such as ``[p=0.5]3``).
        """
        kinds, toks = self.kinds, self.toks
        start = i
        label: str | None = None
        value: float | int | None = None
        player: Player | None = None
        prob: float | Fraction | None = None
        uniform = False
        bare = False
        unknown = kinds[i] == "?"
        if unknown:  # ?a: a leaf the notes leave unknown, named by its letter
            if kinds[i + 1] != "label" or not self.touching(i + 1):
                raise self.expected(i + 1, said("a label right after '?' (an unknown leaf "
                                                "such as ?a)"))
            i += 1
        if kinds[i] == "label":
            label = toks[i]
            i += 1
        if kinds[i] == "[":
            i, player, prob, uniform = self.attributes(i)
        if unknown:
            if kinds[i] in (":", "(", "num"):
                raise self.error(i, said("the unknown leaf ?{label} has no value and no "
                                         "children: write ?{label} alone, or {label}:<number>",
                                         label=label))
            return [label, player, None, prob, (), start, uniform, True], i, False
        if kinds[i] == "num" and label is None and i > start:
            value = self.number(i)
            i += 1
            bare = True
        elif kinds[i] == ":":
            if kinds[i + 1] != "num":
                raise self.expected(i + 1, said("a number after ':'"))
            value = self.number(i + 1)
            i += 2
            if kinds[i] == "(" and not self.touching(i):
                raise self.error(i, said("a '(' after a value must touch it to give the node "
                                         "children (C:5(...)); put a comma before a sibling "
                                         "(E:3, (...))"))
        return [label, player, value, prob, (), start, uniform, False], i, bare

    def no_value(self, i: int, record: list[Any]) -> InputError:
        start = record[5]
        label = record[0]
        if label is None and record[1] is None and record[3] is None:
            return self.expected(i, _NODE_HELP)
        if label is None:
            return self.expected(i, said("a number, ':' or '(' after the attributes"))
        if label.lower() in ("inf", "infinity"):
            return self.error(start, said("node {label} has no value: write {label}:<number> "
                                          "for a leaf or {label}(...) for an inner node "
                                          "(infinity is written +inf)", label=label))
        return self.error(start, said("node {label} has no value: write {label}:<number> for "
                                      "a leaf or {label}(...) for an inner node", label=label))



def _found(kind: str, token: str) -> Said | str:
    """What the parser found instead: the end of the text, or a token quoted as written."""
    return _END if kind == "end" else f"'{token}'"


def _two_players(first: str, second: str, *, uniform: bool) -> Said:
    """Two players given to one node (``uniform`` counting as chance)."""
    if uniform:
        return said("two players given: {first} and {second} (a uniform node is a chance "
                    "node)", first=first, second=second)
    return said("two players given: {first} and {second}", first=first, second=second)


def parse_tree_text(text: str, *, file: str = "<tree>", root_player: Player | None = None) -> Tree:
    """Build a :class:`Tree` from the text notation (grammar in ``docs/trees.md``).

    ``root_player`` sets the root's player unless the text marks the root itself.
    Errors are :class:`InputError` with ``where="line L, column C"``.
    """
    root_default = _root_default(root_player, None)
    with paused_gc():
        parser = _TextParser(text, file)
        records = [parser.parse()]
        for record in records:  # breadth-first: the list grows as it is read
            records.extend(record[4])
        flat = _Flat(
            [r[2] for r in records],
            [len(r[4]) for r in records],
            {i: r[0] for i, r in enumerate(records) if r[0] is not None},
            {i: r[1] for i, r in enumerate(records) if r[1] is not None},
            {i: r[3] for i, r in enumerate(records) if r[3] is not None},
            {i for i, r in enumerate(records) if r[6]},
        )
        tokens = [r[5] for r in records]
        del records

        def where(i: int, key: str | None) -> Said:
            return parser.place(tokens[i])

        return _build(flat, root_default=root_default, where=where, file=file)
