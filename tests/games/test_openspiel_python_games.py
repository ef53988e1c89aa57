"""Move names that are not UTF-8, end to end: games registered with pyspiel
(tests/games/spiel_python_games.py) searched through the real adapter and written with
``gametrace run -o``.  Each name reaches every output as an escape (``caf\\xe9``,
``caf\\udce9``) that any file holds, never an internal error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

pytest.importorskip("pyspiel")

from tests.games.spiel_python_games import NOT_UTF8, SURROGATES
from tracer.cli import main
from tracer.trace import load_trace


def _run(tmp_path: Path, name: str, out: str) -> tuple[int, str, str, Path]:
    target = tmp_path / out
    result = CliRunner().invoke(main, ["run", f"openspiel:{name}", "-o", str(target)])
    return result.exit_code, result.stdout, result.stderr, target


@pytest.mark.parametrize("out", ["t.json", "t.jsonl", "t.jsonl.gz"])
@pytest.mark.parametrize(("name", "escape"), [(NOT_UTF8, "\\xe9"), (SURROGATES, "\\udce9")],
                         ids=["not-utf8", "surrogates"])
def test_names_that_are_not_utf8_are_written_under_o(tmp_path: Path, name: str,
                                                      escape: str, out: str) -> None:
    code, stdout, stderr, target = _run(tmp_path, name, out)
    assert (code, stderr.strip()) == (0, f"trace written to {target}"), stderr
    # MAX picks 0, MIN answers 0: MIN wins either way (the lecture's worst case for MAX)
    assert "value: -1" in stdout
    assert f"best move: caf{escape}" in stdout
    trace = load_trace(target)
    expanded = [e for e in trace.events if e.type == "expand"]
    assert expanded[0].children[0].startswith(f"caf{escape}")
    if name == SURROGATES:  # the game's own picture of the position, escaped alike
        assert expanded[0].label == "picked \\udce9"
    assert "/" not in expanded[0].children[0]  # a '/' in a name is written '|'
    # the file is UTF-8 through and through, its text the trace's
    if out == "t.json":
        text = target.read_bytes().decode("utf-8")
        assert json.loads(text)["header"]["source"]["name"] == f"openspiel:{name}"


def test_the_escaped_names_draw(tmp_path: Path) -> None:
    code, _, stderr, target = _run(tmp_path, SURROGATES, "t.json")
    assert code == 0, stderr
    result = CliRunner().invoke(main, ["render", str(target), "-o", str(tmp_path / "t.dot")])
    assert result.exit_code == 0, result.stderr
    assert "caf\\\\udce9" in (tmp_path / "t.dot").read_text("utf-8")
