"""The Moodle XML question bank: imported as Moodle's importer reads it and graded as
Moodle's Cloze grades it (tests/classroom/moodle_cloze.py), the grades equal the
checker's for the same answers, reordered and blank ones included; the structure
Moodle's importer reads (question/format/xml/format.php: import_headers,
import_multianswer, import_text_with_files); distinct variants and the same bytes for
the same arguments."""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import Any

import pytest
from export_answers import AIMA, ANSWERS_PER_VARIANT, answers_for, service_share
from moodle_cloze import Cloze, read_bank

from tracer.analysis.check import Conventions, make_exercise
from tracer.classroom import QuestionSpec, make_variants, moodle_xml
from tracer.classroom.assignments import Assignment
from tracer.classroom.exports import Variants, assignment_variants
from tracer.classroom.reading import parse_assignment
from tracer.errors import UsageError

SPEC = QuestionSpec(2, 3, (2, 3))
SEEDS = range(1, 9)


def _bank_text(q: ET.Element) -> str:
    return q.findtext("questiontext/text") or ""


def _bank(spec: QuestionSpec = SPEC, seeds: range = SEEDS, **kw: str) -> ET.Element:
    data, _ = moodle_xml(spec, seeds, **kw)
    return ET.fromstring(data)


def _assignment(**fields: Any) -> Assignment:
    return parse_assignment({**AIMA, **fields})


# ------------------------------------------------------------------ the grades


def _check_grades(made: Variants, questions: Sequence[Cloze], a: Assignment | None,
                  lang: str) -> int:
    checked = 0
    for v, cloze in zip(made.variants, questions, strict=True):
        assert len(cloze.subs) == len(v.parts)
        assert cloze.mark == len(v.parts)
        for n, texts in enumerate(answers_for(v, seed=checked, lang=lang)):
            moodle = cloze.grade(texts)
            service = service_share(v, a, texts, lang)
            assert moodle == pytest.approx(service, abs=1e-6), (v.seed, n, texts)
            checked += 1
    return checked


def test_moodle_grades_a_spec_s_variants_as_the_checker_does() -> None:
    data, made = moodle_xml(SPEC, range(1, 6))
    _, questions = read_bank(data)
    assert _check_grades(made, questions, None, "en") == 5 * ANSWERS_PER_VARIANT


@pytest.mark.parametrize("lang", ["en", "it"])
def test_moodle_grades_a_fixed_tree_assignment_as_the_checker_does(lang: str) -> None:
    a = _assignment()
    made = assignment_variants(a)
    data, _ = moodle_xml(made, lang=lang)
    category, questions = read_bank(data)
    assert category == "$course$/top/Potatura alfa-beta" and len(questions) == 1
    # every node of values and alphabeta is a part: aima's B, C, D and A's to D's windows
    keys = [p.key for p in made.variants[0].parts]
    assert keys == ["value", "move", "values.B", "values.C", "values.D", "pruned",
                    "evaluated", "alphabeta.A.alpha", "alphabeta.A.beta", "alphabeta.B.alpha",
                    "alphabeta.B.beta", "alphabeta.C.alpha", "alphabeta.C.beta",
                    "alphabeta.D.alpha", "alphabeta.D.beta"]
    assert _check_grades(made, questions, a, lang) == ANSWERS_PER_VARIANT


def test_moodle_grades_per_student_variants_as_the_checker_does() -> None:
    a = _assignment(source={"exercise": {"branching": 3, "depth": 2, "cuts": [1, 3]}},
                    per_student=True, spec={"algorithm": "alphabeta", "variant": "fail-hard"},
                    items=["value", {"values": ["B", "C"]}, "pruned", "evaluated"])
    made = assignment_variants(a, range(1, 4))
    data, _ = moodle_xml(made, lang="it")
    _, questions = read_bank(data)
    assert len(questions) == 3
    assert _check_grades(made, questions, a, "it") == 3 * ANSWERS_PER_VARIANT


