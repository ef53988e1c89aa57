"""What the library says, in any language of its catalogs.

An error (or any sentence the library hands to a person) is built with :func:`said`:
an English template in :meth:`str.format` syntax and the values that fill it::

    raise UsageError(said("unknown algorithm {value!r} (choose from: {allowed})",
                          value=name, allowed=", ".join(ALGORITHMS)))

``str()`` of the result is the English sentence, as before; :meth:`Said.worded` says it
in another language, from that language's catalog (``tracer/catalogs/LANG/*.json``: the
English template as the key, its wording as the value, with the same fields).  The
template is the key, as in gettext: a template no catalog knows is said in English, and
:meth:`Said.known_in` tells.

A value is a number, a string quoted from the input (kept as it came), or another
:class:`Said` (a word or phrase the catalog words too: ``said("algorithm")``).  Numbers
follow the language's custom: ``{n:,}`` is ``12,345`` in English and ``12.345`` in
Italian, ``{x}`` of 0.5 is ``0,5``.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Union

__all__ = ["LANGUAGES", "Said", "Value", "catalog", "place_worded", "said"]

LANGUAGES = ("en", "it")
"""The languages the library speaks, English first: the templates' own language."""

Value = Union[str, int, float, None, "Said"]
"""What may fill a template's field."""


@dataclass(frozen=True, slots=True)
class Said:
    """A sentence: an English ``template`` and the ``values`` of its fields."""

    template: str
    """The English, in :meth:`str.format` syntax: the key of every catalog."""
    values: tuple[tuple[str, Value], ...] = ()
    """The fields' values, by name, in the order given."""

    def __str__(self) -> str:
        return self.worded("en")

    def worded(self, lang: str) -> str:
        """The sentence in ``lang`` (English where the catalog lacks it or a part of it)."""
        template = self.template if lang == "en" else catalog(lang).get(self.template,
                                                                         self.template)
        values = {name: value.worded(lang) if isinstance(value, Said) else value
                  for name, value in self.values}
        for wording in (template, self.template):
            try:
                return _Formatter(lang).vformat(wording, (), values)
            except (KeyError, IndexError, ValueError, TypeError):
                continue  # a wording that lost a field, a value of the wrong kind
        return " ".join([self.template, *(f"{name}={value!r}" for name, value in values.items())])

    def known_in(self, lang: str) -> bool:
        """Whether ``lang``'s catalog words this sentence and every phrase inside it."""
        return (lang == "en" or self.template in catalog(lang)) and all(
            value.known_in(lang) for _, value in self.values if isinstance(value, Said))


def said(template: str, /, **values: Value) -> Said:
    """The sentence ``template`` (English, a literal: the catalogs' key) with ``values``."""
    return Said(template, tuple(values.items()))


@cache
def catalog(lang: str) -> Mapping[str, str]:
    """``lang``'s wording of every template it knows (empty for English and unknown
    languages): the union of ``tracer/catalogs/LANG/*.json``, each file one part of the
    library."""
    if lang not in LANGUAGES or lang == "en":
        return {}
    words: dict[str, str] = {}
    folder = resources.files("tracer") / "catalogs" / lang
    for part in sorted(folder.iterdir(), key=lambda p: p.name):
        if part.name.endswith(".json"):
            words.update(json.loads(part.read_text(encoding="utf-8")))
    return words


_PLACES = (
    (re.compile(r"line (?P<l>\d+), column (?P<c>\d+)"), {"it": "riga {l}, colonna {c}"}),
    (re.compile(r"line (?P<l>\d+)"), {"it": "riga {l}"}),
    (re.compile(r"event (?P<e>\d+)"), {"it": "evento {e}"}),
)
"""The places an error names in words (a text's line and column, a trace's event),
each with its wording; a JSON path or a parameter's name is kept as it is."""


def place_worded(where: str, lang: str) -> str:
    """A place an error names (``line L, column C``, ``line L``, ``event N``, a JSON
    path, an option) in ``lang``: only a whole place is worded, so a JSON path that
    quotes ``'line 3'`` is kept as it is."""
    for pattern, wordings in _PLACES:
        found = pattern.fullmatch(where)
        if found and lang in wordings:
            return wordings[lang].format(**found.groupdict())
    return where


class _Formatter(string.Formatter):
    """:meth:`str.format` with the language's numbers (Italian: ``12.345``, ``0,5``)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: object, format_spec: str) -> str:
        text: str = super().format_field(value, format_spec)
        if (self.lang == "it" and isinstance(value, (int, float))
                and not isinstance(value, bool)):
            text = text.translate(_SWAP_SEPARATORS)
        return text


_SWAP_SEPARATORS = str.maketrans({",": ".", ".": ","})
