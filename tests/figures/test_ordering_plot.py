"""The ordering comparison's plot (:mod:`tracer.figures.ordering_plot`): every yardstick
marked, deterministic DOT, and real SVG/PNG."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.analysis.orderings.test_ordering import ORDERS, compare
from tracer.figures.ordering_plot import MARKS, plot_dot, render_plot


def test_the_plot_marks_every_yardstick_and_is_deterministic() -> None:
    report = compare("aima", ORDERS, randoms=30)
    dot = plot_dot(report)
    assert dot == plot_dot(compare("aima", ORDERS, randoms=30))
    for label in ("minimax 9", "natural 7", "reverse 9", "best 5", "worst 9",
                  "Knuth-Moore 5", "critical tree 5", "30 random", "leaves evaluated"):
        assert f'label="{label}"' in dot, label
    assert set(MARKS) >= {"minimax", "Knuth-Moore", "critical tree", *ORDERS}


def test_the_plot_without_random_orderings() -> None:
    dot = plot_dot(compare("two-mins", ("natural",)))
    assert 'label="natural 4"' in dot and "random" not in dot
    assert "Knuth-Moore" not in dot  # not a uniform tree


@pytest.mark.render
def test_the_plot_renders_to_svg_and_png() -> None:
    report = compare("aima", ORDERS, randoms=10)
    svg = render_plot(report, "svg")
    assert svg.startswith(b"<?xml") and b"critical tree 5" in svg
    assert render_plot(report, "png").startswith(b"\x89PNG")




@pytest.mark.render
@pytest.mark.parametrize("source,orders", [
    ("aima", "natural,reverse,best,worst,random:30"),       # five marks on 5 and on 9
    ("othello", "natural,reverse,best,worst,random:20"),    # 28 / 29, 111 / 111, 239 / 244
], ids=["aima", "othello-d4"])
def test_no_plot_label_touches_a_marker_line_or_another_label(
        source: str, orders: str, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from tests.render.svglayout import collisions
    from tracer.cli import main

    out = tmp_path / "plot.svg"
    args = ["compare", source, "--orders", orders, "--plot", str(out)]
    result = CliRunner().invoke(main, args + (["--depth", "4"] if source == "othello" else []))
    assert result.exit_code == 0, result.output
    assert collisions(out.read_text()) == []
