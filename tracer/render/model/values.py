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

from ..read.replay import NodeState, Summary
from ..read.skeleton import Skeleton

__all__ = ["Shown", "intervals", "shown_value"]

Number = float | int
Interval = tuple[float, float]
Shown = tuple[str, Number | Fraction]
"""A relation (``eq``, ``ge`` or ``le``) and the number (a :class:`Fraction` where the
trace gives the value exactly)."""

_OPEN: Interval = (-math.inf, math.inf)


def intervals(skel: Skeleton, states: dict[str, NodeState],
              summaries: dict[str, Summary], order: list[str], *,
              settled: bool = True) -> dict[str, Interval]:
    """The interval of every node in ``order`` (a preorder list), children before parents.

    ``settled``: the whole search was replayed.  In the middle of it (a frame) a parent
    knows only what its children have returned to it: a child still being searched, or
    evaluated but not yet backed up, tells it nothing yet, so no value is written as
    exact before the backup that makes it so."""
    out: dict[str, Interval] = {}
    nodes = skel.nodes
    for nid in reversed(order):
        st = states.get(nid)
        if st is None or not st.visited or st.value is None:
            out[nid] = _OPEN
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
            out[nid] = (v, v) if exact and st.cut is None else _OPEN
            continue
        kid_iv = [out.get(k, _OPEN) if settled or _returned(states, k) else _OPEN
                  for k in kids]
        player = node.player if node is not None else None
        if player == "max":
            out[nid] = (max(lo for lo, _ in kid_iv), max(hi for _, hi in kid_iv))
        elif player == "min":
            out[nid] = (min(lo for lo, _ in kid_iv), min(hi for _, hi in kid_iv))
        else:
            exact = all(lo == hi for lo, hi in kid_iv)
            out[nid] = (v, v) if exact else _OPEN
    return out


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
