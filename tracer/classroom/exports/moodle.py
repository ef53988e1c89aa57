"""A Moodle XML question bank: one Cloze question per seeded variant, in one category.

The file is what Moodle's importer (``question/format/xml/format.php``) reads: a
``<quiz>`` whose first ``<question type="category">`` names the category
``$course$/top/NAME``, then one ``<question type="multianswer">`` per variant with its
``name``, its ``questiontext`` (HTML, the tree's diagram embedded as a base64
``<file>`` and shown by ``@@PLUGINFILE@@/tree-SEED.svg``), its ``generalfeedback``
(the answer key, shown after the attempt), ``defaultgrade``, ``penalty``, ``hidden``
and ``idnumber``.  The items are Cloze subquestions (Moodle's "Embedded answers"):
``{1:NUMERICAL:=15:0}`` for the root's value, ``{1:SHORTANSWER:=C}`` for the best
move, and the pruned nodes as a short answer in the canonical spelling that the
question text explains (commas accepted too).  A teacher imports the file (Question
bank > Import > Moodle XML) and adds "a random question" from the category to a quiz:
every student gets one variant.

Every text is escaped as XML character data (entities, no CDATA), and nothing in the
file depends on the clock, so the same arguments give the same bytes.
"""

from __future__ import annotations

import base64
import os
from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from ...choices import unknown_choice
from ...errors import UsageError
from ...numbers import format_number
from ...said import said
from .question_variants import NONE, QuestionSpec, Variant, Variants, diagram, make_variants

__all__ = ["IMAGE_FORMATS", "PENALTY", "check_name", "default_name", "moodle_xml",
           "write_moodle"]

IMAGE_FORMATS = ("svg", "png")
"""How a question's diagram is embedded."""

PENALTY = "0.3333333"
"""The share of a subquestion's mark lost per wrong try in an adaptive quiz (Moodle's
default, written as its own exports write it)."""

_CLOZE_SPECIAL = "}#"
"""Characters that end a Cloze answer unless escaped with a backslash: the two that
Moodle's import (qtype_multianswer_extract_question) unescapes.  A node's name or a
number holds neither, nor a ``~`` (which no escape would carry)."""


def default_name(spec: QuestionSpec) -> str:
    """The category (and question name) an export gets when none is given."""
    cuts = "" if spec.cuts is None else f"-cuts{spec.cuts[0]}-{spec.cuts[1]}"
    return f"alphabeta-b{spec.branching}-d{spec.depth}{cuts}"


def check_name(name: str, *, option: str = "--name") -> str:
    """``name`` if it can name a question category and a folder: 1 to 100 letters,
    digits, spaces, ``-``, ``_`` or ``.``, not starting with ``.`` or a space."""
    allowed = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.")
    if not 1 <= len(name) <= 100 or not set(name) <= allowed or name[0] in ". " or (
            name[-1] == " "):
        raise UsageError(said("{option} {name!r}: a name is 1 to 100 letters, digits, "
                              "spaces, '-', '_' or '.', not starting with '.' or a space",
                              option=option, name=name))
    return name


def moodle_xml(spec: QuestionSpec, seeds: Sequence[int], *, name: str | None = None,
               image: str = "svg") -> tuple[bytes, Variants]:
    """The question bank of ``spec``'s variants for ``seeds`` in the category
    ``$course$/top/NAME`` (``name`` default :func:`default_name`), each diagram
    embedded as ``image`` (:data:`IMAGE_FORMATS`); returns the XML and the variants."""
    if image not in IMAGE_FORMATS:
        raise UsageError(unknown_choice(said("image format"), image, IMAGE_FORMATS, suggest=False))
    category = check_name(name if name is not None else default_name(spec))
    made = make_variants(spec, seeds)
    parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n',
             _category(category, spec, made)]
    parts += [_question(category, spec, v, image) for v in made.variants]
    parts.append("</quiz>\n")
    return "".join(parts).encode("utf-8"), made


def write_moodle(out: str | os.PathLike[str], spec: QuestionSpec, seeds: Sequence[int], *,
                 name: str | None = None, image: str = "svg") -> Variants:
    """:func:`moodle_xml` written to ``out`` (``.xml``, or ``-`` for standard output)
    whole or not at all (:mod:`tracer.outputs`)."""
    from ...outputs import check_output
    from ...writing import write_output_bytes

    target = check_output(out, role="question bank")
    data, made = moodle_xml(spec, seeds, name=name, image=image)
    write_output_bytes(target, data)
    return made


