"""Random alpha-beta exercises with guarantees, and their answer keys.

A tree with ``branching`` children per inner node and ``depth`` plies gets leaf values
drawn uniformly from a range; draws are repeated until the alpha-beta answer has a
number of cuts in the range asked for and a unique best move (exactly one child of
the root reaches the root's minimax value).  Everything comes from one
``random.Random(seed)``, so the same seed gives the same tree and the same answer key
(and, drawn by :mod:`tracer.figures.exercise`, the same files byte for byte).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from ...errors import UsageError
from ...events import Cut
from ...said import Said, said, said_n
from ...trace import Trace
from ...trees import Node, Tree, parse_tree_json
from .solution import Conventions, Solution, extract_solution

__all__ = ["DRAW_COST", "MAX_LEAVES", "MAX_WORK", "VARIANTS", "Exercise", "make_exercise",
           "variant_said"]

MAX_LEAVES = 729
"""The largest tree drawn (3^6 leaves): anything bigger is no exercise by hand."""

DRAW_COST = 24
"""What drawing, checking and searching one tree costs besides its leaves, counted in
leaves (measured: about 25 us a leaf, and a draw of 8 leaves as much as 32)."""

MAX_WORK = 200_000
"""The work :func:`make_exercise` does before it gives up unless told otherwise: the
leaves of every tree drawn, each draw counted as its leaves plus :data:`DRAW_COST`
(about five seconds here).  A count, not a clock, so that a seed gives the same answer
on every machine."""


VARIANTS = ("fail-soft", "fail-hard")
"""The alpha-beta variants an exercise's answer key is computed with."""

_VARIANT_NAMES = {"fail-soft": said("fail-soft"), "fail-hard": said("fail-hard")}
"""The variants' names as sentences of the catalogs: Italian *morbida* and *rigida*, as
the drawings name them (:data:`tracer.render.model.wording.VARIANTS_IT`)."""


def variant_said(name: str) -> Said | str:
    """An alpha-beta variant's name to word in a language (another variant's as it is)."""
    return _VARIANT_NAMES.get(name, name)


@dataclass(frozen=True)
class Exercise:
    """A tree, the search that answers it, and the answer key."""

    name: str
    tree: Tree
    trace: Trace
    solution: Solution
    attempts: int
    """How many trees were drawn before one met the guarantees."""

    @property
    def cuts(self) -> int:
        return sum(1 for e in self.trace.events if e.type == Cut.type)

    def to_text(self, *, branching: int, depth: int, lang: str = "en") -> str:
        """The line ``gametrace exercise`` prints, in ``lang``: its shape, cuts, best
        move and value, and how many trees were drawn."""
        return said("exercise {name}: {branching} children per node, depth {depth}, "
                    "{cuts}, best move {move} (value {value}), found after {draws}",
                    name=self.name, branching=branching, depth=depth,
                    cuts=said_n("{n} cut", "{n} cuts", self.cuts), move=self.solution.move,
                    value=str(self.solution.value),
                    draws=said_n("{n} draw", "{n} draws", self.attempts)).worded(lang)


