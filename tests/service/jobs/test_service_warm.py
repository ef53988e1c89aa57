"""The server imports, before its first job forks, every module the classroom's jobs use
(:mod:`tracer.service.jobs.warm`): a job that imports the classroom itself spends some 40 ms
of each task, step and submission doing it, and the gradebook's thread importing a
module while a job forks would leave that module locked in the job's process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

JOBS = """
import json, sys
from datetime import UTC, datetime

from tracer.service.jobs.warm import warm_up

warm_up()
before = set(sys.modules)
from tracer.analysis.check.solution import Solution
from tracer.classroom.exports import assignment_variants, moodle_xml, parse_seeds
from tracer.classroom.gradebook import Submission, build_gradebook
from tracer.classroom.reading import parse_assignment
from tracer.classroom.steps import StepSession
from tracer.classroom.tasks import answer_key_for, asked_keys, feedback, grade, task_for

a = parse_assignment({"id": "a1", "title": "AIMA", "source": {"example": "aima"},
                      "spec": {"algorithm": "alphabeta"}, "items": ["value", "pruned"],
                      "feedback": "full", "solution": "always"})
task_for(a, "s1").to_json()
session = StepSession.for_assignment(a, "s1")
session.answer({"kind": "evaluate", "node": "E", "value": 3, "alpha": "-inf",
                "beta": "+inf"})
session.answer({"kind": "cut", "node": "F", "value": 3, "alpha": "-inf", "beta": "+inf"})
wrong = grade(a, "s1", Solution.from_json({"value": 2, "pruned": ["G"]}, file="answer"))
feedback(wrong, "full")
feedback(wrong, "first-mistake")
asked_keys(a)
graded = Submission.from_report(wrong, student="s1", name="Ann", assignment="a1",
                                attempt=1, at=datetime.now(UTC))
build_gradebook([Submission.from_json(graded.to_json())]).to_csv()
answer_key_for(a, "s1").to_json()
moodle_xml(assignment_variants(a, parse_seeds("1..2", option="seeds")), lang="it")
print(json.dumps(sorted(m for m in set(sys.modules) - before if m.startswith("tracer"))))
"""


def test_the_classroom_jobs_import_nothing_after_the_warm_up() -> None:
    done = subprocess.run([sys.executable, "-c", JOBS], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
