"""Italian pictures are Italian throughout, algorithm and variant names included.

`--lang it` still wrote "fail-soft", "expectiminimax (star1)" and "proof-number search"
under the tree.  The variants and algorithms now have Italian names
(tracer/render/model/wording.py, text.py); the names the notes themselves use in
Italian (minimax, expectiminimax, A*, MAX / MIN, AND / OR: "ramo AND", "nodi AND",
"grafo AND/OR") and acronyms stay.  The canvas's note (text too small on a slide) and
the tag DOT for one's own ``dot`` writes beside an AND node are Italian too, the tag
the same word as the legend's.

Every word of the English wording table that the Italian one does not use is looked
for in the texts of the SVG (positions excepted: a game writes its own).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from tests.render.svglayout import read
from tracer._api import search_content, search_problem
from tracer.examples import EXAMPLES
from tracer.record import MemoryRecorder
from tracer.render.draw.notes import NOTE
from tracer.render.draw.presets import preset_options
from tracer.render.model import text
from tracer.render.model.render_options import RenderOptions
from tracer.render.model.wording import EN, IT, VARIANTS_IT
from tracer.render.pipeline import Drawing
from tracer.trace import Trace

CHOMP = Path(__file__).resolve().parents[3] / "traces" / "chomp4x4.alphabeta.best.json"

_WORD = re.compile(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ0-9*/\-]*")


def _words(texts: Iterable[str]) -> set[str]:
    return {w for t in texts for w in _WORD.findall(re.sub(r"\{[^}]*\}", " ", t))}


ENGLISH = {w for w in (_words(EN.values()) | _words(text._ALGORITHMS["en"].values())
                       | _words(VARIANTS_IT))
           - (_words(IT.values()) | _words(text._ALGORITHMS["it"].values())
              | _words(VARIANTS_IT.values()))
           if len(w) > 2}
"""English words of the drawings that Italian does not share ("value", "fail-soft")."""


def _trace(source: str, **options: Any) -> Callable[[], Trace]:
    def make() -> Trace:
        recorder = MemoryRecorder()
        search_content(source, recorder=recorder, **options)
        return recorder.trace
    return make


def _jugs() -> Trace:
    recorder = MemoryRecorder()
    search_problem("jugs", recorder=recorder)
    return recorder.trace


SEARCHES: dict[str, Callable[[], Trace]] = {
    **{name: _trace(name, algorithm="expectiminimax" if "[chance]" in e.text else "alphabeta")
       for name, e in EXAMPLES.items()},
    "aima-fail-hard": _trace("aima", algorithm="alphabeta", variant="fail-hard"),
    "aima-minimax": _trace("aima", algorithm="minimax"),
    "coin-star1": _trace("coin", algorithm="expectiminimax", variant="star1", bounds=(-2, 7)),
    "grundy-andor": _trace("grundy", algorithm="andor", params={"coins": "7", "first": "min"}),
    "grundy-pns": _trace("grundy", algorithm="pns", params={"coins": "7", "first": "min"}),
    "tictactoe-pvs": _trace("tictactoe", algorithm="enhanced", variant="pvs", depth=2),
    "astar-jugs": _jugs,
}


def test_the_list_holds_the_words_the_issue_saw() -> None:
    assert {"fail-soft", "fail-hard", "star1", "proof-number", "search", "value",
            "pruned", "chance", "text", "under", "size", "less"} <= ENGLISH
    assert not {"minimax", "expectiminimax", "MAX", "MIN", "AND", "AND/OR"} & ENGLISH


@pytest.mark.parametrize("name", SEARCHES)
def test_no_english_word_in_an_italian_picture(name: str) -> None:
    svg = Drawing(SEARCHES[name](), RenderOptions(lang="it")).render("svg").decode()
    texts, _ = read(svg)
    drawn = [t.text for t in texts if not t.owner.startswith(NOTE)]  # positions are the game's
    assert drawn
    assert sorted(_words(drawn) & ENGLISH) == []


@pytest.mark.parametrize(("name", "words"), [
    ("aima", "alfa-beta (morbida)"), ("aima-fail-hard", "alfa-beta (rigida)"),
    ("coin-star1", "expectiminimax (potatura ai nodi di fortuna, Star1)"),
    ("grundy-andor", "AND/OR (in profondità)"), ("coin", "expectiminimax (semplice)")])
def test_the_result_line_names_the_search_in_italian(name: str, words: str) -> None:
    svg = Drawing(SEARCHES[name](), RenderOptions(lang="it")).render("svg").decode()
    said = " ".join(t.text for t in read(svg)[0])  # a long result line wraps
    assert f"{words}:" in said


def test_the_small_text_warning_is_english_and_not_in_the_italian_picture() -> None:
    """Chomp's top with forty moves side by side on a slide: its text is under 14 px."""
    drawing = Drawing(CHOMP, preset_options("slides", lang="it", depth=2, max_width=40))
    svg = drawing.render("svg").decode()
    said = " ".join(t.text for t in read(svg)[0])
    assert "testo sotto" not in said and "text under" not in said
    # The command line's warning is English, as every message of the command line.
    assert drawing.canvas_note() == ("text under 14 px at this size: draw less of the "
                                     "tree with --depth N or --focus NODE")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_dot_for_dot_tags_and_nodes_with_the_legends_word(lang: str) -> None:
    """DOT without positions cannot draw the AND arc: the tag beside each AND node is
    the word the legend uses for such a node, the notes' own ("nodi AND")."""
    dot = Drawing(SEARCHES["grundy-andor"](), RenderOptions(lang=lang)).render("dot").decode()
    tags = re.findall(r'<FONT POINT-SIZE="9"><B>([^<]*)</B></FONT>', dot)
    legend = {"en": "AND node: every child", "it": "nodo AND: vanno risolti tutti i figli"}
    assert len(tags) == 6 and set(tags) == {"AND"}  # the six MIN nodes expanded
    assert legend[lang] in dot and (EN if lang == "en" else IT)["tag.and"] == "AND"
