"""Moodle's import of a Cloze question and its grading, transcribed for the tests.

Each step follows Moodle's own code, so that a test can say what grade Moodle would give:

* the file: ``question/format/xml/format.php`` (``import_multianswer``): the question
  text's ``<text>`` (XML character data, entities decoded by the XML parser) goes to
  ``qtype_multianswer_extract_question``, the result is checked by
  ``qtype_multianswer_validate_question``; the question's mark is the sum of its
  subquestions' (``defaultmark``), whatever ``<defaultgrade>`` says;
* the Cloze fields: ``question/type/multianswer/questiontype.php``:
  ``ANSWER_REGEX`` (``{N:TYPE:alternatives}``), each alternative
  ``ANSWER_ALTERNATIVE_REGEX`` (``=`` fraction 1, ``%P%`` fraction P/100, else 0;
  ``#feedback``), a NUMERICAL answer ``NUMERICAL_ALTERNATIVE_REGEX`` (``answer:tolerance``),
  a text answer HTML-entity-decoded with ``\\}`` and ``\\#`` unescaped; SHORTANSWER
  ignores case, SHORTANSWER_C does not; MULTIRESPONSE's positive fractions are scaled to
  add up to 1 (the negative ones, when no fraction is given, each cancel one right);
* a short answer's grade: ``question/type/shortanswer/question.php``: the response
  trimmed (``PARAM_RAW_TRIMMED``), blank not gradable, the *first* answer that matches
  (``question_first_matching_answer_grading_strategy``) by
  ``compare_string_with_wildcard`` (``*`` any text unless escaped ``\\*``, the rest
  literal, anchored, ``i`` without case, NFC-normalised, compared with the trimmed
  response) gives its fraction, none 0;
* a number's: ``question/type/numerical``: the first answer within its absolute
  tolerance (plus Moodle's 1e-14 of float precision), a response that is no number 0;
* a multiple choice's: the chosen choice's fraction; multiple response: the sum of the
  chosen choices' fractions, kept within 0..1;
* the question's: ``question/type/multianswer/question.php`` (``grade_response``): the
  sum of each gradable subquestion's fraction times its mark, over the sum of marks (a
  blank subquestion adds 0).
"""

from __future__ import annotations

import html
import re
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

__all__ = ["Cloze", "Sub", "extract_question", "read_bank"]

# Moodle's regexes; PCRE's look-behind (?<!\\\\|&|&amp;) is three fixed-width ones here.
_FRACTION = r"=|%(-?[0-9]+(?:[.,][0-9]*)?)%"
_ANSWER = r".+?(?<!\\)(?<!&)(?<!&amp;)(?=[~#}]|$)"
_FEEDBACK = r".*?(?<!\\)(?=[~}]|$)"
ALTERNATIVE = f"({_FRACTION})?({_ANSWER})(#({_FEEDBACK}))?"
_TYPES = (r"(NUMERICAL|NM)|(MULTICHOICE|MC)|(MULTICHOICE_V|MCV)|(MULTICHOICE_H|MCH)|"
          r"(SHORTANSWER|SA|MW)|(SHORTANSWER_C|SAC|MWC)|"
          r"(MULTICHOICE_S|MCS)|(MULTICHOICE_VS|MCVS)|(MULTICHOICE_HS|MCHS)|"
          r"(MULTIRESPONSE|MR)|(MULTIRESPONSE_H|MRH)|(MULTIRESPONSE_S|MRS)|"
          r"(MULTIRESPONSE_HS|MRHS)")
ANSWER_REGEX = re.compile(r"\{([0-9]*):(" + _TYPES + "):(" + ALTERNATIVE + "(~"
                          + ALTERNATIVE + r")*)\}", re.S)
_NUMBER = r"-?(([0-9]+[.,]?[0-9]*|[.,][0-9]+)([eE][-+]?[0-9]+)?)"
NUMERICAL_ALTERNATIVE = re.compile(f"^({_NUMBER})(:{_NUMBER})?$", re.S)
# groups of ANSWER_REGEX, as Moodle numbers them
_NORM, _NUMERICAL, _SHORT, _SHORT_C, _ALTERNATIVES = 1, 3, 7, 8, 16
_MULTI = range(12, 16)
_CHOICE = (4, 5, 6, 9, 10, 11)
_PRECISION = 1e-14


@dataclass
class Sub:
    """One subquestion as Moodle stores it."""

    qtype: str
    """``numerical``, ``shortanswer`` or ``multichoice``."""
    mark: float
    answers: list[str] = field(default_factory=list)
    fractions: list[float] = field(default_factory=list)
    tolerances: list[float] = field(default_factory=list)
    usecase: bool = False
    single: bool = True

    def grade(self, response: str | Sequence[int] | None) -> float | None:
        """The fraction Moodle gives ``response`` (text; for a multiple choice the
        chosen choices' indexes, or a text naming them: the choices it names are the
        ones ticked), ``None`` when it is not gradable (blank)."""
        if self.qtype == "multichoice":
            if isinstance(response, str):  # the choices named in the text are ticked
                named = set(response.split())
                response = [i for i, a in enumerate(self.answers) if a in named]
            chosen = [] if response is None else list(response)
            if not chosen:
                return None
            if self.single:
                return self.fractions[chosen[0]]
            return min(max(0.0, sum(self.fractions[i] for i in chosen)), 1.0)
        text = "" if response is None else str(response).strip()
        if not text:
            return None
        if self.qtype == "numerical":
            value = _number(text)
            if value is None:
                return 0.0
            for answer, fraction, tolerance in zip(self.answers, self.fractions,
                                                   self.tolerances, strict=True):
                if answer == "*":
                    return fraction
                margin = abs(tolerance) + _PRECISION
                if float(answer) - margin <= value <= float(answer) + margin:
                    return fraction
            return 0.0
        for answer, fraction in zip(self.answers, self.fractions, strict=True):
            if compare_string_with_wildcard(text, answer, ignorecase=not self.usecase):
                return fraction
        return 0.0


