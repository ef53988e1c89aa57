"""Which misconception is behind an answer's mistakes, found by searching again.

:func:`diagnose` compares the answer with the searches that a student holding each
usual misconception would have made: the other cut test (strict / non-strict), the
other value convention (fail-soft / fail-hard), the other child order, a depth limit
off by one, alpha and beta not passed down (at all, or beyond the parent: Knuth &
Moore's shallow procedure F1), one cut missing, one cut too many.  A misconception is
reported when its search makes right every item the answer got wrong and keeps right
every item it got right; failing that, the ones that explain the most mistakes
without breaking anything.  The searches run on the tree in the expected trace's
header: the conventions the library has through :func:`tracer.search.run_search`, the
slips it has no option for through :func:`tracer.student.scripted_alpha_beta`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice, pairwise
from typing import Any

from ...errors import TracerError
from ...events import Backup, Cut, Event, Expand
from ...trace import Trace
from ...trees import Tree
from ...visit import EventVisitor
from .explain import tree_of
from .items import verdicts
from .solution import Conventions, Solution, extract_solution
from .verdict import Item
from .wording import Words

__all__ = ["MISCONCEPTIONS", "Finding", "diagnose"]

MISCONCEPTIONS: dict[str, tuple[str, str]] = {
    mid: (Words()(f"mis.{mid}"), Words()(f"mis.{mid}.advice"))
    for mid in ("strict-cut", "non-strict-cut", "fail-hard", "fail-soft", "right-to-left",
                "left-to-right", "depth-minus-one", "depth-plus-one", "no-window", "shallow",
                "missing-cut", "extra-cut")
}
"""Every misconception: what the student did, and what to do instead (in English; the
words in every language are ``mis.<id>`` and ``mis.<id>.advice`` of the checker's
wording tables, :mod:`tracer.render.model.check_wording`)."""


@dataclass(frozen=True)
class Finding:
    """Misconceptions (one, or a convention and a cut slip) that explain an answer's mistakes."""

    causes: tuple[tuple[str, str | None], ...]
    """(key of :data:`MISCONCEPTIONS`, where: ``at C`` for a missing or an extra cut)."""
    explains: tuple[str, ...]
    """The wrong items that the misconceptions' search gives exactly as the answer does."""
    mistakes: int
    """How many items are wrong in all."""
    evidence: tuple[str, ...] | None = None
    """Set when no search reproduces the items and only their order points to the
    misconception: the evaluated leaves of the answer that show it, in its order."""

    @property
    def id(self) -> str:
        return "+".join(mid for mid, _ in self.causes)

    @property
    def full(self) -> bool:
        """True when the answer is exactly the search under these misconceptions."""
        return self.evidence is None and len(self.explains) == self.mistakes

    @staticmethod
    def where(where: str | None, w: Words) -> str | None:
        """A cause's place (``at C``, ``at C, after D``: :func:`_cut_slips` writes it in
        English) in the words ``w``."""
        if where is None or w.lang == "en":
            return where
        node, _, child = where.removeprefix("at ").partition(", after ")
        return w("check.diag.at.after", node=node, child=child) if child \
            else w("check.diag.at", node=node)

    def describe(self, *, lang: str = "en") -> str:
        w = Words(lang)
        what = w("check.diag.and").join(
            w(f"mis.{m}") + (f" {self.where(at, w)}" if at else "") for m, at in self.causes)
        advice = "; ".join(w(f"mis.{m}.advice") for m, _ in self.causes)
        if self.evidence is not None:
            return w("check.diag.evidence", what=what, advice=advice,
                     evidence=w("check.diag.order", leaves=" ".join(self.evidence)))
        if self.full:
            return w("check.diag.full", what=what, advice=advice)
        return w("check.diag.part", n=len(self.explains), mistakes=self.mistakes,
                 items=", ".join(self.explains), what=what, advice=advice)

    def to_json(self, *, lang: str = "en") -> dict[str, Any]:
        w = Words(lang)
        out: dict[str, Any] = {
            "misconception": self.id, "full": self.full, "explains": list(self.explains),
            "causes": [{"id": m, "where": self.where(at, w), "title": w(f"mis.{m}"),
                        "advice": w(f"mis.{m}.advice")} for m, at in self.causes]}
        if self.evidence is not None:
            out["evidence"] = w("check.diag.order", leaves=" ".join(self.evidence))
        return out


PAIRS_UP_TO = 200
"""Two misconceptions at once are tried only on trees of at most this many nodes."""

