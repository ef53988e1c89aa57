"""Random exercises meet their guarantees, and the same seed gives the same files."""

from __future__ import annotations

import pytest

from tests.conftest import do_search
from tracer.analysis.check import check_solution
from tracer.analysis.exercise import make_exercise
from tracer.analysis.solution import Conventions
from tracer.errors import UsageError
from tracer.events import Backup


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
