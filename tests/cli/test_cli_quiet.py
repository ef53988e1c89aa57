"""-q/--quiet on every command that prints notes or progress.

`render` and `exercise` refused -q, which `run` and `astar` take.  Every command that
writes a note ("diagram written to ...") or a progress line now takes it
(tracer/cli/options.quiet_option), and the answer it was asked for still comes: the
verdict of `check`, the table of `compare`, the files.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from tracer.cli import main

AIMA = "A(B(3 12 8) C(2 4 6) D(14 5 2))"

# Each command that writes notes: a command line (files in the current folder) and the
# files it must still write with -q.
NOTES: dict[str, tuple[list[str], list[str]]] = {
    "run": (["run", "aima", "-o", "t.json", "--render", "t.svg"], ["t.json", "t.svg"]),
    "astar": (["astar", "jugs", "-o", "j.json", "--render", "j.svg"], ["j.json", "j.svg"]),
    "render": (["render", "t.json", "-o", "r.svg"], ["r.svg"]),
    "exercise": (["exercise", "-b", "2", "-d", "2", "-o", "ex"],
                 ["ex/worksheet.svg", "ex/answer.json"]),
    "check": (["check", "aima", "answer.json", "--render", "c.svg"], ["c.svg"]),
    "compare": (["compare", "aima", "--format", "csv", "-o", "c.csv"], ["c.csv"]),
    "matrix": (["matrix", "prisoners-dilemma", "-o", "m.json"], ["m.json"]),
    "stats": (["stats", "t.json", "--plot", "s.dot"], ["s.dot"]),
    "regret": (["regret", "t.json", "--picture", "r.dot"], ["r.dot"]),
    "bisect": (["bisect", "t.json", "t.json", "--picture", "b.dot"], ["b.dot"]),
    "index": (["index", "t.json", "-o", "t.index"], ["t.index"]),
}
SILENT = {
    "admissible": "prints its report on stdout, no note",
    "diff": "prints the difference on stdout, no note",
    "examples": "a list on stdout",
    "games": "a list on stdout",
    "validate": "its verdict on stdout is the answer",
    "sdk": "the folder it prints on stdout is the answer",
    "serve": "a server: its log is the service's",
    "browse": "a server (once the trace is indexed): its log is the service's",
    "export": "a group: its commands take -q (tests/cli/test_cli_export.py)",
    "lti": "a group: the files written and the text to paste, on stdout, are the answer",
}


def _invoke(tmp_path: Path, args: list[str]) -> tuple[int, str, str]:
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = CliRunner().invoke(main, args)
    finally:
        os.chdir(here)
    return result.exit_code, result.stdout, result.stderr


def _inputs(tmp_path: Path) -> None:
    code, _, _ = _invoke(tmp_path, ["run", "aima", "-o", "t.json", "-q"])
    assert code == 0
    (tmp_path / "answer.json").write_text('{"value": 3, "move": "B"}')


def test_every_command_is_either_quiet_or_silent() -> None:
    assert set(NOTES) | set(SILENT) == set(main.commands)
    assert not set(NOTES) & set(SILENT)


@pytest.mark.parametrize("command", NOTES)
def test_q_drops_the_notes_and_keeps_the_answer(tmp_path: Path, command: str) -> None:
    args, files = NOTES[command]
    loud, quiet = tmp_path / "loud", tmp_path / "quiet"
    for folder in (loud, quiet):
        folder.mkdir()
        _inputs(folder)
    code, out, err = _invoke(loud, args)
    assert code == 0, err
    notes = err if command != "exercise" else out  # exercise lists its files on stdout
    assert "written" in notes or "ex/" in notes
    code, q_out, q_err = _invoke(quiet, [*args, "-q"])
    assert code == 0, q_err
    assert q_err == ""
    for file in files:
        assert (quiet / file).is_file(), file
    if command == "exercise":
        assert q_out == ""  # not even the answer's best move, for a class watching
    else:
        assert q_out == out  # the answer asked for, as without -q


def test_check_q_keeps_the_verdict(tmp_path: Path) -> None:
    _inputs(tmp_path)
    code, out, err = _invoke(tmp_path, ["check", "aima", "answer.json", "--render", "c.svg",
                                        "-q"])
    assert (code, err) == (0, "")
    assert "score: 2.00 / 2 (100%)" in out and "right  value  3" in out


def test_quiet_is_listed_in_each_commands_help() -> None:
    for command in NOTES:
        result = CliRunner().invoke(main, [command, "--help"])
        assert "-q, --quiet" in result.stdout, command
