"""Triggered capture (tracer/search/capture.py): a capture is the same subtree cut out of
a full trace, re-rooted; the condition captures exactly the nodes it names; budgets bound
what is kept."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import to_tree
from tracer.errors import UsageError
from tracer.events import Backup, Cut, Evaluate, Event, Expand, Reorder
from tracer.games.registry import make_game
from tracer.jsonio import encode_number
from tracer.record import MemoryRecorder
from tracer.schema import validate
from tracer.search import run_search
from tracer.search.capture import (
    PathCapture,
    WhenCapture,
    check_captured,
    cut_subtree,
    reroot,
    resolve_path,
)
from tracer.search.condition import parse_condition
from tracer.search.subtree import owner
from tracer.trace import Trace
from tracer.trees import Tree, TreeGame

leaf = st.integers(min_value=-9, max_value=9)
trees = st.recursive(leaf, lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=40)
inner_trees = st.lists(trees, min_size=1, max_size=4)

SEARCHES = [("minimax", "two-function"), ("minimax", "negamax"),
            ("alphabeta", "fail-soft"), ("alphabeta", "fail-hard"),
            ("alphabeta", "negamax"), ("alphabeta", "slide-002")]


def _full(game: Any, state: Any, **options: Any) -> Trace:
    memory = MemoryRecorder()
    run_search(game, state, recorder=memory, **options)
    return memory.trace


def _descendants(tree: Tree, node: str) -> set[str]:
    out, stack = set(), [tree.find(node)]
    while stack:
        n = stack.pop()
        out.add(n.id)
        stack.extend(n.children)
    return out


def _capture_block(trace: Trace) -> dict[str, Any]:
    """The header's account of where a capture was cut from (every capture has one)."""
    block = trace.header.capture
    assert block is not None, "a capture's header says where it was cut from"
    return block


def _expected(full: Trace, tree: Tree, node: str) -> list[Event]:
    """The node's subtree in a full trace, found from the tree's shape alone: the run of
    events naming the node or a node below it, which must be one unbroken run."""
    below = _descendants(tree, node)
    marks = [i for i, ev in enumerate(full.events) if owner(ev) in below]
    if not marks:
        return []
    assert marks == list(range(marks[0], marks[-1] + 1)), "the subtree is one run"
    return full.events[marks[0]:marks[-1] + 1]


def _path_to(tree: Tree, picks: list[int]) -> list[str]:
    node, path = tree.root, []
    for pick in picks:
        if not node.children:
            break
        node = node.children[pick % len(node.children)]
        path.append(node.id)
    return path


@settings(max_examples=examples(60), deadline=None)
@given(shape=inner_trees, picks=st.lists(st.integers(0, 3), min_size=1, max_size=4),
       search=st.sampled_from(SEARCHES), order=st.sampled_from(["natural", "reverse",
                                                                 "random"]))
def test_a_capture_is_the_subtree_cut_out_of_the_full_trace(
        shape: Any, picks: list[int], search: tuple[str, str], order: str) -> None:
    tree = to_tree(shape)
    game, state = TreeGame(tree), tree.root
    path = _path_to(tree, picks)
    algorithm, variant = search
    options: dict[str, Any] = {"algorithm": algorithm, "variant": variant, "order": order,
                               "seed": 1 if order == "random" else None}
    target = resolve_path(game, state, "/".join(path))
    node = target.node
    recorder = PathCapture(target)
    result = run_search(game, state, recorder=recorder, **options)
    full = _full(game, state, **options)
    assert result == full.result  # capturing changes nothing in the search
    expected = _expected(full, tree, node)
    if not expected:  # pruned: never searched
        assert recorder.searched == 0 and recorder.events == []
        return
    assert recorder.searched == 1
    capture = recorder.trace(None)
    assert capture.events == reroot(expected, node, target.ply)
    first = capture.events[0]
    assert isinstance(first, (Expand, Evaluate)) and first.seq == 1 and first.parent is None
    opened = expected[0]
    assert isinstance(opened, (Expand, Evaluate)) and opened.depth == target.ply
    window = _capture_block(capture)["window"]
    if isinstance(opened, Expand) and opened.alpha is not None:
        assert window == {"alpha": encode_number(opened.alpha),
                          "beta": encode_number(opened.beta)}
    else:
        assert window is None
    # the value the capture ends with is the value the parent received
    received = next(ev.child_value for ev in full.events
                    if isinstance(ev, Backup) and ev.child == node)
    assert capture.result is not None and capture.result.value == received
    document = capture.to_json()
    validate(document, "trace", file="capture")
    assert Trace.from_json(document).events == capture.events  # well formed, round trip


