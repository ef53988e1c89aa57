"""Every string that reaches Graphviz, made safe: the one place that quotes and escapes.

Node ids, move names, positions and notes come from traces, and a trace may come from
anyone (a student's own program, an upload to the service).  Written into DOT as they
are, an id such as ``<a> image="/etc/passwd" ...>`` is read as an HTML-like string
followed by attributes of the writer's choosing, an id with ``:`` names a port, a
backslash ends a quoted string early, a NUL cuts the text short in the C library, and
a string longer than 16,384 bytes is a syntax error.  So:

* **Names** (:func:`dot_name`, :func:`quote`): every node name is written as a quoted DOT
  string, never bare and never as an HTML-like ``<...>`` string.  A backslash is
  doubled (Graphviz keeps ``\\\\`` in a quoted string as two backslashes: the name that
  comes back from a layout is the same text), a control character, a lone surrogate or
  U+FFFE/U+FFFF becomes ``\\uXXXX`` (with one backslash, which no doubled data
  backslash can make), and a name longer than :data:`NAME_CHARS` is cut and given a
  digest of the whole, so different ids stay different.  Ids that need none of this
  (every lecture tree's) are written as they are.
* **Plain text** in a label or ``xlabel`` (:func:`label_text`): shortened to
  :data:`LABEL_CHARS`, control characters replaced by U+FFFD, backslashes doubled (no
  ``\\N`` or ``\\l`` escape from data), ``&`` and a leading ``<`` written as entities
  (which Graphviz turns back into the characters), so a plain label never looks like an
  HTML-like one, in DOT or through pygraphviz.
* **Other text attributes** (tooltips; :func:`attr_text`): the same, without entities.
* **Text inside our own HTML-like labels** (:func:`html_text`): shortened, characters
  XML does not allow replaced, ``& < > " '`` escaped, and backslashes doubled
  (Graphviz replaces ``\\N`` by the node's name in these labels too).
* **Attributes** (:func:`attr_list`): only label attributes may hold an HTML-like
  value, and only the ones this package builds; every other value is a quoted string.
  Attributes that read a file or load something (``image``, ``shapefile``, ``fontpath``,
  ``imagepath``, ``URL``/``href`` and their kin) are never written: the drawing has none,
  and data cannot add one.

:data:`LABEL_CHARS` is 1,000 characters: a text that long is far wider than any drawing,
and even written at its longest (every character an entity such as ``&quot;``, 6 bytes,
or 4 bytes of UTF-8) two of them and the markup of a label stay below Graphviz's limit
of 16,384 bytes for one quoted or HTML-like string.
"""

from __future__ import annotations

import functools
import hashlib
import html
import re
from collections.abc import Iterable, Mapping

from ...errors import LimitExceeded
from ...said import said

__all__ = ["DOT_LIMIT", "FORBIDDEN", "LABEL_CHARS", "NAME_CHARS", "attr_list", "attr_text",
           "clean", "clip", "dot_name", "edge_stmt", "html_text", "label_text", "node_stmt",
           "quote", "svg_safe"]

LABEL_CHARS = 1000
"""The most characters of one piece of data (a name, a move, a position, a note) that a
label shows; longer ones end with an ellipsis."""
NAME_CHARS = 1000
"""The longest node name written as it is; longer ones are cut and given a digest."""
DOT_LIMIT = 16384
"""Graphviz's limit, in bytes, on one quoted or HTML-like string."""
ELLIPSIS = "…"
FORBIDDEN = frozenset({
    "image", "imagepath", "imagepos", "imagescale", "shapefile", "fontpath", "fontnames",
    "url", "href", "headurl", "headhref", "tailurl", "tailhref", "labelurl", "labelhref",
    "edgeurl", "edgehref", "target", "headtarget", "tailtarget", "labeltarget",
    "edgetarget", "stylesheet", "charset"})
"""Attributes (lower-cased) that read a file, load something, link somewhere or change
how Graphviz reads the text (``charset``): never written, whatever their value."""
HTML_ATTRS = frozenset({"label", "xlabel", "headlabel", "taillabel"})
"""The only attributes whose value may be an HTML-like label."""

