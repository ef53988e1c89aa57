"""TikZ and Beamer output: the SVG's coordinates, named colours and styles, and documents
that ``pdflatex`` compiles (one page per frame)."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from tracer.cli import main
from tracer.render._entry import render_trace, write_frames
from tracer.render.draw.presets import preset_options
from tracer.render.files.tikz import (
    TexColours,
    drawing_picture,
    legend_rounded,
    legend_swatches,
    tex_text,
    tikzpicture,
    write_tikz,
)
from tracer.render.files.xdot import xdot_ops
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing
from tracer.trace import Trace

TRACES = Path(__file__).resolve().parents[3] / "traces"
needs_tex = pytest.mark.skipif(shutil.which("pdflatex") is None or shutil.which("pdfinfo") is None,
                               reason="pdflatex/pdfinfo missing: `make sysdeps-tex` installs them")

_NODE = re.compile(r"^% node (\S+)(?: \(([^)]*)\))?$")
_POINT = re.compile(r"\((-?[0-9.]+),(-?[0-9.]+)\)")


def tikz_node_points(tex: str) -> dict[str, list[tuple[float, float]]]:
    """Node name -> the points of its first drawn shape in the TikZ source."""
    out: dict[str, list[tuple[float, float]]] = {}
    name = None
    for line in tex.splitlines():
        m = _NODE.match(line)
        if m:
            name = m.group(1)
        elif name is not None and line.startswith("\\path"):
            out[name] = [(float(x), float(y)) for x, y in _POINT.findall(line.split("]", 1)[1])]
            name = None
        elif line.startswith("% edge"):
            name = None
    return out


def svg_points(coords: str) -> list[tuple[float, float]]:
    """SVG ``points`` -> points with y up, as Graphviz (and the TikZ output) have them."""
    pts = [tuple(float(v) for v in p.split(",")) for p in coords.split()]
    return [(x, -y) for x, y in pts]


def assert_same_nodes(tex: str, svg: str, svg_coords: Callable[[str], dict[str, str]]) -> int:
    tikz = tikz_node_points(tex)
    svg_nodes = {k: v for k, v in svg_coords(svg).items() if not k.startswith("gt:")}
    assert svg_nodes, "no nodes in the SVG"
    for name, coords in svg_nodes.items():
        if "," not in coords:
            continue  # an ellipse: only its centre's x is in the SVG pattern
        want = sorted(set(svg_points(coords)))
        got = sorted(set(tikz[name]))
        flat = [v for point in got for v in point]
        assert len(got) == len(want) and flat == pytest.approx(
            [v for point in want for v in point], abs=0.011), name
    return len(svg_nodes)


def pdflatex(folder: Path, main_file: str) -> int:
    """Compile ``main_file`` in ``folder``; return the PDF's page count."""
    done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", main_file],
                          cwd=folder, capture_output=True, text=True, timeout=300, check=False)
    log = (folder / main_file).with_suffix(".log")
    assert done.returncode == 0, log.read_text(errors="replace")[-3000:]
    info = subprocess.run(["pdfinfo", str((folder / main_file).with_suffix(".pdf"))],
                          capture_output=True, text=True, check=True).stdout
    m = re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE)
    assert m is not None
    return int(m.group(1))


# text and xdot --------------------------------------------------------------------------


def test_tex_text_escapes_and_symbols() -> None:
    assert tex_text("50% & x_1 {#}") == r"50\% \& x\_1 \{\#\}"
    assert tex_text("≤ 2, α ≥ −∞") == r"$\leq$ 2, $\alpha$ $\geq$ -$\infty$"
    assert tex_text("✓ ✗") == r"$\checkmark$ $\times$"
    assert tex_text("città") == "città"


def test_tex_text_from_a_hostile_trace_runs_no_command() -> None:
    """A move or position from a trace is text in TeX: no command, no paragraph end."""
    assert tex_text("\\input{/etc/passwd}") == r"\textbackslash{}input\{/etc/passwd\}"
    assert tex_text("a\n\nb\x00c^^M") == r"a  b c\textasciicircum{}\textasciicircum{}M"


def test_xdot_strings_are_counted_in_bytes() -> None:
    ops = list(xdot_ops("F 16 11 -DejaVu Sans T 1 2 0 9 5 -≤ 2 c 7 -#1a1a1a".encode()))
    assert ops == [("F", [16.0, "DejaVu Sans"]), ("T", [1.0, 2.0, 0, 9.0, "≤ 2"]),
                   ("c", ["#1a1a1a"])]


