"""``gametrace run --capture PATH`` and ``--capture-when COND`` against bad paths,
conditions, outputs and budgets, through the fault harness (tests/faults/harness.py):
each case exits 1 or 2 with one line naming the option and what was expected, no
traceback, no file left behind."""

from __future__ import annotations

from pathlib import Path

from harness import Case, problems, run_cases

WHEN = ["run", "aima", "-a", "alphabeta", "--capture-when"]
PATH = ["run", "aima", "-a", "alphabeta", "--capture"]


def _cases() -> list[Case]:
    return [
        # the move path
        Case("capture-bad-move", [*PATH, "B/Q", "-o", "c.json"], codes=(2,),
             contains="--capture 'B/Q': no move 'Q' at B (moves there: E, F, G)"),
        Case("capture-near-move", ["run", "othello", "--capture", "d3/c4", "-o", "c.json"],
             codes=(2,), contains="no move 'c4' at d3 (moves there: c3, c5, e3)"),
        Case("capture-past-a-leaf", [*PATH, "B/E/X", "-o", "c.json"], codes=(2,),
             contains="B/E is a leaf: there is no move 'X'"),
        Case("capture-empty-path", [*PATH, "", "-o", "c.json"], codes=(2,),
             contains="expected moves separated by '/'"),
        Case("capture-empty-step", [*PATH, "B//E", "-o", "c.json"], codes=(2,),
             contains="expected moves separated by '/'"),
        Case("capture-pruned", [*PATH, "C/I", "-o", "c.json"], codes=(1,),
             contains="never reached node I (pruned, or below the depth limit)"),
        Case("capture-below-depth", ["run", "othello", "--depth", "1", "--capture",
                                     "d3/c5", "-o", "c.json"], codes=(1,),
             contains="never reached node d3/c5"),
        Case("capture-budget-first", [*PATH, "C", "--max-nodes", "2", "-o", "c.json"],
             codes=(1,), contains="it stopped at --max-nodes first"),
        # the condition
        Case("when-syntax", [*WHEN, "depth >> 2", "-o", "d"], codes=(2,),
             contains="--capture-when 'depth >> 2': column 8: expected a value after '>'"),
        Case("when-unknown-field", [*WHEN, "rank > 3", "-o", "d"], codes=(2,),
             contains="column 1: unknown field 'rank'"),
        Case("when-near-field", [*WHEN, "cut.rnk > 3", "-o", "d"], codes=(2,),
             contains="did you mean 'cut.rank'?"),
        Case("when-word-order", [*WHEN, "player > max", "-o", "d"], codes=(2,),
             contains="player is a word: compare it with = or !="),
        Case("when-bad-word", [*WHEN, "cut.kind = gamma", "-o", "d"], codes=(2,),
             contains="cut.kind is one of alpha, beta, star1"),
        Case("when-open-quote", [*WHEN, 'class = "capt', "-o", "d"], codes=(2,),
             contains="the quoted word does not end"),
        Case("when-open-paren", [*WHEN, "(depth = 1 or depth = 2", "-o", "d"], codes=(2,),
             contains="expected ')' to close the '(' of column 1"),
        Case("when-trailing", [*WHEN, "depth = 1 nodes = 2", "-o", "d"], codes=(2,),
             contains="column 11: expected 'and', 'or' or the end"),
        Case("when-no-classes", [*WHEN, "cut.class = capture", "-o", "d"], codes=(2,),
             contains="aima names no move classes"),
        Case("when-number-word", [*WHEN, "nodes > many", "-o", "d"], codes=(2,),
             contains="nodes is a number"),
        # budgets and counts
        Case("when-captures-zero", [*WHEN, "depth = 1", "--captures", "0", "-o", "d"],
             codes=(2,), contains="--captures"),
        Case("when-captures-huge", [*WHEN, "depth = 1", "--captures", "100000", "-o", "d"],
             codes=(2,), contains="--captures"),
        Case("when-budget-zero", [*WHEN, "depth = 1", "--max-trace-mb", "0", "-o", "d"],
             codes=(2,), contains="--max-trace-mb"),
        Case("captures-alone", ["run", "aima", "--captures", "3", "-o", "d"], codes=(2,),
             contains="--captures applies to --capture-when"),
        # outputs and combinations
        Case("capture-no-output", [*PATH, "B"], codes=(2,), contains="give -o FILE"),
        Case("capture-stdout", [*PATH, "B", "-o", "-"], codes=(2,), contains="give -o FILE"),
        Case("capture-extension", [*PATH, "B", "-o", "c.txt"], codes=(2,),
             contains="unknown extension '.txt'"),
        Case("when-into-a-file", [*WHEN, "depth = 1", "-o", "f.json"],
             files={"f.json": b"{}"}, codes=(2,), contains="exists and is not a folder"),
        Case("when-full-folder", [*WHEN, "depth = 1", "-o", "d"],
             files={"d/mine.txt": b"keep"}, codes=(2,), contains="the folder is not empty"),
        Case("capture-and-when", [*PATH, "B", "--capture-when", "depth = 1", "-o", "c.json"],
             codes=(2,), contains="give one"),
        Case("capture-counters", [*PATH, "B", "--record", "counters", "-o", "c.json"],
             codes=(2,), contains="not with --record counters"),
        Case("capture-list", ["run", "aima", "-a", "minimax", "--variant", "list",
                              "--capture", "B", "-o", "c.json"], codes=(2,),
             contains="not minimax list"),
        Case("capture-pns", ["run", "grundy", "-a", "pns", "--capture", "6+1", "-o",
                             "c.json"], codes=(2,), contains="not pns pns"),
    ]


def test_capture_faults(tmp_path: Path) -> None:
    cases = _cases()
    outcomes = run_cases(cases, tmp_path / "runs")
    bad = [f"{c.name}: {'; '.join(found)}: {o.stderr.strip()[:300]!r}"
           for c, o in zip(cases, outcomes, strict=True) if (found := problems(c, o))]
    assert not bad, "\n".join(bad)
