"""The bisection's picture: both orders of the node where two searches part, the moves
that moved marked, the parts of the difference listed."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import do_search
from tracer.analysis.regret import bisect_traces
from tracer.figures.bisect_picture import _moved, bisect_dot
from tracer.trace import write_trace

AIMA = "A(B(3 12 8) C(2 4 6) D(14 5 2))"


def saved(folder: Path, name: str, **options: str) -> Path:
    trace = do_search(AIMA, **options).trace
    path = folder / f"{name}.jsonl"
    with path.open("w") as out:
        write_trace(out, trace.header, trace.events, trace.result, jsonl=True)
    return path


def test_the_fewest_moves_that_moved_are_marked() -> None:
    assert _moved(("a", "b", "c", "d"), ("a", "c", "d", "b")) == {"b"}
    assert _moved(("a", "b"), ("a", "b")) == set()
    assert len(_moved(("a", "b", "c"), ("c", "b", "a"))) == 2  # one of them stays


def test_natural_against_best_order(tmp_path: Path) -> None:
    dot = bisect_dot(bisect_traces(saved(tmp_path, "a"), saved(tmp_path, "b", order="best")))
    assert "first divergence at B (min), after 1 shared node events" in dot
    # E F G against E G F: one move moved (F, after G in B), drawn bold in both rows
    assert dot.count("<B>") - dot.count("<B>the difference") == 2
    assert "<B>2. F</B>" in dot and "<B>3. F</B>" in dot
    assert "D K (a-only)" in dot and "D L (a-only)" in dot


def test_identical_searches(tmp_path: Path) -> None:
    dot = bisect_dot(bisect_traces(saved(tmp_path, "a"), saved(tmp_path, "b")))
    assert "no divergence: the two searches are the same" in dot


def _text_boxes(svg: str) -> list[tuple[str, float, float, float, float]]:
    """Each text of the SVG and its box (left, top, right, bottom) in the drawing's units:
    a line is as tall as its font, and at most 0.62 of the font wide a character."""
    import re
    from html import unescape

    boxes = []
    for found in re.finditer(r'<text[^>]*?x="([-\d.]+)" y="([-\d.]+)"[^>]*?'
                             r'font-size="([\d.]+)"[^>]*>([^<]*)</text>', svg):
        x, y, size, text = (float(found[1]), float(found[2]), float(found[3]),
                            unescape(found[4]))
        half = 0.31 * size * len(text)
        boxes.append((text, x - half, y - size, x + half, y + 0.25 * size))
    return boxes


def _header_clear(svg: str) -> None:
    boxes = _text_boxes(svg)
    header = boxes[0]  # the graph's label comes first in graphviz's SVG
    assert " nodes (B - A = " in header[0]
    for text, _, top, _, _ in boxes[1:]:
        assert header[4] <= top, (header[0], text)  # every other text starts below it


def test_the_header_is_never_over_the_title(tmp_path: Path) -> None:
    from tests.analysis.regret.test_bisect_engine import engine
    from tracer.figures.regret_picture import render_dot

    pairs = [(engine(tmp_path / "x.jsonl"), engine(tmp_path / "y.jsonl", order=(2, 1, 0))),
             (saved(tmp_path, "a"), saved(tmp_path, "b", order="reverse")),
             (saved(tmp_path, "c"), saved(tmp_path, "d", order="best")),
             (saved(tmp_path, "e"), saved(tmp_path, "f"))]
    for a, b in pairs:
        svg = render_dot(bisect_dot(bisect_traces(a, b)), "svg").decode()
        _header_clear(svg)
        if a.name == "x.jsonl":  # an engine stream's rows say no window
            assert ">A:</text>" in svg and "window" not in svg
