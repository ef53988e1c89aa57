"""Every game command of the README's table of lecture examples, drawn as an Italian
1280x720 slide (``--preset slides --lang it``), has text of at least 14 px, measured
as the canvas measures it (the least ``font-size`` of the SVG times its scale), and
says nothing about size, neither in the picture nor on stderr."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.render.test_canvas import least_text, svg_size
from tracer.cli import main

README = Path(__file__).resolve().parents[2] / "README.md"
SEARCHES = ("run", "astar")
"""The table's commands that record a search to draw (not ``matrix``, ``admissible``)."""
BEYOND = ("chess", "openspiel:")
"""The engines beyond the notes (extras), left out."""


def lecture_commands() -> list[str]:
    """The ``gametrace`` commands of the README's table of lecture examples."""
    text = README.read_text(encoding="utf-8")
    table = text[text.index("| what the notes show"):text.index("Options of `run`")]
    commands = re.findall(r"`gametrace ([^`]+)`", table)
    return [c for c in commands
            if c.split()[0] in SEARCHES and not c.split()[1].startswith(BEYOND)]


def test_the_table_has_every_lecture_game() -> None:
    games = {c.split()[1] for c in lecture_commands()}
    assert games == {"grundy", "tictactoe", "three-mins", "aima", "coin", "transform-b",
                     "gameof5", "nim", "chomp", "othello", "jugs"}


@pytest.mark.parametrize("command", lecture_commands())
def test_each_lecture_game_is_an_italian_slide_with_text_of_14_px(command: str,
                                                                  tmp_path: Path) -> None:
    args = shlex.split(command)
    if "--render" in args:  # the README draws it as it runs; here it is drawn after
        at = args.index("--render")
        del args[at:at + 2]
    trace, slide = tmp_path / "t.json", tmp_path / "slide.svg"
    runner = CliRunner()
    ran = runner.invoke(main, [*args, "-o", str(trace)])
    assert ran.exit_code == 0, ran.stderr
    drawn = runner.invoke(main, ["render", str(trace), "-o", str(slide),
                                 "--preset", "slides", "--lang", "it"])
    assert drawn.exit_code == 0, drawn.stderr
    assert "warning" not in drawn.stderr
    svg = slide.read_text(encoding="utf-8")
    assert svg_size(svg) == ("1280px", "720px", "0.00 0.00 1280.00 720.00")
    assert least_text(svg) >= 14
    said = svg.replace("&#45;", "-")
    assert not any(word in said for word in ("testo sotto", "text under", "--depth",
                                             "gt:canvas:note"))
