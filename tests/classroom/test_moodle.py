"""The Moodle XML question bank: imported as Moodle's importer reads it and graded as
Moodle's Cloze grades it (tests/classroom/moodle_cloze.py), the grades equal the
checker's for the same answers, reordered and blank ones included; the structure
Moodle's importer reads (question/format/xml/format.php: import_headers,
import_multianswer, import_text_with_files); distinct variants and the same bytes for
the same arguments."""

from __future__ import annotations

import base64
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import Any

import pytest
from moodle_cloze import Cloze, read_bank

from tracer.analysis.check import Conventions, make_exercise
from tracer.analysis.check.report import check_solution
from tracer.analysis.check.solution import Solution
from tracer.classroom import QuestionSpec, make_variants, moodle_xml
from tracer.classroom.assignments import Assignment
from tracer.classroom.exports import Part, Variant, Variants, assignment_variants
from tracer.classroom.exports.cloze_answers import extras
from tracer.classroom.exports.question_parts import none_word
from tracer.classroom.reading import parse_assignment
from tracer.classroom.tasks import restrict
from tracer.errors import UsageError

SPEC = QuestionSpec(2, 3, (2, 3))
SEEDS = range(1, 9)
ANSWERS_PER_VARIANT = 20


def _bank_text(q: ET.Element) -> str:
    return q.findtext("questiontext/text") or ""


def _bank(spec: QuestionSpec = SPEC, seeds: range = SEEDS, **kw: str) -> ET.Element:
    data, _ = moodle_xml(spec, seeds, **kw)
    return ET.fromstring(data)


def _assignment(**fields: Any) -> Assignment:
    doc = {"id": "a1", "title": "Potatura alfa-beta", "source": {"example": "aima"},
           "spec": {"algorithm": "alphabeta"}, "solution": "always",
           "items": ["value", "move", "values", "pruned", "evaluated", "alphabeta"]}
    return parse_assignment({**doc, **fields})


# ------------------------------------------------------------------ the grades


def _answer_json(parts: Sequence[Part], texts: Sequence[str | None],
                 lang: str) -> dict[str, Any]:
    """The answer the service is sent for the texts typed in the parts' boxes (a blank
    box sends nothing), as the assignment page builds it."""
    doc: dict[str, Any] = {}
    for p, text in zip(parts, texts, strict=True):
        if text is None or not text.strip():
            continue
        head, _, rest = p.key.partition(".")
        if p.kind in ("set", "sequence"):
            doc[p.key] = [] if text.strip() == none_word(lang) else text.split()
        elif head == "values":
            doc.setdefault("values", {})[rest] = text.strip()
        elif head == "alphabeta":
            node, _, side = rest.rpartition(".")
            doc.setdefault("alphabeta", {}).setdefault(node, {})[side] = text.strip()
        else:
            doc[p.key] = text.strip()
    return doc


def service_share(v: Variant, a: Assignment | None, texts: Sequence[str | None],
                  lang: str = "en") -> float:
    """The share of the marks the checker gives (every part scored, a blank one 0)."""
    answer = Solution.from_json(_answer_json(v.parts, texts, lang))
    if a is not None:
        answer = restrict(answer, a)
    report = check_solution(answer, v.trace, diagnosis=False)
    keys = [p.key for p in v.parts]
    assert {i.key for i in report.items} <= set(keys)
    return sum(i.score for i in report.items if i.key in keys) / len(keys)


def _other_nodes(v: Variant, p: Part) -> list[str]:
    """Names a wrong answer may add: the tree's nodes outside the key and outside the
    pruned subtrees (a node there stands for the subtree's root, and the question asks
    the roots)."""
    inside = {n for n, _ in p.inside}
    return [n for n in v.order if n not in p.nodes and n not in inside]


def _typed(v: Variant, p: Part, rng: random.Random, how: str, lang: str) -> str | None:
    """What a student types in part ``p``: ``right`` (in another order where the order
    does not count), ``blank``, ``wrong`` or ``partly`` right."""
    if how == "blank":
        return rng.choice([None, "", "  "])
    if p.kind in ("number", "value"):
        text = p.answer_text()
        if how == "right":
            return rng.choice([text, text.lstrip("<=>")]) if p.bound != "exact" else text
        if text.endswith("inf"):
            return "0"
        number = text.lstrip("<=>")
        off = str(int(float(number)) + rng.choice([-2, -1, 1, 3]))
        if p.key.startswith("alphabeta."):  # a bound there is refused, not graded
            return off
        return rng.choice([off, f"<={number}" if p.bound != "le" else f">={number}"])
    if p.kind == "node":
        if how == "right":
            return p.nodes[0]
        return rng.choice([p.nodes[0].lower(), *(n for n in v.order[1:4] if n != p.nodes[0])])
    want = list(p.nodes)
    others = _other_nodes(v, p)
    most = extras(len(want), ordered=p.kind == "sequence") or 0
    if how == "right":
        if p.kind == "set":
            rng.shuffle(want)
        return " ".join(want) if want else none_word(lang)
    kept = [n for n in want if rng.random() < 0.6] if how == "partly" else []
    added = rng.sample(others, min(len(others), rng.randint(1 if not kept else 0, most)))
    if not kept and not added:
        return none_word(lang)
    if p.kind == "set":
        mixed = kept + added
        rng.shuffle(mixed)
        return " ".join(mixed)
    for n in added:
        kept.insert(rng.randint(0, len(kept)), n)
    return " ".join(kept)


def answers_for(v: Variant, *, seed: int, lang: str) -> list[list[str | None]]:
    """:data:`ANSWERS_PER_VARIANT` answers: right (the sets reordered), blank, each part
    blank in turn, and mixes of right, wrong, partly right and blank parts."""
    rng = random.Random(seed)
    parts = v.parts
    out = [[_typed(v, p, rng, "right", lang) for p in parts],
           [_typed(v, p, rng, "right", lang) for p in parts],
           [None] * len(parts)]
    for i in range(len(parts)):
        out.append([None if j == i else _typed(v, p, rng, "right", lang)
                    for j, p in enumerate(parts)])
    while len(out) < ANSWERS_PER_VARIANT:
        out.append([_typed(v, p, rng, rng.choice(["right", "wrong", "partly", "partly",
                                                   "blank"]), lang) for p in parts])
    return out[:ANSWERS_PER_VARIANT]


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


def test_nothing_pruned_is_written_in_the_export_s_language() -> None:
    # One ply: nothing below the root's children can be cut.
    for lang, word in (("en", "none"), ("it", "nessuno")):
        data, _ = moodle_xml(QuestionSpec(3, 1), range(0, 3), lang=lang)
        for cloze in read_bank(data)[1]:
            assert cloze.subs[2].answers == [word]
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
        assert value.answers == [str(key.value.number)] and value.tolerances == [0.0]
        assert move.answers == [key.move] and move.usecase
        full = [a for a, f in zip(pruned.answers, pruned.fractions, strict=True) if f == 1]
        assert {frozenset(a.split()) for a in full} == {frozenset(key.pruned or ())}
        first = full[0].split()
        assert first == sorted(first, key=lambda n: (len(n), n))  # the tree's order


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
        assert cloze.subs[0].answers == [str(key.value.number)]
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
