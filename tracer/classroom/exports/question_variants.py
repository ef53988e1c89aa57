"""An exercise spec and its seeded variants: the trees an export asks about.

An :class:`QuestionSpec` is what ``gametrace exercise`` takes (branching, depth, cuts,
leaf values, alpha-beta variant, cut test); each seed gives one variant of it
(:func:`tracer.analysis.check.exercise.make_exercise`), the same seed the same tree.
An export asks three items of every variant, each with one canonical answer taken
from the exercise's answer key: the root's value, the best move, and the pruned
subtrees' roots written in the tree's order (top to bottom, left to right), separated
by spaces, or ``none``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ...choices import unknown_choice
from ...errors import UsageError
from ...ranges import parse_range
from ...said import said

if TYPE_CHECKING:
    from ...analysis.check.exercise import Exercise
    from ...numbers import Number

__all__ = ["MAX_BANK_LEAVES", "MAX_SEEDS", "NONE", "QuestionSpec", "Variant", "Variants",
           "diagram", "make_variants", "parse_seeds", "pruned_text"]

MAX_SEEDS = 200
"""The most variants one export holds: a class's worth, one each."""

MAX_BANK_LEAVES = 20_000
"""The most leaves all the variants of one export may have together (200 trees of 81
leaves, 20 of 729): each variant is searched and drawn, and the export holds every
drawing."""

NONE = "none"
"""How the answer "nothing is pruned" is written."""


@dataclass(frozen=True)
class QuestionSpec:
    """A question of a bank: what every seeded variant shares (the shape, the difficulty
    and the conventions).  An assignment's own exercise is
    :class:`tracer.classroom.assignments.ExerciseSpec`."""

    branching: int
    depth: int
    cuts: tuple[int, int] | None = None
    """How many cuts the answer must have (``None``: any number)."""
    values: tuple[int, int] = (0, 20)
    """The range of the leaf values."""
    variant: str = "fail-soft"
    cut_on: str = "ge"
    """``ge``: cut when alpha >= beta; ``gt``: when alpha > beta."""

    def __post_init__(self) -> None:
        from ...analysis.check.exercise import VARIANTS
        from ...search import CUT_TESTS

        if self.variant not in VARIANTS:
            raise UsageError(unknown_choice(said("exercise variant"), self.variant, VARIANTS,
                                            suggest=False))
        if self.cut_on not in CUT_TESTS:
            raise UsageError(unknown_choice(said("cut test"), self.cut_on, CUT_TESTS,
                                            suggest=False))
        for name, pair in (("cuts", self.cuts), ("values", self.values)):
            if pair is not None and pair[0] > pair[1]:
                raise UsageError(said("{name}: {low}..{high} is empty (MIN must not exceed "
                                      "MAX)", name=name, low=pair[0], high=pair[1]))

    @classmethod
    def parse(cls, *, branching: int, depth: int, cuts: str | None = None,
              values: str = "0..20", variant: str = "fail-soft",
              cut_on: str = "ge") -> QuestionSpec:
        """The spec from the command line's texts (``cuts`` and ``values`` as
        ``MIN..MAX`` or one number)."""
        value_range = parse_range(values, "--values")
        assert value_range is not None
        return cls(branching, depth, parse_range(cuts, "--cuts"), value_range, variant,
                   cut_on)

    def to_json(self) -> dict[str, Any]:
        return {"branching": self.branching, "depth": self.depth,
                "cuts": list(self.cuts) if self.cuts is not None else None,
                "values": list(self.values), "variant": self.variant,
                "cut_on": self.cut_on}

    def describe(self) -> str:
        """One line for a title or a question bank's description."""
        cuts = ""
        if self.cuts is not None:
            lo, hi = self.cuts
            cuts = (f", {lo} to {hi} cuts" if lo != hi
                    else f", {lo} cut{'s' if lo != 1 else ''}")
        test = ">=" if self.cut_on == "ge" else ">"
        return (f"alpha-beta ({self.variant}, cut when alpha {test} beta), "
                f"{self.branching} children per node, depth {self.depth}{cuts}, "
                f"leaf values {self.values[0]}..{self.values[1]}")

    def exercise_command(self, seed: int) -> str:
        """The ``gametrace exercise`` command that makes variant ``seed`` again."""
        cuts = "" if self.cuts is None else f" --cuts {self.cuts[0]}..{self.cuts[1]}"
        return (f"gametrace exercise -b {self.branching} -d {self.depth}{cuts} "
                f"--values {self.values[0]}..{self.values[1]} --variant {self.variant} "
                f"--cut-on {self.cut_on} --seed {seed}")

    def conventions_text(self) -> str:
        test = ">=" if self.cut_on == "ge" else ">"
        return (f"alpha-beta, {self.variant}, children left to right, a cut when "
                f"alpha {test} beta, MAX at the root")


@dataclass(frozen=True)
class Variant:
    """One seeded tree of a spec and its three answers."""

    seed: int
    exercise: Exercise
    value: Number
    """The root's value (from MAX's point of view)."""
    move: str
    """The root's child the search chooses."""
    pruned: tuple[str, ...]
    """The pruned subtrees' roots, in the tree's order."""
    order: tuple[str, ...]
    """Every node of the tree, top to bottom and left to right: the order ``pruned``
    is written in."""
    leaves: tuple[tuple[str, Number], ...]
    """The leaves and their values, left to right (what a student is given)."""

    @property
    def pruned_text(self) -> str:
        return pruned_text(self.pruned)


