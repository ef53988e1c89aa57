"""Properties on random trees for expectiminimax, Star1, AND/OR and proof-number search.

Chance trees use probabilities k/16 and integer leaves, so every weighted sum is exact
in binary floating point and the values of different searches compare with ``==``.
"""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import do_search, taken
from tracer._api import search_tree
from tracer.games.base import Player
from tracer.jsonio import dumps_json
from tracer.schema import validate
from tracer.search.andor import solution_tree
from tracer.trace import Trace
from tracer.trees import Tree, parse_tree_json

ORDERS = ["natural", "reverse", "random"]
LO, HI = -9, 9

leaf = st.integers(min_value=LO, max_value=HI)
plain_trees = st.lists(
    st.recursive(leaf, lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=30),
    min_size=1, max_size=4)
two_outcome_trees = st.lists(
    st.recursive(st.sampled_from([-1, 1]), lambda kids: st.lists(kids, min_size=1, max_size=3),
                 max_leaves=30),
    min_size=1, max_size=3)


def _weights(n: int) -> st.SearchStrategy[list[int]]:
    """n positive integers summing to 16."""
    cuts = st.lists(st.integers(1, 15), min_size=n - 1, max_size=n - 1, unique=True)
    return cuts.map(lambda cs: [b - a for a, b in pairwise([0, *sorted(cs), 16])])


def _chance(kids: list[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    return _weights(len(kids)).map(lambda ws: {
        "player": "chance",
        "children": [dict(kid, prob=w / 16) for kid, w in zip(kids, ws, strict=True)]})


def _extend(kids: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    groups = st.lists(kids, min_size=1, max_size=3)
    return groups.map(lambda cs: {"children": cs}) | groups.flatmap(_chance)


chance_trees = st.recursive(st.builds(lambda v: {"value": v}, leaf), _extend,
                            max_leaves=30).filter(lambda t: "children" in t)


def _check(s: Any) -> None:
    """The trace validates against the schema and survives a JSON round trip."""
    doc = s.trace.to_json()
    validate(doc, "trace", file="x")
    assert Trace.from_json(json.loads(dumps_json(doc))).to_json() == doc


@settings(max_examples=examples(60), deadline=None)
@given(tree=plain_trees, order=st.sampled_from(ORDERS), root=st.sampled_from(["max", "min"]))
def test_expectiminimax_is_minimax_without_chance_nodes(tree: Any, order: str,
                                                        root: str) -> None:
    reference = do_search(tree, "minimax", order=order, seed=3, root_player=root)
    for variant in ("plain", "star1"):
        s = do_search(tree, "expectiminimax", variant, order=order, seed=3, root_player=root,
                      bounds=(LO, HI))
        assert s.result.value == reference.result.value, variant
        if variant == "plain":
            assert s.result.pv == reference.result.pv
            assert s.evaluated == reference.evaluated
        _check(s)


@settings(max_examples=examples(100), deadline=None)
@given(tree=chance_trees, order=st.sampled_from(ORDERS), seed=st.integers(0, 3),
       cut_on=st.sampled_from(["ge", "gt"]), root=st.sampled_from(["max", "min"]))
def test_star1_returns_the_expectiminimax_value(tree: Any, order: str, seed: int, cut_on: str,
                                                root: str) -> None:
    t = parse_tree_json(tree, root_player=Player(root))
    plain = do_search(t, "expectiminimax", order=order, seed=seed)
    # The value does not depend on the order the outcomes are visited in (the
    # probabilities follow their children through the orderings).
    assert plain.result.value == do_search(t, "expectiminimax").result.value
    for bounds in ((LO, HI), _tight(t)):
        star = do_search(t, "expectiminimax", "star1", order=order, seed=seed, cut_on=cut_on,
                         bounds=bounds)
        assert star.result.value == plain.result.value, bounds
        assert set(star.evaluated) <= set(plain.evaluated)
        if plain.result.move is not None:
            assert star.result.move is not None
        _check(star)
        _same_untraced(star, "star1", order=order, seed=seed, cut_on=cut_on, bounds=bounds)
    _check(plain)
    _same_untraced(plain, "plain", order=order, seed=seed)


@settings(max_examples=examples(100), deadline=None)
@given(tree=two_outcome_trees, order=st.sampled_from(ORDERS),
       root=st.sampled_from(["max", "min"]), prover=st.sampled_from(["max", "min"]))
def test_pns_agrees_with_the_depth_first_proof(tree: Any, order: str, root: str,
                                               prover: str) -> None:
    t = parse_tree_json(tree, root_player=Player(root))
    minimax = do_search(t, "minimax")
    dfs = do_search(t, "andor", order=order, seed=5, prover=prover)
    pns = do_search(t, "pns", order=order, seed=5, prover=prover)
    # With two outcomes, proving (or refuting) the prover's win is solving the game.
    assert dfs.result.value == pns.result.value == minimax.result.value
    for s in (dfs, pns):
        _check_solution(t, s, prover)
        assert set(s.evaluated) <= set(minimax.evaluated)
        _check(s)
        _same_untraced(s, None, order=order, seed=5, prover=prover)
    assert (dfs.result.move is None) == (pns.result.move is None)


def _check_solution(tree: Tree, s: Any, prover: str) -> None:
    """The solution (or refutation) tree is one: OR nodes keep one child, AND nodes all,
    and every line ends in a leaf won by whoever the root's status favours."""
    graph = solution_tree(s.trace)
    solved = s.result.value == (1 if prover == "max" else -1)
    chooser = prover if solved else ("min" if prover == "max" else "max")
    for node_id, kids in graph.items():
        node = tree.find(node_id)
        if node.is_leaf:
            assert node.value is not None
            assert (node.value > 0) == (chooser == "max"), node_id
        elif node.player.value == chooser:
            assert len(kids) == 1, node_id
        else:
            assert sorted(kids) == sorted(c.id for c in node.children), node_id
    assert s.result.pv[0] == tree.root.id
    for parent, child in pairwise(s.result.pv):
        assert child in graph[parent]


def _same_untraced(s: Any, variant: str | None, **options: Any) -> None:
    """Without a recorder children are keyed by action: the result must not change."""
    algorithm = s.trace.header.algorithm
    untraced = search_tree(s.tree, algorithm=algorithm, variant=variant,
                           **taken(algorithm, variant, **options))
    assert untraced == s.result


def _tight(tree: Tree) -> tuple[int, int]:
    values = [n.value for n in tree.nodes() if n.is_leaf and n.value is not None]
    return int(min(values)), int(max(values))
