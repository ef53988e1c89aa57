"""The one builder every tree loader funnels into, and the checks the loaders share.

A loader turns its source into flat arrays in breadth-first order (:class:`_Flat`) and
says how to name a node's place in that source (:data:`Where`); :func:`_build` does the
rest.  Players alternate by level (a chance node passes its own default on to its
children), unlabelled nodes get spreadsheet-style ids (A..Z, AA, AB, ...) in
breadth-first order, and probabilities below chance nodes are checked.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from fractions import Fraction
from string import ascii_uppercase
from typing import Any

from tracer.errors import InputError, UsageError
from tracer.players import Player
from tracer.reading_numbers import BadNumber, TooManyDigits, fraction_number
from tracer.said import Said, said
from tracer.trees.model import _CHANCE, _MAX, _MIN, _OPPONENT, Node, Tree

_PLAYERS = {"max": _MAX, "min": _MIN, "chance": _CHANCE}
_PROB_TOLERANCE = 1e-9


def _fresh_ids(n: int, used: Collection[str] = ()) -> list[str]:
    """The first ``n`` of A, B, ..., Z, AA, AB, ..., AZ, BA, ... that are not in ``used``."""
    out: list[str] = []
    prefixes = [""]
    while len(out) < n:
        # Enough names of this length even if every used one falls among them.
        wanted = n - len(out) + len(used)
        level = [p + c for p in prefixes[: -(-wanted // 26)] for c in ascii_uppercase]
        out.extend([g for g in level if g not in used] if used else level)
        prefixes = level
    del out[n:]
    return out


# The frozen dataclass ``__init__`` sets each slot through ``object.__setattr__``; the
# loaders call the slot descriptors directly, which builds the same object in about
# two thirds of the time (it matters for trees of a million nodes).
_SET_SLOTS = tuple(
    Node.__dict__[name].__set__ for name in ("id", "player", "value", "children", "prob", "label")
)


Where = Callable[[int, str | None], Said | str]
"""Maps a node's breadth-first index (and optionally a key of it) to a place in the source
(a JSON path, or words: ``line 3, column 7``)."""

Fail = Callable[[int, str | None, Said], InputError]
"""The error at node ``i`` (and a key of it) saying the message."""

_NO_CHILD = said("an inner node needs at least one child")
"""What every loader says of an inner node written with no children."""


@dataclass
class _Flat:
    """A parsed tree before it becomes nodes: arrays indexed in breadth-first order.

    The children of node ``i`` are a contiguous run of ``counts[i]`` indices, and runs
    appear in the order of their parents.  The sparse attributes are dicts.
    """

    values: list[float | int | None]
    counts: list[int]
    labels: dict[int, str]
    players: dict[int, Player]
    probs: dict[int, float | Fraction]
    uniform: set[int] = field(default_factory=set)
    """Chance nodes whose children are equally likely (``uniform``): 1/k each."""


def _build(
    flat: _Flat,
    *,
    root_default: Player,
    where: Where,
    file: str,
    name: str | None = None,
    description: str | None = None,
) -> Tree:
    values, counts, labels, explicit, probs = (
        flat.values,
        flat.counts,
        flat.labels,
        flat.players,
        flat.probs,
    )
    n = len(counts)

    def fail(i: int, key: str | None, message: Said) -> InputError:
        return InputError(message, file=file, where=str(where(i, key)))

    # Players, top down.  ``player`` holds the default a node got from its parent until
    # the node is reached; children of a chance node inherit the chance node's default.
    player: list[Player] = [root_default] * n
    first = 1
    for i, k in enumerate(counts):
        if not k:
            continue
        p = player[i]
        e = explicit.get(i)
        if e is not None:
            player[i] = e
            below = p if e is _CHANCE else _OPPONENT[e]
        else:
            below = _OPPONENT[p]
        player[first : first + k] = [below] * k
        first += k
    for i, e in explicit.items():
        if not counts[i]:
            player[i] = e

    # Ids: explicit labels first (they must be unique), then generated ones.
    ids: list[str]
    if labels:
        seen: dict[str, int] = {}
        for i, label in labels.items():  # breadth-first order
            if label in seen:
                other = where(seen[label], "label")
                raise fail(i, "label", said("duplicate label {label!r} (also used at {other})",
                                            label=label, other=other))
            seen[label] = i
        fresh = iter(_fresh_ids(n - len(labels), seen))
        ids = [labels[i] if i in labels else next(fresh) for i in range(n)]
    else:
        ids = _fresh_ids(n)

    if flat.uniform:
        _spread_uniform(flat.uniform, counts, probs, ids, fail)
    if probs or _CHANCE in explicit.values():
        _check_probabilities(counts, player, probs, ids, fail)

    # Nodes, bottom up: walking backwards, the last run of children belongs to the
    # last inner node still to be built.
    nodes: list[Any] = [None] * n
    end = n
    new = object.__new__
    set_id, set_player, set_value, set_children, set_prob, set_label = _SET_SLOTS
    prob_of: list[float | Fraction | None] = [None] * n
    label_of: list[str | None] = [None] * n
    for i, prob in probs.items():
        prob_of[i] = prob
    for i, label in labels.items():
        label_of[i] = label
    for i in range(n - 1, -1, -1):
        k = counts[i]
        if k:
            kids = tuple(nodes[end - k : end])
            end -= k
        else:
            kids = ()
        node = nodes[i] = new(Node)
        set_id(node, ids[i])
        set_player(node, player[i])
        set_value(node, values[i])
        set_children(node, kids)
        set_prob(node, prob_of[i])
        set_label(node, label_of[i])
    return Tree(nodes[0], name, description)


def _spread_uniform(
    uniform: set[int],
    counts: list[int],
    probs: dict[int, float | Fraction],
    ids: list[str],
    fail: Fail,
) -> None:
    """Give each child of a ``uniform`` chance node the probability 1/k, exactly."""
    first = 1
    for i, k in enumerate(counts):
        if i in uniform:
            if not k:
                raise fail(i, "uniform", said("uniform node {node} has no children to share "
                                              "the probability", node=ids[i]))
            for j in range(first, first + k):
                if j in probs:
                    raise fail(j, "prob", said("node {node} has a probability, but its parent "
                                               "{parent} is uniform (each child gets 1/{k})",
                                               node=ids[j], parent=ids[i], k=k))
                probs[j] = Fraction(1, k)
        first += k


def _check_probabilities(
    counts: list[int],
    player: list[Player],
    probs: dict[int, float | Fraction],
    ids: list[str],
    fail: Fail,
) -> None:
    if 0 in probs:
        raise fail(0, "prob", said("the root cannot have a probability (no edge leads into "
                                   "it)"))
    parent: list[int] = [-1] * len(counts)
    first = 1
    for i, k in enumerate(counts):
        parent[first : first + k] = [i] * k
        if player[i] is _CHANCE and k:
            given = [_child_prob(j, probs, ids[i], ids, fail) for j in range(first, first + k)]
            if all(type(p) is Fraction or type(p) is int for p in given):
                # Fractions (and 0 or 1) are exact: they must sum to exactly 1.
                exact = sum(given, Fraction(0))
                if exact != 1:
                    raise fail(i, None, _bad_sum(ids[i], str(exact)))
                first += k
                continue
            total = math.fsum(given)
            if abs(total - 1.0) > _PROB_TOLERANCE:
                raise fail(i, None, _bad_sum(ids[i], total))
        first += k
    for j in probs:
        if player[parent[j]] is not _CHANCE:
            raise fail(j, "prob", said("node {node} has a probability but its parent {parent} "
                                       "is not a chance node", node=ids[j],
                                       parent=ids[parent[j]]))


def _child_prob(
    j: int,
    probs: dict[int, float | Fraction],
    parent_id: str,
    ids: list[str],
    fail: Fail,
) -> float | Fraction:
    p = probs.get(j)
    if p is None:
        raise fail(j, None, said("node {node} is a child of chance node {parent} and needs a "
                                 "probability", node=ids[j], parent=parent_id))
    return p


def _bad_sum(node: str, total: str | float) -> Said:
    """Probabilities that do not sum to 1: ``total`` a fraction (``5/6``, exact) or a
    float (``repr`` and ``str`` agree on a float: ``0.9``)."""
    return said("the probabilities below chance node {node} sum to {total}, not 1",
                node=node, total=total)


def _check_prob(value: Any) -> Said | None:
    """None when ``value`` is a usable probability, else the complaint."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)) or not (
            0 <= value <= 1):
        return said("a probability must be a number between 0 and 1 or a fraction such as "
                    "1/3, got {value}", value=_show(value))
    return None


def _fraction(text: str) -> Fraction | None:
    """``"1/3"`` as an exact :class:`Fraction`, or None when ``text`` is not one (or its
    denominator is 0), as :func:`tracer.reading_numbers.fraction_number` reads it; a part
    of more than 300 digits is a :class:`~tracer.reading_numbers.TooManyDigits`."""
    try:
        return fraction_number(text)
    except TooManyDigits:
        raise
    except BadNumber:
        return None


def _show(value: Any) -> Said | str:
    """A short JSON-like rendering of a bad value for an error message (an array or an
    object said in words)."""
    if isinstance(value, list):
        return said("an array")
    if isinstance(value, dict):
        return said("an object")
    if isinstance(value, str):
        text = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    elif value is None or isinstance(value, bool):
        text = {None: "null", True: "true", False: "false"}[value]
    elif isinstance(value, Fraction):
        text = f"{value.numerator}/{value.denominator}"
    else:
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _root_default(root_player: Player | None, document: Player | None) -> Player:
    if root_player is _CHANCE:
        raise UsageError(said("root_player must be max or min (mark a chance root in the tree "
                              "itself)"))
    if root_player is not None:
        return root_player
    return document if document is not None else _MAX
