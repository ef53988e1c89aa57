"""Questions exported to the tools teachers already use: a Moodle XML question bank
(:mod:`.moodle`) and a PrairieLearn question folder (:mod:`.prairielearn`), made of the
seeded variants of an exercise spec (:mod:`.question_variants`) or of an assignment's
own tree, items, title and seeds (:mod:`.assignment_questions`)."""

from __future__ import annotations

from .assignment_questions import DEFAULT_SEEDS, assignment_variants
from .moodle import moodle_xml, write_moodle
from .prairielearn import prairielearn_files, prairielearn_zip, write_prairielearn
from .question_parts import Part
from .question_variants import (
           MAX_SEEDS,
           QuestionSpec,
           Variant,
           Variants,
           make_variants,
           parse_seeds,
)

__all__ = ["DEFAULT_SEEDS", "MAX_SEEDS", "Part", "QuestionSpec", "Variant", "Variants",
           "assignment_variants", "make_variants", "moodle_xml", "parse_seeds",
           "prairielearn_files", "prairielearn_zip", "write_moodle", "write_prairielearn"]