_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
"""Characters a label must not hold: control characters but tab and newline (a NUL
ends a C string; XML, so SVG, allows none of them), lone surrogates (not UTF-8) and
the two non-characters XML refuses."""
_NAME_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff\\\\\u2026]")
"""Characters a node name writes as an escape: those of :data:`_UNSAFE`, the backslash
(doubled), and the ellipsis, which only the names of over-long ids hold as it is."""
_HTML_LOADS = re.compile(r"<\s*IMG\b|<[^>]*\b(HREF|SRC|TARGET)\s*=", re.IGNORECASE)
"""An image or a link in an HTML-like label: only data could put one there, and data is
escaped (:func:`html_text`), so this is a last check."""


def clean(text: str) -> str:
    """``text`` with every character a label must not hold replaced by U+FFFD."""
    return _UNSAFE.sub("\ufffd", text)


def clip(text: str, limit: int = LABEL_CHARS) -> str:
    """``text`` cut to at most ``limit`` characters, ending with an ellipsis if cut."""
    return text if len(text) <= limit else text[:limit - 1] + ELLIPSIS


def html_text(text: str, limit: int = LABEL_CHARS) -> str:
    """``text`` for inside one of our HTML-like labels: shortened, cleaned, escaped.

    Graphviz replaces ``\\N``, ``\\G`` and the like in HTML-like labels too (after it
    reads their entities, so ``&#92;`` would not do): backslashes are doubled."""
    return html.escape(clean(clip(text, limit)), quote=True).replace("\\", "\\\\")


def attr_text(text: str, limit: int = LABEL_CHARS) -> str:
    """``text`` as the value of a plain text attribute (a tooltip): shortened, cleaned,
    backslashes doubled (a newline stays a newline, which Graphviz keeps)."""
    return clean(clip(text, limit)).replace("\\", "\\\\")


def label_text(text: str, limit: int = LABEL_CHARS) -> str:
    """``text`` as a plain (not HTML-like) label: as :func:`attr_text`, ``&`` written
    ``&amp;`` and a leading ``<`` written ``&lt;`` (Graphviz turns entities in a plain
    label back into characters), so that it never reads as an HTML-like label."""
    out = attr_text(text, limit).replace("&", "&amp;")
    return "&lt;" + out[1:] if out.startswith("<") else out


@functools.lru_cache(maxsize=1 << 16)
def dot_name(key: str) -> str:
    """The name node ``key`` has in DOT and in Graphviz (what a layout hands back).

    The same as ``key`` unless it holds a backslash, a control character, a surrogate,
    U+FFFE/U+FFFF or an ellipsis, or is longer than :data:`NAME_CHARS`.  Different keys
    never get the same name (short of a SHA-256 collision for over-long ones): a
    doubled backslash is a backslash, a single one starts ``\\uXXXX``, and ``…#``
    and a digest end only the names of over-long ids."""
    if len(key) <= NAME_CHARS and _NAME_UNSAFE.search(key) is None:
        return key
    name = _NAME_UNSAFE.sub(_name_escape, key)
    if len(name) > NAME_CHARS:
        digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:16]
        name = name[:NAME_CHARS - 20]
        name = name[:-1] if _odd_backslashes(name) else name
        name = f"{name}{ELLIPSIS}#{digest}"
    return name


def _name_escape(m: re.Match[str]) -> str:
    ch = m.group()
    return "\\\\" if ch == "\\" else f"\\u{ord(ch):04x}"


def _odd_backslashes(text: str) -> bool:
    return (len(text) - len(text.rstrip("\\"))) % 2 == 1


def svg_safe(key: str, prefix: str) -> str:
    """An SVG element id for ``key``: letters, digits, ``-`` and ``_`` only, bounded."""
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in key[:200])
    if len(key) > 200:
        safe += "-" + hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"{prefix}{safe}"


