"""Compare an answer with the expected trace, item by item, and score it.

Every item the answer gives is judged on its own: right, or wrong with what was
expected and what was given, and a score between 0 and 1 (lists earn partial
credit).  A wrong item carries the reason in terms of the expected trace ("at C,
after leaf H = 2: beta = 2 <= alpha = 3, so C's remaining children (I = 4, J = 6) are
pruned; you evaluated them") and the event that decides it, so the first mistake is
the wrong item whose deciding event comes first.  The sentences come from
:class:`tracer.analysis.check_explain.Explainer`; A* items are judged in
:mod:`tracer.analysis.check_astar`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError, LimitExceeded, UsageError
from ..search.common import NO_LIMITS, Limits
from ..trace import Trace
from .check_explain import Explainer, Why
from .diagnose import Finding, diagnose
from .solution import Conventions, Solution, Value, extract_solution, format_number

__all__ = ["Item", "Report", "answer_conventions", "astar_trace", "check_solution", "compare",
           "expected_trace", "lcs", "require_items", "verdicts"]

Number = float | int
Reason = tuple[str | None, int | None]
"""A wrong item's reason and the seq of the event deciding it."""


@dataclass(frozen=True)
class Item:
    """The verdict on one item of an answer."""

    key: str
    """``value``, ``move``, ``values.C``, ``pruned``, ``evaluated``, ``alphabeta.C.alpha``,
    ``expanded``, ``nodes.n3.g``, ``discarded``, ``path`` or ``cost``."""
    right: bool
    expected: str
    given: str
    score: float
    """1 when right; lists earn partial credit (overlap or longest common run)."""
    why: str | None = None
    """Wrong items: the reason, in terms of the expected trace."""
    seq: int | None = None
    """The expected trace's event that decides the item (orders the mistakes)."""
    marks: tuple[tuple[str, str], ...] = ()
    """Wrong items: (node, what you did there), for the marked diagram."""
    note: str | None = None
    """Right items: a remark, e.g. that a value is only a bound."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"item": self.key, "right": self.right,
                               "expected": self.expected, "given": self.given,
                               "score": round(self.score, 4)}
        for name in ("why", "seq", "note"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        if self.marks:
            out["marks"] = {node: text for node, text in self.marks}
        return out


@dataclass
class Report:
    """The verdict on a whole answer."""

    title: str
    """What the answer was checked against."""
    conventions: Conventions
    items: list[Item]
    diagnosis: list[Finding] = field(default_factory=list)

    @property
    def correct(self) -> bool:
        return all(i.right for i in self.items)

    @property
    def score(self) -> float:
        return sum(i.score for i in self.items)

    @property
    def mistakes(self) -> list[Item]:
        """The wrong items, in the order of the events that decide them."""
        wrong = [(i.seq if i.seq is not None else 1 << 60, n, i)
                 for n, i in enumerate(self.items) if not i.right]
        return [i for _, _, i in sorted(wrong)]

    @property
    def first(self) -> Item | None:
        mistakes = self.mistakes
        return mistakes[0] if mistakes else None

    def _repr_html_(self) -> str:
        """Jupyter shows the verdict and a table of the items (see :mod:`tracer.notebook`)."""
        from ..notebook import report_html

        return report_html(self)

    def to_json(self) -> dict[str, Any]:
        first = self.first
        return {
            "correct": self.correct,
            "score": round(self.score, 4),
            "max_score": len(self.items),
            "percent": round(100 * self.score / len(self.items), 1) if self.items else 100.0,
            "checked_against": self.title,
            "conventions": self.conventions.to_json(),
            "items": [i.to_json() for i in self.items],
            "first_mistake": None if first is None else first.to_json(),
            "diagnosis": [f.to_json() for f in self.diagnosis],
        }


def check_solution(given: Solution, expected: Trace, *, title: str | None = None,
                   diagnosis: bool = True) -> Report:
    """Judge ``given`` against the ``expected`` trace; with ``diagnosis``, name the
    misconceptions behind the mistakes (this searches the tree again a few times)."""
    header = expected.header
    title = title or f"{header.algorithm} ({header.variant}) on {header.source.get('name')}"
    report = Report(title, Conventions.from_header(header),
                    compare(given, extract_solution(expected, leaves=True),
                            Explainer(expected)))
    if diagnosis and not report.correct:
        report.diagnosis = diagnose(given, report, expected)
    return report


def answer_conventions(answer: Solution, **overrides: Any) -> Conventions:
    """The conventions ``answer`` is checked with: ``overrides`` (the command line's
    options, ``None`` for not given) over the answer's own block; the algorithm is
    alphabeta by default, astar when the answer has A* items."""
    astar_items = any(x is not None for x in (answer.expanded, answer.discarded,
                                               answer.path, answer.cost)) or answer.nodes
    algorithm = overrides.pop("algorithm", None) or answer.conventions.algorithm \
        or ("astar" if astar_items else "alphabeta")
    return answer.conventions.merged(algorithm=algorithm, **overrides)


def require_items(answer: Solution, file: str) -> None:
    """An :class:`InputError` when ``answer`` gives nothing to check."""
    if not set(answer.to_json()) - {"exercise", "conventions"}:
        raise InputError("the answer gives no items to check (value, move, values, "
                         "evaluated, pruned, alphabeta, ...: see docs/checking.md)", file=file)


def astar_trace(name: str, conventions: Conventions, params: Mapping[str, str] | None = None,
                limits: Limits = NO_LIMITS) -> tuple[Trace, str]:
    """The A* trace of problem ``name`` under ``conventions`` (variant, heuristic), and a
    title; a search stopped by ``limits`` is a :class:`LimitExceeded` (an answer is not
    checked against half a search)."""
    from ..problems import choose_heuristic, make_problem
    from ..record import MemoryRecorder
    from ..search.astar import astar

    c = conventions
    rec = MemoryRecorder()
    problem = make_problem(name, params or {})
    heuristic = choose_heuristic(problem, c.heuristic)
    result = astar(problem, heuristic=heuristic, variant=c.variant or "graph", recorder=rec,
                   limits=limits)
    if not result.complete:
        raise LimitExceeded(f"the A* search of {name} stopped ({result.stopped}) before its "
                            "end: check an answer on a smaller problem")
    return rec.trace, f"A* ({c.variant or 'graph'}, heuristic {heuristic}) on {name}"


def expected_trace(source: str, conventions: Conventions,
                   params: dict[str, str] | None = None) -> tuple[Trace, str]:
    """The trace an answer is checked against, and a title for the verdict.

    ``source`` is a recorded trace (``.jsonl``, or ``.json`` with ``"format":
    "gametree-trace"``), which is used as it is; a tree file or built-in example, searched
    with ``conventions``; or, for ``astar``, a problem name with ``params``."""
    import os

    from ..record import MemoryRecorder
    from ..sources import resolve

    c = conventions
    named = resolve(source, root_player=c.root_player, traces=True) \
        if c.algorithm != "astar" or os.path.isfile(source) else None
    if named is not None and named.kind == "trace":
        trace = named.trace()
        h = trace.header
        return trace, f"the recorded trace {source} ({h.algorithm}, {h.variant})"
    if c.algorithm == "astar":
        return astar_trace(source, c, params)
    assert named is not None
    if named.tree is None:
        raise UsageError(f"{source} is a game: check answers against a tree file, an "
                         "example or a recorded trace")
    from ..options import check_options
    from ..search import ALGORITHMS, run_search

    algorithm = c.algorithm or "alphabeta"
    check_options(algorithm, c.variant or ALGORITHMS.get(algorithm, ("",))[0],
                  order=c.order or "natural", given={"cut_on": c.cut_on, "seed": c.seed})
    rec = MemoryRecorder()
    game, state, block = named.game()
    run_search(game, state, algorithm=c.algorithm or "alphabeta", variant=c.variant,
               order=c.order or "natural", seed=c.seed, depth=c.depth, cut_on=c.cut_on or "ge",
               recorder=rec, source=block)
    h = rec.trace.header
    return rec.trace, f"{h.algorithm} ({h.variant}) on {named.name}"


def compare(given: Solution, expected: Solution, ex: Explainer | None = None, *,
            credit: bool = True) -> list[Item]:
    """The verdict on every item of ``given``.  Without an :class:`Explainer` there are no
    reasons and no checks of node names, and without ``credit`` a wrong list scores 0
    (no longest common run): the fast path the diagnosis runs many times."""
    return list(verdicts(given, expected, ex, credit=credit))


def verdicts(given: Solution, expected: Solution, ex: Explainer | None = None, *,
             credit: bool = True) -> Iterator[Item]:
    """:func:`compare`, one item at a time: the diagnosis stops at the first item that a
    misconception's search gets wrong where the answer is right."""
    root = ex.root if ex is not None else None
    if given.value is not None:
        yield _value("value", expected.value, given.value, ex, root or "the root")
    if given.move is not None:
        right = given.move == expected.move
        yield _item("move", right, str(expected.move), given.move, float(right),
                    (ex.move(given.move) if ex and not right else (None, None)),
                    marks=() if right else ((given.move, "you chose this move"),))
    for node, value in given.values.items():
        if ex is not None and (text := ex.unknown(node)) is not None:
            yield _unknown(f"values.{node}", str(value), text)
            continue
        want = expected.value if node == root else expected.values.get(node)
        yield _value(f"values.{node}", want, value, ex, node)
    if given.evaluated is not None:
        yield _evaluated(expected.evaluated or (), given.evaluated, ex, credit)
    if given.pruned is not None:
        yield _pruned(expected.pruned or (), given.pruned, ex)
    if given.alphabeta and not expected.alphabeta and expected.evaluated:
        raise InputError("the answer gives alpha and beta, but the expected search "
                         f"({expected.conventions.algorithm}) has none: check it with "
                         "-a alphabeta", where="$.alphabeta")
    for node, window in given.alphabeta.items():
        if ex is not None and (text := ex.unknown(node)) is not None:
            for name in ("alpha", "beta"):
                got = getattr(window, name)
                if got is not None:
                    yield _unknown(f"alphabeta.{node}.{name}", format_number(got), text)
            continue
        win = expected.alphabeta.get(node)
        for name in ("alpha", "beta"):
            got = getattr(window, name)
            if got is None:
                continue
            exp = None if win is None else getattr(win, name)
            right = exp == got
            why: Reason = (None, None)
            if ex is not None and not right:
                text, seq = ex.window(node)
                why = (f"{text}; you wrote {name} = {format_number(got)}", seq)
            yield _item(f"alphabeta.{node}.{name}", right, _num(exp),
                        format_number(got), float(right), why,
                        marks=() if right else (
                            (node, f"you wrote {name} = {format_number(got)}; it is "
                                   f"{_num(exp)}"),))
    if given.expanded is not None or given.discarded is not None or given.path is not None \
            or given.cost is not None or given.nodes:
        from .check_astar import compare_astar

        yield from compare_astar(given, expected, ex)


