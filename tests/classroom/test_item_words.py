"""An item's key is said in words, in English and in Italian, never as the raw key."""

from __future__ import annotations

import pytest

from tracer.classroom.item_words import item_words

CASES = [
    ("value", "the root's value", "il valore della radice"),
    ("move", "the best move", "la mossa migliore"),
    ("values.C", "the value of C", "il valore di C"),
    ("alphabeta.B.alpha", "alpha at B", "alfa in B"),
    ("alphabeta.B.beta", "beta at B", "beta in B"),
    ("pruned", "the nodes pruned", "i nodi potati"),
    ("evaluated", "the leaves evaluated", "le foglie valutate"),
    ("expanded", "the nodes expanded", "i nodi espansi"),
    ("nodes.n3.g", "g of n3", "g di n3"),
    ("cost", "the path's cost", "il costo del cammino"),
]


@pytest.mark.parametrize(("key", "english", "italian"), CASES, ids=[c[0] for c in CASES])
def test_an_item_is_said_in_words(key: str, english: str, italian: str) -> None:
    assert item_words(key) == english
    assert item_words(key, "it") == italian


def test_a_node_named_like_a_field_stays_whole() -> None:
    assert item_words("alphabeta.a.b.alpha") == "alpha at a.b"
    assert item_words("values.x.y") == "the value of x.y"
