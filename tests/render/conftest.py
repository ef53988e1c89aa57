"""Fixtures for the renderer's tests: traces of lecture trees, DOT snapshots, SVG reading."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from tracer._api import search_tree
from tracer.errors import UsageError
from tracer.examples import example_tree
from tracer.games.base import Player
from tracer.record import MemoryRecorder
from tracer.trace import Trace
from tracer.trees import parse_tree_text


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "render: really renders PNG/PDF through the bundled Graphviz (slower)")


class GvSnapshotExtension(SingleFileSnapshotExtension):
    """DOT snapshots as readable ``.gv`` files."""

    _file_extension = "gv"
    file_extension = "gv"
    _write_mode = WriteMode.TEXT


@pytest.fixture
def snapshot_gv(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    return snapshot.use_extension(GvSnapshotExtension)


def make_trace(source: str, algorithm: str = "alphabeta", variant: str | None = None,
               **options: Any) -> Trace:
    """Search a built-in example (``aima``) or a tree in the text notation; keep the trace."""
    player = options.pop("root_player", None)
    try:
        tree = example_tree(source)
    except UsageError:
        tree = parse_tree_text(source, root_player=None if player is None else Player(player))
    rec = MemoryRecorder()
    search_tree(tree, algorithm=algorithm, variant=variant, recorder=rec, **options)
    return rec.trace


@pytest.fixture
def trace_of() -> Callable[..., Trace]:
    return make_trace


_NODE = re.compile(
    r'<g id="[^"]*" class="node">\s*<title>([^<]*)</title>(.*?)</g>\s*(?=<!--|</g>|<g )',
    re.DOTALL)
_SHAPE = re.compile(r'<(?:polygon|ellipse|path)\b[^>]*?(?:points|cx|d)="([^"]*)"')


def svg_node_coordinates(svg: str) -> dict[str, str]:
    """Node name -> the coordinates of its first drawn shape, as written in the SVG."""
    out: dict[str, str] = {}
    for m in _NODE.finditer(svg):
        shape = _SHAPE.search(m.group(2))
        if shape is not None:
            out[m.group(1)] = shape.group(1)
    return out


@pytest.fixture
def svg_coords() -> Callable[[str], dict[str, str]]:
    return svg_node_coordinates


def write_synthetic_jsonl(path: Path, branching: int, depth: int) -> int:
    """A depth-first minimax trace of a uniform game tree (no source tree); returns events."""
    from tracer.events import Backup, Evaluate, Expand
    from tracer.jsonio import dumps_json
    from tracer.trace import Header, Result, Stats

    seq = 0
    leaves = 0
    with path.open("w", encoding="utf-8") as out:
        header = Header("minimax", "two-function", "root", {}, {"kind": "game", "name": "uniform"})
        out.write(dumps_json({"type": "header", "format": "gametree-trace", "version": 1,
                              **header.to_json()}) + "\n")

        def visit(nid: str, parent: str | None, ply: int, player: str) -> int:
            nonlocal seq, leaves
            seq += 1
            if ply == depth:
                leaves += 1
                value = (leaves * 7919) % 201 - 100
                out.write(dumps_json(Evaluate(seq, nid, parent, ply, player, value,
                                              "terminal").to_dict()) + "\n")
                return value
            kids = tuple(f"{nid}/{i}" if parent is not None else str(i)
                         for i in range(branching))
            out.write(dumps_json(Expand(seq, nid, parent, ply, player, kids).to_dict()) + "\n")
            best: int | None = None
            best_kid = kids[0]
            for kid in kids:
                v = visit(kid, nid, ply + 1, "min" if player == "max" else "max")
                if best is None or (v > best if player == "max" else v < best):
                    best, best_kid = v, kid
                seq += 1
                out.write(dumps_json(Backup(seq, nid, kid, v, best, best_kid).to_dict()) + "\n")
            assert best is not None
            return best

        value = visit("root", None, 0, "max")
        result = Result(value, None, ("root",), Stats(max_depth=depth))
        out.write(dumps_json({"type": "result", **result.to_json()}) + "\n")
    return seq


@pytest.fixture
def synthetic_jsonl() -> Callable[[Path, int, int], int]:
    return write_synthetic_jsonl
