"""``--size`` and the slide and paper presets: pictures of exactly the canvas's size, the
tree fitted and centred, text never under the least size without a word on the canvas."""

from __future__ import annotations

import re
import struct
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.render.conftest import make_trace, svg_node_coordinates
from tracer.cli import main
from tracer.errors import UsageError
from tracer.examples import EXAMPLES
from tracer.render._entry import write_frames
from tracer.render.draw.canvas import Measure, fit_canvas
from tracer.render.draw.presets import preset_options
from tracer.render.files.pdf import page_count
from tracer.render.model.canvas import Canvas, parse_size
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing
from tracer.trace import Trace

TRACES = Path(__file__).resolve().parents[2] / "traces"
GRUNDY = TRACES / "grundy-7-min.andor.dfs.json"
CHOMP = TRACES / "chomp4x4.alphabeta.best.json"
NOTE = "text under 14 px at this size"
PAGES = {"slides": (960, 540), "slides-4:3": (768, 576), "a4": (595, 842),
         "a4-landscape": (842, 595)}
"""Each preset's PDF page in points: 16:9 and 4:3 slides at 96 px an inch, A4."""


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header (its IHDR chunk)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def svg_size(svg: str) -> tuple[str, str, str]:
    m = re.search(r'<svg width="([^"]+)" height="([^"]+)"\s+viewBox="([^"]+)"', svg)
    assert m is not None
    return m[1], m[2], m[3]


def svg_scale(svg: str) -> float:
    m = re.search(r'<g id="graph0" class="graph" transform="scale\(([0-9.]+) ', svg)
    assert m is not None
    return float(m[1])


def least_text(svg: str) -> float:
    """The smallest text of the SVG as drawn on its canvas (font size times the scale)."""
    return min(float(v) for v in re.findall(r'font-size="([0-9.]+)"', svg)) * svg_scale(svg)


def pdf_pages(data: bytes) -> list[tuple[float, float]]:
    boxes = re.findall(rb"/MediaBox \[\s*([-0-9.]+) ([-0-9.]+) ([-0-9.]+) ([-0-9.]+)\s*\]",
                       data)
    return [(float(x1) - float(x0), float(y1) - float(y0)) for x0, y0, x1, y1 in boxes]


def lecture_traces() -> list[tuple[str, Trace]]:
    """Every lecture example (``gametrace examples``), searched as the lecture does."""
    out = []
    for name in EXAMPLES:
        try:
            out.append((name, make_trace(name, "alphabeta")))
        except UsageError:  # a tree with chance nodes: alpha-beta refuses it
            out.append((name, make_trace(name, "expectiminimax")))
    return out


# ------------------------------------------------------------------ sizes


@pytest.mark.parametrize("text,canvas", [
    ("slides", Canvas(1280, 720, "px")),
    ("slides-4:3", Canvas(1024, 768, "px")),
    ("a4", Canvas(210, 297, "mm")),
    ("a4-landscape", Canvas(297, 210, "mm")),
    ("800x600", Canvas(800, 600, "px")),
    ("148x105mm", Canvas(148, 105, "mm")),
], ids=lambda v: v if isinstance(v, str) else "")
def test_sizes_by_name_and_by_number(text: str, canvas: Canvas) -> None:
    assert parse_size(text) == canvas


@pytest.mark.parametrize("text,message", [
    ("slide", "unknown size 'slide' (choose from: slides, slides-4:3, a4, a4-landscape"),
    ("1280", "unknown size '1280'"),
    ("10x10", "size '10x10': each side must be between 64 and 8192 px"),
    ("5000x10mm", "size '5000x10mm': each side must be between 30 and 1000 mm"),
])
def test_bad_sizes_name_the_allowed_ones(text: str, message: str) -> None:
    with pytest.raises(UsageError) as caught:
        RenderOptions(size=text)
    assert str(caught.value).startswith(message)


def test_paper_at_a_high_dpi_is_refused_before_drawing() -> None:
    assert RenderOptions(size="a4", dpi=600).dpi == 600  # 4961 x 7016 pixels
    with pytest.raises(UsageError) as caught:
        RenderOptions(size="a4", dpi=1200)
    assert str(caught.value) == ("size 210x297mm at dpi 1200 is 9921x14031 pixels: at most "
                                 "8192 a side (lower the dpi)")