@pytest.mark.parametrize("algorithm,variant,techniques", [
    ("alphabeta", "fail-soft", ""), ("alphabeta", "fail-hard", ""),
    ("enhanced", "pvs", "id,tt,killer"), ("enhanced", "mtdf", "id,tt"),
    ("minimax", "two-function", "")], ids=lambda x: x or "-")
def test_othello_captures_equal_the_full_trace(algorithm: str, variant: str,
                                               techniques: str) -> None:
    game, state, block = make_game("othello", {})
    options: dict[str, Any] = {"algorithm": algorithm, "variant": variant, "depth": 4}
    if techniques:
        options["techniques"] = techniques
    # the root's second move and that position's first: searched by every search
    second = game.result(state, game.actions(state)[1])
    path = [game.move_name(state, game.actions(state)[1]),
            game.move_name(second, game.actions(second)[0])]
    node = "/".join(path)
    target = resolve_path(game, state, node)
    recorder = PathCapture(target)
    result = run_search(game, state, recorder=recorder, source=block, **options)
    full = _full(game, state, source=block, **options)
    assert result == full.result
    capture = recorder.trace(None)
    assert capture.events == reroot(cut_subtree(full, node), node, 2)
    opened = [ev for ev in full.events
              if isinstance(ev, (Expand, Evaluate)) and ev.node == node]
    # entered once per iteration of iterative deepening (a table's answer included)
    assert recorder.searched >= len(opened) >= 1
    if "id" not in techniques:
        assert recorder.searched == len(opened) == 1
    assert len(capture.events) > 10
    assert capture.header.capture is not None
    assert capture.header.capture["path"] == path
    assert capture.header.options["depth"] == 2
    depths = capture.header.capture["search"]["depths"]
    inner = sum(d["inner"] for d in depths)
    leaves = sum(d["leaves"] for d in depths)
    assert (inner, leaves) == (result.stats.nodes_expanded, result.stats.leaves_evaluated)
    validate(capture.to_json(), "trace", file="capture")
    Trace.from_json(capture.to_json())


def test_a_tree_capture_carries_its_subtree_as_source(tmp_path: Any) -> None:
    from tracer._api.capturing import capture_path
    from tracer.spec import SearchSpec
    from tracer.trace import load_trace

    out = tmp_path / "c.json"
    capture_path("aima", spec=SearchSpec.make(algorithm="alphabeta"), path="C",
                 output=str(out))
    trace = load_trace(out)
    assert trace.header.root == "C"
    assert [c["label"] for c in trace.header.source["tree"]["tree"]["children"]] == \
        ["H", "I", "J"]
    # the lecture's tree: C is searched with alpha 3 from B, cut after H (2)
    assert trace.header.capture == {
        "path": ["C"], "node": "C", "depth": 1, "window": {"alpha": 3, "beta": "+inf"},
        "searched": 1, "search": _capture_block(trace)["search"]}
    assert trace.result is not None
    assert (trace.result.value, trace.result.pv) == (2, ("C", "H"))
    assert [type(e).__name__ for e in trace.events] == ["Expand", "Evaluate", "Backup",
                                                       "Cut"]


def test_a_bad_path_names_the_move_and_the_moves_there() -> None:
    game, state, _ = make_game("othello", {})
    with pytest.raises(UsageError, match=r"no move 'e9' at d3 \(moves there: c3, c5, e3\)"):
        resolve_path(game, state, "d3/e9")
    tree = to_tree("A(B(1 2) C(3 4))")
    with pytest.raises(UsageError, match="B/D is a leaf: there is no move 'x'"):
        resolve_path(TreeGame(tree), tree.root, "B/D/x")
    with pytest.raises(UsageError, match="at least one"):
        resolve_path(TreeGame(tree), tree.root, "/")


def test_list_and_proof_searches_are_refused() -> None:
    with pytest.raises(UsageError, match="not alphabeta list"):
        check_captured("alphabeta", "list", option="--capture")
    with pytest.raises(UsageError, match="not pns pns"):
        check_captured("pns", "pns", option="--capture-when")


# --capture-when ------------------------------------------------------------------------

