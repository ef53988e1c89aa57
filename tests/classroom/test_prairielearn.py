"""The PrairieLearn question folder: info.json valid against PrairieLearn's own schema
(vendored in tests/classroom/data), question.html with PrairieLearn's elements, and a
server.py that runs without gametrace, choosing variants by seed and grading them."""

from __future__ import annotations

import ast
import io
import json
import subprocess
import sys
import textwrap
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from export_answers import AIMA, ANSWERS_PER_VARIANT, answers_for, service_share

from tracer.classroom import (
    QuestionSpec,
    make_variants,
    prairielearn_files,
    prairielearn_zip,
    write_prairielearn,
)
from tracer.classroom.assignments import Assignment
from tracer.classroom.exports import Variants, assignment_variants
from tracer.classroom.reading import parse_assignment

DATA = Path(__file__).parent / "data"
SPEC = QuestionSpec(2, 3, (2, 3))
SEEDS = range(1, 7)


def _files(**kw: Any) -> dict[str, bytes]:
    files, _ = prairielearn_files(SPEC, SEEDS, **kw)
    return files


def test_info_json_is_valid_and_its_uuid_is_the_spec_s() -> None:
    schema = json.loads((DATA / "infoQuestion.schema.json").read_text())
    info = json.loads(_files(name="ab")["info.json"])
    jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker()).validate(info)
    assert info["type"] == "v3"
    assert info["uuid"] == json.loads(_files(name="ab")["info.json"])["uuid"]
    assert info["uuid"] != json.loads(_files(name="cd")["info.json"])["uuid"]
    other, _ = prairielearn_files(SPEC, range(1, 8), name="ab")
    assert info["uuid"] != json.loads(other["info.json"])["uuid"]


class _Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, dict(attrs)))


def test_question_html_asks_each_part_with_an_element() -> None:
    files = _files()
    html = files["question.html"].decode()
    parser = _Elements()
    parser.feed(html)
    inputs = [(tag, attrs.get("answers-name")) for tag, attrs in parser.found
              if tag.startswith("pl-") and "input" in tag]
    assert inputs == [("pl-string-input", "{{name}}")]  # one per part, by Mustache
    loop = html[html.index("{{#params.parts}}"):html.index("{{/params.parts}}")]
    assert "pl-string-input" in loop
    assert "pl-question-panel" in [tag for tag, _ in parser.found]
    panel = html[html.index("<pl-question-panel>"):html.index("</pl-question-panel>")]
    assert "{{{params.diagram}}}" in panel
    for v in json.loads(files["variants.json"])["variants"]:
        assert [(p["name"], p["key"], p["words"]) for p in v["parts"]] == [
            ("p1", "value", "The root's value"), ("p2", "move", "The best move"),
            ("p3", "pruned", "The nodes pruned")]


def _formats() -> jsonschema.FormatChecker:
    """The formats PrairieLearn's element schemas use for attribute strings
    (prairielearn/element_schemas.py: pl_format_checker)."""
    checker = jsonschema.FormatChecker(formats=())

    def number(value: object) -> bool:
        try:
            float(str(value))
        except ValueError:
            return False
        return True

    checker.checks("boolean")(lambda v: str(v).lower() in ("true", "false"))
    checker.checks("integer")(lambda v: str(v).lstrip("-").isdigit())
    checker.checks("number")(number)
    return checker


def test_the_inputs_attributes_are_valid_for_their_elements() -> None:
    parser = _Elements()
    parser.feed(_files()["question.html"].decode())
    checked = 0
    for tag, attrs in parser.found:
        if tag in ("pl-number-input", "pl-string-input"):
            schema = json.loads((DATA / f"{tag}.schema.json").read_text())
            validator = jsonschema.Draft4Validator(schema, format_checker=_formats())
            validator.validate(attrs)
            checked += 1
    assert checked == 1
    bad = {"answers-name": "value", "comparison": "exact"}
    schema = json.loads((DATA / "pl-number-input.schema.json").read_text())
    assert not jsonschema.Draft4Validator(schema, format_checker=_formats()).is_valid(bad)


def test_server_py_imports_the_standard_library_only() -> None:
    tree = ast.parse(_files()["server.py"])
    modules = {alias.name.split(".")[0] for node in ast.walk(tree)
               if isinstance(node, ast.Import) for alias in node.names}
    modules |= {node.module.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module}
    assert modules <= set(sys.stdlib_module_names) | {"__future__"}