def _text(tag: str, text: str, *, fmt: str | None = None, extra: str = "",
          indent: str = "    ") -> str:
    attr = f" format={quoteattr(fmt)}" if fmt is not None else ""
    return (f"{indent}<{tag}{attr}>\n{indent}  <text>{escape(text)}</text>\n{extra}"
            f"{indent}</{tag}>\n")


def _category(category: str, spec: QuestionSpec, made: Variants) -> str:
    info = (f"<p>{len(made.variants)} variants of one alpha-beta exercise made by "
            f"gametrace: {spec.describe()}. Add a random question from this category "
            "to a quiz: every student gets one variant.</p>")
    return ('  <question type="category">\n'
            + _text("category", f"$course$/top/{category}")
            + _text("info", info, fmt="html")
            + "    <idnumber></idnumber>\n  </question>\n")


def _question(category: str, spec: QuestionSpec, v: Variant, image: str) -> str:
    file_name = f"tree-{v.seed}.{image}"
    picture = diagram(v, image, title=f"Alpha-beta exercise {v.seed}")
    data = base64.b64encode(picture).decode("ascii")
    file_xml = (f'      <file name={quoteattr(file_name)} path="/" encoding="base64">'
                f"{data}</file>\n")
    text = _question_html(spec, v, file_name)
    return ('  <question type="multianswer">\n'
            + _text("name", f"{category} {v.seed}")
            + _text("questiontext", text, fmt="html", extra=file_xml)
            + _text("generalfeedback", _key_html(spec, v), fmt="html")
            + "    <defaultgrade>3</defaultgrade>\n"
            + f"    <penalty>{PENALTY}</penalty>\n"
            + "    <hidden>0</hidden>\n"
            + f"    <idnumber>{escape(f'{category}-{v.seed}')}</idnumber>\n"
            + "  </question>\n")


def _question_html(spec: QuestionSpec, v: Variant, file_name: str) -> str:
    root = v.order[0]
    leaves = ", ".join(f"{node} = {format_number(value)}" for node, value in v.leaves)
    alt = (f"A game tree with MAX at the root {root}; its leaves, left to right: {leaves}")
    return (f"<p>Search this game tree by hand with {_html(spec.conventions_text())}. "
            "Triangles pointing up are MAX nodes, pointing down MIN nodes; each leaf "
            "shows its value.</p>\n"
            f'<p><img src="@@PLUGINFILE@@/{file_name}" alt="{_html(alt)}" '
            'style="max-width: 100%; height: auto;"></p>\n'
            "<ol>\n"
            f"<li>The value of the root {root}: {_numerical(v.value)}</li>\n"
            f"<li>The best move (the child of {root} the search chooses): "
            f"{_short([v.move])}</li>\n"
            "<li>The pruned nodes (the roots of the subtrees the search never visits), "
            "top to bottom and left to right, separated by single spaces; "
            f"<code>{NONE}</code> if nothing is pruned: "
            f"{_short(_pruned_spellings(v))}</li>\n"
            "</ol>\n")


def _key_html(spec: QuestionSpec, v: Variant) -> str:
    key = v.exercise.solution
    evaluated = " ".join(key.evaluated or ()) or NONE
    values = ", ".join(f"{node} {str(value) if value.bound != 'exact' else '= ' + str(value)}"
                       for node, value in key.values.items())
    return (f"<p>The root's value is {format_number(v.value)}; the best move is "
            f"{_html(v.move)}; pruned: {_html(v.pruned_text)}.</p>\n"
            f"<p>Leaves evaluated, in order: {_html(evaluated)}. "
            f"Values returned: {_html(values)}.</p>\n"
            f"<p>The same tree, its worksheet and its whole answer key: "
            f"<code>{_html(spec.exercise_command(v.seed))}</code>.</p>\n")


def _pruned_spellings(v: Variant) -> list[str]:
    if not v.pruned:
        return [NONE]
    spaced = v.pruned_text
    return [spaced, *dict.fromkeys(s for s in (",".join(v.pruned), ", ".join(v.pruned))
                                   if s != spaced)]


def _numerical(value: float | int) -> str:
    return "{1:NUMERICAL:=" + _cloze(format_number(value)) + ":0}"


def _short(answers: Sequence[str]) -> str:
    return "{1:SHORTANSWER:" + "~".join("=" + _cloze(a) for a in answers) + "}"


def _cloze(text: str) -> str:
    return "".join("\\" + c if c in _CLOZE_SPECIAL else c for c in text)


def _html(text: str) -> str:
    return escape(text, {'"': "&quot;"})
