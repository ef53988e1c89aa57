"""A canvas and a worksheet refused the same way as every bad option: ``render --size``
and ``exercise --worksheet/--size/--ask`` with bad values end with exit 2, one line
naming the value and what is allowed, and no file written (tests/faults/harness.py)."""

from __future__ import annotations

from pathlib import Path

from corpus import _base_trace
from harness import Case, problems, run_cases


def _cases() -> list[Case]:
    trace = ("\n".join(_base_trace(False)) + "\n").encode()
    files = {"t.json": trace}
    out = [
        Case(f"size-{name}", ["render", "t.json", "-o", "x.png", "--size", size], dict(files),
             codes=(2,), contains=says, category="canvas")
        for name, size, says in [
            ("unknown", "slide", "choose from: slides, slides-4:3, a4, a4-landscape"),
            ("one-number", "1280", "unknown size '1280'"),
            ("tiny", "10x10", "between 64 and 8192 px"),
            ("huge", "100000x720", "between 64 and 8192 px"),
            ("paper-huge", "5000x10mm", "between 30 and 1000 mm"),
            ("negative", "-5x10", "unknown size"),
            ("empty", "", "unknown size"),
            ("frames", "0x0", "between 64 and 8192 px"),
        ]]
    out += [
        Case("worksheet-svg", ["exercise", "-b", "2", "-d", "2", "-o", "ex", "--worksheet",
                               "s.svg"], codes=(2,), contains="two-page PDF",
             category="canvas"),
        Case("worksheet-stdout", ["exercise", "-b", "2", "-d", "2", "-o", "ex",
                                  "--worksheet", "-"], codes=(2,), contains="PDF",
             category="canvas"),
        Case("worksheet-folder", ["exercise", "-b", "2", "-d", "2", "-o", "ex",
                                  "--worksheet", "nowhere/s.pdf"], codes=(2,),
             contains="does not exist", category="canvas"),
        Case("worksheet-size", ["exercise", "-b", "2", "-d", "2", "-o", "ex", "--worksheet",
                                "s.pdf", "--size", "a3"], codes=(2,), contains="a4-landscape",
             category="canvas"),
        Case("worksheet-ask", ["exercise", "-b", "2", "-d", "2", "-o", "ex", "--worksheet",
                               "s.pdf", "--ask", "cuts"], codes=(2,), contains="alpha-beta",
             category="canvas"),
    ]
    return out


def test_bad_canvases_and_worksheets(tmp_path: Path) -> None:
    cases = _cases()
    outcomes = run_cases(cases, tmp_path)
    bad = [f"{c.name}: {'; '.join(found)} ({o.stderr.strip()[:200]!r})"
           for c, o in zip(cases, outcomes, strict=True) if (found := problems(c, o))]
    assert not bad, "\n".join(bad)
