"""Every recursive variant of minimax, alpha-beta, expectiminimax and the enhanced family
searches each node it visits through the one node body of the reference tier
(``body.AlphaBeta.search``); the list procedures, a different algorithm, never do."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import to_tree
from tracer.record import MemoryRecorder
from tracer.search import ALGORITHMS, run_search
from tracer.search.body import AlphaBeta
from tracer.trees.model import TreeGame

AIMA = "A(B(3 12 8) C(2 4 6) D(14 5 2))"
COIN = "A(B[chance](C[p=0.5](1 4) D[p=0.5](7 4)) E[chance](F[p=0.5](6 0) G[p=0.5](5 -2)))"
FAMILIES = ("minimax", "alphabeta", "expectiminimax", "enhanced")
APART = {("minimax", "list"), ("alphabeta", "list")}
"""The list procedures of "Algoritmo min-MAX": an explicit list of nodes, not a recursion."""
CASES = [(a, v) for a in FAMILIES for v in ALGORITHMS[a]]


def test_the_cases_are_every_variant_of_the_families() -> None:
    assert len(CASES) == sum(len(ALGORITHMS[a]) for a in FAMILIES) == 13


@pytest.mark.parametrize(("algorithm", "variant"), CASES, ids=[f"{a}-{v}" for a, v in CASES])
def test_each_visited_node_is_searched_by_the_body(monkeypatch: pytest.MonkeyPatch,
                                                   algorithm: str, variant: str) -> None:
    searched: list[Any] = []
    real = AlphaBeta.search

    def spy(self: AlphaBeta, state: Any, nid: Any, *args: Any) -> Any:
        searched.append(nid)
        return real(self, state, nid, *args)

    monkeypatch.setattr(AlphaBeta, "search", spy)
    game = TreeGame(to_tree(COIN if algorithm == "expectiminimax" else AIMA))
    options: dict[str, Any] = {"bounds": (-2, 7)} if variant == "star1" else {}
    result = run_search(game, algorithm=algorithm, variant=variant,
                        recorder=MemoryRecorder(), **options)
    if (algorithm, variant) in APART:
        assert searched == []
        return
    visited = result.stats.nodes_expanded + result.stats.leaves_evaluated
    assert visited > 0
    if variant == "mtdf":  # one null-window test after another, each from the root
        assert searched.count("A") >= 2 and len(searched) >= visited
    else:
        assert len(searched) == visited and searched[0] == "A"