def test_a_small_tree_is_fitted_centred_and_enlarged_at_most_so_much() -> None:
    canvas = parse_size("slides")  # 960 x 540 pt, a margin of 13.5 pt
    fit = fit_canvas(canvas, Measure((0, 0, 200, 100), 14.0), note="said")
    assert fit.zoom == 2.5  # it would fit at 4.66: enlarged no more than 2.5 times
    assert fit.centre == (100, 50) and fit.note is None
    wide = fit_canvas(canvas, Measure((10, 20, 1000, 220), 14.0), note="said")
    assert wide.zoom == pytest.approx((960 - 27) / 990)
    assert wide.note is None and wide.least == pytest.approx(14 * wide.zoom / 0.75)


def test_text_under_the_least_size_is_said_but_takes_no_room() -> None:
    canvas = parse_size("slides")
    fit = fit_canvas(canvas, Measure((0, 0, 4000, 300), 14.0), note="said")
    assert fit.note == "said" and fit.least is not None and fit.least < 14
    # no band is kept at the foot for a line: the tree is centred on the canvas
    assert fit.centre == (2000, 150)
    assert fit.zoom == pytest.approx((960 - 27) / 4000)


# ------------------------------------------------------------------ every lecture example


@pytest.mark.render
@pytest.mark.parametrize("theme", ["colour", "print"])
def test_every_lecture_example_is_exactly_a_slide(theme: str) -> None:
    for name, trace in lecture_traces():
        drawing = Drawing(trace, preset_options("slides", theme=theme))
        assert png_size(drawing.render("png")) == (1280, 720), name
        svg = drawing.render("svg").decode()
        assert svg_size(svg) == ("1280px", "720px", "0.00 0.00 1280.00 720.00"), name
        assert NOTE not in svg and "gt:canvas:note" not in svg, name
        assert least_text(svg) >= 14 or drawing.canvas_note() is not None, name
        assert pdf_pages(drawing.render("pdf")) == [(960, 540)], name


@pytest.mark.render
@pytest.mark.parametrize("preset", sorted(PAGES))
def test_each_preset_has_its_page_and_takes_a_caption(aima: Trace, preset: str) -> None:
    drawing = Drawing(aima, preset_options(preset, caption=True))
    assert pdf_pages(drawing.render("pdf")) == [PAGES[preset]]
    svg = drawing.render("svg").decode()
    assert "<title>gt:caption</title>" in svg  # --caption works in every preset
    assert "value 3, best move B" in svg
    canvas = parse_size(preset)
    unit = canvas.unit
    assert svg_size(svg)[:2] == (f"{canvas.width:g}{unit}", f"{canvas.height:g}{unit}")
    # pixels one to one; paper at the default 144 dpi
    expected = ((round(canvas.width), round(canvas.height)) if unit == "px" else
                tuple(round(p * 144 / 72) for p in canvas.points))
    assert png_size(drawing.render("png")) == expected


def test_the_slides_preset_has_no_result_line_unless_asked(aima: Trace) -> None:
    svg = Drawing(aima, preset_options("slides")).render("svg").decode()
    assert "<title>gt:caption</title>" not in svg


@pytest.mark.render
def test_small_text_is_said_on_stderr_and_never_written_in_the_picture() -> None:
    # Chomp's top with forty moves side by side (an explicit --max-width is kept)
    drawing = Drawing(CHOMP, preset_options("slides", depth=2, max_width=40))
    svg = drawing.render("svg").decode()
    assert svg_size(svg)[:2] == ("1280px", "720px")
    assert least_text(svg) < 14
    assert drawing.canvas_note() == ("text under 14 px at this size: draw less of the "
                                     "tree with --depth N or --focus NODE")
    plain = svg.replace("&#45;", "-")
    assert NOTE not in plain and "--depth" not in plain and "gt:canvas:note" not in plain
    assert png_size(drawing.render("png")) == (1280, 720)


# ------------------------------------------------------------------ frames


@pytest.mark.render
def test_slide_frames_share_the_canvas_and_the_place_of_every_node(aima: Trace,
                                                                   tmp_path: Path) -> None:
    written = write_frames(aima, tmp_path, preset_options("slides", step="leaf"))
    svgs = [p.read_text(encoding="utf-8") for p in sorted(tmp_path.glob("frame-*.svg"))]
    assert len(svgs) == 8
    places = set()
    for svg in svgs:
        assert svg_size(svg) == ("1280px", "720px", "0.00 0.00 1280.00 720.00")
        shapes = svg_node_coordinates(svg)
        moved = re.search(r'translate\([^)]*\)', svg)
        assert moved is not None
        places.add((shapes["A"], shapes["M"], svg_scale(svg), moved[0]))
    assert len(places) == 1  # every node at the same place of the slide in every frame
    assert all("<title>gt:caption</title>" in svg for svg in svgs)  # the steps
    assert "Step 1/8" in svgs[0]
    assert "value 3, best move B" in svgs[-1]  # the last frame says the result
    pdf = written.pdf.read_bytes()
    assert page_count(pdf) == 8 and set(pdf_pages(pdf)) == {(960, 540)}


