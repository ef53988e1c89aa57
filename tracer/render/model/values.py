"""What a node's value means at a given moment: exact, a lower bound or an upper bound.

A value is shown as the lecture writes it: ``3`` when exact, ``≥ 3`` at a MAX node
that may still rise (still open, or cut by a beta cut), ``≤ 2`` at a MIN node that may
still fall.  Which one is decided from the tree, not from the variant's name: every
node gets the interval its true value must lie in, from the leaves evaluated so far
(an unsearched child is (-inf, +inf)); MAX takes the max of both ends over its
children, MIN the min.  The reported value is exact when it equals a closed interval,
an upper bound when it is at or above the interval's top, a lower bound at or below
its bottom.  A value strictly inside the interval bounds nothing; the interval's own
bound is written then.  This reads fail-soft, fail-hard (where a node returns alpha or
beta) and minimax traces alike, and never writes a claim the leaves do not support.
A node answered by the transposition table is a leaf whose interval is what the table
says: the value when ``exact``, ``[v, +inf)`` for a ``lower`` bound, ``(-inf, v]`` for an
``upper`` one.
"""

from __future__ import annotations

import math
from fractions import Fraction

from ...trace import Header
from ..read.replay import NodeState, Summary
from ..read.skeleton import Skeleton

__all__ = ["Shown", "chance_cut", "intervals", "leaf_bounds", "shown_value"]

Number = float | int
Interval = tuple[float, float]
Shown = tuple[str, Number | Fraction]
"""A relation (``eq``, ``ge`` or ``le``) and the number (a :class:`Fraction` where the
trace gives the value exactly)."""

_OPEN: Interval = (-math.inf, math.inf)


def leaf_bounds(header: Header) -> Interval:
    """The interval every value lies in: the leaf bounds a search was given (Star1's
    ``--bounds L U``), else (-inf, +inf)."""
    given = header.options.get("bounds")
    if isinstance(given, (list, tuple)) and len(given) == 2:
        try:
            return float(given[0]), float(given[1])
        except (TypeError, ValueError):
            return _OPEN
    return _OPEN


def intervals(skel: Skeleton, states: dict[str, NodeState],
              summaries: dict[str, Summary], order: list[str], *,
              settled: bool = True, bounds: Interval = _OPEN) -> dict[str, Interval]:
    """The interval of every node in ``order`` (a preorder list), children before parents.

    ``settled``: the whole search was replayed.  In the middle of it (a frame) a parent
    knows only what its children have returned to it: a child still being searched, or
    evaluated but not yet backed up, tells it nothing yet, so no value is written as
    exact before the backup that makes it so.  ``bounds``: what a child never searched
    counts as (:func:`leaf_bounds`).

    A chance node's interval is its children's weighted by their probabilities (Ballard
    1983: Star1's bound on a chance node): with leaf bounds, a chance node cut below it
    is bounded on both sides, and the bound its search returned is written."""
    out: dict[str, Interval] = {}
    nodes = skel.nodes
    for nid in reversed(order):
        st = states.get(nid)
        if st is None or not st.visited or st.value is None:
            out[nid] = bounds
            continue
        v = float(st.value)
        if st.reason is not None:
            out[nid] = (v, v)
            continue
        if st.tt is not None:
            t = float(st.tt.value)
            out[nid] = {"lower": (t, math.inf), "upper": (-math.inf, t)}.get(st.tt.flag, (t, t))
            continue
        node = nodes.get(nid)
        kids = node.children if node is not None else []
        if not kids or len(kids) < (node.n_children if node is not None else 0) \
                or nid in summaries:
            # Children folded away: trust the reported value unless something was cut below.
            summary = summaries.get(nid)
            exact = (summary is None or summary.pruned == 0) and (settled or st.returned)
            out[nid] = (v, v) if exact and st.cut is None else bounds
            continue
        # A child not returned yet (a frame) tells nothing, not even the leaf bounds: a
        # parent is never exact before every child has returned.
        kid_iv = [out.get(k, bounds) if settled or _returned(states, k) else _OPEN
                  for k in kids]
        player = node.player if node is not None else None
        if player == "max":
            out[nid] = (max(lo for lo, _ in kid_iv), max(hi for _, hi in kid_iv))
        elif player == "min":
            out[nid] = (min(lo for lo, _ in kid_iv), min(hi for _, hi in kid_iv))
        elif all(lo == hi for lo, hi in kid_iv):
            out[nid] = (v, v)
        else:
            out[nid] = _weighted([nodes[k].prob if k in nodes else None for k in kids], kid_iv)
    return out


