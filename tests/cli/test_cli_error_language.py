"""The command line says a library error in the command's ``--lang``, else in the
language of ``GAMETRACE_LANG`` or of the locale (as gettext reads it), else in English;
the file's name is kept and the place is worded too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tracer.cli import error_language, main

NIM = ["run", "nim", "-p", "piles=150,100"]
NIM_EN = ("gametrace: error: nim piles (sticks in all) must be at most 200, got 250 (a node "
          "has one move per stick left)\n")
NIM_IT = ("gametrace: error: nim: piles (fiammiferi in tutto) può essere al più 200, non 250 "
          "(un nodo ha una mossa per ogni fiammifero rimasto)\n")
UNSET = {name: None for name in ("GAMETRACE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES",
                                 "LANG")}


def run(args: list[str], **env: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, args, env={**UNSET, **env})
    return result.exit_code, result.stderr


@pytest.mark.parametrize(("env", "said"), [
    ({}, NIM_EN),
    ({"GAMETRACE_LANG": "it"}, NIM_IT),
    ({"LANG": "it_IT.UTF-8"}, NIM_IT),
    ({"LANGUAGE": "fr:it", "LANG": "en_US.UTF-8"}, NIM_IT),
    ({"LC_ALL": "C", "LANG": "it_IT.UTF-8"}, NIM_EN),
    ({"GAMETRACE_LANG": "en", "LANG": "it_IT.UTF-8"}, NIM_EN),
    ({"GAMETRACE_LANG": "fr"}, NIM_EN),
], ids=["none", "gametrace-lang", "lang", "language-list", "lc-all-c", "gametrace-lang-wins",
        "unknown"])
def test_the_error_follows_the_locale(env: dict[str, str], said: str) -> None:
    assert run(NIM, **env) == (2, said)


def test_the_commands_lang_comes_first_and_words_the_place(tmp_path: Path) -> None:
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps({"value": "x"}))
    code, said = run(["check", "aima", str(answer), "--lang", "it"], LANG="en_US.UTF-8")
    assert code == 1
    assert said == (f"gametrace: error: {answer}: $.value: serve un numero, \"+inf\"/\"-inf\" "
                    "o un limite come \"<=2\" o \">=3\", non \"x\"\n")
    bad = tmp_path / "bad.json"
    bad.write_text("A(B(3 12 8)")
    assert run(["render", str(bad), "--lang=it", "-o", str(tmp_path / "x.svg")]) == (
        1, f"gametrace: error: {bad}: riga 1, colonna 1: JSON non valido: manca un valore\n")
    assert run(["render", str(bad), "--lang", "en", "-o", str(tmp_path / "x.svg")],
               GAMETRACE_LANG="it")[1].endswith("line 1, column 1: invalid JSON: expecting "
                                                "value\n")
    assert not (tmp_path / "x.svg").exists()


@pytest.mark.parametrize(("chosen", "env", "lang"), [
    (None, {}, "en"),
    ("it", {"GAMETRACE_LANG": "en"}, "it"),
    (None, {"LC_MESSAGES": "it_CH.UTF-8"}, "it"),
    (None, {"LANG": "C.UTF-8"}, "en"),
    (None, {"LANGUAGE": "de", "LANG": "it_IT"}, "it"),
    ("xx", {}, "en"),
])
def test_error_language(chosen: str | None, env: dict[str, str], lang: str) -> None:
    assert error_language(chosen, env) == lang
