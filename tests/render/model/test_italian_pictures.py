"""Italian pictures are Italian throughout, algorithm and variant names included.

`--lang it` still wrote "fail-soft", "expectiminimax (star1)", "AND/OR" and "proof-number
search" under the tree.  The variants and algorithms now have Italian names
(tracer/render/model/wording.py, text.py); the names the notes themselves use in
Italian (minimax, expectiminimax, A*, MAX / MIN) and acronyms stay.

Every word of the English wording table that the Italian one does not use is looked
for in the texts of the SVG (positions excepted: a game writes its own).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from tests.render.svglayout import read
from tracer.api import search_content, search_problem
from tracer.examples import EXAMPLES
from tracer.record import MemoryRecorder
from tracer.render import Drawing, RenderOptions
from tracer.render.draw.notes import NOTE
from tracer.render.model import text
from tracer.render.model.wording import EN, IT, VARIANTS_IT
from tracer.trace import Trace

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
    assert {"fail-soft", "fail-hard", "star1", "AND/OR", "proof-number", "search", "value",
            "pruned", "chance"} <= ENGLISH
    assert not {"minimax", "expectiminimax", "MAX", "MIN"} & ENGLISH


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
    ("grundy-andor", "E/O (in profondità)"), ("coin", "expectiminimax (semplice)")])
def test_the_result_line_names_the_search_in_italian(name: str, words: str) -> None:
    svg = Drawing(SEARCHES[name](), RenderOptions(lang="it")).render("svg").decode()
    said = " ".join(t.text for t in read(svg)[0])  # a long result line wraps
    assert f"{words}:" in said
