"""A Moodle XML question bank: one Cloze question per variant, in one category.

The file is what Moodle's importer (``question/format/xml/format.php``) reads: a
``<quiz>`` whose first ``<question type="category">`` names the category
``$course$/top/NAME``, then one ``<question type="multianswer">`` per variant with its
``name``, its ``questiontext`` (HTML, the tree's diagram embedded as a base64
``<file>`` and shown by ``@@PLUGINFILE@@/tree-SEED.svg``), its ``generalfeedback``
(the answer key, shown after the attempt), ``defaultgrade`` (one mark per part),
``penalty``, ``hidden`` and ``idnumber``.

Each part (:mod:`.question_parts`) is a Cloze subquestion worth one mark, graded as
``gametrace check`` grades its item: a number (the root's value, a node's exact
value, a finite alpha or beta) ``{1:NUMERICAL:=15:0}`` (no tolerance); a bound, an
unbounded alpha or beta and the best move a case-sensitive short answer
(``{1:SHORTANSWER_C:=C}``; a bound ``<=2`` also as ``≤2`` and as the plain number);
the pruned nodes and the leaves evaluated a short answer listing every answer that
earns credit, with its fraction (:mod:`.cloze_answers`): "K G" scores as "G K"; a set
too large to list is a box to tick per node (``MULTIRESPONSE_H``).  The texts a
student reads (the task, each part's words, the key, the word for "none") are in the
export's language.  A teacher imports the file (Question bank > Import >
Moodle XML) and adds "a random question" from the category to a quiz: every student
gets one variant.

Every text is escaped as XML character data (entities, no CDATA), and nothing in the
file depends on the clock, so the same arguments give the same bytes.
"""

from __future__ import annotations

import base64
import math
import os
from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from ...choices import unknown_choice
from ...errors import UsageError
from ...numbers import format_number
from ...said import said, said_n
from .cloze_answers import extras, sequence_answers, set_answers
from .question_parts import Part, none_word
from .question_variants import Progress, QuestionSpec, Variant, Variants, diagram
from .question_words import (
    alt_text,
    check_lang,
    check_name,
    hints,
    html_text,
    intro,
    part_words,
    variants_of,
    written,
)

__all__ = ["FIELD_WIDTH", "IMAGE_FORMATS", "PENALTY", "TICKS", "check_name", "cloze_fields",
           "default_name", "moodle_xml", "spellings", "ticks", "write_moodle"]

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
    return spec.default_name()


def moodle_xml(source: QuestionSpec | Variants, seeds: Sequence[int] = (), *,
               name: str | None = None, image: str = "svg",
               lang: str = "en", progress: Progress | None = None) -> tuple[bytes, Variants]:
    """The question bank of ``source``'s variants (a spec's for ``seeds``, or an
    assignment's) in the category ``$course$/top/NAME`` (``name`` default: the spec's
    shape, the assignment's title), each diagram embedded as ``image``
    (:data:`IMAGE_FORMATS`), every text in ``lang``; returns the XML and the variants."""
    if image not in IMAGE_FORMATS:
        raise UsageError(unknown_choice(said("image format"), image, IMAGE_FORMATS, suggest=False))
    check_lang(lang)
    made = variants_of(source, seeds, progress=progress)
    category = check_name(name if name is not None else made.name)
    parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n',
             _category(category, made, lang)]
    parts += [_question(category, made, v, image, lang)
              for v in written(made, seeds, progress)]
    parts.append("</quiz>\n")
    return "".join(parts).encode("utf-8"), made


def write_moodle(out: str | os.PathLike[str], source: QuestionSpec | Variants,
                 seeds: Sequence[int] = (), *, name: str | None = None,
                 image: str = "svg", lang: str = "en",
                 progress: Progress | None = None) -> Variants:
    """:func:`moodle_xml` written to ``out`` (``.xml``, or ``-`` for standard output)
    whole or not at all (:mod:`tracer.outputs`)."""
    from ...outputs import check_output
    from ...writing import write_output_bytes

    target = check_output(out, role="question bank")
    data, made = moodle_xml(source, seeds, name=name, image=image, lang=lang,
                            progress=progress)
    write_output_bytes(target, data)
    return made