def _item(key: str, right: bool, expected: str, given: str, score: float, why: Reason,
          **more: Any) -> Item:
    return Item(key, right, expected, given, score, why=why[0], seq=why[1], **more)


def _unknown(key: str, given: str, text: str) -> Item:
    """An item about a node the tree does not have: wrong, and the rest still graded."""
    return Item(key, False, "(no such node)", given, 0.0, why=text)


def _strangers(given: Sequence[str], ex: Explainer, template: str) -> Why | None:
    """The first entry of a list that names no node of the tree, as a reason (it comes
    after every reason the expected trace gives, having no event of its own)."""
    for g in given:
        if (text := ex.unknown(g)) is not None:
            return f"{text}; {template.format(g)}", None
    return None


def _known(node: str, ex: Explainer | None) -> bool:
    return ex is None or ex.unknown(node) is None


def _num(x: Number | None) -> str:
    return "(none)" if x is None else format_number(x)


def _value(key: str, want: Value | None, got: Value, ex: Explainer | None,
           node: str) -> Item:
    if want is None:
        why: Reason = (None, None)
        if ex is not None:
            text, seq = ex.never_searched(node)
            why = (f"{text}; you wrote {got}", seq)
        return _item(key, False, "(not searched)", str(got), 0.0, why,
                     marks=((node, f"you wrote {got}, but it is never searched"),))
    same = got.number == want.number
    right = same and got.bound in (want.bound, "exact")
    note = None
    if right and got.bound != want.bound:
        note = f"it is only a bound: {node} {str(want)[:2]} {format_number(want.number)}"
    if not right and ex is not None:
        text, seq = ex.value(node)
        if same:
            text += ("; it is exact here, not a bound" if want.bound == "exact"
                     else f"; the bound goes the other way: {want}")
        why = (f"{text}; you wrote {got}", seq)
    else:
        why = (None, None)
    return _item(key, right, str(want), str(got), float(right), why, note=note,
                 marks=() if right else ((node, f"you wrote the value {got}; it is {want}"),))


