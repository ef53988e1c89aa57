"""Scoring by the items asked: every asked item is an item of the report, a blank one
as wrong.

Without a list of items asked, ``gametrace check`` grades the items an answer gives.
With one (``gametrace check --items value,values,pruned``, or an assignment's items in
:mod:`tracer.classroom.tasks`), the items are the questions: :func:`asked_keys` turns the
items asked into the keys every report has (``values`` without chosen nodes is every
inner node of the tree but the root, whose value is the item ``value``; ``alphabeta``
every inner node's alpha and beta), and :func:`grade_asked` scores an answer on exactly
those keys.  A key left blank is wrong, scores 0 and says "not answered"; a node the
search never reaches is answered by leaving it blank.  An answer that gives none of
the keys is refused, and the root's value given among ``values`` (as the page's table
sends it) answers ``value`` when the node itself is not asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ...errors import InputError, UsageError
from ...said import said
from ...trace import Trace
from ...trees import Node, Tree
from .explain import tree_of
from .report import Report, check_solution
from .solution import Solution, Window, extract_solution
from .verdict import Item, format_list, format_optional

__all__ = ["ASKABLE", "Asked", "asked_keys", "given_keys", "grade_asked", "parse_items"]

ASKABLE = ("value", "move", "values", "evaluated", "pruned", "alphabeta", "expanded",
           "discarded", "path", "cost")
"""The items that may be asked: minimax's and alpha-beta's, then A*'s whole items."""

Asked = tuple[tuple[str, tuple[str, ...]], ...]
"""The items asked, in order: each an item name and its chosen nodes (``values`` and
``alphabeta``; empty: every inner node)."""


def parse_items(text: str, *, option: str = "--items") -> Asked:
    """``value,move,values`` as the items asked (names of :data:`ASKABLE`, each once); a
    bad list is a :class:`UsageError` naming ``option``."""
    from ...choices import unknown_choice

    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise UsageError(said("{option}: expected a list of items separated by commas, e.g. "
                              "value,move,values", option=option))
    asked: list[tuple[str, tuple[str, ...]]] = []
    for name in names:
        if name not in ASKABLE:
            raise UsageError(said("{option}: {problem}", option=option,
                                  problem=unknown_choice(said("item"), name, ASKABLE)))
        if any(n == name for n, _ in asked):
            raise UsageError(said("{option}: {item} is asked twice", option=option,
                                  item=name))
        asked.append((name, ()))
    return tuple(asked)


def asked_keys(asked: Asked, tree: Tree | None, expected: Trace | None = None, *,
               order: str | None = None, depth: int | None = None) -> tuple[str, ...]:
    """The item keys of ``asked`` on ``tree``, in order: ``values`` and ``alphabeta``
    without chosen nodes take every inner node (above the ``depth`` limit) in the order a
    depth-first search with the child ``order`` reaches them, the root's value being
    ``value``.  ``expected`` (the trace answers are checked against) gives the tree, the
    order and the depth limit where they are not given; without a tree, the nodes its
    answer key has."""
    if expected is not None:
        options = expected.header.options
        order = order or options.get("order")
        depth = depth if depth is not None else options.get("depth")
        tree = tree or tree_of(expected)
    inner: list[str]
    if tree is not None:
        inner = _inner(tree.root, 0, depth, reverse=order == "reverse")
    elif expected is not None:
        key = extract_solution(expected)
        inner = [expected.header.root, *key.values]
    else:
        inner = []
    root = inner[0] if inner else None
    keys: list[str] = []
    for name, nodes in asked:
        if name == "values":
            keys += [f"values.{n}" for n in (nodes or [n for n in inner if n != root])]
        elif name == "alphabeta":
            keys += [f"alphabeta.{n}.{f}" for n in (nodes or inner) for f in ("alpha", "beta")]
        else:
            keys.append(name)
    return tuple(keys)


def _inner(node: Node, ply: int, depth: int | None, *, reverse: bool) -> list[str]:
    if not node.children or (depth is not None and ply >= depth):
        return []
    kids = node.children[::-1] if reverse else node.children
    return [node.id, *(n for k in kids for n in _inner(k, ply + 1, depth, reverse=reverse))]


