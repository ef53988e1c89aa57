"""``--pruned cross|hide``: a cross on each cut edge, no values below it, as the lecture
draws pruned subtrees (and AIMA's Fig. 5.5 leaves them out)."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from tracer.cli import main
from tracer.render.draw.dot import elements
from tracer.render.draw.labels import label_size
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing
from tracer.trace import Trace


def _dot_nodes(dot: str) -> dict[str, str]:
    return {m[1]: m[2] for m in re.finditer(r'^\t"?([^"\s]+)"? \[(.*)\]$', dot, re.MULTILINE)}


def _dot_edges(dot: str) -> dict[tuple[str, str], str]:
    return {(m[1], m[2]): m[3] for m in
            re.finditer(r'^\t"?([^"\s]+)"? -> "?([^"\s]+)"? \[(.*)\]$', dot, re.MULTILINE)}


def test_ghost_is_the_default_and_has_no_cross(aima: Trace) -> None:
    dot = Drawing(aima).pinned_dot()
    assert "gt.cross." not in dot
    assert ">4<" in dot and ">6<" in dot  # the pruned leaves I and J keep their values


def test_cross_marks_each_cut_edge_and_hides_pruned_values(aima: Trace) -> None:
    dot = Drawing(aima, RenderOptions(pruned="cross")).pinned_dot()
    edges = _dot_edges(dot)
    strokes = {k: v for k, v in edges.items() if k[0].startswith("gt.cross.")}
    assert sorted({k[0].rsplit(".", 1)[0] for k in strokes}) == ["gt.cross.C.I", "gt.cross.C.J"]
    assert len(strokes) == 4 and all("style=solid" in v and 'color="#c00000"' in v
                                     for v in strokes.values())
    nodes = _dot_nodes(dot)
    assert ">4<" not in nodes["I"] and ">6<" not in nodes["J"]  # values hidden
    assert "dashed" in nodes["I"]  # still drawn, as a ghost
    assert ">14<" in nodes["K"]  # leaves searched keep theirs


def test_crosses_stay_clear_of_the_cut_label(aima: Trace) -> None:
    drawing = Drawing(aima, RenderOptions(pruned="cross"))
    nodes, edges = elements(drawing.view, drawing.theme, pinned=drawing.pinned)
    attrs = dict(edges)[("C", "I")]
    w, h = label_size(attrs["label"], float(attrs.get("fontsize", "14")))
    x0, y0 = (float(v) for v in attrs["lp"].split(","))
    a, b, c, d = x0 - w / 2, y0 - h / 2, x0 + w / 2, y0 + h / 2
    for name, attrs in nodes:
        if name.startswith("gt.cross."):
            x, y = (float(v) for v in attrs["pos"].split(","))
            assert not (a <= x <= c and b <= y <= d), name


def test_hide_leaves_only_the_crossed_edge_cut_short(aima: Trace) -> None:
    drawing = Drawing(aima, RenderOptions(pruned="hide"))
    dot = drawing.pinned_dot()
    nodes, edges = _dot_nodes(dot), _dot_edges(dot)
    assert "style=invis" in nodes["I"] and "style=invis" in nodes["J"]
    assert "style=invis" not in nodes["H"]
    assert "style=dashed" in edges[("C", "I")]
    end_y = float(re.search(r'pos="[^"]* ([0-9.]+),([0-9.]+)"', edges[("C", "I")])[2])
    leaf_y = float(drawing.pinned.nodes["I"].split(",")[1])
    assert end_y > leaf_y + 20  # ends well above the (hidden) leaf
    assert any(k[0].startswith("gt.cross.C.I") and "style=solid" in v for k, v in edges.items())


def test_frames_show_a_cross_only_once_its_edge_is_pruned(aima: Trace) -> None:
    drawing = Drawing(aima, RenderOptions(pruned="cross", step="event"))
    names = None
    seen = {True: 0, False: 0}
    for frame in drawing.frames():
        nodes, edges = elements(frame.view, drawing.theme, pinned=drawing.pinned)
        got = [n for n, _ in nodes]
        assert names is None or got == names  # the same elements in every frame
        names = got
        pruned = next(e.status for e in frame.view.edges if (e.tail, e.head) == ("C", "I"))
        cross = [a for (t, _), a in edges if t.startswith("gt.cross.C.I")]
        assert all((a["style"] == "solid") == (pruned == "pruned") for a in cross)
        seen[pruned == "pruned"] += 1
    assert seen[True] and seen[False]


def test_cli_pruned_option(aima_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "x.svg"
    result = CliRunner().invoke(main, ["render", str(aima_file), "-o", str(out),
                                       "--pruned", "cross"])
    assert result.exit_code == 0, result.stderr
    assert "gt.cross.C.I" in out.read_text(encoding="utf-8")
    result = CliRunner().invoke(main, ["render", str(aima_file), "-o", str(out),
                                       "--pruned", "strike"])
    assert result.exit_code == 2 and "'strike' is not one of" in result.stderr
