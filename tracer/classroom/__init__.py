"""The classroom, as a library: what the service's courses call.

- :mod:`.assignments`: an :class:`~.assignments.Assignment` (a source, the search spec,
  the items asked, one tree for all or a seeded variant per student, due time, attempts,
  feedback and solution policies), read from its JSON form by :mod:`.reading`;
- :mod:`.student_trees`: each student's tree (a seeded variant of the same shape and
  difficulty) and the expected search that answers it;
- :mod:`.tasks`: the task a student sees (never the answer), the answer key, grading by
  the items asked (every one scored, a blank one wrong), the feedback levels, the late
  policy and the solution policy;
- :mod:`.hints`: what a wrong item or step breaks, in the lecture's rules, without the
  key (the feedback levels ``score`` and ``first-mistake``);
- :mod:`.steps`: step-level answering, one step of the expected search at a time
  (:class:`~.steps.StepSession`), revealing nothing beyond the current step, with its
  tries counted (:mod:`.step_answers` reads a step answer);
- :mod:`.gradebook`: submissions gathered per student and item, per-item statistics
  across the class, as CSV and JSON;
- :mod:`.exports`: a question's seeded variants exported to the tools teachers already
  use: a Moodle XML question bank and a PrairieLearn question folder.

The command line (``gametrace export``) and the service call these functions; this
package turns no error into an exit code or an HTTP status.
"""

from __future__ import annotations

from .exports import (
    MAX_SEEDS,
    QuestionSpec,
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

__all__ = ["MAX_SEEDS", "QuestionSpec", "Variant", "Variants", "make_variants", "moodle_xml",
           "parse_seeds", "prairielearn_files", "prairielearn_zip", "write_moodle",
           "write_prairielearn"]
