"""The verdict on every item of an answer, compared with the expected solution.

Every item the answer gives is judged on its own: right, or wrong with what was
expected and what was given, and a score between 0 and 1 (lists earn partial credit),
with the reason from :class:`~tracer.analysis.check.explain.Explainer` when one is
given.  :mod:`~tracer.analysis.check.report` scores whole answers with it, and
:mod:`~tracer.analysis.check.diagnose` replays misconceptions through it; A* items are
judged in :mod:`~tracer.analysis.check.astar_items`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from ...errors import InputError
from ...numbers import format_number
from ...said import said
from .explain import Explainer, Why
from .solution import Solution, Value
from .verdict import Item, Reason, format_list, format_optional, lcs, make_item
from .wording import Words

__all__ = ["compare", "verdicts"]


def compare(given: Solution, expected: Solution, ex: Explainer | None = None, *,
            credit: bool = True, root: str | None = None) -> list[Item]:
    """The verdict on every item of ``given``.  Without an :class:`Explainer` there are no
    reasons and no checks of node names, and without ``credit`` a wrong list scores 0
    (no longest common run): the fast path the diagnosis runs many times.  ``root`` (the
    explainer's when there is one) names the node whose entry in ``values`` is judged
    against the root's value: the page's table of values sends it there."""
    return list(verdicts(given, expected, ex, credit=credit, root=root))


def verdicts(given: Solution, expected: Solution, ex: Explainer | None = None, *,
             credit: bool = True, root: str | None = None) -> Iterator[Item]:
    """:func:`compare`, one item at a time: the diagnosis stops at the first item that a
    misconception's search gets wrong where the answer is right."""
    root = ex.root if ex is not None else root
    w = ex.w if ex is not None else Words()
    if given.value is not None:
        yield _value("value", expected.value, given.value, ex, root or "the root")
    if given.move is not None:
        right = given.move == expected.move
        yield make_item("move", right, str(expected.move), given.move, float(right),
                        (ex.move(given.move) if ex and not right else (None, None)),
                        marks=() if right else ((given.move, w("check.mark.move")),))
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
        raise InputError(said("the answer gives alpha and beta, but the expected search "
                              "({algorithm}) has none: check it with -a alphabeta",
                              algorithm=expected.conventions.algorithm), where="$.alphabeta")
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
                why = (w("check.you.wrote", text=text,
                         given=f"{w('check.' + name)} = {format_number(got)}"), seq)
            yield make_item(f"alphabeta.{node}.{name}", right, format_optional(exp),
                            format_number(got), float(right), why,
                            marks=() if right else (
                                (node, w("check.mark.window", name=w("check." + name),
                                         given=format_number(got),
                                         expected=format_optional(exp))),))
    if given.expanded is not None or given.discarded is not None or given.path is not None \
            or given.cost is not None or given.nodes:
        from .astar_items import compare_astar

        yield from compare_astar(given, expected, ex)


def _unknown(key: str, given: str, text: str) -> Item:
    """An item about a node the tree does not have: wrong, and the rest still graded."""
    return Item(key, False, "(no such node)", given, 0.0, why=text)


def _strangers(given: Sequence[str], ex: Explainer, template: str) -> Why | None:
    """The first entry of a list that names no node of the tree, as a reason (it comes
    after every reason the expected trace gives, having no event of its own);
    ``template`` is the key of the words saying what the answer did with it."""
    for g in given:
        if (text := ex.unknown(g)) is not None:
            return ex.w("check.then", text=text, then=ex.w(template, nodes=g)), None
    return None


def _known(node: str, ex: Explainer | None) -> bool:
    return ex is None or ex.unknown(node) is None


def _value(key: str, want: Value | None, got: Value, ex: Explainer | None,
           node: str) -> Item:
    w = ex.w if ex is not None else Words()
    if want is None:
        why: Reason = (None, None)
        if ex is not None:
            text, seq = ex.never_searched(node)
            why = (w("check.you.wrote", text=text, given=str(got)), seq)
        return make_item(key, False, "(not searched)", str(got), 0.0, why,
                         marks=((node, w("check.mark.never", given=str(got))),))
    same = got.number == want.number
    right = same and got.bound in (want.bound, "exact")
    note = None
    if right and got.bound != want.bound:
        note = w("check.note.bound", node=node, relation=str(want)[:2],
                 value=format_number(want.number))
    if not right and ex is not None:
        text, seq = ex.value(node)
        if same:
            text += (w("check.exact") if want.bound == "exact"
                     else w("check.other.way", value=str(want)))
        why = (w("check.you.wrote", text=text, given=str(got)), seq)
    else:
        why = (None, None)
    return make_item(key, right, str(want), str(got), float(right), why, note=note,
                     marks=() if right else ((node, w("check.mark.value", given=str(got),
                                                      expected=str(want))),))


def _pruned(want: Sequence[str], given: Sequence[str], ex: Explainer | None) -> Item:
    """Pruned children compare as sets; a node inside a pruned subtree stands for its root."""
    got = [ex.pruned_entry(g, f"$.pruned[{i}]") if ex else g for i, g in enumerate(given)]
    wanted, gotten = set(want), set(got)
    missing = [n for n in want if n not in gotten]
    extra = [n for n in dict.fromkeys(got) if n not in wanted]
    union = set(want) | set(got)
    score = 1.0 if not union else len(set(want) & set(got)) / len(union)
    right = not missing and not extra
    w = ex.w if ex is not None else Words()
    why: Reason = (None, None)
    if not right and ex is not None:
        why = ex.first_of([ex.cut_missed(missing, "check.you.unmarked"),
                           ex.searched(extra, "check.you.pruned"),
                           _strangers(got, ex, "check.you.pruned")])
    return make_item("pruned", right, format_list(want), format_list(given), score, why,
                     marks=tuple([(n, w("check.mark.unmarked")) for n in missing]
                                 + [(n, w("check.mark.pruned")) for n in extra
                                    if _known(n, ex)]))


def _evaluated(want: Sequence[str], given: Sequence[str], ex: Explainer | None,
               credit: bool = True) -> Item:
    right = tuple(want) == tuple(given)
    score = 1.0 if right else lcs(want, given) / max(len(want), len(given), 1) if credit \
        else 0.0
    wanted, gotten = set(want), set(given)
    extra = [n for n in dict.fromkeys(given) if n not in wanted]
    missing = [n for n in want if n not in gotten]
    twice = [n for n, k in Counter(given).items() if k > 1]
    w = ex.w if ex is not None else Words()
    why: Reason = (None, None)
    if not right and ex is not None:
        why = ex.first_of([ex.cut_missed(extra, "check.you.evaluated"),
                           ex.searched(missing, "check.you.skipped"),
                           ex.twice(twice), ex.order_of(want, given),
                           _strangers(given, ex, "check.you.evaluated")])
    return make_item("evaluated", right, format_list(want), format_list(given), score, why,
                     marks=tuple([(n, w("check.mark.evaluated")) for n in extra
                                  if _known(n, ex)]
                                 + [(n, w("check.mark.skipped")) for n in missing]))
