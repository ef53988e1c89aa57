"""Large traces: streaming with bounded memory, summary boxes, --depth and --focus."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tracer.errors import InputError, UsageError
from tracer.render.model.render_options import RenderOptions
from tracer.render.pipeline import Drawing
from tracer.render.read.replay import Replay
from tracer.trace import Trace

Synthetic = Callable[[Path, int, int], int]


def test_a_stream_is_summarised_within_the_memory_budget(tmp_path: Path,
                                                         synthetic_jsonl: Synthetic) -> None:
    path = tmp_path / "big.jsonl"
    events = synthetic_jsonl(path, 4, 6)  # 5,461 nodes
    drawing = Drawing(path, RenderOptions(memory_nodes=300, max_nodes=60))
    replay: Replay = drawing.replay
    assert replay.events == events
    assert replay.cap is not None and len(replay.skeleton.nodes) <= 300
    # Every visited node is either kept or counted in a summary.
    kept = sum(1 for st in replay.states.values() if st.visited)
    assert kept + sum(s.nodes for s in replay.summaries.values()) == 5461
    assert drawing.visible.size <= 60
    texts = [b.text for b in drawing.view.boxes]
    assert texts and all(re.fullmatch(r"\+[\d,]+ nodes", t) for t in texts)
    total = sum(int(t[1:].split()[0].replace(",", "")) for t in texts)
    assert total + len(drawing.view.nodes) == 5461


def test_boxes_count_what_they_hide_and_italian_groups_digits(
        tmp_path: Path, synthetic_jsonl: Synthetic) -> None:
    path = tmp_path / "big.jsonl"
    synthetic_jsonl(path, 5, 5)  # 3,906 nodes
    view = Drawing(path, RenderOptions(max_nodes=20, lang="it")).view
    assert view.boxes[0].text.startswith("+") and view.boxes[0].text.endswith(" nodi")
    big = Drawing(path, RenderOptions(max_nodes=10, depth=0, lang="it")).view
    assert [b.text for b in big.boxes] == ["+3.905 nodi"]


def test_depth_keeps_the_top_levels(aima: Trace) -> None:
    view = Drawing(aima, RenderOptions(depth=1)).view
    assert [n.key for n in view.nodes] == ["A", "B", "C", "D"]
    # C's own cut is drawn at C; its box holds H (explored) and I, J (pruned).
    assert [b.text for b in view.boxes] == ["+3 nodes", "+1 node", "2 pruned", "+3 nodes"]


def test_focus_draws_one_subtree_and_the_path_to_it(aima: Trace) -> None:
    view = Drawing(aima, RenderOptions(focus="C")).view
    assert [n.key for n in view.nodes] == ["A", "C", "H", "I", "J"]
    assert sorted(b.text for b in view.boxes) == ["+8 nodes"]
    with pytest.raises(UsageError, match="no node 'Z'"):
        Drawing(aima, RenderOptions(focus="Z"))


def test_max_nodes_keeps_the_principal_variation(trace_of: Callable[..., Trace]) -> None:
    text = "A(" + " ".join(f"B{i}(" + " ".join(str((i * 7 + j) % 13) for j in range(6)) + ")"
                           for i in range(12)) + ")"
    trace = trace_of(text)
    drawing = Drawing(trace, RenderOptions(max_nodes=20))
    shown = {n.key for n in drawing.view.nodes}
    assert set(drawing.pv) <= shown
    assert drawing.visible.size <= 20


def test_a_bad_line_in_a_stream_is_reported_with_its_line(tmp_path: Path,
                                                          synthetic_jsonl: Synthetic) -> None:
    path = tmp_path / "t.jsonl"
    synthetic_jsonl(path, 2, 2)
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[3] = lines[3].replace('"type":"evaluate"', '"type":"evaluated"')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"t\.jsonl: line 4.*unknown event type 'evaluated'"):
        Drawing(path)


def test_an_explicit_tree_of_lecture_size_is_drawn_whole(
        trace_of: Callable[..., Trace]) -> None:
    # A 3x4 uniform tree (81 leaves, 121 nodes) was folded by the default width, so its
    # cut labels referred to values nobody could see.
    leaves = iter(range(81))

    def level(d: int) -> str:
        return str(next(leaves) * 7 % 19) if d == 4 else "(" + " ".join(
            level(d + 1) for _ in range(3)) + ")"

    trace = trace_of(level(0))
    view = Drawing(trace).view
    assert len(view.nodes) == 121 and view.boxes == ()
    # Wide: the compact leaf style, on leaves only.
    assert view.compact
    assert {n.compact for n in view.nodes if n.shape == "terminal"} == {True}
    assert {n.compact for n in view.nodes if n.shape != "terminal"} == {False}
    assert "nodesep=0.08" in Drawing(trace).dot()


def test_a_narrow_tree_keeps_the_plain_leaf_style(aima: Trace) -> None:
    view = Drawing(aima).view
    assert not view.compact and not any(n.compact for n in view.nodes)
