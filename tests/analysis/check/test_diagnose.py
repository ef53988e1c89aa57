"""Each usual misconception, applied to the lecture trees, is diagnosed as that misconception.

A student's answer is made by searching the tree the way the student would (the
library's options for the conventions, the scripted student for the slips) and
reading the full answer off that search; the checker must name the misconception.
When two misconceptions give the very same answer on a tree (on the AIMA tree,
"alpha not passed down" and "the cut at C missing" are one answer), both are named.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import do_search
from tracer.analysis.check.diagnose import MISCONCEPTIONS, Finding
from tracer.analysis.check.report import check_solution
from tracer.analysis.check.solution import Solution, extract_solution
from tracer.examples import EXAMPLES
from tracer.student import scripted_alpha_beta
from tracer.trace import Trace
from tracer.trees import parse_tree_text

LECTURE = {name: EXAMPLES[name].text for name in ("aima", "two-mins")}
# three-mins with values for the a and b the notes leave unknown: the misconceptions'
# searches (right to left, no window passed down) read them
LECTURE["three-mins"] = "A(B(3 5 10) C(2 a:4 b:6) D(2 7 3))"
# Lecture trees changed just enough for a misconception to show (on the lecture trees
# themselves the cut test and deep cut-offs make no difference):
TIE = "A(B(3 12 8) C(3 4 6) D(14 5 2))"            # the AIMA tree with C's first leaf 3
STATIC = "A(B:4(3 12 8) C:1(2 4 6) D:6(14 5 2))"    # ... with static values on B, C, D
DEEP = "A(B(5 6) C(D(E(3 9) F(1 2)) 8))"          # deep cut-offs at E and F (alpha = 5)


def expected(text: str, **options: Any) -> Trace:
    return do_search(text, **options).trace


def library(text: str, **options: Any) -> Solution:
    return extract_solution(do_search(text, **options).trace)


def scripted(text: str, **slips: Any) -> Solution:
    return extract_solution(scripted_alpha_beta(parse_tree_text(text), **slips))


def diagnosed(answer: Solution, trace: Trace) -> list[Finding]:
    report = check_solution(answer, trace)
    assert not report.correct
    return report.diagnosis


def names(findings: list[Finding]) -> list[str]:
    return [f.id for f in findings if f.full]


CASES = [
    *[pytest.param(t, {"variant": "fail-soft"}, library(t, variant="fail-hard"), "fail-hard",
                   id=f"{n}-fail-hard") for n, t in LECTURE.items()],
    *[pytest.param(t, {"variant": "fail-hard"}, library(t, variant="fail-soft"), "fail-soft",
                   id=f"{n}-fail-soft") for n, t in LECTURE.items()],
    *[pytest.param(t, {}, library(t, order="reverse"), "right-to-left",
                   id=f"{n}-right-to-left") for n, t in LECTURE.items()],
    *[pytest.param(t, {"order": "reverse"}, library(t), "left-to-right",
                   id=f"{n}-left-to-right") for n, t in LECTURE.items()],
    *[pytest.param(t, {}, scripted(t, inherit="none"), "no-window",
                   id=f"{n}-alpha-not-passed-down") for n, t in LECTURE.items()],
    *[pytest.param(t, {}, scripted(t, skip_cut="C"), "missing-cut", id=f"{n}-missing-cut")
      for n, t in LECTURE.items()],
    pytest.param(LECTURE["three-mins"], {}, scripted(LECTURE["three-mins"], skip_cut="D"),
                 "missing-cut", id="three-mins-missing-second-cut"),
    *[pytest.param(t, {}, scripted(t, extra_cut=("B", "E")), "extra-cut",
                   id=f"{n}-extra-cut") for n, t in LECTURE.items() if n != "two-mins"],
    pytest.param(LECTURE["two-mins"], {}, scripted(LECTURE["two-mins"], extra_cut=("B", "D")),
                 "extra-cut", id="two-mins-extra-cut"),
    pytest.param(TIE, {}, library(TIE, cut_on="gt"), "strict-cut", id="tie-strict-cut"),
    pytest.param(TIE, {"cut_on": "gt"}, library(TIE), "non-strict-cut",
                 id="tie-non-strict-cut"),
    pytest.param(STATIC, {}, library(STATIC, depth=1), "depth-minus-one",
                 id="static-depth-minus-one"),
    pytest.param(STATIC, {"depth": 1}, library(STATIC), "depth-plus-one",
                 id="static-depth-plus-one"),
    pytest.param(DEEP, {}, scripted(DEEP, inherit="parent"), "shallow",
                 id="deep-cutoffs-missed"),
]


@pytest.mark.parametrize(("tree", "options", "answer", "misconception"), CASES)
def test_each_misconception_is_diagnosed(tree: str, options: dict[str, Any], answer: Solution,
                                         misconception: str) -> None:
    findings = diagnosed(answer, expected(tree, **options))
    assert misconception in names(findings), [f.describe() for f in findings]


def test_every_misconception_has_a_case() -> None:
    covered = {case.values[3] for case in CASES}
    assert covered == set(MISCONCEPTIONS)


def test_alpha_and_beta_tell_a_missing_cut_from_a_window_not_passed_down() -> None:
    trace = expected(LECTURE["aima"])
    missing = scripted(LECTURE["aima"], skip_cut="C")
    assert names(diagnosed(missing, trace)) == ["missing-cut"]  # C's alpha is still 3
    not_passed = scripted(LECTURE["aima"], inherit="none")
    assert names(diagnosed(not_passed, trace)) == ["no-window"]  # C's alpha is -inf
    # Without alpha and beta the two answers are the same, and both readings are given.
    bare = Solution(evaluated=missing.evaluated, pruned=missing.pruned, values=missing.values)
    assert names(diagnosed(bare, trace)) == ["no-window", "missing-cut"]


def test_a_window_slip_and_a_cut_slip_together_are_named() -> None:
    """Alpha not passed down, and a cut at D after K: D returns 14, so A chooses D."""
    answer = scripted(LECTURE["aima"], inherit="none", extra_cut=("D", "K"))
    findings = diagnosed(answer, expected(LECTURE["aima"]))
    assert [(f.id, f.causes[1][1]) for f in findings] == [("no-window+extra-cut",
                                                          "at D, after K")]
    assert findings[0].describe().startswith(
        "your answer matches alpha-beta with alpha and beta not passed down from the root")


def test_a_partial_match_says_how_many_mistakes_it_explains() -> None:
    answer = Solution.from_json({"evaluated": list("EFGHIJKLM"), "values": {"B": 4}})
    findings = diagnosed(answer, expected(LECTURE["aima"]))
    assert findings and not any(f.full for f in findings)
    assert findings[0].describe().startswith("1 of your 2 mistakes (evaluated) match")
    assert findings[0].to_json()["explains"] == ["evaluated"]


def test_a_right_answer_needs_no_diagnosis() -> None:
    trace = expected(LECTURE["aima"])
    assert check_solution(extract_solution(trace), trace).diagnosis == []


def test_a_minimax_exercise_diagnoses_the_order() -> None:
    trace = expected(LECTURE["aima"], algorithm="minimax")
    answer = library(LECTURE["aima"], algorithm="minimax", order="reverse")
    assert names(diagnosed(answer, trace)) == ["right-to-left"]


def test_leaves_in_mirrored_order_point_to_right_to_left() -> None:
    """No search evaluates O N M L J I H on this tree (right to left, K would come before
    J), but the order alone shows the student went right to left: a finding that says
    it rests on the order, and is not taken for a full explanation."""
    binary = "A(B(D(H:9 I:4) E(J:5 K:8)) C(F(L:0 M:7) G(N:3 O:0)))"
    findings = diagnosed(Solution.from_json({"evaluated": list("ONMLJIH")}), expected(binary))
    assert [f.id for f in findings] == ["right-to-left"] and not findings[0].full
    assert findings[0].describe() == (
        "the order of your evaluated leaves (O N M L J I H) follows children visited right "
        "to left: visit each node's children left to right, as the tree is drawn.")
    assert findings[0].to_json()["evidence"] == "the order of your evaluated leaves (O N M L J I H)"


def test_leaves_in_the_right_order_are_no_evidence() -> None:
    """Leaves in left-to-right order with one too many: no order finding."""
    binary = "A(B(D(H:9 I:4) E(J:5 K:8)) C(F(L:0 M:7) G(N:3 O:0)))"
    findings = diagnosed(Solution.from_json({"evaluated": list("HIJKLMN")}), expected(binary))
    assert "right-to-left" not in [f.id for f in findings]
