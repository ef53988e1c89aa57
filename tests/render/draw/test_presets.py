"""``--preset slides|print|web``: named defaults, defined once, that explicit options beat."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from tracer.cli import main
from tracer.cli.problems import astar_command
from tracer.errors import UsageError
from tracer.render.draw.presets import PRESETS, preset_options
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing
from tracer.trace import Trace


def test_slides_preset_values() -> None:
    opts = preset_options("slides")
    # caption None: no result line (it goes with the legend), frames keep their steps
    assert (opts.scale, opts.legend, opts.caption, opts.pad) == (1.4, False, None, 0.04)
    assert opts.aspect == pytest.approx(16 / 9) and opts.size == "slides"
    assert preset_options("print").theme == "print"
    assert preset_options(None) == RenderOptions()


def test_explicit_options_beat_the_preset() -> None:
    assert preset_options("slides", legend=True, scale=2.0).legend is True
    assert preset_options("slides", legend=True, scale=2.0).scale == 2.0


def test_unknown_preset_names_the_choices() -> None:
    with pytest.raises(UsageError, match=r"unknown preset 'talk' \(choose from: slides, "
                                         r"slides-4:3, a4, a4-landscape, print, web\)"):
        preset_options("talk")


@pytest.mark.parametrize("field,value", [("scale", 0.1), ("aspect", 9.0), ("pad", -1.0)])
def test_sizes_are_checked(field: str, value: float) -> None:
    with pytest.raises(UsageError, match=field):
        RenderOptions.from_kwargs(**{field: value})


def test_slides_enlarge_text_and_nodes(aima: Trace) -> None:
    plain = Drawing(aima).pinned_dot()
    slides = Drawing(aima, preset_options("slides")).pinned_dot()
    assert 'POINT-SIZE="16"' in plain and 'POINT-SIZE="16"' not in slides
    assert 'POINT-SIZE="22"' in slides  # values: 16 pt x 1.4, rounded
    assert re.search(r'"A" \[.*width=1\.4\b', slides)  # the MAX triangle: 1.0 in x 1.4


def test_slides_layout_is_16_by_9_with_no_legend_or_caption(aima: Trace) -> None:
    drawing = Drawing(aima, preset_options("slides"))
    x0, y0, x1, y1 = drawing.pinned.bb
    assert (x1 - x0) / (y1 - y0) == pytest.approx(16 / 9, rel=0.01)
    dot = drawing.pinned_dot()
    assert "gt:legend" not in dot and "gt:caption" not in dot
    assert 'pad="0.04"' in dot or "pad=0.04" in dot


def test_slides_with_legend_asked(aima: Trace) -> None:
    dot = Drawing(aima, preset_options("slides", legend=True, caption=True)).pinned_dot()
    assert "gt:legend" in dot and "gt:caption" in dot


def test_no_caption_keeps_the_legend(aima: Trace) -> None:
    dot = Drawing(aima, RenderOptions(caption=False)).pinned_dot()
    assert "gt:legend" in dot and "gt:caption" not in dot


def _invoke(*args: str) -> click.testing.Result:
    return CliRunner().invoke(main, list(args))


def test_render_preset_and_explicit_flag(aima_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "s.svg"
    result = _invoke("render", str(aima_file), "-o", str(out), "--preset", "slides")
    assert result.exit_code == 0, result.stderr
    svg = out.read_text(encoding="utf-8")
    assert "<title>gt:legend</title>" not in svg and 'font-size="22.00"' in svg
    result = _invoke("render", str(aima_file), "-o", str(out), "--preset", "slides", "--legend")
    assert result.exit_code == 0, result.stderr
    assert "<title>gt:legend</title>" in out.read_text(encoding="utf-8")


def test_render_unknown_preset_is_a_usage_error(aima_file: Path, tmp_path: Path) -> None:
    result = _invoke("render", str(aima_file), "-o", str(tmp_path / "x.svg"), "--preset", "talk")
    assert result.exit_code == 2 and "'talk' is not one of" in result.stderr
    assert not (tmp_path / "x.svg").exists()


def test_run_and_astar_take_the_preset(tmp_path: Path) -> None:
    out = tmp_path / "r.svg"
    result = _invoke("run", "aima", "-a", "alphabeta", "--render", str(out), "--preset",
                     "slides", "-q")
    assert result.exit_code == 0, result.stderr
    assert "<title>gt:legend</title>" not in out.read_text(encoding="utf-8")
    out = tmp_path / "j.svg"
    result = _invoke("astar", "jugs", "--render", str(out), "--preset", "print", "-q")
    assert result.exit_code == 0, result.stderr
    assert "#dbe9f6" not in out.read_text(encoding="utf-8")  # no colour fill: grayscale


def test_every_command_offers_the_same_presets() -> None:
    from tracer.cli.check import check_command, exercise_command
    from tracer.cli.compare import compare_command
    from tracer.cli.render import render_command
    from tracer.cli.run import run

    for command in (render_command, run, astar_command, check_command, exercise_command,
                    compare_command):
        option = next(p for p in command.params if p.name == "preset")
        assert isinstance(option.type, click.Choice)
        assert tuple(option.type.choices) == tuple(PRESETS), command.name


def _slide_sized(dot: str) -> bool:
    """DOT drawn with the slides preset: values at 16 pt x 1.4 and no legend."""
    return 'POINT-SIZE="22"' in dot and "gt:legend" not in dot


def test_check_render_takes_the_preset(tmp_path: Path) -> None:
    answer = tmp_path / "answer.json"
    answer.write_text('{"value": 3, "move": "a2"}', encoding="utf-8")
    out = tmp_path / "marked.dot"
    result = _invoke("check", "aima", str(answer), "--render", str(out), "--preset", "slides")
    assert result.exit_code == 1, result.stderr  # the move is wrong
    assert _slide_sized(out.read_text(encoding="utf-8"))
    _invoke("check", "aima", str(answer), "--render", str(out))
    assert not _slide_sized(out.read_text(encoding="utf-8"))


def test_exercise_takes_the_preset(tmp_path: Path) -> None:
    result = _invoke("exercise", "-b", "2", "-d", "2", "--format", "dot", "-o",
                     str(tmp_path / "ex"), "--preset", "slides")
    assert result.exit_code == 0, result.stderr
    for name in ("worksheet.dot", "answer.dot"):
        dot = (tmp_path / "ex" / name).read_text(encoding="utf-8")
        assert re.search(r'"A" \[.*width=1\.4\b', dot), name  # the MAX triangle x 1.4
        assert "gt:legend" not in dot, name


def test_compare_picture_takes_the_preset(tmp_path: Path) -> None:
    out = tmp_path / "pair.dot"
    result = _invoke("compare", "aima", "--orders", "natural,reverse", "--picture", str(out),
                     "--preset", "print")
    assert result.exit_code == 0, result.stderr
    assert "#dbe9f6" not in out.read_text(encoding="utf-8")  # grayscale
    result = _invoke("compare", "aima", "--orders", "natural,reverse", "--picture", str(out),
                     "--preset", "print", "--theme", "colour")
    assert "#dbe9f6" in out.read_text(encoding="utf-8")  # --theme given wins
