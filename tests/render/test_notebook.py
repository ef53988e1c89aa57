"""Jupyter displays, called directly (no Jupyter needed): a trace and a tree as SVG, a
check report as HTML, frames as a stepper."""

from __future__ import annotations

import re

from tracer.analysis.check.report import check_solution
from tracer.analysis.check.solution import Solution
from tracer.examples import example_tree
from tracer.render.notebook import Frames, mimebundle
from tracer.trace import Trace


def test_trace_displays_its_diagram(aima: Trace) -> None:
    bundle = aima._repr_mimebundle_()
    assert list(bundle) == ["image/svg+xml"]
    svg = bundle["image/svg+xml"]
    assert "<svg" in svg and "alpha cut" in svg
    assert aima._repr_svg_() == svg


def test_mimebundle_honours_include_and_exclude(aima: Trace) -> None:
    assert aima._repr_mimebundle_(exclude=["image/svg+xml"]) == {}
    assert aima._repr_mimebundle_(include=["text/html"]) == {}
    assert mimebundle({"a": "1", "b": "2"}, include=["a"]) == {"a": "1"}


def test_tree_displays_its_leaves_only() -> None:
    tree = example_tree("aima")
    svg = tree._repr_svg_()
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    for leaf in ("3", "12", "8", "2", "4", "6", "14", "5"):
        assert leaf in texts
    assert not any("≤" in t or "≥" in t or "cut" in t or "by hand" in t for t in texts)
    assert "n&#45;B" in svg and tree._repr_mimebundle_()["image/svg+xml"] == svg


def test_report_displays_its_verdict_and_items(aima: Trace) -> None:
    answer = {"value": 3, "move": "B", "values": {"B": 3, "C": 4, "D": 2}}
    report = check_solution(Solution.from_json(answer), aima, diagnosis=False)
    html = report._repr_html_()
    assert "mistake" in html and f"/ {len(report.items)}" in html
    rows = re.findall(r"<tr><td[^>]*>([^<]*)</td><td>([^<]*)</td>", html)
    assert rows[0] == ("&#10007;", report.mistakes[0].key)  # mistakes come first
    assert ("&#10003;", "value") in rows
    right = check_solution(Solution.from_json({"value": 3, "move": "B"}), aima,
                           diagnosis=False)
    assert "<b>correct</b>" in right._repr_html_()


def test_frames_show_a_stepper(aima: Trace) -> None:
    frames = Frames(aima, step="leaf")
    assert len(frames) == 8 and frames[0].startswith("<?xml")
    html = frames._repr_html_()
    shown = re.findall(r'<div class="gt-frame" style="display:(\w+)">', html)
    assert shown == ["none"] * 7 + ["block"]  # without the script: the final diagram
    ids = re.findall(r'\bid="([^"]*)"', html)
    assert len(ids) == len(set(ids))
    assert '<input type="range" min="1" max="8"' in html and "<script>" in html
    assert "Step 1/8: E = 3" in html
    assert frames._repr_mimebundle_() == {"text/html": html}


def test_stepper_html_is_deterministic_and_unique_per_trace(aima: Trace) -> None:
    first = Frames(aima, step="leaf")._repr_html_()
    again = Frames(aima, step="leaf")._repr_html_()
    other = Frames(aima, step="node")._repr_html_()
    assert first == again
    ident = re.search(r'<div id="(gt-[0-9a-f]+)"', first)
    assert ident is not None and ident[1] not in other


def test_frames_take_a_preset(aima: Trace) -> None:
    frames = Frames(aima, step="leaf", preset="slides")
    assert 'font-size="22.00"' in frames[-1] and "gt:legend" not in frames[-1]


def test_the_example_notebook_runs() -> None:
    """docs/examples/notebook.ipynb: every code cell runs, and each shows something."""
    import json
    from pathlib import Path

    book = Path(__file__).resolve().parents[2] / "docs" / "examples" / "notebook.ipynb"
    cells = [c for c in json.loads(book.read_text(encoding="utf-8"))["cells"]
             if c["cell_type"] == "code"]
    names: dict[str, object] = {}
    shown = []
    for cell in cells:
        assert cell["outputs"] == []  # kept small: no outputs committed
        *body, last = "".join(cell["source"]).splitlines()
        if last.startswith(("from ", "import ")):
            exec("\n".join([*body, last]), names)
            continue
        exec("\n".join(body), names)
        shown.append(type(eval(last, names)).__name__)
    assert shown == ["Tree", "Trace", "Frames", "Report"]
