"""MaxMove / MinMove as the slide of "Giochi a Due Avversari" writes them (``--variant slide-002``).

The slide's MaxMove returns when ``beta > alpha``, i.e. after its first child, so the
search is right only where MAX's first child is its best (docs/algorithms.md).
"""

from __future__ import annotations

from tests.conftest import do_search
from tracer.analysis.check.solution import extract_solution
from tracer.games.registry import make_game
from tracer.search import run_search


def test_on_the_aima_tree_max_stops_after_its_first_child() -> None:
    slide = extract_solution(do_search("A(B(3 12 8) C(2 4 6) D(14 5 2))", "alphabeta",
                                       "slide-002").trace)
    right = extract_solution(do_search("A(B(3 12 8) C(2 4 6) D(14 5 2))").trace)
    assert slide.value is not None and right.value is not None
    assert (slide.value.number, slide.move) == (right.value.number, right.move) == (3, "B")
    assert str(slide.value) == ">=3"  # A stops after B, so 3 is only a lower bound
    assert slide.evaluated == ("E", "F", "G") and slide.pruned == ("C", "D")
    assert right.evaluated == tuple("EFGHKLM")


def test_the_game_of_5_loses_with_the_slide_and_wins_with_alpha_beta() -> None:
    """The game of 5: MAX says 1 and wins; the slide's code tries 3 first and stops there."""
    game, state, _ = make_game("gameof5", {})
    slide = run_search(game, state, algorithm="alphabeta", variant="slide-002")
    right = run_search(game, state, algorithm="alphabeta")
    assert (right.value, right.move) == (1, "1")
    assert (slide.value, slide.move) == (-1, "3")


def test_a_max_node_goes_on_exactly_where_alpha_beta_cuts() -> None:
    """MIN at the root.  At C, alpha = 6 >= beta = 5 after leaf 6: alpha-beta cuts 1 and
    7; the slide's MaxMove goes on, as its inverted test asks, while at B it stopped
    after 5 with the window open.  The root value is still 5 here."""
    tree = "A(B(5 4) C(6 1 7))"
    slide = extract_solution(do_search(tree, "alphabeta", "slide-002",
                                       root_player="min").trace)
    right = extract_solution(do_search(tree, root_player="min").trace)
    # Leaves: B's are D, E; C's are F, G, H.
    assert right.evaluated == ("D", "E", "F") and right.pruned == ("G", "H")
    assert slide.evaluated == ("D", "F", "G", "H") and slide.pruned == ("E",)
    assert slide.value is not None and slide.value.number == 5
