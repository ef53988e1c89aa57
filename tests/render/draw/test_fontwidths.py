"""The one table of text widths: DejaVu Sans's advances, as the font files give them."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tracer.render.draw import fontwidths
from tracer.render.draw.fontwidths import AVERAGE_EM, BOLD, MONO_EM, REGULAR, chars_width

FONTS = Path("/usr/share/fonts/truetype/dejavu")
"""Debian's fonts-dejavu-core, which `make test` installs when missing (sysdeps-fonts)."""
TOOL = Path(__file__).parents[3] / "tools" / "dejavu_widths.py"


def _advances(file: str) -> dict[str, float]:
    spec = importlib.util.spec_from_file_location("dejavu_widths", TOOL)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    widths: dict[str, float] = tool.advances(FONTS / file)
    return widths


@pytest.mark.parametrize(("file", "table"), [("DejaVuSans.ttf", REGULAR),
                                             ("DejaVuSans-Bold.ttf", BOLD)],
                         ids=["regular", "bold"])
def test_the_tables_are_the_fonts_advances(file: str, table: dict[str, float]) -> None:
    assert _advances(file) == table


def test_every_mono_glyph_has_the_one_advance() -> None:
    # the tool rounds to four places; the table keeps the exact 1233/2048
    assert set(_advances("DejaVuSansMono.ttf").values()) == {round(MONO_EM, 4)}


def test_widths_from_a_count_and_from_a_text_agree_in_mono() -> None:
    width = fontwidths.text_width
    assert chars_width(5, 11, mono=True) == pytest.approx(width("X.O.X", 11, mono=True))
    assert width("ab", 10) == pytest.approx((REGULAR["a"] + REGULAR["b"]) * 10)
    assert width("✪", 10) == pytest.approx(AVERAGE_EM * 10)  # a glyph the table lacks
    assert chars_width(3, 10) == pytest.approx(3 * AVERAGE_EM * 10)