_DRIVER = textwrap.dedent("""
    import json, sys
    import server
    asked = json.loads(sys.argv[1])
    out = []
    for seed, answers in asked:
        data = {"variant_seed": seed, "params": {}, "correct_answers": {}}
        server.generate(data)
        graded = []
        for texts in answers:
            submitted = {p["name"]: t for p, t in zip(data["params"]["parts"], texts)
                         if t is not None}
            done = {"params": data["params"], "correct_answers": data["correct_answers"],
                    "submitted_answers": submitted, "partial_scores": {}}
            server.grade(done)
            graded.append([done["score"], {k: [v["score"], v["feedback"]]
                                           for k, v in done["partial_scores"].items()}])
        out.append({"generated": data, "graded": graded})
    print(json.dumps({"out": out,
                      "tracer": any(m.split(".")[0] == "tracer" for m in sys.modules)}))
""")


def _run_server(folder: Path, asked: list[Any]) -> dict[str, Any]:
    """server.py run as PrairieLearn runs it: its folder on the path, no site-packages
    (-I -S: gametrace cannot be imported even by accident)."""
    driver = f"import sys; sys.path.insert(0, {str(folder)!r})\n" + _DRIVER
    run = subprocess.run([sys.executable, "-I", "-S", "-c", driver, json.dumps(asked)],
                         cwd=folder, capture_output=True, text=True, timeout=120,
                         check=False)
    assert run.returncode == 0, run.stderr
    result: dict[str, Any] = json.loads(run.stdout)
    assert result["tracer"] is False
    return result


def test_server_py_runs_without_gametrace(tmp_path: Path) -> None:
    folder = tmp_path / "question"
    made = write_prairielearn(folder, SPEC, SEEDS)
    n = len(made.variants)
    seeds = [0, 1, 5, n + 2, 12345678901234567]
    first = made.variants[0]
    given = [[None, None, " ".join(reversed(first.pruned))],
             ["0", "x", ",".join(first.pruned)], [None, None, first.pruned[0]],
             [str(first.value), first.move, "none"], [None, None, None]]
    result = _run_server(folder, [[seed, given] for seed in seeds])["out"]
    for seed, done in zip(seeds, result, strict=True):
        data = done["generated"]
        v = made.variants[seed % n]
        assert data["params"]["seed"] == v.seed
        assert data["correct_answers"] == {"p1": str(v.value), "p2": v.move,
                                           "p3": v.pruned_text}
        assert data["params"]["diagram"].startswith("<svg")
        assert data["params"]["root"] == "A"
    graded = result[0]["graded"]
    share = 1 / len(first.pruned)
    assert graded[0][0] == 1 / 3 and graded[0][1]["p3"] == [1.0, "this part is right"]
    assert graded[1][0] == 1 / 3
    assert graded[2][1]["p3"] == [share, "this part is partly right"]
    assert graded[3][0] == 2 / 3 and graded[3][1]["p3"] == [0.0, "this part is wrong"]
    assert graded[4][0] == 0.0 and graded[4][1]["p1"] == [0.0, "this part is not answered"]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_server_py_grades_as_the_checker_does(tmp_path: Path, lang: str) -> None:
    cases: list[tuple[Variants, Assignment | None]] = [
        (make_variants(SPEC, range(1, 4)), None)]
    a = parse_assignment(AIMA)
    cases.append((assignment_variants(a), a))
    per = parse_assignment({**AIMA, "per_student": True,
                            "source": {"exercise": {"branching": 3, "depth": 2}},
                            "items": ["value", {"alphabeta": ["B"]}, "pruned", "evaluated"]})
    cases.append((assignment_variants(per, range(1, 3)), per))
    for n, (made, assigned) in enumerate(cases):
        folder = tmp_path / f"q{n}"
        write_prairielearn(folder, made, lang=lang)
        answers = [answers_for(v, seed=i, lang=lang) for i, v in enumerate(made.variants)]
        result = _run_server(folder, [[i, a] for i, a in enumerate(answers)])["out"]
        for v, texts_list, done in zip(made.variants, answers, result, strict=True):
            assert len(done["graded"]) == ANSWERS_PER_VARIANT
            for texts, (score, _) in zip(texts_list, done["graded"], strict=True):
                assert score == pytest.approx(service_share(v, assigned, texts, lang),
                                              abs=1e-9), texts


