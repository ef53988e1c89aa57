"""An assignment as a question to export: its own tree, items, title and conventions.

A fixed-tree assignment (a lecture example, a tree given as content, a game, or an
exercise handed to all) is one question: the tree every student of the assignment
gets.  A per-student assignment is one question per seed, each tree drawn as the
assignment draws a student's (:mod:`tracer.classroom.student_trees`: an exercise's
seed, or a tree of the same shape and difficulty), so the bank holds trees like the
students' own.  Every question asks the assignment's items, each node of a ``values``
or ``alphabeta`` item its own part (:mod:`.question_parts`).  An A* assignment (a
search problem) has no game tree to draw and is not exported.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...errors import UsageError
from ...said import Said, said
from .question_variants import (
    QuestionSpec,
    Variant,
    Variants,
    alphabeta_conventions,
    check_leaves,
    check_seeds,
    make_variant,
    minimax_conventions,
    tree_leaves,
)

if TYPE_CHECKING:
    from ...trees import Tree
    from ..assignments import Assignment

__all__ = ["DEFAULT_SEEDS", "assignment_variants", "name_of"]

DEFAULT_SEEDS = range(1, 21)
"""The seeds of a per-student assignment's bank when none are given."""


def assignment_variants(a: Assignment, seeds: Sequence[int] = DEFAULT_SEEDS) -> Variants:
    """The question(s) of ``a``: one for a fixed tree (``seeds`` unused), one per seed
    for a per-student assignment (a seed whose tree an earlier seed gave is left out)."""
    from ..student_trees import base_tree

    if a.source.kind == "problem":
        raise UsageError(said("an A* assignment is not exported: Moodle and PrairieLearn "
                              "questions are made of a game tree"))
    if not a.per_student:
        tree = base_tree(a)
        made: tuple[Variant, ...] = (_variant(a, None, tree),)
        repeated: tuple[int, ...] = ()
    else:
        check_seeds(seeds)
        base = base_tree(a)
        check_leaves(len(tree_leaves(base, a.spec.depth)), len(seeds))
        found: list[Variant] = []
        skipped: list[int] = []
        seen: set[tuple[object, ...]] = set()
        for seed in seeds:
            tree = _seeded_tree(a, base, seed)
            values = tuple(v for _, v in tree_leaves(tree, a.spec.depth))
            if values in seen:
                skipped.append(seed)
                continue
            seen.add(values)
            found.append(_variant(a, seed, tree))
        made, repeated = tuple(found), tuple(skipped)
    root = made[0].tree.root.player
    conventions = _conventions(a, str(root.value if root is not None else "max"))
    return Variants(None, made, repeated, name=name_of(a), title=a.title,
                    conventions=conventions,
                    identity=(("assignment", a.id), ("title", a.title),
                              ("source", a.source.to_json()),
                              ("spec", a.to_json()["spec"]),
                              ("items", [ask.to_json() for ask in a.items]),
                              ("seeds", [v.seed for v in made])))


def name_of(a: Assignment) -> str:
    """A category's or folder's name made from the assignment's title: its letters
    without accents, digits, ``-``, ``_``, ``.`` and single spaces (at most 100)."""
    plain = unicodedata.normalize("NFKD", a.title).encode("ascii", "ignore").decode()
    text = re.sub(r"[^A-Za-z0-9 _.-]+", "-", plain)
    text = re.sub(r"\s+", " ", text).strip(" .-")[:100].strip(" .")
    return text or a.id or "assignment"


def _seeded_tree(a: Assignment, base: Tree, seed: int) -> Tree:
    """The tree a student whose variant seed is ``seed`` gets."""
    # the two drawings a per-student assignment makes, called with the export's seed in
    # place of a student's (student_trees.variant_seed)
    from ..student_trees import _draw_variant, _exercise_tree

    if a.source.kind == "exercise":
        return _exercise_tree(a, seed)
    return _draw_variant(base, a, seed)


def _variant(a: Assignment, seed: int | None, tree: Tree) -> Variant:
    from ...analysis.check.solution import extract_solution
    from ..student_trees import search_tree
    from ..tasks import restrict

    trace = search_tree(tree, a)
    key = extract_solution(trace)
    return make_variant(seed, tree, trace, key, restrict(key, a), a.items,
                        tree_leaves(tree, a.spec.depth), remake=_remake(a, seed))


def _remake(a: Assignment, seed: int | None) -> str | None:
    """The ``gametrace exercise`` command that makes an exercise's tree again (only for
    the conventions that command takes)."""
    ex = a.source.exercise
    spec = a.spec
    if ex is None or spec.algorithm != "alphabeta" or spec.order != "natural" or (
            spec.root_player not in (None, "max")):
        return None
    try:
        q = QuestionSpec(ex.branching, ex.depth, ex.cuts, ex.values,
                         variant=spec.shown_variant, cut_on=spec.cut_on or "ge")
    except UsageError:
        return None
    return q.exercise_command(ex.seed if seed is None else seed)


def _conventions(a: Assignment, player: str) -> Said:
    spec = a.spec
    if spec.algorithm == "alphabeta":
        return alphabeta_conventions(spec.shown_variant, spec.cut_on, order=spec.order,
                                     player=player, depth=spec.depth)
    return minimax_conventions(order=spec.order, player=player, depth=spec.depth)
