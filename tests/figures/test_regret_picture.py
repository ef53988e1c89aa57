"""The regret map's DOT: the colour classes, the numbers, the folds, the links to the
worst nodes' diagrams (a snapshot of the AIMA tree searched right to left)."""

from __future__ import annotations

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from tests.conftest import do_search
from tracer.analysis.regret import RegretReport, regret_of
from tracer.figures.regret_picture import SCALE, detail_dot, regret_dot, shown

AIMA = "A(B(3 12 8) C(2 4 6) D(14 5 2))"


class GvSnapshotExtension(SingleFileSnapshotExtension):
    """DOT snapshots as readable ``.gv`` files."""

    _file_extension = "gv"
    file_extension = "gv"
    _write_mode = WriteMode.TEXT


@pytest.fixture
def snapshot_gv(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    return snapshot.use_extension(GvSnapshotExtension)


def report(tree: str = AIMA, depth: int = 3, **options: str) -> RegretReport:
    trace = do_search(tree, **options).trace
    assert trace.result is not None and trace.result.value is not None
    return regret_of(trace.header, trace.events, trace.result.value, depth=depth)


def test_the_map_of_the_aima_tree_right_to_left(snapshot_gv: SnapshotAssertion) -> None:
    dot = regret_dot(report(order="reverse"), links="worst")
    assert dot == snapshot_gv
    # C and D waste 2 each, the root 4: four classes of one number each, the root's
    # the darkest one used
    assert dot.count(f'fillcolor="{SCALE[3]}"') == 1 and SCALE[4] not in dot
    assert 'URL="worst/worst-01.svg"' in dot and 'HREF="worst/worst-02.svg"' in dot


def test_a_worst_nodes_diagram_marks_the_refuter_and_the_wasted_children() -> None:
    [first, _] = report(order="reverse").worst
    dot = detail_dot(first, 1)
    assert "#1: D (min): 2 of 4 nodes wasted" in dot
    assert dot.count("style=bold") == 1 and dot.count("style=dashed") == 2


def test_wide_nodes_fold_their_least_wasteful_children() -> None:
    wide = "A(B(1 2 3 4 5 6) C(0 9 9 9 9 9))"
    drawn, folded = shown(report(wide).drawn, 2)
    assert [d.node for d in drawn] == ["A", "B", "D", "E", "C", "J"]
    assert [d.node for d in folded["B"]] == ["F", "G", "H", "I"]
    assert "C" not in folded  # C cut after its first leaf: two children, all drawn
    assert "4 more moves" in regret_dot(report(wide), width=2)
