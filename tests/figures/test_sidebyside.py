"""Two searches of one tree side by side (:mod:`tracer.figures.sidebyside`): what one
ordering searches and the other prunes, and the transposition table's answers."""

from __future__ import annotations

import pytest

from tests.analysis.orderings.test_ordering import trace_of
from tracer.events import Transposition
from tracer.figures.sidebyside import side_by_side
from tracer.games.registry import make_game
from tracer.record import MemoryRecorder
from tracer.search import enhanced_search


def test_side_by_side_marks_what_one_ordering_searches_and_the_other_prunes() -> None:
    natural, reverse = trace_of("aima", "natural"), trace_of("aima", "reverse")
    pair = side_by_side(natural, reverse, names=("natural", "reverse"))
    assert pair.only == ((), ("J", "I"))
    dot = pair.source
    assert "cluster_a" in dot and "cluster_b" in dot
    assert '"a:I"' in dot and '"b:I"' in dot
    b_i = dot[dot.index('"b:I"'):].split(";")[0]
    assert "peripheries=2" in b_i
    a_i = dot[dot.index('"a:I"'):].split(";")[0]
    assert "dashed" in a_i and "penwidth=2.6" in a_i
    assert "natural: 7 leaves evaluated, 1 cut, 0 nodes searched here only" in dot
    assert pair.summary()[1] == "searched under reverse only (2): J I"


def test_side_by_side_labels_transposition_hits() -> None:
    game, state, _ = make_game("tictactoe", {"board": "xo.x.o..."})
    traces = []
    for techniques in ("", "tt"):
        rec = MemoryRecorder()
        enhanced_search(game, state, techniques=techniques, depth=5, recorder=rec)
        traces.append(rec.trace)
    pair = side_by_side(*traces, names=("plain", "tt"))
    hits = [e.node for e in traces[1].events if isinstance(e, Transposition) and e.kind == "hit"]
    assert hits and "answered by the transposition table" in pair.source
    for node in hits:
        statement = pair.source[pair.source.index(f'"b:{node}"'):].split(";")[0]
        assert "TT" in statement, node
    assert pair.only[1] == () and set(pair.only[0]) >= set(hits)


@pytest.mark.render
def test_side_by_side_renders() -> None:
    pair = side_by_side(trace_of("aima", "natural"), trace_of("aima", "best"),
                        names=("natural", "best"))
    assert pair.render("svg").startswith(b"<?xml")


@pytest.mark.render
@pytest.mark.parametrize("preset,size", [("slides", (1280, 720)), ("slides-4:3", (1024, 768))])
def test_side_by_side_on_a_slide_is_the_slide(preset: str, size: tuple[int, int]) -> None:
    from tracer.render.draw.presets import preset_options

    pair = side_by_side(trace_of("aima", "natural"), trace_of("aima", "reverse"),
                        names=("natural", "reverse"),
                        options=preset_options(preset, legend=False, visit_order=True))
    assert pair.fit is not None
    png = pair.render("png")
    assert (int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")) == size
    svg = pair.render("svg").decode()
    assert f'<svg width="{size[0]}px" height="{size[1]}px"' in svg
    assert "gt:canvas:sw" not in pair.source  # DOT has no canvas: it is the drawing
    # the trees grow down on a slide, as the notes draw them: A above its children
    a = [float(v) for v in pair.source.split('"a:A"')[1].split('pos="')[1].split('"')[0]
         .split(",")]
    b = [float(v) for v in pair.source.split('"a:B"')[1].split('pos="')[1].split('"')[0]
         .split(",")]
    assert a[1] > b[1]


def test_side_by_side_text_grows_with_the_slides_scale() -> None:
    from tracer.render.draw.presets import preset_options

    plain = side_by_side(trace_of("aima", "natural"), trace_of("aima", "reverse")).source
    slides = side_by_side(trace_of("aima", "natural"), trace_of("aima", "reverse"),
                          options=preset_options("slides", legend=False)).source
    assert 'POINT-SIZE="11">double border' in plain
    assert 'POINT-SIZE="15">double border' in slides  # 11 pt x 1.4
