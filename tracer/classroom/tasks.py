"""What a student sees and what they are told: the task (leaf values only), the answer
key, grading by the items asked (every one scored, a blank one wrong), the feedback
levels, the due time's late policy and the solution policy."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from functools import lru_cache
from typing import Any

from ..analysis.check.report import Report
from ..analysis.check.solution import Solution, extract_solution
from ..analysis.check.verdict import Item
from ..errors import InputError
from ..said import said
from ..trees import Node, Tree
from .assignments import FEEDBACK, Assignment, field_error
from .choosing import expected_one_of
from .item_words import item_said, item_words
from .student_trees import base_tree, expected_for, student_tree

__all__ = ["Task", "Timing", "answer_key_for", "asked_keys", "feedback", "grade",
           "may_see_solution", "refuse_past_due", "restrict", "solution_shown",
           "submission_timing", "task_for"]


@dataclass(frozen=True)
class Task:
    """What a student is handed: the tree with its leaf values only, the conventions and
    the items; never an inner value or anything of the answer."""

    assignment: Assignment
    student: str
    tree: Tree | None
    """``None`` for an A* problem (named by ``assignment.source``)."""

    def to_json(self) -> dict[str, Any]:
        a = self.assignment
        spec = a.to_json()["spec"]
        if a.astar is None:  # every convention spelled out: the student needs them all
            spec = {"algorithm": a.spec.algorithm, "variant": a.spec.shown_variant,
                    "order": a.spec.order, **spec}
            if a.spec.algorithm == "alphabeta":
                spec.setdefault("cut_on", "ge")
        out: dict[str, Any] = {"assignment": a.id, "title": a.title, "student": self.student,
                               "conventions": spec,
                               "items": [ask.to_json() for ask in a.items],
                               "due": None if a.due is None else a.due.isoformat(),
                               "attempts": a.attempts, "feedback": a.feedback}
        if self.tree is None:
            out["problem"] = a.source.to_json()
        else:
            out["tree"] = self.tree.to_json()
        return out


def task_for(a: Assignment, student: str) -> Task:
    """``student``'s task: their tree (every node labelled with its id, leaf values only:
    inner static values are dropped, and with a depth limit the tree ends at the limit,
    the nodes there carrying their static value) and the items asked."""
    if a.source.kind == "problem":
        return Task(a, student, None)
    return Task(a, student, _leaf_values_only(student_tree(a, student), a.spec.depth))


def _leaf_values_only(tree: Tree, depth: int | None) -> Tree:
    def copy(node: Node, ply: int) -> Node:
        if node.children and (depth is None or ply < depth):
            return replace(node, value=None, label=node.id,
                           children=tuple(copy(k, ply + 1) for k in node.children))
        return replace(node, label=node.id, children=())

    return Tree(copy(tree.root, 0), tree.name, None)


def answer_key_for(a: Assignment, student: str) -> Solution:
    """``student``'s answer key (a :class:`tracer.analysis.check.Solution`): the items
    asked, the chosen nodes only; a chosen node the search never reaches is left out."""
    return restrict(extract_solution(expected_for(a, student)), a)


def restrict(solution: Solution, a: Assignment) -> Solution:
    """``solution`` (a :class:`~tracer.analysis.check.Solution`) cut down to the items
    ``a`` asks: what is graded, and what an answer key shows."""
    s = solution
    asked = {ask.item: ask.nodes for ask in a.items}
    given: dict[str, Any] = {"conventions": s.conventions, "exercise": s.exercise}
    for name in ("value", "move", "evaluated", "pruned", "expanded"):
        if name in asked:
            given[name] = getattr(s, name)
    for name in ("values", "alphabeta"):
        if name in asked:
            table = getattr(s, name)
            nodes = asked[name]
            given[name] = dict(table) if not nodes else {n: table[n] for n in nodes
                                                        if n in table}
    return Solution(**given)


def asked_keys(a: Assignment) -> tuple[str, ...]:
    """The item keys every report of ``a`` has, in order (``max_score`` is their number):
    each item asked; ``values`` and ``alphabeta`` at their chosen nodes, or at every
    inner node of the tree (the same shape for every student's variant) in the order
    the search reaches them, the root's value being ``value``.  It searches the
    assignment's own tree once (call it in a job)."""
    return _asked_keys(a)


@lru_cache(maxsize=256)
def _asked_keys(a: Assignment) -> tuple[str, ...]:
    from ..analysis.check.asked import asked_keys as keys_on

    asks = tuple((ask.item, ask.nodes) for ask in a.items)
    if a.source.kind == "problem":
        return keys_on(asks, None)
    return keys_on(asks, base_tree(a), order=a.spec.order, depth=a.spec.depth)


def grade(a: Assignment, student: str, answer: Solution, *,
          diagnosis: bool = True, lang: str = "en") -> Report:
    """The :class:`~tracer.analysis.check.Report` on ``answer`` (a
    :class:`~tracer.analysis.check.Solution`, e.g. from ``Solution.from_json``), its
    reasons in ``lang`` (``en``, ``it``): every key of :func:`asked_keys` is an item, a
    blank one wrong (score 0, "not answered"), so every student's ``max_score`` is the
    same and ``correct`` means every asked item right; the items not asked are left
    out.  An answer that gives none of the asked items is an :class:`InputError`.  Each
    wrong item carries its hint (:mod:`.hints`): what is wrong, without the key."""
    from ..analysis.check.asked import grade_asked
    from .hints import Hints

    expected = expected_for(a, student)
    report = grade_asked(answer, expected, asked_keys(a), title=a.title,
                         diagnosis=diagnosis, lang=lang)
    hints = Hints(expected, lang=lang)
    report.items = [i if i.right else replace(i, hint=hints.item(i).worded(lang))
                    for i in report.items]
    return report


def feedback(report: Report, policy: str, *, lang: str = "en") -> dict[str, Any]:
    """What a student may see of ``report`` under ``policy`` (:data:`FEEDBACK`), every
    item with its ``words`` in ``lang``:

    - ``score``: the totals, and which items are right, wrong or not answered;
    - ``first-mistake``: also the first mistake as its node, its field and the rule of
      the lecture it breaks (its ``hint``), never the expected value;
    - ``explain``: also the first mistake's expected value and the reasoning with its
      values (``why``);
    - ``full``: the whole report with the diagnosis."""
    if policy not in FEEDBACK:
        raise InputError(expected_one_of(FEEDBACK, repr(policy)), where="feedback")
    whole: dict[str, Any] = report.to_json()
    for item in whole["items"]:
        item["words"] = item_words(item["item"], lang)
    if policy == "full":
        first = whole["first_mistake"]
        if first is not None:
            first["words"] = item_words(first["item"], lang)
        return whole
    out = {k: whole[k] for k in ("correct", "score", "max_score", "percent")}
    out["items"] = [{"item": i["item"], "words": i["words"], "right": i["right"],
                     "answered": i.get("answered", True), "given": i["given"],
                     "score": i["score"]} for i in whole["items"]]
    if policy == "score":
        return out
    first = report.first
    if first is None:
        out["first_mistake"] = None
        return out
    shown: dict[str, Any] = {"item": first.key, "words": item_words(first.key, lang),
                             "answered": first.answered, "given": first.given,
                             "hint": first.hint or _plain_hint(first, lang)}
    if policy == "explain":
        shown["expected"] = first.expected
        if first.why is not None:
            shown["why"] = first.why
    out["first_mistake"] = shown
    return out


def _plain_hint(item: Item, lang: str) -> str:
    """A report graded without hints (not by :func:`grade`): the item's words only."""
    if not item.answered:
        return said("{item}: not answered", item=item_said(item.key)).worded(lang)
    return said("{item} is wrong", item=item_said(item.key)).worded(lang)


@dataclass(frozen=True)
class Timing:
    """When a submission comes, against the assignment's due time and late policy."""

    late: bool
    """After the due time."""
    refused: bool
    """Late, and the policy is ``refuse``."""
    penalty: float
    """The percentage taken off its score (0 when none)."""


def submission_timing(a: Assignment, at: datetime) -> Timing:
    """A submission of ``a`` at ``at`` (a time with its zone): late, refused or with a
    penalty, as ``a.late`` says."""
    late = a.due is not None and at > a.due
    return Timing(late=late, refused=late and a.late == "refuse",
                  penalty=a.penalty if late and a.late == "penalty" else 0.0)


def refuse_past_due(a: Assignment, now: datetime) -> None:
    """An :class:`InputError` at ``$.due`` when ``a`` is due before ``now`` and refuses
    late work: nobody could submit.  A teacher who means it sets ``late``.  Called when
    an assignment is made (a stored one is read again after its due time)."""
    if a.due is not None and a.due < now and a.late == "refuse":
        raise field_error("$.due", said("the due time {due} is already past, and late work "
                                        "is refused: nobody could submit (set late to "
                                        "accept or penalty to take late work)",
                                        due=a.due.isoformat()))


def may_see_solution(a: Assignment, now: datetime, *, attempts_left: int = 0) -> bool:
    """Whether a student with ``attempts_left`` may see the answer key at ``now`` (a time
    with its zone): ``after-due`` shows it only once no more submission of theirs can
    count, the due time passed and late work refused or no attempt left.  (The caller
    gives the student's real count; 0, the default, is the due time alone.)"""
    if a.solution == "after-due" and a.late != "refuse" and attempts_left > 0:
        return False
    return solution_shown(a.solution, a.due, now)


def solution_shown(solution: str, due: datetime | None, now: datetime) -> bool:
    """The solution policy ``solution`` (never, after-due, always) with the due time
    ``due``, at ``now``: whether the answer key is shown (the late policy aside: see
    :func:`may_see_solution`)."""
    if solution == "always":
        return True
    if solution == "never" or due is None:
        return False
    return now >= due
