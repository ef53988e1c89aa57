"""The Moodle XML question bank: the structure Moodle's importer reads
(question/format/xml/format.php: import_headers, import_multianswer,
import_text_with_files), Cloze answers equal to the answer keys, distinct variants and
the same bytes for the same arguments."""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET

import pytest

from tracer.analysis.check import Conventions, make_exercise
from tracer.classroom import QuestionSpec, make_variants, moodle_xml
from tracer.errors import UsageError

SPEC = QuestionSpec(2, 3, (2, 3))
SEEDS = range(1, 9)
# Moodle's Cloze parser (question/type/multianswer/questiontype.php), transcribed: the
# PCRE look-behind (?<!\\\\|&|&amp;) becomes three fixed-width ones for Python.
_FRACTION = r"=|%(-?[0-9]+(?:[.,][0-9]*)?)%"
_ANSWER = r".+?(?<!\\)(?<!&)(?<!&amp;)(?=[~#}]|$)"
_FEEDBACK = r".*?(?<!\\)(?=[~}]|$)"
_ALTERNATIVE = f"({_FRACTION})?({_ANSWER})(#({_FEEDBACK}))?"
_TYPES = (r"(NUMERICAL|NM)|(MULTICHOICE|MC)|(MULTICHOICE_V|MCV)|(MULTICHOICE_H|MCH)|"
          r"(SHORTANSWER|SA|MW)|(SHORTANSWER_C|SAC|MWC)|"
          r"(MULTICHOICE_S|MCS)|(MULTICHOICE_VS|MCVS)|(MULTICHOICE_HS|MCHS)|"
          r"(MULTIRESPONSE|MR)|(MULTIRESPONSE_H|MRH)|(MULTIRESPONSE_S|MRS)|"
          r"(MULTIRESPONSE_HS|MRHS)")
ANSWER_REGEX = re.compile(r"\{([0-9]*):(" + _TYPES + "):(" + _ALTERNATIVE + "(~"
                          + _ALTERNATIVE + r")*)\}", re.S)
NUMERICAL = re.compile(r"^(-?(([0-9]+[.,]?[0-9]*|[.,][0-9]+)([eE][-+]?[0-9]+)?))"
                       r"(:-?(([0-9]+[.,]?[0-9]*|[.,][0-9]+)([eE][-+]?[0-9]+)?))?$", re.S)


def _bank_text(q: ET.Element) -> str:
    return q.findtext("questiontext/text") or ""


def _answers(body: str) -> list[tuple[str, list[str]]]:
    """What Moodle's import makes of the Cloze fields in ``body``
    (qtype_multianswer_extract_question): each subquestion's type and its answers of
    fraction 1, tolerance 0 for a number; nothing of the fields may be left over."""
    out = []
    while (m := ANSWER_REGEX.search(body)) is not None:
        kind = "NUMERICAL" if m.group(3) else "SHORTANSWER" if m.group(7) else m.group(2)
        rest, right = m.group(16), []
        while (alt := re.search("~?" + _ALTERNATIVE, rest, re.S)) is not None:
            answer = alt.group(3)
            if kind == "NUMERICAL":
                num = NUMERICAL.match(answer)
                assert num is not None and num.group(6) == "0"  # no tolerance
                answer = num.group(1)
            if alt.group(1) == "=":
                right.append(answer.replace("\\}", "}").replace("\\#", "#"))
            rest = rest.split(alt.group(0), 1)[1]
        out.append((kind, right))
        body = body.replace(m.group(0), f"{{#{len(out)}}}", 1)
    assert "{1:" not in body
    return out


def _bank(spec: QuestionSpec = SPEC, seeds: range = SEEDS, **kw: str) -> ET.Element:
    data, _ = moodle_xml(spec, seeds, **kw)
    return ET.fromstring(data)


def test_a_category_then_one_cloze_question_per_seed() -> None:
    quiz = _bank(name="week5")
    assert quiz.tag == "quiz"
    questions = quiz.findall("question")
    assert questions[0].get("type") == "category"
    assert questions[0].findtext("category/text") == "$course$/top/week5"
    assert [q.get("type") for q in questions[1:]] == ["multianswer"] * len(SEEDS)
    for q, seed in zip(questions[1:], SEEDS, strict=True):
        assert q.findtext("name/text") == f"week5 {seed}"
        text = q.find("questiontext")
        assert text is not None and text.get("format") == "html"
        assert text.findtext("text")
        assert q.find("generalfeedback") is not None
        assert q.findtext("generalfeedback/text")
        assert q.findtext("defaultgrade") == "3"
        assert float(q.findtext("penalty") or "") == pytest.approx(1 / 3, abs=1e-6)
        assert q.findtext("hidden") == "0"
        assert q.findtext("idnumber") == f"week5-{seed}"


