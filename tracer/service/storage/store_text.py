"""The store's text rules, one function for every text the store writes
(:func:`stored_text`), so that SQLite and PostgreSQL give the same answer.

The two databases differ on what a text may hold: PostgreSQL's ``text`` has no NUL
character (the driver refuses the row: a 500 where SQLite stored it), and neither
driver encodes a lone surrogate (U+D800..U+DFFF), which is no character of UTF-8.  So
before any write, every text is checked here, on both databases alike:

- the user's own words (a course's title, a student's id and name) are refused when
  they hold NUL or a lone surrogate or pass their bound: an :class:`InputError` naming
  the request's field (``$.title``), which the service answers 422;
- what the store derives itself (a trace's title, source and tags, taken from its
  header; the filters that look for them) is *repaired*: NUL and lone surrogates stand
  as U+FFFD and the text is cut to its bound, in what is stored and in what is looked
  for alike, so a filter finds what was stored.

JSON documents (assignments, submissions, step states) are written by ``json.dumps``,
whose escapes make them ASCII; every text inside one (each string and each key) is
checked first by :func:`stored_document`, so that an assignment's title with NUL is
refused as a course's title is, naming its place in the request (``$.title``,
``$.answer.move``), not kept as its escape ``\u0000``.  A document has no bound of
its own: the request's size bounds it.
"""

from __future__ import annotations

import json
import re

from ...errors import InputError
from ...said import said

__all__ = ["MAX_FIELD", "stored_document", "stored_text"]

MAX_FIELD = 1_000
"""The longest text of one short field (a title, a name, an id, a tag, a source), in
characters; the request schema's bounds are tighter (a course's title 200)."""

_REPLACEMENT = "\ufffd"
_SUSPECT = re.compile(r"\\u(?:0000|d[89a-f])")
"""In ``json.dumps``'s ASCII: the escape of NUL or of a surrogate (half of a pair, or
alone), or a text that spells one; only then is each text of the document looked at."""


def stored_text(value: str, *, field: str, most: int | None = MAX_FIELD,
                repair: bool = False) -> str:
    """``value`` as every database keeps it alike: the same text, or (``repair``) NUL
    and lone surrogates as U+FFFD and at most ``most`` characters; without ``repair``
    such a text is an :class:`InputError` at ``$.field``.  ``most=None``: no bound (a
    JSON document, bounded by the request's size)."""
    too_long = most is not None and len(value) > most
    if value.isascii() and "\x00" not in value and not too_long:
        return value  # the common path: one scan
    if "\x00" in value:
        if not repair:
            raise InputError(said("{field} holds a NUL character (U+0000): no database "
                                  "text can hold it", field=field), where=f"$.{field}")
        value = value.replace("\x00", _REPLACEMENT)
    if not value.isascii() and _has_surrogate(value):
        if not repair:
            raise InputError(said("{field} holds a lone surrogate (U+D800..U+DFFF), which is "
                                  "not text", field=field), where=f"$.{field}")
        value = "".join(_REPLACEMENT if "\ud800" <= c <= "\udfff" else c for c in value)
    if most is not None and len(value) > most:
        if not repair:
            raise InputError(said("{field} has {count:,} characters: at most {most:,} are "
                                  "stored", field=field, count=len(value), most=most),
                             where=f"$.{field}")
        value = value[:most]
    return value


def _has_surrogate(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def stored_document(value: object, *, field: str = "") -> str:
    """``value`` (a JSON document: dicts, lists, strings, numbers) as the store keeps it:
    its ``json.dumps``, after every string and key in it passed :func:`stored_text`
    (unbounded); else an :class:`InputError` at the text's path below ``field``
    (``""``: the request's root, ``$.title``; ``"answer"``: ``$.answer.move``)."""
    text = json.dumps(value, sort_keys=True)
    if _SUSPECT.search(text) is None:
        return text  # the common path: no text in it can hold NUL or a surrogate
    stack: list[tuple[object, str]] = [(value, field)]
    while stack:
        item, at = stack.pop()
        if isinstance(item, str):
            stored_text(item, field=at or "document", most=None)
        elif isinstance(item, dict):
            for key, inner in item.items():
                # a bad key is named by the object that holds it: the path has no NUL
                stored_text(str(key), field=at or "document", most=None)
                stack.append((inner, f"{at}.{key}" if at else str(key)))
        elif isinstance(item, list):
            stack.extend((inner, f"{at}[{i}]") for i, inner in enumerate(item))
    return text
