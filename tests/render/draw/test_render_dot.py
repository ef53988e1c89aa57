"""The DOT of every recorded trace, pinned by ``.gv`` snapshots.

A snapshot is a claim about the lecture: before ``--snapshot-update``, open the diff
and check values, bounds, cuts and ghosts against the notes (e.g. AIMA: B = 3,
C <= 2 with I and J pruned, D = 2, root 3).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from tracer.render._entry import trace_dot
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing
from tracer.trace import Trace

ROOT = Path(__file__).resolve().parents[3]


def _is_trace(path: Path) -> bool:
    """traces/ also holds other documents (the manifest, payoff matrices)."""
    with path.open(encoding="utf-8") as handle:
        return "gametree-trace" in handle.read(200)


TRACES = sorted(p for p in (ROOT / "traces").glob("*.json*") if _is_trace(p))


@pytest.mark.parametrize("path", TRACES, ids=[p.name for p in TRACES])
def test_recorded_trace_dot(path: Path, snapshot_gv: SnapshotAssertion) -> None:
    assert trace_dot(path) == snapshot_gv


@pytest.mark.parametrize("options", [
    {"lang": "it"},
    {"theme": "print"},
    {"window": "final", "visit_order": True, "title": "Teoria dei giochi: AIMA"},
    {"ghosts": False, "legend": False},
], ids=["italian", "print", "window-order-title", "no-ghosts-no-legend"])
def test_aima_dot_with_options(aima: Trace, options: dict[str, object],
                               snapshot_gv: SnapshotAssertion) -> None:
    assert Drawing(aima, RenderOptions.from_kwargs(**options)).dot() == snapshot_gv


def test_dot_is_the_same_every_time(aima: Trace) -> None:
    assert trace_dot(aima) == trace_dot(aima)


def test_pinned_dot_carries_every_position(aima: Trace) -> None:
    drawing = Drawing(aima)
    text = drawing.pinned_dot()
    for node in "ABCDEFGHIJKLM":
        assert f"\t\"{node}\" [" in text
    assert text.count("pos=\"") >= 13 + 12  # every node and every edge