def test_the_diagram_is_an_embedded_file_the_text_shows() -> None:
    for image, magic in (("svg", b"<svg"), ("png", b"\x89PNG")):
        quiz = _bank(seeds=range(1, 3), image=image)
        for q in quiz.findall("question[@type='multianswer']"):
            files = q.findall("questiontext/file")
            assert len(files) == 1
            file = files[0]
            assert file.get("encoding") == "base64" and file.get("path") == "/"
            name = file.get("name") or ""
            assert name.endswith("." + image)
            assert f'src="@@PLUGINFILE@@/{name}"' in (_bank_text(q))
            assert magic in base64.b64decode(file.text or "")[:400]


def test_each_cloze_answer_is_the_answer_key() -> None:
    quiz = _bank()
    conv = Conventions(variant="fail-soft", cut_on="ge")
    for q, seed in zip(quiz.findall("question[@type='multianswer']"), SEEDS, strict=True):
        key = make_exercise(branching=2, depth=3, cuts=(2, 3), seed=seed,
                            conventions=conv).solution
        assert key.value is not None
        (k1, value), (k2, move), (k3, pruned) = _answers(_bank_text(q))
        assert (k1, k2, k3) == ("NUMERICAL", "SHORTANSWER", "SHORTANSWER")
        assert value == [str(key.value.number)]
        assert move == [key.move]
        first = pruned[0].split(" ")
        assert set(first) == set(key.pruned or ())
        assert first == sorted(first, key=lambda n: (len(n), n))  # the tree's order
        assert all(set(re.split(r"[ ,]+", p)) == set(first) for p in pruned)


def test_nothing_pruned_is_written_none() -> None:
    # One ply: nothing below the root's children can be cut.
    quiz = _bank(QuestionSpec(3, 1), range(0, 3))
    for q in quiz.findall("question[@type='multianswer']"):
        assert _answers(_bank_text(q))[2] == ("SHORTANSWER", ["none"])


def test_negative_values_and_the_other_conventions() -> None:
    spec = QuestionSpec(2, 2, None, (-9, -1), "fail-hard", "gt")
    quiz = _bank(spec, range(4, 7))
    conv = Conventions(variant="fail-hard", cut_on="gt")
    for q, seed in zip(quiz.findall("question[@type='multianswer']"), range(4, 7),
                       strict=True):
        key = make_exercise(branching=2, depth=2, values=(-9, -1), seed=seed,
                            conventions=conv).solution
        assert key.value is not None and key.value.number < 0
        assert _answers(_bank_text(q))[0] == (
            "NUMERICAL", [str(key.value.number)])
        assert "fail-hard" in (_bank_text(q))


def test_n_seeds_give_n_distinct_trees() -> None:
    quiz = _bank(seeds=range(1, 21))
    questions = quiz.findall("question[@type='multianswer']")
    assert len(questions) == 20
    found = [re.search(r'alt="([^"]*)"', _bank_text(q)) for q in questions]
    alts = {m.group(1) for m in found if m is not None}
    assert len(alts) == 20
    assert len({q.findtext("questiontext/file") for q in questions}) == 20


def test_a_seed_repeating_a_tree_is_left_out() -> None:
    # Two leaves of 0..1 and a unique best move: only (0, 1) and (1, 0) exist.
    made = make_variants(QuestionSpec(2, 1, None, (0, 1)), range(10))
    assert len(made.variants) == 2
    assert sorted((*(v.seed for v in made.variants), *made.repeated)) == list(range(10))
    assert {tuple(x for _, x in v.leaves) for v in made.variants} == {(0, 1), (1, 0)}


def test_the_same_arguments_give_the_same_bytes() -> None:
    first, _ = moodle_xml(SPEC, SEEDS, name="same")
    again, _ = moodle_xml(SPEC, SEEDS, name="same")
    assert first == again
    other, _ = moodle_xml(SPEC, range(2, 10), name="same")
    assert other != first


@pytest.mark.parametrize(("kw", "says"), [
    ({"name": "a/b"}, "a name is"),
    ({"name": ""}, "a name is"),
    ({"image": "gif"}, "choose from: svg, png"),
], ids=["slash-in-name", "empty-name", "image"])
def test_bad_arguments_are_usage_errors(kw: dict[str, str], says: str) -> None:
    with pytest.raises(UsageError, match=says):
        moodle_xml(SPEC, range(1, 2), **kw)


def test_bounds_on_the_seeds_and_the_leaves() -> None:
    with pytest.raises(UsageError, match="at most 200"):
        make_variants(SPEC, range(201))
    with pytest.raises(UsageError, match="no seeds"):
        make_variants(SPEC, range(0))
    with pytest.raises(UsageError, match="too many for one export"):
        make_variants(QuestionSpec(3, 5), range(100))