SLIP_NODES = 100_000
"""The cut slips (one cut left out or added, each a search of its own) are tried until
their searches have this many nodes in all, the earliest in the search first: a wide
tree has a slip at nearly every backup, and trying each made ``check`` quadratic."""


def diagnose(given: Solution, items: Sequence[Item], expected: Trace) -> list[Finding]:
    """The misconceptions behind the mistakes among a report's ``items`` (empty if none
    fits): single ones first; if none explains every mistake, a convention together with
    a cut slip."""
    tree = tree_of(expected)
    if tree is None or expected.header.algorithm not in ("alphabeta", "minimax"):
        return []
    root = expected.header.root  # the root's entry in values is judged as its value
    wrong = {i.key for i in items if not i.right}
    right = {i.key for i in items if i.right}
    order = [i.key for i in items]

    def findings(pairs: bool) -> list[Finding]:
        found: list[Finding] = []
        for causes, answer in _answers(tree, expected, pairs=pairs):
            ok: set[str] = set()
            try:
                for item in verdicts(given, answer, credit=False, root=root):
                    if item.right:
                        ok.add(item.key)
                    elif item.key in right:
                        break  # this search breaks an item the answer has right
            except TracerError:  # the answer has items this search cannot judge
                continue
            fixed = tuple(k for k in order if k in wrong & ok)
            if fixed and right <= ok:
                found.append(Finding(causes, fixed, len(wrong)))
        return found

    singles = findings(False)
    full = [f for f in singles if f.full]
    if not full and tree.size <= PAIRS_UP_TO:
        full = [f for f in findings(True) if f.full][:3]
    if full:
        return full
    most = max((len(f.explains) for f in singles), default=0)
    partial = [f for f in singles if len(f.explains) == most][:3]
    if "evaluated" in wrong and not any(f.id in ("right-to-left", "left-to-right")
                                        for f in partial):
        partial += _order_evidence(tree, given.evaluated or (), expected, len(wrong))
    return partial


def _order_evidence(tree: Tree, given: Sequence[str], expected: Trace,
                    mistakes: int) -> list[Finding]:
    """The other child order, when the answer's evaluated leaves come in that order and
    not in the expected one, though no search evaluates exactly those leaves (a student
    who goes right to left and slips on a cut as well)."""
    c = Conventions.from_header(expected.header)
    if (c.order or "natural") not in ("natural", "reverse"):
        return []
    natural = _preorder(tree, mirrored=False)
    mirrored = _preorder(tree, mirrored=True)
    leaves = list(dict.fromkeys(given))
    if len(leaves) < 2 or not set(leaves) <= natural.keys():
        return []
    ahead, back = (natural, mirrored) if c.order == "reverse" else (mirrored, natural)
    if _ascending([ahead[n] for n in leaves]) and not _ascending([back[n] for n in leaves]):
        mid = "left-to-right" if c.order == "reverse" else "right-to-left"
        return [Finding(((mid, None),), ("evaluated",), mistakes,
                        evidence=tuple(leaves))]
    return []


def _ascending(xs: Sequence[int]) -> bool:
    return all(x < y for x, y in pairwise(xs))


def _preorder(tree: Tree, *, mirrored: bool) -> dict[str, int]:
    """Each node's place in a depth-first walk, children left to right or mirrored."""
    out: dict[str, int] = {}
    stack = [tree.root]
    while stack:
        node = stack.pop()
        out[node.id] = len(out)
        stack.extend(node.children if mirrored else reversed(node.children))
    return out


Run = Callable[[], Trace]
Causes = tuple[tuple[str, str | None], ...]

_KEPT: dict[tuple[int, bool], tuple[Trace, list[tuple[Causes, Solution]]]] = {}
"""The misconceptions' answers for the last few expected traces: they depend on the
trace only, so a class of answers to one tree searches them once."""


def _answers(tree: Tree, expected: Trace, *, pairs: bool) -> list[tuple[Causes, Solution]]:
    """Each misconception's full answer on ``tree`` (those that cannot run left out)."""
    key = (id(expected), pairs)
    kept = _KEPT.get(key)
    if kept is not None and kept[0] is expected:
        return kept[1]
    out: list[tuple[Causes, Solution]] = []
    for causes, run in _alternatives(tree, expected, pairs=pairs):
        try:
            out.append((causes, extract_solution(run(), leaves=True)))
        except TracerError:  # this search cannot run here (no static value, ...)
            continue
    if len(_KEPT) >= 8:
        _KEPT.pop(next(iter(_KEPT)))
    _KEPT[key] = (expected, out)
    return out