def test_the_parts_are_the_items_every_report_has() -> None:
    from tracer.classroom.tasks import asked_keys

    for a in (_assignment(), _assignment(items=["move", {"values": ["D", "B"]}, "pruned"]),
              _assignment(items=[{"alphabeta": ["C"]}, "evaluated"])):
        (v,) = assignment_variants(a).variants
        assert [p.key for p in v.parts] == list(asked_keys(a))


def test_the_pruned_nodes_score_in_any_order() -> None:
    a = _assignment(items=["pruned"])
    made = assignment_variants(a)
    (cloze,) = read_bank(moodle_xml(made)[0])[1]
    assert made.variants[0].parts[0].nodes == ("I", "J")
    grades = {text: cloze.grade([text]) for text in
              ("I J", "J I", "I", "J X", "I J K", "J K I", "K L", "none", "", "i j")}
    assert grades == {"I J": 1.0, "J I": 1.0, "I": 0.5, "J X": pytest.approx(1 / 3),
                      "I J K": pytest.approx(2 / 3), "J K I": pytest.approx(2 / 3),
                      "K L": 0.0, "none": 0.0, "": 0.0, "i j": 0.0}


def test_a_large_set_of_pruned_nodes_is_ticked() -> None:
    # b3 d4 prunes 12 to 27 subtrees: too many orderings to list, so a box per node
    data, made = moodle_xml(QuestionSpec(3, 4), range(1, 3))
    _, questions = read_bank(data)
    for v, cloze in zip(made.variants, questions, strict=True):
        sub = cloze.subs[2]
        assert (sub.qtype, sub.single) == ("multichoice", False)
        assert sub.answers == list(v.order[1:])  # every node but the root, in order
        assert cloze.grade([None, None, " ".join(reversed(v.pruned))]) == pytest.approx(1 / 3)
        half = v.pruned[: len(v.pruned) // 2]
        assert sub.grade(" ".join(half)) == pytest.approx(len(half) / len(v.pruned))
        assert "tick each of them" in cloze.text
    assert _check_grades(made, questions, None, "en") == 2 * ANSWERS_PER_VARIANT


def test_nothing_pruned_is_written_in_the_export_s_language() -> None:
    # One ply: nothing below the root's children can be cut.
    for lang, word in (("en", "none"), ("it", "nessuno")):
        data, _ = moodle_xml(QuestionSpec(3, 1), range(0, 3), lang=lang)
        for cloze in read_bank(data)[1]:
            assert cloze.subs[2].answers[0] == word and cloze.subs[2].fractions[0] == 1
            assert cloze.grade([None, None, word]) == pytest.approx(1 / 3)


# ------------------------------------------------------------------ the assignment's own


def test_two_exercise_assignments_export_their_own_seeds_and_titles() -> None:
    def bank(seed: int, title: str) -> bytes:
        a = _assignment(title=title, source={"exercise": {"branching": 2, "depth": 3,
                                                          "seed": seed}})
        return moodle_xml(assignment_variants(a))[0]

    first, second, again = bank(1, "Week 1"), bank(2, "Week 2"), bank(1, "Week 1")
    assert first != second and first == again
    assert "$course$/top/Week 1" in first.decode() and "$course$/top/Week 2" in second.decode()
    assert first.decode().count('<question type="multianswer">') == 1
    assert "--seed 1</code>" in ET.fromstring(first).findtext(
        "question[@type='multianswer']/generalfeedback/text", "")


def test_the_question_speaks_the_export_s_language() -> None:
    a = _assignment()
    text = {lang: _bank_text(ET.fromstring(moodle_xml(assignment_variants(a), lang=lang)[0])
                             .findall("question")[1]) for lang in ("en", "it")}
    assert "Esplora a mano questo albero di gioco" in text["it"]
    assert "Il valore della radice:" in text["it"] and "I nodi potati:" in text["it"]
    assert "Alfa in B:" in text["it"] and "Le foglie valutate:" in text["it"]
    assert "The root's value:" in text["en"] and "The nodes pruned:" in text["en"]
    for lang, words in text.items():  # no item's key where a student reads it
        shown = re.sub(r"\{1:[A-Z_]+:[^}]*\}", "", words)
        assert not re.search(r"\b(values|alphabeta)\.[A-Z]", shown)
        if lang == "it":
            assert not re.search(r"\b(pruned|evaluated|value|move)\b", shown)


def test_an_a_star_assignment_is_not_exported() -> None:
    a = parse_assignment({"title": "A*", "source": {"problem": "romania"},
                          "spec": {"algorithm": "astar"}, "items": ["expanded"],
                          "solution": "always"})
    with pytest.raises(UsageError, match="A\\* assignment is not exported"):
        assignment_variants(a)


# ------------------------------------------------------------------ the file


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
    _, questions = read_bank(moodle_xml(SPEC, SEEDS)[0])
    conv = Conventions(variant="fail-soft", cut_on="ge")
    for cloze, seed in zip(questions, SEEDS, strict=True):
        key = make_exercise(branching=2, depth=3, cuts=(2, 3), seed=seed,
                            conventions=conv).solution
        assert key.value is not None
        value, move, pruned = cloze.subs
        assert (value.qtype, move.qtype, pruned.qtype) == ("numerical", "shortanswer",
                                                           "shortanswer")
        right = [[a for a, f in zip(s.answers, s.fractions, strict=True) if f == 1]
                 for s in cloze.subs]
        assert right[0] == [str(key.value.number)] and value.tolerances[0] == 0.0
        assert right[1] == [key.move] and move.usecase
        full = [a for a, f in zip(pruned.answers, pruned.fractions, strict=True) if f == 1]
        assert {frozenset(a.split()) for a in full} == {frozenset(key.pruned or ())}
        first = full[0].split()
        assert first == sorted(first, key=lambda n: (len(n), n))  # the tree's order


def test_every_box_is_as_wide_as_the_others() -> None:
    # Moodle sizes a box by its longest answer: equal boxes tell nothing of the key
    for made in (assignment_variants(_assignment()), make_variants(SPEC, range(1, 4))):
        for cloze in read_bank(moodle_xml(made)[0])[1]:
            widths = {max(len(a.encode()) for a in s.answers) for s in cloze.subs}
            assert len(widths) == 1


def test_negative_values_and_the_other_conventions() -> None:
    spec = QuestionSpec(2, 2, None, (-9, -1), "fail-hard", "gt")
    quiz = _bank(spec, range(4, 7))
    _, questions = read_bank(ET.tostring(quiz))
    conv = Conventions(variant="fail-hard", cut_on="gt")
    for q, cloze, seed in zip(quiz.findall("question[@type='multianswer']"), questions,
                              range(4, 7), strict=True):
        key = make_exercise(branching=2, depth=2, values=(-9, -1), seed=seed,
                            conventions=conv).solution
        assert key.value is not None and key.value.number < 0
        assert cloze.subs[0].answers[0] == str(key.value.number)
        assert cloze.subs[0].fractions[0] == 1.0
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
    ({"lang": "fr"}, "unknown language 'fr' \\(choose from: en, it\\)"),
], ids=["slash-in-name", "empty-name", "image", "lang"])
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


@pytest.mark.parametrize(("seeds", "lang", "note"), [
    (range(1, 2), "en", "1 variant of one alpha-beta exercise"),
    (range(1, 3), "en", "2 variants of one alpha-beta exercise"),
    (range(1, 2), "it", "1 variante di un esercizio alfa-beta fatta"),
    (range(1, 3), "it", "2 varianti di un esercizio alfa-beta fatte"),
])
def test_the_category_note_counts_its_variants_in_the_right_form(
        seeds: range, lang: str, note: str) -> None:
    text = moodle_xml(SPEC, seeds, lang=lang)[0].decode("utf-8")
    assert note in text and "1 variants" not in text and "1 varianti" not in text
