"""An exercise's files (:func:`tracer.figures.exercise.write_exercise`): they answer the
tree they describe, the worksheet shows the whole tree and nothing of the answer, and
the same seed gives the same files byte for byte."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import do_search
from tracer.analysis.check.exercise import make_exercise
from tracer.analysis.check.report import check_solution
from tracer.analysis.check.solution import load_solution
from tracer.errors import UsageError
from tracer.figures.exercise import write_exercise
from tracer.schema import validate
from tracer.trees import load_tree


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
        line = next(x for x in body if x.startswith(f'"{leaf.id}" ['))
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


def test_an_unknown_format_is_refused_before_any_file_is_written(tmp_path: Path) -> None:
    ex = make_exercise(branching=2, depth=2, seed=1)
    with pytest.raises(UsageError, match=r"unknown format 'gif' \(choose from: dot, pdf, png"):
        write_exercise(ex, tmp_path / "ex", fmt="gif")
    assert not (tmp_path / "ex").exists()