def _text(tag: str, text: str, *, fmt: str | None = None, extra: str = "",
          indent: str = "    ") -> str:
    attr = f" format={quoteattr(fmt)}" if fmt is not None else ""
    return (f"{indent}<{tag}{attr}>\n{indent}  <text>{escape(text)}</text>\n{extra}"
            f"{indent}</{tag}>\n")


def _category(category: str, made: Variants, lang: str) -> str:
    if made.spec is not None:
        info = said_n("{n} variant of one alpha-beta exercise made by gametrace: "
                      "{describe}. Add a random question from this category to a quiz: "
                      "every student gets one variant.",
                      "{n} variants of one alpha-beta exercise made by gametrace: "
                      "{describe}. Add a random question from this category to a quiz: "
                      "every student gets one variant.", len(made.variants),
                      describe=made.spec.describe_said())
    elif len(made.variants) > 1 or made.variants[0].seed is not None:
        info = said_n("{n} variant of the assignment {title}, made by gametrace "
                      "({conventions}). Add a random question from this category to a "
                      "quiz: every student gets one variant.",
                      "{n} variants of the assignment {title}, made by gametrace "
                      "({conventions}). Add a random question from this category to a "
                      "quiz: every student gets one variant.", len(made.variants),
                      title=made.title, conventions=made.conventions)
    else:
        info = said("The question of the assignment {title}, made by gametrace "
                    "({conventions}).", title=made.title, conventions=made.conventions)
    return ('  <question type="category">\n'
            + _text("category", f"$course$/top/{category}")
            + _text("info", f"<p>{html_text(info.worded(lang))}</p>", fmt="html")
            + "    <idnumber></idnumber>\n  </question>\n")


def _title(made: Variants, v: Variant, lang: str) -> str:
    if made.spec is not None or not made.title:
        return said("Alpha-beta exercise {seed}", seed=v.label).worded(lang)
    return made.title if v.seed is None else f"{made.title} {v.label}"


def _question(category: str, made: Variants, v: Variant, image: str, lang: str) -> str:
    label = v.label or "1"
    file_name = f"tree-{label}.{image}"
    picture = diagram(v, image, title=_title(made, v, lang), lang=lang)
    data = base64.b64encode(picture).decode("ascii")
    file_xml = (f'      <file name={quoteattr(file_name)} path="/" encoding="base64">'
                f"{data}</file>\n")
    text = _question_html(made, v, file_name, lang)
    name = f"{category} {v.label}" if v.label else made.title or category
    ident = f"{category}-{v.label}" if v.label else category
    return ('  <question type="multianswer">\n'
            + _text("name", name)
            + _text("questiontext", text, fmt="html", extra=file_xml)
            + _text("generalfeedback", _key_html(v, lang), fmt="html")
            + f"    <defaultgrade>{len(v.parts)}</defaultgrade>\n"
            + f"    <penalty>{PENALTY}</penalty>\n"
            + "    <hidden>0</hidden>\n"
            + f"    <idnumber>{escape(ident)}</idnumber>\n"
            + "  </question>\n")


def _question_html(made: Variants, v: Variant, file_name: str, lang: str) -> str:
    task = intro(made).worded(lang)
    items = "".join(f"<li>{html_text(part_words(p.key, lang))}: {field}</li>\n"
                    for p, field in zip(v.parts, cloze_fields(v, lang), strict=True))
    notes = " ".join(hints(v.parts, lang, ticked=any(ticks(p) for p in v.parts)))
    alt = html_text(alt_text(v, lang).worded(lang))
    return (f"<p>{html_text(task)}</p>\n"
            f'<p><img src="@@PLUGINFILE@@/{file_name}" alt="{alt}" '
            'style="max-width: 100%; height: auto;"></p>\n'
            f"<p>{html_text(notes)}</p>\n"
            f"<ol>\n{items}</ol>\n")


def _key_html(v: Variant, lang: str) -> str:
    rows = "".join(f"<li>{html_text(part_words(p.key, lang))}: "
                   f"{html_text(p.answer_text(lang))}</li>\n" for p in v.parts)
    out = f"<p>{html_text(said('The answer key:').worded(lang))}</p>\n<ul>\n{rows}</ul>\n"
    if v.remake is not None:
        again = said("The same tree, its worksheet and its whole answer key: {command}",
                     command="COMMAND").worded(lang)
        before, _, after = again.partition("COMMAND")
        out += (f"<p>{html_text(before)}<code>{html_text(v.remake)}</code>{html_text(after)}</p>\n")
    return out


