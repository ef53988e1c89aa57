"""Frames do not jitter: an edge label, once shown, keeps its place in every later frame.

Read from the frames' SVGs (tests/render/svglayout.py): a cut label appearing beside a
move name pushed it away, and a move name that gained its visit number ("#3") was
placed again from scratch.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.render.svglayout import read
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing

TRACES = Path(__file__).parents[3] / "traces"


def _moves(drawing: Drawing) -> list[str]:
    """Every time an edge's text moved from where an earlier frame showed it."""
    frames = list(drawing.frames())
    drawing.prepare([f.view for f in frames])
    seen: dict[tuple[str, str], tuple[float, float]] = {}
    out = []
    for k, frame in enumerate(frames):
        texts, _ = read(drawing.render("svg", frame.view).decode())
        for text in texts:
            if "->" not in text.owner:  # edge labels only
                continue
            at = seen.setdefault((text.owner, text.text), (text.box[0], text.box[1]))
            # A label that grows a row (a visit number) keeps its top row to within a
            # point: its height is estimated from the font size.
            slack = 1.5 if drawing.options.visit_order else 0.05
            if max(abs(at[0] - text.box[0]), abs(at[1] - text.box[1])) > slack:
                out.append(f"frame {k + 1}: {text.text!r} on {text.owner} moved from {at} "
                           f"to {text.box[:2]}")
    return out


@pytest.mark.parametrize("name", ["tictactoe-stage3.alphabeta.json", "gameof5.alphabeta.json",
                                  "othello.alphabeta.depth3.json",
                                  "aima.alphabeta.fail-soft.reverse.json"])
@pytest.mark.parametrize("visit_order", [False, True], ids=["plain", "visit-order"])
def test_edge_labels_stay_put_across_frames(name: str, visit_order: bool) -> None:
    drawing = Drawing(TRACES / name, RenderOptions(visit_order=visit_order, pruned="cross"))
    assert _moves(drawing) == []


def test_the_diagram_and_the_last_frame_place_labels_alike() -> None:
    drawing = Drawing(TRACES / "tictactoe-stage3.alphabeta.json")
    alone = Drawing(TRACES / "tictactoe-stage3.alphabeta.json").render("svg")
    *_, last = drawing.frames()
    assert drawing.render("svg", last.view) == alone
