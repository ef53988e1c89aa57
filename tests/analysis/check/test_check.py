"""Checking answers item by item: verdicts, reasons in the trace's terms, scores."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import do_search
from tracer.analysis.check.report import Report, check_solution
from tracer.analysis.check.solution import Solution, Value, Window, extract_solution
from tracer.errors import InputError
from tracer.examples import EXAMPLES
from tracer.trace import Trace

AIMA = EXAMPLES["aima"].text


def aima_trace(variant: str = "fail-soft", algorithm: str = "alphabeta", **kw: Any) -> Trace:
    return do_search(AIMA, algorithm, variant, **kw).trace


def check(answer: dict[str, Any], trace: Trace | None = None) -> Report:
    return check_solution(Solution.from_json(answer), trace or aima_trace(), diagnosis=False)


def verdicts(report: Report) -> dict[str, bool]:
    return {i.key: i.right for i in report.items}


def only_wrong(report: Report) -> Any:
    wrong = [i for i in report.items if not i.right]
    assert len(wrong) == 1, [i.key for i in wrong]
    return wrong[0]


# ------------------------------------------------------------------ the lecture tree


def test_the_lecture_answer_is_all_right() -> None:
    report = check({"value": 3, "move": "B", "values": {"B": 3, "C": "<=2", "D": 2},
                    "pruned": ["I", "J"], "evaluated": list("EFGHKLM"),
                    "alphabeta": {"C": {"alpha": 3, "beta": 2}}})
    assert report.correct and report.score == len(report.items) == 9
    assert report.first is None


def test_evaluating_pruned_leaves_is_explained_at_the_cut() -> None:
    """The issue's example: the first mistake is told in terms of the cut at C."""
    report = check({"evaluated": list("EFGHIJKLM"), "pruned": []})
    first = report.first
    assert first is not None and first.key == "evaluated" and first.seq == 13
    assert first.why == ("at C, after leaf H = 2: beta = 2 <= alpha = 3, so C's remaining "
                         "children (I = 4, J = 6) are pruned; you evaluated I, J")
    assert first.expected == "E F G H K L M"
    assert first.score == pytest.approx(7 / 9)  # longest common run of 7 leaves in 9
    assert report.items[1].score == 0.0  # pruned: none of I, J given


def test_an_extra_cut_is_explained_by_the_window() -> None:
    item = only_wrong(check({"pruned": ["I", "J", "M"]}))
    assert item.why == ("at D, after leaf L = 5: beta = 5 > alpha = 3, so there is no cut "
                        "and D goes on to M; you pruned M")
    assert item.score == pytest.approx(2 / 3)


def test_a_skipped_subtree_is_explained_at_its_parent() -> None:
    item = only_wrong(check({"evaluated": list("EFGH")}))
    assert item.why == ("at A, after C returned 2: alpha = 3 < beta = +inf, so there is no "
                        "cut and A goes on to D; K is in D's subtree; you did not evaluate K")


def test_the_order_of_the_leaves_matters() -> None:
    item = only_wrong(check({"evaluated": list("EFGHKML")}))
    assert item.why == ("the search goes depth first, children left to right: after K it "
                        "evaluates L; you put M there")


def test_values_are_explained_by_the_children_or_the_cut() -> None:
    report = check({"values": {"B": 12, "C": 4, "D": "<=2"}})
    why = {i.key: i.why for i in report.items}
    assert why["values.B"] == ("B is a MIN node: min(E = 3, F = 12, G = 8) = 3; you wrote 12")
    assert why["values.C"] == ("C is a MIN node; after leaf H = 2: beta = 2 <= alpha = 3, so "
                               "it is cut and returns 2, only an upper bound: C <=2; you "
                               "wrote 4")
    assert why["values.D"] == ("D is a MIN node: min(K = 14, L = 5, M = 2) = 2; it is exact "
                               "here, not a bound; you wrote <=2")


def test_a_bound_may_be_written_as_its_number_but_not_the_other_way() -> None:
    report = check({"values": {"C": 2, "E": 3}})
    assert report.correct
    assert report.items[0].note == "it is only a bound: C <= 2"
    item = only_wrong(check({"values": {"C": ">=2"}}))
    assert item.why is not None and item.why.endswith("the bound goes the other way: <=2; "
                                                      "you wrote >=2")


def test_fail_hard_values_are_explained() -> None:
    item = only_wrong(check({"values": {"D": 2}}, aima_trace("fail-hard")))
    assert item.expected == "<=3"
    assert item.why == ("D is a MIN node: min(K = 14, L = 5, M = 2) = 2; fail-hard returns "
                        "its bound 3 instead, only an upper bound: D <=3; you wrote 2")


