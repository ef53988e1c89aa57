"""The class table counts each misconception once per student, whatever the class hands
in: a generated class (every slip of :func:`tracer.student.scripted_alpha_beta` at every
node it applies to, on the AIMA tree; FAULTS_SEED shuffles who hands in what, and
copies) graded by the real ``gametrace check ... --json``; each count must be the number
of students whose row names that misconception, and no row names one twice."""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from pathlib import Path
from typing import Any

from harness import Case, run_cases

from tracer.analysis.check import extract_solution
from tracer.examples import example_tree
from tracer.student import scripted_alpha_beta

SLIPS: list[dict[str, Any]] = [
    {"variant": "fail-hard"}, {"inherit": "none"}, {"inherit": "parent"},
    {"order": "reverse"}, {"cut_on": "gt"},
    *({"skip_cut": node} for node in ("A", "B", "C", "D")),
    *({"extra_cut": (node, child)} for node, child in (("B", "E"), ("C", "H"), ("D", "K"))),
]


def _class(seed: str) -> dict[str, bytes]:
    rng = random.Random(seed)
    answers = []
    for slip in SLIPS:
        answer = extract_solution(scripted_alpha_beta(example_tree("aima"),
                                                      **slip)).to_json()
        answer.pop("conventions", None)  # graded by the class's conventions, not its own
        answers.append(answer)
    files = {}
    for i in range(len(answers) * 2):  # some students hand in the same answer as another
        files[f"answers/s{i:02d}.json"] = json.dumps(rng.choice(answers)).encode()
    return files


def test_the_class_table_counts_each_misconception_once_per_student(tmp_path: Path) -> None:
    files = _class(os.environ.get("FAULTS_SEED", "0"))
    [outcome] = run_cases([Case("class-counts", ["check", "aima", "answers", "--json"],
                                files, codes=(0, 1), verdict=True, category="counting")],
                          tmp_path)
    assert outcome.code in (0, 1), outcome.stderr
    table = json.loads(outcome.stdout)
    rows = table["students"]
    assert len(rows) == len(files)
    for row in rows:
        assert len(row["misconceptions"]) == len(set(row["misconceptions"])), row
    shown = Counter(m for row in rows for m in row["misconceptions"])
    assert len(shown) >= 3, shown  # the class shows several misconceptions
    assert table["misconceptions"] == dict(shown)