def _fields(full: Trace, tree: Tree) -> list[tuple[str, dict[str, Any]]]:
    """Every searched node's fields, computed from the full trace and the tree alone, in
    the order the nodes are left (a node after everything below it)."""
    events = full.events
    out = []
    for node in tree.nodes():
        run = _expected(full, tree, node.id)
        if not run:
            continue
        first = run[0]
        assert isinstance(first, (Expand, Evaluate))
        kids = first.children if isinstance(first, Expand) else ()
        cut = next((e for e in run if isinstance(e, Cut) and e.node == node.id), None)
        if node is tree.root:
            assert full.result is not None
            value = full.result.value
        else:
            value = next(e.child_value for e in events
                         if isinstance(e, Backup) and e.child == node.id)
        fields = {"depth": first.depth, "player": first.player, "children": len(kids),
                  "alpha": first.alpha if isinstance(first, Expand) else None,
                  "beta": first.beta if isinstance(first, Expand) else None,
                  "nodes": sum(isinstance(e, (Expand, Evaluate)) for e in run),
                  "value": value, "pruned": len(cut.pruned) if cut else 0,
                  "cut.rank": kids.index(cut.after) + 1 if cut else None,
                  "cut.kind": cut.kind if cut else None, "class": None, "cut.class": None}
        last = events.index(run[-1])
        out.append((node.id, fields, last, -first.depth))
    out.sort(key=lambda item: (item[2], item[3]))
    return [(n, f) for n, f, *_ in out]


CONDITIONS = ["cut.rank >= 2", "depth = 2 and nodes > 2", "player = min or pruned > 1",
              "value < 0 and (depth >= 1)", "nodes >= 1", "alpha > -inf and cut.kind = beta"]


@settings(max_examples=examples(50), deadline=None)
@given(shape=inner_trees, condition=st.sampled_from(CONDITIONS),
       search=st.sampled_from(SEARCHES[2:] + SEARCHES[:1]))
def test_capture_when_captures_exactly_the_nodes_the_condition_names(
        shape: Any, condition: str, search: tuple[str, str]) -> None:
    tree = to_tree(shape)
    game, state = TreeGame(tree), tree.root
    algorithm, variant = search
    full = _full(game, state, algorithm=algorithm, variant=variant)
    parsed = parse_condition(condition)
    expected = [node for node, fields in _fields(full, tree) if parsed.holds(fields)]
    got: list[Trace] = []
    recorder = WhenCapture(parsed, sink=got.append, captures=1000, max_bytes=10**9,
                           named=True)
    run_search(game, state, recorder=recorder, algorithm=algorithm, variant=variant)
    assert [t.header.root for t in got] == expected
    assert recorder.tally.matched == recorder.tally.written == len(expected)
    for trace in got:
        node = trace.header.root
        capture = trace.header.capture
        assert capture is not None and capture["when"] == condition
        assert trace.events == reroot(_expected(full, tree, node), node, capture["depth"])
        Trace.from_json(trace.to_json())


def test_only_the_first_captures_are_written_and_the_rest_counted() -> None:
    tree = to_tree("A(B(C(1 2) D(3 4)) E(F(5 6) G(7 8)))")
    got: list[Trace] = []
    recorder = WhenCapture(parse_condition("depth = 2"), sink=got.append, captures=2,
                           max_bytes=10**9, named=True)
    run_search(TreeGame(tree), tree.root, recorder=recorder, algorithm="minimax")
    assert [t.header.root for t in got] == ["C", "D"]
    assert [_capture_block(t)["path"] for t in got] == [["B", "C"], ["B", "D"]]
    t = recorder.tally
    assert (t.matched, t.written, t.beyond, t.over_budget) == (4, 2, 2, 0)


class _Watched(WhenCapture):
    """Notes the most bytes it ever kept."""

    most = 0

    def emit(self, event: Event) -> None:
        super().emit(event)
        self.most = max(self.most, self._bytes - self._base_bytes)


def test_the_budget_bounds_what_is_kept_and_counts_what_it_drops() -> None:
    game, state, block = make_game("othello", {})
    unbounded: list[Trace] = []
    free = WhenCapture(parse_condition("depth <= 1"), sink=unbounded.append, captures=100,
                       max_bytes=10**9, named=False)
    run_search(game, state, recorder=free, depth=4, source=block)
    sizes = {t.header.root: len(t.to_json().__repr__()) for t in unbounded}
    assert free.tally.matched == 5  # the root and its four moves
    budget = 20_000
    kept: list[Trace] = []
    watched = _Watched(parse_condition("depth <= 1"), sink=kept.append, captures=100,
                       max_bytes=budget, named=False)
    run_search(game, state, recorder=watched, depth=4, source=block)
    assert watched.most <= budget
    t = watched.tally
    assert t.matched == 5 and t.written + t.over_budget == 5
    assert t.over_budget >= 1 and "root" not in [k.header.root for k in kept]
    for trace in kept:  # what was kept is whole: the same as without a budget
        same = next(u for u in unbounded if u.header.root == trace.header.root)
        assert trace.events == same.events
    assert sizes  # every subtree had a size


