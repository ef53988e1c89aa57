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

from tracer.classroom import (
    QuestionSpec,
    make_variants,
    prairielearn_files,
    prairielearn_zip,
    write_prairielearn,
)

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


def test_question_html_asks_each_item_with_an_element() -> None:
    html = _files()["question.html"].decode()
    parser = _Elements()
    parser.feed(html)
    inputs = {(tag, attrs.get("answers-name")) for tag, attrs in parser.found
              if tag.startswith("pl-") and "input" in tag}
    assert inputs == {("pl-number-input", "value"), ("pl-string-input", "move"),
                      ("pl-string-input", "pruned")}
    assert "pl-question-panel" in [tag for tag, _ in parser.found]
    panel = html[html.index("<pl-question-panel>"):html.index("</pl-question-panel>")]
    assert "{{{params.diagram}}}" in panel


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
    assert checked == 3
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
    out = []
    for seed in json.loads(sys.argv[1]):
        data = {"variant_seed": seed, "params": {}, "correct_answers": {}}
        server.generate(data)
        out.append(data)
    graded = []
    for given in json.loads(sys.argv[2]):
        data = out[0]
        data = {"params": data["params"], "correct_answers": data["correct_answers"],
                "submitted_answers": {"value": 0, "move": "x", "pruned": given},
                "partial_scores": {"value": {"score": 1.0}, "move": {"score": 0.0},
                                   "pruned": {"score": 0.0}}}
        server.grade(data)
        graded.append([data["partial_scores"]["pruned"]["score"], data["score"]])
    print(json.dumps({"generated": out, "graded": graded,
                      "tracer": any(m.split(".")[0] == "tracer" for m in sys.modules)}))
""")


def test_server_py_runs_without_gametrace(tmp_path: Path) -> None:
    folder = tmp_path / "question"
    made = write_prairielearn(folder, SPEC, SEEDS)
    n = len(made.variants)
    seeds = [0, 1, 5, n + 2, 12345678901234567]
    first = made.variants[0]
    given = [" ".join(reversed(first.pruned)), ",".join(first.pruned).lower(),
             first.pruned[0], "none"]
    # -I -S: no site-packages, so gametrace cannot be imported even by accident; the
    # question's folder is on the path as PrairieLearn puts it.
    driver = f"import sys; sys.path.insert(0, {str(folder)!r})\n" + _DRIVER
    run = subprocess.run([sys.executable, "-I", "-S", "-c", driver, json.dumps(seeds),
                          json.dumps(given)], cwd=folder, capture_output=True, text=True,
                         timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["tracer"] is False
    for seed, data in zip(seeds, result["generated"], strict=True):
        v = made.variants[seed % n]
        assert data["params"]["seed"] == v.seed
        assert data["correct_answers"] == {"value": v.value, "move": v.move,
                                           "pruned": v.pruned_text}
        assert data["params"]["diagram"].startswith("<svg")
        assert data["params"]["root"] == "A"
    share = 1 / len(first.pruned)
    assert result["graded"][0] == [1.0, 2 / 3]
    assert result["graded"][1] == [1.0, 2 / 3]
    assert result["graded"][2][0] == share
    assert result["graded"][3] == [0.0, 1 / 3]


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
