"""What the library says, in any language of its catalogs.

An error (or any sentence the library hands to a person) is built with :func:`said`:
an English template in :meth:`str.format` syntax and the values that fill it::

    raise UsageError(said("unknown algorithm {value!r} (choose from: {allowed})",
                          value=name, allowed=", ".join(ALGORITHMS)))

``str()`` of the result is the English sentence, as before; :meth:`Said.worded` says it
in another language, from that language's gettext catalog (domain ``tracer``:
``tracer/locale/LANG/LC_MESSAGES/tracer.po``, the English template as the msgid, its
wording as the msgstr, with the same fields), read compiled (the ``.mo`` beside it)
through :mod:`gettext`.  A template no catalog knows is said in English, and
:meth:`Said.known_in` tells.  A sentence whose words follow a count is built with
:func:`said_n` (``ngettext``: the catalog's ``Plural-Forms`` picks the form)::

    said_n("{n} node was pruned", "{n} nodes were pruned", count)

A value is a number, a string quoted from the input (kept as it came), or another
:class:`Said` (a word or phrase the catalog words too: ``said("algorithm")``).  Numbers
follow the language's custom: ``{n:,}`` is ``12,345`` in English and ``12.345`` in
Italian, ``{x}`` of 0.5 is ``0,5``.
"""

from __future__ import annotations

import gettext
import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Union

__all__ = ["DOMAIN", "LANGUAGES", "Said", "Value", "catalog", "place_worded", "plural_form",
           "plurals", "said", "said_n"]

DOMAIN = "tracer"
"""The gettext domain of the library's sentences."""

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
    plural: str | None = None
    """The English plural of ``template`` (:func:`said_n`), the form picked by the value
    of the field ``n``; None for a sentence without a count."""

    def __str__(self) -> str:
        return self.worded("en")

    def worded(self, lang: str) -> str:
        """The sentence in ``lang`` (English where the catalog lacks it or a part of it)."""
        values = {name: value.worded(lang) if isinstance(value, Said) else value
                  for name, value in self.values}
        english, template = self.template, _translations(lang).gettext(self.template)
        if self.plural is not None:
            n = values.get("n")
            count = n if isinstance(n, int) and not isinstance(n, bool) else 0
            english = self.template if count == 1 else self.plural
            template = _translations(lang).ngettext(self.template, self.plural, count)
        for wording in (template, english):
            try:
                return _Formatter(lang).vformat(wording, (), values)
            except (KeyError, IndexError, ValueError, TypeError):
                continue  # a wording that lost a field, a value of the wrong kind
        return " ".join([self.template, *(f"{name}={value!r}" for name, value in values.items())])

    def known_in(self, lang: str) -> bool:
        """Whether ``lang``'s catalog words this sentence and every phrase inside it."""
        known = catalog(lang) if self.plural is None else plurals(lang)
        return (lang == "en" or self.template in known) and all(
            value.known_in(lang) for _, value in self.values if isinstance(value, Said))


def said(template: str, /, **values: Value) -> Said:
    """The sentence ``template`` (English, a literal: the catalogs' key) with ``values``."""
    return Said(template, tuple(values.items()))


def said_n(singular: str, plural: str, n: int, /, **values: Value) -> Said:
    """The sentence with a count: ``singular`` or ``plural`` (English literals, the
    catalogs' keys) as ``n`` says in each language, with ``n`` as the field ``{n}``."""
    if "n" in values:
        raise TypeError("said_n() takes the count once, as n")
    return Said(singular, (("n", n), *values.items()), plural)


def plural_form(lang: str, n: int) -> int:
    """Which of ``lang``'s plural forms a count ``n`` takes, as its catalog's
    ``Plural-Forms`` says (0 the singular; English: 0 for 1, else 1): for words kept
    outside the catalogs, in tables of forms (the drawings'
    :mod:`tracer.render.model.wording`)."""
    rule: Callable[[int], int] = getattr(_translations(lang), "plural", _english_plural)
    return int(rule(n))


def _english_plural(n: int) -> int:
    return 0 if n == 1 else 1


@cache
def _translations(lang: str) -> gettext.NullTranslations:
    """``lang``'s compiled catalog (nothing for English and unknown languages)."""
    if lang not in LANGUAGES or lang == "en":
        return gettext.NullTranslations()
    mo = resources.files("tracer") / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with mo.open("rb") as f:
        return gettext.GNUTranslations(f)


def _entries(lang: str) -> Mapping[object, str]:
    """The compiled catalog's entries: a template, or (a singular, the form's index)."""
    entries: Mapping[object, str] = getattr(_translations(lang), "_catalog", {})
    return entries


@cache
def catalog(lang: str) -> Mapping[str, str]:
    """``lang``'s wording of every template it knows (empty for English and unknown
    languages), from its gettext catalog; a sentence with a count is in :func:`plurals`."""
    return {key: text for key, text in _entries(lang).items()
            if isinstance(key, str) and key}


@cache
def plurals(lang: str) -> Mapping[str, tuple[str, ...]]:
    """``lang``'s forms of every sentence with a count it knows (:func:`said_n`), by the
    English singular, in the order of its ``Plural-Forms``."""
    forms: dict[str, dict[int, str]] = {}
    for key, text in _entries(lang).items():
        if isinstance(key, tuple):
            singular, index = key
            forms.setdefault(singular, {})[index] = text
    return {singular: tuple(by[i] for i in sorted(by)) for singular, by in forms.items()}


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
    """:meth:`str.format` with the language's numbers (Italian: ``12.345``, ``0,5``).

    Kept rather than Babel's ``format_decimal``: the format spec stays the template's
    (``{n:,}``, ``{x:.1f}``), the output does not move with Babel's CLDR data from one
    release to the next, and Babel stays out of the runtime dependencies."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: object, format_spec: str) -> str:
        text: str = super().format_field(value, format_spec)
        if (self.lang == "it" and isinstance(value, (int, float))
                and not isinstance(value, bool)):
            text = text.translate(_SWAP_SEPARATORS)
        return text


_SWAP_SEPARATORS = str.maketrans({",": ".", ".": ","})
