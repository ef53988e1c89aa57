"""A question's variants: the trees an export asks about, and what each part expects.

An :class:`QuestionSpec` is what ``gametrace exercise`` takes (branching, depth, cuts,
leaf values, alpha-beta variant, cut test); each seed gives one variant of it
(:func:`tracer.analysis.check.exercise.make_exercise`), the same seed the same tree,
asking three items: the root's value, the best move and the pruned subtrees' roots.
An assignment's question (:mod:`.assignment_questions`) asks the assignment's own
items of its own tree, or of its per-student variants by seed.  Each item is a
:class:`~.question_parts.Part` with its answer from the key.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ...choices import unknown_choice
from ...errors import UsageError
from ...ranges import parse_range
from ...said import Said, said
from .question_parts import NONE, Part, parts_for

if TYPE_CHECKING:
    from ...analysis.check.solution import Solution
    from ...numbers import Number
    from ...trace import Trace
    from ...trees import Tree
    from ..assignments import Ask

__all__ = ["MAX_BANK_LEAVES", "MAX_SEEDS", "NONE", "QuestionSpec", "Variant", "Variants",
           "alphabeta_conventions", "breadth_first", "check_leaves", "check_seeds", "diagram",
           "make_variant", "make_variants", "minimax_conventions", "parse_seeds", "pruned_text",
           "tree_leaves"]

Progress = Callable[[int, int], None]
"""Told ``(done, total)`` steps of an export (a bar on a terminal: ``gametrace export``)."""

MAX_SEEDS = 200
"""The most variants one export holds: a class's worth, one each."""

MAX_BANK_LEAVES = 20_000
"""The most leaves all the variants of one export may have together (200 trees of 81
leaves, 20 of 729): each variant is searched and drawn, and the export holds every
drawing."""


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

    def conventions_said(self) -> Said:
        """:meth:`conventions_text` as a sentence to word in a language."""
        return alphabeta_conventions(self.variant, self.cut_on, order="natural",
                                     player="max", depth=None)

    def describe_said(self) -> Said:
        """:meth:`describe` as a sentence to word in a language."""
        test = ">=" if self.cut_on == "ge" else ">"
        shape = said("alpha-beta ({variant}, cut when alpha {test} beta), {branching} "
                     "children per node, depth {depth}, leaf values {low}..{high}",
                     variant=_variant_said(self.variant), test=test, branching=self.branching,
                     depth=self.depth, low=self.values[0], high=self.values[1])
        if self.cuts is None:
            return shape
        return said("{shape}, {low} to {high} cuts", shape=shape, low=self.cuts[0],
                    high=self.cuts[1])

    def default_name(self) -> str:
        """The category (and question name) an export gets when none is given."""
        cuts = "" if self.cuts is None else f"-cuts{self.cuts[0]}-{self.cuts[1]}"
        return f"alphabeta-b{self.branching}-d{self.depth}{cuts}"


def alphabeta_conventions(variant: str | None, cut_on: str | None, *, order: str,
                          player: str, depth: int | None) -> Said:
    """The conventions of an alpha-beta search, in words."""
    test = ">=" if (cut_on or "ge") == "ge" else ">"
    text = said("alpha-beta, {variant}, {order}, a cut when alpha {test} beta, {player} "
                "at the root", variant=_variant_said(variant or "fail-soft"),
                order=order_said(order), test=test, player=player.upper())
    return with_depth(text, depth)


def _variant_said(name: str) -> Said | str:
    """An alpha-beta variant's name in words (*morbida* in Italian, as the drawings)."""
    from ...analysis.check.exercise import variant_said

    return variant_said(name)


def minimax_conventions(*, order: str, player: str, depth: int | None) -> Said:
    """The conventions of a minimax search, in words."""
    return with_depth(said("minimax, {order}, {player} at the root",
                           order=order_said(order), player=player.upper()), depth)


def order_said(order: str) -> Said:
    if order == "natural":
        return said("children left to right")
    if order == "reverse":
        return said("children right to left")
    return said("children in the order {order}", order=order)


def with_depth(text: Said, depth: int | None) -> Said:
    if depth is None:
        return text
    return said("{conventions}, depth limit {depth} (the nodes at the limit show their "
                "static value)", conventions=text, depth=depth)


