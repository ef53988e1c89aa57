"""Graphviz must never complain about the labels we give it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracer.render._entry import write_frames

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.render
def test_astar_frames_have_no_label_syntax_errors(tmp_path: Path,
                                                  capfd: pytest.CaptureFixture[str]) -> None:
    """A* nodes not yet scored have empty value rows; an empty <FONT></FONT> made the
    bundled Graphviz print a syntax error for every such frame."""
    write_frames(ROOT / "traces" / "jugs.astar.graph.json", tmp_path)
    err = capfd.readouterr().err
    assert "syntax error" not in err
    assert "Error" not in err