def _weighted(probs: list[float | None], ivs: list[Interval]) -> Interval:
    """The interval of a chance node's expected value: its children's, weighted (no
    probabilities known: equally likely)."""
    known = [p for p in probs if p is not None]
    weights = known if len(known) == len(ivs) else [1 / len(ivs)] * len(ivs)
    lo = sum(p * a for p, (a, _) in zip(weights, ivs, strict=True) if p)
    hi = sum(p * b for p, (_, b) in zip(weights, ivs, strict=True) if p)
    return lo, hi


def chance_cut(skel: Skeleton, states: dict[str, NodeState], nid: str, kind: str,
               value: Number, bounds: Interval) -> tuple[str, float, Number] | None:
    """Star1's cut below a chance node, as the picture shows it: (the chance node, its
    bound, the alpha or beta it was searched with).

    The cut at ``nid`` (``kind`` ``alpha`` or ``beta``, its value ``value``) compares
    ``nid``'s value with a window derived for it alone; the same test reads, in values
    the picture shows, the chance node's bound -- its children searched before
    weighted by their values, ``nid`` by ``value``, those after by the leaf bound --
    against the window of the MAX or MIN node above (Ballard 1983).  None when ``nid``'s
    parent is not a chance node or the bound is not finite."""
    node = skel.nodes.get(nid)
    mine = states.get(nid)
    if node is not None and node.player == "chance" and mine is not None:
        # The chance node cut itself: its value is already its bound.
        window = mine.alpha0 if kind != "beta" and mine.alpha0 is not None \
            and value <= mine.alpha0 else mine.beta0
        if window is None or math.isinf(float(window)):
            return None
        return nid, value, window
    parent = skel.nodes.get(node.parent) if node is not None and node.parent else None
    pst = states.get(parent.id) if parent is not None else None
    if parent is None or pst is None or mine is None or parent.player != "chance":
        return None
    window = pst.alpha0 if kind == "alpha" else pst.beta0
    far = bounds[1] if kind == "alpha" else bounds[0]
    kids = parent.children
    probs = [skel.nodes[k].prob if k in skel.nodes else None for k in kids]
    known = [p for p in probs if p is not None]
    weights = known if len(known) == len(kids) else [1 / len(kids)] * len(kids)
    total = 0.0
    for k, p in zip(kids, weights, strict=True):
        kst = states.get(k)
        # The children searched before (visited earlier, in the search's order, which
        # need not be the tree's) had returned their values; the others count as the
        # leaf bound.
        if k == nid:
            v = float(value)
        elif kst is not None and kst.visited and kst.order < mine.order \
                and kst.value is not None:
            v = float(kst.value)
        else:
            v = far
        if p:
            total += p * v
    if window is None or math.isinf(total) or math.isinf(float(window)):
        return None
    return parent.id, total, window


def _returned(states: dict[str, NodeState], nid: str) -> bool:
    st = states.get(nid)
    return st is not None and st.returned


def shown_value(st: NodeState | None, player: str | None, iv: Interval) -> Shown | None:
    """How to write the node's value now, or None when there is nothing to write yet."""
    if st is None or not st.visited or st.value is None:
        return None
    v = st.value
    f = float(v)  # the intervals are floats: an exact 11/3 is compared as its float
    lo, hi = iv
    if st.reason is not None or (lo == hi == f):
        return ("eq", v)
    if f >= hi:
        relation = "le"
    elif f <= lo:
        relation = "ge"
    else:
        return _inside(player, lo, hi)
    if math.isinf(v):
        return None  # an open node that has heard from no child yet
    return (relation, v)


def _inside(player: str | None, lo: float, hi: float) -> Shown | None:
    """The reported value lies strictly inside what the leaves prove, so it bounds nothing
    (fail-hard's inherited alpha at an open MAX node, say): write what is proved."""
    if player == "max" and lo > -math.inf:
        return ("ge", lo)
    if player == "min" and hi < math.inf:
        return ("le", hi)
    if player in ("max", "min") and lo > -math.inf:
        return ("ge", lo)
    if player in ("max", "min") and hi < math.inf:
        return ("le", hi)
    return None