@dataclass(frozen=True)
class Variant:
    """One tree of a question and its answers: a seeded variant of a spec or of a
    per-student assignment, or the one tree of a fixed-tree assignment."""

    seed: int | None
    """The seed that drew the tree (``None``: the assignment's own tree)."""
    tree: Tree
    trace: Trace
    """The expected search: what the diagram draws and the key is read from."""
    key: Solution
    """The whole answer key of the tree (every item, not only the asked ones)."""
    parts: tuple[Part, ...]
    """The items asked, one answer box each, in the order asked."""
    order: tuple[str, ...]
    """Every node of the tree, top to bottom and left to right: the order a set of
    nodes is written in."""
    leaves: tuple[tuple[str, Number], ...]
    """The leaves and their values, left to right (what a student is given)."""
    remake: str | None = None
    """The ``gametrace exercise`` command that makes the same tree (an exercise's)."""

    @property
    def value(self) -> Number:
        """The root's value (from MAX's point of view)."""
        assert self.key.value is not None
        return self.key.value.number

    @property
    def move(self) -> str:
        """The root's child the search chooses."""
        return str(self.key.move)

    @property
    def pruned(self) -> tuple[str, ...]:
        """The pruned subtrees' roots, in the tree's order."""
        place = {node: i for i, node in enumerate(self.order)}
        return tuple(sorted(self.key.pruned or (), key=lambda n: place.get(n, len(place))))

    @property
    def pruned_text(self) -> str:
        return pruned_text(self.pruned)

    @property
    def root(self) -> str:
        return self.order[0]

    @property
    def label(self) -> str:
        """What tells the variant apart in a bank: its seed, or nothing."""
        return "" if self.seed is None else str(self.seed)


@dataclass(frozen=True)
class Variants:
    """The variants of a question, one per seed whose tree is new (or the one tree of a
    fixed-tree assignment), and what every variant shares."""

    spec: QuestionSpec | None
    """The exercise spec of a bank made from one (``None``: from an assignment)."""
    variants: tuple[Variant, ...]
    repeated: tuple[int, ...]
    """Seeds whose tree was the tree of an earlier seed: left out, so that no two
    questions are the same."""
    name: str = "alphabeta"
    """The category's or the question's name when none is given."""
    title: str = ""
    """The assignment's title (empty for a spec's bank)."""
    conventions: Said | None = None
    """How the search runs, in words (the question states it)."""
    describe: Said | None = None
    """One line about the question, for a bank's description."""
    identity: tuple[tuple[str, object], ...] = ()
    """What makes the question itself (its source and spec): the PrairieLearn UUID's
    basis."""


def pruned_text(pruned: Sequence[str]) -> str:
    """The canonical spelling of a set of pruned nodes already in the tree's order."""
    return " ".join(pruned) if pruned else NONE["en"]


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


def make_variants(spec: QuestionSpec, seeds: Sequence[int], *,
                  progress: Progress | None = None) -> Variants:
    """One variant per seed, in the seeds' order, leaving out a seed whose tree an earlier
    seed already gave; an empty or too long list of seeds, or too many leaves in all
    (:data:`MAX_BANK_LEAVES`), is a :class:`UsageError`, and so is a spec no tree meets.
    Each asks the root's value, the best move and the pruned nodes.  ``progress``: called
    with ``(done, total)`` after each seed, ``total`` counting one step a seed and one
    a variant for the writer (:func:`written`)."""
    from ...analysis.check import Conventions, make_exercise
    from ..assignments import Ask

    check_seeds(seeds)
    per_tree = _leaf_count(spec)
    if per_tree is not None:
        check_leaves(per_tree, len(seeds))
    conventions = Conventions(variant=spec.variant, cut_on=spec.cut_on)
    asks = (Ask("value"), Ask("move"), Ask("pruned"))
    made: list[Variant] = []
    repeated: list[int] = []
    seen: set[tuple[object, ...]] = set()
    for done, seed in enumerate(seeds):
        if progress is not None:
            progress(done, 2 * len(seeds))
        ex = make_exercise(branching=spec.branching, depth=spec.depth, cuts=spec.cuts,
                           values=spec.values, seed=seed, conventions=conventions)
        if ex.solution.value is None or ex.solution.move is None:  # pragma: no cover
            raise UsageError(said("exercise {name}: its answer key has no value or move",
                                  name=ex.name))
        leaves = tree_leaves(ex.tree, None)
        key = tuple(v for _, v in leaves)
        if key in seen:
            repeated.append(seed)
            continue
        seen.add(key)
        made.append(make_variant(seed, ex.tree, ex.trace, ex.solution, ex.solution, asks,
                                 leaves, remake=spec.exercise_command(seed)))
    if progress is not None:
        progress(len(seeds), len(seeds) + len(made))
    return Variants(spec, tuple(made), tuple(repeated), name=spec.default_name(),
                    conventions=spec.conventions_said(), describe=spec.describe_said(),
                    identity=(("spec", spec.to_json()),))


