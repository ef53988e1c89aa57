"""The classroom: exercises handed out, answered, graded and exported.

* :mod:`tracer.classroom.exports` -- an exercise spec and its seeded variants exported
  to the tools teachers already use: a Moodle XML question bank
  (:mod:`~tracer.classroom.exports.moodle`) and a PrairieLearn question folder
  (:mod:`~tracer.classroom.exports.prairielearn`);
* :mod:`tracer.classroom.steps` -- a search answered step by step, each step checked
  at once;
* :mod:`tracer.classroom.gradebook` -- scores, attempts and misconceptions per student
  and item, with per-item statistics, as CSV and JSON;
* :mod:`tracer.classroom.assignments` -- assignments: their source, items, variants,
  due time, attempts and feedback and solution policies.

The command line (``gametrace export``) and the service call these functions; this
package turns no error into an exit code or an HTTP status.
"""

from __future__ import annotations

from .exports import (
    MAX_SEEDS,
    ExerciseSpec,
    Variant,
    Variants,
    make_variants,
    moodle_xml,
    parse_seeds,
    prairielearn_files,
    prairielearn_zip,
    write_moodle,
    write_prairielearn,
)

__all__ = ["MAX_SEEDS", "ExerciseSpec", "Variant", "Variants", "make_variants", "moodle_xml",
           "parse_seeds", "prairielearn_files", "prairielearn_zip", "write_moodle",
           "write_prairielearn"]
