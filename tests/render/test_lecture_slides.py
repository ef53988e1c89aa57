"""Every game command of the README's table of lecture examples, drawn as an Italian
1280x720 slide (``--preset slides --lang it``), has text of at least 14 px, measured
as the canvas measures it (the least ``font-size`` of the SVG times its scale), and
says nothing about size, neither in the picture nor on stderr."""

from __future__ import annotations

import json
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


def test_the_lecture_matrix_is_an_italian_slide_with_text_of_14_px(tmp_path: Path) -> None:
    # The table's matrix (the prisoner's dilemma of "Teoria dei giochi") on the slide
    # canvas: 1280x720 in every format, its text larger than at its own size.
    from tests.render.test_canvas import pdf_pages, png_size

    runner = CliRunner()
    for fmt in ("svg", "png", "pdf"):
        out = tmp_path / f"pd.{fmt}"
        drawn = runner.invoke(main, ["matrix", "prisoners-dilemma", "--lang", "it", "-o",
                                     str(out), "--size", "slides"])
        assert drawn.exit_code == 0, drawn.stderr
        assert "warning" not in drawn.stderr
        data = out.read_bytes()
        if fmt == "svg":
            svg = data.decode()
            assert svg_size(svg) == ("1280px", "720px", "0.00 0.00 1280.00 720.00")
            assert least_text(svg) >= 20
            assert "Il dilemma del prigioniero" in svg and "equilibrio di Nash" in svg
        elif fmt == "png":
            assert png_size(data) == (1280, 720)
        else:
            assert pdf_pages(data) == [(960.0, 540.0)]


def test_a_matrix_too_large_for_its_canvas_warns_on_stderr(tmp_path: Path) -> None:
    game = tmp_path / "big.json"
    names = [f"strategy{i:02d}" for i in range(24)]
    payoffs = [[[i, j] for j in range(24)] for i in range(24)]
    game.write_text(json.dumps({"players": ["A", "B"], "rows": names, "columns": names,
                                "payoffs": payoffs}), encoding="utf-8")
    out = tmp_path / "big.png"
    drawn = CliRunner().invoke(main, ["matrix", str(game), "-o", str(out), "--size", "slides"])
    assert drawn.exit_code == 0, drawn.stderr
    assert "warning: text under 14 px on this canvas" in drawn.stderr
    assert out.exists()


def test_a_matrix_size_needs_a_picture(tmp_path: Path) -> None:
    drawn = CliRunner().invoke(main, ["matrix", "prisoners-dilemma", "--size", "slides"])
    assert drawn.exit_code == 2
    assert "--size applies to a picture (-o FILE.png" in drawn.stderr
    drawn = CliRunner().invoke(main, ["matrix", "prisoners-dilemma", "-o",
                                      str(tmp_path / "x.png"), "--size", "9x9"])
    assert drawn.exit_code == 2 and "size '9x9'" in drawn.stderr
    assert drawn.stdout == "" and not (tmp_path / "x.png").exists()
