"""What the final diagram says about the lecture trees: values, bounds, cuts, ghosts, PV."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tracer.errors import UsageError
from tracer.render.model.render_options import RenderOptions
from tracer.render.model.view import View, ViewEdge, ViewNode
from tracer.render.pipeline import Drawing
from tracer.trace import Trace


def nodes(view: View) -> dict[str, ViewNode]:
    return {n.key: n for n in view.nodes}


def edges(view: View) -> dict[tuple[str, str], ViewEdge]:
    return {(e.tail, e.head): e for e in view.edges}


def values(view: View) -> dict[str, str | None]:
    return {n.key: n.value for n in view.nodes}


def test_aima_fail_soft_matches_the_lecture_annotations(aima: Trace) -> None:
    # Teoria dei giochi: B = 3, C <= 2 (its last two leaves pruned), D = 2, root 3.
    view = Drawing(aima).view
    got = values(view)
    assert (got["A"], got["B"], got["C"], got["D"]) == ("3", "3", "≤ 2", "2")
    status = {k: n.status for k, n in nodes(view).items()}
    assert [k for k, s in status.items() if s == "pruned"] == ["I", "J"]
    assert all(s == "explored" for k, s in status.items() if k not in ("I", "J"))
    # Pruned leaves are ghosts that still show the value the search never looked at.
    assert got["I"] == "4" and got["J"] == "6"


def test_aima_cut_is_marked_on_the_first_pruned_edge(aima: Trace) -> None:
    es = edges(Drawing(aima).view)
    assert es[("C", "I")].cut == ("alpha cut", "2 ≤ α = 3")
    assert es[("C", "I")].status == es[("C", "J")].status == "pruned"
    assert es[("C", "J")].cut is None
    assert [k for k, e in es.items() if e.cut] == [("C", "I")]


def test_principal_variation_is_bold(aima: Trace) -> None:
    view = Drawing(aima).view
    assert [k for k, e in edges(view).items() if e.pv] == [("A", "B"), ("B", "E")]
    assert [k for k, n in nodes(view).items() if n.pv] == ["A", "B", "E"]
    assert not any(e.pv for e in edges(Drawing(aima, RenderOptions(pv=False)).view).values())


def test_fail_hard_shows_the_bound_it_returns(trace_of: Callable[..., Trace]) -> None:
    # Pearl's AB returns alpha at a MIN node that fails low: C and D report 3, a bound.
    got = values(Drawing(trace_of("aima", variant="fail-hard")).view)
    assert (got["A"], got["B"], got["C"], got["D"]) == ("3", "3", "≤ 3", "≤ 3")
    es = edges(Drawing(trace_of("aima", variant="fail-hard")).view)
    assert es[("C", "I")].cut == ("alpha cut", "2 ≤ α = 3")


@pytest.mark.parametrize("variant", ["fail-soft", "negamax", "list"])
def test_variants_agree_on_the_aima_picture(trace_of: Callable[..., Trace],
                                            variant: str) -> None:
    got = values(Drawing(trace_of("aima", variant=variant)).view)
    assert (got["A"], got["B"], got["C"], got["D"]) == ("3", "3", "≤ 2", "2")


def test_minimax_values_are_all_exact(trace_of: Callable[..., Trace]) -> None:
    view = Drawing(trace_of("aima", algorithm="minimax")).view
    got = values(view)
    assert (got["A"], got["B"], got["C"], got["D"]) == ("3", "3", "2", "2")
    assert all(n.status == "explored" for n in view.nodes)
    assert not any(e.cut for e in view.edges)


def test_three_mins_never_looks_at_a_b_7_3(trace_of: Callable[..., Trace]) -> None:
    # Algoritmo Minimax con potatura alfa-beta:
    # MAX{MIN{3,5,10}, MIN{2,a,b}, MIN{2,7,3}} = 3 without a, b, 7, 3.
    view = Drawing(trace_of("three-mins")).view
    pruned = [n.key for n in view.nodes if n.status == "pruned"]
    assert pruned == ["a", "b", "J", "K"]
    assert values(view)["C"] == values(view)["D"] == "≤ 2"


def test_beta_cut_at_a_max_node(trace_of: Callable[..., Trace]) -> None:
    # MIN at the root: a MAX child reaching 5 >= beta = 3 is cut (a beta cut).
    trace = trace_of("A(B(3 1) C(5 9))", root_player="min")
    view = Drawing(trace).view
    assert values(view)["A"] == "3" and values(view)["C"] == "≥ 5"
    assert edges(view)[("C", "G")].cut == ("beta cut", "5 ≥ β = 3")


def test_strict_cut_test_writes_a_strict_comparison(trace_of: Callable[..., Trace]) -> None:
    trace = trace_of("A(B(3 1) C(5 9))", root_player="min", cut_on="gt")
    assert edges(Drawing(trace).view)[("C", "G")].cut == ("beta cut", "5 > β = 3")


def test_depth_limited_leaves_are_static_evaluations(trace_of: Callable[..., Trace]) -> None:
    trace = trace_of("A(B:4(3 12) C:1(2 4))", algorithm="minimax", depth=1)
    view = Drawing(trace).view
    shapes = {n.key: n.shape for n in view.nodes}
    assert shapes["B"] == shapes["C"] == "static"
    status = {n.key: n.status for n in view.nodes}
    assert status["D"] == status["E"] == "unvisited"  # beyond the horizon, never searched
    assert values(view)["A"] == "4"


def test_italian_wording_and_decimal_comma(trace_of: Callable[..., Trace]) -> None:
    opts = RenderOptions(lang="it")
    drawing = Drawing(trace_of("aima"), opts)
    assert edges(drawing.view)[("C", "I")].cut == ("taglio alfa", "2 ≤ α = 3")
    assert drawing.caption == "alfa-beta (morbida): valore 3, mossa migliore B"
    legend = dict(drawing.view.legend)
    assert legend["legend.max"] == "MAX (Più)" and legend["legend.min"] == "MIN (Meno)"
    assert legend["legend.pruned"].startswith("potato")


def test_ascii_symbols(aima: Trace) -> None:
    view = Drawing(aima, RenderOptions(ascii=True)).view
    assert values(view)["C"] == "<= 2"
    assert edges(view)[("C", "I")].cut == ("alpha cut", "2 <= alpha = 3")


def test_switches_turn_parts_off(aima: Trace) -> None:
    view = Drawing(aima, RenderOptions(values=False, ids=False, cuts=False,
                                       ghost_values=False, legend=False)).view
    assert all(n.name is None for n in view.nodes)
    # --no-values blanks what was backed up; the leaves keep their values.
    assert all((n.value is None) == (n.key in "ABCD") for n in view.nodes
               if n.status == "explored")
    assert not any(e.cut for e in view.edges)
    assert view.legend == ()


def test_window_on_entry_and_visit_order(aima: Trace) -> None:
    # The window on entry is what the node's parent passed down: on its edge.
    view = Drawing(aima, RenderOptions(window="entry", visit_order=True)).view
    assert nodes(view)["A"].extra == ("#1", "α=−∞, β=+∞")
    assert edges(view)[("A", "C")].extra == ("#6", "α=3, β=+∞")
    assert edges(view)[("B", "E")].extra == ("#3",)  # leaves have no window
    assert edges(view)[("C", "I")].extra == ()
    assert all(n.extra == () for n in view.nodes if n.key != "A")
    assert view.legend[-1] == ("legend.window", "α, β: window on entry")


def test_final_window_is_the_one_the_notes_write(aima: Trace) -> None:
    # "Portando questo al nodo centrale e calcolando MIN {2, infinity}, otteniamo
    # alpha = 3 e beta = 2" (Algoritmo Minimax con potatura alfa-beta, on its
    # MAX{MIN{3,5,10}, MIN{2,a,b}, MIN{2,7,3}}): AIMA's C, too, ends with the window whose
    # comparison cuts it; A ends with alpha = 3 from B.
    view = Drawing(aima, RenderOptions(window="final")).view
    assert nodes(view)["A"].extra == ("α=3, β=+∞",)
    assert edges(view)[("A", "B")].extra == ("α=−∞, β=3",)
    assert edges(view)[("A", "C")].extra == ("α=3, β=2",)
    assert edges(view)[("A", "D")].extra == ("α=3, β=2",)
    assert view.legend[-1] == ("legend.window", "α, β: final window")


def test_the_legend_says_which_window_in_italian(aima: Trace) -> None:
    legend = dict(Drawing(aima, RenderOptions(window="final", lang="it")).view.legend)
    assert legend["legend.window"] == "α, β: finestra finale"
    legend = dict(Drawing(aima, RenderOptions(window="entry", lang="it")).view.legend)
    assert legend["legend.window"] == "α, β: finestra all'ingresso"


def test_no_window_no_window_legend(aima: Trace) -> None:
    view = Drawing(aima, RenderOptions()).view
    assert "legend.window" not in dict(view.legend)
    assert all(not any("α=" in x for x in e.extra) for e in view.edges)


def test_an_unknown_window_is_refused() -> None:
    with pytest.raises(UsageError, match=r"unknown window 'start'.*entry, final"):
        RenderOptions(window="start")


def test_no_ghosts_puts_each_cut_in_one_box(aima: Trace) -> None:
    view = Drawing(aima, RenderOptions(ghosts=False)).view
    assert "I" not in nodes(view) and "J" not in nodes(view)
    [box] = view.boxes
    assert (box.kind, box.text) == ("pruned", "2 pruned")
    [cut] = [e for e in view.edges if e.cut]
    assert (cut.tail, cut.head, cut.cut) == ("C", box.key, ("alpha cut", "2 ≤ α = 3"))


@pytest.mark.parametrize("theme_name", ["colour", "print"])
def test_pruned_and_not_yet_searched_differ_in_colour_and_in_grayscale(theme_name: str) -> None:
    # Both were the same grey, told apart by dash and dot alone.
    from tracer.render.draw.themes import THEMES

    t = THEMES[theme_name]

    def grey(colour: str) -> float:
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
        return 0.299 * r + 0.587 * g + 0.114 * b

    assert t.ghost_line != t.wait_line
    assert grey(t.wait_line) - grey(t.ghost_line) >= 30  # pruned darker, in any printer
