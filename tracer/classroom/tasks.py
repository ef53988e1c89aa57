"""What a student sees and what they are told: the task (leaf values only), the answer
key, grading of the items asked, and the feedback and solution policies."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from ..analysis.check.report import Report, check_solution
from ..analysis.check.solution import Solution, extract_solution
from ..errors import InputError
from ..trees import Node, Tree
from .assignments import FEEDBACK, Assignment
from .choosing import expected_one_of
from .student_trees import expected_for, student_tree

__all__ = ["Task", "answer_key_for", "feedback", "grade", "may_see_solution", "restrict",
           "solution_shown", "task_for"]


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


def grade(a: Assignment, student: str, answer: Solution, *,
          diagnosis: bool = True, lang: str = "en") -> Report:
    """The :class:`~tracer.analysis.check.Report` on ``answer`` (a
    :class:`~tracer.analysis.check.Solution`, e.g. from ``Solution.from_json``), only
    the items asked graded, its reasons in ``lang`` (``en``, ``it``)."""
    return check_solution(restrict(answer, a), expected_for(a, student),
                          title=a.title, diagnosis=diagnosis, lang=lang)


def feedback(report: Report, policy: str) -> dict[str, Any]:
    """What a student may see of ``report`` under ``policy`` (:data:`FEEDBACK`):
    ``score`` the totals only; ``first-mistake`` the totals, which items are right and
    the first mistake explained (what was expected there, nothing else of the key);
    ``full`` the whole report with the diagnosis."""
    if policy not in FEEDBACK:
        raise InputError(expected_one_of(FEEDBACK, repr(policy)), where="feedback")
    whole: dict[str, Any] = report.to_json()
    totals = {k: whole[k] for k in ("correct", "score", "max_score", "percent")}
    if policy == "score":
        return totals
    if policy == "full":
        return whole
    first = whole["first_mistake"]
    return {**totals,
            "items": [{"item": i["item"], "right": i["right"], "given": i["given"],
                       "score": i["score"]} for i in whole["items"]],
            "first_mistake": None if first is None else
            {k: first[k] for k in ("item", "expected", "given", "why") if k in first}}


def may_see_solution(a: Assignment, now: datetime) -> bool:
    """Whether a student may see the answer key at ``now`` (a time with its zone)."""
    return solution_shown(a.solution, a.due, now)


def solution_shown(solution: str, due: datetime | None, now: datetime) -> bool:
    """The solution policy ``solution`` (never, after-due, always) with the due time
    ``due``, at ``now``: whether the answer key is shown."""
    if solution == "always":
        return True
    if solution == "never" or due is None:
        return False
    return now >= due
