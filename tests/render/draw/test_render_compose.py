"""SVG frames joined from pieces drawn once: the same bytes Graphviz draws for each frame."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tracer.render._entry import render_bytes, write_frames
from tracer.render.draw.compose import Compositor
from tracer.render.draw.dot import Elements, elements, elements_dot
from tracer.render.files.engine import render
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing
from tracer.trace import Trace

TRACES = Path(__file__).resolve().parents[3] / "traces"
RECORDED = [
    "aima.alphabeta.fail-soft",      # provisional values, cut labels, ghosts
    "aima.alphabeta.list",
    "three-mins.alphabeta.negamax",
    "coin.expectiminimax.plain",     # chance nodes, probabilities on edges
    "gameof5.alphabeta",             # boxes under nodes
    "tictactoe-stage2.minimax",      # multi-line positions under nodes
    "grundy-7-min.andor.dfs",        # AND arcs, solved / unsolvable
    "othello.alphabeta.depth3",      # tall boards, transposition-table tags
    "chomp4x4.alphabeta.best",
]


def _counting(drawing: Drawing) -> tuple[Callable[[Elements], str], list[int]]:
    calls = [0]

    def draw(parts: Elements) -> str:
        calls[0] += 1
        return render(elements_dot(parts, drawing.theme), "svg", pinned=True).decode()

    return draw, calls


@pytest.mark.parametrize("name", RECORDED)
def test_every_joined_frame_is_the_frame_graphviz_draws(name: str) -> None:
    # Byte for byte: every element's shapes, fills, strokes, dashes, widths, texts and
    # their places, the ids, the order, the size.  Nothing to allow for.
    drawing = Drawing(TRACES / f"{name}.json", RenderOptions(max_frames=400))
    views = [f.view for f in drawing.frames()]
    parts = [elements(v, drawing.theme, pinned=drawing.pinned) for v in views]
    graphviz = [render(drawing.pinned_dot(v), "svg", pinned=True).decode() for v in views]
    draw, calls = _counting(drawing)
    compositor = Compositor.build(parts[-1], graphviz[-1], draw)
    assert compositor is not None
    compositor.prepare(parts)
    drawn = calls[0]
    joined = [compositor.compose(p) for p in parts]
    assert calls[0] == drawn  # joining draws nothing
    assert all(svg is not None for svg in joined)
    for i, (ours, theirs) in enumerate(zip(joined, graphviz, strict=True), start=1):
        assert ours == theirs, f"frame {i}"


def test_all_states_are_drawn_in_one_graphviz_run() -> None:
    drawing = Drawing(TRACES / "aima.alphabeta.fail-soft.json")
    views = [f.view for f in drawing.frames()]
    parts = [elements(v, drawing.theme, pinned=drawing.pinned) for v in views]
    draw, calls = _counting(drawing)
    compositor = Compositor.build(parts[-1], drawing.render("svg").decode(), draw)
    assert compositor is not None
    framings = calls[0]  # the diagram's legend (and later the frames') spans the box
    compositor.prepare(parts)
    # One atlas, and one more framing: the frames' legend is not the diagram's.
    assert calls[0] - framings == 2
    compositor.prepare(parts)
    assert calls[0] - framings == 2


def test_wider_and_narrower_texts_are_measured_by_graphviz(aima_file: Path) -> None:
    # Labels of HTML tables are written text-anchor="start" at an x Graphviz computes
    # from the text's width (a joined frame must not put "≥ 3" where "3" started); the
    # SVG then anchors each at its middle (tracer.render.draw.svgtext): both are centred on
    # the root, which a text swapped in at the old x would not be.
    drawing = Drawing(aima_file)
    frames = list(drawing.frames())
    drawing.prepare(f.view for f in frames)
    early, last = (drawing.render("svg", frames[i].view).decode() for i in (8, -1))
    centre = _root_centre(last)
    assert abs(float(_value_x(early, "≥ 3")) - centre) < 0.6
    assert abs(float(_value_x(last, "3")) - centre) < 0.6


def _root_centre(svg: str) -> float:
    piece = svg.split("<!-- A -->", 1)[1].split("<!--", 1)[0]
    m = re.search(r'points="([^"]+)"', piece)
    assert m is not None, piece
    xs = [float(p.split(",")[0]) for p in m.group(1).split()]
    return (min(xs) + max(xs)) / 2


def _value_x(svg: str, text: str) -> str:
    """The x of the root's value, written as ``text``."""
    piece = svg.split("<!-- A -->", 1)[1].split("<!--", 1)[0]
    m = re.search(r'text-anchor="middle" x="([^"]+)"[^>]*>' + re.escape(text) + "</text>",
                  piece)
    assert m is not None, piece
    return m.group(1)


def test_frames_with_xlabels_are_drawn_by_graphviz(aima: Trace) -> None:
    # Where Graphviz puts an xlabel depends on the whole frame: those frames are not
    # joined (the last frame, the template itself, is).
    drawing = Drawing(aima, RenderOptions(window="entry"))
    views = [f.view for f in drawing.frames()]
    parts = [elements(v, drawing.theme, pinned=drawing.pinned) for v in views]
    draw, _ = _counting(drawing)
    compositor = Compositor.build(parts[-1], drawing.render("svg").decode(), draw)
    assert compositor is not None
    compositor.prepare(parts)
    assert compositor.compose(parts[0]) is None
    assert compositor.compose(parts[-1]) == drawing.render("svg").decode()


def test_written_frames_are_deterministic_and_end_on_the_diagram(
        aima_file: Path, tmp_path: Path) -> None:
    first = write_frames(aima_file, tmp_path / "a")
    second = write_frames(aima_file, tmp_path / "b")
    assert [p.read_bytes() for p in first.frames] == [p.read_bytes() for p in second.frames]
    assert first.frames[-1].read_bytes() == render_bytes(aima_file, "svg")
    assert first.html.read_bytes() == second.html.read_bytes()
