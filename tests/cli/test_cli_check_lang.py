"""``gametrace check --lang it``: the verdict in Italian, English by default."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from tracer.cli import main

WRONG = {"value": 3, "move": "B", "evaluated": list("EFGHIJKLM")}


def check(tmp_path: Path, *more: str) -> tuple[int, str]:
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps(WRONG))
    result = CliRunner().invoke(main, ["check", "aima", str(answer), *more])
    return result.exit_code, result.stdout


def test_check_lang_it_writes_the_reasons_in_italian(tmp_path: Path) -> None:
    code, out = check(tmp_path, "--lang", "it")
    assert code == 1
    assert "Primo errore (evaluated, all'evento 13 della traccia attesa):" in out
    assert "quindi i figli rimanenti di C (I = 4, J = 6) sono potati; hai valutato I, J" \
        in out.replace("\n  ", " ")
    assert "you evaluated" not in out


def test_check_json_lang_it_carries_the_italian_reason(tmp_path: Path) -> None:
    code, out = check(tmp_path, "--lang", "it", "--json")
    first = json.loads(out)["first_mistake"]
    assert code == 1 and first["why"].startswith("in C, dopo la foglia H = 2: beta = 2")


def test_check_is_in_english_by_default(tmp_path: Path) -> None:
    code, out = check(tmp_path)
    assert code == 1 and "First mistake (evaluated, at event 13" in out


def test_check_refuses_a_language_it_does_not_write(tmp_path: Path) -> None:
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps(WRONG))
    result = CliRunner().invoke(main, ["check", "aima", str(answer), "--lang", "fr"])
    assert result.exit_code == 2 and "fr" in result.stderr


def test_the_recorded_italian_verdict_is_what_check_prints(monkeypatch: Any) -> None:
    """docs/examples/verdict-wrong-it.txt is the documented wrong answer checked in Italian."""
    root = Path(__file__).resolve().parents[2]
    monkeypatch.chdir(root)
    result = CliRunner().invoke(main, ["check", "aima", "docs/examples/student-wrong.json",
                                       "--lang", "it"])
    assert result.exit_code == 1
    assert result.stdout == (root / "docs/examples/verdict-wrong-it.txt").read_text(
        encoding="utf-8")
