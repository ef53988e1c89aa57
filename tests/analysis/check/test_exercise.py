"""Random exercises meet their guarantees, and the same seed gives the same files."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import do_search
from tracer.analysis.check.exercise import DRAW_COST, make_exercise
from tracer.analysis.check.report import check_solution
from tracer.analysis.check.solution import Conventions
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


def _count_draws(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the trees drawn (each tree is built once per draw)."""
    import tracer.analysis.check.exercise as exercise

    drawn: list[int] = []
    real = exercise._uniform

    def counted(*args: Any) -> Any:
        drawn.append(1)
        return real(*args)

    monkeypatch.setattr(exercise, "_uniform", counted)
    return drawn


def test_an_exercise_that_cannot_be_met_stops_within_its_work_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = _count_draws(monkeypatch)
    with pytest.raises(UsageError) as caught:
        make_exercise(branching=3, depth=6, cuts=(300, 363), max_work=10_000)
    # 729 leaves and DRAW_COST a draw: 10,000 // 753 draws
    assert len(drawn) == 13 == 10_000 // (729 + DRAW_COST)
    message = str(caught.value)
    assert "found in 13 draws (seed 0): widen --cuts or --values, or try another --seed" \
        in message and "\n" not in message


def test_the_attempts_bound_the_small_exercises(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = _count_draws(monkeypatch)
    with pytest.raises(UsageError, match=r"found in 50 draws .*: widen --values"):
        make_exercise(branching=2, depth=2, values=(5, 5), max_attempts=50)
    assert len(drawn) == 50


def test_more_cuts_than_inner_nodes_are_refused_before_any_draw(
        monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = _count_draws(monkeypatch)
    with pytest.raises(UsageError) as caught:
        make_exercise(branching=3, depth=6, cuts=(500, 600))
    assert str(caught.value) == ("a tree of branching 3 and depth 6 has at most 363 cuts "
                                 "(one per inner node below the root), not 500..600: "
                                 "widen --cuts")
    assert drawn == []
    with pytest.raises(UsageError, match="has at most 0 cuts"):
        make_exercise(branching=2, depth=1, cuts=(1, 1))


def test_a_huge_shape_is_refused_without_computing_its_size() -> None:
    with pytest.raises(UsageError, match=r"2\^1000000000 leaves is too many"):
        make_exercise(branching=2, depth=10**9)
    with pytest.raises(UsageError, match=r"10\^3 = 1000 leaves is too many"):
        make_exercise(branching=10, depth=3)


def test_the_same_seed_gives_the_same_exercise_whatever_the_budget() -> None:
    """The budget is a count, so it never changes which tree a seed finds."""
    a = make_exercise(branching=2, depth=3, cuts=(1, 2), seed=3)
    b = make_exercise(branching=2, depth=3, cuts=(1, 2), seed=3, max_work=a.attempts * 32)
    assert a.tree.to_json() == b.tree.to_json() and a.attempts == b.attempts