def test_xdot_garbage_style_is_skipped() -> None:
    # The bundled Graphviz writes garbage as some table cells' style; its length is right.
    data = b"S 4 -p=\xd7\xa3 c 7 -#a6a6a6 P 3 0 0 1 0 0 1 "
    ops = list(xdot_ops(data))
    assert [op for op, _ in ops] == ["S", "c", "P"]
    assert ops[2][1] == [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]


def test_legend_swatches_keep_their_line_style(tmp_path: Path) -> None:
    drawing = Drawing(TRACES / "jugs.astar.graph.json")
    styles = legend_swatches(drawing.view)
    assert "dashed" in styles or "dotted" in styles
    tex = tikzpicture(drawing_picture(drawing))
    legend = tex[tex.index("% node gt:legend"):]
    drawn = re.findall(r"\\path\[draw=[^,\]]*, (gt/\w+),", legend)
    assert drawn[-len(styles):] == [f"gt/{s}" for s in styles]


@needs_tex
def test_legend_swatches_keep_their_rounded_corners(tmp_path: Path) -> None:
    # The styles are left out of the DOT (the bundled Graphviz crashes on them) and put
    # back in TikZ: the fill and the outline of each rounded swatch, a third of its side.
    drawing = Drawing(TRACES / "jugs.astar.graph.json")
    assert legend_rounded(drawing.view) == [True, True, True]
    assert legend_rounded(Drawing(TRACES / "aima.alphabeta.fail-soft.json").view) == \
        [False, False]  # terminal leaf and pruned: square
    write_tikz(drawing, tmp_path / "pic.tex")
    tex = (tmp_path / "pic.tex").read_text(encoding="utf-8")
    legend = tex[tex.index("% node gt:legend"):]
    assert len(re.findall(r"\\path\[fill=[^\]]*, rounded corners=4\.67pt\]", legend)) == 3
    assert len(re.findall(r"\\path\[draw=[^\]]*, rounded corners=4\.67pt\]", legend)) == 3
    assert "rounded corners" not in tex[:tex.index("% node gt:legend")]
    (tmp_path / "doc.tex").write_text(
        "\\documentclass{article}\n\\input{pic-preamble}\n\\pagestyle{empty}\n"
        "\\begin{document}\n\\resizebox{\\linewidth}{!}{\\input{pic}}\n\\end{document}\n",
        encoding="utf-8")
    assert pdflatex(tmp_path, "doc.tex") == 1


def test_astar_frames_draw_as_tikz_without_crashing() -> None:
    # Styled HTML tables made the bundled Graphviz's xdot writer crash on these frames.
    drawing = Drawing(TRACES / "jugs.astar.graph.json")
    colours = TexColours(drawing.theme)
    assert all(drawing_picture(drawing, f.view, colours).body for f in drawing.frames())


# one picture ----------------------------------------------------------------------------


def test_tikz_nodes_sit_at_the_svg_coordinates(
        aima: Trace, svg_coords: Callable[[str], dict[str, str]]) -> None:
    drawing = Drawing(aima)
    tex = tikzpicture(drawing_picture(drawing))
    assert assert_same_nodes(tex, drawing.render("svg").decode(), svg_coords) == 13