@pytest.mark.render
def test_png_frames_are_the_slide_size(aima: Trace, tmp_path: Path) -> None:
    write_frames(aima, tmp_path, preset_options("slides-4:3", step="leaf",
                                                frame_format="png"))
    sizes = {png_size(p.read_bytes()) for p in tmp_path.glob("frame-*.png")}
    assert sizes == {(1024, 768)}


# ------------------------------------------------------------------ the command line


def test_render_size_on_the_command_line(aima_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "a.svg"
    result = CliRunner().invoke(main, ["render", str(aima_file), "-o", str(out),
                                       "--size", "1600x900"])
    assert result.exit_code == 0, result.stderr
    assert svg_size(out.read_text(encoding="utf-8"))[:2] == ("1600px", "900px")
    assert "warning" not in result.stderr


def test_render_warns_once_when_text_is_too_small(tmp_path: Path) -> None:
    out = tmp_path / "g"
    result = CliRunner().invoke(main, ["render", str(CHOMP), "-o", str(out) + ".svg",
                                       "--preset", "slides", "--depth", "2",
                                       "--max-width", "40", "--frames", str(out),
                                       "--step", "node"])
    assert result.exit_code == 0, result.stderr
    warnings = [x for x in result.stderr.splitlines() if x.startswith("warning:")]
    assert warnings == ["warning: text under 14 px at this size: draw less of the tree "
                        "with --depth N or --focus NODE"]
    assert "text under" not in (tmp_path / "g.svg").read_text(encoding="utf-8")


def test_render_refuses_a_bad_size_before_writing(aima_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "a.png"
    result = CliRunner().invoke(main, ["render", str(aima_file), "-o", str(out),
                                       "--size", "12x9000"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "gametrace: error: size '12x9000': each side must be between 64 and 8192 px"]
    assert not out.exists()


def test_help_lists_the_sizes_and_presets() -> None:
    text = CliRunner().invoke(main, ["render", "--help"]).output
    for name in ("slides-4:3", "a4-landscape", "--size"):
        assert name in text


# ------------------------------------------------------------------ the web service


def test_the_service_draws_on_a_canvas(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from tracer.service import Settings, create_app

    app = create_app(Settings(db=str(tmp_path / "t.db"), seed_dir=tmp_path))
    with TestClient(app) as client:
        trace = client.post("/v1/search", json={"example": "aima"}).json()["trace"]
        got = client.post("/v1/render", json={"trace": trace, "format": "png",
                                              "options": {"size": "slides"}})
        assert got.status_code == 200 and png_size(got.content) == (1280, 720)
        menus = client.get("/v1/algorithms").json()["render"]
        assert menus["sizes"] == ["slides", "slides-4:3", "a4", "a4-landscape"]
        assert "size" in menus["options"]
        bad = client.post("/v1/render", json={"trace": trace, "options": {"size": "huge"}})
        assert bad.status_code == 422 and "unknown size 'huge'" in bad.text


@pytest.mark.render
def test_check_and_exercise_pictures_take_the_slide(tmp_path: Path) -> None:
    answer = tmp_path / "answer.json"
    answer.write_text('{"value": 3, "move": "a2"}', encoding="utf-8")
    marked = tmp_path / "marked.png"
    result = CliRunner().invoke(main, ["check", "aima", str(answer), "--render", str(marked),
                                       "--preset", "slides"])
    assert result.exit_code == 1, result.stderr  # the move is wrong
    assert png_size(marked.read_bytes()) == (1280, 720)
    result = CliRunner().invoke(main, ["exercise", "-b", "2", "-d", "2", "--format", "png",
                                       "-o", str(tmp_path / "ex"), "--preset", "slides"])
    assert result.exit_code == 0, result.stderr
    for name in ("worksheet.png", "answer.png"):
        assert png_size((tmp_path / "ex" / name).read_bytes()) == (1280, 720), name