def test_alpha_and_beta_are_the_final_window() -> None:
    report = check({"alphabeta": {"C": {"alpha": "-inf", "beta": 2}, "A": {"beta": "+inf"}}})
    assert verdicts(report) == {"alphabeta.C.alpha": False, "alphabeta.C.beta": True,
                                "alphabeta.A.beta": True}
    assert report.items[0].why == ("C starts with alpha = 3, beta = +inf (from A); after leaf "
                                   "H = 2: beta = 2; it ends with alpha = 3, beta = 2; you "
                                   "wrote alpha = -inf")


def test_a_wrong_move_is_explained() -> None:
    item = only_wrong(check({"move": "D"}))
    assert item.why == "A = 3 comes from B, the first child to reach it; D returns 2; you chose D"


def test_pruned_nodes_get_no_value() -> None:
    item = only_wrong(check({"values": {"I": 4}}))
    assert item.expected == "(not searched)"
    assert item.why is not None and item.why.endswith("so I is never searched; you wrote 4")


def test_edges_and_subtrees_name_pruned_children() -> None:
    assert check({"pruned": ["C-I", "C->J"]}).correct
    deep = do_search("A(B(3 4) C(D(1 2) E(e1:5 e2:6)))").trace  # C is cut after D
    assert extract_solution(deep).pruned == ("E",)
    assert check({"pruned": ["E"]}, deep).correct
    assert check({"pruned": ["e1", "e2"]}, deep).correct  # E's leaves stand for E


def test_an_edge_that_is_not_in_the_tree_is_an_input_error() -> None:
    """Unknown nodes are graded (test_unknown_nodes_are_wrong_items_...); an edge
    between two nodes that are not parent and child says the answer is malformed."""
    with pytest.raises(InputError) as info:
        check({"pruned": ["B-I"]})
    assert info.value.where == "$.pruned[0]"


def test_minimax_has_no_window() -> None:
    with pytest.raises(InputError, match="-a alphabeta"):
        check({"alphabeta": {"C": {"alpha": 3}}}, aima_trace("two-function", "minimax"))


def test_the_strict_cut_test_is_spelled_out() -> None:
    tie = do_search("A(B(3 12 8) C(3 4 6) D(14 5 2))", cut_on="gt").trace
    item = only_wrong(check({"pruned": ["I", "J"]}, tie))
    assert item.why == ("at C, after leaf H = 3: beta = alpha = 3, and the cut test is strict "
                        "(alpha > beta), so there is no cut and C goes on to I; you pruned I")


# ------------------------------------------------------------------ properties

leaf = st.integers(min_value=-9, max_value=9)
trees = st.lists(st.recursive(leaf, lambda kids: st.lists(kids, min_size=1, max_size=3),
                              max_leaves=25), min_size=1, max_size=3)
searches = st.sampled_from([("alphabeta", "fail-soft"), ("alphabeta", "fail-hard"),
                            ("alphabeta", "list"), ("alphabeta", "negamax"),
                            ("minimax", "two-function")])


def other(x: float) -> float:
    return 0 if math.isinf(x) else x + 1


def mutations(key: Solution, trace: Trace) -> list[tuple[str, Solution]]:
    """Every single-item change of ``key``, with the item it changes."""
    out: list[tuple[str, Solution]] = []
    assert key.value is not None
    out.append(("value", replace(key, value=Value(other(key.value.number)))))
    root = trace.header.root
    kids = next(e.children for e in trace.events if e.type == "expand" and e.node == root)
    if len(kids) > 1:
        out.append(("move", replace(key, move=next(k for k in kids if k != key.move))))
    for node, v in key.values.items():
        out.append((f"values.{node}", replace(key, values={**key.values,
                                                           node: Value(other(v.number),
                                                                       v.bound)})))
    evaluated = key.evaluated or ()
    out.append(("evaluated", replace(key, evaluated=evaluated[:-1])))
    pruned = key.pruned or ()
    if pruned:
        out.append(("pruned", replace(key, pruned=pruned[1:])))
    out.append(("pruned", replace(key, pruned=(*pruned, evaluated[-1]))))
    for node, w in key.alphabeta.items():
        for name in ("alpha", "beta"):
            new = other(getattr(w, name))
            window = Window(**{**{"alpha": w.alpha, "beta": w.beta}, name: new})
            out.append((f"alphabeta.{node}.{name}",
                        replace(key, alphabeta={**key.alphabeta, node: window})))
    return out


@settings(max_examples=examples(60), deadline=None)
@given(tree=trees, search=searches, order=st.sampled_from(["natural", "reverse"]),
       cut_on=st.sampled_from(["ge", "gt"]))
def test_the_extracted_answer_is_right_and_each_change_is_that_item(
        tree: Any, search: tuple[str, str], order: str, cut_on: str) -> None:
    trace = do_search(tree, search[0], search[1], order=order, cut_on=cut_on).trace
    key = extract_solution(trace)
    assert check_solution(key, trace, diagnosis=False).correct
    for item, changed in mutations(key, trace):
        report = check_solution(changed, trace, diagnosis=False)
        wrong = only_wrong(report)
        assert wrong.key == item
        assert report.first is wrong and wrong.why


