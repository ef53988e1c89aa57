"""Every cut note is true of the numbers it shows.

``--variant slide-002`` (the slide "Pseudo Codifica Alpha Beta Cutoff" as written, in
"Giochi a Due Avversari") cuts at MAX when β > α, α being set (not raised) to the value
of the best move: its note read "beta cut 3 ≥ β = +inf", which is false.  Each note, on
the diagram and in the frame captions, is read back as a chain of relations between
numbers and evaluated.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from tracer._api.searching import search_content
from tracer.families import ALPHABETA_VARIANTS
from tracer.record import MemoryRecorder
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing

TRACES = sorted(p for p in (Path(__file__).parents[3] / "traces").glob("*.json")
                if ".matrix." not in p.name)
SOURCES = [("aima", {}), ("three-mins", {}), ("two-mins", {}), ("gameof5", {}),
           ("nim", {"piles": "2,2"}), ("chomp", {"rows": "3", "cols": "3"})]
_REL = re.compile(r"\s(≤|≥|<|>|<=|>=)\s")
_NUMBER = re.compile(r"[-−+]?(?:∞|inf|[0-9]+(?:[./][0-9]+)?)$")


def _number(term: str) -> float | None:
    """The number a term of a note ends with ("α = −1", "3", "β = +∞"), None for none."""
    m = _NUMBER.search(term.strip())
    if m is None:
        return None
    text = m.group(0).replace("−", "-").replace("∞", "inf")
    return float(text) if "inf" in text else float(Fraction(text))


_HOLDS = {"≤": lambda a, b: a <= b, "<=": lambda a, b: a <= b, "≥": lambda a, b: a >= b,
          ">=": lambda a, b: a >= b, "<": lambda a, b: a < b, ">": lambda a, b: a > b}


def false_relations(note: str) -> list[str]:
    """Each relation of ``note`` between two numbers that does not hold."""
    parts = _REL.split(note)
    terms, rels = parts[0::2], parts[1::2]
    out = []
    for left, rel, right in zip(terms, rels, terms[1:], strict=False):
        a, b = _number(left), _number(right)
        if a is not None and b is not None and not _HOLDS[rel](a, b):
            out.append(f"{note!r}: {left.strip()} {rel} {right.strip()}")
    return out


def notes(drawing: Drawing) -> list[str]:
    """The cut notes of the diagram's edges and of every frame's caption."""
    out = [comparison for e in drawing.view.edges if e.cut is not None
           for comparison in (e.cut[1],)]
    for frame in drawing.frames():
        out += [part for part in frame.caption.split(": ")[1:] if "→" in part]
    return [n.split(" → ")[0] for n in out]


def test_the_reader_sees_false_notes() -> None:
    assert false_relations("3 ≥ β = +∞") == ["'3 ≥ β = +∞': 3 ≥ β = +∞"]
    assert false_relations("−1 ≤ α = −1") == []
    assert false_relations("E ≤ 5/2 ≤ α = 5/2") == []
    assert false_relations("−2 = lowest leaf value") == []


@pytest.mark.parametrize("path", TRACES, ids=lambda p: p.name)
def test_every_recorded_cut_note_holds(path: Path) -> None:
    drawing = Drawing(path)
    found = notes(drawing)
    assert [f for n in found for f in false_relations(n)] == []


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("variant", ALPHABETA_VARIANTS)
@pytest.mark.parametrize(("source", "params"), SOURCES, ids=[s for s, _ in SOURCES])
def test_every_variants_cut_note_holds(source: str, params: dict[str, str], variant: str,
                                       lang: str) -> None:
    rec = MemoryRecorder()
    search_content(source, params=params, recorder=rec, algorithm="alphabeta",
                   variant=variant)
    found = notes(Drawing(rec.trace, RenderOptions(lang=lang)))
    if source in ("aima", "gameof5"):
        assert found, "the lecture example cuts"
    assert [f for n in found for f in false_relations(n)] == []


def test_the_slides_variant_says_its_own_test() -> None:
    # MaxMove cuts when β > α (the slide's test), α the value just found.
    rec = MemoryRecorder()
    search_content("aima", recorder=rec, algorithm="alphabeta", variant="slide-002")
    drawing = Drawing(rec.trace)
    cuts = [e.cut for e in drawing.view.edges if e.cut is not None]
    assert cuts
    assert all(">" in c[1] or "<" in c[1] for c in cuts), cuts


def test_no_values_keeps_the_leaf_values() -> None:
    # --no-values hides what the search backed up, so that the reader backs it up from
    # the leaves: the leaves' values stay (they were hidden too).
    path = Path(__file__).parents[3] / "traces" / "aima.alphabeta.fail-soft.json"
    view = Drawing(path, RenderOptions(values=False)).view
    values = {n.key: n.value for n in view.nodes}
    assert [values[k] for k in "EFGHKLM"] == ["3", "12", "8", "2", "14", "5", "2"]
    assert [values[k] for k in "ABCD"] == [None] * 4
