"""Grading a class: 500 answers to the AIMA tree and 500 to a 3x4 exercise, answers/second.

The answers are what students write: the answer key, the searches of the usual
misconceptions (fail-hard, right to left, strict cut, no window, ...), and those with a
random slip (two leaves swapped, a leaf left out, a value off by one), drawn with a fixed
seed.  Each class is graded by :func:`tracer.analysis.check.class_report.grade_class` with the
diagnosis (the expensive part: it searches the tree again for every misconception) and
without, by one process and by a pool of 2 (this machine has 2 cores).  Each worker
judges a distinct answer once (students hand in the same answer often), so the number
of distinct answers is printed beside the rates.

    python benchmarks/bench_check.py            # 500 answers per class
    python benchmarks/bench_check.py 100        # fewer
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
from functools import partial
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from timing import best_of  # noqa: E402

from tracer._api import search_tree  # noqa: E402
from tracer.analysis.check.class_report import grade_class  # noqa: E402
from tracer.analysis.check.exercise import make_exercise  # noqa: E402
from tracer.analysis.check.solution import extract_solution  # noqa: E402
from tracer.examples import example_tree  # noqa: E402
from tracer.record import MemoryRecorder  # noqa: E402
from tracer.student import scripted_alpha_beta  # noqa: E402
from tracer.trace import Trace  # noqa: E402
from tracer.trees import Tree  # noqa: E402

MISTAKES: list[dict[str, Any]] = [
    {}, {"variant": "fail-hard"}, {"order": "reverse"}, {"cut_on": "gt"},
    {"inherit": "none"}, {"inherit": "parent"},
]


def answers_for(tree: Tree, n: int, seed: int) -> list[dict[str, Any]]:
    """``n`` answers: misconception searches, a third of them with a random slip."""
    rng = random.Random(seed)
    keys = []
    for slips in MISTAKES:
        trace: Trace = scripted_alpha_beta(tree, **slips)
        data = extract_solution(trace).to_json()
        data.pop("conventions", None)
        keys.append(data)
    out = []
    for _ in range(n):
        answer = json.loads(json.dumps(rng.choice(keys)))
        if rng.random() < 1 / 3:
            leaves = answer["evaluated"]
            what = rng.choice(("swap", "drop", "value"))
            if what == "swap" and len(leaves) > 1:
                i = rng.randrange(len(leaves) - 1)
                leaves[i], leaves[i + 1] = leaves[i + 1], leaves[i]
            elif what == "drop":
                leaves.pop(rng.randrange(len(leaves)))
            elif isinstance(answer.get("value"), int):
                answer["value"] += 1
        out.append(answer)
    return out


def write_class(folder: Path, answers: list[dict[str, Any]]) -> Path:
    folder.mkdir()
    for i, answer in enumerate(answers):
        (folder / f"student{i:04d}.json").write_text(json.dumps(answer))
    return folder


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 500
    exercise = make_exercise(branching=3, depth=4, cuts=(4, 12), seed=1)
    with tempfile.TemporaryDirectory() as tmp:
        ex_tree = Path(tmp) / "exercise.json"
        ex_tree.write_text(json.dumps(exercise.tree.to_json()))
        rec = MemoryRecorder()
        search_tree(exercise.tree, recorder=rec)
        classes = [("aima", "aima", example_tree("aima")),
                   ("3x4 exercise", str(ex_tree), exercise.tree)]
        print(f"  {n} answers per class; best of 3 runs; answers/second")
        print(f"  {'class':<14} {'diagnosis':<10} {'1 process':>10} {'2 processes':>12}")
        for name, source, tree in classes:
            answers = answers_for(tree, n, seed=7)
            folder = write_class(Path(tmp) / name.replace(" ", "-"), answers)
            distinct = len({json.dumps(a, sort_keys=True) for a in answers})
            for diagnosis in (True, False):
                rates = []
                for jobs in (1, 2):
                    seconds, report = best_of(partial(grade_class, source, [folder],
                                                      jobs=jobs, diagnosis=diagnosis))
                    assert len(report.students) == n
                    rates.append(n / seconds)
                print(f"  {name:<14} {'yes' if diagnosis else 'no':<10} "
                      f"{rates[0]:>10.0f} {rates[1]:>12.0f}   ({distinct} distinct answers)")


if __name__ == "__main__":
    main()