# ------------------------------------------------------------------ A*


def jugs() -> Trace:
    from tracer.problems import make_problem
    from tracer.record import MemoryRecorder
    from tracer.search.astar import astar

    rec = MemoryRecorder()
    astar(make_problem("jugs", {}), recorder=rec)
    return rec.trace


def test_an_astar_answer_may_name_states() -> None:
    trace = jugs()
    key = extract_solution(trace)
    assert check_solution(key, trace).correct
    by_state = {"expanded": ["(0,0)", "(3,0)", "(0,5)", "(0,3)", "(3,2)", "(3,5)", "(0,2)",
                             "(3,3)", "(1,5)"],
                "nodes": {"(0,3)": {"g": 2, "h": 1, "f": 3}}, "cost": 4,
                "path": ["(0,0)", "(3,0)", "(0,3)", "(3,3)", "(1,5)"]}
    assert check(by_state, trace).correct


def test_a_wrong_expansion_order_is_explained_by_the_open_list() -> None:
    report = check({"expanded": ["n0", "n1", "n2", "n3", "n5", "n6"],
                    "nodes": {"n5": {"f": 5}}, "discarded": ["n4"]}, jugs())
    why = {i.key: i.why for i in report.items if not i.right}
    assert why["expanded"] is not None and why["expanded"].startswith("selection 5: the open list")
    assert "the lowest f is 3, and ties go to the node generated first: n6 (3,2)" in \
        why["expanded"]
    assert why["nodes.n5.f"] == "f = g + h = 2 + 2 = 4; you wrote 5"
    assert why["discarded"] is not None and "repeats the state of" in why["discarded"]


# A depth-3 binary tree whose leaves are H..O; alpha-beta prunes G (N, O).
BINARY = "A(B(D(H:9 I:4) E(J:5 K:8)) C(F(L:0 M:7) G(N:3 O:0)))"


def test_the_order_mistake_names_the_leaf_the_answer_has_there() -> None:
    """The issue's example: the answer starts with O, a leaf the search never reaches;
    the explanation names O, not M (the first leaf both lists share)."""
    trace = do_search(BINARY).trace
    item = only_wrong(check({"evaluated": list("ONMLJIH")}, trace))
    assert item.why == ("the search goes depth first, children left to right: it "
                        "evaluates H first; you put O there")


def test_unknown_nodes_are_wrong_items_and_the_rest_is_graded() -> None:
    report = check({"value": 3, "values": {"Z": 3, "B": 3}, "evaluated": list("EFGHQKLM"),
                    "pruned": ["I", "J", "Y"], "alphabeta": {"X": {"alpha": 3, "beta": 2}}})
    assert verdicts(report) == {"value": True, "values.Z": False, "values.B": True,
                                "evaluated": False, "pruned": False,
                                "alphabeta.X.alpha": False, "alphabeta.X.beta": False}
    z = report.items[1]
    assert (z.expected, z.given, z.score, z.marks) == ("(no such node)", "3", 0.0, ())
    assert z.why == ("no node 'Z' in the tree (its nodes: A, B, C, D, E, F, G, H, I, J, K, "
                     "L, M)")
    evaluated = report.items[3]
    assert evaluated.score == pytest.approx(7 / 8) and evaluated.marks == ()
    assert evaluated.why is not None and evaluated.why.endswith("; you evaluated Q")
    pruned = report.items[4]
    assert pruned.score == pytest.approx(2 / 3) and pruned.why is not None
    assert pruned.why.endswith("; you pruned Y")


def test_the_alphabeta_answers_are_the_final_window_unless_told_entry() -> None:
    # AIMA's C enters with alpha = 3, beta = +inf and ends with beta = 2 (the notes'
    # final window); the conventions line says which window was checked.
    from tracer.analysis.check.report import check_solution
    from tracer.analysis.check.solution import Conventions, Solution, Window
    from tracer.examples import example_tree
    from tracer.record import MemoryRecorder
    from tracer.search import run_search
    from tracer.trees import TreeGame

    rec = MemoryRecorder()
    run_search(TreeGame(example_tree("aima")), algorithm="alphabeta", recorder=rec)
    entry_answer = {"C": Window(3, float("inf"))}
    final = check_solution(Solution(alphabeta=entry_answer), rec.trace)
    assert [i.right for i in final.items] == [True, False]
    assert final.conventions.window == "final"
    assert "alpha and beta when each node is finished" in final.to_text()
    entry = check_solution(Solution(conventions=Conventions(window="entry"),
                                    alphabeta=entry_answer), rec.trace, lang="it")
    assert all(i.right for i in entry.items)
    assert "finestra all'ingresso" in entry.to_text()