def test_tikz_uses_named_colours_and_styles(aima_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "aima.tex"
    render_trace(aima_file, out)
    tex = out.read_text(encoding="utf-8")
    pre = (tmp_path / "aima-preamble.tex").read_text(encoding="utf-8")
    assert tex.count("\\begin{tikzpicture}") == 1 and "\\useasboundingbox" in tex
    assert "#" not in tex.replace("\\#", "")  # colours only by name
    assert "draw=gt-line-max" in tex and "fill=gt-fill-max" in tex
    assert re.search(r"% edge C -> I\n\\path\[draw=gt-ghost-line, gt/dashed", tex)
    assert "\\definecolor{gt-fill-max}{HTML}{DBE9F6}" in pre
    assert "gt/dashed/.style" in pre and "gt/dotted/.style" in pre
    assert "\\coordinate (n-A) at (239.52,342.52);" in tex  # the pinned centre of the root


def test_tikz_print_theme_has_no_colour(aima_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "aima.tex"
    render_trace(aima_file, out, RenderOptions(theme="print"))
    pre = (tmp_path / "aima-preamble.tex").read_text(encoding="utf-8")
    codes = re.findall(r"\{HTML\}\{([0-9A-F]{6})\}", pre)
    assert codes and all(c[0:2] == c[2:4] == c[4:6] for c in codes)  # grays only


def test_tikz_is_deterministic(aima_file: Path, tmp_path: Path) -> None:
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        render_trace(aima_file, tmp_path / folder / "x.tex")
    for name in ("x.tex", "x-preamble.tex"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_cli_writes_tex_and_preamble(aima_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "aima.tex"
    result = CliRunner().invoke(main, ["render", str(aima_file), "-o", str(out),
                                       "--preset", "slides"])
    assert result.exit_code == 0, result.stderr
    assert "\\input{aima-preamble}" in result.stderr
    assert out.exists() and (tmp_path / "aima-preamble.tex").exists()


def test_cli_tex_into_missing_folder_is_one_line(aima_file: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["render", str(aima_file), "-o",
                                       str(tmp_path / "nope" / "x.tex")])
    assert result.exit_code == 2  # a usage error, as for every output (tracer.outputs)
    assert "cannot write here: the folder" in result.stderr and "does not exist" in result.stderr
    assert "Traceback" not in result.stderr


@needs_tex
@pytest.mark.parametrize("name,options", [
    ("aima.alphabeta.fail-soft", {}),
    ("aima.alphabeta.fail-soft", {"lang": "it", "theme": "print"}),
    ("grundy-7-min.andor.dfs", {}),
    ("grundy-7-min.andor.dfs", {"preset": "slides"}),  # grows right
    ("jugs.astar.graph", {"preset": "slides"}),
    ("tictactoe-stage1.minimax", {}),
    ("coin.expectiminimax.plain", {"window": "final"}),
], ids=["aima", "aima-it-print", "grundy-andor", "grundy-slides", "jugs-slides", "tictactoe",
        "coin"])
def test_tikz_compiles(name: str, options: dict[str, str], tmp_path: Path) -> None:
    preset = options.pop("preset", None)
    render_trace(TRACES / f"{name}.json", tmp_path / "pic.tex",
                 preset_options(preset, **options))
    (tmp_path / "doc.tex").write_text(
        "\\documentclass{article}\n\\input{pic-preamble}\n\\pagestyle{empty}\n"
        "\\begin{document}\n\\resizebox{\\linewidth}{!}{\\input{pic}}\n\\end{document}\n",
        encoding="utf-8")
    assert pdflatex(tmp_path, "doc.tex") == 1


# Beamer -------------------------------------------------------------------------------


def test_frames_write_a_beamer_frame_with_one_overlay_per_svg_frame(
        aima: Trace, tmp_path: Path, svg_coords: Callable[[str], dict[str, str]]) -> None:
    written = write_frames(aima, tmp_path, RenderOptions(step="leaf"))
    tex = (tmp_path / "frames.tex").read_text(encoding="utf-8")
    overlays = re.findall(r"\\only<(\d+)>\{\\input\{\\gtframes (frame-\d+)\}\}", tex)
    assert len(overlays) == len(written.frames) == 8
    assert [int(k) for k, _ in overlays] == list(range(1, 9))
    assert tex.count("\\useasboundingbox") == 1  # one box for every overlay: no jitter
    for (_, name), svg in zip(overlays, written.frames, strict=True):
        assert svg.name == f"{name}.svg"
        body = (tmp_path / f"{name}.tex").read_text(encoding="utf-8")
        assert_same_nodes(body, svg.read_text(encoding="utf-8"), svg_coords)
    assert (tmp_path / "deck.tex").read_text(encoding="utf-8").count("\\input{frames") == 2
    again = tmp_path / "again"
    write_frames(aima, again, RenderOptions(step="node"))  # 12 frames, then 8: none stale
    write_frames(aima, again, RenderOptions(step="leaf"))
    assert len(list(again.glob("frame-*.tex"))) == len(list(again.glob("frame-*.svg"))) == 8


def test_every_frame_has_the_same_bounding_box(aima: Trace) -> None:
    drawing = Drawing(aima, RenderOptions(step="node"))
    colours = TexColours(drawing.theme)
    boxes = {drawing_picture(drawing, f.view, colours).bbox for f in drawing.frames()}
    assert len(boxes) == 1


def test_uncaptioned_frames_say_the_step_under_the_picture(aima: Trace,
                                                           tmp_path: Path) -> None:
    write_frames(aima, tmp_path, preset_options("slides", step="leaf", caption=False))
    tex = (tmp_path / "frames.tex").read_text(encoding="utf-8")
    assert "\\only<1>{Step 1/8: E = 3 (terminal); E returns 3 to B: B $\\leq$ 3" in tex
    assert "\\only<8>{alpha-beta (fail-soft): value 3, best move B}" in tex
    # Slide frames have their step caption in the picture, as the default frames do.
    for name, opts in (("plain", RenderOptions(step="leaf")),
                       ("slides", preset_options("slides", step="leaf"))):
        write_frames(aima, tmp_path / name, opts)
        # the slide's subtitle says the step's number only: its caption is the picture's
        slide = (tmp_path / name / "frames.tex").read_text(encoding="utf-8")
        assert "\\only<1>{Step 1/8: " not in slide and "\\only<1>{Step 1/8}" in slide
        assert "Step 1/8" in (tmp_path / name / "frame-001.tex").read_text(encoding="utf-8")


@needs_tex
@pytest.mark.parametrize("name,args", [
    ("aima.alphabeta.fail-soft", ("--step", "leaf")),
    ("aima.alphabeta.fail-soft", ("--step", "leaf", "--preset", "slides", "--pruned", "cross")),
    ("grundy-7-min.andor.dfs", ("--step", "node")),
], ids=["aima", "aima-slides-cross", "grundy"])
def test_beamer_deck_compiles_one_page_per_frame(name: str, args: tuple[str, ...],
                                                 tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["render", str(TRACES / f"{name}.json"), "--frames",
                                       str(tmp_path), *args])
    assert result.exit_code == 0, result.stderr
    assert "frames.tex" in result.stderr
    frames = sorted(tmp_path.glob("frame-*.svg"))
    assert pdflatex(tmp_path, "deck.tex") == len(frames) > 1


def test_the_beamer_frame_has_the_lecture_title_and_the_step(aima: Trace,
                                                             tmp_path: Path) -> None:
    from tracer._api.drawing import lecture_of

    write_frames(aima, tmp_path, RenderOptions(step="leaf"), lecture=lecture_of)
    tex = (tmp_path / "frames.tex").read_text(encoding="utf-8")
    # the lecture the AIMA tree is drawn in, by its own title and section
    assert ("\\frametitle{Teoria dei giochi - 2. Forma estesa: Esempio di $\\alpha$-$\\beta$ "
            "pruning}") in tex
    assert "\\framesubtitle{" + "".join(f"\\only<{k}>{{Step {k}/8}}" for k in range(1, 9)) \
        + "}" in tex
    assert "\\gtfill{%" in tex and "\\gtfit{" not in tex
    write_frames(aima, tmp_path / "it", RenderOptions(step="leaf", lang="it", title="Mio"),
                 lecture=lecture_of)
    tex = (tmp_path / "it" / "frames.tex").read_text(encoding="utf-8")
    assert "\\frametitle{Mio}" in tex and "\\only<3>{Passo 3/8}" in tex


def test_a_tree_of_ones_own_is_titled_by_its_description(
        trace_of: Callable[..., Trace], tmp_path: Path) -> None:
    from tracer._api.drawing import lecture_of
    from tracer.render.files.beamer import frame_title

    trace = trace_of("A(B(3 12 8) C(2 4 6) D(14 5 2))", algorithm="minimax")
    title = frame_title(Drawing(trace, RenderOptions()), lecture_of)
    assert title == "minimax (two-function)"  # no name, no description: the search
    # a tree of one's own called aima is not the lecture's
    assert lecture_of({"kind": "tree", "name": "aima", "tree": {"description": "mine"}}) is None
    assert lecture_of({"kind": "game", "name": "aima"}) is None


def _ink_rows(png: bytes) -> tuple[int, int, int]:
    """First and last rows (top down) of a grayscale PGM page with ink, and its height."""
    head = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", png)
    assert head is not None
    width, height = int(head[1]), int(head[2])
    pixels = png[head.end():]
    rows = [y for y in range(height) if min(pixels[y * width:(y + 1) * width]) < 200]
    return rows[0], rows[-1], height


@needs_tex
@pytest.mark.parametrize("args", [("--preset", "slides"), ("--preset", "slides", "--no-caption"),
                                  ()], ids=["slides", "slides-uncaptioned", "plain"])
def test_the_tree_fills_the_beamer_frame(args: tuple[str, ...], tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["render", str(TRACES / "aima.alphabeta.fail-soft.json"),
                                       "--frames", str(tmp_path), "--step", "leaf", *args])
    assert result.exit_code == 0, result.stderr
    assert pdflatex(tmp_path, "deck.tex") == 8
    assert "Overfull \\vbox" not in (tmp_path / "deck.log").read_text(errors="replace")
    page = subprocess.run(["pdftoppm", "-gray", "-r", "30", "-f", "8", "-l", "8",
                           str(tmp_path / "deck.pdf")], capture_output=True, check=True).stdout
    top, bottom, height = _ink_rows(page)
    assert top < 0.1 * height  # the frame title
    # no empty foot: the tree and its caption reach it (the caption's box keeps two lines)
    assert bottom > 0.85 * height