def test_a_path_capture_past_its_budget_stops_the_search_and_keeps_a_prefix() -> None:
    game, state, block = make_game("othello", {})
    target = resolve_path(game, state, "d3")
    recorder = PathCapture(target, max_bytes=5_000)
    result = run_search(game, state, recorder=recorder, depth=5, source=block)
    assert result.stopped == "max-trace-bytes" and not result.complete
    capture = recorder.trace(None)
    assert capture.result is not None and not capture.result.complete
    assert sum(len(e.to_line()) + 1 for e in capture.events) <= 5_000
    Trace.from_json(capture.to_json())  # a well-formed prefix


# the condition language ----------------------------------------------------------------

@pytest.mark.parametrize("text,column,says", [
    ("cut.rnk > 3", 1, "did you mean 'cut.rank'?"),
    ("depth >", 8, "expected a value after '>'"),
    ("depth = x", 9, "depth is a number"),
    ("player < max", 8, "player is a word: compare it with = or !="),
    ("(depth = 1", 11, "expected ')' to close the '(' of column 1"),
    ("depth = 1 depth", 11, "expected 'and', 'or' or the end"),
    ("player = foo", 10, "player is one of max, min, chance"),
    ("depth ! 3", 7, "expected a comparison"),
    ("", 1, "expected a field"),
])
def test_a_bad_condition_names_its_column(text: str, column: int, says: str) -> None:
    with pytest.raises(UsageError) as err:
        parse_condition(text)
    message = str(err.value)
    assert f"column {column}: " in message and says in message and "\n" not in message


def test_and_binds_tighter_than_or_and_a_missing_field_is_false() -> None:
    c = parse_condition("depth = 1 or depth = 2 and cut.rank > 3")
    assert c.holds({"depth": 1, "cut.rank": None})
    assert not c.holds({"depth": 2, "cut.rank": None})
    assert not c.holds({"depth": 2, "cut.rank": None})
    assert c.holds({"depth": 2, "cut.rank": 4})
    assert not parse_condition("cut.rank != 2").holds({"cut.rank": None})
    # what is known on entry decides early: a node at depth 3 can never match
    assert c.decided({"depth": 3}) is False
    assert c.decided({"depth": 2}) is None
    assert parse_condition('class = "capture"').holds({"class": "capture"})


@pytest.mark.parametrize("variant,path,value", [("plain", "B", 2.5), ("plain", "E/G", -2),
                                                 ("star1", "E", 2.5)])
def test_chance_nodes_are_captured_as_the_full_trace_has_them(variant: str, path: str,
                                                              value: float) -> None:
    """The lecture's coin tree: B is worth 2.5; Star1 searches E in the window
    (2.5, +inf) and stops it at 2.5 (Ballard 1983), the cut the capture shows."""
    from tracer.sources import load_tree_source

    tree = load_tree_source("coin")
    game, state = TreeGame(tree), tree.root
    options: dict[str, Any] = {"algorithm": "expectiminimax", "variant": variant}
    if variant == "star1":
        options["bounds"] = (-2, 7)
    target = resolve_path(game, state, path)
    recorder = PathCapture(target)
    run_search(game, state, recorder=recorder, **options)
    full = _full(game, state, **options)
    capture = recorder.trace(None)
    assert capture.events == reroot(_expected(full, tree, target.node), target.node,
                                    target.ply)
    assert capture.result is not None and capture.result.value == value
    Trace.from_json(capture.to_json())


@pytest.mark.parametrize("variant,techniques", [("pvs", "id,tt,killer"), ("mtdf", "id,tt"),
                                                ("fail-soft", "tt,history")])
def test_capture_when_under_iterative_deepening_and_tables(variant: str,
                                                           techniques: str) -> None:
    """Nodes searched again (each iteration, PVS re-searches) are captured once per
    search, each capture a well-formed run of the full trace that starts with the
    node's own events (the order of its children) and ends where the node is left."""
    game, state, block = make_game("othello", {})
    options: dict[str, Any] = {"algorithm": "enhanced", "variant": variant,
                               "techniques": techniques, "depth": 4, "source": block}
    got: list[Trace] = []
    when = WhenCapture(parse_condition("nodes >= 3 or cut.rank > 1"), sink=got.append,
                       captures=10_000, max_bytes=10**9, named=False)
    run_search(game, state, recorder=when, **options)
    full = _full(game, state, **options).events
    assert got and when.tally.matched == len(got)
    for trace in got:
        Trace.from_json(trace.to_json())
        node, ply, n = trace.header.root, _capture_block(trace)["depth"], len(trace.events)
        starts = [i for i, ev in enumerate(full)
                  if owner(ev) == node
                  and not (i and isinstance(full[i - 1], Reorder)
                           and owner(full[i - 1]) == node)]
        assert any(reroot(full[i:i + n], node, ply) == trace.events for i in starts), node
