"""A student's tree and the search that answers it: the assignment's own tree, or a
per-student variant of the same shape and difficulty drawn from a stable seed
(:func:`variant_seed`), and the expected trace every answer is checked against."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from ..analysis.check.solution import Conventions
from ..events import Cut
from ..players import Player
from ..record import MemoryRecorder
from ..said import said
from ..trace import Trace
from ..trees import Node, Tree, TreeGame, parse_tree_json
from .assignments import MAX_NODES, VARIANT_DRAWS, VARIANT_WORK, Assignment, field_error

__all__ = ["base_tree", "expected_for", "search_tree", "student_tree", "variant_seed"]


def variant_seed(assignment_id: str, student: str) -> int:
    """The seed of a student's variant: a stable hash (SHA-256) of the two ids, so every
    process and every machine draws the same tree for the same student."""
    digest = hashlib.sha256(f"{assignment_id}\x00{student}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def base_tree(a: Assignment) -> Tree:
    """The tree handed to all (or the original a variant is drawn from)."""
    s = a.source
    if s.kind == "tree" and s.tree is not None:
        return s.tree
    if s.kind == "exercise" and s.exercise is not None:
        return _exercise_tree(a, s.exercise.seed)
    if s.kind == "example":
        from ..sources import resolve_content

        example = resolve_content(str(s.name), root_player=a.spec.root_player)
        if example.tree is None or example.kind != "example":
            raise field_error("$.source.example", said("{name!r} is not a lecture example",
                                                       name=s.name))
        return example.tree
    return _game_tree(a)


def _exercise_tree(a: Assignment, seed: int) -> Tree:
    from ..analysis.check.exercise import make_exercise

    e = a.source.exercise
    assert e is not None
    c = Conventions(variant=a.spec.variant if a.spec.algorithm == "alphabeta" else None,
                    order=a.spec.order if a.spec.order in ("natural", "reverse") else None,
                    cut_on=a.spec.cut_on)
    return make_exercise(branching=e.branching, depth=e.depth, cuts=e.cuts, values=e.values,
                         seed=seed, conventions=c).tree


def _game_tree(a: Assignment) -> Tree:
    """A built-in game with its parameters, expanded into an explicit tree (leaves valued
    by the game's utility, or its static evaluation at the spec's depth limit)."""
    from ..sources import resolve_content

    named = resolve_content(str(a.source.name), params=dict(a.source.params))
    if named.kind != "game":
        raise field_error("$.source.game", said("{name!r} is a lecture example, not a game: "
                                                "give it as {{\"example\": ...}}",
                                                name=a.source.name))
    game, state, _ = named.game()
    if game.capabilities.chance:
        raise field_error("$.source.game", said("{name} has chance nodes: an assignment "
                                                "checks minimax and alpha-beta",
                                                name=a.source.name))
    limit = a.spec.depth
    count = 0

    def build(s: Any, ply: int) -> dict[str, Any]:
        nonlocal count
        count += 1
        if count > MAX_NODES:
            raise field_error("$.source.game", said("the game's tree has more than {most} "
                                                    "nodes: choose smaller parameters or a "
                                                    "depth limit (spec.depth)",
                                                    most=MAX_NODES))
        if game.is_terminal(s):
            return {"value": game.utility(s)}
        if limit is not None and ply >= limit:
            if not game.capabilities.evaluation:
                raise field_error("$.spec.depth", said("{name} has no static evaluation",
                                                       name=a.source.name))
            return {"value": game.evaluate(s)}
        return {"children": [build(game.result(s, m), ply + 1) for m in game.actions(s)]}

    root = build(state, 0)
    player = game.to_move(state)
    return parse_tree_json({"tree": root, "name": a.source.name}, file="<game>",
                           root_player=player)


def _draw_variant(tree: Tree, a: Assignment, seed: int) -> Tree:
    """A tree of the same shape, its values (the leaves', and the static values a depth
    limit reads) drawn with ``seed`` from the original's range, with as many cuts as the
    original and, where it has one, a unique best move (the first draw meeting both;
    failing that, after :data:`VARIANT_DRAWS` draws or :data:`VARIANT_WORK`, the one
    closest in cuts)."""
    leaves = [n for n in tree.nodes() if n.value is not None]
    numbers = [n.value for n in leaves if n.value is not None]
    low, high = int(min(numbers)), int(max(numbers))
    if high - low < 2:
        low, high = low - 5, high + 5
    want = _difficulty(tree, a)
    rng = random.Random(seed)
    best: tuple[int, Tree] | None = None
    for _ in range(max(1, min(VARIANT_DRAWS, VARIANT_WORK // (tree.size + 24)))):
        values = {n.id: rng.randint(low, high) for n in leaves}
        drawn = _with_leaves(tree, values)
        got = _difficulty(drawn, a)
        if got == want:
            return drawn
        miss = abs(got[0] - want[0]) + (got[1] != want[1]) * 100
        if best is None or miss < best[0]:
            best = (miss, drawn)
    assert best is not None
    return best[1]


def _difficulty(tree: Tree, a: Assignment) -> tuple[int, bool]:
    trace = search_tree(tree, a)
    cuts = sum(1 for e in trace.events if e.type == Cut.type)
    root = tree.root
    kids = [_minimax(k, 1, a.spec.depth) for k in root.children]
    if not kids:
        return cuts, False
    best = max(kids) if root.player is Player.MAX else min(kids)
    return cuts, kids.count(best) == 1


def _minimax(node: Node, ply: int, depth: int | None) -> float:
    if not node.children or (depth is not None and ply >= depth):
        return float(node.value or 0)
    kids = [_minimax(k, ply + 1, depth) for k in node.children]
    return max(kids) if node.player is Player.MAX else min(kids)


def _with_leaves(tree: Tree, values: Mapping[str, int]) -> Tree:
    def copy(node: Node) -> Node:
        return replace(node, value=values.get(node.id, node.value),
                       children=tuple(copy(k) for k in node.children))

    return Tree(copy(tree.root), tree.name, tree.description)


def search_tree(tree: Tree, a: Assignment) -> Trace:
    from ..search import run_search
    from ..sources import tree_source

    rec = MemoryRecorder()
    run_search(TreeGame(tree), tree.root, spec=a.spec, recorder=rec, source=tree_source(tree))
    return rec.trace


def student_tree(a: Assignment, student: str) -> Tree:
    """The tree ``student`` works on: the assignment's, or their own variant."""
    return _student_tree(a, student if a.per_student else "")


@lru_cache(maxsize=512)
def _student_tree(a: Assignment, student: str) -> Tree:
    if not a.per_student:
        return base_tree(a)
    seed = variant_seed(a.id, student)
    if a.source.kind == "exercise" and a.source.exercise is not None:
        # the exercise's own seed too: two assignments that differ in it hand out
        # different variants, even under the same id (a copy, a preview)
        return _exercise_tree(a, variant_seed(f"{a.id}\x00{a.source.exercise.seed}",
                                              student))
    return _draw_variant(base_tree(a), a, seed)


def expected_for(a: Assignment, student: str) -> Trace:
    """The expected trace of ``student``'s task: what answers are checked against."""
    return _expected(a, student if a.per_student else "")


@lru_cache(maxsize=512)
def _expected(a: Assignment, student: str) -> Trace:
    if a.source.kind == "problem":
        from ..analysis.check.report import astar_trace

        variant, heuristic = a.astar or ("graph", None)
        trace, _ = astar_trace(str(a.source.name),
                               Conventions(algorithm="astar", variant=variant,
                                           heuristic=heuristic),
                               dict(a.source.params))
        return trace
    return search_tree(_student_tree(a, student), a)