def _pruned(want: Sequence[str], given: Sequence[str], ex: Explainer | None) -> Item:
    """Pruned children compare as sets; a node inside a pruned subtree stands for its root."""
    got = [ex.pruned_entry(g, f"$.pruned[{i}]") if ex else g for i, g in enumerate(given)]
    missing = [n for n in want if n not in got]
    extra = [n for n in dict.fromkeys(got) if n not in want]
    union = set(want) | set(got)
    score = 1.0 if not union else len(set(want) & set(got)) / len(union)
    right = not missing and not extra
    why: Reason = (None, None)
    if not right and ex is not None:
        why = ex.first_of([ex.cut_missed(missing, "you did not mark {} as pruned"),
                           ex.searched(extra, "you pruned {}"),
                           _strangers(got, ex, "you pruned {}")])
    return _item("pruned", right, _list(want), _list(given), score, why,
                 marks=tuple([(n, "you did not mark it pruned") for n in missing]
                             + [(n, "you pruned it, but it is searched") for n in extra
                                if _known(n, ex)]))


def _evaluated(want: Sequence[str], given: Sequence[str], ex: Explainer | None,
               credit: bool = True) -> Item:
    right = tuple(want) == tuple(given)
    score = 1.0 if right else lcs(want, given) / max(len(want), len(given), 1) if credit \
        else 0.0
    extra = [n for n in dict.fromkeys(given) if n not in want]
    missing = [n for n in want if n not in given]
    twice = [n for n, k in Counter(given).items() if k > 1]
    why: Reason = (None, None)
    if not right and ex is not None:
        why = ex.first_of([ex.cut_missed(extra, "you evaluated {}"),
                           ex.searched(missing, "you did not evaluate {}"),
                           ex.twice(twice), ex.order_of(want, given),
                           _strangers(given, ex, "you evaluated {}")])
    return _item("evaluated", right, _list(want), _list(given), score, why,
                 marks=tuple([(n, "you evaluated it, but it is never searched") for n in extra
                              if _known(n, ex)]
                             + [(n, "you did not evaluate it") for n in missing]))


def lcs(a: Sequence[Any], b: Sequence[Any]) -> int:
    """Length of the longest common subsequence (partial credit for an ordered list)."""
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b):
            cur.append(prev[j] + 1 if x == y else max(prev[j + 1], cur[j]))
        prev = cur
    return prev[-1]


def _list(xs: Sequence[str]) -> str:
    return " ".join(xs) if xs else "(none)"