@dataclass
class Cloze:
    """A Cloze question after Moodle's import."""

    name: str
    text: str
    """The question text with each field replaced by ``{#N}``."""
    subs: list[Sub]

    @property
    def mark(self) -> float:
        return sum(s.mark for s in self.subs)

    def grade(self, responses: Sequence[str | Sequence[int] | None]) -> float:
        """The question's fraction for one response per subquestion."""
        total = 0.0
        for sub, response in zip(self.subs, responses, strict=True):
            got = sub.grade(response)
            if got is not None:
                total += got * sub.mark
        return total / self.mark


def compare_string_with_wildcard(string: str, pattern: str, *, ignorecase: bool) -> bool:
    bits = re.split(r"(?<!\\)\*", pattern)
    regexp = "^" + ".*".join(re.escape(b.replace("\\*", "*")) for b in bits) + "$"
    flags = re.U | (re.I if ignorecase else 0)
    regexp = unicodedata.normalize("NFC", regexp)
    string = unicodedata.normalize("NFC", string)
    return re.search(regexp, string.strip(), flags) is not None


def _number(text: str) -> float | None:
    found = re.fullmatch(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?", text.strip())
    return None if found is None else float(text)


def extract_question(text: str) -> tuple[str, list[Sub]]:
    """``qtype_multianswer_extract_question``: the subquestions of ``text``, and the text
    with each replaced by ``{#N}``."""
    subs: list[Sub] = []
    while (m := ANSWER_REGEX.search(text)) is not None:
        mark = float(m.group(_NORM)) if m.group(_NORM) != "" else 1.0
        if m.group(_NUMERICAL):
            sub = Sub("numerical", mark)
        elif m.group(_SHORT):
            sub = Sub("shortanswer", mark)
        elif m.group(_SHORT_C):
            sub = Sub("shortanswer", mark, usecase=True)
        elif any(m.group(g) for g in _MULTI):
            sub = Sub("multichoice", mark, single=False)
        elif any(m.group(g) for g in _CHOICE):
            sub = Sub("multichoice", mark)
        else:  # pragma: no cover - the regex admits no other type
            raise AssertionError(m.group(2))
        rest = m.group(_ALTERNATIVES)
        specific = False
        while (alt := re.search("~?" + ALTERNATIVE, rest, re.S)) is not None:
            if alt.group(1) == "=":
                fraction = 1.0
            elif alt.group(2):
                fraction = 0.01 * float(alt.group(2).replace(",", "."))
                specific = True
            else:
                fraction = 0.0
            answer = alt.group(3)
            number = NUMERICAL_ALTERNATIVE.match(answer) if sub.qtype == "numerical" else None
            if number is not None:
                sub.answers.append(number.group(1))
                sub.tolerances.append(float(number.group(6)) if number.group(6) else 0.0)
            else:
                plain = html.unescape(answer).replace("\\}", "}").replace("\\#", "#")
                sub.answers.append(plain)
                sub.tolerances.append(0.0)
            sub.fractions.append(fraction)
            rest = rest.split(alt.group(0), 1)[1]
        if not sub.single:
            total = sum(f for f in sub.fractions if f > 0)
            if total:
                sub.fractions = [f / total if f > 0 else f if specific else -1.0 / total
                                 for f in sub.fractions]
        subs.append(sub)
        text = text.replace(m.group(0), f"{{#{len(subs)}}}", 1)
    return text, subs


def validate(subs: Sequence[Sub]) -> None:
    """``qtype_multianswer_validate_question``: what Moodle refuses to import."""
    assert subs, "no subquestions"
    for i, sub in enumerate(subs, 1):
        given = [a for a in sub.answers if a.strip()]
        assert given, f"subquestion {i} has no answer"
        if sub.qtype == "numerical":
            assert all(a == "*" or _number(a) is not None for a in given), i
        if sub.qtype == "multichoice":
            assert len(given) >= 2, i
        best = any(f > 0 for f in sub.fractions) if not sub.single else 1.0 in sub.fractions
        assert best, f"subquestion {i}: no answer is worth full marks"


def read_bank(data: bytes) -> tuple[str, list[Cloze]]:
    """The category and the Cloze questions of a Moodle XML file, as Moodle imports
    them."""
    quiz = ET.fromstring(data)
    assert quiz.tag == "quiz"
    category = ""
    out: list[Cloze] = []
    for q in quiz.findall("question"):
        kind = q.get("type")
        if kind == "category":
            category = q.findtext("category/text") or ""
            continue
        assert kind == "multianswer", kind
        text, subs = extract_question(q.findtext("questiontext/text") or "")
        validate(subs)
        out.append(Cloze(q.findtext("name/text") or "", text, subs))
    return category, out


def responses_for(cloze: Cloze, by_field: Mapping[int, str]) -> list[str | None]:
    """One response per subquestion: ``by_field[N]`` for field N (1-based), else blank."""
    return [by_field.get(i) for i in range(1, len(cloze.subs) + 1)]
