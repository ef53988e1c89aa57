"""``check`` stays linear on wide trees: the work of the diagnosis and of the partial
credit is bounded by counts, not by the clock (the machine is shared)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.conftest import do_search
from tracer.analysis.check import diagnose as diagnosis
from tracer.analysis.check.report import check_solution
from tracer.analysis.check.solution import Solution, extract_solution
from tracer.analysis.check.verdict import lcs
from tracer.trees import parse_tree_json


def wide_tree(leaves: int, *, seed: int = 3) -> Any:
    rng = random.Random(seed)
    return parse_tree_json([[rng.randint(-50, 50) for _ in range(10)]
                            for _ in range(leaves // 10)])


def test_the_diagnosis_tries_a_bounded_number_of_cut_slips(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    # 2,000 leaves: about 1,800 backups that are not a node's last, each a possible
    # "extra cut", and each of those a whole search: quadratic before.
    tree = wide_tree(2000)
    trace = do_search(tree).trace
    answer = extract_solution(trace)
    wrong = Solution(value=answer.value, evaluated=tuple(reversed(answer.evaluated or ())))
    runs: list[int] = []
    real = diagnosis._scripted

    def counted(tree: Any, **options: Any) -> Any:
        run = real(tree, **options)

        def go() -> Any:
            runs.append(1)
            return run()
        return go

    monkeypatch.setattr(diagnosis, "_scripted", counted)
    diagnosis._KEPT.clear()
    report = check_solution(wrong, trace, title="wide")
    assert not report.correct
    slips = diagnosis.SLIP_NODES // tree.size
    # this tree is wide enough that the slip budget binds (some slips, far from all of
    # its 2,000 backups): otherwise the count below would not test the bound
    assert 1 <= slips < 100
    assert len(runs) <= slips + 2  # the slips and the two window conventions


def test_the_diagnosis_still_tries_every_slip_on_a_lecture_sized_tree() -> None:
    assert diagnosis.SLIP_NODES // wide_tree(200).size >= 200


@pytest.mark.parametrize(("a", "b", "want"), [
    ("ABCBDAB", "BDCABA", 4), ("", "ABC", 0), ("ABC", "ABC", 3), ("ABC", "CBA", 1),
    ("AAAA", "AA", 2), ("EFGH", "HGFE", 1), ("EFGHIJ", "EGIFHJ", 4)])
def test_lcs_known_answers(a: str, b: str, want: int) -> None:
    assert lcs(list(a), list(b)) == lcs(list(b), list(a)) == want


def test_lcs_of_long_distinct_lists_takes_n_log_n_steps() -> None:
    # Counted through the comparisons of the items: the table took n * m of them.
    compared = 0

    class Leaf(str):
        def __eq__(self, other: object) -> bool:
            nonlocal compared
            compared += 1
            return str.__eq__(self, other)

        __hash__ = str.__hash__

    n = 20_000
    want = [Leaf(f"n{i}") for i in range(n)]
    given = want[:]
    given[10], given[11] = given[11], given[10]
    assert lcs(want, given) == n - 1
    assert compared < 10 * n
