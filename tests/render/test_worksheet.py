"""``gametrace exercise --worksheet F.pdf``: a sheet to print and write on (A4, a name
and date line, an empty box under every inner node), and its answer key on page 2."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from tracer._api import make_exercise
from tracer.cli import main
from tracer.errors import UsageError
from tracer.figures.worksheet import BOX_MM, NAME_LINE, worksheet

MM = 25.4 / 72
"""Millimetres in a point."""


def pdf_pages(path: Path) -> list[tuple[float, float]]:
    """Each page's size in points, as poppler's pdfinfo reads it."""
    text = subprocess.run(["pdfinfo", "-f", "1", "-l", "99", str(path)], check=True,
                          capture_output=True, text=True).stdout
    return [(float(w), float(h)) for w, h in
            re.findall(r"Page +\d+ size: +([0-9.]+) x ([0-9.]+) pts", text)]


def page_text(path: Path, page: int) -> str:
    return subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(path), "-"],
                          check=True, capture_output=True, text=True).stdout


def box_widths_mm(svg: str, node: str) -> list[float]:
    """The widths on paper of the framed cells under ``node`` in a worksheet's SVG (its
    viewBox in points, its drawing scaled by the transform)."""
    moved = re.search(r'class="graph" transform="scale\(([0-9.]+) ', svg)
    assert moved is not None
    scale = float(moved[1])
    group = re.search(r'<title>gt\.note\.' + node + r'</title>(.*?)</g>', svg, re.DOTALL)
    assert group is not None
    widths = []
    for points in re.findall(r'<polygon[^>]*points="([^"]+)"', group[1]):
        xs = [float(p.split(",")[0]) for p in points.split()]
        widths.append((max(xs) - min(xs)) * scale * MM)
    return widths


def _exercise(tmp_path: Path, *extra: str) -> tuple[Path, dict[str, object]]:
    sheet = tmp_path / "sheet.pdf"
    result = CliRunner().invoke(main, ["exercise", "-b", "2", "-d", "3", "--seed", "4",
                                       "-o", str(tmp_path / "ex"), "--worksheet",
                                       str(sheet), *extra])
    assert result.exit_code == 0, result.stderr
    assert str(sheet) in result.output
    key = json.loads((tmp_path / "ex" / "answer.json").read_text(encoding="utf-8"))
    return sheet, key


@pytest.mark.render
def test_the_worksheet_is_two_a4_pages_with_the_key_on_the_second(tmp_path: Path) -> None:
    sheet, key = _exercise(tmp_path)
    assert pdf_pages(sheet) == [(595, 842), (595, 842)]
    first, second = page_text(sheet, 1), page_text(sheet, 2)
    assert "Name" in first and "Date" in first
    value = key["value"]
    assert f"value {value}, best move" in second  # the answer key's result line
    assert "best move" not in first  # the sheet gives no answer away


@pytest.mark.render
def test_landscape_pages(tmp_path: Path) -> None:
    sheet, _ = _exercise(tmp_path, "--size", "a4-landscape")
    assert pdf_pages(sheet) == [(842, 595), (842, 595)]


@pytest.mark.render
@pytest.mark.parametrize("shape", [(2, 2), (3, 2), (2, 4), (3, 3)], ids=str)
@pytest.mark.parametrize("size", ["a4", "a4-landscape"])
def test_every_inner_node_has_a_box_wide_enough_to_write_in(shape: tuple[int, int],
                                                            size: str) -> None:
    b, d = shape
    ex = make_exercise(branching=b, depth=d, values=(0, 20), seed=1)
    sheet = worksheet(ex.trace, title="Exercise", size=size)
    svg = sheet.sheet_svg.decode()
    assert sheet.box_mm >= BOX_MM
    inner = [n.id for n in ex.tree.nodes() if n.children]
    assert inner and "A" in inner
    for node in inner:
        widths = box_widths_mm(svg, node)
        assert len(widths) == 1, node  # one framed box: the value
        assert widths[0] >= 8, (node, widths)
    for leaf in (n.id for n in ex.tree.nodes() if not n.children):
        assert f"<title>gt.note.{leaf}</title>" not in svg  # a leaf has its value, no box


@pytest.mark.render
def test_alpha_beta_boxes_when_asked() -> None:
    ex = make_exercise(branching=2, depth=2, values=(0, 20), seed=1)
    svg = worksheet(ex.trace, title="Exercise", ask="alpha-beta").sheet_svg.decode()
    widths = box_widths_mm(svg, "A")
    assert len(widths) == 3 and min(widths) >= 8  # value, alpha, beta
    assert ">α</text>" in svg and ">β</text>" in svg
    assert "alpha and beta" in svg


def test_the_name_line_and_no_inner_values_on_the_sheet() -> None:
    ex = make_exercise(branching=2, depth=2, values=(0, 20), seed=1)
    svg = worksheet(ex.trace, title="Exercise").sheet_svg.decode()
    assert NAME_LINE.split()[0] in svg and "Date" in svg
    root = re.search(r'<title>A</title>(.*?)</g>', svg, re.DOTALL)
    assert root is not None
    texts = re.findall(r">([^<>]+)</text>", root[1])
    assert texts == ["A"]  # the root's name, and no value


def test_the_same_seed_gives_the_same_worksheet() -> None:
    ex = make_exercise(branching=2, depth=2, values=(0, 20), seed=5)
    assert worksheet(ex.trace, title="E").pdf == worksheet(ex.trace, title="E").pdf


@pytest.mark.parametrize("size,ask,message", [
    ("a3", "value", "unknown worksheet size 'a3' (choose from: a4, a4-landscape)"),
    ("a4", "cuts", "unknown question 'cuts' (choose from: value, alpha-beta)"),
])
def test_bad_sizes_and_questions_are_named(size: str, ask: str, message: str) -> None:
    ex = make_exercise(branching=2, depth=2, values=(0, 20), seed=1)
    with pytest.raises(UsageError) as caught:
        worksheet(ex.trace, title="E", size=size, ask=ask)
    assert str(caught.value) == message


def test_a_worksheet_must_be_a_pdf(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["exercise", "-b", "2", "-d", "2", "-o",
                                       str(tmp_path / "ex"), "--worksheet",
                                       str(tmp_path / "s.svg")])
    assert result.exit_code == 2
    assert "a worksheet is a two-page PDF" in result.stderr
    assert not (tmp_path / "ex").exists() and not (tmp_path / "s.svg").exists()


def test_a_tree_too_large_for_boxes_to_write_in_is_refused(tmp_path: Path) -> None:
    ex = make_exercise(branching=3, depth=4, values=(0, 20), seed=1)
    with pytest.raises(UsageError) as caught:
        worksheet(ex.trace, title="E", ask="alpha-beta")
    assert str(caught.value) == (
        "the tree is too large for a worksheet on a4: its answer boxes would be 4.6 mm "
        "wide, at least 8 mm wanted to write in (try --ask value, --size a4-landscape or "
        "a smaller tree)")
    assert worksheet(ex.trace, title="E", ask="value").box_mm >= 8  # what it suggests
    result = CliRunner().invoke(main, ["exercise", "-b", "3", "-d", "4", "--seed", "1",
                                       "-o", str(tmp_path / "ex"), "--worksheet",
                                       str(tmp_path / "s.pdf"), "--ask", "alpha-beta"])
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "ex").exists() and not (tmp_path / "s.pdf").exists()
