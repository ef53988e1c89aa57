"""Exercises exported to the tools teachers already use: a Moodle XML question bank
(:mod:`.moodle`) and a PrairieLearn question folder (:mod:`.prairielearn`), both made
of the seeded variants of one exercise spec (:mod:`.student_trees`)."""

from __future__ import annotations

from .moodle import moodle_xml, write_moodle
from .prairielearn import prairielearn_files, prairielearn_zip, write_prairielearn
from .question_variants import (
           MAX_SEEDS,
           QuestionSpec,
           Variant,
           Variants,
           make_variants,
           parse_seeds,
)

__all__ = ["MAX_SEEDS", "QuestionSpec", "Variant", "Variants", "make_variants", "moodle_xml",
           "parse_seeds", "prairielearn_files", "prairielearn_zip", "write_moodle",
           "write_prairielearn"]
