"""Work too big to do, asked of the real CLI: each case ends in bounded time with one
line and exit 1/2 (refused before it starts), or with a clean incomplete result (a
budget stopped it).  Run through the fault harness (tests/faults/harness.py)."""

from __future__ import annotations

from pathlib import Path

from harness import Case, problems, run_cases

MANY_PILES = ",".join(["1"] * 100_000)


def _cases() -> list[Case]:
    big = "big parameters"
    sheet = "big worksheets"
    exercise = "exercises that cannot be met"
    trace = "big traces"
    return [
        # a game whose single node is too big: refused, naming the parameter and bound
        Case("budget-grundy-coins", ["run", "grundy", "-p", "coins=1000000", "-o", "g.json"],
             codes=(2,), contains="parameter 'coins' of grundy: expected a number in 1..200",
             category=big),
        Case("budget-nim-sticks", ["run", "nim", "-p", "piles=150,150", "-o", "n.jsonl"],
             codes=(2,), contains="nim piles (sticks in all) must be at most 200",
             category=big),
        Case("budget-nim-many-piles", ["run", "nim", "-p", f"piles={MANY_PILES}"],
             codes=(2,), contains="at most 64 numbers", category=big),
        Case("budget-chomp-board", ["run", "chomp", "-p", "rows=1000", "-p", "cols=1000"],
             codes=(2,), contains="parameter 'rows' of chomp: expected a number in 1..20",
             category=big),
        Case("budget-gameof5-step", ["run", "gameof5", "-p", "step=1000000", "-a", "minimax"],
             codes=(2,), contains="parameter 'step' of gameof5: expected a number in 1..100",
             category=big),
        Case("budget-dice-sides", ["run", "dice", "-p", "sides=100000",
                                   "-a", "expectiminimax"],
             codes=(2,), contains="parameter 'sides' of dice: expected a number in 2..100",
             category=big),
        # a worksheet (the exercise's blank tree) bigger than a sheet: refused before
        # anything is drawn or any folder made
        Case("budget-sheet-shape", ["exercise", "-b", "6", "-d", "6", "-o", "ex"],
             codes=(2,), contains="leaves is too many for an exercise (at most 729)",
             category=sheet),
        Case("budget-sheet-wide", ["exercise", "-b", "6", "-d", "4", "--format", "dot"],
             codes=(2,), contains="6^4 = 1296 leaves", category=sheet),
        Case("budget-sheet-huge-branching", ["exercise", "-b", "1000000", "-d", "2"],
             codes=(2,), contains="--branching", category=sheet),
        Case("budget-sheet-huge-depth", ["exercise", "-b", "2", "-d", "1000000000"],
             codes=(2,), contains="--depth", category=sheet),
        # an exercise whose guarantees cannot be met: it gives up within its work budget
        Case("budget-exercise-cuts", ["exercise", "-b", "3", "-d", "6", "--cuts",
                                      "300..363", "-o", "ex"],
             codes=(2,), contains="widen --cuts or --values", category=exercise),
        Case("budget-exercise-too-many-cuts", ["exercise", "-b", "3", "-d", "3", "--cuts",
                                               "13..20", "-o", "ex"],
             codes=(2,), contains="has at most 12 cuts", category=exercise),
        Case("budget-exercise-values", ["exercise", "-b", "3", "-d", "3", "--values",
                                        "5..5", "-o", "ex"],
             codes=(2,), contains="widen --values", category=exercise),
        Case("budget-exercise-small", ["exercise", "-b", "2", "-d", "2", "--cuts",
                                       "2..2", "-o", "ex"],
             codes=(2,), contains="widen --cuts or --values", category=exercise),
        # searches whose trace or work would be huge: a clean incomplete result
        Case("budget-trace-mb", ["run", "grundy", "-p", "coins=100", "--max-trace-mb", "2",
                                 "-o", "g.json", "-q"],
             codes=(0,), may_write=("g.json",), category=trace),
        Case("budget-trace-mb-jsonl", ["run", "grundy", "-p", "coins=200", "--max-trace-mb",
                                       "2", "-o", "g.jsonl", "-q"],
             codes=(0,), may_write=("g.jsonl",), category=trace),
        Case("budget-oracle", ["run", "grundy", "-p", "coins=200", "--order", "best",
                               "--max-nodes", "2000", "--json"],
             codes=(0,), category=trace),
    ]


def test_budget_faults(tmp_path: Path) -> None:
    cases = _cases()
    outcomes = run_cases(cases, tmp_path)
    bad = [f"{c.name}: {'; '.join(found)}: {o.stderr.strip()[:300]!r}"
           for c, o in zip(cases, outcomes, strict=True) if (found := problems(c, o))]
    assert not bad, "\n".join(bad)
    index = {c.name: i for i, c in enumerate(cases)}
    # the incomplete results say which budget stopped them, and their traces are small
    for name, path in (("budget-trace-mb", "g.json"), ("budget-trace-mb-jsonl", "g.jsonl")):
        written = tmp_path / f"{index[name]:04d}" / path
        assert outcomes[index[name]].code == 0
        assert written.stat().st_size <= 2_000_000 + 5_000
        assert '"stopped":"max-trace-bytes"' in written.read_text().replace(" ", "")
    oracle = outcomes[index["budget-oracle"]].stdout
    assert '"stopped":"max-nodes"' in oracle.replace(" ", "")


def test_every_budget_class_has_three_cases() -> None:
    counts: dict[str, int] = {}
    for case in _cases():
        counts[case.category] = counts.get(case.category, 0) + 1
    assert len(counts) == 4 and min(counts.values()) >= 3, counts