def given_keys(answer: Solution) -> list[str]:
    """The item keys ``answer`` gives."""
    keys = [n for n in ("value", "move", "evaluated", "pruned", "expanded", "discarded",
                        "path", "cost") if getattr(answer, n) is not None]
    keys += [f"values.{n}" for n in answer.values]
    keys += [f"alphabeta.{n}.{f}" for n, w in answer.alphabeta.items()
             for f in ("alpha", "beta") if getattr(w, f) is not None]
    keys += [f"nodes.{n}.{f}" for n, c in answer.nodes.items()
             for f in ("g", "h", "f") if getattr(c, f) is not None]
    return keys


def only_asked(answer: Solution, keys: Sequence[str], root: str) -> Solution:
    """``answer`` cut down to ``keys``; the root's value among ``values`` answers ``value``
    where the root's own entry is not asked (the page's table of values sends it)."""
    wanted = set(keys)
    if root in answer.values and f"values.{root}" not in wanted:
        if answer.value is None:
            answer = replace(answer, value=answer.values[root])
        answer = replace(answer, values={n: v for n, v in answer.values.items() if n != root})

    def window(w: Window, node: str) -> Window:
        return Window(*(getattr(w, f) if f"alphabeta.{node}.{f}" in wanted else None
                        for f in ("alpha", "beta")))

    windows = {n: window(w, n) for n, w in answer.alphabeta.items()}
    whole: dict[str, Any] = {n: getattr(answer, n) if n in wanted else None
                             for n in ("value", "move", "evaluated", "pruned", "expanded",
                                       "discarded", "path", "cost")}
    return replace(
        answer, **whole,
        values={n: v for n, v in answer.values.items() if f"values.{n}" in wanted},
        alphabeta={n: w for n, w in windows.items()
                   if w.alpha is not None or w.beta is not None},
        nodes={})


def grade_asked(answer: Solution, expected: Trace, keys: Sequence[str], *,
                title: str | None = None, diagnosis: bool = True,
                lang: str = "en") -> Report:
    """The report on ``answer`` with exactly the items ``keys``, in that order (see the
    module docstring); an answer that gives none of them is an :class:`InputError`."""
    root = expected.header.root
    asked = only_asked(answer, keys, root)
    if not given_keys(asked):
        raise InputError(said("the answer gives none of the items asked: answer at least "
                              "one of them"), where="$")
    report = check_solution(asked, expected, title=title, diagnosis=diagnosis, lang=lang)
    found = {i.key: i for i in report.items}
    key = extract_solution(expected, leaves=True)
    items = [found.get(k) or blank_item(k, key, root, lang=lang) for k in keys]
    return Report(report.title, report.conventions, items, report.diagnosis, lang=lang)


def blank_item(key: str, solution: Solution, root: str, *, lang: str = "en") -> Item:
    """The verdict on the item ``key`` left blank: wrong, "not answered", unless the
    search never reaches its node (then a blank is the answer)."""
    expected = _expected(key, solution, root)
    if expected is None:
        return Item(key, True, "(not searched)", "", 1.0,
                    note=said("never searched: rightly left blank").worded(lang))
    return Item(key, False, expected, "", 0.0, why=said("not answered").worded(lang))


def _expected(key: str, s: Solution, root: str) -> str | None:
    """What the key expects, as a verdict writes it; ``None`` for a node never reached."""
    head, _, rest = key.partition(".")
    if key in ("value", "move"):
        return str(getattr(s, key))
    if key in ("evaluated", "pruned", "expanded", "discarded", "path"):
        return format_list(getattr(s, key) or ())
    if key == "cost":
        return format_optional(s.cost)
    if head == "values":
        value = s.value if rest == root else s.values.get(rest)
        return None if value is None else str(value)
    if head == "alphabeta":
        node, _, name = rest.rpartition(".")
        w = s.alphabeta.get(node)
        return None if w is None else format_optional(getattr(w, name))
    return None
