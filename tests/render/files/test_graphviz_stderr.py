"""What Graphviz prints on stderr goes through our warning channel (tracer.stderr_channel),
which -q silences; a PNG past cairo's 32767-pixel limit is said in one line of ours
(it was scaled down without a word: `render --max-nodes 5000` wrote a 32767x2012 PNG)."""

from __future__ import annotations

import struct
from collections.abc import Iterator

import pytest

from tracer.render.files import engine
from tracer.stderr_channel import set_level

WIDE = "digraph { rankdir=LR; " + " -> ".join(f"n{i}" for i in range(120)) + " }"
"""A chain of 120 nodes left to right: at 1200 dpi far wider than 32767 pixels."""

UNKNOWN_SHAPE = 'digraph { a [shape=nosuchshape]; a -> b }'
"""Graphviz warns: using box for unknown shape nosuchshape."""


@pytest.fixture(autouse=True)
def normal() -> Iterator[None]:
    set_level("normal")
    yield
    set_level("normal")


def _png_size(data: bytes) -> tuple[int, int]:
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_a_png_past_cairos_limit_is_said_in_one_line(capfd: pytest.CaptureFixture[str]
                                                     ) -> None:
    data = engine.render(WIDE, "png", pinned=False, dpi=1200)
    assert max(_png_size(data)) <= engine.CAIRO_LIMIT
    err = capfd.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("gametrace: the PNG would be wider or taller than 32767 pixels "
                          "(cairo's limit): scaled by ")
    assert "draw it as .svg or .pdf" in err


def test_graphviz_warnings_are_ours_and_q_drops_them(capfd: pytest.CaptureFixture[str]
                                                      ) -> None:
    engine.render(UNKNOWN_SHAPE, "svg", pinned=False)
    err = capfd.readouterr().err
    assert err.startswith("gametrace: Graphviz: Warning: using box for unknown shape "
                          "nosuchshape")
    set_level("quiet")
    engine.render(UNKNOWN_SHAPE, "svg", pinned=False)
    engine.render(WIDE, "png", pinned=False, dpi=1200)
    assert capfd.readouterr().err == ""


def test_the_cairo_line_in_italian(capfd: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMETRACE_LANG", "it")
    engine.render(WIDE, "png", pinned=False, dpi=1200)
    assert "32767 pixel" in capfd.readouterr().err


def test_each_warning_is_said_once_per_command(capfd: pytest.CaptureFixture[str]) -> None:
    for _ in range(3):  # three frames past the limit: one line
        engine.render(WIDE, "png", pinned=False, dpi=1200)
    assert capfd.readouterr().err.count("\n") == 1


def test_graphvizs_reason_is_kept_when_sys_stderr_is_no_file(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    from tracer.errors import TracerError

    monkeypatch.setattr(sys, "stderr", io.StringIO())  # a notebook's, a test runner's
    with pytest.raises(TracerError) as caught:
        engine.render("digraph { a [label=<x> }", "svg", pinned=False)
    assert str(caught.value) == ("Graphviz could not read the drawing: syntax error in "
                                 "line 1 near '}'")