def make_exercise(*, branching: int, depth: int, cuts: tuple[int, int] | None = None,
                  values: tuple[int, int] = (0, 20), seed: int = 0,
                  conventions: Conventions | None = None,
                  max_attempts: int = 20_000, max_work: int = MAX_WORK) -> Exercise:
    """Draw trees until one meets the guarantees (see the module docstring), at most
    ``max_attempts`` of them and at most ``max_work`` leaves' worth of work (see
    :data:`MAX_WORK`); past either, a :class:`UsageError` says what to widen."""
    if branching < 2 or depth < 1:
        raise UsageError(said("an exercise needs branching >= 2 and depth >= 1, got "
                              "{branching} and {depth}", branching=branching, depth=depth))
    if branching > MAX_LEAVES or depth > MAX_LEAVES.bit_length() or (
            branching ** depth > MAX_LEAVES):  # the power only once both are small
        shown = (said("{branching}^{depth} = {leaves} leaves", branching=branching,
                      depth=depth, leaves=branching ** depth)
                 if branching <= MAX_LEAVES and depth <= MAX_LEAVES.bit_length()
                 else said("{branching}^{depth} leaves", branching=branching, depth=depth))
        raise UsageError(said("{leaves} is too many for an exercise (at most {most})",
                              leaves=shown, most=MAX_LEAVES))
    lo, hi = values
    if lo > hi:
        raise UsageError(said("empty range of leaf values {low}..{high}", low=lo, high=hi))
    # A node is cut at most once and the root never (its window is unbounded): past
    # its inner nodes below the root no tree has that many cuts, however many are drawn.
    most = (branching ** depth - branching) // (branching - 1)
    if cuts is not None and cuts[0] < 0:
        raise UsageError(said("--cuts {low}..{high}: a number of cuts is 0 or more (MIN at "
                              "least 0)", low=cuts[0], high=cuts[1]))
    if cuts is not None and cuts[0] > most:
        raise UsageError(
            said("a tree of branching {branching} and depth {depth} has at most {most} cut "
                 "(one per inner node below the root), not {low}..{high}: widen --cuts",
                 branching=branching, depth=depth, most=most, low=cuts[0], high=cuts[1])
            if most == 1 else
            said("a tree of branching {branching} and depth {depth} has at most {most} cuts "
                 "(one per inner node below the root), not {low}..{high}: widen --cuts",
                 branching=branching, depth=depth, most=most, low=cuts[0], high=cuts[1]))
    c = (conventions or Conventions()).merged(algorithm="alphabeta")
    rng = random.Random(seed)
    name = f"exercise-{seed}"
    per_draw = branching ** depth + DRAW_COST
    attempts = max(1, min(max_attempts, max_work // per_draw))
    for attempt in range(1, attempts + 1):
        leaves = [rng.randint(lo, hi) for _ in range(branching ** depth)]
        tree = _uniform(branching, depth, leaves, name, seed)
        if not _unique_best_move(tree):
            continue
        trace = _search(tree, c)
        made = sum(1 for e in trace.events if e.type == Cut.type)
        if cuts is None or cuts[0] <= made <= cuts[1]:
            key = replace(extract_solution(trace), exercise=name)
            return Exercise(name, tree, trace, key, attempt)
    if cuts is None:
        raise UsageError(said("no tree of branching {branching} and depth {depth} and a unique "
                              "best move found in {attempts} draws (seed {seed}): widen "
                              "--values, or try another --seed", branching=branching,
                              depth=depth, attempts=attempts, seed=seed))
    raise UsageError(said("no tree of branching {branching} and depth {depth} with "
                          "{low}..{high} cuts and a unique best move found in {attempts} "
                          "draws (seed {seed}): widen --cuts or --values, or try another "
                          "--seed", branching=branching, depth=depth, low=cuts[0],
                          high=cuts[1], attempts=attempts, seed=seed))


def _uniform(b: int, d: int, leaves: list[int], name: str, seed: int) -> Tree:
    it = iter(leaves)

    def build(level: int) -> Any:
        return next(it) if level == d else [build(level + 1) for _ in range(b)]

    doc = {"tree": build(0), "name": name,
           "description": f"random alpha-beta exercise, seed {seed}"}
    plain = parse_tree_json(doc, file=f"<{name}>")
    # Label every node with its generated id, so the tree file names the nodes that the
    # worksheet shows and the answer key uses.

    def labelled(node: Node) -> dict[str, Any]:
        if not node.children:
            return {"label": node.id, "value": node.value}
        return {"label": node.id, "children": [labelled(k) for k in node.children]}

    return parse_tree_json({**doc, "tree": labelled(plain.root)}, file=f"<{name}>")


def _unique_best_move(tree: Tree) -> bool:
    def value(node: Any, is_max: bool) -> float:
        if not node.children:
            return float(node.value)
        kids = [value(k, not is_max) for k in node.children]
        return max(kids) if is_max else min(kids)

    root_max = tree.root.player.value == "max"
    kids = [value(k, not root_max) for k in tree.root.children]
    best = max(kids) if root_max else min(kids)
    return kids.count(best) == 1


def _search(tree: Tree, c: Conventions) -> Trace:
    from ...record import MemoryRecorder
    from ...search import run_search
    from ...sources import tree_source
    from ...trees import TreeGame

    rec = MemoryRecorder()
    run_search(TreeGame(tree), algorithm="alphabeta", variant=c.variant,
               order=c.order or "natural", cut_on=c.cut_on or "ge", recorder=rec,
               source=tree_source(tree))
    return rec.trace
