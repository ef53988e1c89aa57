"""Frames never show the future: frame k shows what the events up to k establish.

An oracle reads the same event prefix the frame was drawn from and says which nodes
were visited, pruned, backed up and solved; every frame of random trees, searched by
every algorithm that works on explicit trees, is checked against it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tracer._api import search_tree
from tracer.errors import LimitExceeded
from tracer.events import (
    Backup,
    Cut,
    Discard,
    Evaluate,
    Event,
    Expand,
    Generate,
    Select,
    Status,
    Transposition,
)
from tracer.record import MemoryRecorder
from tracer.render.model.render_options import RenderOptions
from tracer.render.model.view import Frame
from tracer.render.pipeline import Drawing, TraceSource
from tracer.trace import Trace
from tracer.trees import parse_tree_json

# Trees of MAX/MIN nodes (lists) with integer leaves; some with chance nodes.
plain = st.recursive(st.integers(-9, 9), lambda kids: st.lists(kids, min_size=1, max_size=3),
                     max_leaves=16).filter(lambda t: isinstance(t, list))


def _chance(data: Any) -> Any:
    """Every other list becomes a chance node with equal probabilities."""
    def walk(node: Any, level: int) -> Any:
        if not isinstance(node, list):
            return node
        kids = [walk(k, level + 1) for k in node]
        if level % 2 == 1:
            p = 1 / len(kids)
            return {"player": "chance",
                    "children": [{"prob": p, **(k if isinstance(k, dict) else
                                                {"value": k} if not isinstance(k, list)
                                                else {"children": k})} for k in kids]}
        return kids
    return walk(data, 0)


SEARCHES: list[tuple[str, str, dict[str, Any]]] = [
    ("minimax", "two-function", {}), ("minimax", "negamax", {}), ("minimax", "list", {}),
    ("alphabeta", "fail-soft", {}), ("alphabeta", "fail-hard", {}),
    ("alphabeta", "negamax", {}), ("alphabeta", "list", {}),
    ("alphabeta", "fail-soft", {"cut_on": "gt"}), ("alphabeta", "fail-soft", {"order": "reverse"}),
    ("enhanced", "fail-soft", {}), ("enhanced", "pvs", {}), ("enhanced", "mtdf", {}),
    ("andor", "dfs", {}), ("pns", "pns", {}),
]
CHANCE: list[tuple[str, str, dict[str, Any]]] = [
    ("expectiminimax", "plain", {}), ("expectiminimax", "star1", {"bounds": (-9, 9)}),
]


@dataclass
class Known:
    """What an event prefix establishes (the oracle: independent of the renderer)."""

    visited: set[str] = field(default_factory=set)
    pruned: set[str] = field(default_factory=set)
    returned: set[str] = field(default_factory=set)
    cut_at: set[str] = field(default_factory=set)
    solved: set[str] = field(default_factory=set)
    generated: set[str] = field(default_factory=set)


def known(events: list[Event], children: dict[str, list[str]]) -> Known:
    k = Known()

    def below(nid: str) -> list[str]:
        out, stack = [], [nid]
        while stack:
            n = stack.pop()
            out.append(n)
            stack.extend(children.get(n, []))
        return out

    path: list[str] = []
    depth_of: dict[str, int] = {}
    for ev in events:
        if isinstance(ev, (Expand, Evaluate)):
            if ev.node in k.visited:  # searched again: what the last search did is gone
                for n in below(ev.node):
                    for facts in (k.visited, k.pruned, k.returned, k.cut_at, k.solved):
                        facts.discard(n)
            k.visited.add(ev.node)
            depth_of[ev.node] = ev.depth
            k.returned.update(path[ev.depth:])
            del path[ev.depth:]
            path.append(ev.node)
        elif isinstance(ev, Select) or (isinstance(ev, Transposition) and ev.kind == "hit"):
            k.visited.add(ev.node)
        elif isinstance(ev, Backup):
            k.returned.add(ev.child)
        elif isinstance(ev, Cut):
            k.cut_at.add(ev.node)
            for c in ev.pruned:
                k.pruned.update(below(c))
        elif isinstance(ev, Discard):
            k.pruned.add(ev.node)
        elif isinstance(ev, Status):
            k.solved.add(ev.node)
        elif isinstance(ev, Generate):
            k.generated.add(ev.node)
    return k


def check_frame(frame: Frame, events: list[Event], children: dict[str, list[str]],
                drawing: Drawing, where: str) -> None:
    k = known(events[: frame.seen], children)
    view = frame.view
    for node in view.nodes:
        at = f"{where}: {node.key}"
        if node.status == "explored":
            assert node.key in k.visited, f"{at} drawn explored before it is visited"
        if node.status == "pruned":
            assert node.key in k.pruned, f"{at} drawn pruned before the cut"
        if node.value in ("✓", "✗"):
            assert node.key in k.solved, f"{at} drawn solved before its status event"
        elif "=" in (node.value or ""):  # A*: g+h=f, known once generated
            assert node.key in k.generated, f"{at} drawn with g+h=f before it is generated"
        elif (node.value is not None and node.status == "explored"
              and children.get(node.key) and not node.value.startswith(("≥", "≤"))):
            kids = children[node.key]
            assert all(c in k.returned for c in kids), \
                f"{at} drawn exact ({node.value}) before every child returned"
    for box in view.boxes:
        if box.hidden:
            continue
        if box.kind == "pruned":
            assert box.key.split(" +")[0] in k.cut_at or box.key.split(" +")[0] in k.pruned, \
                f"{where}: box {box.key} drawn pruned before the cut"
        if box.kind == "explored":
            assert box.key.split(" +")[0] in k.visited, \
                f"{where}: box {box.key} drawn explored before its parent is visited"
    for edge in view.edges:
        if edge.cut is not None:
            assert edge.tail in k.cut_at, f"{where}: cut label at {edge.tail} before the cut"
    drawn = {n.key for n in view.nodes if n.status != "hidden"}
    for word in re.findall(r"[A-Z]+", frame.caption.split(":", 1)[-1]):
        if word in children and word not in ("MAX", "MIN"):
            assert word in drawn, f"{where}: caption names {word}, which is not drawn"


def frames_of(trace: TraceSource, **options: Any) -> tuple[list[Frame], Drawing]:
    drawing = Drawing(trace, RenderOptions(max_frames=10_000, **options))
    return list(drawing.frames()), drawing


def check_all(trace: Trace, **options: Any) -> None:
    frames, drawing = frames_of(trace, **options)
    skel = drawing.replay.skeleton
    children = {n.id: list(n.children) for n in skel.nodes.values()}
    events = list(drawing.events())
    for i, frame in enumerate(frames[:-1], start=1):
        assert frame.seen is not None
        check_frame(frame, events, children, drawing, f"frame {i} ({frame.caption})")


def _search(data: Any, algorithm: str, variant: str, extra: dict[str, Any]) -> Trace:
    rec = MemoryRecorder()
    search_tree(parse_tree_json(data), algorithm=algorithm, variant=variant, recorder=rec,
                **extra)
    return rec.trace


@settings(max_examples=examples(100), deadline=None)
@given(data=plain, search=st.sampled_from(SEARCHES), fold=st.booleans(),
       step=st.sampled_from(["event", "node", "leaf"]))
def test_frames_show_only_what_the_events_so_far_establish(
        data: Any, search: tuple[str, str, dict[str, Any]], fold: bool, step: str) -> None:
    trace = _search(data, *search)
    # fold: a small drawing, so that subtrees collapse into boxes and captions must not
    # name what they hide.
    if not fold:
        check_all(trace, step=step)
        return
    try:
        check_all(trace, step=step, max_nodes=10, max_width=3)
    except LimitExceeded as exc:
        # a principal variation or solution tree of more than 10 nodes cannot fold into
        # 10: the drawing refuses it in one line, naming the options that help
        assert str(exc).startswith("the nodes always drawn") and "--focus" in str(exc)


@settings(max_examples=examples(50), deadline=None)
@given(data=plain, search=st.sampled_from(CHANCE), step=st.sampled_from(["event", "node"]))
def test_chance_frames_show_only_what_the_events_so_far_establish(
        data: Any, search: tuple[str, str, dict[str, Any]], step: str) -> None:
    check_all(_search({"tree": _chance(data)}, *search), step=step)


@pytest.mark.parametrize("step", ["event", "node"])
def test_a_star_frames_show_only_what_the_events_so_far_establish(step: str) -> None:
    trace = Path(__file__).parents[3] / "traces" / "jugs.astar.graph.json"
    frames, drawing = frames_of(trace, step=step)
    skel = drawing.replay.skeleton
    children = {n.id: list(n.children) for n in skel.nodes.values()}
    events = list(drawing.events())
    for i, frame in enumerate(frames[:-1], start=1):
        check_frame(frame, events, children, drawing, f"frame {i} ({frame.caption})")
        hidden = {n.key for n in frame.view.nodes if n.status == "hidden"}
        k = known(events[: frame.seen or 0], children)
        assert not (k.generated - {skel.root}) & hidden, f"frame {i}: generated but hidden"


@pytest.mark.parametrize(("frame", "a", "d"), [(19, "≥ 3", "≤ 5"), (20, "≥ 3", "≤ 5"),
                                               (21, "≥ 3", "2"), (22, "3", "2")])
def test_the_root_is_exact_only_after_the_last_backup(
        aima: Trace, frame: int, a: str, d: str) -> None:
    # make demo's frame 20 drew A = 3 while D still read <= 5.
    frames, _ = frames_of(aima)
    values = {n.key: n.value for n in frames[frame - 1].view.nodes}
    assert (values["A"], values["D"]) == (a, d)


def test_a_pruned_box_appears_only_with_its_cut() -> None:
    # A 3x3 tree folded by a small drawing: the box under C reads "not searched" until
    # C's cut, then "pruned".
    trace = _search([[3, 12, 8], [2, [4, 1, 7], [6, 5, 0]], [14, 5, 2]],
                    "alphabeta", "fail-soft", {})
    frames, _ = frames_of(trace, max_nodes=10, max_width=6)
    kinds = [[(b.kind, b.text) for b in f.view.boxes if not b.hidden] for f in frames]
    cut = next(i for i, f in enumerate(frames) if "cut" in f.caption)
    assert all(kind != "pruned" for row in kinds[:cut] for kind, _ in row)
    assert any(kind == "pruned" for kind, _ in kinds[cut])


def test_captions_do_not_name_collapsed_nodes() -> None:
    trace = _search([[3, 12, 8], [2, [4, 1, 7], [6, 5, 0]], [14, 5, 2]],
                    "alphabeta", "fail-soft", {})
    frames, _ = frames_of(trace, max_nodes=10, max_width=6)
    captions = [f.caption for f in frames]
    assert any("2 children pruned" in c for c in captions), captions
    assert any("a child returns" in c for c in captions), captions


def test_a_box_is_sized_for_every_text_it_has_in_the_frames() -> None:
    # "6 pruned" boxes read "6 not searched" before the cut, and Graphviz warned that
    # the text did not fit.
    trace = _search([[3, 12, 8], [2, [4, 1, 7], [6, 5, 0]], [14, 5, 2]],
                    "alphabeta", "fail-soft", {})
    frames, _ = frames_of(trace, max_nodes=10, max_width=6)
    texts = [(b.text, b.size_text) for f in frames for b in f.view.boxes if not b.hidden]
    assert any("not searched" in t for t, _ in texts)
    assert all(size is not None and len(t) <= len(size) for t, size in texts), texts
