"""Random exercises meet their guarantees, and the same seed gives the same files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import do_search
from tracer.analysis.check import check_solution
from tracer.analysis.exercise import make_exercise, write_exercise
from tracer.analysis.solution import Conventions, load_solution
from tracer.errors import UsageError
from tracer.events import Backup
from tracer.schema import validate
from tracer.trees import load_tree


def minimax_of_children(tree: object) -> list[float]:
    trace = do_search(tree, "minimax").trace
    return [e.child_value for e in trace.events
            if isinstance(e, Backup) and e.node == trace.header.root]


@pytest.mark.parametrize(("b", "d", "cuts", "values"), [
    (2, 2, (1, 1), (0, 9)),
    (3, 2, (2, 2), (0, 20)),
    (2, 3, (2, 3), (-10, 10)),
    (3, 3, (4, 6), (1, 30)),
    (2, 4, (3, 5), (0, 20)),
], ids=lambda x: str(x))
@pytest.mark.parametrize("seed", [0, 1, 42])
def test_exercises_meet_their_guarantees(b: int, d: int, cuts: tuple[int, int],
                                         values: tuple[int, int], seed: int) -> None:
    ex = make_exercise(branching=b, depth=d, cuts=cuts, values=values, seed=seed)
    tree = ex.tree
    leaves = [n for n in tree.nodes() if n.is_leaf]
    assert len(leaves) == b ** d and tree.height == d
    leaf_values = [n.value for n in leaves]
    assert None not in leaf_values
    assert all(values[0] <= v <= values[1] for v in leaf_values if v is not None)
    assert cuts[0] <= ex.cuts <= cuts[1]
    kids = minimax_of_children(tree)
    assert kids.count(max(kids)) == 1  # a unique best move
    assert ex.solution.move == tree.root.children[kids.index(max(kids))].id
    assert check_solution(ex.solution, ex.trace).correct


def test_the_conventions_are_those_asked_for() -> None:
    ex = make_exercise(branching=3, depth=2, cuts=(1, 3), seed=5,
                       conventions=Conventions(variant="fail-hard", cut_on="gt"))
    assert ex.trace.header.variant == "fail-hard"
    assert ex.trace.header.options["cut_on"] == "gt"
    assert ex.solution.conventions.variant == "fail-hard"


def test_impossible_guarantees_are_a_usage_error() -> None:
    with pytest.raises(UsageError, match="widen --cuts"):
        make_exercise(branching=2, depth=1, cuts=(3, 4), max_attempts=50)
    with pytest.raises(UsageError, match="too many"):
        make_exercise(branching=6, depth=6)


def test_the_files_answer_the_tree_they_describe(tmp_path: Path) -> None:
    ex = make_exercise(branching=3, depth=2, cuts=(2, 2), seed=7)
    written = write_exercise(ex, tmp_path / "ex", fmt="dot")
    assert [p.name for p in written] == ["exercise.tree", "worksheet.dot", "answer.json",
                                         "answer.dot"]
    tree = load_tree(tmp_path / "ex" / "exercise.tree")
    assert tree.root == ex.tree.root
    key = load_solution(tmp_path / "ex" / "answer.json")
    validate(json.loads((tmp_path / "ex" / "answer.json").read_text()), "solution", file="key")
    assert check_solution(key, do_search(tree).trace).correct
    sheet = (tmp_path / "ex" / "worksheet.dot").read_text()
    assert "alpha cut" not in sheet and "Alpha-beta by hand" in sheet
    assert "alpha cut" in (tmp_path / "ex" / "answer.dot").read_text()


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_the_same_seed_gives_the_same_files(tmp_path: Path) -> None:
    for name in ("one", "two"):
        ex = make_exercise(branching=2, depth=3, cuts=(2, 3), seed=11)
        write_exercise(ex, tmp_path / name, fmt="dot")
    assert _files(tmp_path / "one") == _files(tmp_path / "two")
    other = make_exercise(branching=2, depth=3, cuts=(2, 3), seed=12)
    write_exercise(other, tmp_path / "three", fmt="dot")
    assert _files(tmp_path / "three") != _files(tmp_path / "one")


@pytest.mark.render
@pytest.mark.parametrize("fmt", ["svg", "png", "pdf"])
def test_the_same_seed_gives_the_same_pictures(tmp_path: Path, fmt: str) -> None:
    for name in ("one", "two"):
        write_exercise(make_exercise(branching=3, depth=2, cuts=(1, 2), seed=3),
                       tmp_path / name, fmt=fmt)
    assert _files(tmp_path / "one") == _files(tmp_path / "two")


def test_the_worksheet_is_the_whole_tree_with_every_leaf_value_and_nothing_else(
        tmp_path: Path) -> None:
    # gametrace exercise -b 3 -d 4 folded leaves into "+3 nodes" boxes, drew the "26
    # pruned" boxes of the answer and the one leaf value on the principal variation.
    ex = make_exercise(branching=3, depth=4, seed=0)
    write_exercise(ex, tmp_path / "ex", fmt="dot")
    sheet = (tmp_path / "ex" / "worksheet.dot").read_text()
    body = [x.strip() for x in sheet.splitlines() if x.startswith("\t") and "[" in x
            and not x.strip().startswith(("graph", "node", "edge"))]
    leaves = _leaves(ex.tree.root)
    assert len(leaves) == 81
    drawn = {x.split(" ", 1)[0].strip('"') for x in body if "->" not in x}
    assert drawn >= {n.id for n in _nodes(ex.tree.root)}
    for leaf in leaves:
        line = next(x for x in body if x.startswith(f"{leaf.id} ["))
        assert f">{leaf.value}<" in line, leaf.id
    text = "\n".join(body)
    for answer in ("pruned", "+", "cut", "dashed", "dotted", "≤", "≥", "shape=note",
                   "penwidth=2.8", "penwidth=3.6"):
        assert answer not in text, answer
    answer_dot = (tmp_path / "ex" / "answer.dot").read_text()
    assert "alpha cut" in answer_dot and "shape=note" not in answer_dot


def _nodes(node: Any) -> list[Any]:
    return [node, *(x for k in node.children for x in _nodes(k))]


def _leaves(node: Any) -> list[Any]:
    return [n for n in _nodes(node) if not n.children]