def quote(value: str) -> str:
    """``value`` as a quoted DOT string (never bare, never HTML-like).

    Graphviz reads a quoted string as it is written but for ``\\"`` (a quote) and a
    backslash before a newline (a continuation): quotes are escaped, a backslash left
    odd at the very end is doubled, and anything a C string or UTF-8 cannot carry is
    replaced."""
    text = _BEFORE_QUOTE.sub(_escape_quote, clean(value))
    text = _BEFORE_NEWLINE.sub(_even, text)
    if _odd_backslashes(text):
        text += "\\"
    return f'"{text}"'


_BEFORE_QUOTE = re.compile(r'(\\*)"')
_BEFORE_NEWLINE = re.compile(r"(\\*)\n")


def _escape_quote(m: re.Match[str]) -> str:
    """A quote after an even run of backslashes gets one (``\\"`` is a quote inside a
    string); after an odd run, the run's last backslash already escapes it."""
    run = m.group(1)
    return run + ('\\"' if len(run) % 2 == 0 else '"')


def _even(m: re.Match[str]) -> str:
    """A backslash just before a newline would join the lines: an odd run is doubled."""
    run = m.group(1)
    return (run + "\\" if len(run) % 2 else run) + "\n"


def _is_html(attr: str, value: str) -> bool:
    return attr in HTML_ATTRS and len(value) >= 2 and value[0] == "<" and value[-1] == ">"


_BARE = re.compile(r"([a-zA-Z_][a-zA-Z0-9_]*|-?(\.[0-9]+|[0-9]+(\.[0-9]*)?))")
"""A value DOT reads the same bare or quoted (a word or a number), written bare as the
``graphviz`` package writes it; node names are quoted whatever they are."""
_KEYWORDS = frozenset({"node", "edge", "graph", "digraph", "subgraph", "strict"})


def attr_value(attr: str, value: str) -> str:
    """One attribute's value as DOT: our HTML-like labels as they are, a word or a
    number bare, all else quoted."""
    if _BARE.fullmatch(value) and value.lower() not in _KEYWORDS:
        return value
    if _is_html(attr, value):
        if _HTML_LOADS.search(value):
            raise ValueError(f"an HTML-like {attr} may not hold images or links")
        if _UNSAFE.search(value):
            value = clean(value)
        return value
    return quote(value)


def attr_list(attrs: Mapping[str, str] | Iterable[tuple[str, str]]) -> str:
    """`` [a="x" label=<...>]`` (empty when there are none), names checked.

    Raises ValueError for an attribute that reads a file or loads something (a bug of
    the writer: data never names attributes), LimitExceeded for a value longer than
    Graphviz reads (many long texts in one label)."""
    items = list(attrs.items() if isinstance(attrs, Mapping) else attrs)
    # The label first, as the ``graphviz`` package writes it (``node(name, label, ...)``).
    items.sort(key=lambda item: item[0] != "label")
    out = []
    for attr, value in items:
        if attr.lower() in FORBIDDEN or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", attr):
            raise ValueError(f"attribute {attr!r} may not be written to DOT")
        text = attr_value(attr, value)
        if len(text.encode("utf-8")) >= DOT_LIMIT:
            raise LimitExceeded(said("a {attr} of the drawing is longer than Graphviz reads "
                                     "({limit:,} bytes): shorten the trace's texts",
                                     attr=attr, limit=DOT_LIMIT))
        out.append(f"{attr}={text}")
    return f" [{' '.join(out)}]" if out else ""


def node_stmt(key: str, attrs: Mapping[str, str] | Iterable[tuple[str, str]]) -> str:
    """The DOT statement of node ``key`` (a tab first, a newline last, as ``graphviz``
    writes them)."""
    return f"\t{quote(dot_name(key))}{attr_list(attrs)}\n"


def edge_stmt(tail: str, head: str,
              attrs: Mapping[str, str] | Iterable[tuple[str, str]]) -> str:
    """The DOT statement of the edge ``tail -> head`` (never a port: both are quoted)."""
    return f"\t{quote(dot_name(tail))} -> {quote(dot_name(head))}{attr_list(attrs)}\n"