FIELD_WIDTH = 60
"""The widest box Moodle draws (qtype_multianswer_textfield_renderer: at most 60)."""


def cloze_fields(v: Variant, lang: str) -> list[str]:
    """Each part of ``v`` as an embedded answer worth one mark, every box equally wide.

    Moodle sizes a box by its longest answer, which would tell a student how many nodes
    are pruned or that a value is a bound: each text field ends with an answer worth 0
    as wide as the question's longest (underscores, or for a number a negative one)
    listed last: Moodle takes the first answer that matches, so it never changes a
    grade."""
    fields = [_field_answers(v, p, lang) for p in v.parts]
    width = min(FIELD_WIDTH, max((len(a.encode()) for kind, answers in fields
                                  if kind != TICKS for a, _ in answers), default=1))
    out = []
    for kind, answers in fields:
        longest = max(len(a.encode()) for a, _ in answers)
        if kind != TICKS and longest < width:
            answers = [*answers, ("-" + "9" * (width - 1) if kind == "NUMERICAL"
                                  else "_" * width, 0.0)]
        if kind == "NUMERICAL":
            out.append("{1:NUMERICAL:" + "~".join(_fraction(f) + _cloze(a) + ":0"
                                                  for a, f in answers) + "}")
        else:
            out.append("{1:" + kind + ":" + "~".join(_fraction(f, ticks=kind == TICKS)
                                                     + _cloze(html_text(a))
                                                     for a, f in answers) + "}")
    return out


TICKS = "MULTIRESPONSE_H"
"""The field of a set too large to list its orderings: a box to tick per node."""


def ticks(p: Part) -> bool:
    """Whether the set part ``p`` is asked with a box per node: its key has more nodes
    than :func:`.cloze_answers.extras` can list every ordering of."""
    return p.kind == "set" and extras(len(p.nodes), ordered=False) is None


def _field_answers(v: Variant, p: Part, lang: str) -> tuple[str, list[tuple[str, float]]]:
    if p.kind in ("number", "value") and p.bound == "exact" and p.number is not None \
            and math.isfinite(p.number):
        return "NUMERICAL", [(format_number(p.number), 1.0)]
    if ticks(p):
        # each node of the key 1/n, each other node -1/(n + 1): the checker's overlap
        # over the union for any part of the key, and for the key with one node more
        n = len(p.nodes)
        inside = {node for node, _ in p.inside}
        return TICKS, [(node, 1 / n if node in p.nodes else
                        0.0 if node in inside else -1 / (n + 1)) for node in v.order[1:]]
    if p.kind == "set":
        return "SHORTANSWER_C", set_answers(p.nodes, none_word(lang))
    if p.kind == "sequence":
        return "SHORTANSWER_C", sequence_answers(p.nodes, none_word(lang))
    return "SHORTANSWER_C", [(text, 1.0) for text in spellings(p)]


def spellings(p: Part) -> list[str]:
    """The right ways of writing a number, a value or a node (``gametrace check``
    takes the plain number for a bound, and ``≤``/``≥`` for ``<=``/``>=``)."""
    if p.kind == "node":
        return [p.nodes[0]]
    assert p.number is not None
    number = p.answer_text().lstrip("<=>")
    if number == "+inf":
        return ["+inf", "inf"]
    if p.bound == "exact":
        return [number]
    ascii_sign, sign = ("<=", "≤") if p.bound == "le" else (">=", "≥")
    return [f"{ascii_sign}{number}", f"{ascii_sign} {number}", f"{sign}{number}",
            f"{sign} {number}", number]


def _fraction(share: float, *, ticks: bool = False) -> str:
    if share >= 1.0 and not ticks:
        return "="
    percent = f"{100 * share:.5f}".rstrip("0").rstrip(".")
    return f"%{percent}%"


def _cloze(text: str) -> str:
    return "".join("\\" + c if c in _CLOZE_SPECIAL else c for c in text)