def _alternatives(tree: Tree, expected: Trace, *, pairs: bool) -> Iterator[tuple[Causes, Run]]:
    """Each misconception's search, most general first; with ``pairs``, each convention
    slip combined with each missing or extra cut of its own search."""
    c = Conventions.from_header(expected.header)
    ab = c.algorithm == "alphabeta"
    scripted = ab and c.variant in (None, "fail-soft", "fail-hard") \
        and c.order in (None, "natural", "reverse")
    base = {"variant": c.variant or "fail-soft", "order": c.order or "natural",
            "cut_on": c.cut_on or "ge", "depth": c.depth}
    if pairs:
        for mid, change in _conventions(c) if scripted else ():
            kw = {**base, **change}
            try:
                first = _scripted(tree, **kw)()
            except TracerError:
                continue
            for cause, slip in _cut_slips(first):
                yield ((mid, None), cause), _scripted(tree, **kw, **slip)
        return

    def search(**change: Any) -> Run:
        return lambda: _search(tree, c.merged(**change))

    for mid, change in _conventions(c)[:3] if ab else _conventions(c)[2:3]:
        yield ((mid, None),), search(**change)
    depth = c.depth if c.depth is not None else tree.height
    if depth > 0:
        yield (("depth-minus-one", None),), search(depth=depth - 1)
    if c.depth is not None:
        yield (("depth-plus-one", None),), search(depth=c.depth + 1)
    if not scripted:
        return
    for mid, change in _conventions(c)[3:]:
        yield ((mid, None),), _scripted(tree, **base, **change)
    slips = max(1, SLIP_NODES // max(tree.size, 1))
    for cause, slip in islice(_cut_slips(expected), slips):
        yield (cause,), _scripted(tree, **base, **slip)


def _conventions(c: Conventions) -> list[tuple[str, dict[str, Any]]]:
    """Each convention a student may get wrong, as a change of the search's options:
    cut test, fail-soft/hard, order (search options); window passing (scripted only)."""
    strict, hard = (c.cut_on or "ge") == "ge", c.variant == "fail-hard"
    natural = (c.order or "natural") == "natural"
    return [("strict-cut" if strict else "non-strict-cut", {"cut_on": "gt" if strict else "ge"}),
            ("fail-soft" if hard else "fail-hard",
             {"variant": "fail-soft" if hard else "fail-hard"}),
            ("right-to-left" if natural else "left-to-right",
             {"order": "reverse" if natural else "natural"}),
            ("no-window", {"inherit": "none"}), ("shallow", {"inherit": "parent"})]


def _cut_slips(trace: Trace) -> Iterator[tuple[tuple[str, str], dict[str, Any]]]:
    """One cut of ``trace`` left out, or one cut added where it goes on."""
    seen = _Cuts()
    seen.walk(trace.events)
    cuts = seen.cuts
    for node in cuts:
        yield ("missing-cut", f"at {node}"), {"skip_cut": node}
    for e in seen.backups:
        if e.child != seen.searched[e.node][-1] \
                and (e.node not in cuts or cuts[e.node].after != e.child):
            yield ("extra-cut", f"at {e.node}, after {e.child}"), {"extra_cut": (e.node, e.child)}


class _Cuts(EventVisitor[None]):
    """The cuts of a trace by node, the children each node searches, and the backups."""

    def __init__(self) -> None:
        self.cuts: dict[str, Cut] = {}
        self.searched: dict[str, tuple[str, ...]] = {}
        self.backups: list[Backup] = []

    def visit_cut(self, e: Cut) -> None:
        self.cuts[e.node] = e

    def visit_expand(self, e: Expand) -> None:
        self.searched[e.node] = e.children

    def visit_backup(self, e: Backup) -> None:
        self.backups.append(e)

    def visit_event(self, e: Event) -> None:
        pass


def _search(tree: Tree, c: Conventions) -> Trace:
    from ...record import MemoryRecorder
    from ...search import run_search
    from ...sources import Source

    rec = MemoryRecorder()
    game, state, block = Source(tree.name or "tree", "tree", tree.name or "tree",
                                tree=tree).game()
    order = c.order or "natural"  # a changed order keeps no random seed
    run_search(game, state, algorithm=c.algorithm or "alphabeta", variant=c.variant,
               order=order, seed=c.seed if order == "random" else None, depth=c.depth,
               cut_on=c.cut_on, recorder=rec, source=block)
    return rec.trace


def _scripted(tree: Tree, **options: Any) -> Run:
    from ...student import scripted_alpha_beta

    return lambda: scripted_alpha_beta(tree, **options)
