"""gametrace export moodle / prairielearn: the files, the summary line, exit codes."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

from helpers import gametrace


def test_export_moodle_writes_a_bank(tmp_path: Path) -> None:
    out = tmp_path / "bank.xml"
    code, stdout, stderr = gametrace("export", "moodle", "-b", "2", "-d", "3", "--cuts",
                                     "2..3", "--seeds", "1..5", "-o", str(out))
    assert (code, stdout) == (0, "")
    assert stderr == f"5 Moodle questions written to {out}\n"
    quiz = ET.fromstring(out.read_bytes())
    questions = quiz.findall("question")
    assert questions[0].findtext("category/text") == "$course$/top/alphabeta-b2-d3-cuts2-3"
    assert len(questions) == 6
    first = out.read_bytes()
    assert gametrace("export", "moodle", "-b", "2", "-d", "3", "--cuts", "2..3", "--seeds",
                     "1..5", "-o", str(out), "-q") == (0, "", "")
    assert out.read_bytes() == first


def test_export_moodle_to_standard_output() -> None:
    code, stdout, stderr = gametrace("export", "moodle", "-b", "2", "-d", "2", "--seeds",
                                     "3", "--name", "one", "-o", "-")
    assert code == 0
    assert stderr == "1 Moodle question written to -\n"
    assert ET.fromstring(stdout).findtext("question/category/text") == "$course$/top/one"


def test_export_prairielearn_folder_and_zip(tmp_path: Path) -> None:
    code, _, stderr = gametrace("export", "prairielearn", "-b", "2", "-d", "2", "--seeds",
                                "1..4", "--name", "ab", "-o", str(tmp_path / "ab"))
    assert code == 0 and "4 PrairieLearn variants" in stderr
    assert sorted(p.name for p in (tmp_path / "ab").iterdir()) == [
        "info.json", "question.html", "server.py", "variants.json"]
    assert len(json.loads((tmp_path / "ab" / "variants.json").read_text())["variants"]) == 4
    assert gametrace("export", "prairielearn", "-b", "2", "-d", "2", "--seeds", "1..4",
                     "--name", "ab", "-o", str(tmp_path / "ab.zip"), "-q") == (0, "", "")
    with zipfile.ZipFile(tmp_path / "ab.zip") as archive:
        assert archive.read("ab/info.json") == (tmp_path / "ab" / "info.json").read_bytes()


def test_export_says_which_seeds_repeat_a_tree(tmp_path: Path) -> None:
    code, _, stderr = gametrace("export", "moodle", "-b", "2", "-d", "1", "--values", "0..1",
                                "--seeds", "0..3", "-o", str(tmp_path / "b.xml"))
    assert code == 0
    assert "2 Moodle questions" in stderr and "left out" in stderr


def test_export_bounds_and_bad_options(tmp_path: Path) -> None:
    code, stdout, stderr = gametrace("export", "moodle", "-b", "2", "-d", "2", "--seeds",
                                     "1..201", "-o", str(tmp_path / "b.xml"))
    assert (code, stdout) == (2, "")
    assert "at most 200" in stderr and len(stderr.splitlines()) == 1
    code, _, stderr = gametrace("export", "moodle", "-b", "2", "-d", "2", "-o",
                                str(tmp_path / "b.txt"))
    assert code == 2 and "question bank (use .xml" in stderr
    assert list(tmp_path.iterdir()) == []


def test_export_help_has_examples() -> None:
    for command in (("export",), ("export", "moodle"), ("export", "prairielearn")):
        code, stdout, _ = gametrace(*command, "--help")
        assert code == 0
        assert "Examples:" in stdout and "gametrace export " in stdout
        if len(command) == 2:
            assert "-q, --quiet" in stdout


def test_export_in_italian(tmp_path: Path) -> None:
    out = tmp_path / "banca.xml"
    code, _, stderr = gametrace("export", "moodle", "-b", "3", "-d", "1", "--seeds", "1..2",
                                "--lang", "it", "-o", str(out))
    assert (code, stderr) == (0, f"2 domande Moodle scritte in {out}\n")
    text = ET.fromstring(out.read_bytes()).findtext("question[@type='multianswer']/"
                                                    "questiontext/text") or ""
    assert "Il valore della radice:" in text and "SHORTANSWER_C:=nessuno}" in text
    code, _, stderr = gametrace("export", "prairielearn", "-b", "2", "-d", "2", "--lang",
                                "fr", "-o", str(tmp_path / "q"))
    assert code == 2 and "'fr'" in stderr
