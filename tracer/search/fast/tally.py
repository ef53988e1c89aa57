"""What ``--record counters`` keeps: each depth's inner nodes and leaves, and each cut by
the depth of its node and the rank of the child that cut, counted by the search itself
(the loops ``minimax_counters`` and ``alpha_beta_counters``, no event made).

A search records into a :class:`CountingRecorder`, which is off (``enabled`` is false,
so the run stays ``bare`` and takes the fast tier); :func:`.pure.alpha_beta_bare` and
:func:`.pure.minimax_bare` see it and run the counting loop into its :class:`Tally`.
"""

from __future__ import annotations

import sys

from ...record import NullRecorder

__all__ = ["CountingRecorder", "Tally"]


class Tally:
    """Counters of one search, filled by a counting loop (lists indexed by ply)."""

    def __init__(self) -> None:
        self.inner: list[int] = []
        """Inner nodes (expanded) at each ply."""
        self.leaves: list[int] = []
        """Leaves (scored) at each ply."""
        self.ranks: list[list[int]] = []
        """Cuts by the ply of the children and the index of the child that cut (0 for
        the first): ``ranks[ply][i]``, small ints in growing lists, which the loop
        counts in fastest (read them with :meth:`cut_ranks`)."""
        self.counted = False
        """A counting loop ran (the search has one: see :func:`.pure.alpha_beta_bare`)."""

    def reserve(self, depth_cap: int) -> tuple[list[int], list[int]]:
        """Room for every ply the search can reach: the depth limit, or Python's
        recursion limit (one frame per ply at least) when there is none."""
        size = min(depth_cap, sys.getrecursionlimit()) + 1
        self.inner = [0] * size
        self.leaves = [0] * size
        self.counted = True
        return self.inner, self.leaves

    def widen(self, ply: int, i: int) -> None:
        """Count a cut at ``ranks[ply][i]``, growing the lists to hold it."""
        ranks = self.ranks
        while len(ranks) <= ply:
            ranks.append([])
        row = ranks[ply]
        if len(row) <= i:
            row.extend([0] * (i + 1 - len(row)))
        row[i] += 1

    def cut_ranks(self) -> dict[tuple[int, int], int]:
        """Cuts by (ply of the cut node, rank of the child that cut, 1 for the first)."""
        return {(ply - 1, i + 1): n for ply, row in enumerate(self.ranks)
                for i, n in enumerate(row) if n}

    def trimmed(self, deepest: int) -> tuple[list[int], list[int]]:
        """The inner and leaf counts of plies 0 to ``deepest`` (the run's deepest ply)."""
        return self.inner[:deepest + 1], self.leaves[:deepest + 1]


class CountingRecorder(NullRecorder):
    """Records no event, but hands the search a :class:`Tally` to count into."""

    def __init__(self) -> None:
        self.tally = Tally()
