"""Wording of captions: whole phrases, plural agreement, Italian, who wins, short names."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tracer._api import search_source
from tracer.render.draw.footer import caption_lines
from tracer.render.model.render_options import RenderOptions
from tracer.render.model.text import words
from tracer.render.pipeline import Drawing
from tracer.trace import Trace


def test_captions_break_between_phrases_and_are_never_shortened() -> None:
    caption = ("Step 9/54: b2 returns 4 to b1: b1 ≥ 4 (α = 4); b1: β = 4 ≥ β = 1 → beta cut, "
               "4 children pruned; and 2 more events")
    for width in (420.0, 300.0, 800.0):
        lines, size = caption_lines(caption, width)
        assert " ".join(lines) == caption  # nothing cut, no "…"
        assert len(lines) <= 2 or size == 8
    lines, size = caption_lines(caption, 420.0)
    # At 420 pt the phrases fit two lines only at a smaller size, each line whole phrases.
    assert all(line.endswith((";", "events")) for line in lines), lines
    assert size < 13


def test_plural_agreement_of_pruned_children() -> None:
    en, it = words("en"), words("it")
    assert en("pruned.children.one", n=1) == "1 child pruned"
    assert en("pruned.children.many", n=3) == "3 children pruned"
    assert it("pruned.children.one", n=1) == "1 figlio potato"
    assert it("pruned.children.many", n=3) == "3 figli potati"


@pytest.mark.parametrize(("name", "en", "it"), [
    ("fill1", "fill 1", "riempi 1"), ("empty2", "empty 2", "svuota 2"),
    ("pour1-2", "pour 1→2", "versa 1→2"), ("b2", "b2", "b2")])
def test_puzzle_actions_are_words(name: str, en: str, it: str) -> None:
    assert words("en").action(name) == en and words("it").action(name) == it


def test_italian_names_the_variants() -> None:
    it = words("it")
    assert [it.variant(v) for v in ("fail-soft", "plain", "graph", "tree", "pvs")] == [
        "morbida", "semplice", "su grafo", "su albero", "variante principale, PVS"]
    assert words("en").variant("plain") == "plain"
    assert it.to("A") == "ad A" and it.to("B") == "a B" and words("en").to("A") == "to A"


def test_and_or_captions_say_who_wins(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    search_source("grundy", algorithm="andor", params={"coins": "7", "first": "min"},
                  output=out)
    assert Drawing(out).caption == "AND/OR (dfs): MAX wins (root solved)"
    assert Drawing(out, RenderOptions(lang="it")).caption == \
        "AND/OR (in profondità): vince MAX (radice risolta)"


def test_game_captions_name_nodes_by_their_move(tmp_path: Path) -> None:
    # "b1/b2 returns 4 to b1" named nodes by their whole move path.
    out = tmp_path / "t.json"
    search_source("tictactoe", algorithm="alphabeta", depth=2,
                  params={"board": "x........", "symmetry": "true", "utility": "eval"},
                  output=out)
    captions = [f.caption for f in Drawing(out).frames()]
    assert not any("/" in c.split(":", 1)[1] for c in captions[:-1]), captions
    assert any(c.startswith("Step 1/") and "root: MIN node opened" in c for c in captions)
    italian = [f.caption for f in Drawing(out, RenderOptions(lang="it")).frames()]
    assert "radice: nodo MIN espanso" in italian[0]


def test_a_long_step_says_what_opened_it_its_cuts_and_where_its_value_went(
        trace_of: Callable[..., Trace]) -> None:
    # A step of many events once ended with "and 3 more events": a count that names
    # nothing.  It now says its first event, its cuts and its last, in full.
    trace = trace_of("A(B(C(D(1 2) E(3 4)) F(G(5 6) H(7 8))) I(9 10))")
    captions = [f.caption for f in Drawing(trace, RenderOptions(step="leaf")).frames()]
    assert not any("…" in c or "more event" in c for c in captions)
    assert captions[3] == "Step 4/9: O = 4 (terminal); C returns 3 to B: B ≤ 3 (β = 3)"
    assert captions[5] == ("Step 6/9: Q = 6 (terminal); F: α = 5 ≥ β = 3 → beta cut, "
                           "H pruned; B returns 3 to A: A ≥ 3 (α = 3)")
    italian = [f.caption for f in Drawing(trace, RenderOptions(step="leaf", lang="it")).frames()]
    assert italian[5] == ("Passo 6/9: Q = 6 (terminale); F: α = 5 ≥ β = 3 → taglio beta, "
                          "H potato; B riporta 3 ad A: A ≥ 3 (α = 3)")


def test_cuts_beyond_a_captions_room_are_named_by_their_node(
        trace_of: Callable[..., Trace], monkeypatch: pytest.MonkeyPatch) -> None:
    from tracer.render.model import steps

    monkeypatch.setattr(steps, "MAX_CAPTION_PARTS", 2)  # room for the first and the last
    trace = trace_of("A(B(C(D(1 2) E(3 4)) F(G(5 6) H(7 8))) I(9 10))")
    en = [f.caption for f in Drawing(trace, RenderOptions(step="leaf")).frames()]
    it = [f.caption for f in Drawing(trace, RenderOptions(step="leaf", lang="it")).frames()]
    assert en[5] == "Step 6/9: Q = 6 (terminal); B returns 3 to A: A ≥ 3 (α = 3); cuts at F too"
    assert it[5].endswith("; tagli anche a F")


@pytest.mark.parametrize(("lang", "count", "expected"), [
    ("it", 1, "1 potato"), ("it", 2, "2 potati"), ("it", 0, "0 potati"),
    ("en", 1, "1 pruned"), ("it", 1234, "1.234 potati")])
def test_a_boxs_count_agrees_with_its_word(lang: str, count: int, expected: str) -> None:
    # "1 potati" was written when the table had one form for every count.
    assert words(lang).n("box.pruned", count) == expected
    assert words(lang).n("box.unvisited", 1) == ("1 non esplorato" if lang == "it"
                                                 else "1 not searched")