@dataclass(frozen=True)
class Variants:
    """The variants of a spec, one per seed whose tree is new."""

    spec: QuestionSpec
    variants: tuple[Variant, ...]
    repeated: tuple[int, ...]
    """Seeds whose tree was the tree of an earlier seed: left out, so that no two
    questions are the same."""


def pruned_text(pruned: Sequence[str]) -> str:
    """The canonical spelling of a set of pruned nodes already in the tree's order."""
    return " ".join(pruned) if pruned else NONE


def parse_seeds(text: str, *, option: str = "--seeds") -> range:
    """``1..20`` -> seeds 1 to 20; ``7`` -> seed 7 alone; at most :data:`MAX_SEEDS`."""
    found = parse_range(text, option)
    assert found is not None
    lo, hi = found
    if lo < 0:
        raise UsageError(said("{option}: seeds are whole numbers from 0, got {text!r}",
                              option=option, text=text))
    if hi - lo + 1 > MAX_SEEDS:
        raise UsageError(said("{option} {text}: {count} seeds is too many for one export "
                              "(at most {most}: one variant a student)", option=option,
                              text=text, count=hi - lo + 1, most=MAX_SEEDS))
    return range(lo, hi + 1)


def make_variants(spec: QuestionSpec, seeds: Sequence[int]) -> Variants:
    """One variant per seed, in the seeds' order, leaving out a seed whose tree an earlier
    seed already gave; an empty or too long list of seeds, or too many leaves in all
    (:data:`MAX_BANK_LEAVES`), is a :class:`UsageError`, and so is a spec no tree meets."""
    from ...analysis.check import Conventions, make_exercise

    if not seeds:
        raise UsageError(said("no seeds given: an export needs at least one variant"))
    if len(seeds) > MAX_SEEDS:
        raise UsageError(said("{count} seeds is too many for one export (at most {most})",
                              count=len(seeds), most=MAX_SEEDS))
    per_tree = _leaf_count(spec)
    if per_tree is not None and per_tree * len(seeds) > MAX_BANK_LEAVES:
        raise UsageError(said("{count} variants of {each} leaves is {leaves} leaves, too "
                              "many for one export (at most {most}): give fewer --seeds or "
                              "a smaller tree", count=len(seeds), each=per_tree,
                              leaves=per_tree * len(seeds), most=MAX_BANK_LEAVES))
    conventions = Conventions(variant=spec.variant, cut_on=spec.cut_on)
    made: list[Variant] = []
    repeated: list[int] = []
    seen: set[tuple[object, ...]] = set()
    for seed in seeds:
        ex = make_exercise(branching=spec.branching, depth=spec.depth, cuts=spec.cuts,
                           values=spec.values, seed=seed, conventions=conventions)
        leaves = _leaves(ex)
        key = tuple(v for _, v in leaves)
        if key in seen:
            repeated.append(seed)
            continue
        seen.add(key)
        made.append(_variant(seed, ex, leaves))
    return Variants(spec, tuple(made), tuple(repeated))


def _leaf_count(spec: QuestionSpec) -> int | None:
    """The leaves of one tree, or ``None`` for a shape no exercise has (which
    :func:`~tracer.analysis.check.exercise.make_exercise` refuses, saying why)."""
    from ...analysis.check.exercise import MAX_LEAVES

    if not (2 <= spec.branching <= MAX_LEAVES and 1 <= spec.depth <= MAX_LEAVES.bit_length()):
        return None
    count: int = spec.branching ** spec.depth
    return count if count <= MAX_LEAVES else None


def _variant(seed: int, ex: Exercise, leaves: tuple[tuple[str, Number], ...]) -> Variant:
    key = ex.solution
    if key.value is None or key.move is None:  # pragma: no cover - every key has both
        raise UsageError(said("exercise {name}: its answer key has no value or move",
                              name=ex.name))
    order = _breadth_first(ex)
    place = {node: i for i, node in enumerate(order)}
    pruned = tuple(sorted(key.pruned or (), key=lambda n: place.get(n, len(place))))
    return Variant(seed, ex, key.value.number, key.move, pruned, order, leaves)


def _breadth_first(ex: Exercise) -> tuple[str, ...]:
    level = [ex.tree.root]
    out: list[str] = []
    while level:
        out.extend(n.id for n in level)
        level = [k for n in level for k in n.children]
    return tuple(out)


def _leaves(ex: Exercise) -> tuple[tuple[str, Number], ...]:
    out: list[tuple[str, Number]] = []
    stack = [ex.tree.root]
    while stack:
        node = stack.pop()
        if not node.children:
            assert node.value is not None
            out.append((node.id, node.value))
        stack.extend(reversed(node.children))
    return tuple(out)


def diagram(variant: Variant, fmt: str, *, title: str) -> bytes:
    """The blank tree of ``variant`` (leaf values only, nothing of the answer) as ``svg``
    or ``png`` bytes, titled ``title``: the worksheet ``gametrace exercise`` draws,
    without its caption (the question says what to do)."""
    from ...figures.check_render import worksheet_view

    drawing, view = worksheet_view(variant.exercise.trace, title)
    drawing.view = replace(view, caption=None)
    return drawing.render(fmt)