def test_the_question_speaks_the_export_s_language() -> None:
    files, _ = prairielearn_files(SPEC, SEEDS, lang="it")
    html = files["question.html"].decode()
    assert "Esplora a mano questo albero di gioco" in html and "nessuno" in html
    info = json.loads(files["info.json"])
    assert info["title"].startswith("Alfa-beta a mano") and info["topic"] == (
        "Ricerca negli alberi di gioco")
    variant = json.loads(files["variants.json"])["variants"][0]
    assert [p["words"] for p in variant["parts"]] == [
        "Il valore della radice", "La mossa migliore", "I nodi potati"]


def test_an_assignment_s_folder_is_its_own() -> None:
    a = parse_assignment(AIMA)
    files, _ = prairielearn_files(assignment_variants(a))
    info = json.loads(files["info.json"])
    assert info["title"] == "Potatura alfa-beta" and info["singleVariant"] is True
    other = parse_assignment({**AIMA, "title": "Week 2"})
    assert json.loads(prairielearn_files(assignment_variants(other))[0]["info.json"])[
        "uuid"] != info["uuid"]
    parts = json.loads(files["variants.json"])["variants"][0]["parts"]
    assert parts[5] == {"name": "p6", "key": "pruned", "kind": "set", "words":
                        "The nodes pruned", "label": "6.", "answer": "I J",
                        "nodes": ["I", "J"]}


def test_variants_json_holds_the_answer_keys() -> None:
    variants = json.loads(_files()["variants.json"])["variants"]
    made = make_variants(SPEC, SEEDS)
    assert [(v["seed"], v["value"], v["move"], v["pruned"]) for v in variants] == [
        (v.seed, v.value, v.move, list(v.pruned)) for v in made.variants]
    assert len({v["svg"] for v in variants}) == len(variants)


def test_the_zip_holds_the_folder_byte_for_byte(tmp_path: Path) -> None:
    write_prairielearn(tmp_path / "q", SPEC, SEEDS, name="ab")
    write_prairielearn(tmp_path / "q.zip", SPEC, SEEDS, name="ab")
    first = (tmp_path / "q.zip").read_bytes()
    with zipfile.ZipFile(io.BytesIO(first)) as archive:
        names = archive.namelist()
        assert names == [f"ab/{f}" for f in ("info.json", "question.html", "server.py",
                                             "variants.json")]
        for name in names:
            assert archive.read(name) == (tmp_path / "q" / name.split("/")[1]).read_bytes()
    write_prairielearn(tmp_path / "q.zip", SPEC, SEEDS, name="ab")
    assert (tmp_path / "q.zip").read_bytes() == first
    assert prairielearn_zip(SPEC, SEEDS, name="ab")[0] == first
    assert sorted(p.name for p in tmp_path.iterdir()) == ["q", "q.zip"]


def test_writing_into_a_question_folder_keeps_the_teacher_s_files(tmp_path: Path) -> None:
    folder = tmp_path / "q"
    folder.mkdir()
    (folder / "notes.md").write_text("mine")
    (folder / "variants.json").write_text("old")
    write_prairielearn(folder, SPEC, SEEDS)
    assert (folder / "notes.md").read_text() == "mine"
    assert json.loads((folder / "variants.json").read_text())["variants"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["q"]  # no staging left behind


def test_a_node_inside_a_pruned_subtree_stands_for_its_root(tmp_path: Path) -> None:
    made = make_variants(SPEC, SEEDS)
    found = [(i, v) for i, v in enumerate(made.variants) if v.parts[2].inside]
    assert found  # some variant prunes a subtree deeper than a leaf
    i, v = found[0]
    inside = dict(v.parts[2].inside)
    below = [next(n for n, r in inside.items() if r == root) if root in inside.values()
             else root for root in v.pruned]
    texts: list[str | None] = [None, None, " ".join(below)]
    folder = tmp_path / "q"
    write_prairielearn(folder, made)
    (done,) = _run_server(folder, [[i, [texts]]])["out"]
    assert done["graded"][0][0] == pytest.approx(1 / 3)
    assert service_share(v, None, texts) == pytest.approx(1 / 3)
