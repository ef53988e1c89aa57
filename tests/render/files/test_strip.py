"""``render --strip OUT``: every step side by side in one picture (SVG, PNG, PDF or DOT),
as AIMA's Fig. 5.5."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pygraphviz
import pytest
from click.testing import CliRunner

from tracer.cli import main
from tracer.errors import LimitExceeded
from tracer.render.files.pdf import page_count
from tracer.render.files.strip import GAP, letter, strip_canvas, strip_dot, strip_legend, strip_svg
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing
from tracer.trace import Trace


def _texts(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def test_letters() -> None:
    assert [letter(k) for k in (0, 1, 25, 26, 27)] == ["a", "b", "z", "aa", "bb"]


def test_aima_strip_has_one_lettered_panel_per_leaf(aima: Trace) -> None:
    data, count = strip_svg(Drawing(aima, RenderOptions(step="leaf")))
    svg = data.decode()
    assert count == 8  # 7 leaves evaluated (I and J are pruned), then the final diagram
    assert re.findall(r'<g id="panel-([a-z]+)"', svg) == list("abcdefgh")
    captions = [t for t in _texts(svg) if re.match(r"\([a-h]\)", t)]
    assert [c[:3] for c in captions] == [f"({x})" for x in "abcdefgh"]
    assert captions[0].startswith("(a) E = 3") and not any("/8" in c for c in captions)
    ids = re.findall(r'\bid="([^"]*)"', svg)
    assert len(ids) == len(set(ids))  # panels repeat node ids: each is prefixed
    assert 'id="pa-n&#45;E"' in svg and 'id="ph-n&#45;E"' in svg


def test_panels_are_placed_in_rows(aima: Trace) -> None:
    data, _ = strip_svg(Drawing(aima, RenderOptions(step="leaf")), columns=3)
    svg = data.decode()
    moves = [tuple(float(v) for v in m) for m in
             re.findall(r'class="panel" transform="translate\(([0-9.]+) ([0-9.]+)\)"', svg)]
    xs, ys = sorted({x for x, _ in moves}), sorted({y for _, y in moves})
    assert len(xs) == 3 and len(ys) == 3 and moves[0] == (0.0, 0.0)
    width = float(re.search(r'<svg width="([0-9.]+)pt"', svg)[1])
    panel = float(re.search(r'<svg width="([0-9.]+)pt"',
                            Drawing(aima, RenderOptions(step="leaf")).render("svg").decode())[1])
    assert width == pytest.approx(3 * panel + 2 * 12, abs=0.01)


def test_strip_without_captions_keeps_the_letters(aima: Trace) -> None:
    data, _ = strip_svg(Drawing(aima, RenderOptions(step="leaf", caption=False, legend=False)))
    texts = _texts(data.decode())
    assert "(a)" in texts and "(h)" in texts
    assert not any("terminal" in t for t in texts)


def test_too_many_panels(trace_of: Callable[..., Trace]) -> None:
    def tree(depth: int, counter: list[int]) -> str:
        if depth == 0:
            counter[0] += 1
            return str(counter[0] % 17)
        return "(" + " ".join(tree(depth - 1, counter) for _ in range(3)) + ")"

    trace = trace_of(tree(4, [0]), algorithm="minimax")
    with pytest.raises(LimitExceeded, match="82 panels exceed 52"):
        strip_svg(Drawing(trace, RenderOptions(step="leaf", max_width=100)))


def _render(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["render", *args])
    return result.exit_code, result.stderr


def test_cli_strip_defaults_to_leaf_steps(aima_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "s.svg"
    code, err = _render(str(aima_file), "--strip", str(out))
    assert code == 0, err
    assert "8 panels written" in err
    code, err = _render(str(aima_file), "--strip", str(out), "--step", "node",
                        "--strip-columns", "4")
    assert code == 0, err
    assert "12 panels written" in err


@pytest.mark.parametrize("args,message", [
    (("--strip", "s.tex"), "a strip is written as .svg, .png, .pdf or .dot, not "),
    (("--strip", "s.jpg"), "a strip is written as .svg, .png, .pdf or .dot, not "),
    (("--strip", "s.svg", "--strip-columns", "0"), "--strip-columns must be at least 1"),
])
def test_cli_strip_usage_errors(aima_file: Path, tmp_path: Path, args: tuple[str, ...],
                                message: str) -> None:
    moved = tuple(str(tmp_path / a) if a.startswith("s.") else a for a in args)
    code, err = _render(str(aima_file), *moved)
    assert code == 2 and message in err and "Traceback" not in err
    assert not list(tmp_path.glob("s.*"))


def test_strip_is_deterministic(aima: Trace) -> None:
    first, _ = strip_svg(Drawing(aima, RenderOptions(step="leaf", pruned="cross")))
    again, _ = strip_svg(Drawing(aima, RenderOptions(step="leaf", pruned="cross")))
    assert first == again


def test_strip_dot_shifts_each_panel_into_place(aima: Trace) -> None:
    drawing = Drawing(aima, RenderOptions(step="leaf", pruned="cross"))
    source, count = strip_dot(drawing, columns=3)
    assert count == 8
    graph = pygraphviz.AGraph(string=source)
    pos = {str(n): tuple(float(v) for v in n.attr["pos"].split(",")) for n in graph.nodes()
           if str(n).endswith("-E")}
    assert sorted(pos) == [f"p{x}-E" for x in "abcdefgh"]
    width = pos["pb-E"][0] - pos["pa-E"][0]
    height = pos["pa-E"][1] - pos["pd-E"][1]
    assert pos["pc-E"][0] - pos["pb-E"][0] == pytest.approx(width, abs=0.02)
    assert pos["pa-E"][1] == pytest.approx(pos["pc-E"][1])  # one row...
    assert pos["pd-E"][1] - pos["pg-E"][1] == pytest.approx(height, abs=0.02)  # ...3 rows
    svg = drawing.render("svg").decode()
    svg_width = float(re.search(r'<svg width="([0-9.]+)pt"', svg)[1])
    assert width == pytest.approx(svg_width + GAP, abs=1)  # the SVG strip's (whole pt)
    # one name per panel, and the strip's one legend
    assert [str(n) for n in graph.nodes() if not re.match(r"p[a-h]-", str(n))] == ["gt:legend"]
    assert "pd-gt.cross.C.I.0a" in graph


@pytest.mark.parametrize("name,magic", [("s.png", b"\x89PNG"), ("s.pdf", b"%PDF"),
                                        ("s.dot", b"digraph")])
def test_cli_strip_in_other_formats(aima_file: Path, tmp_path: Path, name: str,
                                    magic: bytes) -> None:
    out = tmp_path / name
    code, err = _render(str(aima_file), "--strip", str(out), "--pruned", "cross")
    assert code == 0, err
    assert "8 panels written" in err
    data = out.read_bytes()
    assert data.startswith(magic)
    if name.endswith(".pdf"):
        assert page_count(data) == 1  # one page holding every panel
    code, _ = _render(str(aima_file), "--strip", str(tmp_path / ("again" + out.suffix)),
                      "--pruned", "cross")
    assert (tmp_path / ("again" + out.suffix)).read_bytes() == data  # deterministic


def test_the_legend_is_drawn_once_under_the_strip(aima: Trace) -> None:
    drawing = Drawing(aima, RenderOptions(step="leaf"))
    keys = [k for k, _ in strip_legend(drawing)]
    # every key a panel needs, once: the frames' (current, not searched yet), then the
    # diagram's principal variation
    assert keys == ["legend.max", "legend.min", "legend.terminal", "legend.pruned",
                    "legend.unvisited.yet", "legend.current", "legend.pv"]
    svg = strip_svg(drawing)[0].decode()
    assert _texts(svg).count("terminal leaf") == 1
    assert _texts(svg).count("principal variation") == 1
    legend_y = float(re.search(r'<g id="strip-legend" transform="translate\(0 ([0-9.]+)\)"',
                               svg)[1])
    panel_ys = [float(y) for y in re.findall(r'class="panel" transform="translate\([0-9.]+ '
                                            r'([0-9.]+)\)"', svg)]
    assert legend_y > max(panel_ys)  # under the last row
    source, _ = strip_dot(drawing)
    graph = pygraphviz.AGraph(string=source)
    lowest = min(float(n.attr["pos"].split(",")[1]) for n in graph.nodes()
                 if str(n).endswith("-gt:caption"))
    assert float(graph.get_node("gt:legend").attr["pos"].split(",")[1]) < lowest - 20
    assert source.count("terminal leaf") == 1


def test_no_legend_means_no_strip_legend(aima: Trace) -> None:
    drawing = Drawing(aima, RenderOptions(step="leaf", legend=False))
    assert strip_legend(drawing) == ()
    assert 'id="strip-legend"' not in strip_svg(drawing)[0].decode()


@pytest.mark.parametrize("size,width,height,least,expected", [
    ("slides", 1937.0, 1314.0, 9.0, (3840, 2160)),  # the AIMA strip: three slides wide
    ("slides", 600.0, 300.0, 14.0, (1280, 720)),    # small enough for one slide
    ("slides", 600.0, 300.0, 2.0, (5120, 2880)),    # small text: a larger canvas
    ("slides", 600.0, 300.0, 1.0, (7680, 4320)),    # tiny text: the largest canvas
    ("slides-4:3", 1937.0, 1314.0, 9.0, (4096, 3072)),
    ("a4", 1937.0, 1314.0, 9.0, (210, 297)),        # paper: the page itself
])
def test_strip_canvas_is_a_whole_multiple(size: str, width: float, height: float,
                                          least: float, expected: tuple[int, int]) -> None:
    canvas = strip_canvas(size, width, height, least)
    assert canvas is not None and (canvas.width, canvas.height) == expected


@pytest.mark.parametrize("name", ["s.png", "s.svg", "s.pdf"])
def test_cli_slides_strip_is_16_9(aima_file: Path, tmp_path: Path, name: str) -> None:
    out = tmp_path / name
    code, err = _render(str(aima_file), "--strip", str(out), "--preset", "slides")
    assert code == 0, err
    data = out.read_bytes()
    if name.endswith(".png"):
        assert data[16:24] == (3840).to_bytes(4, "big") + (2160).to_bytes(4, "big")
    elif name.endswith(".svg"):
        assert re.search(rb'<svg width="3840px" height="2160px"', data)
        assert len(re.findall(rb'<text[^>]*>\(([a-h])\)', data)) == 8
    else:
        box = re.search(rb"/MediaBox \[ ?0 0 ([0-9.]+) ([0-9.]+) ?\]", data)
        assert box is not None and (float(box[1]), float(box[2])) == (2880, 1620)