def check_seeds(seeds: Sequence[int]) -> None:
    """An export's seeds: at least one, at most :data:`MAX_SEEDS`."""
    if not seeds:
        raise UsageError(said("no seeds given: an export needs at least one variant"))
    if len(seeds) > MAX_SEEDS:
        raise UsageError(said("{count} seeds is too many for one export (at most {most})",
                              count=len(seeds), most=MAX_SEEDS))


def check_leaves(per_tree: int, count: int) -> None:
    """``count`` trees of ``per_tree`` leaves: at most :data:`MAX_BANK_LEAVES` in all."""
    if per_tree * count > MAX_BANK_LEAVES:
        raise UsageError(said("{count} variants of {each} leaves is {leaves} leaves, too "
                              "many for one export (at most {most}): give fewer --seeds or "
                              "a smaller tree", count=count, each=per_tree,
                              leaves=per_tree * count, most=MAX_BANK_LEAVES))


def make_variant(seed: int | None, tree: Tree, trace: Trace, key: Solution,
                 asked: Solution, asks: Sequence[Ask],
                 leaves: tuple[tuple[str, Number], ...], *,
                 remake: str | None = None) -> Variant:
    """The variant of ``tree`` searched as ``trace``: its whole answer key ``key``, and
    the parts of ``asks`` answered from ``asked`` (the key cut down to them)."""
    order = breadth_first(tree)
    return Variant(seed, tree, trace, key, parts_for(asked, asks, tree, order), order,
                   leaves, remake)


def _leaf_count(spec: QuestionSpec) -> int | None:
    """The leaves of one tree, or ``None`` for a shape no exercise has (which
    :func:`~tracer.analysis.check.exercise.make_exercise` refuses, saying why)."""
    from ...analysis.check.exercise import MAX_LEAVES

    if not (2 <= spec.branching <= MAX_LEAVES and 1 <= spec.depth <= MAX_LEAVES.bit_length()):
        return None
    count: int = spec.branching ** spec.depth
    return count if count <= MAX_LEAVES else None


def breadth_first(tree: Tree) -> tuple[str, ...]:
    """The tree's nodes top to bottom, left to right."""
    level = [tree.root]
    out: list[str] = []
    while level:
        out.extend(n.id for n in level)
        level = [k for n in level for k in n.children]
    return tuple(out)


def tree_leaves(tree: Tree, depth: int | None) -> tuple[tuple[str, Number], ...]:
    """The nodes a student is given a value of, left to right: the leaves, or with a
    depth limit the nodes at the limit (their static values)."""
    out: list[tuple[str, Number]] = []
    stack = [(tree.root, 0)]
    while stack:
        node, ply = stack.pop()
        if not node.children or (depth is not None and ply >= depth):
            if node.value is not None:
                out.append((node.id, node.value))
            continue
        stack.extend((k, ply + 1) for k in reversed(node.children))
    return tuple(out)


def diagram(variant: Variant, fmt: str, *, title: str, lang: str = "en") -> bytes:
    """The blank tree of ``variant`` (leaf values only, nothing of the answer) as ``svg``
    or ``png`` bytes, titled ``title``, its words in ``lang``: the worksheet ``gametrace
    exercise`` draws, without its caption (the question says what to do)."""
    from ...figures.check_render import worksheet_view

    drawing, view = worksheet_view(variant.trace, title, lang=lang)
    drawing.view = replace(view, caption=None)
    return drawing.render(fmt)
